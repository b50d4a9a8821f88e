import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import corpus from '../fixtures/xss/corpus.json';
import { dangerousUrl, markupOf } from '../fixtures/xss/inspect.ts';
import { encodeMarkdownSource, type PageMarkdownSource } from '../../src/content/markdown-source.ts';
import { rewriteRegions, type MarkdownOnPage } from '../../src/content/overlay-html.ts';
import type { MarkdownRegion } from '../../src/db/overlays-schema.ts';
import { notedSource } from '../../src/drafts/markdown-sources.ts';
import { editModeMarkdown, entryBody, markdownApplies, markdownIsland, noteMarkdownSources } from '../../src/drafts/markdown-standing.ts';
import { overlayRoute } from '../../src/drafts/overlay-route.ts';
import { overlayWork, publishedOverlay } from '../../src/drafts/overlay-store.ts';
import { sourceHash } from '../../src/markdown/source-hash.ts';
import { spliceBody } from '../../src/markdown/body-splice.ts';
import { cmsEntry } from '../../integration/worker/entry-markers.ts';
import { call, headerEditor } from './content-helpers.ts';

const api = overlayRoute<Env>({ resolveEditor: headerEditor, isDeclared: (collection) => collection === 'pages' });
let n = 0;
const nextKey = () => `post-${++n}`;

/** Every overlay row and version, to prove a refused request wrote nothing. */
async function everything(): Promise<string> {
  const [o, v] = await env.DB.batch([env.DB.prepare('SELECT * FROM overlays ORDER BY id'), env.DB.prepare('SELECT * FROM overlays_versions ORDER BY id')]);
  return JSON.stringify([o?.results, v?.results]);
}

/** A post page as `cmsEntry` marks it: the title, and the body region (with the entry's raw body and file when given). */
function postPage(key: string, source?: PageMarkdownSource): string {
  const spread = (attributes: Record<string, string>) =>
    Object.entries(attributes)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
  const entry = { id: key, collection: 'blog', data: { title: 'File title' }, ...(source ? { body: source.markdown, filePath: source.file } : {}) };
  const body = source ? spread(cmsEntry(ASTRO, entry, 'body')) : ` data-cms-field="blog:${key}:body" data-cms-type="markdown"`;
  return `<!doctype html><html><body><h1${spread(cmsEntry(ASTRO, entry, 'title'))}>File title</h1><article${body}><p>From the file</p></article></body></html>`;
}
const ASTRO = { locals: {} as App.Locals };

/** The page as a visitor gets it through the Worker: published values from KV, the file winning once an edit no longer applies. */
function asVisitor(html: string): Promise<string> {
  return rewriteRegions(new Response(html, { headers: { 'content-type': 'text/html' } }), {
    editing: false,
    isOverlay: (c) => c !== 'pages',
    regions: (collection, key) => publishedOverlay(env.KV, { collection, key }),
    markdownApplies,
  }).text();
}

/** The page in edit mode: the work in progress, and the Markdown regions the tail is handed. */
async function asEditor(html: string): Promise<{ html: string; markdown: Record<string, MarkdownOnPage> }> {
  let markdown: Record<string, MarkdownOnPage> = {};
  const out = await rewriteRegions(new Response(html, { headers: { 'content-type': 'text/html' } }), {
    editing: true,
    isOverlay: (c) => c !== 'pages',
    regions: (collection, key) => overlayWork(env.DB, { collection, key }),
    tail: (_revs, found) => {
      markdown = found;
      return '<script id="tail"></script>';
    },
  }).text();
  return { html: out, markdown };
}

const save = (key: string, body: unknown) => call(api, `/api/cms/blog/${encodeURIComponent(key)}/versions`, { body });
const publish = (key: string) => call(api, `/api/cms/blog/${encodeURIComponent(key)}/publish`, { body: {} });

