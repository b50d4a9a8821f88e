// Review requests (#31, item 8): a writer, who may edit but not publish, asks
// for review from the bar; a publisher sees the count in their bar, the
// word-level diff in the reviews panel, and publishes or declines. At both
// sizes (desktop and phone projects).
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  baseUrl,
  createPage,
  discardDraft,
  expectStored,
  openEditing,
  retype,
  signIn,
  status,
  TITLE,
  visitorHtml,
  withoutLiveSession,
} from '../editing-helpers.ts';
import { expectLook, insideVisualViewport } from './look.ts';

/** A published page of the test's own, titled `title`. */
async function publishedPage(page: Page, title: string): Promise<{ id: number; path: string }> {
  const created = await createPage(page, 'review', { title, summary: 'A page to review.' });
  const published = await page.request.post(`/api/cms/pages/${created.id}/publish`, { headers: { origin: baseUrl() }, data: {} });
  expect(published.status(), await published.text()).toBe(200);
  return created;
}

/**
 * The publisher, in a second browser context at the project's size (a phone
 * on the phone project; axe needs a page of a context made with `newContext`),
 * outside the realtime session like `otherEditor`.
 */
async function publisherPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
  const device = Object.fromEntries(Object.entries({ viewport, isMobile, hasTouch, deviceScaleFactor }).filter(([, value]) => value !== undefined));
  const context = await browser.newContext({ baseURL: baseUrl(), ...device });
  const page = await context.newPage();
  await withoutLiveSession(page);
  await signIn(page);
  return page;
}

/** The test's own page as the writer, who may edit but not publish (as `otherEditor`). */
async function writerPage(page: Page): Promise<Page> {
  await withoutLiveSession(page);
  await signIn(page, 'writer@localhost');
  return page;
}

const reviewsButton = (page: Page) => page.locator('#louise-reviews-open');
const requestFor = (page: Page, path: string) => page.locator('#louise-reviews li').filter({ has: page.getByRole('link', { name: path, exact: true }) });

test("a writer's Ask to publish reaches a publisher's bar, who sees the diff and publishes it for visitors", async ({ page, browser }, testInfo) => {
  // Two editors, an edit, and three looks (axe and a screenshot each): more than the default 30 s on a busy machine.
  test.slow();
  const publisher = await publisherPage(browser, testInfo);
  const { id, path } = await publishedPage(publisher, 'Spring opening hours');
  const writer = await writerPage(page);
  await openEditing(writer, path);
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
    // All of it on the screen, a phone's included (the site's header is wider than a phone: the browser alone would centre it off the edge).
    expect(await insideVisualViewport(dialog)).toBe(true);
    await dialog.getByLabel('Note for the publisher (optional)').fill('New hours from June.');
    await expectLook(writer, 'ask-dialog', { mask: [status(writer)] });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(status(writer)).toHaveText('Review requested: publishers see your changes in their bar.');
    await expect(bar.getByRole('button', { name: 'Review requested' })).toBeVisible();

    await openEditing(publisher, path);
    await expect(reviewsButton(publisher)).toHaveAccessibleName(/^Reviews\s*1 open request$/);
    await expect(reviewsButton(publisher).locator('.lb-badge')).toHaveText('1');
    await expectLook(publisher, 'reviews-badge', { mask: [status(publisher)] });

    await reviewsButton(publisher).click();
    const panel = publisher.getByRole('dialog', { name: 'Review requests' });
    const item = requestFor(publisher, path);
    await expect(item).toContainText('Asked by');
    await expect(item).toContainText('New hours from June.');
    await expect(item.getByRole('heading', { name: 'Title', exact: true })).toBeVisible();
    await expect(item.locator('ins')).toContainText('Summer');
    await expect(item.locator('del')).toContainText('Spring');
    expect(await insideVisualViewport(panel)).toBe(true);
    await expectLook(publisher, 'reviews-panel', { mask: [panel.locator('time'), panel.locator('h3 a'), status(publisher)] });

    await item.getByRole('button', { name: 'Publish' }).click();
    const confirm = publisher.getByRole('dialog', { name: `Publish ${path}?` });
    await expect(confirm).toBeVisible();
    expect(await insideVisualViewport(confirm)).toBe(true);
    await confirm.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.getByRole('status')).toHaveText(`Published ${path}: visitors now see it.`);
    await expect(item).toHaveCount(0);
    await expect(reviewsButton(publisher).locator('.lb-badge')).toBeHidden();
    expect(await visitorHtml(browser, path)).toContain('Summer opening hours');
  } finally {
    await publisher.context().close();
  }
});

test('a publisher declines a request: visitors keep the live page and the draft stays', async ({ page, browser }, testInfo) => {
  test.slow();
  const publisher = await publisherPage(browser, testInfo);
  const { id, path } = await publishedPage(publisher, 'Autumn menu');
  const writer = await writerPage(page);
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

    await openEditing(publisher, path);
    await reviewsButton(publisher).click();
    const item = requestFor(publisher, path);
    await expect(item.locator('ins')).toContainText('Winter');
    await item.getByRole('button', { name: 'Decline' }).click();
    await expect(publisher.getByRole('dialog', { name: 'Review requests' }).getByRole('status')).toHaveText(`Declined ${path}: it stays a draft.`);
    await expect(item).toHaveCount(0);
    expect(await visitorHtml(browser, path)).toContain('Autumn menu');
    expect(await visitorHtml(browser, path)).not.toContain('Winter menu');
    await discardDraft(publisher, id);
  } finally {
    await publisher.context().close();
  }
});
