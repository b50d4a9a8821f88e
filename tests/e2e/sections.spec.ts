import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createPage, openEditing, signIn, status, storedDraft, visitorHtml, DRAFT_SAVED, publishPage } from './editing-helpers.ts';

// Page sections (issue 14): an editor builds a page from blocks in place, on
// a page of this test's own (an article, which may continue with blocks).

const FIRST = { id: 'bfirsttext', type: 'text', body: '<p>The first block.</p>' };
const FAQ = { id: 'bquestion', type: 'faq', question: 'Does it keep my text?', answer: '<p>Always.</p>' };

/** A page of this test's own, starting with the text block and the question. */
const newPage = (page: Page, prefix: string, under?: string) =>
  createPage(page, prefix, { title: 'Built from blocks', summary: 'A page of blocks.', sections: [FIRST, FAQ] }, under);

const blocks = (page: Page) => page.locator('[data-cms-sections] > [data-cms-block]');
const block = (page: Page, type: string) => page.locator(`[data-cms-sections] > [data-cms-block-type="${type}"]`);
const toolbar = (page: Page, type: string) => page.getByRole('toolbar', { name: new RegExp(`^${type} block$`) });
const types = (page: Page) => blocks(page).evaluateAll((all) => all.map((el) => (el as HTMLElement).dataset.cmsBlockType));

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('[data-cms-sections]').include('#louise-bar').analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

