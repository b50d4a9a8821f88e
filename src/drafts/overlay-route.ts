import * as v from 'valibot';
import { isOverlayKey, isRegionName, OVERLAY_COLLECTION } from '../content/overlay.ts';
import { prepareFields } from '../content/prepare-fields.ts';
import type { DraftEdit } from './merge-draft.ts';
import { readSession, withBookmark, writeSession } from '../db/d1-cookie.ts';
import type { MarkdownRegion, OverlayRegion, OverlayRegions } from '../db/overlays-schema.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, type EditorRoute } from '../http/route.ts';
import type { ResolveEditor } from '../http/session.ts';
import { renderMarkdown } from '../markdown/render.ts';
import { normalizeFieldText } from '../security/field-text.ts';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { applyDiscard, applyPublish, applyUnpublish } from './apply-publish.ts';
import { findOverlayId, mirrorOverlay, overlayDeps, regionRevs, saveOverlayRegions, type OverlayDoc, type OverlayEnv } from './overlay-store.ts';
import { notedSource } from './markdown-sources.ts';
import { checkEntrySave, isValueSave, valueRegion } from './frontmatter-values.ts';
import type { CollectionSchema } from '../markdown/frontmatter-schema.ts';
import { DiscardBody, listVersions, PublishBody } from './versions-route.ts';

export interface OverlayRouteOptions<E> {
  resolveEditor: ResolveEditor<E>;
  /** Collections the site declared: their markers are not overlay regions, and their paths are left to their own routes. */
  isDeclared(collection: string): boolean;
  /** Where rich-text images must come from (`sanitizeRichHtml`'s `mediaBase`): an img elsewhere is removed. */
  mediaBase?: string | undefined;
  /**
   * The frontmatter schema of a content collection (from Astro's
   * `.astro/collections/<name>.schema.json`), when the collection is one:
   * saves into its entries are checked against it (422 `validation`).
   */
  schemaOf?: ((collection: string) => CollectionSchema | undefined) | undefined;
}

const ACTIONS = new Set(['versions', 'publish', 'unpublish', 'discard']);
/** First path segments the toolkit's own routes use; never an overlay collection. */
const RESERVED = new Set(['auth', 'status', 'save', 'search', 'media', 'settings', 'forms', 'inquiries', 'submissions', 'seed', 'reviews']);
/** Largest region value, in characters (a long rich-text body fits). */
const MAX_REGION = 200_000;
const MAX_REGIONS_PER_SAVE = 50;

const Base = v.optional(
  v.record(v.pipe(v.string(), v.check(isRegionName)), v.string('each $base revision must be text'), '$base must map fields to revisions'),
  {},
);
const Types = v.optional(
  v.record(
    v.pipe(v.string(), v.check(isRegionName)),
    v.picklist(['text', 'richtext', 'image', 'markdown', 'value'], 'each $type must be text, richtext, image, markdown or value'),
  ),
  {},
);

/**
 * Drafts and publishing for overlay regions: marked elements whose collection
 * the site never declared (`data-cms-field="home:index:heading"`). Mounted by
 * the integration after the site's routes; the paths and answers are those
 * of `versionsRoute`, with the document named by `collection/key`:
 *
 * - `GET  /api/cms/:collection/:key/versions`: history and `revs` per region (empty for a document never saved).
 * - `POST /api/cms/:collection/:key/versions` `{ <field>: text, $base?: { <field>: rev }, $type?: { <field>: 'text' | 'richtext' | 'image' | 'markdown' } }`:
 *   `{ versionId, revs }`; 409 on a stale `$base`. Plain text is normalized, rich HTML sanitized.
 *   A Markdown region is `{ <field>: { type: 'markdown', value: markdown } }` (or its text with `$type` markdown):
 *   rendered to sanitized HTML here, once, and stored as `{ type, value, html }`, plus the `file` and `source`
 *   the Worker noted when it showed the region in edit mode (`noteSource`); a client never sets those.
 *   A frontmatter value that is not text is `{ <field>: { type: 'value', value: scalar | string[] } }`. In a content
 *   collection with a known schema (`schemaOf`), every region but the body is checked against it: 422 `validation`.
 * - `POST …/publish` `{ versionId? }`, `POST …/unpublish` (both need `access.publish`), `POST …/discard` `{ versionId }`.
 *
 * Publishing copies the published regions to KV, which visitors' pages read.
 */
