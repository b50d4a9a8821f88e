import { mkdirSync, mkdtempSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import louise from './index.ts';
import { readCollectionSchemas } from './collection-schemas.ts';

/** A project root with `.astro/collections/` as `astro sync` leaves it: the journal's schema, one unreadable file, one non-object schema. */
function project(): URL {
  const root = mkdtempSync(join(tmpdir(), 'louise-schemas-'));
  const dir = join(root, '.astro', 'collections');
  mkdirSync(dir, { recursive: true });
  copyFileSync(new URL('../../tests/fixtures/collection-schemas/journal.schema.json', import.meta.url), join(dir, 'journal.schema.json'));
  writeFileSync(join(dir, 'broken.schema.json'), '{ not json');
  writeFileSync(join(dir, 'list.schema.json'), '{"type":"array"}');
  writeFileSync(join(dir, 'notes.txt'), 'not a schema');
  return pathToFileURL(`${root}/`);
}

describe('readCollectionSchemas', () => {
  it("compacts each collection's schema that Astro wrote, skipping what it cannot read", () => {
    expect(readCollectionSchemas(project())).toEqual({
      journal: {
        fields: {
          title: { kind: 'string' },
          description: { kind: 'string' },
          pubDate: { kind: 'date' },
          tags: { kind: 'strings' },
          draft: { kind: 'boolean' },
        },
        required: ['title', 'description', 'pubDate'],
      },
    });
  });

  it('is empty before the first `astro sync`', () => {
    expect(readCollectionSchemas(pathToFileURL(`${mkdtempSync(join(tmpdir(), 'louise-none-'))}/`))).toEqual({});
  });
});

describe('virtual:louise/collections', () => {
  it("carries the project's collection schemas to the Worker, read when the module loads (after astro sync)", () => {
    const root = project();
    let plugin: { resolveId(id: string): string | undefined; load(id: string): string | undefined } | undefined;
    const setup = louise().hooks['astro:config:setup'] as unknown as (options: object) => void;
    setup({
      config: { root, srcDir: new URL('src/', root) },
      command: 'build',
      injectRoute: () => {},
      addMiddleware: () => {},
      updateConfig: (update: { vite: { plugins: { name: string }[] } }) => {
        plugin = update.vite.plugins.find((candidate) => candidate.name === 'louise:virtual') as typeof plugin;
      },
    });
    const id = plugin?.resolveId('virtual:louise/collections');
    expect(id).toBe('\0virtual:louise/collections');
    const code = plugin?.load(id as string) ?? '';
    expect(JSON.parse(code.replace(/^export default /, '').replace(/;$/, ''))).toEqual(readCollectionSchemas(root));
  });
});
