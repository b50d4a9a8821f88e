import config from 'virtual:louise/config';
import { keepCookiesPrivate } from '../../src/http/private-cookies.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { isLocalHostname } from '../../src/security/local-host.ts';
import { realtimeObject } from '../../src/realtime/object.ts';
import { mediaUrlOf, siteCollections, type CmsEnv } from '../config.ts';
import { isHtml, SERVED_HEADER, servePage, siteGate } from './page-flow.ts';
import { gateApi } from './request-gate.ts';

// Every Durable Object class Louise ships, from this one entry (`louise/astro/worker`, also reachable as `louise/worker`).
export { MerchLimiterObject, RateLimiterObject } from '../../src/worker/index.ts';

/**
 * The realtime session's per-page Durable Object for the site's collections
 * (presence, field locks, live updates, coalesced draft saves). Export it
 * from the site's Worker and bind it as `REALTIME` (`npx louise init` does).
 */
export const RealtimeObject = realtimeObject<CmsEnv>({
  collections: siteCollections(config),
  mediaBase: mediaUrlOf(config) ?? undefined,
  vector: config.search?.vector as never,
});

/** The fetch handler Astro's Cloudflare adapter exports (`handle` from `@astrojs/cloudflare/handler`). */
export type AstroHandler<E> = (request: Request, env: E, ctx: ExecutionContext) => Promise<Response>;

/**
 * The site's Worker around Astro's handler. Pages Astro renders on demand
 * went through Louise's middleware already; a prerendered page comes back
 * from the static assets untouched, and is served here the same way: marked
 * regions show their published values (read from KV, no D1 query) with the
 * markers removed, and an editor in edit mode gets the editor. `louise()`
 * sends the prerendered pages here: at `astro build` it lists them in
 * `assets.run_worker_first` of the built Worker's config.
 *
 * @example
 * import { handle } from '@astrojs/cloudflare/handler';
 * import { louiseWorker } from 'louise/astro/worker';
 * export { RateLimiterObject, RealtimeObject } from 'louise/astro/worker';
 * export default louiseWorker(handle);
 */
export function louiseWorker<E>(handle: AstroHandler<E>): ExportedHandler<E> {
  return {
    async fetch(incoming, env, ctx) {
      // A live session's WebSocket upgrade goes straight to the API: the 101 answer must reach the browser as the object gave it.
      if (incoming.headers.get('upgrade')?.toLowerCase() === 'websocket' && new URL(incoming.url).pathname.startsWith('/api/cms/'))
        return upgrade(incoming as Request, env as unknown as CmsEnv, ctx);
      const page = (incoming.method === 'GET' || incoming.method === 'HEAD') && (incoming.headers.get('accept') ?? '').includes('text/html');
      // A static page's validators describe the file, not the page with its published regions: ask for the whole file.
      const request = page ? unconditional(incoming as Request) : (incoming as Request);
      const response = await handle(request, env, ctx);
      await drainLocally(request);
      if (response.headers.has(SERVED_HEADER)) {
        const served = new Response(response.body, response);
        served.headers.delete(SERVED_HEADER);
        return served;
      }
      if (!isHtml(response) || (incoming.method !== 'GET' && incoming.method !== 'HEAD')) return keepCookiesPrivate(response);
      const served = await servePage(siteGate(request, env as unknown as CmsEnv), async () => response);
      const out = new Response(served.body, served);
      for (const name of ['etag', 'last-modified', 'content-length']) out.headers.delete(name);
      if (!out.headers.has('cache-control') || !out.headers.get('cache-control')?.includes('private'))
        out.headers.set('cache-control', 'public, max-age=0, must-revalidate');
      // Last, over everything above: an answer that sets a cookie (`?edit=0` clearing edit mode) is never shared.
      return keepCookiesPrivate(out);
    },
  };
}

async function upgrade(request: Request, env: CmsEnv, ctx: ExecutionContext): Promise<Response> {
  const gate = siteGate(request, env);
  const refused = await gateApi(gate);
  if (refused) return refused;
  return runEditorRoute(gate.runtime.api, request, env, ctx);
}

/**
 * `astro dev` and `astro preview` only: reads what an answer left unread of a
 * request body (a 403 before the body is looked at). Behind the local dev
 * proxy an unread body broke the next request on the same keep-alive
 * connection, a 500 "fetch failed" for some 4 to 8 in 40 requests that
 * followed one; reading it keeps the connection clean. Cloudflare's edge
 * has no such problem, so a deployed Worker never reads a body it refused.
 */
async function drainLocally(request: Request): Promise<void> {
  if (request.body === null || request.bodyUsed || !isLocalHostname(new URL(request.url).hostname)) return;
  await request.arrayBuffer().catch(() => {});
}

function unconditional(request: Request): Request {
  if (!request.headers.has('if-none-match') && !request.headers.has('if-modified-since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('if-none-match');
  headers.delete('if-modified-since');
  return new Request(request, { headers });
}