export function overlayRoute<E extends OverlayEnv>(options: OverlayRouteOptions<E>): EditorRoute<E> {
  const sanitize = (html: string) => sanitizeRichHtml(html, { mediaBase: options.mediaBase });
  return answering(async function overlays(request, env) {
    const target = overlayTarget(new URL(request.url).pathname, options);
    if (!target) return undefined;
    const { doc, action } = target;
    const method = request.method;
    if (action === 'versions' && (method === 'GET' || method === 'HEAD')) {
      await requireEditor(request, env, options.resolveEditor);
      const client = readSession(env.DB, request);
      const id = await findOverlayId(client, doc);
      const body = id === null ? { items: [], nextCursor: null, publishedVersionId: null, buffered: false, revs: {} } : await history(env, client, id, request);
      return withBookmark(json(body), client, request);
    }
    if (method !== 'POST')
      throw new HttpError(405, 'method_not_allowed', `Use POST for ${action}.`, {}, { allow: action === 'versions' ? 'GET, HEAD, POST' : 'POST' });
    const session = await requireEditor(request, env, options.resolveEditor, { publish: action === 'publish' || action === 'unpublish' });
    const client = writeSession(env.DB);
    if (action === 'versions') {
      const edit = parseSave(await parseBody(request, jsonObject('The body must be a JSON object of changed regions.')), sanitize, options.mediaBase);
      const schema = options.schemaOf?.(doc.collection);
      if (schema) checkEntrySave(schema, edit.fields);
      if (env.KV) await addNotedSources(env.KV, doc, edit.fields);
      if (env.KV && schema) await addEntryFile(env.KV, doc, edit.fields);
      return withBookmark(json(await saveOverlayRegions(client, session, doc, edit)), client, request);
    }
    const id = await findOverlayId(client, doc);
    if (id === null) return neverSaved(request, action, doc);
    let response: Response;
    if (action === 'discard') {
      await applyDiscard(env, overlayDeps, id, (await parseBody(request, DiscardBody)).versionId, client);
      response = new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    } else {
      let published: { publishedVersionId: number | null } = { publishedVersionId: null };
      if (action === 'publish') published = await applyPublish(env, overlayDeps, session, id, (await parseBody(request, PublishBody)).versionId, client);
      else await applyUnpublish(env, overlayDeps, session, id, client);
      // Visitors read the KV copy: a failed copy is said, so the editor can publish again.
      const cached = await mirrorOverlay(env, client, doc);
      response = json(cached || !env.KV ? published : { ...published, warning: 'Visitors may see the previous text for a while: publish again to retry.' });
    }
    return withBookmark(response, client, request);
  });
}

/**
 * Publish or discard on a document nothing was saved into yet answers as for
 * one with nothing pending (409 `no_draft`; 204), so Publish and Discard on a
 * page with a region never edited act on the rest; unpublish is 404.
 */
async function neverSaved(request: Request, action: string, doc: OverlayDoc): Promise<Response> {
  if (action === 'publish') {
    await parseBody(request, PublishBody);
    throw new HttpError(409, 'no_draft', 'There is no pending draft to publish.');
  }
  if (action === 'discard') {
    await parseBody(request, DiscardBody);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  }
  throw new HttpError(404, 'not_found', `Nothing was saved into ${doc.collection}:${doc.key} yet.`);
}

async function history<E extends OverlayEnv>(env: E, client: D1Database | D1DatabaseSession, id: number, request: Request) {
  return listVersions(env, overlayDeps, client, id, new URL(request.url), (data) => regionRevs((data.regions ?? {}) as OverlayRegions));
}

/** `/api/cms/<collection>/<key>/<action>` for an undeclared collection, or null (another route's path). */
function overlayTarget(pathname: string, options: OverlayRouteOptions<never>): { doc: OverlayDoc; action: string } | null {
  if (!pathname.startsWith('/api/cms/')) return null;
  const parts = pathname.slice('/api/cms/'.length).split('/');
  if (parts.length !== 3) return null;
  const [collection, rawKey, action] = parts as [string, string, string];
  if (!ACTIONS.has(action) || !OVERLAY_COLLECTION.test(collection) || RESERVED.has(collection) || options.isDeclared(collection)) return null;
  let key: string;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    throw new HttpError(400, 'invalid_key', 'The document key is not valid URL encoding.');
  }
  if (!isOverlayKey(key)) throw new HttpError(400, 'invalid_key', 'A region key is 1 to 200 characters with no control characters.');
  return { doc: { collection, key }, action };
}

/** Each Markdown region saved gets the file and source hash the Worker noted for it, if any (a region not backed by a file has none). */
async function addNotedSources(kv: KVNamespace, doc: OverlayDoc, fields: Record<string, OverlayRegion>): Promise<void> {
  for (const [name, region] of Object.entries(fields)) {
    if (region.type !== 'markdown') continue;
    const noted = await notedSource(kv, doc, name);
    if (!noted) continue;
    region.source = noted.hash;
    if (noted.file !== undefined) region.file = noted.file;
  }
}

