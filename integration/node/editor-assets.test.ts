import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyEditorAssets, EDITOR_BASE, editorAssets, serveEditorAssets, type EditorAssets } from './editor-assets.ts';

// A package laid out as installed: lib/integration/<module>.js beside lib/editor/.
const pkg = mkdtempSync(join(tmpdir(), 'louise-editor-assets-'));
const moduleUrl = pathToFileURL(join(pkg, 'integration', 'node', 'index.js')).href;
mkdirSync(join(pkg, 'integration'));
mkdirSync(join(pkg, 'editor'));
writeFileSync(join(pkg, 'editor', 'editor.js'), 'import("../rich-editor-AbC123.js");');
writeFileSync(join(pkg, 'editor', 'rich-editor-AbC123.js'), 'export const rich = 1;');
writeFileSync(join(pkg, 'editor', 'notes.txt'), 'not served');
// Vite's manifest of the build (the size budgets read it): never served, never copied to a site.
mkdirSync(join(pkg, 'editor', '.vite'));
writeFileSync(join(pkg, 'editor', '.vite', 'manifest.json'), '{}');
afterAll(() => rmSync(pkg, { recursive: true, force: true }));

describe('editorAssets', () => {
  it('finds lib/editor beside the installed module; the entry is loaded by the plain name its lazy chunks import it by', () => {
    const assets = editorAssets(moduleUrl);
    expect(assets.dir).toBe(`${join(pkg, 'editor')}/`);
    expect(assets.src).toBe('/_louise/editor.js');
  });

  it('looks in ../lib/editor from the sources, and says what to run when the client was never built', () => {
    const source = pathToFileURL(join(pkg, 'integration', 'node', 'index.ts')).href;
    expect(() => editorAssets(source)).toThrow(
      `the edit-mode client is missing (${join(pkg, 'lib', 'editor', 'editor.js')}). In the Louise repository run \`npm run build:pkg\``,
    );
  });
});

describe('serveEditorAssets (astro dev)', () => {
  let server: Server;
  let base: string;
  const passedOn: string[] = [];
  beforeAll(async () => {
    const serve = serveEditorAssets(editorAssets(moduleUrl));
    server = createServer((req, res) =>
      serve(req, res, () => {
        passedOn.push(req.url ?? '');
        res.writeHead(418).end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('serves the entry and its chunks as JavaScript, whatever the version query', async () => {
    const res = await fetch(`${base}${EDITOR_BASE}editor.js?v=0123456789ab`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('import("../rich-editor-AbC123.js");');
    expect(await (await fetch(`${base}/_louise/rich-editor-AbC123.js`)).text()).toBe('export const rich = 1;');
  });

  it('answers 404 for anything else under /_louise/, traversal included', async () => {
    for (const path of [
      '/_louise/notes.txt',
      '/_louise/.vite/manifest.json',
      '/_louise/missing.js',
      '/_louise/..%2F..%2Fpackage.json',
      '/_louise/sub/editor.js',
      '/_louise/',
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
  });

  it('passes every other path on to the next handler', async () => {
    expect((await fetch(`${base}/about`)).status).toBe(418);
    expect((await fetch(`${base}/_louisette/editor.js`)).status).toBe(418);
    expect(passedOn).toEqual(['/about', '/_louisette/editor.js']);
  });
});

describe('copyEditorAssets (astro build)', () => {
  it('copies the JavaScript files to <client>/_louise/ and nothing else', () => {
    const client = mkdtempSync(join(tmpdir(), 'louise-client-'));
    const info = vi.fn();
    const assets: EditorAssets = editorAssets(moduleUrl);
    copyEditorAssets(assets, pathToFileURL(`${client}/`), { info } as never);
    expect(readFileSync(join(client, '_louise', 'editor.js'), 'utf8')).toBe('import("../rich-editor-AbC123.js");');
    expect(existsSync(join(client, '_louise', 'rich-editor-AbC123.js'))).toBe(true);
    expect(existsSync(join(client, '_louise', 'notes.txt'))).toBe(false);
    expect(existsSync(join(client, '_louise', '.vite'))).toBe(false);
    expect(info).toHaveBeenCalledWith(`edit-mode client copied to ${join(client, '_louise')}/`);
    rmSync(client, { recursive: true, force: true });
  });
});
