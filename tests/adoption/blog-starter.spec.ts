import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { diffArrays } from 'diff';
import { parse as parseJsonc } from 'jsonc-parser';
import { runsWorkerFirst } from '../../integration/node/worker-first.testing.ts';
import { serve, sh, type Server } from './site-process.ts';

// A site nobody here wrote: Astro's blog starter, unmodified (a copy committed
// in tests/fixtures, MIT, so a plain clone has it; tests/adoption/fixture.test.ts
// keeps it identical to ../shared's when that is beside the repository).
// Louise comes from the packed tarball (what npm would install), set up only
// with the README's commands; the test then marks three template regions and
// edits them as a signed-in editor, in dev and in the production build.
const repo = fileURLToPath(new URL('../..', import.meta.url));
// ADOPTION_FIXTURE points at another site to adopt.
const fixture = process.env.ADOPTION_FIXTURE || join(repo, 'tests', 'fixtures', 'astro-blog-starter');
const DEV_PORT = Number(process.env.ADOPTION_PORT ?? 4371);
const PROD_PORT = Number(process.env.ADOPTION_PROD_PORT ?? DEV_PORT + 1);
const RUN = Date.now().toString(36).slice(-5);
const HEADING = `Hello from Louise (${RUN})`;
const ABOUT = `Louise was here (${RUN}).`;
const PHOTO = join(repo, 'tests', 'fixtures', 'media', 'photo.jpg');
const PHOTO_ALT = `A small photo put in by Louise (${RUN})`;
const SITE = 'A blog with Louise';
const RENAMED = `Renamed in the settings (${RUN})`;
const FOUND = `findable${RUN}`;
const MESSAGE = `Hello from a reader (${RUN})`;
/** The media URL of the photo the dev test uploads and publishes on the about page. */
let photoUrl = '';
/** The note the dev test creates: a page of a drafts collection, so it has a realtime session. */
let noteId = 0;
// Issue 32: a post of the starter's Markdown collection edited in place (cmsEntry in its layout).
const POST_TITLE = `A first post, edited in place (${RUN})`;
const WORD = `Edited${RUN}`;
const LINK = 'https://example.com/louise';
const ITEMS = [`first point ${RUN}`, `second point ${RUN}`];
const SECOND_WORD = `Second${RUN}`;
const FILE_SENTENCE = `A sentence changed in the repository (${RUN}).`;
const POST_FILE = 'src/content/blog/first-post.md';
const SECOND_FILE = 'src/content/blog/second-post.md';
/** first-post.md as the starter ships it, kept for the line diff after `content pull`. */
let postFile = '';
/** `astro dev`, shared by the tests that edit in it (started once: it costs seconds to start). */
let dev: Server | null = null;

let dir = '';
let initOutput = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  dir = mkdtempSync(join(tmpdir(), 'louise-blog-'));
  cpSync(fixture, dir, { recursive: true, filter: (source) => !['node_modules', '.astro', 'dist'].includes(basename(source)) });
  const packed = sh(repo, 'npm', ['pack', '--silent', '--pack-destination', dir]).trim().split('\n').at(-1) as string;
  sh(dir, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${packed}`]);
  initOutput = sh(dir, 'npx', ['louise', 'init', '--yes']);
  markRegions(dir);
  addSettingsAndContact(dir);
  postFile = readFileSync(join(dir, POST_FILE), 'utf8');
});

test.afterAll(async () => {
  await dev?.stop();
  if (dir && !process.env.KEEP_ADOPTION_SITE) rmSync(dir, { recursive: true, force: true });
});

/** The starter's `astro dev`, started by the first test that needs it. */
async function devServer(): Promise<Server> {
  dev ??= await serve(dir, 'npx', ['astro', 'dev', '--port', String(DEV_PORT), '--host', '127.0.0.1'], `http://127.0.0.1:${DEV_PORT}/`);
  return dev;
}

test('`npx louise init --yes` sets the starter up, and a second run changes nothing', () => {
  expect(initOutput).toMatch(/louise/i);
  // The realtime session's object: bound, declared in a migration of its own, exported by the Worker init wrote.
  const wrangler = parseJsonc(readFileSync(join(dir, 'wrangler.jsonc'), 'utf8'));
  expect(wrangler.durable_objects.bindings).toContainEqual({ name: 'REALTIME', class_name: 'RealtimeObject' });
  expect(wrangler.migrations).toContainEqual(expect.objectContaining({ new_sqlite_classes: ['RealtimeObject'] }));
  expect(readFileSync(join(dir, 'src', 'worker.ts'), 'utf8')).toContain("export { RealtimeObject } from 'louise/astro/worker';");
  // No `run_worker_first` in the site's config: it would reach `astro dev` too; louise() puts one in the built Worker's config.
  expect(wrangler.assets).not.toHaveProperty('run_worker_first');
  const before = snapshot(dir);
  const again = sh(dir, 'npx', ['louise', 'init', '--yes']);
  expect(again).toMatch(/nothing changed/i);
  expect(snapshot(dir)).toEqual(before);
});

