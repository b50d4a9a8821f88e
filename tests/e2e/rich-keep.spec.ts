import { expect, test, type Page } from '@playwright/test';
import fc from 'fast-check';
import { sanitizeRichHtml } from '../../src/security/sanitize-rich.ts';
import { baseUrl, openEditing, signIn, status, visitorHtml, withoutLiveSession, DRAFT_SAVED, publishPage } from './editing-helpers.ts';

// Issue 29: an edit never removes what the editor did not touch, and a rich
// region on a <p> holds inline content only. /style-guide is the Astro blog
// starter's Markdown style guide rendered by Astro inside a rich overlay region.
const PAGE = '/style-guide';
const BODY = '[data-cms-field="blog:markdown-style-guide:body"]';
const MEDIA = { mediaBase: '/media/' };

/** The content of the post's <article> in a page's HTML. */
function articleOf(html: string): string {
  const found = /<article class="prose"[^>]*>([\s\S]*)<\/article>/.exec(html);
  expect(found, 'the page has the post body').not.toBeNull();
  return found?.[1] ?? '';
}

/** Whether `after` is `before` with exactly one `char` inserted somewhere. */
function oneMore(before: string, after: string, char: string): boolean {
  if (after.length !== before.length + 1) return false;
  let i = 0;
  while (i < before.length && before[i] === after[i]) i++;
  return after[i] === char && after.slice(i + 1) === before.slice(i);
}

/** Where two strings first differ, for a failure message. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(Math.max(0, i - 60), i + 60))}\nvs ${JSON.stringify(b.slice(Math.max(0, i - 60), i + 60))}`;
}

/** Puts the caret at the start of the field (its first paragraph) and types `char`. */
async function typeAtStart(page: Page, field: string, char: string): Promise<void> {
  await page.locator(`${field} > p`).first().click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.type(char);
}