describe('Markdown regions: save, publish, show', () => {
  it('renders at save, stores { type, value, html }, and visitors see the HTML only after publish, with no markers', async () => {
    const key = nextKey();
    const saved = await save(key, { body: { type: 'markdown', value: '# Hello *world*\n\n- one\n- two\n' } });
    expect(saved.status).toBe(200);
    const work = await overlayWork(env.DB, { collection: 'blog', key });
    expect(work?.body).toEqual({
      type: 'markdown',
      value: '# Hello *world*\n\n- one\n- two\n',
      html: '<h1 id="hello-world">Hello <em>world</em></h1>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    });

    const before = await asVisitor(postPage(key));
    expect(before).toContain('<article><p>From the file</p></article>');
    expect(before).not.toContain('data-cms');

    expect((await publish(key)).status).toBe(200);
    const after = await asVisitor(postPage(key));
    expect(after).toContain('<article><h1 id="hello-world">Hello <em>world</em></h1>');
    expect(after).not.toContain('From the file');
    expect(after).not.toContain('data-cms');
    // Editors see the work in progress, markers kept.
    const editing = await asEditor(postPage(key));
    expect(editing.html).toContain('data-cms-type="markdown"><h1 id="hello-world">');
  });

  it('takes the text with $type markdown too, and never renders a Markdown value in another region type or the reverse', async () => {
    const key = nextKey();
    expect((await save(key, { body: '**bold**', title: '# not a heading', $type: { body: 'markdown', title: 'markdown' } })).status).toBe(200);
    expect((await save(key, { body: { type: 'markdown', value: '**bold**' }, $type: { body: 'markdown' } })).status).toBe(200);
    await publish(key);
    const html = await asVisitor(postPage(key));
    expect(html).toContain('<article><p><strong>bold</strong></p></article>');
    // `title` is a text region in the page: a Markdown value is left out, the default shows.
    expect(html).toContain('<h1>File title</h1>');
    expect((await save(key, { body: 'plain text' })).status).toBe(200);
    await publish(key);
    expect(await asVisitor(postPage(key))).toContain('<article><p>From the file</p></article>');
  });

  it('refuses anything but Markdown text (a non-string, html/source/file from a client, too long) with a 4xx and writes nothing', async () => {
    const key = nextKey();
    await save(key, { body: { type: 'markdown', value: 'kept' } });
    const before = await everything();
    const refused: [unknown, number][] = [
      [{ body: { type: 'markdown', value: 42 } }, 400],
      [{ body: { type: 'markdown' } }, 400],
      [{ body: { type: 'markdown', value: 'x', html: '<script>alert(1)</script>' } }, 400],
      [{ body: { type: 'markdown', value: 'x', source: 'a'.repeat(64) } }, 400],
      [{ body: { type: 'markdown', value: 'x', file: '../../etc/passwd' } }, 400],
      [{ body: { type: 'richtext', value: '<p>x</p>' } }, 400],
      [{ body: { type: 'markdown', value: 'x' }, $type: { body: 'text' } }, 400],
      [{ body: ['x'], $type: { body: 'markdown' } }, 400],
      [{ body: null, $type: { body: 'markdown' } }, 400],
      [{ body: 7, $type: { body: 'markdown' } }, 400],
      [{ body: { type: 'markdown', value: 'x'.repeat(200_001) } }, 413],
      [{ body: 'x'.repeat(200_001), $type: { body: 'markdown' } }, 413],
      [{ body: 'x', $type: { body: 'md' } }, 400],
    ];
    for (const [body, status] of refused) {
      const res = await save(key, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(/^[a-z_]+$/);
    }
    expect(await everything()).toBe(before);
  });
});

// Every Markdown link form a URL can take: inline, reference, autolink, image, raw HTML.
const PAYLOADS = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'];
const FORMS = [
  (u: string) => `[a](${u})`,
  (u: string) => `[a](<${u}>)`,
  (u: string) => `![a](${u})`,
  (u: string) => `[a][r]\n\n[r]: ${u}`,
  (u: string) => `![a][r]\n\n[r]: <${u}>`,
  (u: string) => `<${u}>`,
  (u: string) => `<a href="${u}">a</a>`,
  (u: string) => `<div>\n<a href="${u}">a</a>\n</div>`,
];

/** No element, attribute or URL of `html` that could run script, as a second parse sees it. */
function expectHarmless(html: string, source: string): void {
  for (const { tag, attribs } of markupOf(html)) {
    expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'base', 'meta', 'link'], `${tag} from ${source}`).not.toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(name, `${name} from ${source}`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/i);
      if (['href', 'src', 'action', 'xlink:href', 'poster', 'srcset'].includes(name))
        expect(dangerousUrl(value), `${name}=${value} from ${source}`).toBe(false);
    }
  }
}

