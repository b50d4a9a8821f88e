// Search on local D1 (FTS5 in workerd), at 1,000, 10,000 and 100,000 pages: query
// latency p50/p95 (a mix of rare, common, two-word, phrase and prefix queries) as a
// ratio to a single indexed primary-key lookup measured the same way in the same
// run; reindex rows per second; and the cost reindexDoc adds to a publish.
// Every request is one round trip from Node to the bench worker, so the ratio
// cancels the harness overhead. Run: node bench/search.bench.ts [maxPages]
import { fileURLToPath } from 'node:url';
import { readD1Migrations } from '@cloudflare/vitest-plugin';

process.env['CLOUDFLARE_CF_FETCH_ENABLED'] = 'false';
const { createTestHarness } = await import('wrangler');

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= Number(process.argv[2] ?? 100_000));
const GROW_BATCH = 250;
const REINDEX_BATCH = 500;
const QUERY_ROUNDS = 12;

const server = createTestHarness({
  root,
  workers: [
    {
      config: {
        name: 'louise-search-bench',
        main: './bench/search.worker.js',
        compatibility_date: '2026-10-01',
        compatibility_flags: ['nodejs_compat'],
        alias: {
          'louise-bench-editor': './src/editor/index.ts',
          'louise-bench-content': './src/content/index.ts',
          'louise-bench-db': './src/db/index.ts',
          'louise-bench-search': './src/search/index.ts',
        },
        d1_databases: [{ binding: 'DB', database_name: 'bench-search', database_id: '00000000-0000-0000-0000-000000000002' }],
      },
    },
  ],
});

async function op<T = unknown>(query: string): Promise<T> {
  const res = await server.fetch(`/?${query}`);
  if (!res.ok) throw new Error(`bench worker answered ${res.status} for ${query}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function timed(query: string): Promise<number> {
  const started = performance.now();
  await op(query);
  return performance.now() - started;
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

// Words are w<rank>, rank r drawn with probability ~1/r: w3 is in most pages, w900 in a few percent, w15000 in very few.
const QUERIES = ['w3', 'w40', 'w900', 'w15000', 'w12 w700', 'w50 w60 w70', '"w2 w3"', 'w19', 'w1', 'page w5', 'NEAR(w1 w2', '"unbalanced w8'];

const benchStart = performance.now();
try {
  await server.listen();
  const DB = (await server.getWorker<{ DB: { prepare(sql: string): unknown; batch(statements: unknown[]): Promise<unknown> } }>().getEnv()).DB;
  for (const { queries } of await readD1Migrations(fileURLToPath(new URL('../migrations', import.meta.url))))
    await DB.batch(queries.map((query) => DB.prepare(query)));
  await op('op=ensure');

  console.log('Search on local D1 (FTS5, bm25 title 4x body, snippets), one request per query, times in ms:');
  console.log('  pages     query p50   p95    pk lookup p50   ratio p50   ratio p95   reindex rows/s');
  let have = 0;
  const p50s = new Map<number, number>();
  for (const size of SIZES) {
    for (let from = have + 1; from <= size; from += GROW_BATCH) await op(`op=grow&from=${from}&to=${Math.min(size, from + GROW_BATCH - 1)}`);
    // Index only what is new (rows are indexed in id order, resumable from a cursor).
    const indexStart = performance.now();
    let cursor: number | null = have === 0 ? null : have;
    let indexed = 0;
    do {
      const batch: { nextCursor: number | null } = await op(`op=reindex&batch=${REINDEX_BATCH}${cursor === null ? '' : `&cursor=${cursor}`}`);
      indexed += Math.min(REINDEX_BATCH, size - (cursor ?? 0));
      cursor = batch.nextCursor;
    } while (cursor !== null);
    const rowsPerSec = indexed / ((performance.now() - indexStart) / 1000);
    have = size;

    for (const q of QUERIES) await timed(`op=search&q=${encodeURIComponent(q)}`); // warm-up
    const search: number[] = [];
    const lookup: number[] = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      for (const q of QUERIES) {
        search.push(await timed(`op=search&q=${encodeURIComponent(q)}`));
        lookup.push(await timed(`op=lookup&id=${1 + ((round * 7919 + search.length * 104729) % size)}`));
      }
    }
    const [s50, s95, l50] = [quantile(search, 0.5), quantile(search, 0.95), quantile(lookup, 0.5)];
    p50s.set(size, s50);
    console.log(
      `  ${size.toLocaleString('en').padStart(7)}   ${s50.toFixed(2).padStart(8)} ${s95.toFixed(2).padStart(6)}    ${l50.toFixed(2).padStart(13)}   ${(s50 / l50).toFixed(2).padStart(9)}   ${(s95 / l50).toFixed(2).padStart(9)}   ${Math.round(rowsPerSec).toString().padStart(14)}`,
    );
  }
  const [small, large] = [p50s.get(10_000), p50s.get(100_000)];
  if (small && large) console.log(`  100,000 pages p50 / 10,000 pages p50: ${(large / small).toFixed(2)} (goal: within 3)`);

  // Publish with and without reindexDoc, alternating so drift hits both alike.
  const plain: number[] = [];
  const indexedPublish: number[] = [];
  for (let i = 0; i < 60; i++) {
    const id = 1 + ((i * 31) % Math.min(have, 500));
    plain.push(await timed(`op=publish&id=${id}`));
    indexedPublish.push(await timed(`op=publish&id=${id}&search=1`));
  }
  const [p, s] = [quantile(plain, 0.5), quantile(indexedPublish, 0.5)];
  console.log(`Publish (draft insert + applyPublish) p50 ${p.toFixed(2)} ms; with reindexDoc ${s.toFixed(2)} ms: ratio ${(s / p).toFixed(2)}`);
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
