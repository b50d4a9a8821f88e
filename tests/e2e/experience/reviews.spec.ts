// Review requests (#31, item 8): a writer, who may edit but not publish, asks
// for review from the bar; a publisher sees the count in their bar, the
// word-level diff in the reviews panel, and publishes or declines. At both
// sizes (desktop and phone projects).
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  baseUrl,
  createPage,
  discardDraft,
  expectStored,
  openEditing,
  otherEditor,
  retype,
  signIn,
  status,
  TITLE,
  visitorHtml,
  withoutLiveSession,
} from '../editing-helpers.ts';
import { expectLook } from './look.ts';

/** A published page of the test's own, titled `title`. */
async function publishedPage(page: Page, title: string): Promise<{ id: number; path: string }> {
  const created = await createPage(page, 'review', { title, summary: 'A page to review.' });
  const published = await page.request.post(`/api/cms/pages/${created.id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(published.status(), await published.text()).toBe(200);
  return created;
}

async function publisher(page: Page): Promise<void> {
  await withoutLiveSession(page);
  await signIn(page);
}

/** The writer, on their own page of the browser, with the page open for editing. */
async function writerOn(browser: Browser, path: string): Promise<Page> {
  const writer = await otherEditor(browser);
  await openEditing(writer, path);
  return writer;
}

const reviewsButton = (page: Page) => page.locator('#louise-reviews-open');
const requestFor = (page: Page, path: string) => page.locator('#louise-reviews li').filter({ has: page.getByRole('link', { name: path, exact: true }) });

test("a writer's Ask to publish reaches a publisher's bar, who sees the diff and publishes it for visitors", async ({ page, browser }) => {
  await publisher(page);
  const { id, path } = await publishedPage(page, 'Spring opening hours');
  const writer = await writerOn(browser, path);
  try {
    const bar = writer.locator('#louise-bar');
    await expect(bar.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
    const ask = bar.getByRole('button', { name: 'Ask to publish' });
    await expect(ask).toBeVisible();

    await retype(writer, TITLE, 'Summer opening hours');
    await expectStored(writer.request, id, 'title', 'Summer opening hours');
    await ask.click();
    const dialog = writer.getByRole('dialog', { name: 'Ask to publish' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Note for the publisher (optional)')).toBeFocused();
    await dialog.getByLabel('Note for the publisher (optional)').fill('New hours from June.');
    await expectLook(writer, 'ask-dialog', { mask: [status(writer)] });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(status(writer)).toHaveText('Review requested: publishers see your changes in their bar.');
    await expect(bar.getByRole('button', { name: 'Review requested' })).toBeVisible();

    await openEditing(page, path);
    await expect(reviewsButton(page)).toHaveAccessibleName('Reviews: 1 open request');
    await expect(reviewsButton(page).locator('.lb-badge')).toHaveText('1');
    await expectLook(page, 'reviews-badge', { mask: [status(page)] });

    await reviewsButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Review requests' });
    const item = requestFor(page, path);
    await expect(item).toContainText('Asked by');
    await expect(item).toContainText('New hours from June.');
    await expect(item.getByRole('heading', { name: 'title' })).toBeVisible();
    await expect(item.locator('ins')).toContainText('Summer');
    await expect(item.locator('del')).toContainText('Spring');
    await expectLook(page, 'reviews-panel', { mask: [panel.locator('time'), panel.locator('h3 a'), status(page)] });

    await item.getByRole('button', { name: 'Publish' }).click();
    const confirm = page.getByRole('dialog', { name: `Publish ${path}?` });
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.getByRole('status')).toHaveText(`Published ${path}: visitors now see it.`);
    await expect(item).toHaveCount(0);
    await expect(reviewsButton(page).locator('.lb-badge')).toBeHidden();
    expect(await visitorHtml(browser, path)).toContain('Summer opening hours');
  } finally {
    await writer.close();
  }
});

test('a publisher declines a request: visitors keep the live page and the draft stays', async ({ page, browser }) => {
  await publisher(page);
  const { id, path } = await publishedPage(page, 'Autumn menu');
  const writer = await otherEditor(browser);
  try {
    const saved = await writer.request.post(`/api/cms/pages/${id}/versions`, { headers: { origin: baseUrl() }, data: { title: 'Winter menu' } });
    expect(saved.status(), await saved.text()).toBe(200);
    const asked = await writer.request.post('/api/cms/reviews', { headers: { origin: baseUrl() }, data: { collection: 'pages', key: String(id), url: path } });
    expect(asked.status(), await asked.text()).toBe(201);
    // A writer may not decide: the route refuses before anything is written.
    const requestId = ((await asked.json()) as { id: number; versionId: number }).id;
    const refused = await writer.request.post(`/api/cms/reviews/${requestId}/decide`, {
      headers: { origin: baseUrl() },
      data: { decision: 'publish', versionId: 1 },
    });
    expect(refused.status()).toBe(403);

    await openEditing(page, path);
    await reviewsButton(page).click();
    const item = requestFor(page, path);
    await expect(item.locator('ins')).toContainText('Winter');
    await item.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog', { name: 'Review requests' }).getByRole('status')).toHaveText(`Declined ${path}: it stays a draft.`);
    await expect(item).toHaveCount(0);
    expect(await visitorHtml(browser, path)).toContain('Autumn menu');
    expect(await visitorHtml(browser, path)).not.toContain('Winter menu');
    await discardDraft(page, id);
  } finally {
    await writer.close();
  }
});
