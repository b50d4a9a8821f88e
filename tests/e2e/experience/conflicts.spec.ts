import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  baseUrl,
  createPage,
  discardDraft,
  expectStored,
  openEditing,
  otherEditor,
  retype,
  saveDraftAs,
  signIn,
  status,
  TITLE,
  withoutLiveSession,
} from '../editing-helpers.ts';
import { expectLook, insideVisualViewport } from './look.ts';

// Conflicts, locks and fields a writer may not change, in people's words, at
// a laptop's size and a phone's: who changed which field (its label, never its
// key) and what differs word by word; who holds a locked field, with the label
// floating beside it (the heading's text does not move); why a writer cannot
// change a field; and the focus back on the opener after the media panel closes.

/** Loads `path` in edit mode with `meanwhile` run after its HTML was rendered and before it mounts: someone else's save the page did not see. */
async function openStale(page: Page, path: string, meanwhile: () => Promise<void>): Promise<void> {
  await page.route(
    (url) => url.pathname === path && url.searchParams.has('edit'),
    async (route) => {
      const rendered = await route.fetch();
      await meanwhile();
      await route.fulfill({ response: rendered });
    },
  );
  await openEditing(page, path);
  await page.unroute((url) => url.pathname === path && url.searchParams.has('edit'));
}

test.describe('conflicts', () => {
  test.beforeEach(async ({ context }) => withoutLiveSession(context));

  test('a conflict names the field by its label and the other editor, shows a word diff; Use theirs takes theirs, Keep mine keeps mine', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    const other = await otherEditor(browser);
    const { id, path } = await createPage(page, 'conflict-words', { title: 'Opening hours in spring', summary: 'Open every day.' });

    await openStale(page, path, () => saveDraftAs(other, id, { title: 'Opening hours in spring and summer' }));
    await retype(page, TITLE, 'Opening hours in autumn');
    const conflict = page.getByRole('group', { name: 'Conflict in Title' });
    await expect(conflict).toContainText('Writer changed Title while you were editing it.');
    // Theirs to yours, word by word: their words struck through, mine underlined, what both share plain.
    await expect(conflict.locator('del')).toContainText(['spring and summer']);
    await expect(conflict.locator('ins')).toContainText(['autumn']);
    await expect(conflict.locator('.louise-diff')).toContainText('Opening hours in');
    await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeVisible();
    // The pill says it too, wholly on screen (on the phone a line of its own above the buttons).
    await expect(status(page)).toHaveText(/^Writer changed Title/);
    expect(await insideVisualViewport(status(page))).toBe(true);
    await expectLook(page, 'conflict', { mask: [page.locator('time')] });

    // Use theirs: their title on the page and stored, the choice gone.
    await conflict.getByRole('button', { name: 'Use theirs' }).click();
    await expect(page.locator(TITLE)).toHaveText('Opening hours in spring and summer');
    await expect(conflict).toHaveCount(0);
    await expectStored(page.request, id, 'title', 'Opening hours in spring and summer');

    // Another conflict: Keep mine stores mine over theirs.
    await saveDraftAs(other, id, { title: 'Opening hours all year' });
    await retype(page, TITLE, 'Opening hours in winter');
    await expect(conflict).toContainText('Writer changed Title');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(conflict).toHaveCount(0);
    await expectStored(page.request, id, 'title', 'Opening hours in winter');
    await discardDraft(page, id);
    await other.close();
  });

  test('a writer focusing a field they may not change hears why, beside it, and sees a lock icon', async ({ page }) => {
    // A page of the test's own (its words, drafts and pill are no other spec's), opened by the writer.
    await signIn(page);
    const { path } = await createPage(page, 'readonly', { title: 'Locked words', summary: 'A page a writer reads.', body: '<p>Short and stable.</p>' });
    await page.context().clearCookies();
    await signIn(page, 'writer@localhost');
    await openEditing(page, path);
    const tagline = page.locator('[data-cms-field="settings:site:tagline"]');
    await expect(tagline).toHaveAttribute('data-cms-readonly', '');
    await expect(tagline.locator('svg.louise-readonly-icon')).toBeVisible();
    const note = page.locator('#louise-field-note');
    await expect(note).toHaveCount(0);
    // By keyboard: the field is a tab stop, and focus says why.
    await tagline.focus();
    await expect(note).toBeVisible();
    await expect(note).toHaveText('Only editors who can publish may change this: it goes live at once. You can ask one of them for a review.');
    await expect(note).toHaveAttribute('role', 'status');
    // The note sits just below the field.
    const [field, said] = [await tagline.boundingBox(), await note.boundingBox()];
    expect(said!.y).toBeGreaterThanOrEqual(field!.y + field!.height);
    expect(said!.y).toBeLessThan(field!.y + field!.height + 16);
    // Wholly on screen, on a phone too (where the page is wider than the screen).
    expect(await insideVisualViewport(note)).toBe(true);
    // The note stays while the focus does (it is not timed away while being read).
    await page.waitForTimeout(8500);
    await expect(note).toBeVisible();
    // The tagline's words are other specs' to change (the site's settings): the look is the locks, the note and the bar.
    await expectLook(page, 'writer-readonly', { mask: [tagline] });
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await expect(note).toBeHidden();
  });
});

