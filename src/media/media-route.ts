import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { db, type LouiseDb } from '../db/client.ts';
import { media, type MediaRow } from '../db/media-schema.ts';
import { HttpError } from '../http/errors.ts';
import { listPage, parseId } from '../http/list-query.ts';
import type { EditorRoute } from '../http/route.ts';
import { mediaBaseUrl, type MediaAsset, type MediaEnv, type MediaListQuery } from './asset.ts';
import { libraryRoute, mediaOptions, type MediaLibrary, type MediaRouteOptions } from './library-route.ts';
import { storeFile } from './store.ts';
import { receiveUpload } from './upload-form.ts';

export type { MediaRouteOptions } from './library-route.ts';

/**
 * The media library over the `MEDIA` bucket and the `media` registry table,
 * at `/api/cms/media` (option `path`):
 *
 * - `GET ?limit=&cursor=&type=&q=` → `{ items, nextCursor }`, newest first;
 *   `type` a kind (`image`, `video`, `audio`, `pdf`) or a MIME type, `q` a
 *   case-insensitive (ASCII) substring of the file name, alt, caption or key
 *   (so the editor finds the asset an image on the page shows).
 * - `POST` multipart/form-data `file` (+ `alt`, `caption`) → 201 asset, or
 *   200 with the existing asset when the same bytes were stored before. The
 *   type comes from the bytes; see `storeFile` for every refusal.
 * - `PATCH ?id=` `{ alt?, caption? }` → 200 asset (any other key is 400 `unknown_field`).
 * - `DELETE ?id=[&force=1]` → 204; 409 `in_use` while content uses it.
 *
 * An asset is `{ id, url, key, type, bytes, width, height, alt, caption, createdAt }`.
 *
 * @example mediaRoute<Env>({ resolveEditor, collections: [pages, settings], limiter: (env) => durableRateLimitStorage(env.RATE_LIMITER) })
 */
export function mediaRoute<E extends MediaEnv>(options: MediaRouteOptions<E>): EditorRoute<E> {
  return libraryRoute(registryLibrary<E>(mediaOptions(options).maxBytes, options.url), options);
}

/** The registry table as a media library. */
function registryLibrary<E extends MediaEnv>(maxBytes: number, url: string | undefined): MediaLibrary<E> {
  return {
    id: (text) => parseId(text),

    async list(env, _bucket, query) {
      const cursor = query.cursor === null ? null : parseId(query.cursor);
      if (query.cursor !== null && cursor === null) throw new HttpError(400, 'invalid_query', 'cursor must be a nextCursor value from a previous page.');
      const rows = await db(env.DB)
        .select()
        .from(media)
        .where(and(cursor === null ? undefined : lt(media.id, cursor), typeFilter(query.type), textFilter(query.q)))
        .orderBy(desc(media.id))
        .limit(query.limit + 1);
      const page = listPage(rows, query.limit);
      return { items: page.items.map((row) => toAsset(env, url, row)), nextCursor: page.nextCursor };
    },

    async upload(env, bucket, request, editor) {
      const client = db(env.DB);
      const { fields, result } = await receiveUpload(request, {
        maxBytes,
        scope: false,
        fieldsAfterFile: true,
        store: (body) => storeFile(body, { bucket, prefix: '', maxBytes, existing: (sha256) => findBySha(client, sha256) }),
        undo: (stored) => deleteUnregistered(client, bucket, stored.key),
      });
      if (result.existing) return { asset: toAsset(env, url, result.existing), created: false };
      const { stored } = result;
      const { kind: _kind, ext: _ext, ...row } = stored;
      let inserted: MediaRow | undefined;
      try {
        [inserted] = await client
          .insert(media)
          .values({ ...row, alt: fields.alt, caption: fields.caption, filename: fields.filename, uploadedBy: editor.id })
          .onConflictDoNothing()
          .returning();
      } catch (error) {
        await deleteUnregistered(client, bucket, stored.key);
        throw error;
      }
      if (inserted) return { asset: toAsset(env, url, inserted), created: true };
      // The same bytes were registered meanwhile by another upload: answer that asset, keep one object.
      const other = await findBySha(client, stored.sha256);
      if (!other) throw new Error(`media: the row for ${stored.key} was neither inserted nor found.`);
      if (other.key !== stored.key) await bucket.delete(stored.key);
      return { asset: toAsset(env, url, other), created: false };
    },

    async update(env, _bucket, id, patch) {
      const [row] = await db(env.DB)
        .update(media)
        .set(patch)
        .where(eq(media.id, id as number))
        .returning();
      return row ? toAsset(env, url, row) : null;
    },

    async keyOf(env, _bucket, id) {
      const [row] = await db(env.DB)
        .select({ key: media.key })
        .from(media)
        .where(eq(media.id, id as number));
      return row?.key ?? null;
    },

    async remove(env, bucket, id, key) {
      // The row first: an object left behind by a failed delete is unseen; a row without its object would be a broken asset.
      await db(env.DB)
        .delete(media)
        .where(eq(media.id, id as number));
      await bucket.delete(key);
    },
  };
}

function toAsset(env: MediaEnv, url: string | undefined, row: MediaRow): MediaAsset {
  const { id, key, type, bytes, width, height, alt, caption, createdAt } = row;
  return { id, url: mediaBaseUrl(env, url) + key, key, type, bytes, width, height, alt, caption, createdAt };
}

async function findBySha(client: LouiseDb, sha256: string): Promise<MediaRow | null> {
  const [row] = await client.select().from(media).where(eq(media.sha256, sha256));
  return row ?? null;
}

/** Deletes an object this request wrote, unless a registry row holds its key (identical bytes registered by another upload meanwhile). */
async function deleteUnregistered(client: LouiseDb, bucket: R2Bucket, key: string): Promise<void> {
  const [held] = await client.select({ id: media.id }).from(media).where(eq(media.key, key));
  if (!held) await bucket.delete(key);
}

function typeFilter(filter: MediaListQuery['type']): SQL | undefined {
  if (!filter) return undefined;
  if ('mime' in filter) return eq(media.type, filter.mime);
  return filter.kind === 'pdf' ? eq(media.type, 'application/pdf') : sql`${media.type} LIKE ${`${filter.kind}/%`}`;
}

/** `q` as a LIKE substring of file name, alt or caption, its `%`, `_` and `\` matched literally. */
function textFilter(q: string | null): SQL | undefined {
  if (q === null) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const like = (column: AnySQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return or(like(media.filename), like(media.alt), like(media.caption), like(media.key));
}
