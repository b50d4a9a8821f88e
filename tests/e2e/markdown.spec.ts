import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { baseUrl, openEditing, publishPage, signIn, status, visitorHtml, DRAFT_SAVED } from './editing-helpers.ts';

// Issue 32: a post of the reference site's journal (a Markdown file in a content collection, prerendered)
// edited in place: its body in the Markdown editor, its title as text; published, visitors see it at once,
// and the file's lines the editor did not touch stay as written.
const POST = '/journal/opening-the-workshop';
const BODY = '[data-cms-field="journal:opening-the-workshop:body"]';
const TITLE = '[data-cms-field="journal:opening-the-workshop:title"]';
const corpus = JSON.parse(readFileSync(new URL('../fixtures/xss/corpus.json', import.meta.url), 'utf8')) as Array<{ html: string }>;
/** Every way a script could announce itself, recorded instead (as in xss.spec.ts). */
const TRAP = `(() => {
  const hits = (window.__hits = []);
  const hit = (kind) => (...args) => { hits.push(kind + '(' + args.map(String).join(',') + ')'); };
  window.__xss = hit('__xss');
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) window[name] = hit(name);
})();`;

/** The stored work in progress of the post's body: its Markdown. */
async function storedMarkdown(page: import('@playwright/test').Page): Promise<string> {
  const res = await page.request.get('/api/cms/journal/opening-the-workshop/versions');
  const { items } = (await res.json()) as { items: Array<{ status: string; data: { regions: { body?: { value: string } } } }> };
  return items.find((item) => item.status === 'pending')?.data.regions.body?.value ?? '';
}

test('an editor edits a Markdown post and its title in place; visitors see both after Publish on the prerendered page, without markers', async ({
  page,
  browser,
}) => {
  const before = await visitorHtml(browser, POST);
  expect(before).not.toContain('data-cms');
  await signIn(page);
  await openEditing(page, POST);
  const body = page.locator(BODY);
  // What the editor cannot write back the same (raw HTML, a footnote) shows as kept, not as editable text.
  await body.locator('p').first().click();
  await expect(body).toHaveAttribute('data-lexical-editor', 'true');
  await expect(body.locator('.louise-kept').filter({ hasText: 'Parking is free after six.' })).toContainText('Kept as written');
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type('Big news: ');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  // One line of the Markdown changed; every other line is the file's, byte for byte.
  await expect.poll(() => storedMarkdown(page)).toContain('Big news: After eleven years');
  const lines = (await storedMarkdown(page)).split('\n');
  expect(lines[0]).toMatch(/^Big news: After eleven years above the bookshop/);
  expect(lines.slice(1)).toContain('<aside class="note">Parking is free after six.</aside>');
  expect(lines.slice(1)).toContain('| :--- | :------- |');
  expect(lines.slice(1)).toContain('[^1]: More when the sign is painted.');

  await page.locator(TITLE).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('The workshop is open');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  expect(await visitorHtml(browser, POST)).not.toContain('Big news');
  await publishPage(page);
  await expect(status(page)).toHaveText(/Published/);

  const after = await visitorHtml(browser, POST);
  expect(after).toContain('<p>Big news: After eleven years above the bookshop');
  expect(after).toMatch(/<h1[^>]*>The workshop is open<\/h1>/);
  expect(after).toContain('<h2 id="what-changes-for-visitors">');
  expect(after).not.toContain('data-cms');
});

test('hostile Markdown saved into a post executes nothing, for visitors and in edit mode', async ({ page, browser }) => {
  await signIn(page);
  const origin = { origin: baseUrl() };
  // Every Markdown link form with a script URL, then the XSS corpus as raw HTML blocks (last: an unclosed
  // <script> block runs to the end of the document, as CommonMark says).
  const hostile = [
    'A [safe link](/about) stays.',
    '[a](javascript:__xss(1)) [b](<javascript:__xss(2)>) ![c](javascript:__xss(3)) <javascript:__xss(4)>',
    '[ref][x] and ![img][x]\n\n[x]: javascript:__xss(5)',
    '[d](data:text/html;base64,PHNjcmlwdD5fX3hzcyg2KTwvc2NyaXB0Pg==) [e](vbscript:__xss(7)) [f](JaVaScRiPt:__xss(8))',
    ...corpus.map((entry) => entry.html),
  ].join('\n\n');
  const saved = await page.request.post('/api/cms/journal/a-week-of-repairs/versions', {
    headers: origin,
    data: { body: { type: 'markdown', value: hostile } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await page.request.post('/api/cms/journal/a-week-of-repairs/publish', { headers: origin, data: {} });
  expect(published.status(), await published.text()).toBe(200);

  for (const viewer of ['visitor', 'editor'] as const) {
    const context = await browser.newContext({ baseURL: baseUrl() });
    await context.addInitScript(TRAP);
    const tab = await context.newPage();
    if (viewer === 'editor') await signIn(tab);
    await tab.goto(viewer === 'editor' ? '/journal/a-week-of-repairs?edit' : '/journal/a-week-of-repairs');
    // The published edit is what the page shows (its one safe link survives).
    await expect(tab.locator('.prose a[href="/about"]')).toHaveText('safe link');
    if (viewer === 'editor') {
      // The editor loads the hostile text into Lexical too.
      await tab.locator('.prose').click({ position: { x: 4, y: 4 } });
      await expect(tab.locator('.prose')).toHaveAttribute('data-lexical-editor', 'true');
    }
    for (const link of await tab.locator('.prose a').all()) await link.hover({ trial: true }).catch(() => {});
    const found = await tab.evaluate(() => ({
      hits: (window as unknown as { __hits: string[] }).__hits,
      scripts: document.querySelectorAll('.prose script').length,
      unsafe: [...document.querySelectorAll('.prose *')].flatMap((el) =>
        [...el.attributes]
          .filter((a) => /^on/i.test(a.name) || /^\s*(javascript|vbscript|data):/i.test(a.value))
          .map((a) => `${el.localName} ${a.name}=${a.value.slice(0, 40)}`),
      ),
    }));
    expect(found, viewer).toEqual({ hits: [], scripts: 0, unsafe: [] });
    await context.close();
  }
});
