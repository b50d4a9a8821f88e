// Every entry of the XSS corpus goes through the sanitizers in Node, then the
// output is loaded into Chromium as a real page with a trap around it. The
// test fails on any script execution, navigation, popup or network request the
// markup causes, and on any element, attribute or URL scheme in the browser's
// own parse of the output that the allowlists do not name (mutation XSS shows
// up there: the sanitizer's parse and the browser's would differ).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ALLOWED_TAGS, ATTR_ALLOW, sanitizeRichHtml } from '../../src/security/sanitize-rich.ts';
import { MODEL_ATTR_ALLOW, MODEL_LINK_REL, MODEL_TAGS, sanitizeModelHtml } from '../../src/security/sanitize-model.ts';

interface Entry {
  cat: string;
  html: string;
}
const corpus = JSON.parse(readFileSync(new URL('../fixtures/xss/corpus.json', import.meta.url), 'utf8')) as Entry[];

const ORIGIN = 'http://louise.test';
const MEDIA_BASE = 'https://media.louise.test/media/';

/** What the browser's parse of a sanitized output may contain. */
interface DomPolicy {
  tags: readonly string[];
  attrs: Readonly<Record<string, readonly string[]>>;
  protocols: readonly string[];
  /** Exact rel every link must carry, or undefined for "noopener noreferrer on target=_blank". */
  linkRel?: string;
  /** Every img src must start with this (browser-resolved). */
  imagePrefix?: string;
}

interface Finding {
  kind: 'execution' | 'navigation' | 'request' | 'dom';
  detail: string;
}

const TRAP_SCRIPT = `(() => {
  const hits = (window.__hits = []);
  const hit = (kind) => (...args) => { hits.push(kind + '(' + args.map(String).join(',') + ')'); };
  window.__xss = hit('__xss');
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) window[name] = hit(name);
})();`;

