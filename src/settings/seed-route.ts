import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { answering, matchPath, type EditorRoute, type EditorRouteEnv } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { checkResolveEditor, routePath } from './route-options.ts';
import { seedSettings, seedSiteSettings } from './seed.ts';
import { readSettingsRow } from './site-settings-store.ts';
import type { SettingsDefaults } from './site-settings.ts';

export interface SeedRouteOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /** What the `site_settings` row starts as. */
  defaults: SettingsDefaults;
  /** Default `/api/cms/seed`. */
  path?: string | undefined;
}

/**
 * Seeds the `site_settings` singleton, idempotently: `POST /api/cms/seed`
 * (same origin, `access.publish`) → 201 `{ seeded: true, settings }` when it
 * created the row from `defaults`, 200 `{ seeded: false, settings }` when the
 * row already existed (nothing changed). Other methods 405. The defaults are
 * checked when the route is made.
 *
 * @example seedRoute<Env>({ resolveEditor, defaults: { siteName: 'Louise', tagline: 'Inline editing' } })
 */
export function seedRoute<E extends EditorRouteEnv>(options: SeedRouteOptions<E>): EditorRoute<E> {
  checkResolveEditor(options.resolveEditor, 'seedRoute()');
  const fallback = seedSettings(options.defaults, 'seedRoute()');
  const path = routePath(options.path, '/api/cms/seed', 'seedRoute()');
  return answering(async function seed(request, env) {
    if (!matchPath(path, new URL(request.url).pathname)) return undefined;
    if (request.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'Use POST to seed the site settings.', {}, { allow: 'POST' });
    await requireEditor(request, env, options.resolveEditor, { publish: true });
    const seeded = await seedSiteSettings(env.DB, options.defaults);
    const settings = (await readSettingsRow(env.DB))?.settings ?? fallback;
    return json({ seeded, settings }, { status: seeded ? 201 : 200 });
  });
}
