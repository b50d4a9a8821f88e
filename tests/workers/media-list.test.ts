import { env } from 'cloudflare:test';
import type { MediaAsset } from '../../src/media/asset.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { listMediaRoute } from '../../src/media/list-media-route.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { headerEditor, pagesCollection, seedPage } from './content-helpers.ts';
import { clearMedia, everything, fixture, send, sha256Hex, streamedUpload, syntheticFile, upload } from './media-helpers.ts';

const api = listMediaRoute<Env>({ resolveEditor: headerEditor, scopes: ['uploads', 'avatars'], collections: [pagesCollection] });

/** An asset as this route answers it (`MediaAsset`, with its id type). */
type Asset = MediaAsset & { id: string };

beforeEach(async () => {
  await clearMedia();
  await env.DB.prepare('DELETE FROM pages').run();
});

const list = async (query = '') => {
  const response = await send(api, 'GET', `/api/cms/media${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Asset[]; nextCursor: string | null };
};

describe('listMediaRoute: the media contract over the bucket alone', () => {
  it('uploads into the default scope, keeps the asset in the object metadata, no table row', async () => {
    const bytes = await fixture('photo.jpg');
    const response = await upload(api, 'photo.jpg', bytes, { alt: 'Sunset', caption: 'Evening' });
    expect(response.status).toBe(201);
    const asset = (await response.json()) as Asset;
    const sha = await sha256Hex(bytes);
    expect(asset).toMatchObject({
      id: `uploads/${sha}.jpg`,
      key: `uploads/${sha}.jpg`,
      url: `/media/uploads/${sha}.jpg`,
      type: 'image/jpeg',
      bytes: bytes.length,
      width: 40,
      height: 30,
      alt: 'Sunset',
      caption: 'Evening',
    });
    const object = await env.MEDIA.head(asset.key);
    expect(object?.httpMetadata?.contentType).toBe('image/jpeg');
    expect(object?.customMetadata).toMatchObject({
      alt: 'Sunset',
      caption: 'Evening',
      width: '40',
      height: '30',
      filename: 'photo.jpg',
      sha256: sha,
      uploadedBy: 'ana',
    });
    expect(object?.customMetadata?.createdAt).toBe(String(asset.createdAt));
    expect((await everything()).rows).toEqual([]);
    const again = await upload(api, 'again.jpg', bytes);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(asset);
  });

  it('uploads into a named scope; an unknown scope, or a scope after the file, is 400 and stores nothing', async () => {
    const response = await upload(api, 'p.png', await fixture('pixel.png'), { scope: 'avatars' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Asset).key).toMatch(/^avatars\/[0-9a-f]{64}\.png$/);
    const before = await everything();
    const unknown = await upload(api, 'j.jpg', await fixture('photo.jpg'), { scope: 'secret' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('invalid_scope');
    expect((await upload(api, 'j.jpg', await fixture('photo.jpg'), { scope: '../x' })).status).toBe(400);
    const late = await upload(api, 'j.jpg', await fixture('photo.jpg'), { scope: 'avatars', fieldsLast: true });
    expect(late.status).toBe(400);
    expect((await upload(api, 'x.svg', await fixture('script.svg'))).status).toBe(415);
    expect(await everything()).toEqual(before);
  });

  it('400 when alt and caption do not fit in the object metadata R2 keeps (8 KB); nothing stored', async () => {
    const response = await upload(api, 'p.png', await fixture('pixel.png'), { alt: '\u00e9'.repeat(1000), caption: '\u20ac'.repeat(2000) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/8 KB/);
    expect(await everything()).toEqual({ objects: [], rows: [] });
  });

  it('streams a file larger than one part into the scope, with its metadata', async () => {
    const size = 9 * 1024 * 1024;
    const response = await runEditorRoute(api, streamedUpload(syntheticFile(await fixture('clip.mp4')), size), env);
    expect(response.status).toBe(201);
    const asset = (await response.json()) as Asset;
    expect(asset).toMatchObject({ type: 'video/mp4', bytes: size, width: null, height: null, alt: '' });
    expect(asset.key).toMatch(/^uploads\/[0-9a-f]{32}\.mp4$/);
    expect((await env.MEDIA.head(asset.key))?.customMetadata).toMatchObject({ filename: 'big.mp4', uploadedBy: 'ana' });
  });

  it('lists in key order across scopes, with cursor, scope, type and text filters', async () => {
    const files: [string, string, string][] = [
      ['photo.jpg', 'uploads', 'Sunset'],
      ['pixel.png', 'uploads', 'dot'],
      ['tone.mp3', 'uploads', 'beep'],
      ['doc.pdf', 'avatars', 'report 100%'],
      ['photo.webp', 'avatars', 'Face'],
    ];
    const keys: string[] = [];
    for (const [file, scope, alt] of files) keys.push(((await (await upload(api, file, await fixture(file), { scope, alt })).json()) as Asset).key);
    const sorted = [...keys].sort();
    const all = await list();
    expect(all.items.map((asset) => asset.id)).toEqual(sorted);
    expect(all.nextCursor).toBeNull();
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Asset[]; nextCursor: string | null } = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      pages.push(...page.items.map((asset) => asset.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(sorted);
    expect((await list('?scope=avatars')).items.map((asset) => asset.alt).sort()).toEqual(['Face', 'report 100%']);
    expect((await list('?type=image')).items.map((asset) => asset.alt).sort()).toEqual(['Face', 'Sunset', 'dot']);
    expect((await list('?type=audio%2Fmpeg')).items.map((asset) => asset.alt)).toEqual(['beep']);
    expect((await list('?q=SUNSET')).items.map((asset) => asset.alt)).toEqual(['Sunset']);
    expect((await list('?q=100%25')).items.map((asset) => asset.alt)).toEqual(['report 100%']);
    expect((await list('?q=tone.mp3')).items.map((asset) => asset.alt)).toEqual(['beep']);
    expect((await list('?limit=1&type=image')).items).toHaveLength(1);
    for (const bad of ['?scope=nope', '?cursor=elsewhere%2Fx.png', '?limit=500'])
      expect((await send(api, 'GET', `/api/cms/media${bad}`)).status, bad).toBe(400);
  });

  it('PATCH rewrites the object with new alt and caption, bytes unchanged; other keys 400', async () => {
    const bytes = await fixture('pixel.png');
    const asset = (await (await upload(api, 'p.png', bytes, { alt: 'old' })).json()) as Asset;
    const path = `/api/cms/media?id=${encodeURIComponent(asset.id)}`;
    const patched = await send(api, 'PATCH', path, { alt: 'new\talt', caption: 'cap' });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ ...asset, alt: 'new alt', caption: 'cap', createdAt: asset.createdAt });
    const object = await env.MEDIA.get(asset.key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    expect(object?.httpMetadata?.contentType).toBe('image/png');
    expect(object?.customMetadata).toMatchObject({ alt: 'new alt', caption: 'cap', width: '1', filename: 'p.png' });
    const refused = await send(api, 'PATCH', path, { alt: 'x', type: 'text/html' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'unknown_field', fields: ['type'] });
    expect((await env.MEDIA.head(asset.key))?.customMetadata?.alt).toBe('new alt');
    expect((await send(api, 'PATCH', `/api/cms/media?id=${encodeURIComponent('uploads/nothing.png')}`, { alt: 'x' })).status).toBe(404);
    expect((await send(api, 'PATCH', `/api/cms/media?id=${encodeURIComponent('other/x.png')}`, { alt: 'x' })).status).toBe(404);
  });

  it('DELETE is reference-checked like mediaRoute: 409 in use, force=1, then gone', async () => {
    const asset = (await (await upload(api, 'p.png', await fixture('pixel.png'))).json()) as Asset;
    const page = await seedPage({ slug: 'list-media-ref', body: `<img src="${asset.url}">` });
    const path = `/api/cms/media?id=${encodeURIComponent(asset.id)}`;
    const inUse = await send(api, 'DELETE', path);
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toMatchObject({ error: 'in_use', references: [{ collection: 'pages', id: page, field: 'body' }] });
    expect((await everything()).objects).toEqual([asset.key]);
    expect((await send(api, 'DELETE', `${path}&force=1`)).status).toBe(204);
    expect((await everything()).objects).toEqual([]);
    expect((await send(api, 'DELETE', path)).status).toBe(404);
  });

  it('refuses bad scopes when the route is made', () => {
    expect(() => listMediaRoute({ resolveEditor: headerEditor, scopes: [] })).toThrow(/scopes/);
    expect(() => listMediaRoute({ resolveEditor: headerEditor, scopes: ['a/b'] })).toThrow(/scopes/);
    expect(() => listMediaRoute({ resolveEditor: headerEditor, scopes: ['a', 'a'] })).toThrow(/scopes/);
  });
});
