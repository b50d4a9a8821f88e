// Search on local D1 (FTS5 in workerd), at 1,000, 10,000 and 100,000 pages: query
// latency p50/p95 (a mix of rare, common, two-word, phrase and prefix queries) as a
// ratio to a single indexed primary-key lookup measured the same way in the same
// run; reindex rows per second; and the cost reindexDoc adds to a publish.
// Each figure is timed inside the bench worker around the call (workerd's clock
// moves across awaited D1 I/O), so the harness round trip is left out; the
// round-trip figures are printed too. Run: node bench/search.bench.ts [maxPages]
import { benchWorker, migrateDb } from './harness.ts';

const SIZES = [1_000, 10_000, 100_000].filter((n) => n <= Number(process.argv[2] ?? 100_000));
const GROW_BATCH = 250;
const REINDEX_BATCH = 500;
const QUERY_ROUNDS = 12;

const server = benchWorker({
  name: 'louise-search-bench',
  main: './bench/search.worker.js',
  alias: {
    'louise-bench-editor': './src/editor/index.ts',
    'louise-bench-content': './src/content/index.ts',
    'louise-bench-db': './src/db/index.ts',
    'louise-bench-search': './src/search/index.ts',
  },
  d1_databases: [{ binding: 'DB', database_name: 'bench-search', database_id: '00000000-0000-0000-0000-000000000002' }],
});

async function op<T = unknown>(query: string): Promise<T> {
  const res = await server.fetch(`/?${query}`);
  if (!res.ok) throw new Error(`bench worker answered ${res.status} for ${query}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The worker's own timing of the operation (ms), and the round trip seen from here. */
async function timed(query: string): Promise<{ ms: number; trip: number }> {
  const started = performance.now();
  const { ms } = await op<{ ms: number }>(query);
  return { ms, trip: performance.now() - started };
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

// Words are w<rank>, rank r drawn with probability ~1/r. Two classes, reported apart and together:
// selective queries (each matches under ~10% of pages: what people type to find something) and
// very common words (each in most pages, like searching for "the"; with a prefix, "w3" also
// expands to w30..w3999). bm25 counts every match of each phrase once per query (its idf), so
// the common class grows with the site whatever is ranked; the candidate bound caps the rest.
const SELECTIVE = ['w900', 'w15000', 'w5000', 'w7777', 'w2500 w80', 'w12 w700', 'w50 w60 w70', 'w333 w4444', '"unbalanced w8000', 'NEAR(w1200 w1300'];
const COMMON = ['w3', 'w40', '"w2 w3"', 'w19', 'w1', 'page w5'];
const QUERIES = [...SELECTIVE, ...COMMON];

const benchStart = performance.now();
try {
  await server.listen();
  await migrateDb(server);
  await op('op=ensure');

  console.log('Search on local D1 (FTS5, bm25 title 4x body, snippets, 10 results), timed in the Worker, ms;');
  console.log(`ratios against one primary-key lookup (floor 1 ms); ${SELECTIVE.length} selective and ${COMMON.length} very common queries:`);
  console.log('  pages     selective p50  p95   common p50   p95   all p50   p95   pk p50   ratio sel p50  all p50   round trip p50   reindex rows/s');
  let have = 0;
  const p50s = new Map<number, { selective: number; all: number }>();
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
    const selective: number[] = [];
    const common: number[] = [];
    const trips: number[] = [];
    const lookup: number[] = [];
    for (let round = 0; round < QUERY_ROUNDS; round++) {
      for (const q of QUERIES) {
        const found = await timed(`op=search&q=${encodeURIComponent(q)}`);
        (SELECTIVE.includes(q) ? selective : common).push(found.ms);
        trips.push(found.trip);
        lookup.push((await timed(`op=lookup&id=${1 + ((round * 7919 + trips.length * 104729) % size)}`)).ms);
      }
    }
    const all = [...selective, ...common];
    // A lookup can take under the clock's 1 ms step: the ratio's floor is 1 ms.
    const pk = Math.max(1, quantile(lookup, 0.5));
    const f = (ms: number, width: number) => ms.toFixed(1).padStart(width);
    p50s.set(size, { selective: quantile(selective, 0.5), all: quantile(all, 0.5) });
    console.log(
      `  ${size.toLocaleString('en').padStart(7)}   ${f(quantile(selective, 0.5), 13)} ${f(quantile(selective, 0.95), 5)}   ${f(quantile(common, 0.5), 10)} ${f(quantile(common, 0.95), 5)}   ${f(quantile(all, 0.5), 7)} ${f(quantile(all, 0.95), 5)}   ${f(quantile(lookup, 0.5), 6)}   ${(quantile(selective, 0.5) / pk).toFixed(1).padStart(13)}  ${(quantile(all, 0.5) / pk).toFixed(1).padStart(7)}   ${f(quantile(trips, 0.5), 14)}   ${Math.round(rowsPerSec).toString().padStart(14)}`,
    );
  }
  const [small, large] = [p50s.get(10_000), p50s.get(100_000)];
  if (small && large)
    console.log(
      `  100,000 / 10,000 pages, p50: selective ${(large.selective / Math.max(1, small.selective)).toFixed(2)}, all ${(large.all / Math.max(1, small.all)).toFixed(2)} (goal: within 3)`,
    );

  // Publish with and without reindexDoc, alternating so drift hits both alike.
  const plain: number[] = [];
  const indexedPublish: number[] = [];
  for (let i = 0; i < 60; i++) {
    const id = 1 + ((i * 31) % Math.min(have, 500));
    plain.push((await timed(`op=publish&id=${id}`)).ms);
    indexedPublish.push((await timed(`op=publish&id=${id}&search=1`)).ms);
  }
  const [p, s] = [quantile(plain, 0.5), quantile(indexedPublish, 0.5)];
  console.log(`Publish (draft insert + applyPublish) p50 ${p.toFixed(1)} ms; with reindexDoc ${s.toFixed(1)} ms: ratio ${(s / p).toFixed(2)}`);
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
