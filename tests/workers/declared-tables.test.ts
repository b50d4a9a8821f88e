import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { cmsField } from '../../integration/worker/markers.ts';
import { loadEntry, type EntryAstro } from '../../integration/worker/page-data.ts';
import type { LouiseLocals } from '../../integration/worker/edit-mode.ts';
import { collectionRoutes } from '../../src/drafts/collection-routes.ts';
import { banner, posts } from '../fixtures/collections/collections.ts';
import tablesSql from '../fixtures/collections/tables.sql?raw';
import { call, composeRoutes, headerEditor } from './content-helpers.ts';

// A site's own collections on the tables drizzle-kit generates for them
// (tables.sql, checked against collectionTables by the unit tests): the
// routes the integration mounts and the loader work on them as they are.
beforeAll(async () => {
  const statements = tablesSql.split('--> statement-breakpoint').map((statement) => statement.trim());
  await env.DB.batch(statements.filter(Boolean).map((statement) => env.DB.prepare(statement)));
});

const api = composeRoutes(...collectionRoutes<Env>({ collections: [posts, banner], resolveEditor: headerEditor }));
const astro = (editing: boolean): EntryAstro & { locals: { louise: LouiseLocals } } => ({
  locals: { louise: { editor: null, editing, revs: {}, invalid: {}, sections: {} } },
  cookies: { get: () => undefined, set: () => undefined },
  url: new URL('https://site.test/'),
});

describe("a site's own collections on generated tables", () => {
  it('a drafts collection: create, draft, publish; visitors see it only once published, editors see the draft', async () => {
    const created = await call(api, '/api/cms/posts', { body: { slug: 'hello', title: 'Hello', tags: ['a'], heroImage: { src: '/h.png' } }, publish: false });
    expect(created.status).toBe(201);
    const { page } = await created.json<{ page: { id: number; publishedVersionId: number | null } }>();
    expect(page.publishedVersionId).toBeNull();
    expect(await loadEntry(astro(false), posts, { slug: 'hello' }, { db: env.DB })).toBeNull();
    expect((await call(api, `/api/cms/posts/${page.id}/versions`, { body: { 'tags.0': 'b', body: '<p>Hi<script>x</script></p>' } })).status).toBe(200);
    const editing = astro(true);
    const draft = await loadEntry(editing, posts, { slug: 'hello' }, { db: env.DB });
    expect(draft).toMatchObject({ title: 'Hello', tags: ['b'], body: '<p>Hi</p>', heroImage: { src: '/h.png' } });
    expect(cmsField(editing, draft!, 'body')).toEqual({ 'data-cms-field': `posts:${page.id}:body`, 'data-cms-type': 'richtext' });
    expect((await call(api, `/api/cms/posts/${page.id}/publish`, { body: {} })).status).toBe(200);
    expect(await loadEntry(astro(false), posts, page.id, { db: env.DB })).toMatchObject({ slug: 'hello', tags: ['b'] });
  });

  it('a live collection with a named row: saved live through /api/cms/save, loaded by name', async () => {
    await env.DB.prepare('INSERT INTO banner (id, banner_text) VALUES (1, ?1)').bind('Old').run();
    expect((await call(api, '/api/cms/save', { body: { field: 'banner:home:bannerText', value: 'New' } })).status).toBe(204);
    expect(await loadEntry(astro(false), banner, 'home', { db: env.DB })).toMatchObject({ id: 1, bannerText: 'New' });
  });
});