test('the commerce clients resolve from the installed package and run outside this repository', () => {
  // What a site owner's server code would do first: import each provider client by its public subpath.
  writeFileSync(
    join(dir, 'commerce-check.mjs'),
    `import { createHmac } from 'node:crypto';
import { formatMoney, withRetry } from 'louise/commerce';
import { PAY_API_VERSION } from 'louise/commerce/pay';
import { catchAllFirst, merchCopy, verifyMerchSignature } from 'louise/commerce/merch';
import { isCancellable, merchLimits } from 'louise/commerce/merch-platform';
import { listLocations, posApplicationIdEnvironment, POS_VERSION, verifyPosSignature } from 'louise/commerce/pos';
import { posWebPaymentsCsp } from 'louise/commerce/pos-web';
const posUrl = 'https://shop.example/api/pos/webhook';
const posSigned = createHmac('sha256', 'key').update(posUrl + '{}').digest('base64');
const seen = [];
const posFetch = async (input, init) => { seen.push(new Request(input, init)); return Response.json({ locations: [{ id: 'L1', name: 'Harbour', status: 'ACTIVE' }] }); };
const body = '{"id":"weve_1","type":"ORDER_PLACED","data":{}}';
const signature = createHmac('sha256', 'secret').update(body).digest('base64');
console.log(JSON.stringify({
  money: formatMoney({ amount: 2450, currency: 'USD' }, { locale: 'en-US' }),
  retried: await withRetry(async () => 'ok', undefined),
  pay: PAY_API_VERSION,
  signed: await verifyMerchSignature(body, signature, 'secret'),
  tampered: await verifyMerchSignature(body + ' ', signature, 'secret'),
  first: catchAllFirst([{ slug: 'tees', name: 'Tees' }, { slug: 'all', name: 'All Products' }])[0].slug,
  copy: merchCopy({ slug: 'tee', description: '<p>Tee</p>', moreDetails: '<p>Soft.</p><div style="display:none">Manufacturer: X GmbH</div>' }),
  packaged: isCancellable({ status: 'PACKAGED' }),
  limits: merchLimits({ requestsPer10s: 500 }).requests.capacity,
  posLocations: (await listLocations({ accessToken: 'EAAAtoken', environment: 'sandbox', fetch: posFetch })).map((l) => l.name),
  posVersionSent: seen[0].headers.get('square-version') === POS_VERSION,
  posUrl: seen[0].url,
  posSigned: await verifyPosSignature(posUrl, '{}', posSigned, 'key'),
  posOtherUrl: await verifyPosSignature(posUrl + '/', '{}', posSigned, 'key'),
  appEnv: posApplicationIdEnvironment('sandbox-sq0idb-abcdefghij12'),
  cspScript: posWebPaymentsCsp({ environments: ['production'] }).script[0],
}));
`,
  );
  expect(JSON.parse(sh(dir, 'node', ['commerce-check.mjs']))).toEqual({
    money: '$24.50',
    retried: 'ok',
    pay: '2026-10-28.endive',
    signed: true,
    tampered: false,
    first: 'all',
    copy: '<p>Soft.</p>',
    packaged: false,
    limits: 100,
    posLocations: ['Harbour'],
    posVersionSent: true,
    posUrl: 'https://connect.squareupsandbox.com/v2/locations',
    posSigned: true,
    posOtherUrl: false,
    appEnv: 'sandbox',
    cspScript: 'https://web.squarecdn.com',
  });
  rmSync(join(dir, 'commerce-check.mjs'));
});

