// The settings seed as SQL text, free of Workers types so `louise db seed`
// (Node) prints the very statement `seedSiteSettings` binds.
import { ident, tableMeta } from '../db/sql.ts';
import { siteSettings } from '../db/site-schema.ts';
import { settingJson } from './setting-values.ts';
import { sanitizedSettings, type SettingsDefaults, type SiteSettings } from './site-settings.ts';

const json = settingJson();

/**
 * Defaults checked and normalized for seeding (base columns as text, custom
 * values as JSON without script URLs); throws an Error naming every problem.
 */
export function seedSettings(defaults: SettingsDefaults, who = 'seedSiteSettings()'): SiteSettings {
  const result = sanitizedSettings(defaults ?? {}, () => ({ sanitize: json, keepsNull: false }));
  if ('problems' in result) throw new Error(`${who}: invalid defaults.\n  - ${result.problems.map((p) => `defaults.${p}`).join('\n  - ')}`);
  return result.settings;
}

/**
 * `seedSiteSettings` as one SQL statement with the values written as
 * literals, for `wrangler d1 execute <db> --command "<sql>"` (`louise db
 * seed`). Literals are quoted safely: quotes are doubled, and line breaks,
 * other control characters and `;` are spelled `char(n)`, so the statement
 * is one line that no shell or statement splitter can cut.
 */
export function seedSettingsSql(defaults: SettingsDefaults): string {
  const values = seedValues(seedSettings(defaults, 'seedSettingsSql()'));
  return `${seedStatement((index) => sqlLiteral(values[index] as string))};`;
}

/** The seed INSERT, values placed by `value(index)`: site_name, tagline, footer_text, custom. */
export function seedStatement(value: (index: number) => string): string {
  const { name, columns } = tableMeta(siteSettings);
  const col = (prop: string) => ident(columns[prop] as string);
  const props = ['siteName', 'tagline', 'footerText', 'custom'];
  return (
    `INSERT INTO ${ident(name)} (${col('id')}, ${props.map(col).join(', ')}, ${col('updatedAt')}) ` +
    `VALUES (1, ${props.map((_, index) => value(index)).join(', ')}, CAST(unixepoch('subsec') * 1000 AS INTEGER)) ` +
    `ON CONFLICT (${col('id')}) DO NOTHING`
  );
}

export function seedValues(settings: SiteSettings): string[] {
  return [settings.siteName, settings.tagline, settings.footerText, JSON.stringify(settings.custom)];
}

/** Characters kept out of a literal: C0 controls, DEL, the line and paragraph separators, and `;`. */
function isUnsafe(char: string): boolean {
  const code = char.codePointAt(0) as number;
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || char === ';';
}

/** An SQLite string literal for `text`: `'...'` with quotes doubled, unsafe characters as `char(n)` joined by `||`. */
export function sqlLiteral(text: string): string {
  const parts: string[] = [];
  let run = '';
  for (const char of text) {
    if (isUnsafe(char)) {
      if (run !== '') parts.push(`'${run.replaceAll("'", "''")}'`);
      run = '';
      parts.push(`char(${char.codePointAt(0)})`);
    } else run += char;
  }
  if (run !== '' || parts.length === 0) parts.push(`'${run.replaceAll("'", "''")}'`);
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' || ')})`;
}
