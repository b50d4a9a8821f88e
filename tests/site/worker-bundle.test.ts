import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { serverStubs } from '../../integration/node/vite-plugins.ts';

// The Worker bundle of the built site (`npx astro build`) carries none of what
// sanitize-html loads but Louise never runs (integration/node/vite-plugins.ts):
// postcss (and its source-map-js) and htmlparser2's DOM layer.
const SERVER = new URL('../../dist/server/', import.meta.url);
const modules = existsSync(SERVER)
  ? readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(new URL(name, SERVER), 'utf8'))
  : [];
const bundle = modules.join('\n');

describe('the Worker bundle', () => {
  it('was built', () => {
    expect(modules.length, 'no dist/server/*.mjs: run `npx astro build`').toBeGreaterThan(0);
  });

  it('has sanitize-html with the postcss stub in place of postcss', () => {
    expect(bundle).toContain('allowedTags');
    expect(bundle).toContain('postcss is not bundled into the Worker');
    expect(bundle).not.toContain('CssSyntaxError');
    expect(bundle).not.toContain('SourceMapGenerator');
  });

  it("has micromark's entity decoder over `entities`, not its own table of every entity", () => {
    expect(bundle).toContain('htmlFlowData');
    // character-entities' table spells each name out; entities' is an encoded trie.
    expect(bundle).not.toContain('AElig');
  });

  it("keeps htmlparser2's Parser and drops its DOM handler and utilities", () => {
    expect(bundle).toContain('onopentagname');
    expect(bundle).not.toContain('parseDocument');
    expect(bundle).not.toContain('getElementsByTagName');
  });
});

// The Markdown renderer's share of the Worker (issue 32: at most 25 KiB gzip): renderMarkdown bundled with
// sanitizeRichHtml, less sanitizeRichHtml alone (already in every Worker), both with the integration's server
// stubs, so what is counted is what the renderer adds: micromark, its GFM extensions, the heading ids. Minified,
// 24.7 KiB with micromark's entity table taken from `entities` (36.1 without); Astro's server build does not
// minify, and there it adds 56.5 KiB (66.8 without the entity alias): `npm run bench -- worker-size` shows the site's.
const RENDERER_BUDGET = { minified: 25 * 1024, asBuilt: 58 * 1024 };

/** gzip -9 of `code` bundled for the Worker with the integration's server stubs. */
async function bundled(code: string, minify: boolean): Promise<number> {
  const input = '\0entry';
  const stubs = { ...serverStubs(), applyToEnvironment: undefined };
  const build = await rolldown({
    input,
    platform: 'neutral',
    logLevel: 'silent',
    plugins: [{ name: 'entry', resolveId: (id: string) => (id === input ? id : undefined), load: (id: string) => (id === input ? code : undefined) }, stubs],
  });
  const { output } = await build.generate({ format: 'esm', minify });
  await build.close();
  return output.reduce((sum, chunk) => sum + gzipSync(chunk.type === 'chunk' ? chunk.code : chunk.source, { level: 9 }).length, 0);
}

describe("the Markdown renderer's share of the Worker", () => {
  const sanitizer = `export { sanitizeRichHtml } from ${JSON.stringify(fileURLToPath(new URL('../../src/security/sanitize-rich.ts', import.meta.url)))};`;
  const renderer = `${sanitizer}\nexport { renderMarkdown } from ${JSON.stringify(fileURLToPath(new URL('../../src/markdown/render.ts', import.meta.url)))};`;
  for (const [kind, minify] of [
    ['minified', true],
    ['asBuilt', false],
  ] as const)
    it(`adds at most ${(RENDERER_BUDGET[kind] / 1024).toFixed(1)} KiB gzip (${minify ? 'minified' : 'unminified, as Astro builds it'})`, async () => {
      const size = (await bundled(renderer, minify)) - (await bundled(sanitizer, minify));
      console.log(`Markdown renderer in the Worker (${kind}): ${(size / 1024).toFixed(1)} KiB gzip`);
      expect(size).toBeGreaterThan(10 * 1024);
      expect(size).toBeLessThanOrEqual(RENDERER_BUDGET[kind]);
    });
});