/**
 * A save into an entry of a collection with a schema records, on each
 * frontmatter region, the file the Worker noted for the entry's body (the
 * page's own `cmsEntry` markup, never the client), so `louise content pull`
 * finds an entry whose body nobody edited. None is recorded before the body
 * was shown in edit mode once.
 */
async function addEntryFile(kv: KVNamespace, doc: OverlayDoc, fields: Record<string, OverlayRegion>): Promise<void> {
  const frontmatter = Object.entries(fields).filter(([name, region]) => name !== 'body' && (region.type === 'text' || region.type === 'value'));
  if (frontmatter.length === 0) return;
  const file = (await notedSource(kv, doc, 'body'))?.file;
  if (file === undefined) return;
  for (const [, region] of frontmatter) if (region.type === 'text' || region.type === 'value') region.file = file;
}

const MarkdownSave = v.strictObject(
  { type: v.literal('markdown'), value: v.string('value must be Markdown text') },
  'a Markdown region is { type: "markdown", value }: nothing else (the server renders the HTML and notes the file)',
);

/** A Markdown region's text from either wire form: `{ type: 'markdown', value }`, or the text with `$type` markdown. */
function markdownText(name: string, raw: unknown, typed: string | undefined): string | null {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && (typed === undefined || typed === 'markdown')) {
    const parsed = v.safeParse(MarkdownSave, raw);
    if (!parsed.success) throw new HttpError(400, 'invalid_body', `${name}: ${v.summarize(parsed.issues)}`);
    return parsed.output.value;
  }
  if (typed !== 'markdown') return null;
  if (typeof raw !== 'string') throw new HttpError(400, 'invalid_body', `${name}: a Markdown region's value must be text.`);
  return raw;
}

/** A Markdown region as stored: its text normalized like any multi-line text, and the HTML it renders to, sanitized like rich text. */
function markdownRegion(name: string, markdown: string, mediaBase: string | undefined): MarkdownRegion {
  if (markdown.length > MAX_REGION) throw new HttpError(413, 'too_large', `${name}: a region holds at most ${MAX_REGION} characters.`);
  const value = normalizeFieldText(markdown, { oneLine: false });
  return { type: 'markdown', value, html: renderMarkdown(value, { mediaBase }) };
}

/** The one parse of a save body: the regions it carries, prepared like any field of their type (`prepareFields`), and its `$base`; 400/413 for anything else. */
function parseSave(body: Record<string, unknown>, sanitize: (html: string) => string, mediaBase: string | undefined): DraftEdit<OverlayRegion> {
  const parsedBase = v.safeParse(Base, body.$base);
  if (!parsedBase.success) throw new HttpError(400, 'invalid_body', v.summarize(parsedBase.issues));
  const types = v.safeParse(Types, body.$type);
  if (!types.success) throw new HttpError(400, 'invalid_body', v.summarize(types.issues));
  const values: Record<string, OverlayRegion> = Object.create(null);
  const names = Object.keys(body).filter((name) => name !== '$base' && name !== '$type');
  if (names.length === 0) throw new HttpError(400, 'empty_save', 'The save carries no regions.');
  if (names.length > MAX_REGIONS_PER_SAVE) throw new HttpError(413, 'too_large', `A save carries at most ${MAX_REGIONS_PER_SAVE} regions.`);
  const bad = names.filter((name) => !isRegionName(name));
  if (bad.length > 0) throw new HttpError(400, 'unknown_field', `Not a region name: ${bad.map((name) => JSON.stringify(name)).join(', ')}.`, { fields: bad });
  for (const name of names) {
    const raw = body[name];
    if (isValueSave(raw) || types.output[name] === 'value') {
      values[name] = valueRegion(name, raw);
      continue;
    }
    const markdown = markdownText(name, raw, types.output[name]);
    if (markdown !== null) {
      values[name] = markdownRegion(name, markdown, mediaBase);
      continue;
    }
    if (typeof raw === 'string' && raw.length > MAX_REGION) throw new HttpError(413, 'too_large', `${name}: a region holds at most ${MAX_REGION} characters.`);
    // A region is a field of the type the template gives it: the one preparation every write path uses.
    const type = (types.output[name] ?? 'text') as 'text' | 'richtext' | 'image';
    const { data, violations } = prepareFields({ value: raw }, { value: { type } }, sanitize);
    if (violations[0]) throw new HttpError(400, 'invalid_body', `${name}: ${violations[0].message}`);
    values[name] = { type, value: data.value } as OverlayRegion;
  }
  return { fields: values, base: parsedBase.output };
}
