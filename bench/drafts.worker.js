// Bench-only worker for bench/drafts.bench.ts. Plain JS (see rate-limit.worker.js);
// the bench's inline wrangler config aliases 'louise-bench-editor' to src/editor/index.ts.
import { applySaveDraft, draftDeps, versionsRoute } from 'louise-bench-editor';
import { runEditorRoute } from 'louise-bench-http';
import { defineCollection } from 'louise-bench-content';
import { pages, pagesVersions } from 'louise-bench-db';

const config = defineCollection({
  slug: 'pages',
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json' } },
  versions: { drafts: true },
});
const deps = draftDeps({ table: pages, versionsTable: pagesVersions, config });
const editor = { id: 'bench', email: 'bench@localhost', name: 'Bench', access: { publish: true } };
const route = versionsRoute({ table: pages, versionsTable: pagesVersions, config, resolveEditor: () => editor });
const MAX_OPS = 20_000;

async function run(n, c, one) {
  let started = 0;
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (started < n) await one(started++);
    }),
  );
  return started;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const op = url.searchParams.get('op');
    const n = Math.min(Number(url.searchParams.get('n') ?? 1), MAX_OPS);
    const c = Math.min(Number(url.searchParams.get('c') ?? 1), 64);
    const spread = Math.min(Number(url.searchParams.get('pages') ?? 1), 1000);
    if (op === 'setup') {
      const count = Number(url.searchParams.get('count'));
      await env.DB.prepare('DELETE FROM pages').run();
      await env.DB.prepare(
        `WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < ?1) INSERT INTO pages (id, slug, title, paragraphs) SELECT x, 'p' || x, 'Title ' || x, '["a","b","c"]' FROM s`,
      )
        .bind(count)
        .run();
      return Response.json({ ok: true });
    }
    if (op === 'fill') {
      const page = Number(url.searchParams.get('page'));
      await env.DB.prepare(
        `WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < ?2) INSERT INTO pages_versions (page_id, title, summary, body, paragraphs, created_by) SELECT ?1, 'v' || x, 'summary', '<p>body ' || x || '</p>', '["a","b","c"]', 'bench' FROM s`,
      )
        .bind(page, n)
        .run();
      return Response.json({ ok: true });
    }
    if (op === 'raw') {
      const ops = await run(n, c, (i) =>
        env.DB.prepare('INSERT INTO pages_versions (page_id, title, summary, body, paragraphs) VALUES (?1, ?2, ?3, ?4, ?5)')
          .bind((i % spread) + 1, `raw ${i}`, 's', '<p>b</p>', '["a","b","c"]')
          .run(),
      );
      return Response.json({ ops });
    }
    if (op === 'save') {
      const ops = await run(n, c, async (i) => {
        const id = (i % spread) + 1;
        await applySaveDraft(env, deps, editor, id, { fields: { title: `save ${i}` }, items: [{ field: 'paragraphs', index: 1, value: `p${i}` }] });
      });
      return Response.json({ ops });
    }
    if (op === 'list') {
      const page = url.searchParams.get('page');
      const cursor = url.searchParams.get('cursor');
      const res = await runEditorRoute(
        route,
        new Request(`https://bench.local/api/cms/pages/${page}/versions?limit=50${cursor ? `&cursor=${cursor}` : ''}`),
        env,
      );
      return new Response(res.body, { status: res.status });
    }
    return new Response('usage: ?op=setup|fill|raw|save|list', { status: 400 });
  },
};
