// Settings are drafts (#31, item 1): an edit in the Settings panel is saved as
// a draft that the page shows as it is typed, visitors keep the published
// settings until Publish, and an empty site name is refused by name. At both
// sizes (desktop 1440x900, phone 390x844 with touch).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseUrl, openEditing, signIn } from '../editing-helpers.ts';
import { expectLook } from './look.ts';

interface SettingsRead {
  settings: { siteName: string };
  published: { siteName: string };
  draft: { versionId: number; changed: string[] } | null;
}

const read = async (request: APIRequestContext) => (await (await request.get('/api/cms/settings')).json()) as SettingsRead;

/** The brand a visitor sees: a fresh context, not signed in, loading the page. */
async function visitorBrand(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await page.goto(path);
  const brand = (await page.locator('.brand').innerText()).trim();
  await context.close();
  return brand;
}

/** Leaves the settings as found: the published name back, no draft. */
async function restore(request: APIRequestContext, name: string): Promise<void> {
  const now = await read(request);
  if (now.published.siteName !== name) {
    expect((await request.patch('/api/cms/settings', { headers: { origin: baseUrl() }, data: { siteName: name } })).status()).toBe(200);
    expect((await request.post('/api/cms/settings/publish', { headers: { origin: baseUrl() }, data: {} })).status()).toBe(200);
  }
  const left = await read(request);
  if (left.draft) {
    const res = await request.post('/api/cms/settings/discard', { headers: { origin: baseUrl() }, data: { versionId: left.draft.versionId } });
    expect(res.status()).toBe(204);
  }
}

async function openSettings(page: Page) {
  await openEditing(page, '/about');
  const bar = page.locator('#louise-bar');
  // On the phone Settings waits in the bar's More menu.
  if (test.info().project.name === 'phone') await bar.getByRole('button', { name: 'More' }).click();
  await bar.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Site settings' });
  await expect(panel.getByRole('status')).toHaveText('Changes save as a draft as you type.');
  return panel;
}

/**
 * The site's own page behind the modal: other specs change it, so it is hidden (its layout kept) before a baseline is
 * taken. A mask would cover the dialog too: it paints over each masked element's box, which the dialog overlaps.
 */
async function hideSite(page: Page): Promise<void> {
  await page.addStyleTag({ content: '.site-header,main,.site-footer{visibility:hidden}' });
}

test.describe.configure({ mode: 'serial' });
// Each test signs in, opens edit mode, checks axe and a screenshot and loads a visitor's page: slow on a busy machine.
test.setTimeout(60_000);

test('an empty site name is refused and visitors keep the brand', async ({ page, browser }) => {
  await signIn(page);
  const before = await read(page.request);
  const brand = before.published.siteName;
  try {
    const panel = await openSettings(page);
    const name = panel.getByLabel('Site name');
    await name.fill('');
    const field = panel.locator('[data-key="siteName"]');
    await expect(field).toHaveAttribute('data-state', 'invalid');
    await expect(field.locator('.ls-note')).toContainText('Site name is required');
    await hideSite(page);
    await expectLook(page, 'settings-refused');
    // Nothing was written: the settings and what visitors see are as before.
    const after = await read(page.request);
    expect(after.settings.siteName).toBe(before.settings.siteName);
    expect(after.published.siteName).toBe(brand);
    expect(await visitorBrand(browser, '/about')).toBe(brand);
    await name.fill(before.settings.siteName);
    await expect(field).not.toHaveAttribute('data-state', 'invalid');
  } finally {
    await restore(page.request, brand);
  }
});

test('a new site name shows on the page while editing, visitors see it only after Publish', async ({ page, browser }) => {
  await signIn(page);
  const before = await read(page.request);
  const brand = before.published.siteName;
  const draftName = `${brand} Draft`;
  try {
    const panel = await openSettings(page);
    await panel.getByLabel('Site name').fill(draftName);
    // The page shows the draft as it is typed (the brand carries data-cms-setting).
    await expect(page.locator('.brand')).toHaveText(draftName);
    await expect(panel.locator('[data-key="siteName"]')).toHaveAttribute('data-state', 'saved');
    await expect(panel.locator('.ls-state')).toHaveText('Draft · 1 change');
    await expect(panel.getByRole('button', { name: 'Publish' })).toBeEnabled();
    await hideSite(page);
    await expectLook(page, 'settings-draft');
    // A visitor (a separate context, not signed in) still sees the published brand.
    expect(await visitorBrand(browser, '/about')).toBe(brand);
    // The editor's page, reloaded in edit mode, shows the draft.
    expect((await read(page.request)).settings.siteName).toBe(draftName);

    await panel.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.getByRole('status')).toHaveText('Published: visitors see these settings now.');
    await expect(panel.locator('.ls-state')).toHaveText('Published');
    await expect(panel.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(await visitorBrand(browser, '/about')).toBe(draftName);
  } finally {
    await restore(page.request, brand);
  }
});

test('Discard asks first, then drops the draft; History restores a version as a draft', async ({ page, browser }) => {
  await signIn(page);
  const before = await read(page.request);
  const brand = before.published.siteName;
  try {
    const panel = await openSettings(page);
    await panel.getByLabel('Site name').fill(`${brand} Dropped`);
    await expect(panel.locator('.ls-state')).toHaveText('Draft · 1 change');
    await panel.getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard the settings draft?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await expect(panel.getByRole('status')).toHaveText('Draft discarded: the settings are as visitors see them.');
    await expect(panel.getByLabel('Site name')).toHaveValue(brand);
    await expect(page.locator('.brand')).toHaveText(brand);

    await panel.getByRole('button', { name: 'History' }).click();
    const versions = panel.getByRole('list', { name: 'Settings versions' });
    const dropped = versions
      .getByRole('listitem')
      .filter({ hasText: `${brand} Dropped` })
      .first();
    await dropped.getByRole('button', { name: /^Restore/ }).click();
    await expect(panel.getByRole('status')).toHaveText('Restored as a draft: publish it to show it to visitors.');
    await expect(panel.getByLabel('Site name')).toHaveValue(`${brand} Dropped`);
    await expect(panel.locator('.ls-state')).toHaveText('Draft · 1 change');
    expect(await visitorBrand(browser, '/about')).toBe(brand);
  } finally {
    await restore(page.request, brand);
  }
});
