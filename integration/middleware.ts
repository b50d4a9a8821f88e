import { defineMiddleware } from 'astro:middleware';
import { env as cfEnv } from 'cloudflare:workers';
import config from 'virtual:louise/config';
import migrations from 'virtual:louise/migrations';
import options from 'virtual:louise/options';
import { devEditorsFailureMessage, ensureDevEditors } from '../src/auth/dev-editors.ts';
import { renewedSessionCookie } from '../src/auth/password-editor.ts';
import { json } from '../src/http/errors.ts';
import { keepCookiesPrivate } from '../src/http/private-cookies.ts';
import { allowCspDataFonts } from '../src/security/csp.ts';
import { louiseSecurityHeaders, mutable } from '../src/security/headers.ts';
import type { CmsEnv } from './config.ts';
import { migrateLocalDatabase } from './dev-migrations.ts';
import { decideEditMode } from './edit-mode.ts';
import { cmsRuntime, type CmsRuntime } from './runtime.ts';

const env = cfEnv as unknown as CmsEnv;
/** `astro dev`: Louise's migrations, applied once per isolate before anything reads the tables. */
let migrated: Promise<void> | undefined;

/**
 * Every request: the API gate for `/api/cms/*`, edit mode for pages, the
 * sliding session cookie, then security headers, `noindex`, `private,
 * no-store` on anything that sets a cookie and the CSP font allowance on
 * whatever answers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (migrations.length > 0) {
    migrated ??= migrateLocalDatabase(env.DB as D1Database | undefined, migrations);
    await migrated;
  }
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
  return allowCspDataFonts(response);
});

async function page(cms: CmsRuntime, context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: () => Promise<Response>): Promise<Response> {
  const { request, url } = context;
  if (url.pathname === options.loginPath) return next();
  const editor = await cms.resolveEditor(request, env);
  const decision = decideEditMode(url, request, editor, options);
  if (decision.kind === 'redirect') {
    const headers = new Headers({ location: decision.location, 'cache-control': 'no-store' });
    if (decision.setCookie) headers.append('set-cookie', decision.setCookie);
    return new Response(null, { status: 303, headers });
  }
  context.locals.louise = { editor, editing: decision.editing, revs: {}, invalid: {} };
  let response = await next();
  if (decision.setCookie || decision.editing) response = mutable(response);
  if (decision.setCookie) response.headers.append('set-cookie', decision.setCookie);
  // Edit-mode HTML is per editor and carries the editor script: never cache it.
  if (decision.editing) response.headers.set('cache-control', 'private, no-store');
  return response;
}