test.describe('locks', () => {
  async function holder(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    await signIn(page, 'editor@localhost');
    return page;
  }

  test('a field another editor holds says who holds it when clicked, and its label floats without moving the text', async ({ page, browser }) => {
    const a = await holder(browser);
    await signIn(page, 'writer@localhost');
    const { id, path } = await createPage(a, 'lock-words', { title: 'A heading both may edit', summary: 'Summary.' });
    await openEditing(a, path);
    await openEditing(page, path);
    await expect(page.getByRole('list', { name: /on this page/i })).toContainText('Editor');

    const title = page.locator(TITLE);
    const text = async () =>
      title.evaluate((el) => {
        // Where the heading's first letter is drawn, which a label inside its flow would push.
        const range = document.createRange();
        range.setStart(el.firstChild ?? el, 0);
        range.setEnd(el.firstChild ?? el, 1);
        const box = range.getBoundingClientRect();
        const whole = el.getBoundingClientRect();
        return { x: box.x, y: box.y, height: whole.height, width: whole.width };
      });
    const before = await text();
    await a.locator(TITLE).click();
    await expect(title).toHaveAttribute('data-cms-locked', 'Editor');
    const label = page.locator('.louise-holder');
    await expect(label).toHaveText('Editor is editing');
    await expect(label).toBeVisible();
    expect(await text()).toEqual(before);
    // The label sits above the heading's top left corner, outside its text.
    const [box, tag] = [await title.boundingBox(), await label.boundingBox()];
    expect(tag!.y + tag!.height).toBeLessThanOrEqual(box!.y + 1);

    await title.click();
    const note = page.locator('#louise-field-note');
    await expect(note).toHaveText('Editor is editing Title. You can change it when they are done.');
    await expect(title).toHaveText('A heading both may edit');
    expect(await insideVisualViewport(note)).toBe(true);
    // The holder's label stands where the field's cue would: no cue over it.
    await expect(page.locator('.louise-cue')).toBeHidden();
    await expectLook(page, 'lock');

    await a.context().close();
    await expect(title).not.toHaveAttribute('data-cms-locked', /.*/);
    await expect(label).toHaveCount(0);
    await discardDraft(page, id).catch(() => undefined);
  });
});

test.describe('panel focus', () => {
  test('focus goes back to the opener after the media panel closes, by Escape and by Close', async ({ page }) => {
    await signIn(page);
    await openEditing(page, '/');
    const bar = page.locator('#louise-bar');
    const media = bar.getByRole('button', { name: /^Media/ });
    const more = bar.getByRole('button', { name: 'More' });
    const panel = page.getByRole('dialog', { name: 'Media library' });
    // On the phone Media waits in the More menu, which closes as the panel opens: the focus goes back to More, the opener in sight.
    const phone = test.info().project.name === 'phone';
    for (const close of ['Escape', 'Close'] as const) {
      if (phone) {
        await more.click();
        await media.click();
      } else {
        await media.focus();
        await page.keyboard.press('Enter');
      }
      await expect(panel).toBeVisible();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await panel.getByRole('button', { name: 'Close' }).click();
      await expect(panel).toHaveCount(0);
      await expect(phone ? more : media).toBeFocused();
    }
    // From an image field: the picker names the field by its label, and the focus goes back to the image.
    const hero = page.getByRole('button', { name: 'Change image: Hero' });
    await hero.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose an image for Hero' });
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(hero).toBeFocused();
  });
});