describe('Markdown regions: hostile Markdown', () => {
  it('never reaches a visitor’s page unsanitized: every link form, raw HTML blocks and the XSS corpus, saved, published, served', async () => {
    const links = PAYLOADS.flatMap((payload) => FORMS.map((form) => form(payload)));
    const blocks = corpus.flatMap(({ html }) => [html, `text ${html} text`, `> ${html}`]);
    // One document per region keeps the saves within the route's 50 regions each.
    const all = [...links, ...blocks];
    for (let start = 0; start < all.length; start += 50) {
      const key = nextKey();
      const chunk = all.slice(start, start + 50);
      const body = Object.fromEntries(chunk.map((markdown, i) => [`r${i}`, { type: 'markdown', value: markdown }]));
      expect((await save(key, body)).status).toBe(200);
      expect((await publish(key)).status).toBe(200);
      const page = `<!doctype html><html><body>${chunk.map((_, i) => `<div data-cms-field="blog:${key}:r${i}" data-cms-type="markdown">x</div>`).join('')}</body></html>`;
      const html = await asVisitor(page);
      expect(html).not.toContain('data-cms');
      expectHarmless(html, chunk.join(' | ').slice(0, 200));
    }
  }, 60_000);
});

describe('file-backed Markdown regions (cmsEntry): what the edit was made against, and its standing', () => {
  const FILE = 'src/content/blog/first-post.md';
  const BODY = '# First post\n\nOne paragraph.\n\nAnother paragraph.';
  const EDIT = '# First post\n\nOne paragraph, edited.\n\nAnother paragraph.\n\n- a new list';

  /** A post saved and published in edit mode from a page built with `body`, as an editor does it. */
  async function editedPost(body: string): Promise<string> {
    const key = nextKey();
    const shown = await asEditor(postPage(key, { markdown: body, file: FILE }));
    await noteMarkdownSources(env.KV, shown.markdown);
    expect((await save(key, { body: { type: 'markdown', value: EDIT } })).status).toBe(200);
    expect((await publish(key)).status).toBe(200);
    return key;
  }

  it('notes the file and body hash of the page an editor saw, and stores them with the edit; the page’s source never reaches the browser', async () => {
    const key = nextKey();
    const shown = await asEditor(postPage(key, { markdown: BODY, file: FILE }));
    expect(shown.html).not.toContain('data-cms-source');
    expect(shown.markdown).toEqual({ [`blog:${key}:body`]: { region: null, page: { markdown: BODY, file: FILE, data: { title: 'File title' } } } });
    await noteMarkdownSources(env.KV, shown.markdown);
    expect(await notedSource(env.KV, { collection: 'blog', key }, 'body')).toEqual({ file: FILE, hash: await sourceHash(BODY) });
    expect((await save(key, { body: { type: 'markdown', value: EDIT } })).status).toBe(200);
    const stored = (await overlayWork(env.DB, { collection: 'blog', key }))?.body as MarkdownRegion;
    expect(stored).toMatchObject({ type: 'markdown', value: EDIT, source: await sourceHash(BODY), file: FILE });
    // Visitors get neither the markers nor the body's source.
    const visitor = await asVisitor(postPage(key, { markdown: BODY, file: FILE }));
    expect(visitor).not.toContain('data-cms');
    expect(visitor).not.toContain(encodeMarkdownSource({ markdown: BODY, file: FILE }).slice(0, 20));
  });

  it('applies: the deployed body is the one the edit was made against; visitors see the edit, the island says so', async () => {
    const key = await editedPost(BODY);
    const page = postPage(key, { markdown: BODY, file: FILE });
    expect(await asVisitor(page)).toContain('One paragraph, edited.');
    const island = await markdownIsland((await asEditor(page)).markdown);
    expect(island).toEqual({ [`blog:${key}:body`]: { markdown: EDIT, file: FILE, standing: 'applies' } });
  });

  it('pulled: the deployed body already says what the edit says; the file shows for visitors', async () => {
    const key = await editedPost(BODY);
    // What `louise content pull` writes: the edit spliced into the file's body (here with the file’s own heading bytes kept).
    const pulled = spliceBody(BODY, EDIT);
    const page = postPage(key, { markdown: pulled, file: FILE });
    const visitor = await asVisitor(page);
    expect(visitor).toContain('<p>From the file</p>');
    expect(visitor).not.toContain('edited');
    const island = await markdownIsland((await asEditor(page)).markdown);
    expect(island).toEqual({ [`blog:${key}:body`]: { markdown: EDIT, file: FILE, standing: 'pulled' } });
  });

  it('choose: the file changed in git since the edit; visitors see the newer file, the editor gets both', async () => {
    const key = await editedPost(BODY);
    const newer = '# First post\n\nOne paragraph.\n\nAnother paragraph, rewritten in git.';
    const page = postPage(key, { markdown: newer, file: FILE });
    const visitor = await asVisitor(page);
    expect(visitor).toContain('<p>From the file</p>');
    expect(visitor).not.toContain('edited');
    const island = await markdownIsland((await asEditor(page)).markdown);
    expect(island).toEqual({ [`blog:${key}:body`]: { markdown: EDIT, file: FILE, standing: 'choose', fileMarkdown: newer } });
  });

  it('starts the editor from the page’s body when nothing is stored, and from the work in progress of a region not backed by a file', async () => {
    const key = nextKey();
    expect(await markdownIsland((await asEditor(postPage(key, { markdown: BODY, file: FILE }))).markdown)).toEqual({
      [`blog:${key}:body`]: { markdown: BODY, file: FILE },
    });
    await save(key, { body: { type: 'markdown', value: 'plain region' } });
    expect(await markdownIsland((await asEditor(postPage(key))).markdown)).toEqual({ [`blog:${key}:body`]: { markdown: 'plain region' } });
    // A plain region saved without a noted source overrides for visitors as any region does.
    await publish(key);
    expect(await asVisitor(postPage(key, { markdown: BODY }))).toContain('<article><p>plain region</p></article>');
  });

  it('hashes the body as Astro’s glob() loader gives it (entry.body: after the frontmatter, trimmed)', () => {
    const file = '\uFEFF---\ntitle: First\n---\n\n# First post\r\n\r\nBody.\r\n\n';
    expect(entryBody(file)).toBe('# First post\r\n\r\nBody.');
    expect(entryBody('# No frontmatter\n')).toBe('# No frontmatter');
  });

  it('ignores a source attribute that is not one (malformed base64, JSON or shape): the page’s default stays, nothing breaks', async () => {
    const key = nextKey();
    await save(key, { body: { type: 'markdown', value: 'stored' } });
    await publish(key);
    for (const bad of ['%%%', btoa('not json'), btoa('{"markdown":1}'), btoa('{"markdown":"x","file":"y","html":"z"}')]) {
      const page = `<!doctype html><html><body><article data-cms-field="blog:${key}:body" data-cms-type="markdown" data-cms-source="${bad}">x</article></body></html>`;
      const visitor = await asVisitor(page);
      expect(visitor).toContain('<article><p>stored</p></article>');
      const shown = await asEditor(page);
      expect(shown.markdown[`blog:${key}:body`]?.page).toBeNull();
      expect(shown.html).not.toContain('data-cms-source');
    }
  });
});

