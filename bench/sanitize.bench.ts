// Throughput of the HTML sanitizers and plainText on a realistic article,
// each as a ratio to sanitize-html with its default options in the same run.
// Run: node bench/sanitize.bench.ts (Node 24 strips the types itself).
import sanitizeHtml from 'sanitize-html';
import { sanitizeModelHtml } from '../src/security/sanitize-model.ts';
import { sanitizeRichHtml } from '../src/security/sanitize-rich.ts';
import { plainText } from '../src/security/text.ts';

const TARGET_BYTES = 50_000;
const ROUNDS = 7;
const ROUND_MS = 150;

// mulberry32: a small seeded generator, so every run sees the same article.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the editor saves every change as a draft while you type and publishes when you are ready fish chips & café über naïve €5 < 10 > 2 "quoted" it\'s'.split(' ');

/** A Lexical-style article: headings, paragraphs with marks and links, lists, figures, and the junk attributes editors leave behind. */
function article(): string {
  const next = random(0x5eed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const words = (n: number) =>
    Array.from({ length: n }, () => pick(WORDS))
      .join(' ')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;');
  const span = (text: string) => `<span style="white-space: pre-wrap;" data-lexical-text="true">${text}</span>`;
  const inline = () => {
    const roll = next();
    if (roll < 0.15) return `<b><strong class="editor-text-bold">${words(2)}</strong></b>`;
    if (roll < 0.3) return `<i><em class="editor-text-italic">${words(3)}</em></i>`;
    if (roll < 0.42) {
      const blank = next() < 0.5 ? ' target="_blank" rel="noreferrer"' : '';
      return `<a href="https://example.com/${words(1).replace(/\W/g, '') || 'x'}?ref=${Math.floor(next() * 1e6)}&amp;utm_source=news" class="editor-link"${blank}>${span(words(2))}</a>`;
    }
    if (roll < 0.47) return `<code spellcheck="false" class="editor-text-code">${words(2)}</code>`;
    return span(words(4 + Math.floor(next() * 12)));
  };
  const paragraph = () =>
    `<p class="editor-paragraph" dir="ltr" data-block-id="${Math.floor(next() * 1e9)}">${Array.from({ length: 3 + Math.floor(next() * 6) }, inline).join(' ')}</p>`;
  const blocks: string[] = [];
  let size = 0;
  while (size < TARGET_BYTES) {
    const roll = next();
    let block: string;
    if (roll < 0.1) block = `<h2 class="editor-heading-h2" id="h-${blocks.length}" dir="ltr">${span(words(5))}</h2>`;
    else if (roll < 0.16) block = `<h3 class="editor-heading-h3" dir="ltr">${span(words(4))}</h3>`;
    else if (roll < 0.26) {
      const tag = next() < 0.5 ? 'ul' : 'ol';
      const items = Array.from({ length: 2 + Math.floor(next() * 4) }, (_, i) => `<li value="${i + 1}" class="editor-listitem">${inline()}</li>`);
      block = `<${tag} class="editor-list-${tag}">${items.join('')}</${tag}>`;
    } else if (roll < 0.33) {
      const n = Math.floor(next() * 1000);
      block = `<figure class="editor-image" contenteditable="false"><img src="https://media.example.com/m/${n}.webp" alt="${words(3)}" width="1200" height="800" loading="lazy" draggable="false" style="max-width: 100%;" onload="track(${n})"><figcaption>${words(6)}</figcaption></figure>`;
    } else if (roll < 0.37) block = `<blockquote class="editor-quote">${span(words(18))}</blockquote>`;
    else block = paragraph();
    blocks.push(block);
    size += block.length;
  }
  return blocks.join('\n');
}

interface Case {
  name: string;
  run: (html: string) => string;
}

const CASES: Case[] = [
  { name: 'sanitize-html default', run: (html) => sanitizeHtml(html) },
  { name: 'sanitizeRichHtml', run: (html) => sanitizeRichHtml(html) },
  { name: 'sanitizeRichHtml mediaBase', run: (html) => sanitizeRichHtml(html, { mediaBase: 'https://media.example.com/m/' }) },
  { name: 'sanitizeModelHtml', run: sanitizeModelHtml },
  { name: 'plainText', run: (html) => plainText(html) },
];

// Runs `run` for about `ms` and returns bytes per second.
function measure(run: Case['run'], html: string, bytes: number, ms: number): number {
  let iterations = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    sink += run(html).length;
    iterations++;
    elapsed = performance.now() - start;
  } while (elapsed < ms);
  if (sink === 0) throw new Error('a case produced no output');
  return (bytes * iterations) / (elapsed / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const html = article();
const bytes = new TextEncoder().encode(html).length;
console.log(`input: ${(bytes / 1000).toFixed(1)} kB Lexical-style article, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms per case (median)`);
for (const { run } of CASES) measure(run, html, bytes, ROUND_MS); // warm-up
const samples = new Map<string, number[]>(CASES.map(({ name }) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const { name, run } of CASES) samples.get(name)?.push(measure(run, html, bytes, ROUND_MS));
}
const baseline = median(samples.get('sanitize-html default') ?? []);
const width = Math.max(...CASES.map(({ name }) => name.length));
for (const { name } of CASES) {
  const rate = median(samples.get(name) ?? []);
  console.log(`${name.padEnd(width)}  ${(rate / 1e6).toFixed(1).padStart(6)} MB/s  ${(rate / baseline).toFixed(2)}x sanitize-html default`);
}
