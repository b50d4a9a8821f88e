import { defineMiddleware } from 'astro:middleware';
import config from 'virtual:louise/config';
import migrations from 'virtual:louise/migrations';
import { keepCookiesPrivate } from '../../src/http/private-cookies.ts';
import { allowCspDataFonts } from '../../src/security/csp.ts';
import { louiseSecurityHeaders, mutable } from '../../src/security/headers.ts';
import { DEFAULT_MEDIA_URL, searchableCollections, settingsConfigOf, type CmsEnv } from '../config.ts';
import { migrateLocalDatabase, prepareLocalSearch, seedLocalSettings } from './dev-migrations.ts';
import { resolveVector } from '../../src/search/index.ts';
import { SERVED_HEADER, servePage, siteGate } from './page-flow.ts';
import { gateApi, renewal, type GateInput } from './request-gate.ts';

/**
 * The Worker's bindings, imported on the first request Louise serves, never at load: with the
 * adapter's `prerenderEnvironment: 'node'` this module runs in Node while pages are prerendered,
 * and Node cannot load a `cloudflare:` module.
 */
let bindings: Promise<CmsEnv> | undefined;
const workerEnv = () => (bindings ??= import('cloudflare:workers').then((module) => module.env as unknown as CmsEnv));
/** Said once per dev server: prerendered pages rendered in Node get no edit mode there. */
let toldNodePrerender = false;
/** `astro dev`: Louise's migrations (then the settings seed and the search indexes), applied once per isolate before anything reads the tables. */
let migrated: Promise<void> | undefined;

/**
 * Every request: the API gate for `/api/cms/*`, edit mode for pages, the
 * sliding session cookie, then security headers, `noindex`, `private,
 * no-store` on anything that sets a cookie and the CSP font allowance on
 * whatever answers. What touches D1 and when is decided in request-gate.ts:
 * a visitor without a session cookie costs no query, and a database problem
 * is shown only to a would-be editor.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // `astro build` prerendering a page: it becomes a static file with its markers and defaults as
  // written; the site's Worker serves it (published regions, edit mode) on every request.
  if (context.isPrerendered && !import.meta.env.DEV) return next();
  // `astro dev` with `prerenderEnvironment: 'node'` renders prerendered pages in Node, without the bindings.
  if (context.isPrerendered && !inWorkerd()) {
    if (!toldNodePrerender)
      console.warn(
        "Louise: prerendered pages render in Node in `astro dev` (prerenderEnvironment: 'node'), so they are not editable there; they are in the built Worker.",
      );
    toldNodePrerender = true;
    return next();
  }
  const env = await workerEnv();
  if (migrations.length > 0) {
    const DB = env.DB as D1Database | undefined;
    migrated ??= migrateLocalDatabase(DB, migrations)
      .then(() => seedLocalSettings(DB, settingsConfigOf(config)))
      .then(() => prepareLocalSearch(DB, searchableCollections(config), resolveVector(config.search?.vector, env as never)));
    await migrated;
  }
  const { request, url } = context;
  const gate = siteGate(request, env);

  let response: Response;
  if (url.pathname.startsWith('/api/cms/')) {
    response = (await gateApi(gate)) ?? (await next());
  } else if (url.pathname.startsWith(DEFAULT_MEDIA_URL)) {
    // A media file: public, no session, no edit mode (its route answers 404 when the site serves media elsewhere).
    response = await next();
  } else {
    response = await page(gate, context, next);
  }

  const renewed = await renewal(gate);
  if (renewed) {
    response = mutable(response);
    response.headers.append('set-cookie', renewed);
  }
  response = louiseSecurityHeaders(response, { url, noindex: gate.runtime.noindex(url.hostname) });
  // Astro appends `Astro.cookies` after the middleware returns: count them too.
  response = keepCookiesPrivate(response, !context.cookies.headers().next().done);
  response = mutable(allowCspDataFonts(response));
  // Tells the site's Worker this answer is served; a prerendered page never carries it.
  response.headers.set(SERVED_HEADER, '1');
  return response;
});

/** workerd says so in `navigator.userAgent`; Node says `Node.js/…`. */
function inWorkerd(): boolean {
  return globalThis.navigator?.userAgent === 'Cloudflare-Workers';
}

async function page(gate: GateInput, context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: () => Promise<Response>): Promise<Response> {
  return servePage(gate, (state) => {
    context.locals.louise = state;
    return next();
  });
}
