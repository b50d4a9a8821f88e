// Draft saves through the one write path (applySaveDraft) on local D1, in workerd via
// wrangler's test harness, as a ratio to a raw single-row D1 insert measured in the same
// run; and versions-list latency on a page with 10,000 versions (keyset pagination keeps
// the first, middle and last page alike). Run: node bench/drafts.bench.ts
import { benchWorker, median, migrateDb } from './harness.ts';

const OPS = 400;
const ROUNDS = 3;
const TIME_BUDGET_MS = 45_000;

const server = benchWorker({
  name: 'louise-drafts-bench',
  main: './bench/drafts.worker.js',
  alias: {
    'louise-bench-editor': './src/editor/index.ts',
    'louise-bench-content': './src/content/index.ts',
    'louise-bench-db': './src/db/index.ts',
    'louise-bench-http': './src/http/index.ts',
  },
  d1_databases: [{ binding: 'DB', database_name: 'bench', database_id: '00000000-0000-0000-0000-000000000001' }],
});

async function op(query: string): Promise<unknown> {
  const res = await server.fetch(`/?${query}`);
  if (!res.ok) throw new Error(`bench worker answered ${res.status} for ${query}: ${await res.text()}`);
  return res.json();
}

async function rate(query: string): Promise<number> {
  const started = performance.now();
  const { ops } = (await op(query)) as { ops: number };
  return ops / ((performance.now() - started) / 1000);
}

const benchStart = performance.now();
try {
  await server.listen();
  await migrateDb(server);
  await op('op=setup&count=101');

  const cases = [
    ['raw insert, 1 page', `op=raw&n=${OPS}&c=8&pages=1`],
    ['draft save, 1 page', `op=save&n=${OPS}&c=8&pages=1`],
    ['raw insert, 100 pages', `op=raw&n=${OPS}&c=8&pages=100`],
    ['draft save, 100 pages', `op=save&n=${OPS}&c=8&pages=100`],
  ] as const;
  const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  for (const [, query] of cases) await rate(query); // warm-up
  for (let round = 0; round < ROUNDS && performance.now() - benchStart < TIME_BUDGET_MS; round++) {
    for (const [name, query] of cases) samples.get(name)!.push(await rate(query));
  }
  console.log(`Draft saves (applySaveDraft: merge over newest pending in one INSERT ... SELECT), local D1, concurrency 8, ${OPS} ops a round:`);
  for (const [name] of cases) {
    const baseline = median(samples.get(name.startsWith('raw') ? name : name.replace('draft save', 'raw insert'))!);
    const r = median(samples.get(name)!);
    console.log(`  ${name.padEnd(22)} ${Math.round(r).toString().padStart(6)} ops/s  ratio vs raw insert ${(r / baseline).toFixed(2)}`);
  }

  // Versions list: page 101 gets 10,000 versions; page 100 has the few the saves above left.
  await op('op=fill&page=101&n=10000');
  const listMs = async (page: number, cursor: string | null) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      await op(`op=list&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const first = (await op('op=list&page=101')) as { items: { id: number }[] };
  const newest = first.items[0]!.id;
  const small = await listMs(100, null);
  const rows = [
    ['first page', await listMs(101, null)],
    ['middle (cursor at 5,000)', await listMs(101, String(newest - 5000))],
    ['last page', await listMs(101, String(newest - 9960))],
  ] as const;
  console.log('Versions list (limit 50, keyset cursor), median of 15 requests:');
  console.log(`  page with few versions     ${small.toFixed(2)} ms  (baseline)`);
  for (const [name, ms] of rows) console.log(`  10,000 versions, ${name.padEnd(24)} ${ms.toFixed(2)} ms  ratio ${(ms / small).toFixed(2)}`);
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
