import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, openEditing, signIn } from './editing-helpers.ts';

// The contact form refuses (silently) anything sent sooner than this after the page was rendered.
const MIN_FILL_MS = 2_000;

/** Fills the contact form like a visitor, then waits out the minimum fill time counted from `loaded`. */
async function fillContact(page: Page, loaded: number, values: { name: string; email: string; message: string }): Promise<void> {
  await page.getByLabel('Your name').fill(values.name);
  await page.getByLabel('Your email').fill(values.email);
  await page.getByLabel('Message').fill(values.message);
  const wait = loaded + MIN_FILL_MS + 200 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

async function expectAxeClean(page: Page, selector: string, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('without JavaScript the contact form posts, comes back saying sent, and a refused post shows the values again with the error', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
  const page = await context.newPage();
  const stamp = Date.now().toString(36);

  await page.goto('/contact');
  // Counted from when the page had loaded, so the form was rendered (and its time signed) before it.
  let loaded = Date.now();
  // An address a browser takes but the server does not: the server's check is the one that counts.
  await fillContact(page, loaded, { name: `No-script ${stamp}`, email: 'me@localhost', message: 'Typed without JavaScript.' });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/contact/);
  await expect(page.getByRole('status')).toHaveText('Check the fields marked below and send the form again.');
  await expect(page.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#email-error')).toContainText('email');
  // Nothing the visitor typed is lost.
  await expect(page.getByLabel('Your name')).toHaveValue(`No-script ${stamp}`);
  await expect(page.getByLabel('Message')).toHaveValue('Typed without JavaScript.');

  loaded = Date.now();
  await page.getByLabel('Your email').fill('me@example.com');
  const wait = loaded + MIN_FILL_MS + 200 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your message was sent.');
  await expect(page.getByLabel('Your name')).toHaveValue('');
  // The message is shown once: a reload is the plain page again.
  await page.reload();
  await expect(page.getByRole('status')).toBeHidden();
  await context.close();
});

test('with JavaScript the form sends in place; the editor finds the message in the inbox, marks it read and deletes it', async ({ page, browser }) => {
  const visitorContext = await browser.newContext({ baseURL: baseUrl() });
  const visitor = await visitorContext.newPage();
  const name = `Scripted ${Date.now().toString(36)}`;
  await visitor.goto('/contact');
  const loaded = Date.now();
  await fillContact(visitor, loaded, { name, email: 'reader@example.com', message: 'Sent with fetch, <b>not</b> markup.' });
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Thank you: your message was sent.');
  await expect(visitor).toHaveURL(`${baseUrl()}/contact`);
  await expectAxeClean(visitor, 'main', 'contact page after sending');
  // A refused field is marked in place, with its message, and nothing typed is lost.
  await fillContact(visitor, Date.now() - MIN_FILL_MS, { name, email: 'me@localhost', message: 'Second try' });
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByLabel('Your email')).toHaveAttribute('aria-invalid', 'true');
  await expect(visitor.getByLabel('Your email')).toBeFocused();
  await expect(visitor.getByLabel('Message')).toHaveValue('Second try');
  await expectAxeClean(visitor, 'main', 'contact page with a refused field');
  await visitorContext.close();

  await signIn(page);
  await openEditing(page, '/contact');
  await page.getByRole('button', { name: /^Inbox/ }).click();
  const inbox = page.getByRole('dialog', { name: 'Inbox' });
  await expect(inbox).toBeVisible();
  const item = inbox.getByRole('article').filter({ hasText: name });
  await expect(item).toBeVisible();
  // Submitted text is shown as text, never as markup.
  await expect(item).toContainText('Sent with fetch, <b>not</b> markup.');
  await expectAxeClean(page, '#louise-inbox', 'inbox');
  await page.screenshot({ path: test.info().outputPath('inbox.png') });

  await item.getByRole('button', { name: 'Mark read' }).click();
  await expect(item.getByRole('button', { name: 'Mark unread' })).toBeVisible();
  // A styled confirmation (not the browser's confirm()): Cancel keeps it, then Delete submission deletes it.
  await item.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete this submission?' });
  await expect(ask).toContainText('This cannot be undone.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Delete' }).click();
  await ask.getByRole('button', { name: 'Delete submission' }).click();
  await expect(inbox.getByRole('article').filter({ hasText: name })).toHaveCount(0);
  const listed = await page.request.get('/api/cms/submissions/contact?limit=100');
  expect(JSON.stringify(await listed.json())).not.toContain(name);
});
