/** The fetch handler Astro's Cloudflare adapter exports (`handle` from `@astrojs/cloudflare/handler`). */
export type AstroHandler<E> = (request: Request, env: E, ctx: ExecutionContext) => Promise<Response>;

/**
 * The site's Worker around Astro's handler: every request goes through it,
 * prerendered pages included (`assets.run_worker_first`), so marked regions
 * show published edits on static pages too.
 *
 * @example
 * import { handle } from '@astrojs/cloudflare/handler';
 * import { louiseWorker } from 'louise/astro/worker';
 * export { RateLimiterObject } from 'louise/worker';
 * export default louiseWorker(handle);
 */
export function louiseWorker<E>(handle: AstroHandler<E>): ExportedHandler<E> {
  return { fetch: (request, env, ctx) => handle(request as Request, env, ctx) };
}
