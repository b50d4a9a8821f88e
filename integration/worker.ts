import type { CmsEnv } from './config.ts';
import { isHtml, SERVED_HEADER, servePage, siteGate } from './page-flow.ts';

/** The fetch handler Astro's Cloudflare adapter exports (`handle` from `@astrojs/cloudflare/handler`). */
export type AstroHandler<E> = (request: Request, env: E, ctx: ExecutionContext) => Promise<Response>;

/**
 * The site's Worker around Astro's handler. Pages Astro renders on demand
 * went through Louise's middleware already; a prerendered page comes back
 * from the static assets untouched, and is served here the same way: marked
 * regions show their published values (read from KV, no D1 query) with the
 * markers removed, and an editor in edit mode gets the editor. wrangler's
 * `assets.run_worker_first` must send HTML here (`npx louise init` sets it).
 *
 * @example
 * import { handle } from '@astrojs/cloudflare/handler';
 * import { louiseWorker } from 'louise/astro/worker';
 * export { RateLimiterObject } from 'louise/worker';
 * export default louiseWorker(handle);
 */
export function louiseWorker<E>(handle: AstroHandler<E>): ExportedHandler<E> {
  return {
    async fetch(incoming, env, ctx) {
      const page = (incoming.method === 'GET' || incoming.method === 'HEAD') && (incoming.headers.get('accept') ?? '').includes('text/html');
      // A static page's validators describe the file, not the page with its published regions: ask for the whole file.
      const request = page ? unconditional(incoming as Request) : (incoming as Request);
      const response = await handle(request, env, ctx);
      if (response.headers.has(SERVED_HEADER)) {
        const served = new Response(response.body, response);
        served.headers.delete(SERVED_HEADER);
        return served;
      }
      if (!isHtml(response) || (incoming.method !== 'GET' && incoming.method !== 'HEAD')) return response;
      const served = await servePage(siteGate(request, env as unknown as CmsEnv), async () => response);
      const out = new Response(served.body, served);
      for (const name of ['etag', 'last-modified', 'content-length']) out.headers.delete(name);
      if (!out.headers.has('cache-control') || !out.headers.get('cache-control')?.includes('private'))
        out.headers.set('cache-control', 'public, max-age=0, must-revalidate');
      return out;
    },
  };
}

function unconditional(request: Request): Request {
  if (!request.headers.has('if-none-match') && !request.headers.has('if-modified-since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('if-none-match');
  headers.delete('if-modified-since');
  return new Request(request, { headers });
}