test.describe('rich text keeps what the editor does not model', () => {
  test.beforeEach(async ({ page }) => {
    await withoutLiveSession(page);
    await signIn(page);
  });

  test("one character typed into the style guide's body and published changes the published HTML by exactly that character", async ({ page, browser }) => {
    const original = articleOf(await visitorHtml(browser, PAGE));
    // What Astro rendered holds all of these; each must survive the edit.
    for (const part of ['<table>', '<pre', '<kbd>CTRL</kbd>', '<abbr title=', '<sub>2</sub>', '<blockquote>', 'id="tables"', 'id="code-blocks"', '<img'])
      expect(original).toContain(part);
    const before = sanitizeRichHtml(original, MEDIA);
    await openEditing(page, PAGE);
    // The editor mounts when the pointer comes over the field.
    await page.locator(BODY).hover();
    await expect(page.locator(`${BODY} .louise-kept`).first()).toBeVisible();
    await expect(page.locator(`${BODY} .louise-kept-cue`).first()).toHaveText('Kept as written');
    await typeAtStart(page, BODY, 'Z');
    await expect(status(page)).toHaveText(DRAFT_SAVED);
    await publishPage(page);
    await expect(status(page)).toHaveText(/Published/);

    const published = articleOf(await visitorHtml(browser, PAGE));
    expect(published, firstDifference(before, published)).toContain('<p>ZHere is a sample');
    for (const part of ['<table>', '<kbd>CTRL</kbd>', 'id="tables"', 'id="code-blocks"', 'id="h6"', '<pre data-language="html">'])
      expect(published).toContain(part);
    expect({ before: before.length, published: published.length }).toEqual({ before: before.length, published: before.length + 1 });
    expect(oneMore(before, published, 'Z'), 'the published HTML is the sanitized original plus one Z').toBe(true);
  });

  test('for a generated corpus of sanitizer-allowed HTML, one character typed saves exactly that character more', async ({ page }) => {
    test.setTimeout(180_000);
    const samples = fc.sample(corpus(), { numRuns: 16, seed: 29 });
    let n = 0;
    for (const raw of samples) {
      const sample = sanitizeRichHtml(raw, MEDIA);
      const key = `corpus-${n++}`;
      // The page as the server renders it, with the sample in place of the post and a region of its own.
      await page.route(`**${PAGE}?edit`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text())
          .replace(/(<article class="prose"[^>]*>)[\s\S]*<\/article>/, (_, open: string) => `${open}${sample}</article>`)
          .replaceAll('blog:markdown-style-guide:body', `blog:${key}:body`);
        await route.fulfill({ response, body: html });
      });
      await openEditing(page, PAGE);
      await page.unroute(`**${PAGE}?edit`);
      const field = `[data-cms-field="blog:${key}:body"]`;
      const saved = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/blog/${key}/versions`));
      await typeAtStart(page, field, 'Z');
      const body = (await saved).postDataJSON() as { body: string };
      const stored = sanitizeRichHtml(body.body, MEDIA);
      expect(oneMore(sample, stored, 'Z'), `sample ${key}:\n${sample}\nsaved:\n${stored}\n${firstDifference(sample, stored)}`).toBe(true);
      await expect(status(page)).toHaveText(DRAFT_SAVED);
    }
  });
});

test.describe('a rich region on a <p> holds inline content only', () => {
  const INTRO = 'p.lede[data-cms-field="blog:markdown-style-guide:intro"]';

  test.beforeEach(async ({ page }) => {
    await withoutLiveSession(page);
    await signIn(page);
  });

  test('a stored block value is rendered inline in the <p>, never nested', async ({ page }) => {
    const saved = await page.request.post('/api/cms/blog/markdown-style-guide/versions', {
      headers: { origin: baseUrl() },
      data: { intro: '<p>Stored <em>as</em> blocks</p><p>by an older editor</p>', $type: { intro: 'richtext' } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const html = await (await page.request.get(`${PAGE}?edit`)).text();
    expect(html).toMatch(/<p class="lede"[^>]*>Stored <em>as<\/em> blocks<br \/>by an older editor<\/p>/);
    await openEditing(page, PAGE);
    await expect(page.locator(INTRO)).toContainText('by an older editor');
    await expect(page.locator(INTRO)).toHaveAttribute('contenteditable', 'true');
  });

  test('typing and Enter in it save inline text; after a reload the <p> keeps its class, holds the text and stays editable', async ({ page, browser }) => {
    await openEditing(page, PAGE);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting: Intro' });
    await page.locator(INTRO).click();
    // The field's toolbar, while it has focus: text tools, no block tools in a one-line field.
    await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeVisible();
    await expect(toolbar.getByRole('button', { name: 'Heading, level 2' })).toHaveCount(0);
    await expect(toolbar.getByRole('button', { name: 'Bulleted list' })).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('First line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second line');
    await expect(status(page)).toHaveText(DRAFT_SAVED);

    const editing = await (await page.request.get(`${PAGE}?edit`)).text();
    expect(editing).toMatch(/<p class="lede"[^>]*>First line<br \/>second line<\/p>/);
    await page.reload();
    await expect(page.locator(INTRO)).toHaveAttribute('contenteditable', 'true');
    await expect(page.locator(INTRO)).toContainText('second line');
    await publishPage(page);
    await expect(status(page)).toHaveText(/Published/);

    const visitor = await visitorHtml(browser, PAGE);
    expect(visitor).toMatch(/<p class="lede">First line<br \/>second line<\/p>/);
  });
});

// A generated post body: a first paragraph of plain text (where the character is typed), then blocks and inline markup the sanitizer allows.
function corpus(): fc.Arbitrary<string> {
  const word = fc.stringMatching(/^[a-z]{1,8}$/);
  const text = fc
    .array(fc.oneof(word, word, word, fc.constantFrom('&amp;', '&lt;b&gt;', '"q"', "it's", '\u00a0', 'é')), { minLength: 1, maxLength: 6 })
    .map((w) => w.join(' '));
  const inline = fc.oneof(
    text,
    text,
    text.map((t) => `<strong>${t}</strong>`),
    text.map((t) => `<em>${t}</em>`),
    text.map((t) => `<a href="/x/${t.length}">${t}</a>`),
    word.map((t) => `<kbd>${t}</kbd>`),
    word.map((t) => `<code>${t}</code>`),
    word.map((t) => `<del>${t}</del>`),
    word.map((t) => `<ins>${t}</ins>`),
    word.map((t) => `<abbr title="${t}">${t}</abbr>`),
    word.map((t) => `<sub>${t}</sub>`),
    word.map((t) => `<sup>${t}</sup>`),
    word.map((t) => `<mark>${t}</mark>`),
    word.map((t) => `<span title="${t}">${t}</span>`),
    fc.constant('<br>'),
    fc.constant('<img src="/media/a.jpg" alt="A" width="4" height="3">'),
  );
  const line = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
  const items = fc.array(line, { minLength: 1, maxLength: 4 });
  const gap = fc.constantFrom('', '\n');
  const block = fc.oneof(
    line.map((l) => `<p>${l}</p>`),
    fc.tuple(fc.constantFrom('h2', 'h3', 'h4'), word, line).map(([h, id, l]) => `<${h} id="${id}-x">${l}</${h}>`),
    fc.tuple(fc.constantFrom('ul', 'ol'), items, gap).map(([tag, li, g]) => `<${tag}>${g}${li.map((l) => `<li>${l}</li>`).join(g)}${g}</${tag}>`),
    line.map((l) => `<blockquote>\n<p>${l}</p>\n</blockquote>`),
    text.map((t) => `<pre data-language="js"><code>${t}\n  &lt;/p&gt; x &amp;&amp; y\n</code></pre>`),
    fc
      .tuple(word, word)
      .map(([a, b]) => `<table><thead><tr><th>${a}</th><th>${b}</th></tr></thead><tbody><tr><td>${b}</td><td><code>${a}</code></td></tr></tbody></table>`),
    fc.constant('<hr>'),
    word.map((t) => `<figure><img src="/media/${t}.jpg" alt="${t}"><figcaption>${t}</figcaption></figure>`),
    line.map((l) => `<details><summary>More</summary><p>${l}</p></details>`),
    fc.tuple(word, line).map(([t, l]) => `<dl><dt>${t}</dt><dd>${l}</dd></dl>`),
    line.map((l) => `<div><p>${l}</p></div>`),
  );
  return fc.tuple(text, fc.array(block, { minLength: 1, maxLength: 10 }), gap).map(([first, blocks, g]) => `${g}<p>${first}</p>${g}${blocks.join(g)}${g}`);
}
