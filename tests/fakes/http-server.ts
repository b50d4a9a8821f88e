/**
 * The HTTP side of a fake provider (tests/fakes/<provider>/server.ts): Node's
 * server in front of a fake that speaks Web `Request`/`Response`, with the
 * two paths every fake answers the same way: `GET /__fake/health` (200 once
 * listening) and `GET /__fake/violations` (the contract violations, JSON).
 * Plain Node (types stripped): only erasable TypeScript here.
 */
import { createServer, type IncomingMessage } from 'node:http';

export interface FakeServerOptions {
  /** Log prefix, e.g. `fake-pay`. */
  name: string;
  port: number;
  /** Answers everything but the two `/__fake/` paths; the request aborts when the client goes away. */
  handle(request: Request): Promise<Response>;
  violations(): readonly string[];
  /** What a crash of `handle` answers (500), in the provider's error shape. */
  crashBody: unknown;
  /** Extra words for the listening line (where webhooks go). */
  listening: string;
  /** Extra words for a request's log line; never a secret, never the body. */
  note?: ((request: Request) => string) | undefined;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Node's request as a Web `Request`, aborted when the client goes away. */
async function webRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? null : await readBody(req);
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body, signal });
}

/** Serves the fake on `localhost:<port>` until SIGINT or SIGTERM, one log line per request. */
export function serveFake(options: FakeServerOptions): void {
  const origin = `http://localhost:${options.port}`;
  /** The fake's own paths, answered here and not logged (the health check is polled). */
  const own = (pathname: string): Response | null => {
    if (pathname === '/__fake/health') return new Response('ok', { headers: { 'content-type': 'text/plain' } });
    if (pathname === '/__fake/violations') return Response.json(options.violations());
    return null;
  };
  const server = createServer((req, res) => {
    const started = Date.now();
    const aborted = new AbortController();
    res.on('close', () => aborted.abort(new Error('client went away')));
    (async () => {
      const request = await webRequest(req, origin, aborted.signal);
      const { pathname } = new URL(request.url);
      const fixed = own(pathname);
      const response = fixed ?? (await options.handle(request));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
      if (fixed) return;
      const note = options.note?.(request);
      console.log(`[${options.name}] ${request.method} ${pathname} -> ${response.status} ${Date.now() - started}ms${note ? ` (${note})` : ''}`);
    })().catch((error: unknown) => {
      console.error(`[${options.name}] handler failed:`, error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify(options.crashBody));
    });
  });
  server.listen(options.port, 'localhost', () => console.log(`[${options.name}] listening on ${origin} (${options.listening})`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
}
