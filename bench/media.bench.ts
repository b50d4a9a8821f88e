// The media library on local R2 and D1, in workerd via wrangler's test harness, each case
// as a ratio to a baseline measured in the same run:
// 1. uploading a 10 MB MP4 through mediaRoute (multipart/form-data arriving as a stream;
//    over 8 MiB, so the file is streamed to R2 as a multipart upload) against a direct
//    MEDIA.put of the same 10 MB;
// 2. the DELETE reference scan (findMediaReferences) over 10,000 pages of ~2 KB rich text
//    with their published versions and pending drafts, against one indexed lookup of the
//    asset's registry row, with the scan at 1,000 pages to show what it grows with.
// Run: node bench/media.bench.ts
import { benchWorker, median, migrateDb } from './harness.ts';

const UPLOADS = 3;
const SCANS = 10;
const LOOKUPS = 200;
const ROUNDS = 7;
const TIME_BUDGET_MS = 40_000;
const PAGES = 10_000;
const SMALL = 1_000;
const BATCH = 1_000;
const KEY = `${'c0ffee'.repeat(10)}abcd.jpg`;

const server = benchWorker({
  name: 'louise-media-bench',
  main: './bench/media.worker.js',
  alias: {
    'louise-bench-editor': './src/editor/index.ts',
    'louise-bench-content': './src/content/index.ts',
    'louise-bench-db': './src/db/index.ts',
    'louise-bench-http': './src/http/index.ts',
  },
  d1_databases: [{ binding: 'DB', database_name: 'bench', database_id: '00000000-0000-0000-0000-000000000003' }],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: 'bench-media' }],
});

async function op<T>(query: string): Promise<T> {
  const res = await server.fetch(`/?${query}`);
  if (!res.ok) throw new Error(`bench worker answered ${res.status} for ${query}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Timed {
  /** Per call. */
  ms: number[];
}
interface Mean {
  /** Milliseconds per call, over one request's calls. */
  mean: number;
}
interface Scan extends Mean {
  references: { collection: string; id: number; field: string }[];
  statements: number;
  batches: number;
}
interface Size {
  pages: number;
  versions: number;
  pending: number;
  chars: number;
  body: number;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const benchStart = performance.now();
const inBudget = () => performance.now() - benchStart < TIME_BUDGET_MS;
try {
  await server.listen();
  await migrateDb(server);

  // 1. Upload throughput.
  const put: number[] = [];
  const upload: number[] = [];
  let fileBytes = 0;
  await op('op=put&n=1'); // warm-up
  await op('op=upload&n=1');
  await op('op=clean');
  for (let round = 0; round < ROUNDS && (round < 2 || inBudget()); round++) {
    for (const [samples, name] of [
      [put, 'put'],
      [upload, 'upload'],
    ] as const) {
      const { ms, bytes } = await op<Timed & { bytes: number }>(`op=${name}&n=${UPLOADS}`);
      fileBytes = bytes;
      samples.push(...ms);
    }
    await op('op=clean');
  }
  const rate = (samples: number[]) => fileBytes / 1e6 / (median(samples) / 1000);
  console.log(
    `Upload of a ${mb(fileBytes)} MB MP4, local R2, median of ${put.length} (over 8 MiB: mediaRoute streams it to R2 as a multipart upload in 8 MiB parts, hashing as it goes):`,
  );
  console.log(`  direct MEDIA.put(key, bytes)     ${rate(put).toFixed(0).padStart(4)} MB/s  ${median(put).toFixed(0).padStart(4)} ms  (baseline)`);
  console.log(
    `  mediaRoute POST, streamed form   ${rate(upload).toFixed(0).padStart(4)} MB/s  ${median(upload).toFixed(0).padStart(4)} ms  ratio ${(rate(upload) / rate(put)).toFixed(2)} of the put's throughput`,
  );

  // 2. The DELETE reference scan.
  const scanAt = async (pages: number) => {
    const scans: number[] = [];
    const lookups: number[] = [];
    let last: Scan | null = null;
    await op(`op=scan&n=1&key=${KEY}`); // warm-up
    await op(`op=lookup&n=5&key=${KEY}`);
    for (let round = 0; round < ROUNDS && (round < 2 || inBudget()); round++) {
      last = await op<Scan>(`op=scan&n=${SCANS}&key=${KEY}`);
      scans.push(last.mean);
      lookups.push((await op<Mean>(`op=lookup&n=${LOOKUPS}&key=${KEY}`)).mean);
    }
    const refs = last!.references.map((ref) => `${ref.collection}:${ref.id}:${ref.field}`).sort();
    if (refs.join(' ') !== 'pages:500:body pages:770:body') throw new Error(`the scan at ${pages} pages found ${refs.join(', ') || 'nothing'}`);
    return { scan: median(scans), lookup: median(lookups), size: await op<Size>('op=size'), last: last!, rounds: scans.length };
  };
  const fillTo = async (from: number, to: number) => {
    for (let start = from; start <= to; start += BATCH) await op(`op=fill&from=${start}&to=${Math.min(to, start + BATCH - 1)}`);
  };
  await fillTo(1, SMALL);
  await op(`op=registry&count=1000&key=${KEY}`);
  const small = await scanAt(SMALL);
  await fillTo(SMALL + 1, PAGES);
  const large = await scanAt(PAGES);
  const { size } = large;
  const n = (count: number) => count.toLocaleString('en');
  console.log(
    `DELETE reference scan (findMediaReferences), local D1, median of ${large.rounds} rounds of ${SCANS} scans and ${LOOKUPS} lookups; ` +
      'the asset is used by one live page and one pending draft:',
  );
  const row = (label: string, ms: number) => `  ${label.padEnd(52)} ${ms.toFixed(2).padStart(6)} ms`;
  console.log(`${row('indexed lookup, SELECT id FROM media WHERE key = ?', large.lookup)}  (baseline)`);
  console.log(`${row(`scan of ${n(size.pages)} pages`, large.scan)}  ratio ${(large.scan / large.lookup).toFixed(1)}`);
  console.log(
    `    (${n(size.pages)} live rows, ${n(size.versions)} versions of which ${n(size.pending)} pending drafts, empty overlays; ` +
      `${mb(size.chars)} MB of text, bodies ~${(size.body / 1000).toFixed(1)} KB)`,
  );
  console.log(
    `  ${large.last.statements} queries (one per table) in ${large.last.batches} batch at any row count; a full scan, so linear in content size: ` +
      `${n(SMALL)} pages ${small.scan.toFixed(2)} ms (${mb(small.size.chars)} MB) -> ${n(PAGES)} pages ${large.scan.toFixed(2)} ms (${mb(size.chars)} MB), ` +
      `x${(large.scan / small.scan).toFixed(1)} for x${(size.chars / small.size.chars).toFixed(1)} the content`,
  );
  console.log(`  total ${((performance.now() - benchStart) / 1000).toFixed(1)} s`);
} finally {
  await server.close();
}
