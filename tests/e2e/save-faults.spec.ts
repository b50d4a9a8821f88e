import { expect, test, type Route } from '@playwright/test';
import {
  expectStored,
  openEditing,
  otherEditor,
  pageIdOf,
  retype,
  saveDraftAs,
  signIn,
  status,
  storedDraft,
  TITLE,
  visitorHtml,
  withoutLiveSession,
  DRAFT_SAVED,
} from './editing-helpers.ts';

// The ways other inline editors lose edits, each injected with Playwright's
// request routing and checked against what D1 holds afterwards. These are
// HTTP saves: the page stays out of the realtime session (as when its socket
// is down), whose own faults tests/e2e/realtime.spec.ts and the workerd tests cover.
const SAVE = /\/api\/cms\/pages\/\d+\/versions$/;
const isSave = (route: Route) => route.request().method() === 'POST';
// Typed text differs on every run, so a repeated test never types what is already stored.
const RUN = () => Date.now().toString(36).slice(-5);

test.describe('saves never lose a keystroke', () => {
  test.beforeEach(async ({ context }) => withoutLiveSession(context));
  test('on a slow network saves never overlap, and the stored title ends equal to the last thing typed', async ({ page }) => {
    await signIn(page);
    let inFlight = 0;
    let most = 0;
    let sent = 0;
    await page.route(SAVE, async (route) => {
      if (!isSave(route)) return route.fallback();
      inFlight += 1;
      sent += 1;
      most = Math.max(most, inFlight);
      // The first save is the slowest: on a naive client it would land last.
      await new Promise((resolve) => setTimeout(resolve, sent === 1 ? 2500 : 300));
      const response = await route.fetch();
      inFlight -= 1;
      await route.fulfill({ response });
    });
    await openEditing(page, '/');
    const id = await pageIdOf(page);
    await retype(page, TITLE, 'Draft one');
    await page.waitForTimeout(1000);
    await page.keyboard.type(', two');
    await page.waitForTimeout(1000);
    await page.keyboard.type(', three');
    await expect(status(page)).toHaveText(DRAFT_SAVED, { timeout: 15_000 });
    expect(most).toBe(1);
    expect(sent).toBeGreaterThanOrEqual(2);
    await expect(page.locator(TITLE)).toHaveText('Draft one, two, three');
    expect((await storedDraft(page.request, id))?.title).toBe('Draft one, two, three');
  });

  test('text typed while a save is in flight is not reverted when the response lands', async ({ page }) => {
    await signIn(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route(SAVE, async (route) => {
      if (!isSave(route) || !first) return route.fallback();
      first = false;
      await held;
      await route.fallback();
    });
    await openEditing(page, '/');
    const id = await pageIdOf(page);
    await retype(page, '[data-cms-field$=":summary"]', 'Typed before');
    await expect(status(page)).toHaveText('Saving…');
    await expect(page.locator('[data-cms-field$=":summary"]')).toHaveAttribute('data-cms-state', 'saving', { timeout: 3000 });
    await page.keyboard.type(' and during the save');
    release();
    await expect(status(page)).toHaveText(DRAFT_SAVED, { timeout: 10_000 });
    await expect(page.locator('[data-cms-field$=":summary"]')).toHaveText('Typed before and during the save');
    expect((await storedDraft(page.request, id))?.summary).toBe('Typed before and during the save');
  });

  test('navigating away right after typing keeps the last edit', async ({ page }) => {
    await signIn(page);
    await openEditing(page, '/about');
    const id = await pageIdOf(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await retype(page, TITLE, 'Left by a link');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectStored(page.request, id, 'title', 'Left by a link');
  });

  test('closing the tab right after typing keeps the last edit, even with a save still in flight', async ({ page, context }) => {
    await signIn(page);
    let first = true;
    await page.route(SAVE, async (route) => {
      if (!isSave(route) || !first) return route.fallback();
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback().catch(() => undefined);
    });
    await openEditing(page, '/about');
    const id = await pageIdOf(page);
    await retype(page, TITLE, 'Closed mid-save');
    await page.waitForTimeout(900);
    await page.keyboard.type(', last words');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.close({ runBeforeUnload: true });
    await expectStored(context.request, id, 'title', 'Closed mid-save, last words');
  });

  test('text refused as the tab closed is offered back on the next visit: Restore mine saves it, Discard mine drops it', async ({ page, context, browser }) => {
    await signIn(page);
    const other = await otherEditor(browser);
    await openEditing(page, '/about');
    const id = await pageIdOf(page);
    const run = RUN();
    // Someone else saves the title after this page rendered; the editor types and closes the tab at once.
    // The keepalive save sent while the page closes is a 409 that nobody is left to see.
    const closeRefused = async (tab: typeof page, theirs: string, mine: string) => {
      await saveDraftAs(other, id, { title: theirs });
      await retype(tab, TITLE, mine);
      tab.on('dialog', (dialog) => void dialog.accept());
      await tab.close({ runBeforeUnload: true });
      const next = await context.newPage();
      await openEditing(next, '/about');
      return next;
    };

    const next = await closeRefused(page, `Theirs ${run}`, `Mine at close ${run}`);
    const offer = next.getByRole('group', { name: 'Unsaved text in Title' });
    await expect(offer).toContainText(`Mine at close ${run}`);
    await expect(offer).toContainText(`Theirs ${run}`);
    await expect(status(next)).toContainText('unsaved text from earlier');
    expect((await storedDraft(next.request, id))?.title).toBe(`Theirs ${run}`);
    await offer.getByRole('button', { name: 'Restore mine' }).click();
    await expect(next.locator(TITLE)).toHaveText(`Mine at close ${run}`);
    await expect(status(next)).toHaveText(DRAFT_SAVED);
    await expectStored(next.request, id, 'title', `Mine at close ${run}`);
    await expect(offer).toHaveCount(0);

    const again = await closeRefused(next, `Theirs again ${run}`, `Mine again ${run}`);
    const second = again.getByRole('group', { name: 'Unsaved text in Title' });
    await expect(second).toContainText(`Mine again ${run}`);
    await second.getByRole('button', { name: 'Discard mine' }).click();
    await expect(second).toHaveCount(0);
    await expect(again.locator(TITLE)).toHaveText(`Theirs again ${run}`);
    // Both choices leave no copy behind: the next visit offers nothing.
    await again.reload();
    // Every field editable again (an image field is a button, not contenteditable).
    await expect(again.locator('[data-cms-field]:not([contenteditable]):not([data-cms-type="image"][tabindex])')).toHaveCount(0);
    await expect(again.locator('#louise-bar')).toBeVisible();
    await expect(again.getByRole('group', { name: /^Unsaved text in/ })).toHaveCount(0);
    expect((await storedDraft(again.request, id))?.title).toBe(`Theirs again ${run}`);
    await other.close();
  });

  test('clicking Done right after typing saves first, then leaves edit mode', async ({ page, browser }) => {
    await signIn(page);
    await openEditing(page, '/about');
    const id = await pageIdOf(page);
    await retype(page, '[data-cms-field$=":paragraphs.2"]', 'Done saves before it leaves.');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect((await storedDraft(page.request, id))?.paragraphs).toEqual([expect.any(String), expect.any(String), 'Done saves before it leaves.']);
    expect(await visitorHtml(browser, '/about')).not.toContain('Done saves before it leaves.');
  });

  for (const fault of ['abort', '500'] as const) {
    test(`a failed save (${fault}) says so, keeps the field dirty, and retries on the next edit`, async ({ page }) => {
      await signIn(page);
      let failing = true;
      let attempts = 0;
      await page.route(SAVE, async (route) => {
        if (!isSave(route)) return route.fallback();
        attempts += 1;
        if (!failing) return route.fallback();
        if (fault === 'abort') return route.abort('connectionreset');
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' });
      });
      await openEditing(page, '/');
      const id = await pageIdOf(page);
      const before = (await storedDraft(page.request, id))?.title ?? null;
      await retype(page, TITLE, `Failing ${fault}`);
      await expect(status(page)).toContainText('Not saved', { timeout: 5000 });
      await expect(status(page)).toContainText(fault === '500' ? 'The server failed (500).' : 'could not be reached');
      await expect(page.locator(TITLE)).toHaveAttribute('data-cms-state', 'error');
      expect((await storedDraft(page.request, id))?.title ?? null).toBe(before);
      // No retry loop on its own.
      await page.waitForTimeout(2000);
      expect(attempts).toBe(1);
      // Leaving now would lose it: the browser warns.
      const warned = page.waitForEvent('dialog');
      void page.goto('/about').catch(() => undefined);
      const dialog = await warned;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
      failing = false;
      await page.keyboard.type('!');
      await expect(status(page)).toHaveText(DRAFT_SAVED);
      await expectStored(page.request, id, 'title', `Failing ${fault}!`);
    });
  }

  test('offline: the save fails visibly and goes out when the connection returns', async ({ page, context }) => {
    await signIn(page);
    await openEditing(page, '/');
    const id = await pageIdOf(page);
    await context.setOffline(true);
    await retype(page, '[data-cms-field$=":summary"]', 'Written on a train');
    await expect(status(page)).toContainText('You are offline.', { timeout: 5000 });
    await context.setOffline(false);
    await expect(status(page)).toHaveText(DRAFT_SAVED, { timeout: 10_000 });
    await expectStored(page.request, id, 'summary', 'Written on a train');
  });

  test('the browser warns before leaving while a save is in flight', async ({ page }) => {
    await signIn(page);
    await page.route(SAVE, async (route) => {
      if (!isSave(route)) return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.fallback().catch(() => undefined);
    });
    await openEditing(page, '/');
    await retype(page, TITLE, 'In flight');
    await expect(status(page)).toHaveText('Saving…');
    await page.locator('#louise-bar').click({ position: { x: 2, y: 2 } });
    await expect(page.locator(TITLE)).toHaveAttribute('data-cms-state', 'saving');
    const warned = page.waitForEvent('dialog');
    void page.goto('/about').catch(() => undefined);
    const dialog = await warned;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
  });

  test('two editors on one title: the second sees both versions, Keep mine wins, Reload takes theirs', async ({ browser, page }) => {
    await signIn(page);
    const other = await otherEditor(browser);
    await openEditing(page, '/articles/editing-in-place');
    await openEditing(other, '/articles/editing-in-place');
    const id = await pageIdOf(page);
    const run = RUN();

    await retype(other, TITLE, `Theirs first ${run}`);
    await expect(status(other)).toHaveText(DRAFT_SAVED);
    await retype(page, TITLE, `Mine second ${run}`);
    // In people's words: who (the other editor's name, from the 409), which field (its label), and what differs, word by word.
    await expect(status(page)).toContainText('Writer changed Title while you were editing it');
    const conflict = page.getByRole('group', { name: 'Conflict in Title' });
    await expect(conflict).toContainText('Writer changed Title while you were editing it.');
    await expect(conflict.locator('del')).toContainText(['Theirs first']);
    await expect(conflict.locator('ins').first()).toContainText('Mine second');
    await expect(conflict.locator('.louise-diff')).toContainText(run);
    await expect(page.locator(TITLE)).toHaveAttribute('data-cms-state', 'conflict');
    // Held: typing more does not send until the editor chooses.
    await page.keyboard.type('!');
    await page.waitForTimeout(1200);
    expect((await storedDraft(page.request, id))?.title).toBe(`Theirs first ${run}`);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(status(page)).toHaveText(DRAFT_SAVED);
    await expectStored(page.request, id, 'title', `Mine second ${run}!`);

    // Now the other editor is behind: Use theirs takes the stored text.
    await retype(other, TITLE, `Theirs again ${run}`);
    const theirConflict = other.getByRole('group', { name: 'Conflict in Title' });
    await expect(theirConflict).toContainText('Editor changed Title');
    await expect(theirConflict.locator('del').first()).toContainText('Mine second');
    await expect(theirConflict.locator('ins')).toContainText(['Theirs again']);
    await theirConflict.getByRole('button', { name: 'Use theirs' }).click();
    await expect(other.locator(TITLE)).toHaveText(`Mine second ${run}!`);
    await expect(theirConflict).toHaveCount(0);
    await other.waitForTimeout(1200);
    expect((await storedDraft(page.request, id))?.title).toBe(`Mine second ${run}!`);
    await other.close();
  });

  test('a change saved after the page rendered is a conflict: $base comes from what the editor saw', async ({ browser, page }) => {
    await signIn(page);
    const other = await otherEditor(browser);
    await openEditing(other, '/articles/editing-in-place');
    const id = await pageIdOf(other);
    const run = RUN();
    // The other editor's save lands after this page's HTML was rendered but before it mounts.
    await page.route(
      (url) => url.pathname === '/articles/editing-in-place' && url.searchParams.has('edit'),
      async (route) => {
        const rendered = await route.fetch();
        await saveDraftAs(other, id, { title: `Saved meanwhile ${run}` });
        await route.fulfill({ response: rendered });
      },
    );
    await openEditing(page, '/articles/editing-in-place');
    await retype(page, TITLE, `Typed over stale ${run}`);
    const conflict = page.getByRole('group', { name: 'Conflict in Title' });
    await expect(conflict).toContainText(`Saved meanwhile ${run}`);
    expect((await storedDraft(page.request, id))?.title).toBe(`Saved meanwhile ${run}`);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expectStored(page.request, id, 'title', `Typed over stale ${run}`);
    await other.close();
  });

  test('423: the field is being edited by another editor; the edit is kept and not retried in a loop', async ({ page }) => {
    await signIn(page);
    let attempts = 0;
    let locked = true;
    await page.route(SAVE, async (route) => {
      if (!isSave(route)) return route.fallback();
      attempts += 1;
      if (!locked) return route.fallback();
      return route.fulfill({ status: 423, contentType: 'application/json', body: JSON.stringify({ error: 'locked', locked: ['summary'] }) });
    });
    await openEditing(page, '/articles/editing-in-place');
    const id = await pageIdOf(page);
    const text = `Locked out ${RUN()}`;
    const before = (await storedDraft(page.request, id))?.summary;
    await retype(page, '[data-cms-field$=":summary"]', text);
    await expect(status(page)).toContainText('being edited by another editor');
    await expect(page.locator('[data-cms-field$=":summary"]')).toHaveText(text);
    await page.waitForTimeout(3000);
    expect(attempts).toBe(1);
    expect((await storedDraft(page.request, id))?.summary).toBe(before);
    locked = false;
    await page.keyboard.type('.');
    await expect(status(page)).toHaveText(DRAFT_SAVED);
    await expectStored(page.request, id, 'summary', `${text}.`);
  });

  test('a field too large for a keepalive request is saved before the page is left', async ({ page }) => {
    await signIn(page);
    await openEditing(page, '/about');
    const id = await pageIdOf(page);
    const big = `${'x'.repeat(70_000)}${RUN()}`;
    await page.locator('[data-cms-field$=":paragraphs.0"]').click();
    await page.keyboard.press('ControlOrMeta+A');
    // It is saved at once, well inside the 800 ms debounce, not left to the unload flush.
    const early = page.waitForRequest((req) => req.method() === 'POST' && (req.postData()?.length ?? 0) > 70_000, { timeout: 400 });
    await page.evaluate((text) => document.execCommand('insertText', false, text), big);
    await early;
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => ((await storedDraft(page.request, id))?.paragraphs as string[] | undefined)?.[0]?.length, { timeout: 10_000 })
      .toBe(big.length);
  });

  test('visitors get no edit markup and no editor script, and edit-mode HTML is never cacheable', async ({ page, browser }) => {
    await signIn(page);
    const res = await page.goto('/about?edit');
    expect(res?.headers()['cache-control']).toContain('no-store');
    expect(res?.headers()['cache-control']).toContain('private');
    const editorScripts = await page.locator('script[type="module"][src^="/_louise/editor.js"]').count();
    expect(editorScripts).toBeGreaterThan(0);
    for (const path of ['/', '/about', '/articles/editing-in-place']) {
      const html = await visitorHtml(browser, path);
      expect(html, path).not.toMatch(/<script|louise-session|louise-bar|contenteditable|data-cms-state|_louise\/|_astro\/[^"]*\.js/i);
    }
  });
});
