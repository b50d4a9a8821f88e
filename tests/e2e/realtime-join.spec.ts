import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { baseUrl, createPage, discardDraft, openEditing, signIn, status, storedDraft, TITLE, DRAFT_SAVED } from './editing-helpers.ts';

// Issue 37: a tab that joins the live session right after another tab's
// "Draft saved" shows what the session accepted (not the older stored
// draft), before its fields are editable, and typing there never replaces
// the other tab's change.

const BODY = '[data-cms-field$=":body"]';
const BLOCK_BODY = '[data-cms-sections] [data-cms-block-type="text"] [data-cms-field]';
const START = {
  title: 'Old title',
  summary: 'Old summary.',
  body: '<p>Old body.</p>',
  sections: [{ id: 'bjointext', type: 'text', body: '<p>Old block.</p>' }],
};

async function contextOf(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page, email);
  await page.close();
  return context;
}

/** The stored draft's title, body and first block's body, as text. */
async function storedText(page: Page, id: number): Promise<unknown[]> {
  const draft = await storedDraft(page.request, id);
  const sections = draft?.sections as Array<{ body: string }> | undefined;
  const text = (html: unknown) => (typeof html === 'string' ? html.replace(/<[^>]*>/g, '') : html);
  return [draft?.title, text(draft?.body), text(sections?.[0]?.body)];
}

/** When the page's live socket got its `welcome` (Date.now() in the test). */
function welcomeAt(page: Page): Promise<number> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => String(payload).includes('"welcome"') && resolve(Date.now())));
  });
}

/**
 * A's edits to a plain field, a rich field and a block's rich field, each saved ("Draft saved") before A leaves it, so
 * leaving sends nothing more and A holds no field afterwards (B may type into each at once).
 */
async function editInA(a: Page): Promise<void> {
  for (const [selector, text] of [
    [TITLE, 'New title from A'],
    [BODY, 'New body from A'],
    [BLOCK_BODY, 'New block from A'],
  ] as const) {
    await a.locator(selector).click();
    await a.keyboard.press('ControlOrMeta+A');
    await a.keyboard.type(text);
    await expect(status(a)).toHaveText(DRAFT_SAVED, { timeout: 10_000 });
  }
  await a.locator('body').click({ position: { x: 1, y: 1 } });
  await expect(status(a)).toHaveText(DRAFT_SAVED, { timeout: 10_000 });
}

for (const editors of ['one editor, two tabs', 'two editors'] as const) {
  for (const delay of [0, 200, 500, 1000, 1900]) {
    test(`${editors}: a tab opened ${delay} ms after "Draft saved" shows the other tab's text within 500 ms of its welcome, and typing there keeps it`, async ({
      browser,
    }) => {
      const contextA = await contextOf(browser, 'editor@localhost');
      const contextB = editors === 'two editors' ? await contextOf(browser, 'writer@localhost') : contextA;
      const a = await contextA.newPage();

      const { id, path } = await createPage(a, `join-${delay}`, START);
      await openEditing(a, path);
      await editInA(a);
      await a.waitForTimeout(delay);

      const b = await contextB.newPage();
      const welcomed = welcomeAt(b);

      await openEditing(b, path);
      const at = await welcomed;
      const within = Math.max(500 - (Date.now() - at), 1);
      await expect(b.locator(TITLE)).toHaveText('New title from A', { timeout: within });
      await expect(b.locator(BODY)).toHaveText('New body from A', { timeout: 1 });
      await expect(b.locator(BLOCK_BODY)).toHaveText('New block from A', { timeout: 1 });

      // B types right away, at the end of each field: A's text stays.
      for (const selector of [TITLE, BODY, BLOCK_BODY]) {
        await b.locator(selector).click();
        await b.keyboard.press('ControlOrMeta+End');
        await b.keyboard.type(' and B');
      }
      await b.locator('body').click({ position: { x: 1, y: 1 } });
      await expect(status(b)).toHaveText(DRAFT_SAVED, { timeout: 10_000 });
      await expect.poll(() => storedText(b, id), { timeout: 10_000 }).toEqual(['New title from A and B', 'New body from A and B', 'New block from A and B']);
      await discardDraft(a, id);
      await contextA.close();
      if (contextB !== contextA) await contextB.close();
    });
  }
}

