import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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

  it("keeps htmlparser2's Parser and drops its DOM handler and utilities", () => {
    expect(bundle).toContain('onopentagname');
    expect(bundle).not.toContain('parseDocument');
    expect(bundle).not.toContain('getElementsByTagName');
  });
});
