import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import {
  baseUrl,
  discardDraft,
  expectStored,
  openEditing,
  pageIdOf,
  saveDraftAs,
  signIn,
  status,
  visitorHtml,
  DRAFT_SAVED,
  publishPage,
} from './editing-helpers.ts';

const PHOTO = fileURLToPath(new URL('../fixtures/media/photo.jpg', import.meta.url));
const ALT = 'A small test photo, described in the library';

async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('#louise-media').analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function publish(page: Page): Promise<void> {
  await expect(status(page)).toHaveText(DRAFT_SAVED);
  await publishPage(page);
  await expect(status(page)).toHaveText(/^Published/);
}

/** A PNG of one colour, `width` × `height`: a picture of known proportions that no other test uploads. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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

/** The attributes of the first `<img>` in `html` whose src is `src`. */
function imgWith(html: string, src: string): Record<string, string> | null {
  const tag = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`src="${src}"`));
  if (!tag) return null;
  return Object.fromEntries([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

test('an editor uploads in the media panel, describes the image, puts it in a body and in the hero, publishes; visitors get both with size and alt', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await openEditing(page, '/articles/editing-in-place');

  // The media panel: upload, then describe the new image.
  await page.getByRole('button', { name: /^Media/ }).click();
  const panel = page.getByRole('dialog', { name: 'Media library' });
  await expect(panel).toBeVisible();
  await panel.locator('input[type=file]').setInputFiles(PHOTO);
  const card = panel.getByRole('group', { name: 'photo.jpg' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('40 × 30');
  await card.getByText('Alt text and caption').click();
  await card.getByLabel('Alt text').fill(ALT);
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('group', { name: ALT })).toBeVisible();
  await expectAxeClean(page, 'media panel');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();

  // Into the article's body, from the library, at the end of its first paragraph.
  const body = page.locator('[data-cms-field$=":body"]');
  await body.locator('p').first().click();
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Image from the media library' }).click();
  const picker = page.getByRole('dialog', { name: /^Choose an image/ });
  await picker.getByRole('group', { name: ALT }).getByRole('button', { name: 'Use this image' }).click();
  await expect(body.locator(`img[alt="${ALT}"]`)).toBeVisible();
  const src = await body.locator(`img[alt="${ALT}"]`).getAttribute('src');
  expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
  await publish(page);

  // The home page's hero: replaced by picking the same image.
  await openEditing(page, '/');
  await page.getByRole('button', { name: 'Change image: Hero' }).click();
  const heroPicker = page.getByRole('dialog', { name: /^Choose an image/ });
  await expectAxeClean(page, 'pick mode');
  await heroPicker.getByRole('group', { name: ALT }).getByRole('button', { name: 'Use this image' }).click();
  await expect(page.locator('img.hero-image')).toHaveAttribute('src', src as string);
  await publish(page);

  // Visitors: plain <img> tags with the registry's size and alt, no markers; the file itself is served.
  const home = await visitorHtml(browser, '/');
  // The hero keeps the width it was rendered at (the seed's 1600), its height from the photo's 40 × 30.
  expect(imgWith(home, src as string)).toEqual({ class: 'hero-image', src, alt: ALT, width: '1600', height: '1200' });
  expect(home).not.toContain('data-cms');
  const article = await visitorHtml(browser, '/articles/editing-in-place');
  expect(imgWith(article, src as string)).toMatchObject({ src, alt: ALT, width: '40', height: '30' });
  const file = await page.request.get(src as string);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/jpeg');
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a refused file says why in the panel and stores nothing', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/about');
  await page.getByRole('button', { name: /^Media/ }).click();
  const panel = page.getByRole('dialog', { name: 'Media library' });
  const before = await (await page.request.get('/api/cms/media?limit=100')).json();
  await panel
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
  await expect(panel.getByLabel('Uploads')).toContainText(/notes\.png.*(HTML|text\/html)/s);
  expect(await (await page.request.get('/api/cms/media?limit=100')).json()).toEqual(before);
});

test('Remove image takes the picture off an image field: a placeholder to click, saved as null, and visitors get no img', async ({ page, browser }) => {
  await signIn(page);
  await openEditing(page, '/');
  const id = await pageIdOf(page);
  await page.getByRole('button', { name: 'Change image: Hero' }).click();
  await page
    .getByRole('dialog', { name: /^Choose an image/ })
    .getByRole('button', { name: 'Remove image' })
    .click();
  const hero = page.locator('[data-cms-field$=":hero"]');
  await expect(hero).toHaveAttribute('data-cms-empty', '');
  await expect(hero).toHaveAttribute('src', /^data:image\/svg\+xml,/);
  await expectStored(page.request, id, 'hero', null);
  // Still something to click: the placeholder opens the library again.
  await hero.press('Enter');
  await expect(page.getByRole('dialog', { name: /^Choose an image/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await publish(page);
  const home = await visitorHtml(browser, '/');
  expect(home).not.toMatch(/<img[^>]*hero-image/);
  expect(home).not.toContain('data:image/svg+xml');
});

test('files dropped on the panel upload together, each with its own outcome; a refused one says why', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/about');
  await page.getByRole('button', { name: /^Media/ }).click();
  const panel = page.getByRole('dialog', { name: 'Media library' });
  await expect(panel).toBeVisible();
  const file = (name: string, type: string): [string, string, string] => [
    name,
    type,
    readFileSync(fileURLToPath(new URL(`../fixtures/media/${name}`, import.meta.url))).toString('base64'),
  ];
  const files = [file('pixel.png', 'image/png'), file('anim.gif', 'image/gif'), file('script.svg', 'image/svg+xml')];
  // What the browser does when files are dragged from the desktop onto the open panel.
  await panel.evaluate((dialog, list) => {
    const transfer = new DataTransfer();
    for (const [name, type, base64] of list) transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
    for (const kind of ['dragenter', 'dragover', 'drop'])
      dialog.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
  await expect(panel.getByRole('group', { name: 'pixel.png' })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'anim.gif' })).toBeVisible();
  await expect(panel.getByLabel('Uploads')).toContainText(/script\.svg.*SVG/s);
  const listed = (await (await page.request.get('/api/cms/media?type=image&limit=100')).json()) as { items: Array<{ type: string }> };
  expect(listed.items.some((item) => item.type === 'image/svg+xml')).toBe(false);
});

/** Uploads a picture through the media route, without alt text: the asset as stored. */
async function uploadPicture(page: Page, name: string, png: Buffer): Promise<{ id: number; url: string }> {
  const res = await page.request.post('/api/cms/media', { headers: { origin: baseUrl() }, multipart: { file: { name, mimeType: 'image/png', buffer: png } } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; url: string };
}

const SKY = '/media/c6644b914e927a4b9052d3a8746bb9837965399cd1cddf19fbb4c673978ac78b.jpg';
const SKY_ALT = 'An abstract sky, violet above and orange below';

test('a picture swapped into an image region keeps the template’s width with its own proportions, and the page’s alt text when the library has none', async ({
  page,
  browser,
}) => {
  await signIn(page);
  // 80 × 20, with no alt text in the library.
  const banner = await uploadPicture(page, 'banner.png', solidPng(80, 20, [40, 90, 160]));

  // An overlay region: the about page's template renders it width="300" height="169".
  await openEditing(page, '/about');
  const photo = page.locator('[data-cms-field="about:index:photo"]');
  await expect(photo).toHaveAttribute('width', '300');
  await photo.click();
  const picker = page.getByRole('dialog', { name: 'Choose an image for Photo' });
  await picker.locator(`[data-id="${banner.id}"]`).getByRole('button', { name: 'Use this image' }).click();
  await expect(photo).toHaveAttribute('src', banner.url);
  await expect(photo).toHaveAttribute('width', '300');
  await expect(photo).toHaveAttribute('height', '75');
  await expect(photo).toHaveAttribute('alt', SKY_ALT);
  await publish(page);
  const about = await visitorHtml(browser, '/about');
  expect(imgWith(about, banner.url)).toEqual({ class: 'about-photo', src: banner.url, alt: SKY_ALT, width: '300', height: '75' });

  // A declared image field: the home hero, rendered 1600 × 900, stores the width it was shown at.
  await openEditing(page, '/');
  const home = await pageIdOf(page);
  await saveDraftAs(page, home, { hero: { src: SKY, alt: SKY_ALT, width: 1600, height: 900 } });
  await openEditing(page, '/');
  await page.getByRole('button', { name: 'Change image: Hero' }).click();
  await page
    .getByRole('dialog', { name: /^Choose an image/ })
    .locator(`[data-id="${banner.id}"]`)
    .getByRole('button', { name: 'Use this image' })
    .click();
  const hero = page.locator('img.hero-image');
  await expect(hero).toHaveAttribute('width', '1600');
  await expect(hero).toHaveAttribute('height', '400');
  await expectStored(page.request, home, 'hero', { src: banner.url, alt: SKY_ALT, width: 1600, height: 400 });
  await discardDraft(page, home);
});

test('in the picker, an upload into an empty library lists the new image and says so: never “Nothing here yet” beside it', async ({ page }) => {
  await signIn(page);
  await openEditing(page, '/about');
  // The library answers empty, as a new site's does.
  let first = true;
  await page.route(
    (url) => url.pathname === '/api/cms/media',
    (route) => {
      if (route.request().method() !== 'GET' || !first) return route.fallback();
      first = false;
      return route.fulfill({ json: { items: [], nextCursor: null } });
    },
  );
  await page.locator('[data-cms-field="about:index:photo"]').click();
  const picker = page.getByRole('dialog', { name: 'Choose an image for Photo' });
  const said = picker.locator('.lm-status');
  await expect(said).toHaveText(/^Nothing here yet/);
  await picker.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: solidPng(64, 36, [200, 120, 40]) });
  await expect(picker.getByLabel('Uploads')).toContainText('Uploaded cover.png.');
  const card = picker.getByRole('group', { name: 'cover.png' });
  await expect(card.getByRole('button', { name: 'Use this image' })).toBeVisible();
  await expect(said).toHaveText('1 image shown.');
  await expect(picker).not.toContainText('Nothing here yet');
  await expectAxeClean(page, 'picker after an upload');
  await shots(page, 'picker-after-upload');
  await page.keyboard.press('Escape');
});
