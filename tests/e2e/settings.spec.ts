import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, openEditing, signIn, visitorHtml } from './editing-helpers.ts';

interface SettingsAnswer {
  settings: { siteName: string; custom: Record<string, unknown> };
}

/** Publishes the settings' draft, if any (the finally blocks leave the settings published, as found). */
async function publishSettings(page: Page): Promise<void> {
  const res = await page.request.post('/api/cms/settings/publish', { headers: { origin: baseUrl() }, data: {} });
  expect([200, 409], await res.text()).toContain(res.status());
}

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('#louise-settings').analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('an editor renames the site and adds a menu link in the settings panel; visitors see both in the header after Publish', async ({ page, browser }) => {
  await signIn(page);
  const before = (await (await page.request.get('/api/cms/settings')).json()) as SettingsAnswer;
  const name = `Louise ${Date.now().toString(36)}`;
  try {
    await openEditing(page, '/about');
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Site settings' });
    await expect(panel.getByRole('status')).toHaveText('Changes save as a draft as you type.');
    await expect(panel.getByLabel('Site name')).toHaveValue(before.settings.siteName);
    await expectAxeClean(page, 'loaded');

    await panel.getByLabel('Site name').fill(name);
    await expect(panel.getByRole('status')).toHaveText('Saved');

    // A script URL in the menu is refused with the reason, and nothing of it is stored.
    const menu = panel.getByRole('group', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Add link' }).click();
    const row = menu.getByRole('group', { name: /^Link \d+ of \d+$/ }).last();
    await row.getByLabel('Label').fill('Press');
    await row.getByLabel('URL').fill('javascript:alert(1)');
    await expect(panel.locator('[data-key="menu"] .ls-note')).toContainText('Not saved');
    const stored = (await (await page.request.get('/api/cms/settings')).json()) as SettingsAnswer;
    expect(JSON.stringify(stored.settings.custom.menu)).not.toContain('javascript');
    await expectAxeClean(page, 'refused link');
    await page.screenshot({ path: test.info().outputPath('settings-refused.png') });

    await row.getByLabel('URL').fill('/press');
    await expect(panel.locator('[data-key="menu"]')).toHaveAttribute('data-state', 'saved');
    // Settings are drafts: visitors see the old name until Publish.
    expect(await visitorHtml(browser, '/about')).not.toContain(name);
    await expect(panel.locator('.ls-state')).toHaveText('Draft · 2 changes');
    await panel.getByRole('button', { name: 'Publish' }).click();
    await expect(panel.locator('.ls-state')).toHaveText('Published');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Settings' })).toBeFocused();

    const html = await visitorHtml(browser, '/about');
    expect(html).toContain(`<title>About this site · ${name}</title>`);
    expect(html).toMatch(new RegExp(`class="brand"[^>]*>(<span>)?${name}`));
    expect(html).toContain('<a href="/press">Press</a>');
    await page.reload();
    await expect(page.locator('.brand')).toHaveText(name);
  } finally {
    // Leave the settings as the other tests expect them (published).
    const restored = await page.request.patch('/api/cms/settings', {
      headers: { origin: baseUrl() },
      data: { siteName: before.settings.siteName, menu: before.settings.custom.menu },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await publishSettings(page);
  }
});

test('a settings change someone else saved meanwhile is a choice, not an overwrite', async ({ page }) => {
  await signIn(page);
  const before = (await (await page.request.get('/api/cms/settings')).json()) as SettingsAnswer & { revs: Record<string, string> };
  try {
    await openEditing(page, '/about');
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Site settings' });
    await expect(panel.getByRole('status')).toHaveText('Changes save as a draft as you type.');
    // Another editor saves the tagline after this panel loaded it.
    const theirs = await page.request.patch('/api/cms/settings', {
      headers: { origin: baseUrl() },
      data: { tagline: 'Their tagline', $base: { tagline: before.revs.tagline } },
    });
    expect(theirs.status()).toBe(200);
    await panel.getByLabel('Tagline').fill('My tagline');
    const choice = panel.getByRole('group', { name: 'Changed by someone else' });
    await expect(choice).toContainText('Their tagline');
    await expectAxeClean(page, 'conflict');
    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await expect(panel.locator('[data-key="tagline"]')).toHaveAttribute('data-state', 'saved');
    const after = (await (await page.request.get('/api/cms/settings')).json()) as { settings: { tagline: string } };
    expect(after.settings.tagline).toBe('My tagline');
  } finally {
    await page.request.patch('/api/cms/settings', {
      headers: { origin: baseUrl() },
      data: { tagline: (before.settings as { tagline?: string }).tagline ?? '' },
    });
    await publishSettings(page);
  }
});
