import type { AstroIntegrationLogger } from 'astro';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The URL path the edit-mode client is served under (dev middleware, build output). */
export const EDITOR_BASE = '/_louise/';

/** The prebuilt edit-mode client: lib/editor, beside lib/integration. */
export interface EditorAssets {
  dir: string;
  /**
   * `/_louise/editor.js`, with no version query: the lazy chunks import the
   * entry by that plain name (for the modules they share with it), and a
   * page that loaded it under another URL would run a second copy of the
   * client. It is served for revalidation (`no-cache` in dev; Cloudflare's
   * static assets default to `max-age=0, must-revalidate` with an ETag), so
   * a new release is never run from a stale cache; the chunks are named by
   * content hash.
   */
  src: string;
}

/**
 * Finds the prebuilt edit-mode client. From the installed package this is
 * `lib/editor/`; from the sources (this repository) `npm run build:pkg` makes it.
 */
export function editorAssets(moduleUrl: string = import.meta.url): EditorAssets {
  const dir = fileURLToPath(new URL(moduleUrl.endsWith('.ts') ? '../../lib/editor/' : '../../editor/', moduleUrl));
  const entry = `${dir}editor.js`;
  if (!existsSync(entry)) {
    throw new Error(
      `louise(): the edit-mode client is missing (${entry}). In the Louise repository run \`npm run build:pkg\`; in a site, reinstall the package (\`npm install louise\`).`,
    );
  }
  return { dir, src: `${EDITOR_BASE}editor.js` };
}

/** Only the flat, hashed file names the build writes; nothing else under the folder is served. */
const ASSET_NAME = /^[\w-]+\.js$/;

/**
 * `astro dev`: serves the edit-mode client at `/_louise/<file>` from the
 * package, ahead of Astro's and the Cloudflare plugin's request handling.
 */
export function serveEditorAssets(assets: EditorAssets) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!path.startsWith(EDITOR_BASE)) {
      next();
      return;
    }
    const name = path.slice(EDITOR_BASE.length);
    const file = `${assets.dir}${name}`;
    if (!ASSET_NAME.test(name) || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${path}`);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(readFileSync(file));
  };
}

/** `astro build`: the client files go to `<client output>/_louise/`, served as static assets. */
export function copyEditorAssets(assets: EditorAssets, clientDir: URL, logger: AstroIntegrationLogger): void {
  const target = new URL(`.${EDITOR_BASE}`, clientDir);
  cpSync(assets.dir, fileURLToPath(target), { recursive: true, filter: (source) => source === assets.dir || ASSET_NAME.test(source.slice(assets.dir.length)) });
  logger.info(`edit-mode client copied to ${fileURLToPath(target)}`);
}
