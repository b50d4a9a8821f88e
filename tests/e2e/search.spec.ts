import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { baseUrl, createPage, discardDraft, openEditing, retype, saveDraftAs, signIn, status, DRAFT_SAVED, publishPage } from './editing-helpers.ts';

// A word no seeded page has, different on every run. Random, not the time: two words made in the same
// millisecond would share a suffix, and the local embedder's character trigrams would find one for the other.
const word = (prefix: string) => `${prefix}${crypto.getRandomValues(new Uint32Array(2)).join('').slice(0, 12)}`;

// The reference site's search page (/search): server-rendered, works without JavaScript.
test.describe('site search', () => {
  // The seeded pages were written by SQL, not through the routes: a publisher rebuilds the index once, as after a deploy.
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage({ baseURL: baseUrl() });
    await signIn(page);
    let cursor: number | null = null;
    do {
      const res = await page.request.post('/api/cms/pages/reindex', { headers: { origin: baseUrl() }, data: { cursor } });
      expect(res.status(), await res.text()).toBe(200);
      ({ nextCursor: cursor } = (await res.json()) as { nextCursor: number | null });
    } while (cursor !== null);
    await page.close();
  });

  test('a word published on a page is found on the search page; a word only in a draft is not', async ({ page, browser }) => {
    const published = word('quokka');
    const drafted = word('wombat');
    await signIn(page);
    // A page of its own, so no other test's pending work is published with it.
    const { id, path } = await createPage(page, 'search', { title: 'Marsupials of the coast', summary: 'Notes.' });
    await openEditing(page, path);
    await retype(page, '[data-cms-field$=":summary"]', `Search finds this sentence about a ${published}.`);
    await expect(status(page)).toHaveText(DRAFT_SAVED);
    await publishPage(page);
    await expect(status(page)).toHaveText(/Published/);
    await saveDraftAs(page, id, { summary: `A draft that mentions a ${drafted}.` });

    // A visitor without JavaScript: the form is a plain GET, the results are in the HTML.
    const visitor = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const search = await visitor.newPage();
    await search.goto('/');
    await search.getByRole('searchbox', { name: 'Search the site' }).fill(published);
    await search.getByRole('button', { name: 'Go' }).click();
    await expect(search).toHaveURL(new RegExp(`/search\\?q=${published}$`));
    const result = search.locator('.search-results li');
    await expect(result).toHaveCount(1);
    await expect(result.getByRole('link')).toHaveAttribute('href', path);
    await expect(result.locator('mark')).toHaveText(published);

    await search.goto(`/search?q=${drafted}`);
    await expect(search.locator('.search-results li')).toHaveCount(0);
    await expect(search.getByRole('status')).toContainText(`Nothing matches “${drafted}”`);
    // Hostile queries are text: FTS5 syntax and markup never break the page or reach it unescaped.
    for (const q of ['"unbalanced', 'NEAR(a b', '-', '*', 'title:x OR', '<script>alert(1)</script>']) {
      const response = await search.goto(`/search?q=${encodeURIComponent(q)}`);
      expect(response?.status(), q).toBe(200);
    }
    expect(await search.content()).not.toContain('<script>alert(1)</script>');
    await visitor.close();
    await discardDraft(page, id);
  });

  test('results page through More results and back, and the search page is axe-clean', async ({ browser }) => {
    const visitor = await browser.newContext({ baseURL: baseUrl() });
    const search = await visitor.newPage();
    // "edit" is in several seeded pages (prefix: editing, edited). Ten results a page, so start one in to see the page links.
    await search.goto('/search?q=edit');
    const titles = search.locator('.search-results li h2');
    const first = await titles.allTextContents();
    expect(first.length).toBeGreaterThan(1);
    await search.goto('/search?q=edit&cursor=1');
    await expect(titles).toHaveText(first.slice(1));
    await search.getByRole('link', { name: 'Previous results' }).click();
    await expect(search).toHaveURL(/\/search\?q=edit$/);
    await expect(titles).toHaveText(first);
    const results = await new AxeBuilder({ page: search }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    await search.screenshot({ path: '.louise/reports/search-page.png', fullPage: true });
    await visitor.close();
  });
});
