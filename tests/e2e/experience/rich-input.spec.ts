// Issue 31, items 4 and 10: links through an inline popover (Ctrl+K in the
// text, page suggestions, site-relative internal links), Markdown shortcuts,
// the slash menu and a Word paste, at 1440x900 and on a phone. Each test edits
// a page of its own and discards its draft at the end.
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import { baseUrl, createPage, discardDraft, openEditing, signIn, storedDraft, withoutLiveSession } from '../editing-helpers.ts';
import { expectLook } from './look.ts';

const BODY = '[data-cms-field$=":body"]';

/** A page of the test's own, open in edit mode: its id. */
async function richPage(page: Page, prefix: string): Promise<number> {
  await withoutLiveSession(page);
  await signIn(page);
  const { id, path } = await createPage(page, prefix, {
    title: 'Rich input',
    summary: 'A page for the rich-text input tests.',
    body: '<p>Read the guide first.</p><p>Then write your own.</p>',
  });
  await openEditing(page, path);
  return id;
}

/** Presses `key` and lets Lexical read the selection (it does on the async selectionchange event). */
async function key(page: Page, name: string): Promise<void> {
  await page.keyboard.press(name);
  await page.waitForTimeout(60);
}

/**
 * Waits, as a person waits for the toolbar, until the body's editor has mounted (on the first pointer or focus):
 * Ctrl+K, Markdown shortcuts and the slash menu are the editor's; keys typed before it is there are kept as text.
 */
async function mounted(page: Page): Promise<void> {
  await expect(page.locator(BODY)).toHaveAttribute('data-lexical-editor', 'true');
  await page.waitForTimeout(60);
}

/** Selects the text of the body's paragraph `n` (0-based). */
async function selectParagraph(page: Page, n: number): Promise<void> {
  await page.locator(`${BODY} p`).nth(n).click();
  await mounted(page);
  await key(page, 'End');
  await key(page, 'Shift+Home');
}

/** A new empty paragraph at the end of the body, with the caret in it. */
async function newParagraph(page: Page): Promise<void> {
  await page.locator(`${BODY} p`).last().click();
  await mounted(page);
  await key(page, 'ControlOrMeta+End');
  await key(page, 'Enter');
}

/** What changes between runs or belongs to other parts of #31: the bar, and the site's header (other tests edit its tagline). */
const masked = (page: Page) => [page.locator('#louise-bar'), page.locator('header').first()];

/** The stored draft's body, once saved, as polled text (Lexical's spans and list numbers left out). */
const storedBody = async (page: Page, id: number) => String((await storedDraft(page.request, id))?.body ?? '').replace(/<\/?span>| value="\d+"/g, '');

test('Ctrl+K in the text opens the link popover; outside the text it still opens search', async ({ page }) => {
  const id = await richPage(page, 'link-keys');
  await selectParagraph(page, 0);
  await key(page, 'ControlOrMeta+k');
  const popover = page.getByRole('dialog', { name: 'Add link' });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('combobox', { name: 'Address' })).toBeFocused();
  await expect(popover.getByRole('combobox', { name: 'Address' })).toHaveValue('');
  await expect(page.locator('#louise-search')).toHaveCount(0);
  await expectLook(page, 'link-popover', { mask: masked(page) });
  // Escape closes it and gives the text the focus back.
  await key(page, 'Escape');
  await expect(popover).toBeHidden();
  await expect(page.locator(BODY)).toBeFocused();

  // Outside the text: the page search.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await key(page, 'ControlOrMeta+k');
  await expect(page.locator('#louise-search')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /link/i })).toHaveCount(0);
  await key(page, 'Escape');
  await discardDraft(page, id).catch(() => undefined);
});