test('an editor edits marked regions in `astro dev`, publishes, and visitors see the edit without markers', async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  const dev = await devServer();
  try {
    // The server's log reaches us a moment after it answers.
    await expect.poll(() => dev.output()).toMatch(/Louise: applied 0000_init.*0009_review_requests to the local database/);
    // Vite's client (hot reload, the dev toolbar), the global stylesheet and public/ files come from the dev server, not the Worker.
    for (const path of ['@vite/client', 'src/styles/global.css', 'favicon.svg']) expect((await fetch(`${dev.url}${path}`)).status, path).toBe(200);
    const page = await signedIn(browser, dev.url);
    await page.goto(`${dev.url}?edit`);
    await expect(page.locator('#louise-bar')).toBeVisible();
    const heading = page.locator('[data-cms-field="home:index:heading"]');
    await expect(heading).toHaveAttribute('contenteditable', /true|plaintext-only/);
    await heading.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(HEADING);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change');
    expect(await visitor(browser, dev.url, '/')).not.toContain(HEADING);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/);

    await page.goto(`${dev.url}about?edit`);
    const body = page.locator('[data-cms-field="about:page:body"]');
    await expect(body).toHaveAttribute('contenteditable', 'true');
    // Its editor mounts when an editor reaches for it.
    await body.locator('p').last().click();
    await expect(body).toHaveAttribute('data-lexical-editor', 'true');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(` ${ABOUT}`);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/);

    // The starter's own <Image> as an image region: a photo uploaded to the media library, picked in the panel, published.
    const upload = await page.request.post(`${dev.url}api/cms/media`, {
      headers: { origin: dev.url.replace(/\/$/, '') },
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) }, alt: PHOTO_ALT },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    photoUrl = ((await upload.json()) as { url: string }).url;
    await page.getByRole('button', { name: /^Change image/ }).click();
    const picker = page.getByRole('dialog', { name: /^Choose an image/ });
    await picker.getByRole('group', { name: PHOTO_ALT }).getByRole('button', { name: 'Use this image' }).click();
    await expect(page.locator('[data-cms-type="image"]')).toHaveAttribute('src', photoUrl);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/);

    const home = await visitor(browser, dev.url, '/');
    expect(home).toContain(HEADING);
    expect(home).not.toContain('data-cms');
    const about = await visitor(browser, dev.url, '/about');
    expect(about).toContain(ABOUT);
    expect(about).not.toContain('data-cms');
    expect(about).toMatch(photoTag());

    // Settings: seeded from cms.config as the dev server started, changed by the editor, read by an on-demand page.
    await expect.poll(() => dev.output()).toContain('louise: seeded the site settings in the local database from cms.config.');
    expect(await visitor(browser, dev.url, '/contact')).toContain(`<title>Contact · ${SITE}</title>`);
    const renamed = await page.request.patch(`${dev.url}api/cms/settings`, { headers: { origin: dev.url.replace(/\/$/, '') }, data: { siteName: RENAMED } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    // A settings save is a draft: visitors keep the published name until Publish.
    expect(await visitor(browser, dev.url, '/contact')).toContain(`<title>Contact · ${SITE}</title>`);
    const live = await page.request.post(`${dev.url}api/cms/settings/publish`, { headers: { origin: dev.url.replace(/\/$/, '') }, data: {} });
    expect(live.status(), await live.text()).toBe(200);
    expect(await visitor(browser, dev.url, '/contact')).toContain(`<title>Contact · ${RENAMED}</title>`);
    // The contact form, sent by a visitor's browser as a plain HTML form, lands in the inbox.
    await sendContact(browser, dev.url);
    const inbox = await page.request.get(`${dev.url}api/cms/submissions/contact`);
    expect(((await inbox.json()) as { items: { data: Record<string, unknown> }[] }).items[0]?.data).toEqual({ email: 'reader@example.com', message: MESSAGE });
    // Search: a note created and published through the routes is found on the site's own search page; before Publish it is not.
    const origin = { origin: dev.url.replace(/\/$/, '') };
    const created = await page.request.post(`${dev.url}api/cms/pages`, { headers: origin, data: { slug: 'hello', title: 'Hello', body: `<p>${FOUND}</p>` } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { page: { id: number } }).page.id;
    noteId = id;
    expect(await visitor(browser, dev.url, `/find?q=${FOUND}`)).not.toContain('href="/notes/hello"');
    const published = await page.request.post(`${dev.url}api/cms/pages/${id}/publish`, { headers: origin, data: {} });
    expect(published.status(), await published.text()).toBe(200);
    const found = await visitor(browser, dev.url, `/find?q=${FOUND}`);
    expect(found).toContain('href="/notes/hello"');
    expect(found).toContain(`<mark>${FOUND}</mark>`);
    await page.context().close();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- astro dev output ---\n${dev.output().slice(-3000)}`);
  }
});

test('an editor edits a post of the Markdown collection in `astro dev` (title, a word, a list, a link), publishes, and visitors see it without markers', async ({
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  const server = await devServer();
  try {
    const page = await signedIn(browser, server.url);
    await page.goto(`${server.url}blog/first-post/?edit`);
    const title = page.locator('[data-cms-field="blog:first-post:title"]');
    await expect(title).toHaveAttribute('contenteditable', /true|plaintext-only/);
    await title.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(POST_TITLE);
    const body = page.locator('[data-cms-field="blog:first-post:body"]');
    await expect(body).toHaveAttribute('data-cms-type', 'markdown');
    // One word of the first paragraph: its first, selected by word.
    await body.locator('p').first().click();
    await expect(body).toHaveAttribute('data-lexical-editor', 'true');
    await key(page, 'ControlOrMeta+Home');
    await key(page, 'ControlOrMeta+Shift+ArrowRight');
    await page.keyboard.type(WORD);
    await expect(body.locator('p').first()).toHaveText(new RegExp(`^${WORD} ipsum dolor sit amet`));
    // A link on the third paragraph's first word, through the link popover (Ctrl+K).
    await body
      .locator('p')
      .nth(2)
      .click({ position: { x: 2, y: 4 } });
    await key(page, 'Home');
    await key(page, 'ControlOrMeta+Shift+ArrowRight');
    await key(page, 'ControlOrMeta+k');
    const address = page.getByRole('dialog', { name: 'Add link' }).getByRole('combobox', { name: 'Address' });
    await address.fill(LINK);
    await address.press('Enter');
    await expect(body.locator(`a[href="${LINK}"]`)).toHaveText('Mollis');
    // The post has no list: a short one after its last paragraph, by the Markdown shortcut.
    await body.locator('p').last().click();
    await key(page, 'ControlOrMeta+End');
    await key(page, 'Enter');
    await page.keyboard.type(`- ${ITEMS[0]}`);
    await key(page, 'Enter');
    await page.keyboard.type(ITEMS[1] as string);
    await expect(body.locator('ul > li')).toHaveText(ITEMS);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change', { timeout: 20_000 });
    expect(await visitor(browser, server.url, '/blog/first-post/')).not.toContain(WORD);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/, { timeout: 20_000 });
    expectPostEdits(await visitor(browser, server.url, '/blog/first-post/'));

    // A second post edited and published too: its file changes on disk later, after the edit (the choice).
    await page.goto(`${server.url}blog/second-post/?edit`);
    const second = page.locator('[data-cms-field="blog:second-post:body"]');
    await second.locator('p').first().click();
    await expect(second).toHaveAttribute('data-lexical-editor', 'true');
    await key(page, 'ControlOrMeta+Home');
    await page.keyboard.type(`${SECOND_WORD} `);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/, { timeout: 20_000 });
    const secondHtml = await visitor(browser, server.url, '/blog/second-post/');
    expect(secondHtml).toContain(`<p>${SECOND_WORD} Lorem ipsum`);
    expect(secondHtml).not.toContain('data-cms');
    await page.context().close();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- astro dev output ---\n${server.output().slice(-3000)}`);
  } finally {
    await server.stop();
    dev = null;
  }
});

