// The edit-mode client in Chromium on a generated page of 200 plain and 5
// rich-text fields, served with the prebuilt edit-mode client (lib/editor,
// `npm run build:pkg` first) at /_louise/ by a tiny loopback server with a
// fake save endpoint.
// Run: node bench/client.bench.ts  (Node >= 22.18 strips the types).
//
// 1. Script start (the entry chunk arriving) to every field editable
//    (`cms:ready`), against a baseline that only sets contenteditable on the
//    same 205 elements, measured in the same run.
// 2. Last keystroke to "Draft saved" minus the debounce, against a bare
//    fetch() of the same save to the same endpoint from the same page.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHROMIUM_LAUNCH } from '../tests/chromium.ts';
import { EDITOR_ASSETS as ASSETS, needEditorBuild, sendJson as send, serveEditorBench } from './editor-page.ts';
import { median } from './median.ts';

const PLAIN = 200;
const RICH = 5;
const DEBOUNCE = 800;
const LOAD_ROUNDS = 9;
const SAVE_ROUNDS = 9;

const entry = 'editor.js';
needEditorBuild('client', entry);

const LOREM = 'The editor saves every change as a draft while you type and publishes when you are ready.';
function fields(rich = RICH): string {
  const plain = Array.from({ length: PLAIN + RICH - rich }, (_, i) => `<p data-cms-field="pages:1:f${i}">Field ${i}: ${LOREM}</p>`).join('\n');
  const richFields = Array.from(
    { length: rich },
    (_, i) =>
      `<div data-cms-field="pages:1:rich${i}" data-cms-type="richtext"><h2>Section ${i}</h2><p>${LOREM} <strong>Bold</strong> and <em>italic</em>.</p><ul><li>One</li><li>Two</li></ul><p>${LOREM}</p></div>`,
  ).join('\n');
  return `${plain}\n${richFields}`;
}
const SESSION = '<script type="application/json" id="louise-session">{"email":"bench@localhost","name":"Bench","access":{"publish":true}}</script>';
const MARK_READY = `<script>document.addEventListener('cms:ready', () => { window.__ready = performance.now(); });</script>`;
const pageHtml = (body: string, rich = RICH) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>${MARK_READY}</head><body><main>${fields(rich)}</main>${body}</body></html>`;
const CLIENT = pageHtml(`${SESSION}<script type="module" src="/_louise/${entry}"></script>`);
// The same client with every field plain: what Lexical adds to start-up.
const CLIENT_PLAIN = pageHtml(`${SESSION}<script type="module" src="/_louise/${entry}"></script>`, 0);
// The floor: the same elements made editable by the least code that can do it.
const BASELINE = pageHtml(
  `<script type="module">window.__start = performance.now(); for (const el of document.querySelectorAll('[data-cms-field]')) el.contentEditable = el.dataset.cmsType === 'richtext' ? 'true' : 'plaintext-only'; window.__ready = performance.now();</script>`,
);

let versionId = 0;
function api(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'GET' && url.pathname.endsWith('/versions')) return send(res, 200, { items: [], nextCursor: null, revs: {} });
  if (req.method === 'POST' && url.pathname.endsWith('/versions')) {
    const fields = Object.keys(JSON.parse(body)).filter((key) => key !== '$base');
    versionId += 1;
    return send(res, 200, { versionId, revs: Object.fromEntries(fields.map((field) => [field, `r${versionId}`])) });
  }
  if (req.method === 'POST' && url.pathname === '/api/cms/save') return send(res, 204, null);
  return send(res, 404, { error: 'not_found' });
}
const server = await serveEditorBench((path) => (path === '/baseline' ? BASELINE : path === '/plain' ? CLIENT_PLAIN : CLIENT), api);
const base = server.base;

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function loadTimes(path: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, { timeout: 30_000 });
    times.push(
      await page.evaluate(
        (name) => {
          const w = window as unknown as { __ready: number; __start?: number };
          const script = name ? performance.getEntriesByType('resource').find((e) => e.name.includes(name)) : undefined;
          // Script start: the entry chunk has arrived and begins to run.
          const start = w.__start ?? (script as PerformanceResourceTiming | undefined)?.responseEnd ?? 0;
          return w.__ready - start;
        },
        path === '/baseline' ? '' : entry!,
      ),
    );
    const editable = await page.locator('[data-cms-field][contenteditable]').count();
    if (editable !== PLAIN + RICH) throw new Error(`only ${editable} of ${PLAIN + RICH} fields became editable on ${path}`);
    await context.close();
  }
  return times;
}

const clientLoad = median(await loadTimes('/'));
const plainLoad = median(await loadTimes('/plain'));
const baselineLoad = median(await loadTimes('/baseline'));

// Saves: type into a plain and a rich field; time from the last keystroke to "Draft saved".
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(base);
await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined);
await page.evaluate(() => {
  const w = window as unknown as { __saved: number[]; __lastKey: number };
  w.__saved = [];
  document.addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
  new MutationObserver(() => {
    if (document.getElementById('louise-status')?.textContent === 'Draft saved') w.__saved.push(performance.now());
  }).observe(document.getElementById('louise-status')!, { childList: true, characterData: true, subtree: true });
});

async function saveLatency(selector: string): Promise<number[]> {
  const out: number[] = [];
  for (let round = 0; round < SAVE_ROUNDS; round++) {
    await page.locator(selector).click();
    await page.keyboard.press('End');
    const before = await page.evaluate(() => (window as unknown as { __saved: number[] }).__saved.length);
    await page.keyboard.type(` r${round}`);
    await page.waitForFunction((n) => (window as unknown as { __saved: number[] }).__saved.length > n, before, { timeout: 10_000 });
    out.push(
      (await page.evaluate(() => {
        const w = window as unknown as { __saved: number[]; __lastKey: number };
        return w.__saved.at(-1)! - w.__lastKey;
      })) - DEBOUNCE,
    );
  }
  return out;
}
const plainSave = median(await saveLatency('[data-cms-field="pages:1:f17"]'));
const richSave = median(await saveLatency('[data-cms-field="pages:1:rich2"] p >> nth=0'));
const rawFetch = median(
  await page.evaluate(async (rounds) => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      const res = await fetch('/api/cms/pages/1/versions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ f17: `raw ${i}`, $base: { f17: 'r0' } }),
      });
      await res.json();
      times.push(performance.now() - start);
    }
    return times;
  }, SAVE_ROUNDS),
);
await browser.close();
server.close();

const core = readFileSync(new URL(entry, ASSETS)).length;
console.log(
  `page: ${PLAIN} plain + ${RICH} rich-text fields; entry chunk ${(core / 1024).toFixed(1)} KB; medians of ${LOAD_ROUNDS} loads and ${SAVE_ROUNDS} saves`,
);
console.log(
  `script start -> all fields editable: ${ms(clientLoad)} (${(clientLoad / baselineLoad).toFixed(1)}x the contenteditable-only baseline, ${ms(baselineLoad)})`,
);
console.log(`  same client, all ${PLAIN + RICH} fields plain (no Lexical chunk): ${ms(plainLoad)} (${(plainLoad / baselineLoad).toFixed(1)}x the baseline)`);
console.log(
  `last keystroke -> "Draft saved" minus ${DEBOUNCE} ms debounce: plain ${ms(plainSave)} (${(plainSave / rawFetch).toFixed(2)}x a bare fetch of the save, ${ms(rawFetch)}), rich ${ms(richSave)} (${(richSave / rawFetch).toFixed(2)}x)`,
);
