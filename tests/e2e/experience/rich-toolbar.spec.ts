import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createPage, DRAFT_SAVED, discardDraft, openEditing, signIn, status, storedDraft, withoutLiveSession } from '../editing-helpers.ts';
import { expectLook } from './look.ts';

// The rich-text fields' toolbars (#31): one formatting toolbar, for the
// field that has focus; a floating one on a text selection; pressed states;
// one tab stop with arrow keys; Ctrl+B/I/U; and the editor itself loaded
// only when an editor reaches for a rich field, the first key kept.

const BODY = '[data-cms-field$=":body"]';
const formatting = (page: Page) => page.getByRole('toolbar', { name: /^Formatting/ });
/**
 * Lexical's own code (the `__lexicalEditor` it puts on its root), and no other script: the core only names the
 * `data-lexical-editor` attribute (the search keys read it), which says nothing about Lexical being loaded.
 */
const LEXICAL = /__lexicalEditor/;
const selectionBar = (page: Page) => page.getByRole('toolbar', { name: 'Text formatting' });
/** Lexical reads the selection on the async selectionchange event: let it land before the next key. */
const settle = (page: Page) => page.waitForTimeout(80);

/** Serves the page's scripts as they are, except Lexical's chunk: sent once `arrive()` settles, or refused (`'abort'`). */
async function lexicalChunk(page: Page, arrive: () => Promise<unknown> | 'abort'): Promise<void> {
  await page.route(/\.js(?:\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (LEXICAL.test(body.toString('utf8'))) {
      const when = arrive();
      if (when === 'abort') return route.abort();
      await when;
    }
    await route.fulfill({ response, body });
  });
}

/** Holds Lexical's chunk until `release()` is called. */
async function holdLexical(page: Page): Promise<() => void> {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => {
    release = resolve;
  });
  await lexicalChunk(page, () => loaded);
  return release;
}

/** A page of the test's own with a stable rich body (screenshots and edits touch nothing another spec reads). */
async function ownPage(page: Page): Promise<{ id: number; path: string }> {
  return createPage(page, 'richbar', {
    title: 'Toolbar test',
    summary: 'A page for the rich-text toolbar.',
    body: '<p>Plain words to format here.</p><h2>A heading</h2><p>Another paragraph of text.</p>',
  });
}

/** Selects the word `word` inside `scope` (a double-click selects a word). */
async function selectWord(page: Page, scope: string, word: string): Promise<void> {
  await page
    .locator(scope)
    .getByText(word, { exact: false })
    .first()
    .evaluate((el, w) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(w) ?? -1;
        if (at >= 0) return void getSelection()?.setBaseAndExtent(node, at, node, at + w.length);
      }
    }, word);
  await settle(page);
}

test.beforeEach(async ({ page }) => {
  await withoutLiveSession(page);
  await signIn(page);
});

test('the home page loads no rich-text editor before an editor reaches for a field; it mounts without layout shift', async ({ page }) => {
  const scripts: Array<{ url: string; body: Buffer }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: await response.body().catch(() => Buffer.alloc(0)) });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: Array<{ value: number; at: number }> };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shifts.push({ value: entry.value, at: entry.startTime });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openEditing(page, '/');
  await page.waitForLoadState('networkidle');
  const lexical = () => scripts.filter(({ body }) => LEXICAL.test(body.toString('utf8')));
  const gzip = (list: typeof scripts) => list.reduce((sum, { body }) => sum + gzipSync(body).length, 0);
  expect(lexical()).toEqual([]);
  const before = gzip(scripts);
  // No toolbar while no rich field has focus; the fields are editable already.
  await expect(formatting(page)).toHaveCount(0);
  await expect(page.locator(BODY)).toHaveAttribute('contenteditable', 'true');
  await expect(page.locator(BODY)).not.toHaveAttribute('data-lexical-editor', 'true');

  // A pointer over the field mounts its editor (no click: a shift after a click would count as the user's).
  const start = await page.evaluate(() => performance.now());
  await page.locator(BODY).locator('p').first().hover();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await page.waitForTimeout(300);
  const shift = await page.evaluate(
    (t0) => (window as unknown as { shifts: Array<{ value: number; at: number }> }).shifts.filter((s) => s.at >= t0).reduce((sum, s) => sum + s.value, 0),
    start,
  );
  expect(shift).toBeLessThanOrEqual(0.01);
  expect(lexical().length).toBeGreaterThan(0);
  const after = gzip(scripts);
  test.info().annotations.push({
    type: 'script bytes (gzip)',
    description: `before the first interaction ${before}, after the rich editor mounted ${after}; layout shift at mount ${shift}`,
  });
  console.log(`[${test.info().project.name}] script gzip bytes: before interaction ${before}, after mount ${after}; CLS at mount ${shift}`);
});

