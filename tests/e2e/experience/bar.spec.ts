// The edit bar at 1440x900 (desktop) and 390x844 with touch (phone): the
// status pill, Publish (primary, disabled with its reason, a preview of
// several changes), one row with More on the phone inside the visual
// viewport, the jump shortcut, field cues and Show editable areas, and the
// styled Discard confirmation. Each test edits a page of its own.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createPage, discardDraft, openEditing, signIn, status, TITLE, withoutLiveSession } from '../editing-helpers.ts';
import { expectLook, insideVisualViewport } from './look.ts';

const SUMMARY = '[data-cms-field$=":summary"]';
const START = { title: 'The bar, checked', summary: 'A page for the edit bar.', body: '<p>Words to keep.</p>' };

const phone = () => test.info().project.name === 'phone';
const bar = (page: Page) => page.locator('#louise-bar');
const publish = (page: Page) => bar(page).getByRole('button', { name: 'Publish' });
const more = (page: Page) => bar(page).getByRole('button', { name: 'More' });

/** A new page of this test's own, published, open in edit mode (outside the live session, so saves answer their count at once). */
async function ownPage(page: Page, prefix: string): Promise<number> {
  test.slow();
  await withoutLiveSession(page);
  await signIn(page);
  const { id, path } = await createPage(page, prefix, START);
  const published = await page.request.post(`/api/cms/pages/${id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(published.status(), await published.text()).toBe(200);
  await openEditing(page, path);
  return id;
}

/** Replaces a field's text by typing and waits until the draft is saved (the pill counts again). */
async function edit(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  // Leaving the field saves it at once.
  await page.locator(selector).blur();
  await expect(status(page)).toHaveText(/^Draft · /);
}

/** Runs a bar action: in the row, or inside More on the phone. */
async function action(page: Page, name: string): Promise<void> {
  if (phone()) {
    await more(page).click();
    await expect(more(page)).toHaveAttribute('aria-expanded', 'true');
  }
  await bar(page).getByRole('button', { name, exact: true }).click();
}

/** What other tests change on the shared server (the site's tagline in the header). */
const changing = (page: Page) => ({ mask: [page.locator('header')] });

/** No focus and no pointer over the page: the bar as it rests. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

test('the pill says Published; a draft shows Draft · N changes; Publish previews several changes with a word diff, then is disabled with its reason', async ({
  page,
}) => {
  const id = await ownPage(page, 'bar-publish');
  await expect(status(page)).toHaveText('Published');
  await expect(status(page)).toHaveAttribute('role', 'status');
  await expect(status(page)).toHaveAttribute('aria-live', 'polite');
  await expect(publish(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(publish(page)).toHaveAccessibleDescription(/Nothing to publish/);
  await rest(page);
  await expectLook(page, 'bar-published', changing(page));

  await edit(page, TITLE, 'The bar, changed');
  await expect(status(page)).toHaveText('Draft · 1 change');
  await edit(page, SUMMARY, 'A page for the edit bar, with new words.');
  await expect(status(page)).toHaveText('Draft · 2 changes');
  await expect(publish(page)).toHaveAttribute('aria-disabled', 'false');
  await rest(page);
  await expectLook(page, 'bar-draft', changing(page));

  await publish(page).click();
  const preview = page.getByRole('dialog', { name: 'Publish 2 changes?' });
  await expect(preview).toBeVisible();
  // Each changed field by its label (never the stored key), with what goes and what comes.
  await expect(preview.getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(preview.locator('ins').first()).toContainText('changed');
  await expect(preview.locator('del').first()).toContainText('checked');
  await expectLook(page, 'bar-publish-preview', changing(page));
  await preview.getByRole('button', { name: 'Publish' }).click();
  await expect(status(page)).toHaveText('Published');
  await expect(publish(page)).toHaveAttribute('aria-disabled', 'true');
  // Disabled, still focusable, and clicking it publishes nothing.
  await publish(page).focus();
  await expect(publish(page)).toBeFocused();
  const posts: string[] = [];
  page.on('request', (request) => request.url().endsWith('/publish') && posts.push(request.url()));
  // (Playwright's click refuses an aria-disabled control, as a mouse user would be told; the keyboard still reaches it.)
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  const live = await page.request.get(`/api/cms/pages/${id}/versions?limit=1`);
  expect(((await live.json()) as { changes: string[] }).changes).toEqual([]);
});

test('one changed field publishes at once, without a preview', async ({ page }) => {
  await ownPage(page, 'bar-one');
  await edit(page, TITLE, 'One change only');
  await expect(status(page)).toHaveText('Draft · 1 change');
  await publish(page).click();
  await expect(status(page)).toHaveText('Published');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the bar is one row inside the visual viewport; shortcut hints only on wide screens', async ({ page }) => {
  await ownPage(page, 'bar-row');
  await edit(page, TITLE, 'The bar, one row');
  const row = bar(page).locator('.lb-row');
  expect(await insideVisualViewport(bar(page))).toBe(true);
  const tops = await row
    .locator(':scope > *')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2)));
  // One row on the phone: every control centred on the same line (a wide bar may wrap in a narrow desktop window).
  if (phone()) expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
  const heights = await row.locator('button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(36);
  if (phone()) {
    await expect(bar(page).locator('kbd:visible')).toHaveCount(0);
    // Pill, Publish, a publisher's Reviews (its count stays in sight, its word in its name and tooltip) and More: each wholly on screen.
    const items = row.locator(':scope > *');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toHaveId('louise-status');
    await expect(items.nth(1)).toHaveAccessibleName('Publish');
    await expect(items.nth(2)).toHaveAccessibleName(/^Reviews/);
    await expect(items.nth(3)).toHaveAccessibleName('More');
    for (let at = 0; at < 4; at++) expect(await insideVisualViewport(items.nth(at))).toBe(true);
    // The on-screen keyboard shrinks the visual viewport: the bar follows it.
    await page.locator(TITLE).click();
    expect(await insideVisualViewport(bar(page))).toBe(true);
  } else {
    await expect(bar(page).locator('kbd:visible').first()).toBeVisible();
    await expect(more(page)).toHaveCount(0);
  }
  for (const name of ['Publish', 'History', 'Discard draft', 'Show editable areas', 'Done']) {
    if (phone() && name !== 'Publish') continue;
    const control = bar(page).getByRole('button', { name, exact: true });
    await expect(control).toHaveAttribute('title', /.+/);
    await expect(control.locator('svg')).toHaveCount(1);
  }
});

test('More opens the other actions on the phone (a disclosure: Escape closes it and gives the focus back)', async ({ page }) => {
  test.skip(!phone(), 'More exists only below 600 px: the wide bar shows every action in its row (the other tests look at it)');
  await ownPage(page, 'bar-more');
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false');
  await more(page).click();
  const menu = bar(page).locator('#louise-more');
  await expect(more(page)).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['History', 'Discard draft', 'Search', 'Media', 'Show editable areas', 'Done'])
    await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
  expect(await insideVisualViewport(menu)).toBe(true);
  await expectLook(page, 'bar-more-open', changing(page));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more(page)).toBeFocused();
});

test('Alt+Shift+B or F6 reaches the bar from inside a field in one key press, and F6 goes back', async ({ page }) => {
  test.skip(phone(), 'a keyboard shortcut: the phone has no hardware keyboard (the desktop run proves it)');
  await ownPage(page, 'bar-jump');
  await expect(publish(page)).toHaveAttribute('aria-keyshortcuts', /Alt\+Shift\+B F6/);
  await page.locator(TITLE).click();
  await page.keyboard.press('Alt+Shift+B');
  await expect(publish(page)).toBeFocused();
  await page.keyboard.press('F6');
  await expect(page.locator(TITLE)).toBeFocused();
  await page.keyboard.press('F6');
  await expect(publish(page)).toBeFocused();
});

test('fields show a quiet cue with their label on hover and focus; Show editable areas outlines every field', async ({ page }) => {
  await ownPage(page, 'bar-areas');
  const title = page.locator(TITLE);
  const outline = () => title.evaluate((field) => getComputedStyle(field).outlineStyle);
  expect(await outline()).toBe('none');
  await title.click();
  const cue = page.locator('.louise-cue');
  await expect(cue).toHaveText('Title');
  // Outside the text: above or below the field, never over it.
  const [cueBox, fieldBox] = [await cue.boundingBox(), await title.boundingBox()];
  expect(cueBox!.y + cueBox!.height <= fieldBox!.y + 1 || cueBox!.y >= fieldBox!.y + fieldBox!.height - 1).toBe(true);
  await rest(page);
  await expect(cue).toBeHidden();
  await expect.poll(outline).toBe('none');

  await action(page, 'Show editable areas');
  // On the phone it waits in the closed More menu.
  const toggle = bar(page).getByRole('button', { name: 'Show editable areas', includeHidden: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await rest(page);
  await expect.poll(outline).toBe('dashed');
  await expectLook(page, 'bar-areas-shown', changing(page));
  await action(page, 'Show editable areas');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await rest(page);
  await expect.poll(outline).toBe('none');
});

test('Discard asks in the styled dialog (Cancel first), then drops the draft', async ({ page }) => {
  const id = await ownPage(page, 'bar-discard');
  await edit(page, TITLE, 'A draft to drop');
  await action(page, 'Discard draft');
  const ask = page.getByRole('dialog', { name: 'Discard the draft?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveText('Draft · 1 change');
  await action(page, 'Discard draft');
  await page.getByRole('dialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.locator(TITLE)).toHaveText(START.title);
  await expect(status(page)).toHaveText('Published');
  await discardDraft(page, id);
});