test('the production build under `wrangler dev` serves the published edits on prerendered pages, without markers', async ({ browser }) => {
  test.setTimeout(5 * 60_000);
  sh(dir, 'npx', ['astro', 'build']);
  const sitemap = readdirSync(join(dir, 'dist', 'client'))
    .filter((name) => name.startsWith('sitemap'))
    .map((name) => readFileSync(join(dir, 'dist', 'client', name), 'utf8'))
    .join('\n');
  expect(sitemap).toContain('<loc>');
  expect(sitemap).not.toMatch(/cms\/login|api\/cms/);
  // The static file keeps the template's defaults and markers: published edits are applied per request.
  const file = readFileSync(join(dir, 'dist', 'client', 'index.html'), 'utf8');
  expect(file).toContain('data-cms-field="home:index:heading"');
  expect(file).not.toContain(HEADING);
  // The built Worker's config sends the prerendered pages through the Worker, and nothing else: public/ files and /_astro/ are served directly.
  const rules = builtRunWorkerFirst(dir);
  for (const path of ['/', '/about/', '/blog/', '/blog/first-post/']) expect(runsWorkerFirst(rules, path), `${path} in ${JSON.stringify(rules)}`).toBe(true);
  for (const path of ['/favicon.svg', '/favicon.ico', '/rss.xml', '/_astro/x.css', '/_louise/editor.js'])
    expect(runsWorkerFirst(rules, path), `${path} in ${JSON.stringify(rules)}`).toBe(false);
  let prod: Server | null = null;
  try {
    prod = await serve(dir, 'npx', ['wrangler', 'dev', '--port', String(PROD_PORT), '--ip', '127.0.0.1'], `http://127.0.0.1:${PROD_PORT}/`);
    const home = await visitor(browser, prod.url, '/');
    expect(home).toContain(HEADING);
    expect(home).not.toContain('data-cms');
    const about = await visitor(browser, prod.url, '/about');
    expect(about).toContain(ABOUT);
    expect(about).not.toContain('data-cms');
    // The published Markdown edits on the prerendered posts (built with the file's text and the markers).
    const built = readFileSync(join(dir, 'dist', 'client', 'blog', 'first-post', 'index.html'), 'utf8');
    expect(built).toContain('data-cms-field="blog:first-post:body"');
    expect(built).not.toContain(WORD);
    expectPostEdits(await visitor(browser, prod.url, '/blog/first-post/'));
    const second = await visitor(browser, prod.url, '/blog/second-post/');
    expect(second).toContain(`<p>${SECOND_WORD} Lorem ipsum`);
    expect(second).not.toContain('data-cms');
    // The prerendered about page shows the published photo, which the Worker serves from the local R2 bucket.
    expect(about).toMatch(photoTag());
    const photo = await fetch(new URL(photoUrl, prod.url));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(readFileSync(PHOTO))).toBe(true);
    expect((await fetch(new URL('/favicon.svg', prod.url))).status).toBe(200);
    // An editor in edit mode on the prerendered page gets the editor and the markers.
    const page = await signedIn(browser, prod.url);
    await page.goto(`${prod.url}?edit`);
    await expect(page.locator('#louise-bar')).toBeVisible();
    const heading = page.locator('[data-cms-field="home:index:heading"]');
    await expect(heading).toHaveText(HEADING);
    // The edit bar on a site nobody here styled is as accessible as on ours.
    const axe = await new AxeBuilder({ page }).include('#louise-bar').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    // The realtime session in the built Worker: the upgrade reaches the live route, and the object init bound welcomes the editor.
    expect(await welcome(page, `/api/cms/pages/${noteId}/live`)).toMatchObject({ v: 1, type: 'welcome', heartbeatMs: 10_000 });
    await heading.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`${HEADING}, live`);
    await expect(page.locator('#louise-status')).toHaveText('Draft · 1 change');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.locator('#louise-status')).toHaveText(/Published/);
    expect(await visitor(browser, prod.url, '/')).toContain(`${HEADING}, live`);
    // The settings the editor saved in dev, and the contact form, on the production build.
    expect(await visitor(browser, prod.url, '/contact')).toContain(`<title>Contact · ${RENAMED}</title>`);
    await sendContact(browser, prod.url);
    await page.context().close();
  } finally {
    await prod?.stop();
  }
});