test('one formatting toolbar, for the rich field that has focus; focus moves it; none when no rich field has focus', async ({ page }) => {
  await openEditing(page, '/');
  await page.locator(BODY).locator('p').first().click();
  await expect(formatting(page)).toHaveCount(1);
  await expect(formatting(page)).toBeVisible();
  await expect(formatting(page)).toHaveAccessibleName('Formatting: Body');
  // A block's rich field: the same one toolbar, now for that field.
  const block = page.locator('[data-cms-sections] [data-cms-type="richtext"]').first();
  // By keyboard focus (at the phone's size the edit bar and a figure's caption may lie over it).
  await block.focus();
  await page.keyboard.press('Home');
  await expect(formatting(page)).toHaveCount(1);
  await expect(formatting(page)).not.toHaveAccessibleName('Formatting: Body');
  // The toolbar covers not the line being edited.
  await settle(page);
  const bar = await formatting(page).boundingBox();
  const caret = await page.evaluate(() => getSelection()?.getRangeAt(0).getBoundingClientRect().toJSON() as DOMRect);
  expect(bar && (bar.y >= caret.bottom || bar.y + bar.height <= caret.top)).toBe(true);
  // A plain field: no toolbar.
  await page.locator('[data-cms-field$=":title"]').first().click();
  await expect(formatting(page)).toBeHidden();
});

test('the first key typed into a field whose editor is still loading arrives, where the caret was put', async ({ page }) => {
  const { id, path } = await ownPage(page);
  // The editor's chunk answers late: the click and the key land before it mounts.
  await lexicalChunk(page, () => new Promise((resolve) => setTimeout(resolve, 700)));
  await openEditing(page, path);
  const first = page.locator(BODY).locator('p').first();
  await first.click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  // The key typed before the editor was there is an edit: saved with nothing typed after it.
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect.poll(async () => (await storedDraft(page.request, id))?.body).toContain('<p>Plain words to format here.!</p>');
  // And the caret stayed after it.
  await page.keyboard.type('?');
  await expect(first).toHaveText('Plain words to format here.!?');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect.poll(async () => (await storedDraft(page.request, id))?.body).toContain('<p>Plain words to format here.!?</p>');
  await discardDraft(page, id);
});

test('words typed while the editor loads, ending in a space, keep their order and spaces once it mounts', async ({ page }) => {
  const { id, path } = await ownPage(page);
  // The editor's chunk is held until the early words are typed: the mount comes between two words.
  const release = await holdLexical(page);
  await openEditing(page, path);
  const first = page.locator(BODY).locator('p').first();
  await first.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' early ');
  release();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await page.keyboard.type('late');
  await expect(first).toHaveText('Plain words to format here. early late');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect.poll(async () => (await storedDraft(page.request, id))?.body).toContain('<p>Plain words to format here. early late</p>');
  await discardDraft(page, id);
});

