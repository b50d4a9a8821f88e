import { defineMiddleware } from 'astro:middleware';
import { env as cfEnv } from 'cloudflare:workers';
import config from 'virtual:louise/config';
import options from 'virtual:louise/options';
import { devEditorsFailureMessage, ensureDevEditors } from '../src/auth/dev-editors.ts';
import { renewedSessionCookie } from '../src/auth/password-editor.ts';
import { json } from '../src/http/errors.ts';
import { keepCookiesPrivate } from '../src/http/private-cookies.ts';
import { allowCspDataFonts } from '../src/security/csp.ts';
import { louiseSecurityHeaders, mutable } from '../src/security/headers.ts';
import type { CmsEnv } from './config.ts';
import { SERVED_HEADER, servePage } from './page-flow.ts';
import { cmsRuntime, type CmsRuntime } from './runtime.ts';

const env = cfEnv as unknown as CmsEnv;

/**
 * Every request: the API gate for `/api/cms/*`, edit mode for pages, the
 * sliding session cookie, then security headers, `noindex`, `private,
 * no-store` on anything that sets a cookie and the CSP font allowance on
 * whatever answers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = cmsRuntime(config);
  const { request, url } = context;
  // A development convenience must never turn a visitor's page into a 500:
  // say what to fix and serve the request.
  if (options.devEditors) await ensureDevEditors(env.DB, url).catch((error: unknown) => console.error(devEditorsFailureMessage(error)));

  let response: Response;
  if (url.pathname.startsWith('/api/cms/')) {
    const allowed = runtime.isPublic(url.pathname, request) || (await runtime.resolveEditor(request, env)) !== null;
    response = allowed ? await next() : json({ error: 'unauthorized', message: 'Sign in as an editor to use this endpoint.' }, { status: 401 });
  } else {
    response = await page(runtime, context, next);
  }

  const renewed = config.resolveEditor ? null : await renewedSessionCookie(request, env.DB);
  if (renewed) {
    response = mutable(response);
    response.headers.append('set-cookie', renewed);
  }
  response = louiseSecurityHeaders(response, { url, noindex: runtime.noindex(url.hostname) });
  // Astro appends `Astro.cookies` after the middleware returns: count them too.
  response = keepCookiesPrivate(response, !context.cookies.headers().next().done);
  response = mutable(allowCspDataFonts(response));
  // Tells the site's Worker this answer is served; a prerendered page never carries it.
  response.headers.set(SERVED_HEADER, '1');
  return response;
});

async function page(cms: CmsRuntime, context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: () => Promise<Response>): Promise<Response> {
  if (context.url.pathname === options.loginPath) return next();
  return servePage(cms, context.request, env, (state) => {
    context.locals.louise = state;
    return next();
  });
}
