// What the Chromium benches of the edit-mode client share (not a bench
// itself: scripts/bench.mjs runs only *.bench.* files): a loopback server
// that serves the prebuilt client (lib/editor, `npm run build:pkg` first) at
// /_louise/, the bench's own pages, and a fake editor API.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The prebuilt edit-mode client. */
export const EDITOR_ASSETS = new URL('../lib/editor/', import.meta.url);

/** Throws, saying what to run, when the edit-mode client has not been built. */
export function needEditorBuild(bench: string, entry: string): void {
  if (!existsSync(new URL(entry, EDITOR_ASSETS))) throw new Error(`bench/${bench} needs the edit-mode client: run \`npm run build:pkg\` first.`);
}

/** A JSON answer, never cached; `null` answers with no body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(body === null ? undefined : JSON.stringify(body));
}

/**
 * Serves `/api/cms/*` through `api` (with the request's body as text),
 * `/_louise/<file>` from the built client, and any other path as the HTML
 * `page(path)` gives. Resolves once it listens on a free loopback port.
 */
export async function serveEditorBench(
  page: (path: string) => string,
  api: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ base: string; close(): void }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path.startsWith('/api/cms/')) return api(req, res, Buffer.concat(chunks).toString('utf8'));
      if (path.startsWith('/_louise/')) {
        const file = new URL(path.slice('/_louise/'.length), EDITOR_ASSETS);
        if (!existsSync(file)) return sendJson(res, 404, null);
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(readFileSync(file));
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page(path));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