test('a tab that never displayed a newer accepted change cannot replace it: the session answers with a conflict (both values, Keep mine)', async ({
  browser,
}) => {
  const contextA = await contextOf(browser, 'editor@localhost');
  const a = await contextA.newPage();
  const b = await contextA.newPage();
  const { id, path } = await createPage(a, 'join-stale', START);
  await openEditing(a, path);
  // B's socket loses the others' updates (as on a connection that drops frames): B keeps showing the old title.
  await b.routeWebSocket(/\/live$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (!String(message).includes('"type":"update"')) ws.send(message);
    });
  });
  await openEditing(b, path);
  await expect(b.locator('#louise-bar .lb-live')).toHaveAttribute('data-state', 'online');

  await a.locator(TITLE).click();
  await a.keyboard.press('ControlOrMeta+A');
  await a.keyboard.type('Newer title from A');
  // Saved before A leaves the field, so leaving sends nothing and A holds no field afterwards.
  await expect(status(a)).toHaveText(DRAFT_SAVED);
  await a.locator('body').click({ position: { x: 1, y: 1 } });
  await expect(b.locator(TITLE)).toHaveText('Old title');

  // B types into the old title it still shows: A's change stays, and B is asked to choose.
  await b.locator(TITLE).click();
  await b.keyboard.press('ControlOrMeta+End');
  await b.keyboard.type(' typed in B');
  await b.locator('body').click({ position: { x: 1, y: 1 } });
  const conflict = b.getByRole('group', { name: 'Conflict in Title' });
  await expect(conflict).toContainText('Newer title from A');
  await expect(conflict).toContainText('Old title typed in B');
  await expect.poll(async () => (await storedText(a, id))[0], { timeout: 10_000 }).toBe('Newer title from A');

  // Keep mine: now chosen with A's value in view, B's text is stored.
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(async () => (await storedText(a, id))[0], { timeout: 10_000 }).toBe('Old title typed in B');
  await discardDraft(a, id);
  await contextA.close();
});

test('a tab rendered while a change was pending that joins after the object wrote it shows the change', async ({ browser }) => {
  const contextA = await contextOf(browser, 'editor@localhost');
  const a = await contextA.newPage();
  const b = await contextA.newPage();
  const { id, path } = await createPage(a, 'join-written', START);
  let written = false;
  // The session accepted A's whole title (its `set` acknowledged): the change is pending in the object, not yet written.
  let accepted = false;
  const frame = (payload: string | Buffer): { type?: string; seq?: number; value?: unknown } => {
    try {
      return JSON.parse(String(payload)) as { type?: string; seq?: number; value?: unknown };
    } catch {
      return {};
    }
  };
  a.on('websocket', (ws) => {
    let sent: number | undefined;
    ws.on('framesent', ({ payload }) => {
      const message = frame(payload);
      if (message.type === 'set' && message.value === 'Written while B loaded') sent = message.seq;
    });
    ws.on('framereceived', ({ payload }) => {
      const message = frame(payload);
      if (message.type === 'saved') written = true;
      if (message.type === 'ack' && message.seq === sent) accepted = true;
    });
  });
  await openEditing(a, path);
  // A's count of changes is asked for after a save, and listing the versions writes what the session holds: held
  // until B's page was rendered, so that only the object's own flush writes the change meanwhile.
  let release = () => {};
  const rendered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await a.route(/\/versions\?limit=1/, async (route) => {
    await rendered;
    await route.continue();
  });
  // B's socket gets through only once the object has written A's change (B's page was rendered before that).
  await b.routeWebSocket(/\/live$/, (ws) => {
    if (written) ws.connectToServer();
    else ws.close({ code: 1011, reason: 'test: not yet' });
  });

  await a.locator(TITLE).click();
  await a.keyboard.press('ControlOrMeta+A');
  await a.keyboard.type('Written while B loaded');
  await expect.poll(() => accepted).toBe(true);
  await b.goto(`${path}?edit`);
  await expect(b.locator(TITLE)).toHaveText('Old title');
  release();
  await expect(status(a)).toHaveText(DRAFT_SAVED);
  await expect.poll(() => written, { timeout: 10_000 }).toBe(true);
  await expect(b.locator(TITLE)).toHaveText('Written while B loaded', { timeout: 10_000 });
  await discardDraft(a, id);
  await contextA.close();
});
