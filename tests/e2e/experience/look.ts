// The two checks every state of the editing experience passes, at both sizes
// (the `desktop` and `phone` projects of playwright.config.ts): axe finds no
// serious or critical violation in the editor's own UI, and the screenshot
// matches the kept visual baseline (tests/e2e/__screenshots__; after an
// intended change: `npx playwright test <spec> --update-snapshots`, look at
// the new images, commit them).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The editor's own UI: the bar, toolbars, panels, popovers and dialogs (the site's markup is the site's business). */
export const EDITOR_UI = ['#louise-bar', '.louise-toolbar', 'dialog[open]', '[data-louise-ui]'];

/**
 * Checks the state `name` of the page: axe-clean (no serious or critical
 * violation) within `include` (default: the editor's UI present on the
 * page), then compared with its baseline screenshot (the viewport; `mask`
 * hides what changes from run to run, such as times and version numbers).
 */
export async function expectLook(page: Page, name: string, options: { include?: string[]; mask?: Locator[]; fullPage?: boolean } = {}): Promise<void> {
  const include = options.include ?? EDITOR_UI;
  const present: string[] = [];
  for (const selector of include) if ((await page.locator(selector).count()) > 0) present.push(selector);
  if (present.length > 0) {
    let builder = new AxeBuilder({ page });
    for (const selector of present) builder = builder.include(selector);
    const results = await builder.analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${name}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: options.mask ?? [], fullPage: options.fullPage ?? false });
}

/** True when `locator`'s box lies wholly inside the visual viewport (what a phone's screen shows, keyboard and zoom included). */
export async function insideVisualViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const view = window.visualViewport;
    const top = view ? view.offsetTop : 0;
    const left = view ? view.offsetLeft : 0;
    const width = view ? view.width : innerWidth;
    const height = view ? view.height : innerHeight;
    return box.top >= top - 0.5 && box.left >= left - 0.5 && box.bottom <= top + height + 0.5 && box.right <= left + width + 0.5 && box.height > 0;
  });
}
