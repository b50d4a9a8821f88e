import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { createPage, discardDraft, openEditing, otherEditor, pageIdOf, saveDraftAs, signIn, withoutLiveSession } from './editing-helpers.ts';

// The bar's conflict choice shows what each side really holds: rich text as
// (sanitized, inert) markup with its images, an image field as its image, and
// nothing in either can run script or navigate away from the page.
const SKY = '/media/c6644b914e927a4b9052d3a8746bb9837965399cd1cddf19fbb4c673978ac78b.jpg';
const RUN = () => Date.now().toString(36).slice(-5);

test.beforeEach(async ({ context }) => withoutLiveSession(context));

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
}

/** Types at the end of the rich body's first paragraph. */
async function typeInBody(page: Page, text: string): Promise<void> {
  await page.locator('[data-cms-field$=":body"] p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('#louise-bar').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Screenshots of a state at a desktop and a phone width, into LOUISE_SHOTS when it is set (for looking at them). */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.LOUISE_SHOTS;
  if (!folder) return;
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: join(folder, `${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

test('a conflict in rich text shows both sides as they are: the image in theirs with its alt, formatting kept, links not followable', async ({
  browser,
  page,
}) => {
  await signIn(page);
  const other = await otherEditor(browser);
  const run = RUN();
  const { id, path } = await createPage(page, 'conflict-view', { title: `Conflict view ${run}`, body: '<p>Start here.</p>' });
  const theirs = `<p>Theirs, with <strong>bold words</strong> and <a href="/contact">the contact page</a>.</p><p><img src="${SKY}" alt="Sky, from theirs" width="1600" height="900"></p>`;
  await openStale(page, path, () => saveDraftAs(other, id, { body: theirs }));
  await typeInBody(page, ` Mine ${run}.`);

  const conflict = page.getByRole('group', { name: 'Conflict in Body' });
  const picture = conflict.getByRole('img', { name: 'Sky, from theirs' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(conflict.locator('strong', { hasText: 'bold words' })).toBeVisible();
  await expect(conflict).toContainText(`Start here. Mine ${run}.`);
  // The link reads as one, but clicking it in the bar goes nowhere.
  await expect(conflict.getByText('the contact page', { exact: true })).toBeVisible();
  await expect(conflict.locator('[href]')).toHaveCount(0);
  await expect(conflict.getByText('the contact page', { exact: true })).toHaveAttribute('title', 'Link to /contact');
  await conflict.getByText('the contact page', { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?edit$`));
  await expectAxeClean(page, 'conflict with an image');
  await shots(page, 'conflict-rich');

  await conflict.getByRole('button', { name: 'Use theirs' }).click();
  await expect(page.locator('[data-cms-field$=":body"] img[alt="Sky, from theirs"]')).toBeVisible();
  await discardDraft(page, id);
  await other.close();
});

test('a hostile value in a conflict is shown inert: no script, handler, frame or javascript: link runs, and its safe image still shows', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __pwned: string[] }).__pwned = [];
  });
  await signIn(page);
  const { id, path } = await createPage(page, 'conflict-hostile', { title: `Hostile conflict ${RUN()}`, body: '<p>Start here.</p>' });
  // What a server that let markup through would answer: the 409's other side carries live markup.
  const hostile = [
    '<p>Hostile <img src=x onerror="__pwned.push(\'onerror\')">',
    `<img src="${SKY}" alt="Sky beside the attack" onload="__pwned.push('onload')">`,
    '<script>__pwned.push("script")</script>',
    '<a href="javascript:__pwned.push(\'href\')">click me</a>',
    '<svg><script>__pwned.push("svg")</script></svg><svg onload="__pwned.push(\'svg-onload\')"></svg>',
    '<iframe srcdoc="<script>parent.__pwned.push(\'iframe\')</script>"></iframe>',
    '<details open ontoggle="__pwned.push(\'toggle\')"><summary>more</summary>folded</details>',
    '<form action="javascript:__pwned.push(\'form\')"><button>send</button></form>',
    '<style>#louise-bar{display:none}</style><span style="position:fixed;inset:0">cover</span></p>',
  ].join('');
  await page.route(
    (url) => url.pathname === `/api/cms/pages/${id}/versions`,
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 409, json: { error: 'conflict', conflicts: [{ field: 'body', value: hostile, rev: 'r-hostile' }] } })
        : route.fallback(),
  );
  await openEditing(page, path);
  await typeInBody(page, ' Mine.');

  const conflict = page.getByRole('group', { name: 'Conflict in Body' });
  await expect(conflict.getByRole('img', { name: 'Sky beside the attack' })).toBeVisible();
  await expect(conflict).toContainText('click me');
  await conflict.getByText('click me', { exact: true }).click();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __pwned: string[] }).__pwned)).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`${path}\\?edit$`));
  await expect(page.locator('#louise-bar')).toBeVisible();
  // Nothing of the attack is in the bar: no handler, style, script, frame, form or foreign element.
  expect(
    await conflict.evaluate((group) =>
      [...group.querySelectorAll('*')].flatMap((el) => [
        ...(['script', 'iframe', 'svg', 'style', 'form', 'details'].includes(el.localName) ? [el.localName] : []),
        ...[...el.attributes].filter((a) => /^on|^style$|^href$|^srcdoc$|^action$/i.test(a.name)).map((a) => `${el.localName}[${a.name}]`),
      ]),
    ),
  ).toEqual([]);

  // The harness can fail: the same markup put into the page as it is does run.
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', `<div id="raw">${html}</div>`), hostile);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __pwned: string[] }).__pwned)).toContain('onerror');
  await page.unroute((url) => url.pathname === `/api/cms/pages/${id}/versions`);
  await discardDraft(page, id).catch(() => undefined);
});

test('a conflict in an image field shows their image with its alt text beside yours', async ({ browser, page }) => {
  await signIn(page);
  const other = await otherEditor(browser);
  await openEditing(other, '/');
  const home = await pageIdOf(other);
  const alt = `Sky, as the other editor described it ${RUN()}`;
  await openStale(page, '/', () => saveDraftAs(other, home, { hero: { src: SKY, alt, width: 1600, height: 900 } }));
  await page.getByRole('button', { name: 'Change image: Hero' }).click();
  await page
    .getByRole('dialog', { name: /^Choose an image/ })
    .getByRole('button', { name: 'Remove image' })
    .click();
  const conflict = page.getByRole('group', { name: 'Conflict in Hero' });
  await expect(conflict.getByRole('img', { name: alt })).toBeVisible();
  await expect(conflict).toContainText(`Alt text: ${alt}`);
  await expect(conflict).toContainText('No image');
  await expectAxeClean(page, 'conflict in an image field');
  await shots(page, 'conflict-image');
  await conflict.getByRole('button', { name: 'Use theirs' }).click();
  await expect(page.locator('img.hero-image')).toHaveAttribute('alt', alt);
  await discardDraft(page, home);
  await other.close();
});