test('Ctrl+K pressed while the editor loads opens the link popover once it mounts, not the page search', async ({ page }) => {
  const { path } = await ownPage(page);
  const release = await holdLexical(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await selectWord(page, BODY, 'words');
  await page.keyboard.press('ControlOrMeta+k');
  await expect(page.locator('#louise-search')).toBeHidden();
  release();
  await expect(page.getByRole('dialog', { name: 'Add link' })).toBeVisible();
  await expect(page.locator('#louise-search')).toBeHidden();
  await page.keyboard.press('Escape');
});

test('words typed into a rich field whose editor cannot load are saved all the same, and the editor says to reload', async ({ page }) => {
  const { id, path } = await ownPage(page);
  // The editor's chunk never arrives (a dropped connection).
  await lexicalChunk(page, () => 'abort');
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await expect(status(page)).toHaveText(/could not load/);
  await page.keyboard.press('End');
  await page.keyboard.type(' still kept');
  await expect.poll(async () => (await storedDraft(page.request, id))?.body).toContain('Plain words to format here. still kept');
  await discardDraft(page, id);
});

test('Ctrl+B, Ctrl+I and Ctrl+U format the selection, show as pressed, and underline is stored as <u>', async ({ page }) => {
  const { id, path } = await ownPage(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await selectWord(page, BODY, 'words');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.press('ControlOrMeta+u');
  await settle(page);
  await expect(formatting(page).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(formatting(page).getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  await expect(formatting(page).getByRole('button', { name: 'Underline' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(BODY).locator('strong.louise-i.louise-u')).toHaveText('words');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect.poll(async () => (await storedDraft(page.request, id))?.body).toContain('<strong><em><u>words</u></em></strong>');
  // Ctrl+Z takes it back, Ctrl+Shift+Z does it again.
  await page.keyboard.press('ControlOrMeta+z');
  await page.keyboard.press('ControlOrMeta+z');
  await page.keyboard.press('ControlOrMeta+z');
  await settle(page);
  await expect(page.locator(BODY).locator('strong')).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await settle(page);
  await expect(page.locator(BODY).locator('strong')).toHaveText('words');
  await discardDraft(page, id);
});

test('pressed states follow the selection: Bold in bold text, the H2 button in a heading', async ({ page }) => {
  const { path } = await ownPage(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('h2').click();
  await settle(page);
  const tools = formatting(page);
  await expect(tools.getByRole('button', { name: 'Heading, level 2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tools.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'false');
  await page.locator(BODY).locator('p').last().click();
  await settle(page);
  await expect(tools.getByRole('button', { name: 'Heading, level 2' })).toHaveAttribute('aria-pressed', 'false');
  await expect(tools.getByRole('button', { name: 'Paragraph' })).toHaveAttribute('aria-pressed', 'true');
  await expect(tools.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
});

test('the toolbar is one tab stop with arrow keys; Alt+F10 reaches it from the text and Escape goes back', async ({ page }) => {
  const { path } = await ownPage(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  const tools = formatting(page);
  await expect(tools.locator('button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Alt+F10');
  await expect(tools.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tools.getByRole('button', { name: 'Redo' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(tools.getByRole('button', { name: 'Image from the media library' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tools.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tools.getByRole('button', { name: 'Image from the media library' })).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(tools.getByRole('button', { name: 'Bold' })).toBeFocused();
  // Still one tab stop, the last one used; Tab leaves the toolbar at once.
  await expect(tools.locator('button[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator(BODY)).toBeFocused();
  await expect(tools).toBeVisible();
  await page.keyboard.press('Alt+F10');
  await expect(tools.getByRole('button', { name: 'Bold' })).toBeFocused();
  // Tab leaves the toolbar at once (and rich text: the toolbar goes).
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.louise-toolbar') ?? null)).toBeNull();
  await expect(tools).toBeHidden();
});

test('a text selection shows the floating toolbar beside it; its Bold makes the selection bold', async ({ page }) => {
  const { id, path } = await ownPage(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await expect(selectionBar(page)).toBeHidden();
  await selectWord(page, BODY, 'format');
  await expect(selectionBar(page)).toBeVisible();
  const near = await page.evaluate(() => getSelection()?.getRangeAt(0).getBoundingClientRect().toJSON() as DOMRect);
  const box = await selectionBar(page).boundingBox();
  expect(box && Math.min(Math.abs(box.y + box.height - near.top), Math.abs(box.y - near.bottom))).toBeLessThan(24);
  await selectionBar(page).getByRole('button', { name: 'Bold' }).click();
  await expect(page.locator(BODY).locator('strong')).toHaveText('format');
  await expect(selectionBar(page).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await discardDraft(page, id);
});

test('looks: a rich field with its toolbar, and a selection with the floating toolbar', async ({ page }) => {
  const { path } = await ownPage(page);
  await openEditing(page, path);
  await page.locator(BODY).locator('p').first().click();
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await page.locator(BODY).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.keyboard.press('Home');
  await settle(page);
  // The status line, and the site's header text other specs edit.
  const mask = [page.locator('#louise-status'), page.locator('header [data-cms-field]')];
  await expectLook(page, 'rich-toolbar-focused', { mask });
  await selectWord(page, BODY, 'format');
  await expect(selectionBar(page)).toBeVisible();
  await expectLook(page, 'rich-toolbar-selection', { mask });
});
