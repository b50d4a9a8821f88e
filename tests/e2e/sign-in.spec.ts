import { expect, test } from '@playwright/test';

test.describe('editor sign-in and edit mode', () => {
  test('a visitor page loads no script at all', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About this site');
    expect(scripts).toEqual([]);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('html').getAttribute('data-louise-editing')).toBeNull();
  });

  test('a wrong password is refused with a message', async ({ page }) => {
    await page.goto('/cms/login');
    await page.getByLabel('Email').fill('editor@localhost');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await expect(page).toHaveURL(/\/cms\/login/);
  });

  test('?edit sends the editor to sign in and back into edit mode, which survives navigation until left', async ({ page }) => {
    await page.goto('/about?edit');
    await expect(page).toHaveURL(/\/cms\/login\?next=%2Fabout%3Fedit$/);
    await page.getByLabel('Email').fill('editor@localhost');
    await page.getByLabel('Password').fill('louise-dev');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/about\?edit$/);
    // The client entry ran in the page.
    await expect(page.locator('html')).toHaveAttribute('data-louise-editing', '');
    const session = JSON.parse((await page.locator('#louise-session').textContent()) ?? 'null');
    expect(session).toMatchObject({ email: 'editor@localhost', name: 'Editor', access: { publish: true }, editParam: 'edit', autoSave: { debounceMs: 800 } });
    // The page rendered the about page's draft revisions and its image region's: saves carry them as `$base`.
    expect(Object.keys(session.revs).sort()).toEqual(['about:index', expect.stringMatching(/^pages:\d+$/)]);

    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('data-louise-editing', '');

    await page.goto('/?edit=0');
    await expect(page).toHaveURL(/\/$/);
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('html').getAttribute('data-louise-editing')).toBeNull();

    const me = await page.request.get('/api/cms/auth/me');
    expect(await me.json()).toMatchObject({ email: 'editor@localhost' });
    const out = await page.request.post('/api/cms/auth/logout', { headers: { origin: new URL(page.url()).origin } });
    expect(out.status()).toBe(204);
    expect((await page.request.get('/api/cms/auth/me')).status()).toBe(401);
  });
});
