/**
 * The Node side of the fake provider servers (packages/commerce/fakes/<provider>/server.ts):
 * Node's request as a Web `Request` for a fake that speaks `fetch`, the Web
 * `Response` written back, and the server itself. Each server keeps its own
 * order of steps (its `/__fake/` paths before anything is read); only these
 * mechanics are shared. Plain Node (types stripped): erasable TypeScript only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** The request body; null for GET and HEAD, which have none. */
export async function readNodeBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | null> {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Node's request as a Web `Request` for `url`, aborted when the client goes away (`res` closes). */
export function webRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: Uint8Array<ArrayBuffer> | null): Request {
  const aborted = new AbortController();
  res.on('close', () => aborted.abort(new Error('client went away')));
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(url, { method: req.method ?? 'GET', headers, body, signal: aborted.signal });
}

/** Writes a Web `Response` to Node's response. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves `answer` on `localhost:<port>` until SIGINT or SIGTERM. A crash of
 * `answer` is logged and answered 500 with `crashBody` (the provider's error
 * shape); `listening` is printed once the port is open.
 */
export function serveFake(
  name: string,
  port: number,
  answer: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  crashBody: unknown,
  listening: string,
): void {
  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      console.error(`[${name}] handler failed:`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(crashBody));
    });
  });
  server.listen(port, 'localhost', () => console.log(`[${name}] ${listening}`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
}