test('`louise content pull` writes exactly the edited lines; after a rebuild the file shows, and a file changed after an edit shows the choice', async ({
  browser,
}) => {
  test.setTimeout(5 * 60_000);
  // The second post's file changes in the repository after its edit was made (another sentence).
  const secondBefore = readFileSync(join(dir, SECOND_FILE), 'utf8');
  const secondChanged = secondBefore.replace('Morbi tristique senectus et netus.', FILE_SENTENCE);
  expect(secondChanged).not.toBe(secondBefore);
  writeFileSync(join(dir, SECOND_FILE), secondChanged);
  // The pull writes the first post and refuses the second: a newer file is never overwritten by an older edit.
  const pull = spawnSync('npx', ['louise', 'content', 'pull'], { cwd: dir, encoding: 'utf8' });
  const pulled = `${pull.stdout}${pull.stderr}`;
  expect(pulled).toContain(`${POST_FILE} (blog:first-post): written.`);
  expect(pulled).toMatch(/second-post\.md \(blog:second-post\): not written: the file changed after the edit was made/);
  expect(pull.status, pulled).toBe(1);
  expect(readFileSync(join(dir, SECOND_FILE), 'utf8')).toBe(secondChanged);
  // Exactly the title's line, the edited paragraph's, the linked paragraph's, and the list (after a blank line).
  const after = readFileSync(join(dir, POST_FILE), 'utf8');
  const changes = diffArrays(postFile.split('\n'), after.split('\n')).filter((part) => part.added || part.removed);
  const lines = postFile.split('\n');
  const paragraph = (start: string) => lines.find((line) => line.startsWith(start)) as string;
  expect(changes.filter((part) => part.removed).flatMap((part) => part.value)).toEqual([
    "title: 'First post'",
    paragraph('Lorem ipsum dolor sit amet, consectetur'),
    paragraph('Mollis nunc sed id'),
  ]);
  // What was added in their place (a line diff aligns the list's blank separator either side of the file's last newline).
  expect(after).toBe(
    `${postFile
      .replace("title: 'First post'", `title: '${POST_TITLE}'`)
      .replace('\nLorem ipsum dolor sit amet, consectetur', `\n${WORD} ipsum dolor sit amet, consectetur`)
      .replace('\nMollis nunc sed id', `\n[Mollis](${LINK}) nunc sed id`)}\n${ITEMS.map((item) => `- ${item}\n`).join('')}`,
  );

  sh(dir, 'npx', ['astro', 'build']);
  let prod: Server | null = null;
  try {
    prod = await serve(dir, 'npx', ['wrangler', 'dev', '--port', String(PROD_PORT), '--ip', '127.0.0.1'], `http://127.0.0.1:${PROD_PORT}/`);
    // Pulled: the page is the new build's own rendering of the file, not the stored edit's HTML.
    const firstBuilt = readFileSync(join(dir, 'dist', 'client', 'blog', 'first-post', 'index.html'), 'utf8');
    const first = await visitor(browser, prod.url, '/blog/first-post/');
    expectPostEdits(first);
    expect(postBody(first)).toBe(postBody(firstBuilt));
    // Changed after the edit: visitors get the file's text; the editor is asked to choose.
    const secondBuilt = readFileSync(join(dir, 'dist', 'client', 'blog', 'second-post', 'index.html'), 'utf8');
    const second = await visitor(browser, prod.url, '/blog/second-post/');
    expect(second).toContain(FILE_SENTENCE);
    expect(second).not.toContain(SECOND_WORD);
    expect(second).not.toContain('data-cms');
    expect(postBody(second)).toBe(postBody(secondBuilt));
    const page = await signedIn(browser, prod.url);
    await page.goto(`${prod.url}blog/second-post/?edit`);
    const choice = page.getByRole('group', { name: /^Choose a version of/ });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('button', { name: 'Keep my edit' })).toBeVisible();
    await expect(choice.getByRole('button', { name: 'Use the file' })).toBeVisible();
    await expect(choice).toContainText(FILE_SENTENCE);
    await expect(choice).toContainText(SECOND_WORD);
    await page.context().close();
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- wrangler dev output ---\n${prod?.output().slice(-3000)}`);
  } finally {
    await prod?.stop();
  }
});

test("a prerendered route that needs Node builds with the adapter's `prerenderEnvironment: 'node'`", () => {
  test.setTimeout(3 * 60_000);
  // The social image a theme renders with sharp at build time: Node only (workerd cannot load sharp).
  writeFileSync(
    join(dir, 'src', 'pages', 'social.png.ts'),
    `import sharp from 'sharp';
export const prerender = true;
export async function GET() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="6"><rect width="12" height="6" fill="#c03"/></svg>';
  return new Response(new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer()), { headers: { 'content-type': 'image/png' } });
}
`,
  );
  const config = join(dir, 'astro.config.mjs');
  const before = readFileSync(config, 'utf8');
  const after = before.replace('adapter: cloudflare()', "adapter: cloudflare({ prerenderEnvironment: 'node' })");
  if (after === before) throw new Error('`astro add cloudflare` wrote the adapter differently: could not set prerenderEnvironment');
  writeFileSync(config, after);
  sh(dir, 'npx', ['astro', 'build']);
  expect(
    readFileSync(join(dir, 'dist', 'client', 'social.png'))
      .subarray(0, 8)
      .toString('hex'),
  ).toBe('89504e470d0a1a0a');
  // The pages prerendered in Node keep their markers, and the built Worker's config still sends them through the Worker.
  expect(readFileSync(join(dir, 'dist', 'client', 'index.html'), 'utf8')).toContain('data-cms-field="home:index:heading"');
  expect(runsWorkerFirst(builtRunWorkerFirst(dir), '/')).toBe(true);
});

/** Presses `name` and lets Lexical read the selection (it does on the async selectionchange event). */
async function key(page: Page, name: string): Promise<void> {
  await page.keyboard.press(name);
  await page.waitForTimeout(60);
}

/** The published edits of first-post, as a visitor's HTML shows them: no marker, no Markdown source. */
function expectPostEdits(html: string): void {
  expect(html).toMatch(new RegExp(`<h1[^>]*>${POST_TITLE.replace(/[()]/g, '\\$&')}</h1>`));
  expect(html).toContain(`<p>${WORD} ipsum dolor sit amet`);
  expect(html).toContain(`<a href="${LINK}">Mollis</a>`);
  expect(html).toMatch(new RegExp(`<ul[^>]*>\\s*<li[^>]*>${ITEMS[0]}</li>\\s*<li[^>]*>${ITEMS[1]}</li>\\s*</ul>`));
  expect(html).not.toContain('data-cms');
}

/** The inside of the post's body region (the layout's `.post-body`), in a built file or a visitor's page alike. */
function postBody(html: string): string {
  const found = /<div class="post-body"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  if (!found) throw new Error('no .post-body in the page');
  return found[1] as string;
}

/** `assets.run_worker_first` of the Worker `astro build` wrote (what `wrangler dev` and `wrangler deploy` use). */
function builtRunWorkerFirst(site: string): string[] {
  const built = JSON.parse(readFileSync(join(site, 'dist', 'server', 'wrangler.json'), 'utf8')) as { assets?: { run_worker_first?: unknown } };
  const rules = built.assets?.run_worker_first;
  if (!Array.isArray(rules)) throw new Error(`the built wrangler.json has no run_worker_first list: ${JSON.stringify(built.assets)}`);
  return rules as string[];
}

/** Opens a live session's WebSocket from the page (its origin, its session cookie) and returns the first message. */
async function welcome(page: Page, path: string): Promise<unknown> {
  return page.evaluate(
    (url) =>
      new Promise<unknown>((resolve, reject) => {
        const socket = new WebSocket(url);
        const timer = setTimeout(() => reject(new Error('no message within 10 s')), 10_000);
        socket.onmessage = (event) => {
          clearTimeout(timer);
          resolve(JSON.parse(String(event.data)));
          socket.close();
        };
        socket.onclose = (event) => reject(new Error(`closed before any message: ${event.code} ${event.reason}`));
      }),
    new URL(path, page.url()).href.replace(/^http/, 'ws'),
  );
}

/** A visitor's browser sends the contact form (no script on the page: a plain form post, 303 back). */
async function sendContact(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}contact`);
  // Counted from when the page had loaded, so the form was rendered (and its time signed) before it.
  const loaded = Date.now();
  await page.getByLabel('Email').fill('reader@example.com');
  await page.getByLabel('Message').fill(MESSAGE);
  // The form refuses anything sent sooner than 2 s after it was rendered (silently: a bot's speed).
  await page.waitForTimeout(Math.max(0, loaded + 2_200 - Date.now()));
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('Thank you: your message was sent.');
  await context.close();
}

