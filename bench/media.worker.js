// Bench-only worker for bench/media.bench.ts. Plain JS (see rate-limit.worker.js);
// the bench's inline wrangler config aliases 'louise-bench-editor' to src/editor/index.ts
// (and -content, -db likewise). Every op times its calls here, the 10 MB being made before
// the clock starts, and answers milliseconds per call; the bench takes medians.
import { DEFAULT_PAGE_FIELDS, defineCollection } from 'louise-bench-content';
import { pages, pagesVersions } from 'louise-bench-db';
import { findMediaReferences, mediaRoute } from 'louise-bench-editor';
import { runEditorRoute } from 'louise-bench-http';

const { slug: _slug, ...fields } = DEFAULT_PAGE_FIELDS;
/** The reference site's pages collection (site/cms.config.ts): the toolkit's pages tables, drafts on. */
const pagesCollection = defineCollection({ slug: 'pages', fields, versions: { drafts: true }, tables: { table: pages, versions: pagesVersions } });
const collections = [pagesCollection];
const editor = { id: 'bench', email: 'bench@localhost', name: 'Bench', access: { publish: true } };
const ORIGIN = 'https://bench.local';
const route = mediaRoute({ resolveEditor: () => editor, collections });

const FILE_BYTES = 10_000_000;
const CHUNK = 64 * 1024;
const BOUNDARY = '----louise-bench-7MA4YWxkTrZu0gW';
const MAX_CALLS = 200;

/**
 * A 10 MB MP4 as the sniffer sees one: an `ftyp` box (the first 32 bytes of
 * tests/fixtures/media/clip.mp4), then an `mdat` box header and padding.
 */
function mp4(size) {
  const bytes = new Uint8Array(size);
  const ascii = (text, at) => bytes.set(new TextEncoder().encode(text), at);
  const u32 = (value, at) => new DataView(bytes.buffer).setUint32(at, value);
  u32(32, 0);
  ascii('ftypisom', 4);
  u32(0x200, 12);
  ascii('isomiso2avc1mp41', 16);
  u32(size - 32, 32);
  ascii('mdat', 36);
  for (let i = 40; i < size; i++) bytes[i] = Math.imul(i, 2654435761) >>> 24;
  return bytes;
}

/** New bytes in place every call (after the box headers), so identical-bytes dedupe never answers. */
const vary = (bytes) => crypto.getRandomValues(bytes.subarray(40, 56));
const randomKey = () => `${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}.mp4`;

/**
 * The upload as a browser sends it: multipart/form-data arriving as a stream of 64 KiB
 * chunks (views of the bytes, so the route pays no copy the direct put does not).
 */
function uploadRequest(bytes) {
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="alt"\r\n\r\nBench clip\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  let at = 0;
  let sentHead = false;
  const body = new ReadableStream({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
      } else if (at < bytes.length) {
        controller.enqueue(bytes.subarray(at, at + CHUNK));
        at += CHUNK;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return new Request(`${ORIGIN}/api/cms/media`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: {
      origin: ORIGIN,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(head.length + bytes.length + tail.length),
    },
  });
}

/**
 * Runs `call` n times; `ms` per call, and `mean`: the whole run over n. workerd's clock
 * counts whole milliseconds, so calls of about a millisecond are read from `mean`.
 */
async function timed(n, call) {
  const ms = [];
  const first = performance.now();
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await call(i);
    ms.push(performance.now() - started);
  }
  return { ms, mean: (performance.now() - first) / n };
}

