import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseUrl, createPage, discardDraft, expectStored, openEditing, signIn, TITLE } from './editing-helpers.ts';

// Two editors on one page through the realtime session: each in their own
// browser context (as two people would be), on a page of this test's own.

async function editorPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The page both editors open: a page of this test's own. */
const SHARED = { title: 'Shared title', summary: 'Shared summary.' };

/** The edit bar's list of the other editors on the page. */
const others = (page: Page) => page.getByRole('list', { name: /on this page/i });

test('two editors on one page: a held field is locked for the other, typing shows live, a closed tab releases it, and the API refuses the held field', async ({
  browser,
}, testInfo) => {
  const a = await editorPage(browser, 'editor@localhost');
  const b = await editorPage(browser, 'writer@localhost');
  const { id, path } = await createPage(a, 'live', SHARED);
  await openEditing(a, path);
  await openEditing(b, path);
  await expect(others(b)).toContainText('Editor');
  await expect(others(a)).toContainText('Writer');

  // A focuses the title: B sees it held by A, and cannot type into it.
  await a.locator(TITLE).click();
  const bTitle = b.locator(TITLE);
  await expect(bTitle).toHaveAttribute('data-cms-locked', 'Editor');
  await expect(bTitle).toHaveAttribute('contenteditable', 'false');

  // A types: B sees the text as it is typed, without reloading.
  await a.keyboard.press('ControlOrMeta+A');
  await a.keyboard.type('Written together', { delay: 20 });
  await expect(bTitle).toHaveText('Written together');

  // B's attempt to save the held field through the API: 423, nothing written.
  const refused = await b.request.post(`/api/cms/pages/${id}/versions`, { headers: { origin: baseUrl() }, data: { title: 'Overwritten by B' } });
  expect(refused.status()).toBe(423);
  expect(await refused.json()).toMatchObject({ error: 'locked', locked: ['title'] });

  // What B's editor shows now: looked at, and axe-clean.
  await b.screenshot({ path: testInfo.outputPath('realtime-locked.png'), fullPage: false });
  const axe = await new AxeBuilder({ page: b }).include('#louise-bar').include(TITLE).analyze();
  expect(axe.violations).toEqual([]);

  // A's change is stored (coalesced by the object, written through the draft path).
  await expectStored(b.request, id, 'title', 'Written together');

  // A closes the tab: B's lock goes away and the field is editable again.
  await a.context().close();
  await expect(bTitle).not.toHaveAttribute('data-cms-locked', /.*/);
  await expect(bTitle).not.toHaveAttribute('contenteditable', 'false');
  await expect(others(b)).toHaveCount(0);
  await discardDraft(b, id);
  await b.context().close();
});

test('when the live session is down the bar says so and edits save as plain drafts', async ({ browser }) => {
  const a = await editorPage(browser, 'editor@localhost');
  const { id, path } = await createPage(a, 'offline', SHARED);
  // The socket cannot be opened (a proxy that refuses WebSockets, an outage).
  await a.routeWebSocket(/\/live$/, (ws) => ws.close({ code: 1011, reason: 'down' }));
  await openEditing(a, path);
  await expect(a.locator('#louise-bar')).toContainText(/offline/i);
  await a.locator(TITLE).click();
  await a.keyboard.press('ControlOrMeta+A');
  await a.keyboard.type('Saved without the session');
  await expectStored(a.request, id, 'title', 'Saved without the session');
  await discardDraft(a, id);
  await a.context().close();
});
