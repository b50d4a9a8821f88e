// The checked-in API reports (api/*.api.md, written by scripts/api-report.mjs
// and compared by `npm run lint`) describe the curated public surface: one
// report per package entry, no internal helper in any of them, and each name
// exported from one entry only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPORTS = join(root, 'api');

/**
 * Helpers the toolkit uses inside and no site should call: SQL fragments,
 * hashing, storage keys, the merge core and its parsing, naming schemes.
 */
const INTERNALS = [
  'newestPendingSql',
  'newestPendingByRowSql',
  'pendingSql',
  'fnv1a64Hex',
  'canonicalJson',
  'tableCodec',
  'versionedTable',
  'draftBuffer',
  'bufferKey',
  'BUFFER_WRITE_INTERVAL_MS',
  'BufferedDraft',
  'parseDraftBody',
  'ParsedDraftBody',
  'mergeDraft',
  'findConflicts',
  'changedFields',
  'touchedFields',
  'editKeys',
  'structureRev',
  'rowIdOf',
  'overlayCacheKey',
  'splitMarker',
  'isOverlayKey',
  'mirrorOverlay',
  'searchTableName',
  'editorSearchTableName',
  'jsonLeaves',
  'colorOf',
  'liveObjectName',
  'normalizeJsonStrings',
  'errorName',
];

/**
 * Names the spec gives to two areas on purpose: `ensureCustomer` is the Pay
 * client's (`commerce/pay`) and the Pos client's (`commerce/pos`), two
 * different functions for two providers.
 */
const SPEC_NAMES_TWICE = new Set(['ensureCustomer']);

const reports = readdirSync(REPORTS)
  .filter((file) => file.endsWith('.api.md'))
  .sort()
  .map((file) => ({ file, text: readFileSync(join(REPORTS, file), 'utf8') }));

/** The names a report's entry exports (`export function x`, `export interface X`, `export default`, ...). */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/^export (?:declare )?(?:abstract )?(?:function|const|let|class|interface|type|enum|namespace) ([A-Za-z_$][\w$]*)/gm))
    names.add(match[1] as string);
  if (/^export default /m.test(text)) names.add('default');
  for (const match of text.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of (match[1] as string).split(','))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop() as string,
      );
  return names;
}

describe('API reports (api/*.api.md)', () => {
  it('has one report per entry of package.json that exports names', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
    const modules = new Map<string, string>();
    for (const [path, target] of Object.entries(pkg.exports)) {
      if (typeof target !== 'object' || !target.types || modules.has(target.types) || path === './astro/types') continue;
      modules.set(target.types, `louise${path.slice(1)}`.replace(/\//g, '-'));
    }
    expect(reports.map((report) => report.file)).toEqual([...modules.values()].map((name) => `${name}.api.md`).sort());
  });

  it('lists no internal helper', () => {
    const found = reports.flatMap(({ file, text }) => INTERNALS.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `${name} in ${file}`));
    expect(found).toEqual([]);
  });

  it('exports each name from one entry', () => {
    const homes = new Map<string, string[]>();
    for (const { file, text } of reports) for (const name of exportedNames(text)) homes.set(name, [...(homes.get(name) ?? []), file]);
    const twice = [...homes].filter(([name, files]) => files.length > 1 && !SPEC_NAMES_TWICE.has(name)).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
    expect(homes.size).toBeGreaterThan(600);
  });
});