/** The site owner's part for settings and forms: a cms.config declaring both, and an on-demand contact page using them. */
function addSettingsAndContact(site: string): void {
  writeFileSync(
    join(site, 'src', 'cms.config.ts'),
    `import { defineCms } from 'louise/astro';
import { defineCollection, textList } from 'louise/content';
import { pages as pagesTable, pagesVersions } from 'louise/db';
import { defineForm } from 'louise/editor';

// Notes kept in Louise's own pages tables, searchable at /find.
export const notes = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json', schema: textList }, hero: { type: 'image' } },
  versions: { drafts: true },
  tables: { table: pagesTable, versions: pagesVersions },
  search: { fields: ['title', 'body'], url: (note) => '/notes/' + String(note.slug) },
});

export const contact = defineForm({
  name: 'contact',
  fields: { email: { type: 'email', required: true }, message: { type: 'longtext', required: true } },
});

export default defineCms({ collections: [notes], settings: { defaults: { siteName: ${JSON.stringify(SITE)} } }, forms: [contact] });
`,
  );
  writeFileSync(
    join(site, 'src', 'pages', 'find.astro'),
    `---
import { loadSearch } from 'louise/astro';
import { notes } from '../cms.config';
export const prerender = false;
const search = await loadSearch(Astro, notes);
---
<html lang="en">
  <head><meta charset="utf-8" /><title>Find</title></head>
  <body>
    <main>
      <form method="get"><label>Find <input name="q" type="search" value={search.q} /></label><button>Find</button></form>
      <ol>{search.items.map((hit) => <li><a href={hit.url}>{hit.title}</a> <span set:html={hit.snippet} /></li>)}</ol>
    </main>
  </body>
</html>
`,
  );
  writeFileSync(
    join(site, 'src', 'pages', 'contact.astro'),
    `---
import { cmsForm, loadSettings } from 'louise/astro';
import { contact } from '../cms.config';
export const prerender = false;
const site = await loadSettings(Astro);
const form = await cmsForm(Astro, contact);
---
<html lang="en">
  <head><meta charset="utf-8" /><title>Contact · {site.siteName}</title></head>
  <body>
    <main>
      <h1>{site.siteName}</h1>
      <p role="status">{form.message}</p>
      <form method="post" action={form.action}>
        <label>Email <input name="email" type="email" required value={form.values.email ?? ''} /></label>
        <label>Message <textarea name="message" required>{form.values.message ?? ''}</textarea></label>
        {form.hidden.map((input) => <input type="hidden" name={input.name} value={input.value} />)}
        <input name={form.honeypot} tabindex="-1" autocomplete="off" aria-hidden="true" style="position:absolute;left:-9999px" />
        <button>Send</button>
      </form>
    </main>
  </body>
</html>
`,
  );
}

