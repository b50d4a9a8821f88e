import { env } from 'cloudflare:test';
import { defineCollection, textList } from '../../src/content/collection.ts';
import { resolveCollection } from '../../src/content/resolved-collection.ts';
import { runEditorRoute, type EditorRoute, type RouteContext } from '../../src/http/route.ts';
import type { SearchPage } from '../../src/search/search-collection.ts';
import { ORIGIN, type Call } from './content-helpers.ts';

/** The toolkit's pages table as a searchable drafts collection, linking each hit to its slug. */
export const searchablePages = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    body: { type: 'richtext' },
    paragraphs: { type: 'json', schema: textList },
    hero: { type: 'image' },
  },
  versions: { drafts: true },
  search: { fields: ['title', 'summary', 'body', 'paragraphs', 'hero'], url: (entry) => `/${String(entry.slug)}` },
});

/** A live searchable collection with a free-form json field; its table is made by `createDocsTable`. */
export const docs = defineCollection({
  slug: 'docs',
  unique: ['slug'],
  fields: { title: { type: 'text' }, body: { type: 'richtext' }, data: { type: 'json' } },
  search: { fields: ['title', 'body', 'data'] },
});
export const docsTable = resolveCollection(docs).table;

/** The table `collectionTables(docs)` describes (a site would have it from drizzle-kit). */
export async function createDocsTable(): Promise<void> {
  await env.DB.prepare(
    `CREATE TABLE IF NOT EXISTS docs (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, slug text NOT NULL UNIQUE, title text DEFAULT '' NOT NULL, ` +
      `body text DEFAULT '' NOT NULL, data text, created_at integer DEFAULT 0 NOT NULL, updated_at integer DEFAULT 0 NOT NULL)`,
  ).run();
}

let docCount = 0;
/** Inserts a docs row directly (as a script would) and returns its id. */
export async function insertDoc(fields: { title?: string; body?: string; data?: unknown; slug?: string }): Promise<number> {
  const row = await env.DB.prepare('INSERT INTO docs (slug, title, body, data) VALUES (?1, ?2, ?3, ?4) RETURNING id')
    .bind(fields.slug ?? `doc-${++docCount}`, fields.title ?? '', fields.body ?? '', fields.data === undefined ? null : JSON.stringify(fields.data))
    .first<{ id: number }>();
  return row!.id;
}

/**
 * Calls a route as a browser on the site would (see `call`), with an
 * execution context whose `waitUntil` work is awaited before returning, so
 * a test sees what the route finishes after its answer.
 */
export async function send(route: EditorRoute<Env>, path: string, options: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: options.origin ?? ORIGIN };
  if (options.editor !== null) headers['x-editor'] = options.editor ?? 'ana';
  if (options.publish ?? true) headers['x-publish'] = '1';
  const init: RequestInit = { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const pending: Promise<unknown>[] = [];
  const ctx: RouteContext = { waitUntil: (promise) => void pending.push(promise) };
  const response = await runEditorRoute(route, new Request(`${ORIGIN}${path}`, init), env, ctx);
  await Promise.all(pending);
  return response;
}

/** GET `<base>/search` and the page it answers (throws on another status, with the body). */
export async function searchPage(route: EditorRoute<Env>, base: string, params: Record<string, string>, options: Call = {}): Promise<SearchPage> {
  const response = await send(route, `${base}/search?${new URLSearchParams(params)}`, options);
  if (response.status !== 200) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return response.json<SearchPage>();
}

/** The ids a search answers, best first. */
export async function searchIds(route: EditorRoute<Env>, base: string, q: string, scope: 'public' | 'editor' = 'public'): Promise<number[]> {
  return (await searchPage(route, base, { q, scope })).items.map((hit) => hit.id);
}