test('an editor adds a call to action, edits its words and link, moves it up, removes a block and undoes it, publishes; visitors see exactly that', async ({
  browser,
}, testInfo) => {
  // The whole flow, with two styled confirmations and two fetched renderings: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page);
  const { id, path } = await newPage(page, 'blocks');
  await openEditing(page, path);
  expect(await types(page)).toEqual(['text', 'faq']);

  // Add block, at the end: the picker lists the declared types, and the new block is shown as the site renders it.
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Add a block' });
  // The first type has the focus; arrow keys move through the list.
  await expect(picker.getByRole('button', { name: 'Hero' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('button', { name: 'Text' })).toBeFocused();
  await expectAxeClean(page, 'block picker');
  await picker.screenshot({ path: testInfo.outputPath('sections-picker.png') });
  await picker.getByRole('button', { name: 'Call to action' }).click();
  const cta = block(page, 'cta');
  await expect(cta.locator('h2[contenteditable]')).toHaveText('Heading');
  await expect(cta).not.toHaveClass(/louise-block-pending/);
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  expect(await types(page)).toEqual(['text', 'faq', 'cta']);

  // Its button: the words in place, the address in the field under it.
  const link = cta.locator('a[data-cms-type="link"]');
  await link.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Book a demo');
  await page.keyboard.press('Tab');
  const address = page.getByRole('textbox', { name: 'Link address: Button' });
  await expect(address).toBeFocused();
  await address.fill('/demo');
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  // Up: before the question; Alt+Down and Alt+Up from the toolbar do the same.
  await toolbar(page, 'Call to action').getByRole('button', { name: 'Up', exact: true }).click();
  expect(await types(page)).toEqual(['text', 'cta', 'faq']);
  await toolbar(page, 'Call to action').getByRole('button', { name: 'Up', exact: true }).press('Alt+ArrowDown');
  await toolbar(page, 'Call to action').getByRole('button', { name: 'Down', exact: true }).press('Alt+ArrowUp');
  expect(await types(page)).toEqual(['text', 'cta', 'faq']);
  await expectAxeClean(page, 'block toolbar');
  await cta.screenshot({ path: testInfo.outputPath('sections-toolbar.png') });

  // Delete the question (asked first, in the styled dialog), then Undo from the bar: it comes back where it was, with its words.
  await toolbar(page, 'Question and answer').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete the Question and answer block?' }).getByRole('button', { name: 'Delete block' }).click();
  // A deleted block leaves once its typed text has saved (so Undo brings the newest words back): wait for it.
  await expect.poll(() => types(page)).toEqual(['text', 'cta']);
  const undo = page.locator('#louise-bar').getByRole('button', { name: 'Undo' });
  await expect(page.locator('#louise-bar')).toContainText('Deleted the Question and answer block.');
  await undo.click();
  await expect.poll(() => types(page)).toEqual(['text', 'cta', 'faq']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  // Duplicate: the copy shows at once (a preview), then as the site renders it, with its own id and fields.
  await toolbar(page, 'Text').getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(blocks(page)).toHaveCount(4);
  await expect(block(page, 'text').nth(1).locator('[data-cms-field][contenteditable]')).toHaveText('The first block.');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  expect(await types(page)).toEqual(['text', 'text', 'cta', 'faq']);
  await toolbar(page, 'Text').nth(1).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete the Text block?' }).getByRole('button', { name: 'Delete block' }).click();
  await expect.poll(() => types(page)).toEqual(['text', 'cta', 'faq']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  await expect
    .poll(async () => ((await storedDraft(page.request, id))?.sections as Array<{ type: string }> | undefined)?.map((b) => b.type))
    .toEqual(['text', 'cta', 'faq']);
  const stored = (await storedDraft(page.request, id))?.sections as Array<Record<string, unknown>>;
  expect(stored[0]).toEqual(FIRST);
  expect(stored[2]).toEqual(FAQ);
  expect(stored[1]).toMatchObject({ type: 'cta', heading: 'Heading', link: { href: '/demo', label: 'Book a demo' } });

  await publishPage(page);
  await expect(status(page)).toHaveText(/Published/);
  const html = await visitorHtml(browser, path);
  const order = [...html.matchAll(/class="block block-(\w+)/g)].map((m) => m[1]);
  expect(order).toEqual(['text', 'cta', 'faq']);
  expect(html).toContain('<a class="button" href="/demo">Book a demo</a>');
  expect(html).toContain('The first block.');
  expect(html).not.toMatch(/data-cms-|louise-block/);
  await context.close();
});

test('a reorder made offline is kept and saves when the connection returns; the page reloads in that order', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page);
  const { id, path } = await newPage(page, 'offline-blocks');
  await openEditing(page, path);

  await context.setOffline(true);
  await toolbar(page, 'Question and answer').getByRole('button', { name: 'Up', exact: true }).click();
  expect(await types(page)).toEqual(['faq', 'text']);
  // The failed save leaves the change unsaved (and in the browser's backup copy), never dropped.
  await expect(page.locator('[data-cms-sections]')).toHaveAttribute('data-cms-state', 'error', { timeout: 15_000 });

  await context.setOffline(false);
  await expect(status(page)).toHaveText(DRAFT_SAVED, { timeout: 15_000 });
  const stored = (await storedDraft(page.request, id))?.sections as Array<{ id: string }> | undefined;
  expect(stored?.map((b) => b.id)).toEqual([FAQ.id, FIRST.id]);
  await openEditing(page, path);
  expect(await types(page)).toEqual(['faq', 'text']);
  await context.close();
});

test('a page of nothing but blocks saves them like any field: status, Publish, and the order visitors then see', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page);
  const { path } = await newPage(page, 'only-blocks', 'landing');
  await openEditing(page, path);
  // The document's only marker is its sections list (the settings in the header are another document).
  await expect(page.locator('[data-cms-field^="pages:"]:not([data-cms-sections] *)')).toHaveCount(0);
  await toolbar(page, 'Question and answer').getByRole('button', { name: 'Up', exact: true }).click();
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  // Dragging by the handle: the text block dropped on the top half of the question goes before it, and back.
  await block(page, 'text').hover();
  await block(page, 'text')
    .locator('.louise-drag')
    .dragTo(block(page, 'faq'), { targetPosition: { x: 20, y: 5 } });
  expect(await types(page)).toEqual(['text', 'faq']);
  await block(page, 'faq').hover();
  await block(page, 'faq')
    .locator('.louise-drag')
    .dragTo(block(page, 'text'), { targetPosition: { x: 20, y: 5 } });
  expect(await types(page)).toEqual(['faq', 'text']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  // A features list: Add feature appends an item (shown as the site renders it, the focus in it); Backspace in an empty item removes it.
  // The text block is the last one: the end's Add block adds after it.
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  await page.getByRole('dialog', { name: 'Add a block' }).getByRole('button', { name: 'Features list' }).click();
  const features = block(page, 'features');
  const items = features.locator('li[data-cms-field]');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toHaveAttribute('contenteditable', /.+/);
  await toolbar(page, 'Features list').getByRole('button', { name: 'Add feature', exact: true }).click();
  await expect(items).toHaveCount(4);
  await expect(items.nth(3)).toHaveText('New feature');
  await expect(items.nth(3)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Works offline');
  await items.nth(1).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await expect(items).toHaveCount(3);
  await expect(items).toHaveText(['First feature', 'Third feature', 'Works offline']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  await publishPage(page);
  await expect(status(page)).toHaveText(/Published/);
  const html = await visitorHtml(browser, path);
  expect([...html.matchAll(/class="block block-(\w+)/g)].map((m) => m[1])).toEqual(['faq', 'text', 'features']);
  expect([...html.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(['First feature', 'Third feature', 'Works offline']);
  await context.close();
});
