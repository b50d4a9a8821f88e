import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseUrl, createPage, DRAFT_SAVED, openEditing, signIn, status } from '../editing-helpers.ts';
import { expectLook, insideVisualViewport } from './look.ts';

// Blocks (issue 31, item 11): the picker with a description and a picture of
// each type, kept clear of the bar; "+" between blocks; a drop line while
// dragging; Up and Down off at the ends; the focus where the editor's work
// goes on; Delete asked with the styled dialog. Each test on a landing page
// of its own (nothing but blocks), at 1440x900 and at 390x844 with touch.

const TEXT = { id: 'btexttop1', type: 'text', body: '<p>The first block.</p>' };
const FAQ = { id: 'bquestion1', type: 'faq', question: 'Does it keep my text?', answer: '<p>Always.</p>' };
const TYPES = ['Hero', 'Text', 'Features list', 'Image with caption', 'Call to action', 'Question and answer'];

const block = (page: Page, type: string) => page.locator(`[data-cms-sections] > [data-cms-block-type="${type}"]`);
const toolbar = (page: Page, label: string) => page.getByRole('toolbar', { name: `${label} block`, exact: true });
const types = (page: Page) =>
  page.locator('[data-cms-sections] > [data-cms-block]').evaluateAll((all) => all.map((el) => (el as HTMLElement).dataset.cmsBlockType));
const picker = (page: Page) => page.getByRole('dialog', { name: 'Add a block' });
/**
 * What changes from run to run or belongs to other parts: the bar (its status and buttons), and the site's header
 * (its name, tagline and menu are settings other specs edit in the same run).
 */
const mask = (page: Page) => [page.locator('#louise-bar'), page.locator('.site-header')];

async function openBlocksPage(page: Page, prefix: string): Promise<void> {
  await signIn(page);
  const { path } = await createPage(page, prefix, { title: 'Blocks', sections: [TEXT, FAQ] }, 'landing');
  // No native dialog may ever open (confirm() was replaced by the styled one).
  page.on('dialog', (dialog) => {
    throw new Error(`a browser dialog opened: ${dialog.message()}`);
  });
  await openEditing(page, path);
}

/** Whether `locator`'s box and the edit bar's overlap. */
const overBar = (locator: Locator) =>
  locator.evaluate((element) => {
    const a = element.getBoundingClientRect();
    const b = document.getElementById('louise-bar')?.getBoundingClientRect();
    return !!b && b.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  });

test.use({ baseURL: baseUrl() });

