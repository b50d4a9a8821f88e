// Visitor time for a prerendered page with 10 overlay regions (5 plain, 5 rich), served
// through the region rewriter with published values from KV, as a ratio to the same asset
// served directly; in workerd via wrangler's test harness, local KV and assets.
// Run: node bench/overlay.bench.ts
import { benchWorker, median } from './harness.ts';

const N = 300;
const CONCURRENCY = 4;
const ROUNDS = 5;

const server = benchWorker({
  name: 'louise-overlay-bench',
  main: './bench/overlay.worker.js',
  alias: { 'louise-bench-content': './src/content/index.ts', 'louise-bench-editor': './src/editor/index.ts' },
  assets: { directory: './bench/overlay-assets', binding: 'ASSETS', run_worker_first: true },
  kv_namespaces: [{ binding: 'KV', id: '00000000000000000000000000000002' }],
  d1_databases: [{ binding: 'DB', database_name: 'bench', database_id: '00000000-0000-0000-0000-000000000002' }],
});

/** Requests a second for one path, N requests at CONCURRENCY. */
async function rate(path: string): Promise<number> {
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < N) {
        sent++;
        const res = await server.fetch(path);
        const text = await res.text();
        if (!res.ok || !text.includes('</html>')) throw new Error(`${path} answered ${res.status}`);
      }
    }),
  );
  return N / ((performance.now() - started) / 1000);
}

try {
  await server.listen();
  await server.fetch('/setup');
  const check = await (await server.fetch('/overlay/')).text();
  if (!check.includes('Published heading 3') || check.includes('data-cms'))
    throw new Error('the overlay path did not serve the published regions without markers');
  await rate('/direct/');
  await rate('/overlay/');
  const direct: number[] = [];
  const overlay: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(await rate('/direct/'));
    overlay.push(await rate('/overlay/'));
  }
  const d = median(direct);
  const o = median(overlay);
  console.log(
    `Prerendered page (${Math.round(check.length / 1024)} KB, 10 overlay regions), ${N} requests a round at concurrency ${CONCURRENCY}, median of ${ROUNDS}:`,
  );
  console.log(`  asset served directly      ${Math.round(d).toString().padStart(6)} req/s  (${(1000 / d).toFixed(2)} ms/req)`);
  console.log(`  through the region rewriter ${Math.round(o).toString().padStart(5)} req/s  (${(1000 / o).toFixed(2)} ms/req)`);
  console.log(`  visitor time ratio (rewriter / direct): ${(d / o).toFixed(2)}`);
} finally {
  await server.close();
}
