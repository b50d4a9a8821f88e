// Rendering a 20 kB Markdown post to safe HTML in workerd, as a ratio to sanitizing
// the same post's HTML with sanitizeRichHtml (what a rich region's save does) in the
// same run. A Markdown region is rendered once, when it is SAVED (the stored region
// keeps its HTML; visitors are served that HTML and never render): what is measured
// is the save path's call, renderMarkdown(value, { mediaBase }) as
// src/drafts/overlay-route.ts makes it, in the Worker's runtime. Issue 32's figure
// for it is at most 2 ms per 20 kB post in workerd (a figure for this machine,
// printed, never asserted: tests hold no absolute times).
// The post: Astro's blog starter's style guide and a first post, and a GFM-heavy
// technical post (bench/fixtures/markdown-post.md), repeated to 20 kB.
// workerd's clock stands still while code runs, so Node times requests that each
// work `PER_REQUEST` times and subtracts a request that does nothing with the same body.
// Run: node bench/markdown.bench.ts (Node 24 strips the types itself).
import { readFileSync } from 'node:fs';
import { renderMarkdown } from '../src/markdown/render.ts';
import { benchWorker, median } from './harness.ts';

const TARGET_BYTES = 20_000;
const PER_REQUEST = 40;
const ROUNDS = 9;

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
// A post's body as `entry.body` holds it: without the frontmatter.
const body = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');

function post(): string {
  const parts = [
    body(read('../tests/fixtures/astro-blog-starter/src/content/blog/markdown-style-guide.md')),
    read('fixtures/markdown-post.md'),
    body(read('../tests/fixtures/astro-blog-starter/src/content/blog/first-post.md')),
  ];
  let markdown = '';
  for (let i = 0; markdown.length < TARGET_BYTES; i++) markdown += `${parts[i % parts.length]}\n\n`;
  return markdown;
}

const server = benchWorker({
  name: 'louise-markdown-bench',
  main: './bench/markdown.worker.js',
  alias: { 'louise-bench-markdown': './src/markdown/render.ts', 'louise-bench-security': './src/security/sanitize-rich.ts' },
});

type Op = 'none' | 'render' | 'sanitize';

/** Milliseconds for one request that runs `op` `n` times on `text`. */
async function request(op: Op, text: string, n: number, show = false): Promise<{ ms: number; out?: string | undefined }> {
  const started = performance.now();
  const res = await server.fetch(`/?op=${op}&n=${n}${show ? '&show' : ''}`, { method: 'POST', body: text });
  const answer = (await res.json()) as { length: number; out?: string };
  const ms = performance.now() - started;
  if (!res.ok || answer.length === 0) throw new Error(`bench worker answered ${res.status} for ${op}`);
  return { ms, out: answer.out };
}

const markdown = post();
const html = renderMarkdown(markdown, { mediaBase: '/media/' });
const input = { none: markdown, render: markdown, sanitize: html } satisfies Record<Op, string>;
try {
  await server.listen();
  // The Worker renders what Node renders (same sources, same runtime-free code).
  const { out } = await request('render', markdown, 1, true);
  if (out !== html) throw new Error('workerd rendered the post differently from Node');
  for (const op of ['none', 'render', 'sanitize'] as const) await request(op, input[op], PER_REQUEST); // warm-up
  const samples: Record<Op, number[]> = { none: [], render: [], sanitize: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const op of ['none', 'render', 'sanitize'] as const) samples[op].push((await request(op, input[op], PER_REQUEST)).ms);
  const overhead = median(samples.none);
  const perCall = (op: Op) => Math.max(0, median(samples[op]) - overhead) / PER_REQUEST;
  const sanitize = perCall('sanitize');
  const render = perCall('render');
  console.log(
    `input: ${(new TextEncoder().encode(markdown).length / 1000).toFixed(1)} kB of Markdown (${(html.length / 1000).toFixed(1)} kB of HTML), in workerd; ${ROUNDS} interleaved rounds of ${PER_REQUEST} calls a request, less a request doing nothing (${overhead.toFixed(1)} ms) (median)`,
  );
  console.log(`sanitizeRichHtml (its HTML)      ${sanitize.toFixed(2).padStart(6)} ms per post  1.00x`);
  console.log(`renderMarkdown (the save path)   ${render.toFixed(2).padStart(6)} ms per post  ${(render / sanitize).toFixed(2)}x sanitizeRichHtml`);
} finally {
  await server.close();
}