/** The published photo's `<img>`: its URL, alt and intrinsic size (40×30), whatever the attribute order. */
function photoTag(): RegExp {
  const attr = (name: string, value: string) => `(?=[^>]*\\s${name}="${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")`;
  // The starter's <Image width={1020} height={510}> keeps its width; the height follows the 40 × 30 photo.
  return new RegExp(`<img${attr('src', photoUrl)}${attr('alt', PHOTO_ALT)}${attr('width', '1020')}${attr('height', '765')}[^>]*>`);
}

/** Marks the home heading (plain) and intro (rich), the about page body (rich) and the posts' hero image, as a site owner would. */
function markRegions(site: string): void {
  const edit = (file: string, change: (text: string) => string) => {
    const path = join(site, file);
    const before = readFileSync(path, 'utf8');
    const after = change(before);
    if (after === before) throw new Error(`the blog starter changed: could not mark ${file}`);
    writeFileSync(path, after);
  };
  edit('src/pages/index.astro', (text) =>
    text
      .replace('<h1>', '<h1 data-cms-field="home:index:heading">')
      .replace(/<p>(\s*Welcome)/, '<p data-cms-field="home:index:intro" data-cms-type="richtext">$1'),
  );
  edit('src/pages/about.astro', (text) =>
    text.replace(/>\n(\s*)<p>/, '>\n$1<div data-cms-field="about:page:body" data-cms-type="richtext">\n$1<p>').replace('</Layout>', '</div>\n</Layout>'),
  );
  // One image region per page that uses the layout (`hero:about:image` on the about page); a post's title and
  // body marked with cmsEntry, the post passed down by the page (the about page uses the layout without one).
  edit('src/layouts/BlogPost.astro', (text) =>
    text
      .replace(
        '<Image width={1020} height={510} src={heroImage} alt="" />',
        '<Image width={1020} height={510} src={heroImage} alt="" data-cms-field={"hero:" + (Astro.url.pathname.replaceAll("/", "") || "home") + ":image"} data-cms-type="image" />',
      )
      .replace(
        "import type { CollectionEntry } from 'astro:content';",
        "import type { CollectionEntry } from 'astro:content';\nimport { cmsEntry } from 'louise/astro';",
      )
      .replace("type Props = CollectionEntry<'blog'>['data'];", "type Props = CollectionEntry<'blog'>['data'] & { post?: CollectionEntry<'blog'> };")
      .replace(
        'const { title, description, pubDate, updatedDate, heroImage } = Astro.props;',
        'const { title, description, pubDate, updatedDate, heroImage, post } = Astro.props;',
      )
      .replace('<h1>{title}</h1>', "<h1 {...(post ? cmsEntry(Astro, post, 'title') : {})}>{title}</h1>")
      .replace('<slot />', '{post ? <div class="post-body" {...cmsEntry(Astro, post, \'body\')}><slot /></div> : <slot />}'),
  );
  edit('src/pages/blog/[...slug].astro', (text) => text.replace('<BlogPost {...post.data}>', '<BlogPost {...post.data} post={post}>'));
}

async function signedIn(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const res = await context.request.post(`${url}api/cms/auth/login`, {
    headers: { origin: url.replace(/\/$/, '') },
    data: { email: 'editor@localhost', password: 'louise-dev' },
  });
  expect(res.status(), await res.text()).toBe(204);
  return context.newPage();
}

async function visitor(browser: Browser, url: string, path: string): Promise<string> {
  const context = await browser.newContext();
  const res = await context.request.get(new URL(path, url).toString());
  expect(res.status()).toBe(200);
  const html = await res.text();
  await context.close();
  return html;
}

/** A hash of every file init may touch, to prove a second run changes nothing. */
function snapshot(site: string): Record<string, string> {
  const files = ['astro.config.mjs', 'package.json', 'wrangler.jsonc', 'src/worker.ts', 'src/cms.config.ts', 'src/env.d.ts', '.gitignore'];
  return Object.fromEntries(
    files.map((file) => {
      try {
        return [
          file,
          createHash('sha256')
            .update(readFileSync(join(site, file)))
            .digest('hex'),
        ];
      } catch {
        return [file, 'missing'];
      }
    }),
  );
}
