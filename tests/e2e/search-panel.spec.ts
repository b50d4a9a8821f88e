import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { baseUrl, openEditing, signIn, TITLE } from './editing-helpers.ts';

// The edit bar's page search (issue 12): it opens on Ctrl+K and on `/`, a
// publisher rebuilds the index from it, it finds a seeded page by a word of
// its body, and arrow + Enter opens that page in edit mode.

/** A word only the seeded article's body has ("…and then imagine the result."). */
const WORD = 'imagine';
const ARTICLE = '/articles/editing-in-place';

const searchPanel = (page: Page) => page.getByRole('dialog', { name: 'Search pages' });

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('#louise-search').analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Moves the focus out of every field, to the page itself. */
const focusPage = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test('Ctrl+K and / open the search; Escape closes it and gives the focus back', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/about');
  const button = page.getByRole('button', { name: 'Search' });
  await expect(button).toHaveAttribute('aria-keyshortcuts', '/ Control+K Meta+K');

  // Ctrl+K from inside a field: the focus comes back to the field.
  await page.locator(TITLE).click();
  await page.keyboard.press('Control+k');
  const panel = searchPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Find a page' })).toBeFocused();
  await expect(panel.getByRole('status').first()).toContainText('Type a word');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.locator(TITLE)).toBeFocused();

  // `/` from the page (not from a field, where it is a character to type).
  await focusPage(page);
  await page.keyboard.press('/');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Find a page' })).toBeFocused();
  await expect(panel.getByRole('combobox')).toHaveValue('');
  await page.keyboard.type('abc');
  // One Escape closes, text or not.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The button opens it too, and the focus comes back to the button.
  await button.click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

test('a publisher rebuilds the index, finds a seeded page by a word of its body, and jumps to it in edit mode with the arrows and Enter', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/about');
  await focusPage(page);
  await page.keyboard.press('Control+k');
  const panel = searchPanel(page);
  await expect(panel).toBeVisible();

  // The seeded pages are indexed by a publisher's Rebuild.
  const rebuild = panel.getByRole('button', { name: 'Update search' });
  await rebuild.click();
  await expect(panel.getByText(/^Search updated: \d+ entr(y|ies)\.$/)).toBeVisible({ timeout: 20_000 });
  await expect(rebuild).toHaveAttribute('aria-disabled', 'false');

  const box = panel.getByRole('combobox', { name: 'Find a page' });
  await box.focus();
  await page.keyboard.type(WORD, { delay: 20 });
  const article = panel.getByRole('option').filter({ hasText: ARTICLE });
  await expect(article).toBeVisible();
  await expect(article.locator('mark').first()).toHaveText(new RegExp(WORD, 'i'));
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('status').first()).toHaveText(/^\d+ pages? match(es)? “imagine”\./);
  await expectAxeClean(page, 'results');

  // Down until the article is the chosen option (it is usually the first).
  const articleId = await article.getAttribute('id');
  for (let i = 0; i < 10 && (await box.getAttribute('aria-activedescendant')) !== articleId; i++) await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', articleId!);
  await expect(article).toHaveAttribute('aria-selected', 'true');
  await expectAxeClean(page, 'chosen');
  await page.screenshot({ path: '.louise/reports/search-panel.png' });

  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === ARTICLE && url.searchParams.has('edit'));
  await expect(page.locator('#louise-bar')).toBeVisible();
});

test('an editor who may not publish searches but is not offered Update search', async ({ browser }) => {
  // A context of its own (axe needs one), signed in as the writer.
  const context = await browser.newContext({ baseURL: baseUrl() });
  const writer = await context.newPage();
  await signIn(writer, 'writer@localhost');
  try {
    await openEditing(writer, '/about');
    await focusPage(writer);
    await writer.keyboard.press('Control+k');
    const panel = searchPanel(writer);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Update search' })).toHaveCount(0);
    await writer.keyboard.type(WORD, { delay: 20 });
    await expect(panel.getByRole('option').filter({ hasText: ARTICLE })).toBeVisible();
    await expectAxeClean(writer, 'writer');
  } finally {
    await context.close();
  }
});
