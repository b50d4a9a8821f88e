// Edits to wrangler.toml as text, so comments and layout survive: top-level
// keys go above the first table, new tables and [[arrays]] at the end. What
// cannot be done safely that way comes back as `manual`.
import { stringify } from 'smol-toml';
import { isRecord, type WranglerConfig } from './wrangler-config.ts';
import type { ConfigEdit } from './wrangler-edits.ts';

export interface TomlResult {
  text: string;
  /** Edits to make by hand (shown as TOML). */
  manual: ConfigEdit[];
}

/** The text with the edits applied that can be applied as text. */
export function applyTomlEdits(text: string, config: WranglerConfig, edits: readonly ConfigEdit[]): TomlResult {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const tail: string[] = [];
  const manual: ConfigEdit[] = [];
  for (const edit of edits) {
    const done =
      edit.path.length === 1 ? topLevel(lines, config, edit, tail) : edit.path[0] === 'assets' ? inAssets(lines, edit) : arrayOfTables(lines, edit, tail);
    if (!done) manual.push(edit);
  }
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  const body = [...lines, ...tail].join(eol);
  return { text: `${body}${eol}`, manual };
}

/** TOML for one edit, for the manual list. */
export function editAsToml(edit: ConfigEdit): string {
  if (edit.value === undefined) return `# remove ${edit.path.at(-1)} from [${edit.path.slice(0, -1).join('.')}]`;
  return stringify(nest(edit.path, edit.append ? [edit.value] : edit.value)).trim();
}

function topLevel(lines: string[], config: WranglerConfig, edit: ConfigEdit, tail: string[]): boolean {
  const [key] = edit.path as [string];
  const value = edit.value;
  if (isRecord(value)) {
    if (edit.append) return arrayOfTables(lines, edit, tail);
    if (key in config) return false;
    tail.push('', stringify({ [key]: value }).trim());
    return true;
  }
  const at = keyLine(lines, key, 0, firstHeader(lines, 0));
  if (edit.append) {
    if (at === -1) return insertTopLevel(lines, stringify({ [key]: [value] }).trim());
    return appendToInlineArray(lines, at, value);
  }
  const line = stringify({ [key]: value }).trim();
  if (at === -1) return insertTopLevel(lines, line);
  if (!isSingleLine(lines[at] as string)) return false;
  lines[at] = line;
  return true;
}

function inAssets(lines: string[], edit: ConfigEdit): boolean {
  const header = lines.findIndex((line) => /^\s*\[assets\]\s*(#.*)?$/.test(line));
  if (header === -1) return false;
  const key = edit.path[1] as string;
  const end = firstHeader(lines, header + 1);
  const at = keyLine(lines, key, header + 1, end);
  if (edit.append) return at !== -1 && appendToInlineArray(lines, at, edit.value);
  if (edit.value === undefined) {
    if (at !== -1 && !isSingleLine(lines[at] as string)) return false;
    if (at !== -1) lines.splice(at, 1);
    return true;
  }
  const line = stringify({ [key]: edit.value }).trim();
  if (at === -1) lines.splice(header + 1, 0, line);
  else if (isSingleLine(lines[at] as string)) lines[at] = line;
  else return false;
  return true;
}

/** `[[d1_databases]]`, `[[durable_objects.bindings]]`, ...: appended at the end, unless the key is written inline (`x = [...]`). */
function arrayOfTables(lines: string[], edit: ConfigEdit, tail: string[]): boolean {
  if (!edit.append || !isRecord(edit.value)) return false;
  const last = edit.path.at(-1) as string;
  const inline = new RegExp(`^\\s*(${edit.path.join('\\.')}|${last})\\s*=`);
  if (lines.some((line) => inline.test(line))) return false;
  tail.push('', stringify(nest(edit.path, [edit.value])).trim());
  return true;
}

function nest(path: readonly string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), value as Record<string, unknown>) as Record<string, unknown>;
}

function firstHeader(lines: readonly string[], from: number): number {
  const index = lines.findIndex((line, i) => i >= from && /^\s*\[/.test(line));
  return index === -1 ? lines.length : index;
}

function keyLine(lines: readonly string[], key: string, from: number, to: number): number {
  const pattern = new RegExp(`^\\s*${key}\\s*=`);
  for (let i = from; i < to; i++) if (pattern.test(lines[i] as string)) return i;
  return -1;
}

/** Above the first table, after any leading comments and keys. */
function insertTopLevel(lines: string[], line: string): boolean {
  let at = firstHeader(lines, 0);
  while (at > 0 && lines[at - 1]?.trim() === '') at--;
  lines.splice(at, 0, line);
  return true;
}

/** A one-line `key = [ ... ]` (a trailing comment is fine). */
function isSingleLine(line: string): boolean {
  const value = line
    .slice(line.indexOf('=') + 1)
    .replace(/#[^"']*$/, '')
    .trim();
  return !value.startsWith('[') || value.endsWith(']');
}

function appendToInlineArray(lines: string[], at: number, value: unknown): boolean {
  const line = lines[at] as string;
  const match = /^(\s*[\w.]+\s*=\s*\[)(.*)\](\s*(#.*)?)$/.exec(line);
  if (!match) return false;
  const items = (match[2] as string).trim().replace(/,$/, '');
  lines[at] = `${match[1]}${items ? ` ${items}, ` : ' '}${JSON.stringify(value)} ]${match[3] ?? ''}`;
  return true;
}
