// The realtime session's object (src/realtime/object.ts) on one page, locally (workerd via
// wrangler's test harness), as ratios to a bare echo Durable Object (same SQLite-backed kind,
// hibernation API, relaying every frame) measured in the same run with the same sockets:
// - broadcast latency: one editor's set to 1, 10 and 50 others, from the send until each
//   other socket has the update, one set at a time (sets cycle through the four fields);
// - throughput: sets acknowledged per second when 4 editors (one per field: a set claims its
//   field, so the pages collection has room for 4 senders) each send the rest of their burst
//   at once, with the others listening.
// No socket exceeds the protocol's rate limit (burst 60, then 20/s): a sender that used its
// burst is replaced by a fresh connection. The object's flushes (one draft version through
// applySaveDraft 2 s after the first pending set) run during the rounds against a local D1
// with the migrations applied, as in production. The bench worker drives and times the
// sockets (see bench/realtime.worker.js); its clock ticks in whole ms, so p50/p95 are whole
// ms, and the mean (sends fall at random points of a tick) is the sub-ms figure.
// Run: node bench/realtime.bench.ts
import { benchWorker, migrateDb } from './harness.ts';

const OTHERS = [1, 10, 50];
const KINDS = ['echo', 'realtime'] as const;
type Kind = (typeof KINDS)[number];
const SETS_PER_ROUND = 100;
const BURSTS_PER_ROUND = 2;
const ROUNDS = 3;
const TIME_BUDGET_MS = 35_000;

const server = benchWorker({
  name: 'louise-realtime-bench',
  main: './bench/realtime.worker.js',
  alias: {
    'louise-bench-realtime': './src/realtime/index.ts',
    'louise-bench-realtime-intro': './src/realtime/intro.ts',
    'louise-bench-content': './src/content/index.ts',
  },
  d1_databases: [{ binding: 'DB', database_name: 'bench-realtime', database_id: '00000000-0000-0000-0000-000000000003' }],
  durable_objects: {
    bindings: [
      { name: 'REALTIME', class_name: 'RealtimeObject' },
      { name: 'ECHO', class_name: 'EchoObject' },
    ],
  },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['RealtimeObject', 'EchoObject'] }],
});

interface CaseResult {
  received: number[];
  acks: number[];
  rates: number[];
}

async function runCase(kind: Kind, others: number, sets: number, bursts: number): Promise<CaseResult> {
  const res = await server.fetch(`/case?kind=${kind}&n=${others}&sets=${sets}&bursts=${bursts}`);
  if (!res.ok) throw new Error(`bench worker answered ${res.status} for ${kind} with ${others} others: ${await res.text()}`);
  return (await res.json()) as CaseResult;
}

const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
/** A ratio, or a dash where the baseline rounds to 0 ms. */
const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '  - ').padStart(5);
const whole = (x: number): string => String(Math.round(x)).padStart(2);

const benchStart = performance.now();
try {
  await server.listen();
  await migrateDb(server);
  const setup = await server.fetch('/setup', { method: 'POST' });
  if (!setup.ok) throw new Error(`setup failed: ${await setup.text()}`);
  for (const kind of KINDS) await runCase(kind, 10, 30, 1); // warm-up: objects created, code hot

  const results = new Map<string, CaseResult>();
  const get = (kind: Kind, others: number): CaseResult => results.get(`${kind}-${others}`) ?? { received: [], acks: [], rates: [] };
  let rounds = 0;
  const roundsStart = performance.now();
  // Interleave the kinds (alternating which goes first) so drift hits both alike, and rotate which
  // case opens a round: in trials the case after the 50-socket one ran slower, whichever it was.
  for (; rounds < ROUNDS && performance.now() - benchStart < TIME_BUDGET_MS; rounds++) {
    for (const others of [...OTHERS.slice(rounds % OTHERS.length), ...OTHERS.slice(0, rounds % OTHERS.length)]) {
      for (const kind of rounds % 2 === 0 ? KINDS : [...KINDS].reverse()) {
        const one = await runCase(kind, others, SETS_PER_ROUND, BURSTS_PER_ROUND);
        const all = get(kind, others);
        results.set(`${kind}-${others}`, {
          received: [...all.received, ...one.received],
          acks: [...all.acks, ...one.acks],
          rates: [...all.rates, ...one.rates],
        });
      }
    }
  }
  const roundsSeconds = (performance.now() - roundsStart) / 1000;
  const { versions } = (await (await server.fetch('/versions')).json()) as { versions: number };

  console.log(
    `Realtime object, one page, local workerd, ${rounds} rounds: broadcast latency, a set's send to each other socket's update ` +
      `(${rounds * SETS_PER_ROUND} sets a row, one at a time; whole-ms clock, mean is the fine figure):`,
  );
  for (const others of OTHERS) {
    const [echo, real] = [get('echo', others), get('realtime', others)];
    const figures = (xs: number[]) => [mean(xs), quantile(xs, 0.5), quantile(xs, 0.95)] as const;
    const [em, e50, e95] = figures(echo.received);
    const [rm, r50, r95] = figures(real.received);
    console.log(
      `  ${String(others).padStart(2)} other${others === 1 ? ' ' : 's'}  object mean ${rm.toFixed(2)} p50 ${whole(r50)} p95 ${whole(r95)} ms  ` +
        `echo mean ${em.toFixed(2)} p50 ${whole(e50)} p95 ${whole(e95)} ms  ratio mean ${ratio(rm, em)} p50 ${ratio(r50, e50)} p95 ${ratio(r95, e95)}  ` +
        `(ack mean ${mean(real.acks).toFixed(2)} vs ${mean(echo.acks).toFixed(2)} ms)`,
    );
  }
  console.log(
    `Throughput: 4 senders each sending 58 sets at once (the rest of their burst), the others listening; median of ${rounds * BURSTS_PER_ROUND} bursts ` +
      '(the rate limit lets the 4 field holders send 4 x 20 = 80 sets/s sustained):',
  );
  for (const others of OTHERS) {
    const [echo, real] = [quantile(get('echo', others).rates, 0.5), quantile(get('realtime', others).rates, 0.5)];
    console.log(
      `  ${String(others).padStart(2)} listening  object ${Math.round(real).toString().padStart(6)} acks/s  ` +
        `echo ${Math.round(echo).toString().padStart(6)} acks/s  ratio ${ratio(real, echo)}`,
    );
  }
  console.log(`  flushes: ${versions} draft versions written to local D1 (applySaveDraft) during the warm-up and ${roundsSeconds.toFixed(1)} s of rounds`);
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
