import { expect, request, type APIRequestContext, type Browser, type BrowserContext, type Cookie, type Page } from '@playwright/test';

export const PASSWORD = 'louise-dev';

const sessions = new Map<string, Cookie[]>();

/**
 * Signs the page's browser context in. Each editor signs in once per test
 * run (sign-in is rate limited per email); later tests reuse the cookie.
 */
export async function signIn(page: Page, email = 'editor@localhost'): Promise<void> {
  let cookies = sessions.get(email);
  if (!cookies) {
    const api = await request.newContext({ baseURL: baseUrl() });
    const res = await api.post('/api/cms/auth/login', { headers: { origin: baseUrl() }, data: { email, password: PASSWORD } });
    expect(res.status(), await res.text()).toBe(204);
    cookies = (await api.storageState()).cookies;
    await api.dispose();
    sessions.set(email, cookies);
  }
  await page.context().addCookies(cookies);
}

/** A second editor in their own browser context: the writer, who may edit but not publish (outside the realtime session, like `withoutLiveSession`). */
export async function otherEditor(browser: Browser): Promise<Page> {
  const other = await browser.newPage({ baseURL: baseUrl() });
  await withoutLiveSession(other);
  await signIn(other, 'writer@localhost');
  return other;
}

/**
 * Keeps a page (or every page of a context) out of the realtime session (its socket is refused, as by a
 * proxy without WebSockets), so its saves go over HTTP with `$base` exactly
 * as when the session is down: the path the save-fault tests exercise.
 * tests/e2e/realtime.spec.ts covers the session itself.
 */
export async function withoutLiveSession(page: Page | BrowserContext): Promise<void> {
  await page.routeWebSocket(/\/api\/cms\/.+\/live$/, (ws) => ws.close({ code: 1011, reason: 'test: no live session' }));
}

/** Creates a page of the test's own through the pages route, at `<under>/<prefix>-<time>`: its id and path. */
export async function createPage(page: Page, prefix: string, data: Record<string, unknown>, under = 'articles'): Promise<{ id: number; path: string }> {
  const slug = `${under}/${prefix}-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/cms/pages', { headers: { origin: baseUrl() }, data: { slug, ...data } });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { page: { id: number } }).page.id, path: `/${slug}` };
}

/** Saves a draft of page `id` through the versions route, as `page`'s editor would from a script. */
export async function saveDraftAs(page: Page, id: number, data: Record<string, unknown>): Promise<void> {
  const res = await page.request.post(`/api/cms/pages/${id}/versions`, { headers: { origin: baseUrl() }, data });
  expect(res.status(), await res.text()).toBe(200);
}

/** Discards page `id`'s pending work, so a test leaves no draft for a later publish to take live. */
export async function discardDraft(page: Page, id: number): Promise<void> {
  const res = await page.request.get(`/api/cms/pages/${id}/versions`);
  const { items } = (await res.json()) as { items: Array<{ id: number; status: string }> };
  const versionId = items.find((item) => item.status === 'pending')?.id ?? null;
  const discarded = await page.request.post(`/api/cms/pages/${id}/discard`, { headers: { origin: baseUrl() }, data: { versionId } });
  expect(discarded.status(), await discarded.text()).toBe(204);
}

export function baseUrl(): string {
  return `http://localhost:${process.env.E2E_PORT ?? 4329}`;
}

/** Opens a page in edit mode and waits until every field the editor may change is editable (the rest are locked). */
export async function openEditing(page: Page, path: string): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}edit`);
  await expect(page.locator('#louise-bar')).toBeVisible();
  // Text fields become contenteditable, image fields a focusable button.
  await expect(page.locator('[data-cms-field]:not([contenteditable]):not([data-cms-readonly]):not([data-cms-type="image"][tabindex])')).toHaveCount(0);
  // With the live session, until its welcome (what it holds) is shown.
  await expect(page.locator('[data-cms-joining]')).toHaveCount(0);
}

/** The page id in a `pages:<id>:<field>` marker. */
export async function pageIdOf(page: Page): Promise<number> {
  const marker = await page.locator('[data-cms-field^="pages:"]').first().getAttribute('data-cms-field');
  return Number(marker?.split(':')[1]);
}

/** The work a save builds on, as stored: the newest pending draft's snapshot (or null when there is none). */
export async function storedDraft(request: APIRequestContext, id: number): Promise<Record<string, unknown> | null> {
  const res = await request.get(`/api/cms/pages/${id}/versions`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: Array<{ status: string; data: Record<string, unknown> }> };
  return body.items.find((item) => item.status === 'pending')?.data ?? null;
}

/** Polls the stored draft until `field` equals `value` (saves land asynchronously). */
export async function expectStored(request: APIRequestContext, id: number, field: string, value: unknown, timeout = 10_000): Promise<void> {
  await expect.poll(async () => (await storedDraft(request, id))?.[field], { timeout, message: `stored ${field} of page ${id}` }).toEqual(value);
}

/** Replaces a plain field's text by typing, like an editor would. */
export async function retype(page: Page, selector: string, text: string, delay = 0): Promise<void> {
  const field = page.locator(selector);
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text, { delay });
}

/** What a visitor (no cookie) sees: the HTML of a page, read in a fresh context. */
export async function visitorHtml(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const res = await context.request.get(path);
  const html = await res.text();
  await context.close();
  return html;
}

/** The edit bar's status pill (its polite live region). */
export const status = (page: Page) => page.locator('#louise-status');
/** The pill once a draft save landed: the page's count of changed fields (tests/e2e/experience/bar.spec.ts checks the count itself). */
export const DRAFT_SAVED = /^Draft · \d+ changes?$/;
/** Publishes the page from the edit bar: with several changed fields, through the preview of what will change (bar.spec.ts checks it). */
export async function publishPage(page: Page): Promise<void> {
  await page.locator('#louise-bar').getByRole('button', { name: 'Publish', exact: true }).click();
  const preview = page.getByRole('dialog', { name: /^Publish \d+ changes\?$/ });
  await expect(preview.or(status(page).filter({ hasText: /^(Publishing…|Published)$/ }))).toBeVisible();
  if (await preview.isVisible()) await preview.getByRole('button', { name: 'Publish', exact: true }).click();
}

export const TITLE = '[data-cms-field$=":title"]';