describe('markdownApplies', () => {
  it('keeps a region without a source applying, and one with a source only while the page’s body hashes to it', async () => {
    const region: MarkdownRegion = { type: 'markdown', value: 'x', html: '<p>x</p>' };
    expect(await markdownApplies(region, { markdown: 'anything' })).toBe(true);
    const source = await sourceHash('body');
    expect(await markdownApplies({ ...region, source }, { markdown: 'body' })).toBe(true);
    expect(await markdownApplies({ ...region, source }, { markdown: 'body ' })).toBe(false);
  });
});

describe('editModeMarkdown', () => {
  it('notes the sources and builds the island; a KV that fails costs the note, never the page', async () => {
    const key = nextKey();
    const found = (await asEditor(postPage(key, { markdown: '# Body', file: 'src/content/blog/x.md' }))).markdown;
    const island = { [`blog:${key}:body`]: { markdown: '# Body', file: 'src/content/blog/x.md' } };
    expect(await editModeMarkdown(env.KV, found)).toEqual(island);
    expect(await notedSource(env.KV, { collection: 'blog', key }, 'body')).toEqual({ file: 'src/content/blog/x.md', hash: await sourceHash('# Body') });
    const broken = {
      get: async () => {
        throw new Error('KV down');
      },
    } as unknown as KVNamespace;
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (line: unknown) => void warned.push(line);
    try {
      expect(await editModeMarkdown(broken, found)).toEqual(island);
    } finally {
      console.warn = warn;
    }
    expect(String(warned[0])).toContain('editor.markdownSource');
    expect(await editModeMarkdown(undefined, found)).toEqual(island);
  });
});
