// Rendering a 20 kB Markdown post to safe HTML (what the Worker does for a
// Markdown region), as a ratio to sanitizing the same post's HTML with
// sanitizeRichHtml (what it does for a rich region) in the same run.
// The post: Astro's blog starter's style guide and a first post, and a
// GFM-heavy technical post (bench/fixtures/markdown-post.md), repeated to 20 kB.
// Run: node bench/markdown.bench.ts (Node 24 strips the types itself).
import { readFileSync } from 'node:fs';
import { renderMarkdown } from '../src/markdown/render.ts';
import { sanitizeRichHtml } from '../src/security/sanitize-rich.ts';
import { median } from './median.ts';

const TARGET_BYTES = 20_000;
const ROUNDS = 7;
const ROUND_MS = 150;

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

// Runs `run` for about `ms` and returns milliseconds per call.
function measure(run: () => string, ms: number): number {
  let iterations = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    sink += run().length;
    iterations++;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  if (sink === 0) throw new Error('a case produced no output');
  return elapsed / iterations;
}

const markdown = post();
const html = renderMarkdown(markdown);
const CASES = [
  { name: 'sanitizeRichHtml (its HTML)', run: () => sanitizeRichHtml(html) },
  { name: 'renderMarkdown', run: () => renderMarkdown(markdown) },
];
console.log(
  `input: ${(new TextEncoder().encode(markdown).length / 1000).toFixed(1)} kB of Markdown (${(html.length / 1000).toFixed(1)} kB of HTML), ${ROUNDS} interleaved rounds of ${ROUND_MS} ms per case (median)`,
);
for (const { run } of CASES) measure(run, ROUND_MS); // warm-up
const samples = new Map<string, number[]>(CASES.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, run } of CASES) samples.get(name)?.push(measure(run, ROUND_MS));
}
const baseline = median(samples.get('sanitizeRichHtml (its HTML)') ?? []);
const width = Math.max(...CASES.map(({ name }) => name.length));
for (const { name } of CASES) {
  const ms = median(samples.get(name) ?? []);
  console.log(`${name.padEnd(width)}  ${ms.toFixed(2).padStart(6)} ms per post  ${(ms / baseline).toFixed(2)}x sanitizeRichHtml`);
}
