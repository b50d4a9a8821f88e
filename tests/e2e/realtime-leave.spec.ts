import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseUrl, createPage, discardDraft, signIn, storedDraft, TITLE } from './editing-helpers.ts';

// Leaving a page in the realtime session (issue 29): what was typed just
// before navigating away is stored in full, whatever the socket had taken,
// and a page whose only editable parts are overlay regions opens no session.

async function editorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await signIn(page, 'editor@localhost');
  return page;
}

/** The bar's live-session element: `data-state` is connecting, online or offline. */
const live = (page: Page) => page.locator('#louise-bar .lb-live');

/** Opens `path` in edit mode and waits until the live session welcomed the page. */
async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?edit`);
  await expect(live(page)).toHaveAttribute('data-state', 'online');
}

/** Every stored version's title, oldest first (the list is newest first). */
async function titles(page: Page, id: number): Promise<unknown[]> {
  const res = await page.request.get(`/api/cms/pages/${id}/versions?limit=100`);
  const { items } = (await res.json()) as { items: Array<{ data: { title?: unknown } }> };
  return items.map((item) => item.data.title).reverse();
}

/** Reads the stored title 1.5, 5 and 10 seconds after leaving: it must be `want` each time (the object's later flush must not roll it back). */
async function expectKept(page: Page, id: number, want: string): Promise<void> {
  const left = Date.now();
  for (const at of [1500, 5000, 10_000]) {
    await page.waitForTimeout(Math.max(0, left + at - Date.now()));
    expect((await storedDraft(page.request, id))?.title, `the stored title ${at} ms after leaving`).toBe(want);
  }
}

test('keystrokes typed just before navigating away are stored in full, and stay stored', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await editorPage(browser);
  const { id, path } = await createPage(page, 'leave', { title: 'Before leaving', summary: 'Typed, then gone.' });
  await openLive(page, path);
  await page.locator(TITLE).click();
  await page.keyboard.press('ControlOrMeta+A');
  // Typed as a person types: live typing sends the first part over the socket as it goes.
  await page.keyboard.type('NAV-abc', { delay: 90 });
  await page.keyboard.type('123');
  await page.goto('/about');
  await expectKept(page, id, 'NAV-abc123');
  await discardDraft(page, id);
  await page.context().close();
});

/**
 * Passes the page's session socket through, until `cut` says to stop: from
 * then on no frame reaches the object (`both`: and none comes back), as when
 * the connection dies or lags. Returns the values of the `set`s that reached
 * the object and those it acknowledged to the page.
 */
async function cuttable(page: Page, cut: (reached: unknown[]) => 'no' | 'up' | 'both') {
  const reached: unknown[] = [];
  const acked: unknown[] = [];
  const seqs = new Map<number, unknown>();
  let state: 'no' | 'up' | 'both' = 'no';
  await page.routeWebSocket(/\/live$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((frame) => {
      if (state !== 'no') return;
      const message = JSON.parse(String(frame)) as { type: string; seq?: number; value?: unknown };
      if (message.type === 'set' && message.seq !== undefined) {
        seqs.set(message.seq, message.value);
        reached.push(message.value);
      }
      server.send(frame);
      state = cut(reached);
    });
    server.onMessage((frame) => {
      if (state === 'both') return;
      const message = JSON.parse(String(frame)) as { type: string; seq?: number };
      if (message.type === 'ack' && message.seq !== undefined) acked.push(seqs.get(message.seq));
      ws.send(frame);
      if (state === 'no') state = cut(reached);
    });
  });
  return { reached, acked, cutNow: () => (state = 'both') };
}

/** Types `NAV-abc` into the title of a page of the test's own, lets `cuttable` decide what the session gets, types `123` and navigates away at once. */
async function typeAndLeave(page: Page, id: number, path: string, wait: () => Promise<void>): Promise<void> {
  await openLive(page, path);
  await page.locator(TITLE).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('NAV-abc', { delay: 30 });
  await wait();
  await page.keyboard.type('123');
  await page.goto('/about');
  await expectKept(page, id, 'NAV-abc123');
  // Every version written on the way is a prefix of what was typed (nothing doubled), and once the whole text is stored nothing older follows it.
  const stored = (await titles(page, id)).slice(1);
  for (const title of stored) expect('NAV-abc123'.startsWith(String(title)), `version title ${String(title)}`).toBe(true);
  const first = stored.indexOf('NAV-abc123');
  expect(first).toBeGreaterThanOrEqual(0);
  expect(stored.slice(first).every((title) => title === 'NAV-abc123')).toBe(true);
}

test('leaving after the session acknowledged part of the text, the rest never reaching it: all is stored, nothing doubled or rolled back', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await editorPage(browser);
  const { id, path } = await createPage(page, 'leave-acked', { title: 'Before leaving', summary: 'Partly sent, then gone.' });
  // Once the object has acknowledged NAV-abc (held, not yet written: it writes every couple of seconds), nothing more goes up.
  const socket = await cuttable(page, () => 'no');
  await typeAndLeave(page, id, path, async () => {
    await expect.poll(() => socket.acked.includes('NAV-abc'), { message: 'the object acknowledged NAV-abc' }).toBe(true);
    socket.cutNow();
  });
  await discardDraft(page, id);
  await page.context().close();
});

test('leaving after the session took part of the text but before its acknowledgement came back: all is stored, nothing doubled or rolled back', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await editorPage(browser);
  const { id, path } = await createPage(page, 'leave-unacked', { title: 'Before leaving', summary: 'Sent, unanswered, gone.' });
  // NAV-abc reaches the object, and from then on nothing passes either way: the page never hears it was taken.
  const socket = await cuttable(page, (reached) => (reached.includes('NAV-abc') ? 'both' : 'no'));
  await typeAndLeave(page, id, path, async () => {
    await expect.poll(() => socket.reached.includes('NAV-abc'), { message: 'NAV-abc went over the socket' }).toBe(true);
    expect(socket.acked).not.toContain('NAV-abc');
  });
  await discardDraft(page, id);
  await page.context().close();
});

// The reference site has no page made only of overlay regions, so this test
// makes one on its way to the browser: /about with its page markers taken
// off and one region of a collection nobody declared put in.
test('a page with only overlay regions opens no live session and never says the session is offline', async ({ browser }) => {
  const page = await editorPage(browser);
  await page.route(/\/about\?edit$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/ data-cms-field="pages:[^"]*"/g, '')
      .replace('<h1', '<p class="note" data-cms-field="aboutnote:index:intro">Only an overlay region here.</p><h1');
    await route.fulfill({ response, body: html });
  });
  const sockets: string[] = [];
  const lives: Array<{ url: string; status: number }> = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  page.on('response', (res) => {
    if (/\/live$/.test(new URL(res.url()).pathname)) lives.push({ url: res.url(), status: res.status() });
  });
  await page.goto('/about?edit');
  const region = page.locator('[data-cms-field="aboutnote:index:intro"]');
  await expect(region).toHaveAttribute('contenteditable', /^(true|plaintext-only)$/);
  // Past the first connection attempt and its first reconnect (0.5 to 1 s later).
  await page.waitForTimeout(3000);
  expect(sockets).toEqual([]);
  expect(lives).toEqual([]);
  await expect(page.locator('#louise-bar')).not.toContainText(/offline/i);
  await expect(live(page)).toHaveCount(0);
  await page.context().close();
});
