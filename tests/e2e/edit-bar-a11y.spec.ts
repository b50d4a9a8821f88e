import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { discardDraft, openEditing, pageIdOf, retype, signIn, status, TITLE, DRAFT_SAVED } from './editing-helpers.ts';

// axe-core in Chromium on the edit bar, in its idle, saving, history and
// conflict-free states: no serious or critical violations.
test('the edit bar has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/articles/editing-in-place');
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page }).include('#louise-bar').include('.louise-toolbar').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(0);
  };
  await check('idle');
  await expect(page.locator('#louise-status')).toHaveAttribute('aria-live', 'polite');
  await retype(page, TITLE, 'Editing in place, checked');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await check('saved');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('#louise-history li').first()).toBeVisible();
  await check('history open');
  // History is a modal dialog: it is checked too, and Escape closes it with the focus back on its button.
  const inDialog = await new AxeBuilder({ page }).include('#louise-history').analyze();
  expect(inDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'History' })).toBeFocused();
  // Every control in the bar is reachable with Tab.
  const buttons = await page.locator('#louise-bar button').count();
  await page.locator('#louise-bar button').first().focus();
  const reached = new Set<string>();
  for (let i = 0; i < buttons + 2; i++) {
    reached.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    await page.keyboard.press('Tab');
  }
  for (const name of ['History', 'Discard draft', 'Publish', 'Done']) expect(reached).toContain(name);
});

// The server lists stored fields a page rendered with a fallback in the
// session island; the reference site has none, so the test adds one to the
// real island on its way to the browser.
test('the notice of unusable stored data is polite, axe-clean, keeps the focus where it is, and clears once that field saves', async ({ page }, testInfo) => {
  await page.route(/\/about\?edit$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script[^>]*id="louise-session"[^>]*>)([\s\S]*?)(<\/script>)/,
      (_, open: string, json: string, close: string) => {
        const session = JSON.parse(json) as { revs: Record<string, unknown>; invalid: unknown };
        const doc = Object.keys(session.revs).find((key) => key.startsWith('pages:'))!;
        session.invalid = { [doc]: [{ field: 'paragraphs', message: 'must be a list of text', fallback: [] }] };
        return open + JSON.stringify(session).replace(/</g, '\\u003c') + close;
      },
    );
    await route.fulfill({ response, body: html });
  });
  await signIn(page);
  await openEditing(page, '/about');
  const notice = page.locator('#louise-notice');
  await expect(notice).toHaveAttribute('aria-live', 'polite');
  await expect(notice).toContainText(
    'Stored data of Paragraphs could not be used (must be a list of text): it shows a fallback. To repair it, edit and save it, press Reset to save the fallback or open History to restore an earlier version.',
  );
  await expect(notice.getByRole('button', { name: 'Reset paragraphs' })).toBeVisible();
  await expect(notice.getByText('Needs repair')).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  const results = await new AxeBuilder({ page }).include('#louise-bar').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} ${v.help}`)).toEqual([]);
  await page.locator('#louise-bar').screenshot({ path: testInfo.outputPath('edit-bar-notice.png') });

  // Saving another field leaves the notice; saving the field it names clears it.
  await retype(page, TITLE, `About, checked (${Date.now().toString(36).slice(-5)})`);
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect(notice).toContainText('Stored data of Paragraphs');
  await retype(page, '[data-cms-field$=":paragraphs.1"]', `Repaired by saving (${Date.now().toString(36).slice(-5)}).`);
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await expect(notice).toBeEmpty();
  // The drafts typed here must not go live with a later test's Publish.
  await discardDraft(page, await pageIdOf(page));
});

test('Reset in the notice saves the fallback as a draft against the rendered revision, then reloads', async ({ page }) => {
  let doc = '';
  await page.route(/\/about\?edit$/, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script[^>]*id="louise-session"[^>]*>)([\s\S]*?)(<\/script>)/,
      (_, open: string, json: string, close: string) => {
        const session = JSON.parse(json) as { revs: Record<string, Record<string, string>>; invalid: unknown };
        doc = Object.keys(session.revs).find((key) => key.startsWith('pages:'))!;
        session.invalid = { [doc]: [{ field: 'paragraphs', message: 'must be a list of text', fallback: [] }] };
        return open + JSON.stringify(session).replace(/</g, '\\u003c') + close;
      },
    );
    await route.fulfill({ response, body: html });
  });
  // The save is answered here: the shared test database keeps its paragraphs for the other tests.
  const saves: string[] = [];
  await page.route(/\/api\/cms\/pages\/\d+\/versions$/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    saves.push(route.request().postData() ?? '');
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ versionId: 1, revs: {} }) });
  });
  await signIn(page);
  await openEditing(page, '/about');
  const rendered = await page.evaluate(
    () => JSON.parse(document.getElementById('louise-session')!.textContent!) as { revs: Record<string, Record<string, string>> },
  );
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reset paragraphs' }).click();
  await reloaded;
  expect(saves.map((body) => JSON.parse(body))).toEqual([{ paragraphs: [], $base: { paragraphs: rendered.revs[doc]!.paragraphs } }]);
});