/** ~2 KB of rich text as the editor saves it; `{n}` is the page number. */
const BODY = [
  '<h2>Chapter {n}: what we learned this season</h2>',
  '<p>Our team spent the spring rebuilding the <strong>north garden</strong>, and page {n} tells how. We started with the soil, which had been compacted by years of foot traffic, and worked in compost from the <a href="/pages/compost-{n}">municipal programme</a>. The first month was slow; the second was not.</p>',
  '<p><img src="/media/0d5c{n}e4a9b1f07c3d2e8a6b5f4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4.jpg" alt="The north garden in April, page {n}" width="1600" height="900"></p>',
  '<p>By May the beds were ready. We planted <em>three varieties of beans</em>, two of squash and a row of sunflowers along the fence, following the plan our volunteers drew up over the winter. Watering was the hard part: the old pipes leaked, so we laid drip lines instead, which cut our use by about a third.</p>',
  '<ul><li>Soil: compost, leaf mould and a little sand</li><li>Water: drip lines on a timer, checked weekly</li><li>People: fourteen regular volunteers, and many more on open days</li></ul>',
  '<h3>The numbers</h3><p>Over the season the beds gave us roughly <strong>240 kg of vegetables</strong>, most of which went to the food bank on the corner; the rest was shared at the Friday market. We counted 31 species of pollinators in June, up from 19 the year before, which we put down to the wildflower strip along the path and to leaving the clover in the lawn.</p>',
  '<blockquote><p>“The garden is a place where the neighbourhood meets itself.” — a visitor on open day {n}</p></blockquote>',
  '<p>Next year we want to add a small orchard and a bench in the shade, and to publish the planting calendar so other gardens can borrow it. If you would like to help, write to us or come by on a Saturday morning; tools and gloves are provided, and there is always tea.</p>',
  '<p>Read more in <a href="https://example.org/gardens/{n}">the full report</a> and see the <a href="/media/9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b.pdf">planting calendar (PDF)</a>.</p>',
].join('');

/**
 * Pages `from..to`: each with its live row, the version that was published
 * (pointed to by the live row) and, one page in ten, a pending draft.
 */