const trapPage = (markup: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><script id="louise-trap">${TRAP_SCRIPT}</script></head><body>${markup}</body></html>`;

// Runs in the page: the browser-parsed DOM against the policy.
function inspectDom(policy: DomPolicy): string[] {
  const problems: string[] = [];
  const xhtml = 'http://www.w3.org/1999/xhtml';
  const { documentElement: html, head, body } = document;
  if (html.attributes.length > 0 || body.attributes.length > 0) problems.push('attributes merged into <html> or <body>');
  if (head.children.length !== 2) problems.push(`head holds ${head.children.length} elements`);
  const hits = (window as unknown as { __hits: string[] }).__hits;
  for (const hit of hits) problems.push(`trap ${hit}`);
  for (const el of Array.from(body.querySelectorAll('*'))) {
    const tag = el.localName;
    if (el.namespaceURI !== xhtml) problems.push(`foreign element ${tag} (${el.namespaceURI})`);
    if (!policy.tags.includes(tag)) problems.push(`element ${tag}`);
    if (el.shadowRoot) problems.push(`shadow root on ${tag}`);
    for (const attr of Array.from(el.attributes)) {
      const allowed = policy.attrs[tag]?.includes(attr.name) || policy.attrs['*']?.includes(attr.name);
      if (!allowed) problems.push(`attribute ${attr.name} on ${tag}`);
    }
    for (const name of ['href', 'src']) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      let url: URL;
      try {
        url = new URL(value, document.baseURI);
      } catch {
        continue; // the browser cannot follow it either
      }
      if (!policy.protocols.includes(url.protocol)) problems.push(`${name} scheme ${url.protocol} on ${tag}`);
      if (tag === 'img' && policy.imagePrefix !== undefined && !url.href.startsWith(policy.imagePrefix)) problems.push(`img outside media base: ${url.href}`);
    }
    if (tag === 'a') {
      const rel = el.getAttribute('rel') ?? '';
      if (policy.linkRel !== undefined && rel !== policy.linkRel) problems.push(`link rel "${rel}"`);
      if (el.getAttribute('target') === '_blank' && !(rel.includes('noopener') && rel.includes('noreferrer')))
        problems.push('target=_blank without noopener noreferrer');
    }
  }
  return problems;
}

/** One page, reused for every case: serves each case as a real document and records what it does. */
class Trap {
  private findings: Finding[] = [];
  private requests: string[] = [];
  private caseUrl = '';
  private markup = '';
  private count = 0;
  private readonly page: Page;

  private constructor(page: Page) {
    this.page = page;
  }

  static async open(page: Page): Promise<Trap> {
    const trap = new Trap(page);
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (request.url() === trap.caseUrl && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: trapPage(trap.markup) });
        return;
      }
      if (request.isNavigationRequest()) trap.findings.push({ kind: 'navigation', detail: request.url() });
      else trap.requests.push(request.url());
      await route.abort();
    });
    page.on('dialog', (dialog) => {
      trap.findings.push({ kind: 'execution', detail: `dialog ${dialog.type()} ${dialog.message()}` });
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => trap.findings.push({ kind: 'execution', detail: `page error ${error.message}` }));
    page.on('popup', (popup) => trap.findings.push({ kind: 'navigation', detail: `popup ${popup.url()}` }));
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() === trap.caseUrl) return;
      trap.findings.push({ kind: 'navigation', detail: `frame navigated to ${frame.url()}` });
    });
    return trap;
  }

  /** Loads `markup` and returns everything it did that the policy does not allow. */
  async run(markup: string, policy: DomPolicy, settleMs = 25): Promise<Finding[]> {
    this.findings = [];
    this.requests = [];
    this.markup = markup;
    this.caseUrl = `${ORIGIN}/case/${++this.count}`;
    try {
      await this.page.goto(this.caseUrl, { waitUntil: 'load' });
    } catch (error) {
      // Only a navigation started by the previous markup can interrupt this one.
      this.findings.push({ kind: 'navigation', detail: `a late navigation interrupted the next load: ${String(error)}` });
      await this.page.goto(this.caseUrl, { waitUntil: 'load' });
    }
    let problems: string[] = [];
    let images: string[] = [];
    try {
      // Let async handlers (image errors, autofocus, toggles, refreshes) fire.
      await this.page.evaluate((ms) => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, ms)))), settleMs);
      problems = await this.page.evaluate(inspectDom, policy);
      // Images the policy keeps are the only requests the markup may make.
      images = await this.page.evaluate(() => Array.from(document.images, (img) => img.src));
    } catch (error) {
      // The document went away under us: the markup navigated the page.
      this.findings.push({ kind: 'navigation', detail: `page replaced: ${String(error)}` });
    }
    const findings: Finding[] = [
      ...this.findings,
      ...problems.map((detail): Finding => ({ kind: detail.startsWith('trap ') ? 'execution' : 'dom', detail })),
      ...this.requests.filter((url) => !images.includes(url)).map((detail): Finding => ({ kind: 'request', detail })),
    ];
    if (findings.some((finding) => finding.kind === 'navigation')) await this.quiet();
    return findings;
  }

  // After markup that navigated, wait until the page stops moving so the next case starts clean.
  private async quiet(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await this.page.goto('about:blank');
        return;
      } catch {
        await this.page.waitForTimeout(100);
      }
    }
  }
}

const RICH: DomPolicy = { tags: ALLOWED_TAGS, attrs: ATTR_ALLOW, protocols: ['http:', 'https:', 'mailto:', 'tel:'] };
const VARIANTS: { name: string; sanitize: (html: string) => string; policy: DomPolicy }[] = [
  {
    name: 'sanitizeModelHtml',
    sanitize: sanitizeModelHtml,
    policy: { tags: MODEL_TAGS, attrs: MODEL_ATTR_ALLOW, protocols: ['http:', 'https:', 'mailto:'], linkRel: MODEL_LINK_REL },
  },
  {
    name: 'sanitizeRichHtml with mediaBase',
    sanitize: (html) => sanitizeRichHtml(html, { mediaBase: MEDIA_BASE }),
    policy: { ...RICH, imagePrefix: MEDIA_BASE },
  },
  { name: 'sanitizeRichHtml', sanitize: (html) => sanitizeRichHtml(html), policy: RICH },
];

test.describe('XSS corpus in Chromium', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the corpus is large and every entry is categorised', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    for (const entry of corpus) expect(entry.cat, entry.html).toMatch(/^[a-z-]+$/);
    expect(new Set(corpus.map((entry) => entry.html)).size).toBe(corpus.length);
  });

  test('the trap catches unsanitized payloads (the harness can fail)', async ({ page }) => {
    const trap = await Trap.open(page);
    const kinds = async (markup: string) => (await trap.run(markup, RICH, 150)).map((finding) => finding.kind);
    expect(await kinds('<p>plain <a href="/x">text</a></p>')).toEqual([]);
    expect(await kinds('<img src=x onerror=__xss()>')).toContain('execution');
    expect(await kinds('<script>alert(1)</script>')).toContain('execution');
    expect(await kinds('<svg onload=__xss()></svg>')).toContain('execution');
    expect(await kinds('<details open ontoggle=__xss()>x</details>')).toContain('execution');
    expect(await kinds('<iframe srcdoc="<script>parent.__xss()</script>"></iframe>')).toContain('execution');
    expect(await kinds('<link rel=stylesheet href="https://evil.example/x.css">')).toContain('request');
    expect(await kinds('<meta http-equiv="refresh" content="0;url=http://louise.test/elsewhere">')).toContain('navigation');
    expect(await kinds('<a href="javascript:__xss()">x</a>')).toContain('dom');
    expect(await kinds('<p onclick="__xss()">x</p>')).toContain('dom');
  });

  for (const variant of VARIANTS) {
    test(`${variant.name}: no corpus entry executes, navigates or fetches`, async ({ page }) => {
      const trap = await Trap.open(page);
      // Identical outputs behave identically; load each once.
      const outputs = new Map<string, Entry>();
      for (const entry of corpus) {
        const output = variant.sanitize(entry.html);
        if (!outputs.has(output)) outputs.set(output, entry);
      }
      const failures: string[] = [];
      for (const [output, entry] of outputs) {
        for (const finding of await trap.run(output, variant.policy)) {
          failures.push(`[${entry.cat}] ${JSON.stringify(entry.html)} -> ${JSON.stringify(output)}: ${finding.kind} ${finding.detail}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