test('a link is added, shown, edited (this site’s address stored site-relative), refused when unsafe, and removed', async ({ page }) => {
  const id = await richPage(page, 'link-edit');
  await selectParagraph(page, 1);
  await key(page, 'ControlOrMeta+k');
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('https://example.com/docs');
  await address.press('Enter');
  await expect.poll(() => storedBody(page, id)).toContain('<p><a href="https://example.com/docs">Then write your own.</a></p>');

  // The caret in the link shows its address, Edit, Open and Remove.
  await page.locator(`${BODY} a`).click();
  const shown = page.getByRole('group', { name: 'Link' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('https://example.com/docs');
  await expect(shown.getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
  await expect(shown.getByRole('link', { name: 'Open' })).toHaveAttribute('rel', 'noopener');
  await expectLook(page, 'link-shown', { mask: masked(page) });

  // Edit: the box holds the link's address; an address of this site is stored site-relative.
  await shown.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit link' });
  await expect(edit.getByRole('combobox', { name: 'Address' })).toHaveValue('https://example.com/docs');
  await edit.getByRole('combobox', { name: 'Address' }).fill(`${baseUrl()}/about#team`);
  await edit.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => storedBody(page, id)).toContain('<p><a href="/about#team">Then write your own.</a></p>');

  // An address that is no web, mail, phone or site address is refused in words, and nothing changes.
  await page.locator(`${BODY} a`).click();
  await page.getByRole('group', { name: 'Link' }).getByRole('button', { name: 'Edit' }).click();
  await edit.getByRole('combobox', { name: 'Address' }).fill('javascript:alert(1)');
  await edit.getByRole('combobox', { name: 'Address' }).press('Enter');
  await expect(edit.getByText(/Use a web address/)).toBeVisible();
  await expect(edit.getByRole('combobox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`${BODY} a`)).toHaveAttribute('href', '/about#team');

  // Remove link: the text stays, unlinked.
  await edit.getByRole('button', { name: 'Remove link' }).click();
  await expect(page.locator(`${BODY} a`)).toHaveCount(0);
  await expect.poll(() => storedBody(page, id)).toContain('<p>Then write your own.</p>');
  await discardDraft(page, id);
});

test('a page picked from the suggestions is linked by its site-relative address', async ({ page }) => {
  const id = await richPage(page, 'link-pick');
  // A page of the test's own, with a word no other page has (other specs add pages that match common words).
  const word = `Quokka${Date.now().toString(36)}`;
  const target = await createPage(page, 'link-target', { title: `${word} walks`, summary: 'A page to link to.', body: '<p>Walks.</p>' });
  // Pages are found once indexed (a publisher's rebuild, batch by batch).
  for (let cursor: number | null = null, i = 0; i === 0 || (cursor !== null && i < 50); i++) {
    const res: APIResponse = await page.request.post('/api/cms/pages/reindex', { headers: { origin: baseUrl() }, data: { cursor } });
    expect(res.status(), await res.text()).toBe(200);
    cursor = ((await res.json()) as { nextCursor: number | null }).nextCursor;
  }
  await selectParagraph(page, 0);
  await key(page, 'ControlOrMeta+k');
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.pressSequentially(word, { delay: 30 });
  const option = page
    .getByRole('listbox', { name: 'Pages of this site' })
    .getByRole('option')
    .filter({ hasText: `${word} walks` })
    .first();
  await expect(option).toBeVisible({ timeout: 10_000 });
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await key(page, 'ArrowDown');
  await expect(page.getByRole('option', { selected: true })).toHaveCount(1);
  await option.click();
  await expect.poll(() => storedBody(page, id)).toContain(`<p><a href="${target.path}">Read the guide first.</a></p>`);
  await discardDraft(page, id);
});

test('Markdown shortcuts make a heading and a list, and the slash menu inserts a heading', async ({ page }) => {
  const id = await richPage(page, 'markdown');
  await newParagraph(page);
  await page.keyboard.type('## Big news');
  await expect(page.locator(`${BODY} h2`)).toHaveText('Big news');
  await key(page, 'Enter');
  await page.keyboard.type('- first point');
  await expect(page.locator(`${BODY} ul > li`)).toHaveText('first point');
  await key(page, 'Enter');
  await key(page, 'Enter');

  // The slash menu, filtered as the editor types; Escape leaves the slash typed.
  await page.keyboard.type('/');
  const menu = page.getByRole('listbox', { name: 'Insert a block' });
  await expect(menu).toBeVisible();
  await expect(page.locator(BODY)).toHaveAttribute('aria-controls', (await menu.getAttribute('id')) ?? '');
  await expect(menu.getByRole('option')).toHaveText(['Heading 2', 'Heading 3', 'Bulleted list', 'Numbered list', 'Quote', 'Image from the media library']);
  await expectLook(page, 'slash-menu', { mask: masked(page) });
  await key(page, 'Escape');
  await expect(menu).toBeHidden();
  await expect(page.locator(`${BODY} p`).last()).toHaveText('/');
  await key(page, 'Backspace');
  await page.keyboard.type('/head');
  await expect(menu.getByRole('option')).toHaveText(['Heading 2', 'Heading 3']);
  await key(page, 'ArrowDown');
  await expect(menu.getByRole('option', { name: 'Heading 3' })).toHaveAttribute('aria-selected', 'true');
  await key(page, 'Enter');
  await expect(menu).toBeHidden();
  await page.keyboard.type('Smaller news');
  await expect(page.locator(`${BODY} h3`)).toHaveText('Smaller news');
  await expect.poll(() => storedBody(page, id)).toMatch(/<h2>Big news<\/h2><ul><li>first point<\/li><\/ul><h3>Smaller news<\/h3>$/);
  await discardDraft(page, id);
});

// A bulleted and a numbered list as Word puts them on the clipboard (trimmed).
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal{margin:0} --></style></head><body lang=EN-GB><!--StartFragment-->
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Pasted bullet<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Second bullet<o:p></o:p></p>
<h1>Pasted title</h1>
<!--EndFragment--></body></html>`;

test('a list pasted from Word becomes a real list, and its H1 the highest heading the field allows', async ({ page }) => {
  const id = await richPage(page, 'paste');
  await newParagraph(page);
  await page.evaluate(
    ([selector, html]) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '·       Pasted bullet\n·       Second bullet\nPasted title');
      document.querySelector(selector)?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [BODY, WORD] as const,
  );
  await expect(page.locator(`${BODY} ul > li`)).toHaveText(['Pasted bullet', 'Second bullet']);
  await expect(page.locator(`${BODY} h2`)).toHaveText('Pasted title');
  await expect(page.locator(BODY)).not.toContainText('·');
  await expect.poll(() => storedBody(page, id)).toMatch(/<ul><li>Pasted bullet<\/li><li>Second bullet<\/li><\/ul><h2>Pasted title<\/h2>$/);
  await discardDraft(page, id);
});