async function fill(db, from, to) {
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE s(x) AS (SELECT ?1 UNION ALL SELECT x + 1 FROM s WHERE x < ?2)
         INSERT INTO pages (id, slug, title, summary, body, paragraphs, hero)
         SELECT x, 'page-' || x, 'Garden notes ' || x, 'What the garden taught us, part ' || x, replace(?3, '{n}', x),
                json_array('Intro for page ' || x, 'A second paragraph of page ' || x),
                CASE WHEN x % 3 = 0 THEN json_object('src', '/media/hero-' || x || '.webp', 'alt', 'Hero ' || x, 'width', 1920, 'height', 1080) END
         FROM s`,
      )
      .bind(from, to, BODY),
    db
      .prepare(
        `INSERT INTO pages_versions (page_id, title, summary, body, paragraphs, hero, created_by)
         SELECT id, title, summary, body, paragraphs, hero, 'bench' FROM pages WHERE id BETWEEN ?1 AND ?2 ORDER BY id`,
      )
      .bind(from, to),
    db
      .prepare('UPDATE pages SET published_version_id = (SELECT max(v.id) FROM pages_versions v WHERE v.page_id = pages.id) WHERE id BETWEEN ?1 AND ?2')
      .bind(from, to),
    db
      .prepare(
        `INSERT INTO pages_versions (page_id, title, summary, body, paragraphs, hero, created_by)
         SELECT id, title || ' (draft)', summary, body || '<p>A new paragraph in the draft.</p>', paragraphs, hero, 'bench'
         FROM pages WHERE id BETWEEN ?1 AND ?2 AND id % 10 = 0 ORDER BY id`,
      )
      .bind(from, to),
  ]);
}

/** Counts the statements and batches a scan sends. */
function counting(db) {
  const counts = { statements: 0, batches: 0 };
  return {
    counts,
    client: {
      prepare: (sql) => {
        counts.statements++;
        return db.prepare(sql);
      },
      batch: (statements) => {
        counts.batches++;
        return db.batch(statements);
      },
    },
  };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const op = url.searchParams.get('op');
    const n = Math.min(Number(url.searchParams.get('n') ?? 1), MAX_CALLS);
    if (op === 'put' || op === 'upload') {
      const bytes = mp4(FILE_BYTES);
      const answers = [];
      const { ms } = await timed(n, async () => {
        vary(bytes);
        if (op === 'put') {
          await env.MEDIA.put(randomKey(), bytes);
          return;
        }
        const response = await runEditorRoute(route, uploadRequest(bytes), env);
        if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
        answers.push(await response.json());
      });
      // Outside the timing: every upload stored its whole file, as a new asset.
      for (const asset of answers) {
        const object = await env.MEDIA.head(asset.key);
        if (asset.type !== 'video/mp4' || asset.bytes !== FILE_BYTES || object?.size !== FILE_BYTES)
          throw new Error(`upload stored ${JSON.stringify(asset)}, object size ${object?.size}`);
      }
      return Response.json({ ms, bytes: FILE_BYTES });
    }
    if (op === 'clean') {
      for (let listed = await env.MEDIA.list(); listed.objects.length > 0; listed = await env.MEDIA.list())
        await env.MEDIA.delete(listed.objects.map((object) => object.key));
      await env.DB.prepare('DELETE FROM media').run();
      return Response.json({ ok: true });
    }
    if (op === 'fill') {
      await fill(env.DB, Number(url.searchParams.get('from')), Number(url.searchParams.get('to')));
      return Response.json({ ok: true });
    }
    if (op === 'registry') {
      // Registry rows for the indexed lookup; `key` is one of them, and pages 500 (live) and 770 (pending draft) use it.
      const key = url.searchParams.get('key');
      const count = Number(url.searchParams.get('count'));
      await env.DB.batch([
        env.DB.prepare(
          `WITH RECURSIVE s(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM s WHERE x < ?1)
           INSERT INTO media (key, type, bytes, width, height, sha256, filename, uploaded_by)
           SELECT printf('%064x.jpg', x), 'image/jpeg', 123456, 1600, 900, printf('%064x', x), 'photo-' || x || '.jpg', 'bench' FROM s`,
        ).bind(count),
        env.DB.prepare(
          `INSERT INTO media (key, type, bytes, width, height, sha256, uploaded_by) VALUES (?1, 'image/jpeg', 1, 1, 1, 'bench-target', 'bench')`,
        ).bind(key),
        env.DB.prepare(`UPDATE pages SET body = body || '<p><img src="/media/' || ?1 || '" alt=""></p>' WHERE id = 500`).bind(key),
        env.DB.prepare(
          `UPDATE pages_versions SET body = body || '<p><img src="/media/' || ?1 || '" alt=""></p>' WHERE id = (SELECT max(id) FROM pages_versions WHERE page_id = 770)`,
        ).bind(key),
      ]);
      return Response.json({ ok: true });
    }
    if (op === 'size') {
      const row = await env.DB.prepare(
        `SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM pages_versions) AS versions,
                (SELECT count(*) FROM pages p JOIN pages_versions v ON v.page_id = p.id WHERE v.id > COALESCE(p.published_version_id, 0)) AS pending,
                (SELECT sum(length(title) + length(summary) + length(body) + length(paragraphs) + coalesce(length(hero), 0)) FROM pages) +
                (SELECT sum(length(title) + length(summary) + length(body) + length(paragraphs) + coalesce(length(hero), 0)) FROM pages_versions) AS chars,
                (SELECT avg(length(body)) FROM pages) AS body`,
      ).first();
      return Response.json(row);
    }
    if (op === 'scan') {
      const key = url.searchParams.get('key');
      const { counts, client } = counting(env.DB);
      let references = [];
      const { mean } = await timed(n, async () => {
        references = await findMediaReferences(client, collections, key);
      });
      return Response.json({ mean, references, statements: counts.statements / n, batches: counts.batches / n });
    }
    if (op === 'lookup') {
      const key = url.searchParams.get('key');
      let found = null;
      const { mean } = await timed(n, async () => {
        found = await env.DB.prepare('SELECT id FROM media WHERE key = ?').bind(key).first();
      });
      if (!found) throw new Error(`no media row with key ${key}`);
      return Response.json({ mean });
    }
    return new Response('usage: ?op=put|upload|clean|fill|registry|size|scan|lookup', { status: 400 });
  },
};