test('the picker shows each type with its description and a picture, fully visible above the bar, and works by keyboard', async ({ page }) => {
  await openBlocksPage(page, 'picker');
  // Opened from the top block's "+".
  const plus = page.getByRole('button', { name: 'Add block after Text', exact: true });
  await plus.click();
  const dialog = picker(page);
  await expect(dialog).toBeVisible();
  await expect(plus).toHaveAttribute('aria-expanded', 'true');
  const choices = dialog.locator('.lp-choice button');
  await expect(choices).toHaveCount(TYPES.length);
  for (const [index, label] of TYPES.entries()) await expect(choices.nth(index)).toHaveAccessibleName(label);
  await expect(dialog.getByRole('button', { name: 'Hero', exact: true })).toHaveAccessibleDescription(
    'A big heading with a line of introduction and a button.',
  );
  await expect(dialog.getByRole('button', { name: 'Question and answer', exact: true })).toHaveAccessibleDescription(
    'A question as a heading, its answer below.',
  );
  // A picture of each type's shape (a sketch drawn from its fields: this site declares no preview images).
  await expect(dialog.locator('.lp-choice .lp-preview svg')).toHaveCount(TYPES.length);
  for (const index of TYPES.keys()) await expect(dialog.locator('.lp-choice').nth(index).locator('.lp-preview')).toBeVisible();
  expect(await insideVisualViewport(dialog)).toBe(true);
  expect(await overBar(dialog)).toBe(false);
  await expectLook(page, 'blocks-picker', { mask: mask(page) });

  // Arrow keys, Home and End move through the types; Escape closes and gives the focus back.
  await expect(dialog.getByRole('button', { name: 'Hero', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: 'Text', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  await expect(dialog.getByRole('button', { name: 'Question and answer', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('button', { name: 'Hero', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByRole('button', { name: 'Question and answer', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(plus).toBeFocused();

  // Opened from the end, just above the bar: it opens upwards, still whole and clear of the bar.
  const end = page.getByRole('button', { name: 'Add block', exact: true });
  await end.evaluate((element) => {
    const bar = document.getElementById('louise-bar')?.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    scrollBy(0, box.bottom - (bar && bar.height > 0 ? bar.top : innerHeight) + 4);
  });
  await end.click();
  await expect(dialog).toBeVisible();
  expect(await insideVisualViewport(dialog)).toBe(true);
  expect(await overBar(dialog)).toBe(false);
  // Enter picks the focused type: a Hero at the end.
  await page.keyboard.press('Enter');
  await expect(block(page, 'hero')).toHaveCount(1);
  expect(await types(page)).toEqual(['text', 'faq', 'hero']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);
});

test('"+" between blocks adds there with the focus in the new block\'s first field; Up is off on the first block and Down on the last', async ({ page }) => {
  await openBlocksPage(page, 'plus');
  const up = (label: string) => toolbar(page, label).getByRole('button', { name: 'Up', exact: true });
  const down = (label: string) => toolbar(page, label).getByRole('button', { name: 'Down', exact: true });
  await expect(up('Text')).toHaveAttribute('aria-disabled', 'true');
  await expect(up('Text')).toHaveAccessibleDescription('Up: already the first block');
  await expect(down('Text')).toHaveAttribute('aria-disabled', 'false');
  await expect(up('Question and answer')).toHaveAttribute('aria-disabled', 'false');
  await expect(down('Question and answer')).toHaveAttribute('aria-disabled', 'true');
  await expect(down('Question and answer')).toHaveAccessibleDescription('Down: already the last block');
  // One "+" between the two blocks; the end has its own Add block.
  await expect(page.getByRole('button', { name: /^Add block after / })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Add block', exact: true })).toBeVisible();
  await block(page, 'text').hover();
  await expectLook(page, 'blocks-plus', { mask: mask(page) });

  await page.getByRole('button', { name: 'Add block after Text', exact: true }).click();
  await picker(page).getByRole('button', { name: 'Call to action', exact: true }).click();
  expect(await types(page)).toEqual(['text', 'cta', 'faq']);
  const cta = block(page, 'cta');
  await expect(cta).not.toHaveClass(/louise-block-pending/);
  // The focus is in the new block's first field (its heading), ready to type.
  await expect(cta.locator('h2[data-cms-field]')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' now');
  await expect(cta.locator('h2[data-cms-field]')).toHaveText('Heading now');
  await expect(status(page)).toHaveText(DRAFT_SAVED);

  // The ends follow the order: the call to action is in the middle, both moves on.
  await expect(up('Call to action')).toHaveAttribute('aria-disabled', 'false');
  await expect(down('Call to action')).toHaveAttribute('aria-disabled', 'false');
  // Moving keeps the focus on the moved block's button, also when it reaches the end and turns off.
  await up('Call to action').click();
  expect(await types(page)).toEqual(['cta', 'text', 'faq']);
  await expect(up('Call to action')).toBeFocused();
  await expect(up('Call to action')).toHaveAttribute('aria-disabled', 'true');
  await expect(up('Text')).toHaveAttribute('aria-disabled', 'false');
  // Pressed anyway (Playwright will not click an aria-disabled button unless forced), it does nothing.
  await up('Call to action').click({ force: true });
  expect(await types(page)).toEqual(['cta', 'text', 'faq']);
  await expect(up('Call to action')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  expect(await types(page)).toEqual(['text', 'cta', 'faq']);
  await expect(down('Call to action')).toBeFocused();
  await expect(status(page)).toHaveText(DRAFT_SAVED);
});

test('Delete asks with the styled dialog, naming the block; Cancel keeps it; Delete moves the focus to the next block', async ({ page }) => {
  await openBlocksPage(page, 'delete');
  const remove = toolbar(page, 'Text').getByRole('button', { name: 'Delete', exact: true });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Delete the Text block?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await types(page)).toEqual(['text', 'faq']);
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete block' }).click();
  // The block leaves once what was typed into it is saved (so Undo brings back the newest text): a moment later.
  await expect.poll(() => types(page)).toEqual(['faq']);
  await expect(toolbar(page, 'Question and answer').getByRole('button').first()).toBeFocused();
  await expect(page.locator('#louise-bar')).toContainText('Deleted the Text block.');
  await expect(status(page)).toHaveText(DRAFT_SAVED);
});

test('a drop line shows where a dragged block will land (on touch, Up and Down move blocks: no drag handle)', async ({ page }, testInfo) => {
  await openBlocksPage(page, 'drag');
  const handle = block(page, 'text').locator('.louise-drag');
  if (testInfo.project.name === 'phone') {
    // HTML drag and drop does not start from a touch: the handle is not offered, Up and Down are.
    await block(page, 'text').locator('[data-cms-field]').first().click();
    await expect(toolbar(page, 'Text').getByRole('button', { name: 'Down', exact: true })).toBeVisible();
    await expect(handle).toBeHidden();
    return;
  }
  const line = page.locator('.louise-drop-line');
  await expect(line).toBeHidden();
  await block(page, 'text').hover();
  await handle.hover();
  await page.mouse.down();
  const faq = (await block(page, 'faq').boundingBox()) as { x: number; y: number; width: number; height: number };
  // Chromium fires dragover on the move after the one that entered an element (as a hand keeps moving): the last
  // small move is that one, over the question's lower half.
  await page.mouse.move(faq.x + 30, faq.y + faq.height - 10, { steps: 5 });
  await page.mouse.move(faq.x + 32, faq.y + faq.height - 8);
  await expect(line).toBeVisible();
  // Over the question's lower half: the line is at its lower edge, as wide as the block.
  const low = (await line.boundingBox()) as { y: number; height: number; width: number };
  expect(Math.abs(low.y + low.height / 2 - (faq.y + faq.height))).toBeLessThan(4);
  expect(Math.abs(low.width - faq.width)).toBeLessThan(2);
  await page.mouse.up();
  await expect(line).toBeHidden();
  expect(await types(page)).toEqual(['faq', 'text']);
  await expect(status(page)).toHaveText(DRAFT_SAVED);
});
