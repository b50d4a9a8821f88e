// History (#31, item 6) at 1440x900 and at 390x844: versions name their
// author and the fields they changed, autosave bursts are one entry, Compare
// with live shows a word-level diff, Restore makes a draft (visitors keep
// live), and Publish from History asks first.
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, createPage, openEditing, saveDraftAs, signIn, status, visitorHtml } from '../editing-helpers.ts';
import { expectLook, insideVisualViewport } from './look.ts';

const publish = async (page: Page, id: number) => {
  const res = await page.request.post(`/api/cms/pages/${id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(res.status(), await res.text()).toBe(200);
};

/** A page of the test's own, published with `live`, then the drafts `drafts` saved one by one (as autosave does). */
async function pageWithHistory(page: Page, prefix: string, live: Record<string, unknown>, drafts: Record<string, unknown>[] = []) {
  await signIn(page);
  const created = await createPage(page, prefix, live);
  await publish(page, created.id);
  for (const draft of drafts) await saveDraftAs(page, created.id, draft);
  return created;
}

const LIVE = { title: 'Opening hours', summary: 'We open at nine every weekday morning.', body: '<p>Come and visit.</p>' };

/** The bar's History: in its row, or inside More on the phone (a tap each, as a person on a phone does). */
async function openHistory(page: Page) {
  const bar = page.locator('#louise-bar');
  if (page.viewportSize()!.width < 600) {
    await bar.getByRole('button', { name: 'More' }).click();
    await expect(bar.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
  }
  await bar.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'Version history' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.lh-entry').first()).toBeVisible();
  // All of it on the screen, a phone's included.
  expect(await insideVisualViewport(dialog)).toBe(true);
  return dialog;
}

test('versions show their author and changed fields, a burst of saves is one entry, and Compare with live shows a word-level diff', async ({
  page,
}, testInfo) => {
  const { path } = await pageWithHistory(page, `history-${testInfo.project.name}`, LIVE, [
    { summary: 'We open at ten every weekday morning.' },
    { summary: 'We open at ten every weekday.' },
    { title: 'Opening hours this spring' },
  ]);
  await openEditing(page, path);
  const history = await openHistory(page);
  const entries = history.locator('.lh-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Editor');
  await expect(entries.nth(0)).toContainText('3 saves');
  await expect(entries.nth(0)).toContainText('Draft');
  await expect(entries.nth(0).locator('.lh-fields').first()).toHaveText('Changed: Title, Summary');
  await expect(entries.nth(1)).toContainText('Live');
  // The burst opens into its saves, each with what it changed.
  await entries.nth(0).getByText('Show the 3 saves').click();
  await expect(entries.nth(0).locator('details li')).toHaveCount(3);
  await expect(entries.nth(0).locator('details li').nth(2)).toContainText('Changed: Summary');
  await entries.nth(0).getByText('Show the 3 saves').click();
  await expectLook(page, 'history-list', { mask: [history.locator('.lh-entry > .lh-who .lh-when')] });

  const compare = entries.nth(0).getByRole('button', { name: 'Compare with live' }).first();
  await compare.click();
  await expect(compare).toHaveAttribute('aria-expanded', 'true');
  const summary = entries.nth(0).locator('.lh-field', { has: page.getByRole('heading', { name: 'Summary' }) });
  await expect(summary.locator('del').first()).toContainText('nine');
  await expect(summary.locator('ins').first()).toContainText('ten');
  await expect(summary.locator('.lh-side').first()).toContainText('We open at nine every weekday morning.');
  const title = entries.nth(0).locator('.lh-field', { has: page.getByRole('heading', { name: 'Title' }) });
  await expect(title.locator('ins').first()).toContainText('this spring');
  // Side by side from 900 px, stacked below.
  const [live, mine] = [await summary.locator('.lh-side').nth(0).boundingBox(), await summary.locator('.lh-side').nth(1).boundingBox()];
  if (testInfo.project.name === 'phone') expect(mine!.y).toBeGreaterThan(live!.y + live!.height - 1);
  else expect(Math.abs(mine!.y - live!.y)).toBeLessThan(2);
  await expectLook(page, 'history-compare', { mask: [history.locator('.lh-entry > .lh-who .lh-when')] });

  // Closing gives the focus back to the History button, or on the phone to More, which holds it in its closed menu.
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await expect(page.locator('#louise-bar').getByRole('button', { name: testInfo.project.name === 'phone' ? 'More' : 'History' })).toBeFocused();
});

test('Restore creates a draft and visitors still see live', async ({ page, browser }, testInfo) => {
  const { id, path } = await pageWithHistory(page, `restore-${testInfo.project.name}`, LIVE, [{ summary: 'Closed on Mondays from now on.' }]);
  await publish(page, id);
  expect(await visitorHtml(browser, path)).toContain('Closed on Mondays from now on.');
  await openEditing(page, path);
  const history = await openHistory(page);
  const earlier = history.locator('.lh-entry', { hasText: 'Earlier version' });
  await earlier.getByRole('button', { name: 'Restore as draft' }).click();
  // The page reloads with the restored version as its draft, and says so.
  await expect(status(page)).toHaveText(/^Restored version from .+ as a draft\. Publish to make it live\.$/);
  await expect(page.locator('[data-cms-field$=":summary"]')).toHaveText(LIVE.summary);
  const versions = (await (await page.request.get(`/api/cms/pages/${id}/versions`)).json()) as { items: { status: string; data: Record<string, unknown> }[] };
  expect(versions.items[0]).toMatchObject({ status: 'pending', data: { summary: LIVE.summary } });
  // A visitor still sees what was live.
  const visitor = await browser.newContext({ baseURL: baseUrl() });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(path);
  await expect(visitorPage.locator('.lede')).toHaveText('Closed on Mondays from now on.');
  await visitor.close();
});

test('Publish from History asks first, naming what goes live', async ({ page, browser }, testInfo) => {
  const { path } = await pageWithHistory(page, `publish-${testInfo.project.name}`, LIVE, [{ summary: 'Open late on Fridays.' }]);
  await openEditing(page, path);
  let history = await openHistory(page);
  await history.getByRole('button', { name: 'Publish this' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Publish this version?' });
  await expect(ask).toContainText('Summary');
  expect(await insideVisualViewport(ask)).toBe(true);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(await visitorHtml(browser, path)).toContain(LIVE.summary);
  await history.getByRole('button', { name: 'Publish this' }).first().click();
  await ask.getByRole('button', { name: 'Publish' }).click();
  // Publishing reloads the page; then visitors see the version.
  await expect(page.locator('#louise-bar')).toBeVisible();
  await expect.poll(async () => visitorHtml(browser, path)).toContain('Open late on Fridays.');
  history = await openHistory(page);
  await expect(history.locator('.lh-entry').first()).toContainText('Live');
});
