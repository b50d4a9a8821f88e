import { isVersioned, type CollectionConfig } from '../../src/content/collection.ts';
import { documentRevs } from '../../src/content/document-revs.ts';
import { readEntry, type Entry, type EntryKey, type ReadEntry } from '../../src/content/read-entry.ts';
import { dbProblemOf, logDbProblem, missingDb } from '../../src/http/db-problem.ts';
import { isLocalHostname } from '../../src/security/local-host.ts';
import { noteRendered } from './edit-mode.ts';
import type { D1Client } from '../../src/db/d1-session.ts';
import { readSiteSettings, resolveSettings, type SiteSettings } from '../../src/editor/index.ts';
import { settingsConfigOf } from '../config.ts';
import { resumeReadSession, type BookmarkCookies } from './read-session.ts';

/** The part of `Astro` the loader reads: edit mode from `locals`, the bookmark cookie, the protocol. */
export interface EntryAstro {
  locals: App.Locals;
  cookies: BookmarkCookies;
  url: URL;
  /** `astro build` prerendering the page (settings then come from cms.config: see loadSettings). */
  isPrerendered?: boolean;
}

/** Where a loaded entry came from: what its markers (markers.ts) address. */
export interface EntryOrigin {
  collection: CollectionConfig;
  key: string;
}

/**
 * The key of the origin `loadEntry` puts on each entry it returns: a
 * non-enumerable property, so the entry serializes, spreads and compares as
 * its fields alone (a copy has no origin, as before: markers need the entry
 * exactly as loaded).
 */
const ORIGIN = Symbol('louise.entryOrigin');

/** Where an entry `loadEntry` returned came from, or undefined for any other object. */
export function entryOrigin(entry: object): EntryOrigin | undefined {
  return Object.hasOwn(entry, ORIGIN) ? (entry as { [ORIGIN]: EntryOrigin })[ORIGIN] : undefined;
}

/**
 * Loads one entry of a declared collection for an Astro page, doing all a
 * page needs: visitors read the live row through `env.DB` (of a drafts
 * collection only a published one; null when never published or
 * unpublished; no cookie is set). An editor in edit mode reads through a D1
 * session resumed from their bookmark cookie, so they see the draft they
 * just saved, and gets the work in progress over the live row; the page
 * then notes the revisions it rendered (`$base` of their saves) and any
 * stored field it had to replace with a fallback (the edit bar names it).
 * A key the collection cannot have throws a TypeError.
 *
 * @example
 * const page = await loadEntry(Astro, pages, { slug: 'about' });
 * if (!page) return new Response('Not found', { status: 404 });
 * const site = await loadEntry(Astro, settings, 'site');
 */
export async function loadEntry<const C extends CollectionConfig>(
  astro: EntryAstro,
  collection: C,
  key: EntryKey<C>,
  options: { db?: D1Database } = {},
): Promise<Entry<C> | null> {
  const editing = astro.locals.louise?.editing === true;
  const found: ReadEntry | null = await pageRead(astro, options.db, (db) => readEntry(db, collection, key, { editing }));
  if (!found) return null;
  // Revisions (the `$base` of draft saves) are of the stored values, so a repaired field's first
  // save is not taken for a conflict. A live collection's saves carry none: it notes only what to repair.
  // Only an editor's page notes anything: a visitor's render computes no revisions.
  if (editing && isVersioned(collection)) noteRendered(astro.locals, collection.slug, found.key, documentRevs(found.stored, collection.fields), found.invalid);
  else if (editing && found.invalid.length > 0) noteRendered(astro.locals, collection.slug, found.key, {}, found.invalid);
  Object.defineProperty(found.data, ORIGIN, { value: { collection, key: found.key } satisfies EntryOrigin, configurable: true });
  return found.data as Entry<C>;
}

/**
 * A page's read: an editor in edit mode reads through a D1 session resumed
 * from their bookmark cookie (so they see what they just saved, even on a
 * replica); a visitor reads `env.DB` as `visitorRead` does.
 */
async function pageRead<T>(astro: EntryAstro, db: D1Database | undefined, read: (db: D1Client) => Promise<T | null>): Promise<T | null> {
  if (astro.locals.louise?.editing !== true) return visitorRead(astro.url, db, read);
  const session = resumeReadSession(db ?? (await bindingDB()), astro.cookies, { secure: astro.url.protocol === 'https:' });
  const found = await read(session.client);
  session.commit();
  return found;
}

/**
 * A visitor's read: a site not set up yet (no binding, tables not migrated)
 * or a D1 outage is logged with what to do and read as "no entry", so the
 * page decides (a fallback, a 404) instead of answering 500. Editors get
 * the problem itself (the middleware shows it to them first).
 */
export async function visitorRead<T>(url: URL, db: D1Database | undefined, read: (DB: D1Database) => Promise<T | null>): Promise<T | null> {
  const where = { local: isLocalHostname(url.hostname) };
  try {
    return await read(db ?? (await bindingDB()));
  } catch (error) {
    const problem = error instanceof MissingBinding ? missingDb(where) : dbProblemOf(error, where);
    if (!problem) throw error;
    logDbProblem(problem);
    return null;
  }
}

class MissingBinding extends Error {}

/** The `DB` binding, read where the page runs (a Worker); imported late so `louise/astro` also loads in `astro.config`. */
export async function bindingDB(): Promise<D1Database> {
  const { env } = await import('cloudflare:workers');
  const DB = (env as { DB?: D1Database }).DB;
  if (!DB)
    throw new MissingBinding(
      'loadEntry(): there is no D1 binding named DB. Add one to your wrangler config (d1_databases, binding "DB"), or run `npx louise init`.',
    );
  return DB;
}

/** One link of a `links` setting (a menu, social links). */
export interface SettingLink {
  label: string;
  href: string;
}

/**
 * The site's settings (`settings` in `defineCms`) for an Astro page: the
 * structured base (`siteName`, `tagline`, `footerText`) and the site's own
 * keys in `custom`. One D1 read; a row not seeded yet, or a database a
 * visitor's page cannot read (logged with what to do), gives the configured
 * defaults, so a page always has something to render. Visitors get the
 * published settings; an editor in edit mode gets the draft (through their
 * D1 session, so a setting they just saved shows).
 * Throws a TypeError when the site declares no settings.
 *
 * @example
 * const site = await loadSettings(Astro);
 * <a class="brand" href="/">{site.siteName}</a>
 */
export async function loadSettings(astro: EntryAstro, options: { db?: D1Database } = {}): Promise<SiteSettings> {
  const { default: config } = await import('virtual:louise/config');
  const settings = settingsConfigOf(config);
  if (!settings) throw new TypeError('loadSettings(): the site declares no settings. Add `settings: {}` to defineCms() in cms.config.ts.');
  // Settings are drafts: visitors get the published settings; an editor in edit mode the draft they work on.
  // A page prerendered by `astro build` takes the settings cms.config declares: the build machine's local
  // database is not the site's (unmigrated in CI, someone's test edits on a laptop).
  if (astro.isPrerendered && !import.meta.env.DEV) return resolveSettings(settings).defaults;
  const editing = astro.locals.louise?.editing === true;
  const found = await pageRead(astro, options.db, async (db) => {
    const read = await readSiteSettings(db, settings);
    return editing ? read.settings : read.published;
  });
  return found ?? resolveSettings(settings).defaults;
}
