import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/content/collection.ts';
import { siteSettings } from '../../src/db/schema.ts';
import { mediaRoute } from '../../src/media/media-route.ts';
import { findMediaReferences } from '../../src/media/refs.ts';
import { countingD1, headerEditor, pagesCollection, seedPage } from './content-helpers.ts';
import { clearMedia, everything, fixture, send, upload } from './media-helpers.ts';

// A live settings collection over the toolkit's site_settings row, its JSON `custom` column holding a logo.
const settings = defineCollection({
  slug: 'settings',
  rows: { site: 1 },
  fields: { tagline: { type: 'text' }, custom: { type: 'json' } },
  tables: { table: siteSettings },
});
const collections = [pagesCollection, settings];
const api = mediaRoute<Env>({ resolveEditor: headerEditor, collections });

let n = 0;
const slug = () => `media-ref-${++n}`;

async function uploaded(file = 'photo.jpg'): Promise<{ id: number; key: string; url: string }> {
  const response = await upload(api, file, await fixture(file));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; key: string; url: string };
}

/** Adds a version of a page; returns its id. */
async function addVersion(pageId: number, body: string, discarded = false): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO pages_versions (page_id, title, summary, body, paragraphs, discarded_at, discarded_by) VALUES (?1, 'T', '', ?2, '[]', ?3, ?4) RETURNING id",
  )
    .bind(pageId, body, discarded ? Date.now() : null, discarded ? 'discard' : null)
    .first<{ id: number }>();
  return row!.id;
}
const publish = (pageId: number, versionId: number) => env.DB.prepare('UPDATE pages SET published_version_id = ?2 WHERE id = ?1').bind(pageId, versionId).run();
const remove = (id: number, force = false) => send(api, 'DELETE', `/api/cms/media?id=${id}${force ? '&force=1' : ''}`);

beforeEach(async () => {
  await clearMedia();
  await env.DB.batch([env.DB.prepare('DELETE FROM pages'), env.DB.prepare('DELETE FROM overlays'), env.DB.prepare('DELETE FROM site_settings')]);
});

