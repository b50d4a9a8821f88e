// Durable Object rate limiter throughput on ONE key, locally (workerd via wrangler's
// test harness), as a ratio against a no-op RPC to the same kind of object measured
// in the same run. Run: node bench/rate-limit.bench.ts  (Node >= 22.18 strips the types).
// Production figures differ (network, replication): the spec plans for roughly
// 500 to 1,000 simple operations per second per key.
import { benchWorker, median } from './harness.ts';

const OPS_PER_BATCH = 1_000;
const ROUNDS = 3;
const CONCURRENCY = [1, 16];
const OPS = ['ping', 'hit', 'blocked'] as const;
const TIME_BUDGET_MS = 25_000;

const server = benchWorker({
  name: 'louise-rate-limit-bench',
  main: './bench/rate-limit.worker.js',
  alias: { 'louise-bench-limiter': './src/worker/rate-limiter-object.ts' },
  durable_objects: {
    bindings: [
      { name: 'RATE_LIMITER', class_name: 'RateLimiterObject' },
      { name: 'PING', class_name: 'PingObject' },
    ],
  },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['RateLimiterObject', 'PingObject'] }],
  // The limiter needs no Node APIs.
  compatibility_flags: [],
});

async function batch(op: string, concurrency: number, key: string): Promise<number> {
  const started = performance.now();
  const response = await server.fetch(`/?op=${op}&n=${OPS_PER_BATCH}&c=${concurrency}&key=${key}`);
  if (!response.ok) throw new Error(`bench worker answered ${response.status}: ${await response.text()}`);
  const { ops } = (await response.json()) as { ops: number };
  return ops / ((performance.now() - started) / 1000);
}

const benchStart = performance.now();
try {
  await server.listen();
  const rows: string[] = [];
  for (const concurrency of CONCURRENCY) {
    const samples = new Map<string, number[]>(OPS.map((op) => [op, []]));
    const key = (op: string): string => `${op}-c${concurrency}`;
    for (const op of OPS) await batch(op, concurrency, key(op)); // warm-up: objects created, code hot
    // Interleave the operations so drift (thermal, GC, other load) hits them alike.
    for (let round = 0; round < ROUNDS && performance.now() - benchStart < TIME_BUDGET_MS; round++) {
      for (const op of OPS) samples.get(op)!.push(await batch(op, concurrency, key(op)));
    }
    const baseline = median(samples.get('ping')!);
    for (const op of OPS) {
      const rate = median(samples.get(op)!);
      rows.push(
        `${op.padEnd(8)} c=${String(concurrency).padEnd(3)} ${Math.round(rate).toString().padStart(7)} ops/s  ` +
          `ratio vs no-op RPC ${(rate / baseline).toFixed(2)}  (${samples.get(op)!.length} rounds of ${OPS_PER_BATCH})`,
      );
    }
  }
  console.log('Durable Object rate limiter, one key, local workerd (median of rounds):');
  for (const row of rows) console.log(`  ${row}`);
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
