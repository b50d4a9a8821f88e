import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { overlayCacheKey } from '../../src/content/overlay.ts';
import { rewriteRegions, type RegionRewrite } from '../../src/content/overlay-html.ts';
import { overlayRoute } from '../../src/drafts/overlay-route.ts';
import { call, headerEditor } from './content-helpers.ts';

const api = overlayRoute<Env>({ resolveEditor: headerEditor, isDeclared: (collection) => collection === 'pages' });
const writer = { publish: false } as const;
let n = 0;
const doc = () => `/api/cms/home/k${++n}`;

/** Every overlay row and version, to prove a refused request wrote nothing. */
async function everything(): Promise<string> {
  const [o, v] = await env.DB.batch([env.DB.prepare('SELECT * FROM overlays ORDER BY id'), env.DB.prepare('SELECT * FROM overlays_versions ORDER BY id')]);
  return JSON.stringify([o?.results, v?.results]);
}

describe('overlay route', () => {
  it('saves a region as a draft, publishes it, and copies the published regions to KV for visitors', async () => {
    const path = doc();
    const saved = await call(api, `${path}/versions`, {
      body: { heading: 'Hello\u0000 there', intro: '<p>Hi<script>x</script></p>', $type: { intro: 'richtext' } },
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { versionId: number; revs: Record<string, string> };
    expect(body.revs.heading).toBe(fieldRev('Hello there'));
    expect(body.revs.intro).toBe(fieldRev('<p>Hi</p>'));
    const key = overlayCacheKey('home', path.split('/').at(-1) as string);
    expect(await env.KV.get(key)).toBeNull();

    const published = await call(api, `${path}/publish`, { body: {} });
    expect(published.status).toBe(200);
    expect(await env.KV.get(key, 'json')).toEqual({ heading: { type: 'text', value: 'Hello there' }, intro: { type: 'richtext', value: '<p>Hi</p>' } });

    const history = (await (await call(api, `${path}/versions`)).json()) as { items: { status: string }[]; revs: Record<string, string> };
    expect(history.items.map((item) => item.status)).toEqual(['published']);
    expect(history.revs).toEqual(body.revs);

    expect((await call(api, `${path}/unpublish`, { body: {} })).status).toBe(200);
    expect(await env.KV.get(key)).toBeNull();
  });

  it('answers 409 with the stored value when a region changed since the editor loaded it, and writes nothing', async () => {
    const path = doc();
    await call(api, `${path}/versions`, { body: { heading: 'first' } });
    await call(api, `${path}/versions`, { body: { heading: 'second', $base: { heading: fieldRev('first') } }, editor: 'bo' });
    const before = await everything();
    const stale = await call(api, `${path}/versions`, { body: { heading: 'mine', $base: { heading: fieldRev('first') } } });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'conflict', conflicts: [{ field: 'heading', value: 'second', rev: fieldRev('second') }] });
    expect(await everything()).toBe(before);
    // A region nobody saved yet has the revision of null; a save built on it is checked too.
    const fresh = await call(api, `${path}/versions`, { body: { intro: 'new', $base: { intro: fieldRev(null) } } });
    expect(fresh.status).toBe(200);
  });

  it('two first saves landing together on a new document both keep their region', async () => {
    const path = doc();
    const [a, b] = await Promise.all([
      call(api, `${path}/versions`, { body: { heading: 'A' } }),
      call(api, `${path}/versions`, { body: { intro: 'B' }, editor: 'bo' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const history = (await (await call(api, `${path}/versions`)).json()) as { items: unknown[]; revs: Record<string, string> };
    expect(history.items).toHaveLength(2);
    expect(history.revs).toEqual({ heading: fieldRev('A'), intro: fieldRev('B') });
  });

  it('keeps the site live for writers: they save drafts, but publishing and unpublishing are 403', async () => {
    const path = doc();
    expect((await call(api, `${path}/versions`, { body: { heading: 'draft' }, ...writer })).status).toBe(200);
    const before = await everything();
    expect((await call(api, `${path}/publish`, { body: {}, ...writer })).status).toBe(403);
    expect((await call(api, `${path}/unpublish`, { body: {}, ...writer })).status).toBe(403);
    expect(await everything()).toBe(before);
  });

  it('discards pending drafts and restores an older version', async () => {
    const path = doc();
    const first = (await (await call(api, `${path}/versions`, { body: { heading: 'one' } })).json()) as { versionId: number };
    await call(api, `${path}/publish`, { body: {} });
    const second = (await (await call(api, `${path}/versions`, { body: { heading: 'two' } })).json()) as { versionId: number };
    expect((await call(api, `${path}/discard`, { body: { versionId: second.versionId } })).status).toBe(204);
    const history = (await (await call(api, `${path}/versions`)).json()) as { items: { id: number; status: string }[]; revs: Record<string, string> };
    expect(history.items.map((item) => item.status)).toEqual(['discarded', 'published']);
    expect(history.revs.heading).toBe(fieldRev('one'));
    expect((await call(api, `${path}/publish`, { body: { versionId: first.versionId } })).status).toBe(200);
  });

  it('refuses hostile and malformed saves with a 4xx and writes nothing', async () => {
    const path = doc();
    await call(api, `${path}/versions`, { body: { heading: 'kept' } });
    const before = await everything();
    const refused: [unknown, number][] = [
      [{}, 400],
      [{ heading: 42 }, 400],
      [{ 'bad name': 'x' }, 400],
      ['{"__proto__":"x","heading":"y"}', 400],
      ['{"heading":"y","$base":{"toString":"x"}}', 400],
      ['{"constructor":"x"}', 400],
      [{ heading: 'x', $type: { heading: 'script' } }, 400],
      [{ heading: 'x', $base: { heading: 7 } }, 400],
      [{ heading: 'x'.repeat(200_001) }, 413],
      [Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, 'x'])), 413],
      ['[1,2]', 400],
      ['not json', 400],
    ];
    for (const [body, status] of refused) {
      const res = await call(api, `${path}/versions`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(/^[a-z_]+$/);
    }
    expect((await call(api, '/api/cms/home/%E0%A4%A/versions', { body: { heading: 'x' } })).status).toBe(400);
    expect((await call(api, `/api/cms/home/${'k'.repeat(201)}/versions`, { body: { heading: 'x' } })).status).toBe(400);
    expect((await call(api, `${path}/versions`, { body: { heading: 'x' }, editor: null })).status).toBe(401);
    // A region never saved has nothing to publish or discard (the bar acts on every document of a page), and nothing to unpublish.
    const publishNever = await call(api, '/api/cms/home/never-saved/publish', { body: {} });
    expect(publishNever.status).toBe(409);
    expect(await publishNever.json()).toMatchObject({ error: 'no_draft' });
    expect((await call(api, '/api/cms/home/never-saved/discard', { body: { versionId: null } })).status).toBe(204);
    expect((await call(api, '/api/cms/home/never-saved/discard', { body: {} })).status).toBe(400);
    expect((await call(api, '/api/cms/home/never-saved/unpublish', { body: {} })).status).toBe(404);
    expect((await call(api, '/api/cms/home/never-saved/publish', { body: {}, ...writer })).status).toBe(403);
    expect(await everything()).toBe(before);
  });

  it('saves an image region ($type image) as { src, alt, width, height }, and refuses a hostile one', async () => {
    const path = doc();
    const image = { src: '/media/abc.jpg', alt: 'A\u0000 sky', width: 1600, height: 900 };
    const saved = await call(api, `${path}/versions`, { body: { cover: image, $type: { cover: 'image' } } });
    expect(saved.status).toBe(200);
    expect((await call(api, `${path}/publish`, { body: {} })).status).toBe(200);
    const key = overlayCacheKey('home', path.split('/').at(-1) as string);
    expect(await env.KV.get(key, 'json')).toEqual({ cover: { type: 'image', value: { ...image, alt: 'A sky' } } });
    const before = await everything();
    for (const cover of [
      { ...image, src: 'javascript:alert(1)' },
      { ...image, src: '//evil.example/x.png' },
      { ...image, onerror: 'alert(1)' },
      'text for an image',
    ]) {
      const res = await call(api, `${path}/versions`, { body: { cover, $type: { cover: 'image' } } });
      expect(res.status, JSON.stringify(cover)).toBe(400);
    }
    // An image sent as a text region is not text.
    expect((await call(api, `${path}/versions`, { body: { cover: image } })).status).toBe(400);
    expect(await everything()).toBe(before);
  });

  it('drops rich-text images outside mediaBase when given one', async () => {
    const media = overlayRoute<Env>({ resolveEditor: headerEditor, isDeclared: () => false, mediaBase: '/media/' });
    const path = doc();
    const body = { intro: '<p><img src="/media/a.jpg" alt="in"><img src="https://tracker.example/p.gif" alt="out"></p>', $type: { intro: 'richtext' } };
    expect((await call(media, `${path}/versions`, { body })).status).toBe(200);
    const history = (await (await call(media, `${path}/versions`)).json()) as { revs: Record<string, string> };
    expect(history.revs.intro).toBe(fieldRev('<p><img src="/media/a.jpg" alt="in" /></p>'));
  });

  it('leaves declared collections and the toolkit routes to their own routes', async () => {
    expect(await api(new Request('https://site.test/api/cms/pages/1/versions'), env, { waitUntil() {} })).toBeUndefined();
    expect(await api(new Request('https://site.test/api/cms/auth/x/versions'), env, { waitUntil() {} })).toBeUndefined();
    expect(await api(new Request('https://site.test/api/cms/home/k/other'), env, { waitUntil() {} })).toBeUndefined();
  });
});

const page = `<!doctype html><html><body><h1 data-cms-field="home:index:heading">Default heading</h1>
<img data-cms-field="home:index:cover" data-cms-type="image" src="/default.jpg" srcset="/default-2x.jpg 2x" alt="Default" width="10" height="10">
<div data-cms-field="home:index:body" data-cms-type="richtext" data-cms-label="Body"><p>Default body</p></div>
<p data-cms-field="pages:3:title">Declared</p><p data-cms-field="home:index:missing">Kept</p></body></html>`;

async function rewrite(options: Partial<RegionRewrite> & { regions: RegionRewrite['regions'] }): Promise<string> {
  const response = new Response(page, { headers: { 'content-type': 'text/html' } });
  return rewriteRegions(response, { editing: false, isOverlay: (c) => c !== 'pages', ...options }).text();
}

describe('rewriteRegions', () => {
  const regions = async () => ({
    heading: { type: 'text' as const, value: '<b>Escaped</b> & new' },
    body: { type: 'richtext' as const, value: '<p>New <em>body</em></p>' },
  });

  it('gives visitors the published values with every marker removed', async () => {
    const html = await rewrite({ regions });
    expect(html).toContain('<h1>&lt;b&gt;Escaped&lt;/b&gt; &amp; new</h1>');
    expect(html).toContain('<div><p>New <em>body</em></p></div>');
    expect(html).toContain('<p>Declared</p>');
    expect(html).toContain('<p>Kept</p>');
    expect(html).not.toContain('data-cms');
  });

  it('asks for each document once, and shows the defaults when the lookup fails', async () => {
    let asked = 0;
    const html = await rewrite({
      regions: async () => {
        asked++;
        throw new Error('KV down');
      },
    });
    expect(asked).toBe(1);
    expect(html).toContain('>Default heading</h1>');
    expect(html).not.toContain('data-cms');
  });

  it('never renders a value saved as the other type', async () => {
    const html = await rewrite({
      regions: async () => ({ heading: { type: 'richtext', value: '<i>rich</i>' }, body: { type: 'text', value: '<img src=x onerror=alert(1)>' } }),
    });
    expect(html).toContain('>Default heading</h1>');
    expect(html).toContain('<p>Default body</p>');
    expect(html).not.toContain('onerror');
  });

  it('sets an image region on its <img>: src and alt, the template’s width, dropping the default srcset', async () => {
    const cover = { src: '/media/new.jpg', alt: 'A "new" <sky>', width: 1600, height: null };
    const html = await rewrite({ regions: async () => ({ cover: { type: 'image', value: cover } }) });
    // The height of a picture of unknown proportions is left to the browser.
    expect(html).toContain('<img src="/media/new.jpg" alt="A &quot;new&quot; <sky>" width="10">');
    // A text value never lands on an image, nor an image in a text region.
    const crossed = await rewrite({ regions: async () => ({ cover: { type: 'text', value: 'x' }, heading: { type: 'image', value: cover } }) });
    expect(crossed).toContain('src="/default.jpg"');
    expect(crossed).toContain('>Default heading</h1>');
  });

  it('keeps the template’s width for an image region and takes the height from the stored picture’s proportions', async () => {
    // A value stored with a picture's intrinsic size (as the editor saved it before the page kept its width) must not blow the layout out.
    const wide = { src: '/media/wide.jpg', alt: 'Wide', width: 1440, height: 810 };
    const html = await rewrite({ regions: async () => ({ cover: { type: 'image', value: wide } }) });
    expect(html).toContain('<img src="/media/wide.jpg" alt="Wide" width="10" height="6">');
    // A template without a width renders the stored size as it is.
    const free = page.replace(' width="10" height="10"', '');
    const response = new Response(free, { headers: { 'content-type': 'text/html' } });
    const plain = await rewriteRegions(response, {
      editing: false,
      isOverlay: (c) => c !== 'pages',
      regions: async () => ({ cover: { type: 'image', value: wide } }),
    }).text();
    expect(plain).toContain('<img src="/media/wide.jpg" alt="Wide" width="1440" height="810">');
  });

  it('renders a block value stored for a region on a phrasing-content element (<p>) as inline content, never a <p> inside the <p> (issue 29)', async () => {
    const inline = `<!doctype html><html><body><p class="lede" data-cms-field="home:index:intro" data-cms-type="richtext">Default intro</p>
<h2 data-cms-field="home:index:title" data-cms-type="richtext">Default title</h2><div data-cms-field="home:index:body" data-cms-type="richtext">x</div></body></html>`;
    const stored = async () => ({
      intro: { type: 'richtext' as const, value: '<p>One <em>two</em></p><p>Three</p><ul><li>a</li><li>b</li></ul>' },
      title: { type: 'richtext' as const, value: 'Already <strong>inline</strong>' },
      body: { type: 'richtext' as const, value: '<p>Block</p><p>stays</p>' },
    });
    for (const editing of [false, true]) {
      const response = new Response(inline, { headers: { 'content-type': 'text/html' } });
      const html = await rewriteRegions(response, { editing, isOverlay: () => true, regions: stored }).text();
      expect(html).toMatch(/<p class="lede"[^>]*>One <em>two<\/em><br \/>Three<br \/>a<br \/>b<\/p>/);
      expect(html).toMatch(/<h2[^>]*>Already <strong>inline<\/strong><\/h2>/);
      expect(html).toMatch(/<div[^>]*><p>Block<\/p><p>stays<\/p><\/div>/);
    }
  });

  it('keeps the markers in edit mode and appends the tail with the revisions the page showed', async () => {
    const html = await rewrite({ editing: true, regions, tail: (revs) => `<script id="tail">${JSON.stringify(revs)}</script>` });
    expect(html).toContain('data-cms-field="home:index:heading"');
    const tail = /<script id="tail">(.*?)<\/script><\/body>/.exec(html)?.[1];
    expect(JSON.parse(tail ?? 'null')).toEqual({
      'home:index': { heading: fieldRev('<b>Escaped</b> & new'), cover: fieldRev(null), body: fieldRev('<p>New <em>body</em></p>'), missing: fieldRev(null) },
    });
  });
});
