import { EMPTY_IMAGE } from '../src/client/empty-image.ts';
import { isVersioned, type CollectionConfig, type ImageValue } from '../src/content/collection.ts';
import { documentRevs } from '../src/content/document-revs.ts';
import { readEntry, type Entry, type EntryKey, type ReadEntry } from '../src/content/read-entry.ts';
import { dbProblemOf, logDbProblem, missingDb } from '../src/http/db-problem.ts';
import { isLocalHostname } from '../src/security/local-host.ts';
import { noteRendered } from './edit-mode.ts';
import type { D1Client } from '../src/db/d1-session.ts';
import { readSiteSettings, resolveSettings, type SiteSettings } from '../src/editor/index.ts';
import { siteSettingsColumns, type SiteSettingsColumn } from '../src/db/site-schema.ts';
import { SETTINGS_COLLECTION, settingsConfigOf } from './config.ts';
import { resumeReadSession, type BookmarkCookies } from './read-session.ts';

/** The part of `Astro` the loader reads: edit mode from `locals`, the bookmark cookie, the protocol. */
export interface EntryAstro {
  locals: App.Locals;
  cookies: BookmarkCookies;
  url: URL;
}

/** Where each loaded entry came from, for `cmsField`. Weak: an entry lives as long as its page render. */
const origins = new WeakMap<object, { collection: CollectionConfig; key: string }>();

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
  if (isVersioned(collection)) noteRendered(astro.locals, collection.slug, found.key, documentRevs(found.stored, collection.fields), found.invalid);
  else if (found.invalid.length > 0) noteRendered(astro.locals, collection.slug, found.key, {}, found.invalid);
  origins.set(found.data, { collection, key: found.key });
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

/**
 * The marker attributes of an entry's field, for an editor in edit mode
 * only: `{ 'data-cms-field': '<slug>:<key>:<field>' }`, plus
 * `data-cms-type="richtext"` (or `"image"`) for a rich (or image) field and `data-cms-access="edit"`
 * for a live collection open to writers. Visitors get `{}`: no markers, no
 * row ids. A list item is addressed by its index. Throws a TypeError for an
 * entry `loadEntry` did not return or a field the collection does not have.
 *
 * @example
 * <h1 {...cmsField(Astro, page, 'title')}>{page.title}</h1>
 * {page.paragraphs.map((text, i) => <p {...cmsField(Astro, page, 'paragraphs', i)}>{text}</p>)}
 */
export function cmsField<T extends object>(astro: { locals: App.Locals }, entry: T, field: keyof T & string, index?: number): Record<string, string> {
  const origin = origins.get(entry);
  if (!origin) throw new TypeError('cmsField(): pass the entry exactly as loadEntry() returned it.');
  const { collection, key } = origin;
  const spec = Object.hasOwn(collection.fields, field) ? collection.fields[field] : undefined;
  if (!spec) throw new TypeError(`cmsField(): ${field} is not a field of ${collection.slug} (its fields: ${Object.keys(collection.fields).join(', ')}).`);
  if (index !== undefined && (spec.type !== 'json' || !Number.isSafeInteger(index) || index < 0))
    throw new TypeError(`cmsField(): ${collection.slug}.${field} has no item ${index}; only a json list field takes an index.`);
  if (astro.locals.louise?.editing !== true) return {};
  const attributes: Record<string, string> = { 'data-cms-field': `${collection.slug}:${key}:${field}${index === undefined ? '' : `.${index}`}` };
  if (spec.type === 'richtext' || spec.type === 'image') attributes['data-cms-type'] = spec.type;
  if (!isVersioned(collection) && collection.writers === true) attributes['data-cms-access'] = 'edit';
  return attributes;
}

/** The attributes of an `<img>` for an image field: `src`, `alt`, `width`, `height`, and the marker in edit mode. */
export type ImageAttributes = { src: string; alt: string; width?: number; height?: number } & Record<string, string | number>;

/**
 * The `<img>` attributes of an image field (`{ type: 'image' }`): its
 * `src`, `alt` and intrinsic `width`/`height` as stored, plus the marker
 * (`data-cms-field`, `data-cms-type="image"`) for an editor in edit mode.
 * Null when the field holds no image and the viewer is a visitor, so the
 * page renders nothing; an editor gets an "Add image" placeholder to click
 * (marked `data-cms-empty`, so the editor reads the field as empty).
 *
 * @example
 * {cmsImage(Astro, page, 'hero') && <img class="hero" {...cmsImage(Astro, page, 'hero')} />}
 */
export function cmsImage<T extends object>(astro: { locals: App.Locals }, entry: T, field: keyof T & string): ImageAttributes | null {
  const marker = cmsField(astro, entry, field);
  const spec = origins.get(entry)?.collection.fields[field];
  if (spec?.type !== 'image') throw new TypeError(`cmsImage(): ${field} is not an image field (declare it as { type: 'image' }).`);
  const image = (entry as Record<string, unknown>)[field] as ImageValue | null;
  if (!image) return marker['data-cms-field'] ? { src: EMPTY_IMAGE, alt: '', width: 1600, height: 900, ...marker, 'data-cms-empty': '' } : null;
  const size = image.width && image.height ? { width: image.width, height: image.height } : {};
  return { src: image.src, alt: image.alt, ...size, ...marker };
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
 * defaults, so a page always has something to render. An editor in edit
 * mode reads through their D1 session, so a setting they just saved shows.
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
  const found = await pageRead(astro, options.db, async (db) => (await readSiteSettings(db, settings)).settings);
  return found ?? resolveSettings(settings).defaults;
}

/**
 * The marker attributes of a settings field in the structured base
 * (`siteName`, `tagline`, `footerText`), for an editor in edit mode only:
 * the element becomes editable in place and saves live (the publish right
 * is needed, as in the Settings panel). Visitors get `{}`.
 *
 * @example <p class="tagline" {...cmsSetting(Astro, 'tagline')}>{site.tagline}</p>
 */
export function cmsSetting(astro: { locals: App.Locals }, field: SiteSettingsColumn): Record<string, string> {
  if (!(siteSettingsColumns as readonly string[]).includes(field))
    throw new TypeError(
      `cmsSetting(): ${field} is not a settings column (they are ${siteSettingsColumns.join(', ')}); edit other settings in the Settings panel.`,
    );
  return astro.locals.louise?.editing === true ? { 'data-cms-field': `${SETTINGS_COLLECTION}:site:${field}` } : {};
}
