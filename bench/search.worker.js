// Bench-only worker for bench/search.bench.ts. Plain JS (see drafts.worker.js); the
// bench's inline wrangler config aliases 'louise-bench-*' to the sources.
import { applyPublish, draftDeps } from 'louise-bench-editor';
import { defineCollection } from 'louise-bench-content';
import { pages, pagesVersions } from 'louise-bench-db';
import { ensureSearchIndex, reindexBatch, reindexDoc, searchCollection } from 'louise-bench-search';

const config = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json' } },
  versions: { drafts: true },
  tables: { table: pages, versions: pagesVersions },
  search: { fields: ['title', 'summary', 'body', 'paragraphs'], url: (page) => `/${page.slug}` },
});
const deps = draftDeps({ table: pages, versionsTable: pagesVersions, config });
const editor = { id: 'bench', email: 'bench@localhost', name: 'Bench', access: { publish: true } };

/** A deterministic corpus: words `w<rank>` drawn from a Zipf-like distribution over VOCAB words, so frequencies are known. */
const VOCAB = 20_000;
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
/** Rank r is drawn with probability ~ 1/r (inverse transform on the harmonic CDF, approximated by exp). */
const word = (next) => `w${Math.min(VOCAB, Math.floor(Math.exp(next() * Math.log(VOCAB))))}`;
const words = (next, n) => Array.from({ length: n }, () => word(next)).join(' ');
function pageOf(id) {
  const next = rng(id * 2654435761);
  return {
    slug: `p${id}`,
    title: `Page ${id} ${words(next, 4)}`,
    summary: words(next, 20),
    body: `<p>${words(next, 120)}</p><p>${words(next, 80)}</p>`,
    paragraphs: JSON.stringify([words(next, 30), words(next, 30)]),
  };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const op = url.searchParams.get('op');
    const num = (name, fallback) => Number(url.searchParams.get(name) ?? fallback);
    if (op === 'grow') {
      // Adds pages from..to (published: a version row each, the live row pointing at it).
      const from = num('from', 1);
      const to = num('to', 0);
      const statements = [];
      for (let id = from; id <= to; id++) {
        const p = pageOf(id);
        statements.push(
          env.DB.prepare('INSERT INTO pages (id, slug, title, summary, body, paragraphs, published_version_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?1)').bind(
            id,
            p.slug,
            p.title,
            p.summary,
            p.body,
            p.paragraphs,
          ),
          env.DB.prepare('INSERT INTO pages_versions (id, page_id, title, summary, body, paragraphs) VALUES (?1, ?1, ?2, ?3, ?4, ?5)').bind(
            id,
            p.title,
            p.summary,
            p.body,
            p.paragraphs,
          ),
        );
      }
      if (statements.length > 0) await env.DB.batch(statements);
      return Response.json({ ok: true });
    }
    if (op === 'ensure') {
      await ensureSearchIndex(env.DB, config);
      return Response.json({ ok: true });
    }
    if (op === 'reindex') {
      const cursor = url.searchParams.get('cursor');
      return Response.json(await reindexBatch(env.DB, config, { cursor: cursor === null ? null : Number(cursor), batch: num('batch', 500) }));
    }
    // Timed inside the Worker (workerd's clock moves across the awaited D1 call), so the harness round trip is not in the figure.
    if (op === 'search') {
      const started = Date.now();
      const page = await searchCollection(env.DB, config, { q: url.searchParams.get('q') ?? '', limit: 10, scope: url.searchParams.get('scope') ?? 'public' });
      return Response.json({ n: page.items.length, ms: Date.now() - started });
    }
    if (op === 'lookup') {
      const started = Date.now();
      const row = await env.DB.prepare('SELECT id, slug, title FROM pages WHERE id = ?1').bind(num('id', 1)).first();
      return Response.json({ n: row ? 1 : 0, ms: Date.now() - started });
    }
    if (op === 'publish') {
      // A draft of page `id`, then Publish; with `search=1` also reindexDoc, as the integration runs it after a publish.
      const started = Date.now();
      const id = num('id', 1);
      const p = pageOf(id + 7_000_000);
      await env.DB.prepare('INSERT INTO pages_versions (page_id, title, summary, body, paragraphs) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(id, p.title, p.summary, p.body, p.paragraphs)
        .run();
      await applyPublish(env, deps, editor, id, undefined, env.DB);
      if (url.searchParams.get('search') === '1') await reindexDoc(env.DB, pages, config, id);
      return Response.json({ ms: Date.now() - started });
    }
    return new Response('unknown op', { status: 400 });
  },
};
