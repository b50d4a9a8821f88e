import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openEditing, retype, signIn, status, TITLE } from './editing-helpers.ts';

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
  await expect(status(page)).toHaveText('Draft saved');
  await check('saved');
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.locator('#louise-history li').first()).toBeVisible();
  await check('history open');
  // Every control in the bar is reachable with Tab.
  const buttons = await page.locator('#louise-bar button').count();
  await page.locator('#louise-bar button').first().focus();
  const reached = new Set<string>();
  for (let i = 0; i < buttons + 2; i++) {
    reached.add(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    await page.keyboard.press('Tab');
  }
  for (const name of ['History', 'Discard draft', 'Publish', 'Settings', 'Done']) expect(reached).toContain(name);
});
