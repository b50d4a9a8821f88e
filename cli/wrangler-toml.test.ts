import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { louiseWranglerEdits } from './wrangler-edits.ts';
import { applyTomlEdits, editAsToml } from './wrangler-toml.ts';

const context = { name: 'site', srcDir: 'src', compatibilityDate: '2026-05-01' };

function merge(text: string) {
  const config = parse(text) as Record<string, unknown>;
  const { edits } = louiseWranglerEdits(config, context);
  return applyTomlEdits(text, config, edits);
}

describe('applyTomlEdits', () => {
  it('puts top-level keys above the first table, so they stay top-level', () => {
    const { text, manual } = merge('name = "site"\n\n[vars]\nGREETING = "hi"\n');
    expect(manual).toEqual([]);
    const config = parse(text);
    expect(config['main']).toBe('./src/worker.ts');
    expect(config['vars']).toEqual({ GREETING: 'hi' });
    expect(text.indexOf('main = ')).toBeLessThan(text.indexOf('[vars]'));
  });

  it('hands back what is written inline (key = [ ... ]) as TOML to add by hand, and leaves it alone', () => {
    const before = 'name = "site"\nmain = "./src/worker.ts"\nd1_databases = [ { binding = "OTHER", database_name = "other" } ]\n';
    const { text, manual } = merge(before);
    expect(manual.map((edit) => edit.path.join('.'))).toEqual(['d1_databases']);
    expect(editAsToml(manual[0] as (typeof manual)[number])).toBe('[[d1_databases]]\nbinding = "DB"\ndatabase_name = "site"');
    expect(parse(text)['d1_databases']).toEqual([{ binding: 'OTHER', database_name: 'other' }]);
  });

  it('adds to a one-line array in place, keeping its comment', () => {
    const { text } = merge('name = "site"\ncompatibility_flags = ["global_fetch_strictly_public"] # why\n');
    expect(text).toContain('compatibility_flags = [ "global_fetch_strictly_public", "nodejs_compat" ] # why');
  });
});