describe('mediaRoute DELETE: reference-checked', () => {
  it('no reference: 204, the row and the object are gone', async () => {
    const asset = await uploaded();
    await seedPage({ slug: slug(), body: '<p>no images here</p>' });
    const response = await remove(asset.id);
    expect(response.status).toBe(204);
    expect(await everything()).toEqual({ objects: [], rows: [] });
    expect((await remove(asset.id)).status).toBe(404);
  });

  it('in a pending draft only: 409 in_use naming the page and field, nothing deleted; force=1 deletes', async () => {
    const asset = await uploaded();
    const page = await seedPage({ slug: slug(), body: '<p>live</p>' });
    await addVersion(page, `<p><img src="${asset.url}" alt=""></p>`);
    const before = await everything();
    const response = await remove(asset.id);
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: string; references: unknown[]; message: string };
    expect(body).toMatchObject({ error: 'in_use', references: [{ collection: 'pages', id: page, field: 'body' }] });
    expect(body.message).toMatch(/force=1/);
    expect(await everything()).toEqual(before);
    // Forcing a delete that breaks content needs the publish right.
    expect((await send(api, 'DELETE', `/api/cms/media?id=${asset.id}&force=1`, undefined, { publish: false })).status).toBe(403);
    expect(await everything()).toEqual(before);
    expect((await remove(asset.id, true)).status).toBe(204);
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('in the live row only (its draft published): 409', async () => {
    const asset = await uploaded();
    const page = await seedPage({ slug: slug(), paragraphs: [`see ${asset.url}`] });
    const version = await addVersion(page, '<p>published</p>');
    await publish(page, version);
    expect(await (await remove(asset.id)).json()).toMatchObject({ references: [{ collection: 'pages', id: page, field: 'paragraphs' }] });
  });

  it('not in discarded drafts nor in versions older than the published one', async () => {
    const asset = await uploaded();
    const page = await seedPage({ slug: slug() });
    await addVersion(page, `<img src="${asset.url}">`);
    const live = await addVersion(page, '<p>now</p>');
    await publish(page, live);
    await addVersion(page, `<img src="${asset.url}">`, true);
    expect(await findMediaReferences(env.DB, collections, asset.key)).toEqual([]);
    expect((await remove(asset.id)).status).toBe(204);
  });

  it('in settings (a live collection, JSON column): 409', async () => {
    const asset = await uploaded();
    await env.DB.prepare('INSERT INTO site_settings (id, custom) VALUES (1, ?1)')
      .bind(JSON.stringify({ logo: { src: asset.url, alt: 'Logo' } }))
      .run();
    expect(await (await remove(asset.id)).json()).toMatchObject({ error: 'in_use', references: [{ collection: 'settings', id: 1, field: 'custom' }] });
  });

  it('in an overlay region (published or drafted): 409', async () => {
    const asset = await uploaded();
    const other = await uploaded('pixel.png');
    const doc = await env.DB.prepare("INSERT INTO overlays (collection, key, regions) VALUES ('home', 'index', ?1) RETURNING id")
      .bind(JSON.stringify({ intro: { type: 'richtext', value: `<img src="${asset.url}">` } }))
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO overlays_versions (overlay_id, regions) VALUES (?1, ?2)')
      .bind(doc!.id, JSON.stringify({ hero: { type: 'richtext', value: `<img src="/media/${other.key}">` } }))
      .run();
    expect(await (await remove(asset.id)).json()).toMatchObject({ references: [{ collection: 'overlays', id: doc!.id, field: 'regions' }] });
    expect(await (await remove(other.id)).json()).toMatchObject({ references: [{ collection: 'overlays', id: doc!.id, field: 'regions' }] });
  });

  it('lists each place once, across live row, drafts and fields', async () => {
    const asset = await uploaded();
    const page = await seedPage({ slug: slug(), title: asset.key, body: `<img src="${asset.url}">` });
    await addVersion(page, `<img src="${asset.url}">`);
    await addVersion(page, `<img src="${asset.url}"> again`);
    const refs = await findMediaReferences(env.DB, collections, asset.key);
    expect(refs.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { collection: 'pages', id: page, field: 'body' },
      { collection: 'pages', id: page, field: 'title' },
    ]);
  });

  it('scans with one query per table, however many rows', async () => {
    const asset = await uploaded();
    for (let i = 0; i < 30; i++) {
      const page = await seedPage({ slug: slug(), body: i % 3 === 0 ? `<img src="${asset.url}">` : '' });
      await addVersion(page, i % 5 === 0 ? `<img src="${asset.url}">` : '');
    }
    const counting = countingD1(env.DB);
    const prepared: string[] = [];
    const DB = new Proxy(counting.DB, {
      get(target, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            prepared.push(sql);
            return target.prepare(sql);
          };
        return Reflect.get(target, prop, target);
      },
    });
    const refs = await findMediaReferences(DB, collections, asset.key);
    // Live rows i % 3 === 0 (10), drafts i % 5 === 0 (6), both for i = 0 and 15: 14 pages, each once.
    expect(refs.length).toBe(14);
    // pages, pages_versions, site_settings, overlays, overlays_versions: five statements in one round trip.
    expect(prepared).toHaveLength(5);
    expect(counting.count()).toBe(1);
  });

  it('DELETE of an unknown id is 404, and needs a session and the same origin', async () => {
    const asset = await uploaded();
    expect((await remove(987654)).status).toBe(404);
    expect((await send(api, 'DELETE', '/api/cms/media?id=abc')).status).toBe(404);
    expect((await send(api, 'DELETE', `/api/cms/media?id=${asset.id}`, undefined, { editor: null })).status).toBe(401);
    expect((await send(api, 'DELETE', `/api/cms/media?id=${asset.id}`, undefined, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await everything()).rows).toHaveLength(1);
  });
});
