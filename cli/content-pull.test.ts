import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceHash, splitMarkdownFile } from '../src/markdown/index.ts';
import { CONTENT_USAGE, parseContentArgs, storedEntryEdit } from './content-pull.ts';
import { sqliteD1 } from './d1-sqlite.testing.ts';
import { main } from './main.ts';

// `npx louise content pull` in-process against SQLite (sqliteD1, as the db
// tests) over a real site folder holding a post of the Astro blog starter.
const FIXTURE = '/work/shared/fixtures/astro-blog-starter/src/content/blog/first-post.md';
const POST = 'src/content/blog/first-post.md';
const d1 = sqliteD1();
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A parent folder (for files outside the project) holding a migrated site with the starter's first post. */
async function tempSite() {
  const parent = mkdtempSync(join(tmpdir(), 'louise-pull-'));
  folders.push(parent);
  const site = join(parent, 'site');
  mkdirSync(join(site, 'src/content/blog'), { recursive: true });
  writeFileSync(join(site, 'wrangler.jsonc'), '{ "name": "pull-site", "d1_databases": [{ "binding": "DB", "database_name": "pull-site" }] }\n');
  copyFileSync(FIXTURE, join(site, POST));
  const migrated = await run(site, ['db', 'migrate']);
  expect(migrated.status, migrated.stderr).toBe(0);
  return { parent, site };
}

async function run(site: string, args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await main(args, site, { openD1: d1, log: (line) => stdout.push(`${line}\n`), error: (line) => stderr.push(`${line}\n`) });
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Stores `regions` as the published regions of `collection:key` (what Publish leaves in the overlays table). */
function publish(site: string, doc: string, regions: unknown, published = true) {
  const [collection, key] = doc.split(':');
  d1.database({ cwd: site, binding: 'DB', remote: false })
    .prepare('INSERT INTO overlays (collection, key, regions, published_version_id) VALUES (?, ?, ?, ?)')
    .run(collection ?? '', key ?? '', JSON.stringify(regions), published ? 1 : null);
}

const original = readFileSync(FIXTURE, 'utf8');
const lines = original.split('\n');
const paragraph = lines.findIndex((line) => line.startsWith('Morbi tristique'));
const title = lines.indexOf("title: 'First post'");
/** The body as the editor serializes it: one word of one paragraph changed. */
const editedBody = original.slice(original.indexOf('---\n', 4) + 4).replace('Morbi tristique senectus', 'Morbi tristique senectutis');

/** What the server stores as `source`: the hash of the entry's body as Astro gives it (`entry.body`, trimmed). */
const bodySource = (file: string) => sourceHash(splitMarkdownFile(file).body.trim());

/** A published edit of the post: one word and the title, made against `file`. */
async function postEdit(file = original, path = POST) {
  return {
    body: { type: 'markdown', value: editedBody, html: '<p>…</p>', source: await bodySource(file), file: path },
    title: { type: 'text', value: 'First post, revised' },
  };
}

/** The indices of the lines that differ (the edit keeps the line count). */
function changedLines(before: string, after: string): number[] {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [i]));
}

describe('parseContentArgs', () => {
  it('reads pull and its options, and refuses anything else with the usage', () => {
    expect(parseContentArgs(['pull'], '/site')).toEqual({ cwd: '/site', remote: false, dryRun: false, binding: 'DB', persistTo: undefined });
    expect(parseContentArgs(['pull', '--remote', '--dry-run'], '/site')).toMatchObject({ remote: true, dryRun: true });
    expect(() => parseContentArgs([], '/site')).toThrow(/No command given[\s\S]*npx louise content pull --remote/);
    expect(() => parseContentArgs(['push'], '/site')).toThrow(/Unknown command "content push"/);
    expect(() => parseContentArgs(['pull', '--force'], '/site')).toThrow(/Unknown option '--force'/);
    expect(() => parseContentArgs(['pull', '--remote', '--persist-to', 'x'], '/site')).toThrow(/--persist-to is for the local database/);
  });

  it('is in the command list', async () => {
    const help = await run('/nowhere', ['--help']);
    expect(help.stdout).toMatch(/content pull \[--remote\] \[--dry-run\]/);
    const own = await run('/nowhere', ['content', '--help']);
    expect(own).toEqual({ status: 0, stdout: `${CONTENT_USAGE}\n`, stderr: '' });
  });
});

describe('storedEntryEdit', () => {
  it('maps body to the body and every text region to a frontmatter key; refuses other shapes', async () => {
    const read = storedEntryEdit('blog:first-post', await postEdit());
    expect(read).toEqual({
      ok: true,
      stored: { doc: 'blog:first-post', file: POST, source: await bodySource(original), edit: { body: editedBody, data: { title: 'First post, revised' } } },
    });
    expect(storedEntryEdit('x:y', { ...(await postEdit()), hero: { type: 'image', value: null } })).toEqual({
      ok: false,
      reason: 'its region "hero" is of type image, not a frontmatter text',
    });
    expect(storedEntryEdit('x:y', { body: { type: 'markdown', value: 'x', html: '' } })).toMatchObject({ ok: false });
  });

  it('maps value regions to frontmatter values: a date as a Date (a YAML date in the file), null as the key removed', async () => {
    const read = storedEntryEdit('blog:first-post', {
      ...(await postEdit()),
      pubDate: { type: 'value', value: '2026-03-02', date: true },
      updated: { type: 'value', value: '2026-03-02T10:30:00.000Z', date: true },
      tags: { type: 'value', value: ['astro', 'notes'] },
      draft: { type: 'value', value: false },
      rating: { type: 'value', value: 4.5 },
      heroImage: { type: 'value', value: null },
      code: { type: 'value', value: '2026-03-02' },
    });
    expect(read.ok && read.stored.edit.data).toEqual({
      title: 'First post, revised',
      pubDate: new Date('2026-03-02T00:00:00Z'),
      updated: new Date('2026-03-02T10:30:00Z'),
      tags: ['astro', 'notes'],
      draft: false,
      rating: 4.5,
      heroImage: undefined,
      code: '2026-03-02',
    });
    expect(storedEntryEdit('x:y', { ...(await postEdit()), pubDate: { type: 'value', value: 'soon', date: true } })).toEqual({
      ok: false,
      reason: 'its region "pubDate" is marked a date but holds "soon"',
    });
  });
});

describe('storedEntryEdit without a body region', () => {
  it("reads an entry with only frontmatter edits from the file its regions record (the body's noted file at save), and leaves the body alone", () => {
    const read = storedEntryEdit('blog:first-post', {
      title: { type: 'text', value: 'Renamed', file: POST },
      draft: { type: 'value', value: true, file: POST },
    });
    expect(read).toEqual({ ok: true, stored: { doc: 'blog:first-post', file: POST, source: undefined, edit: { data: { title: 'Renamed', draft: true } } } });
    expect(storedEntryEdit('x:y', { title: { type: 'text', value: 'Renamed' } })).toEqual({
      ok: false,
      reason: 'it has no Markdown body nor a region recording the file it was made against',
    });
    expect(storedEntryEdit('x:y', { title: { type: 'text', value: 'a', file: 'a.md' }, draft: { type: 'value', value: true, file: 'b.md' } })).toEqual({
      ok: false,
      reason: 'its regions name two files (a.md, b.md)',
    });
  });
});

describe('npx louise content pull', () => {
  it('pulls an entry with only frontmatter edits, even when its body changed since (only the edited keys are rewritten)', async () => {
    const { site } = await tempSite();
    const changedBody = original.replace('Morbi tristique senectus', 'Changed by hand');
    writeFileSync(join(site, POST), changedBody);
    publish(site, 'blog:first-post', {
      title: { type: 'text', value: 'First post, renamed', file: POST },
      draft: { type: 'value', value: true, file: POST },
    });
    const pulled = await run(site, ['content', 'pull']);
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(pulled.stdout).toContain(`${POST} (blog:first-post): written.`);
    const after = readFileSync(join(site, POST), 'utf8');
    expect(after).toBe(
      changedBody
        .replace("title: 'First post'", "title: 'First post, renamed'")
        .replace("heroImage: '../../assets/blog-placeholder-3.jpg'\n", "heroImage: '../../assets/blog-placeholder-3.jpg'\ndraft: true\n"),
    );
    expect((await run(site, ['content', 'pull'])).stdout).toContain('already in the file');
  });

  it("writes frontmatter values as YAML of their kind: a new date as a YAML date (an existing one keeps the author's quotes), tags as a list, a flag as a boolean", async () => {
    const { site } = await tempSite();
    publish(site, 'blog:first-post', {
      ...(await postEdit()),
      pubDate: { type: 'value', value: '2026-03-02', date: true },
      updatedDate: { type: 'value', value: '2026-03-05T10:30:00.000Z', date: true },
      tags: { type: 'value', value: ['astro', 'notes'] },
      draft: { type: 'value', value: true },
    });
    const pulled = await run(site, ['content', 'pull']);
    expect(pulled.status, pulled.stderr).toBe(0);
    const front = splitMarkdownFile(readFileSync(join(site, POST), 'utf8')).frontmatter?.yaml;
    expect(front).toBe(
      "title: 'First post, revised'\ndescription: 'Lorem ipsum dolor sit amet'\npubDate: '2026-03-02'\nheroImage: '../../assets/blog-placeholder-3.jpg'\nupdatedDate: 2026-03-05T10:30:00.000Z\ntags:\n  - astro\n  - notes\ndraft: true\n",
    );
  });

  it('writes exactly the changed lines, then finds the edit already in the file', async () => {
    const { site } = await tempSite();
    publish(site, 'blog:first-post', await postEdit());
    // A document never published and one without a Markdown body are not pulled.
    publish(site, 'blog:second-post', { body: { type: 'markdown', value: 'Draft', html: '', source: 'x', file: POST } }, false);
    publish(site, 'home:index', { heading: { type: 'text', value: 'Hello' } });

    const pulled = await run(site, ['content', 'pull']);
    expect(pulled.status, pulled.stderr).toBe(0);
    expect(pulled.stdout).toBe(`${POST} (blog:first-post): written.\nPulled 1 of 1 published edits from the local database; 0 already in their files.\n`);
    const after = readFileSync(join(site, POST), 'utf8');
    expect(changedLines(original, after)).toEqual([title, paragraph]);
    expect(after.split('\n')[title]).toBe("title: 'First post, revised'");
    expect(after.split('\n')[paragraph]).toBe(lines[paragraph]?.replace('senectus', 'senectutis'));

    const again = await run(site, ['content', 'pull']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      `${POST} (blog:first-post): already in the file.\nPulled 0 of 1 published edits from the local database; 1 already in their files.\n`,
    );
    expect(readFileSync(join(site, POST), 'utf8')).toBe(after);
  });

  it('writes nothing in a dry run and prints the unified diff', async () => {
    const { site } = await tempSite();
    publish(site, 'blog:first-post', await postEdit());
    const dry = await run(site, ['content', 'pull', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(readFileSync(join(site, POST), 'utf8')).toBe(original);
    expect(dry.stdout).toContain(`${POST} (blog:first-post): would be written:\n`);
    expect(dry.stdout).toContain(`would be written:\n--- ${POST}\n+++ ${POST}\n@@ -1,`);
    const changes = dry.stdout.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line));
    expect(changes).toEqual([
      "-title: 'First post'",
      "+title: 'First post, revised'",
      `-${lines[paragraph]}`,
      `+${lines[paragraph]?.replace('senectus', 'senectutis')}`,
    ]);
    expect(dry.stdout).toMatch(/Dry run: 1 of 1 published edits in the local database would be written; nothing was written\.\n$/);
  });

  it('leaves a file that changed after the edit to the editor, and fails', async () => {
    const { site } = await tempSite();
    publish(site, 'blog:first-post', await postEdit());
    const changed = original.replace('Lorem ipsum dolor sit amet, consectetur', 'Lorem ipsum, consectetur');
    writeFileSync(join(site, POST), changed);
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status).toBe(1);
    expect(pull.stderr).toBe(
      `${POST} (blog:first-post): not written: the file changed after the edit was made. Open the page in edit mode and choose between the file and the edit.\n` +
        '1 of 1 published edits in the local database could not be pulled (see above).\n',
    );
    expect(readFileSync(join(site, POST), 'utf8')).toBe(changed);
  });

  it('still writes the edit when only other frontmatter changed since, and only the title when the body was pulled by hand', async () => {
    const { site } = await tempSite();
    publish(site, 'blog:first-post', await postEdit());
    const redated = original.replace("pubDate: 'Jul 08 2022'", "pubDate: 'Jul 09 2022'");
    writeFileSync(join(site, POST), redated);
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status, pull.stderr).toBe(0);
    expect(changedLines(redated, readFileSync(join(site, POST), 'utf8'))).toEqual([title, paragraph]);

    const byHand = original.replace('Morbi tristique senectus', 'Morbi tristique senectutis');
    writeFileSync(join(site, POST), byHand);
    const titleOnly = await run(site, ['content', 'pull']);
    expect(titleOnly.status, titleOnly.stderr).toBe(0);
    expect(titleOnly.stdout).toContain(`${POST} (blog:first-post): written.`);
    expect(changedLines(byHand, readFileSync(join(site, POST), 'utf8'))).toEqual([title]);
  });

  it('keeps a byte-order mark and CRLF line endings', async () => {
    const { site } = await tempSite();
    const windows = `\uFEFF${original.replaceAll('\n', '\r\n')}`;
    writeFileSync(join(site, POST), windows);
    publish(site, 'blog:first-post', await postEdit(windows));
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status, pull.stderr).toBe(0);
    const after = readFileSync(join(site, POST), 'utf8');
    expect(after.startsWith('\uFEFF---\r\n')).toBe(true);
    expect(
      after
        .replaceAll('\r\n', '\n')
        .slice(1)
        .split('\n')
        .flatMap((line, i) => (line === lines[i] ? [] : [i])),
    ).toEqual([title, paragraph]);
    expect(after.split('\r\n')).toHaveLength(lines.length);
  });

  it('reads the deployed database with --remote', async () => {
    const { site } = await tempSite();
    d1.database({ cwd: site, binding: 'DB', remote: true }).exec(
      'CREATE TABLE overlays (collection text, key text, regions text, published_version_id integer)',
    );
    const remote = { cwd: site, binding: 'DB', remote: true };
    d1.database(remote)
      .prepare('INSERT INTO overlays VALUES (?, ?, ?, 1)')
      .run('blog', 'first-post', JSON.stringify(await postEdit()));
    const local = await run(site, ['content', 'pull']);
    expect(local.stdout).toBe('No published edits of Markdown files in the local database.\n');
    const pull = await run(site, ['content', 'pull', '--remote']);
    expect(pull.status, pull.stderr).toBe(0);
    expect(pull.stdout).toContain('Pulled 1 of 1 published edits from the remote database pull-site;');
    expect(changedLines(original, readFileSync(join(site, POST), 'utf8'))).toEqual([title, paragraph]);
  });

  it('does not guess when the edit does not record the file it was made against', async () => {
    const { site } = await tempSite();
    const { source: _, ...body } = (await postEdit()).body;
    publish(site, 'blog:first-post', { body });
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status).toBe(1);
    expect(pull.stderr).toMatch(/^src\/content\/blog\/first-post\.md \(blog:first-post\): not written: the edit does not record which version of the file/);
    expect(readFileSync(join(site, POST), 'utf8')).toBe(original);
  });

  it('refuses paths outside the project and writes nothing there', async () => {
    const { parent, site } = await tempSite();
    const outside = join(parent, 'outside.md');
    writeFileSync(outside, original);
    symlinkSync(outside, join(site, 'src/content/blog/link.md'));
    // Each edit is made against the very file it names: without the checks it would apply.
    const hostile = ['../../etc/passwd', outside, '../outside.md', 'src/content/blog/../../../outside.md', 'src/content/blog/link.md', 'wrangler.jsonc'];
    for (const [i, file] of hostile.entries()) publish(site, `evil:${i}`, await postEdit(original, file));
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status).toBe(1);
    expect(pull.stdout).toBe('');
    expect(pull.stderr).toBe(
      [
        'evil:0: not pulled: its file "../../etc/passwd" goes up out of its folder (..); only paths inside the project are pulled.',
        `evil:1: not pulled: its file ${JSON.stringify(outside)} is an absolute path; only paths relative to the project are pulled.`,
        'evil:2: not pulled: its file "../outside.md" goes up out of its folder (..); only paths inside the project are pulled.',
        'evil:3: not pulled: its file "src/content/blog/../../../outside.md" goes up out of its folder (..); only paths inside the project are pulled.',
        'evil:4: not pulled: its file "src/content/blog/link.md" leads out of the project.',
        'evil:5: not pulled: its file "wrangler.jsonc" is not a Markdown file (.md or .markdown).',
        '6 of 6 published edits in the local database could not be pulled (see above).',
        '',
      ].join('\n'),
    );
    expect(readFileSync(outside, 'utf8')).toBe(original);
  });

  it('skips a file whose frontmatter is not a mapping, a file that is not UTF-8, and a file that is gone', async () => {
    const { site } = await tempSite();
    const list = '---\n- one\n- two\n---\n\nBody text.\n';
    writeFileSync(join(site, 'src/content/blog/list.md'), list);
    publish(site, 'blog:list', {
      body: { type: 'markdown', value: 'Body text, edited.\n', html: '', source: await bodySource(list), file: 'src/content/blog/list.md' },
      title: { type: 'text', value: 'A title' },
    });
    // Latin-1 bytes: read as UTF-8 and written back, the accent would become U+FFFD.
    const latin = Buffer.from("---\ntitle: 'Caf\xe9'\n---\n\nCaf\xe9 au lait.\n", 'latin1');
    writeFileSync(join(site, 'src/content/blog/latin.md'), latin);
    publish(site, 'blog:latin', {
      body: {
        type: 'markdown',
        value: 'Café au lait, edited.\n',
        html: '',
        source: await bodySource(latin.toString('latin1')),
        file: 'src/content/blog/latin.md',
      },
    });
    publish(site, 'blog:gone', { body: { type: 'markdown', value: 'x', html: '', source: 'x', file: 'src/content/blog/gone.md' } });
    const pull = await run(site, ['content', 'pull']);
    expect(pull.status).toBe(1);
    expect(pull.stderr).toBe(
      [
        'blog:gone: not pulled: its file "src/content/blog/gone.md" does not exist in this project.',
        'src/content/blog/latin.md (blog:latin): not written: it is not UTF-8 text; writing it back would change characters nobody edited.',
        'src/content/blog/list.md (blog:list): not written: its frontmatter is not a YAML mapping, so the edit cannot be written into it.',
        '3 of 3 published edits in the local database could not be pulled (see above).',
        '',
      ].join('\n'),
    );
    expect(readFileSync(join(site, 'src/content/blog/list.md'), 'utf8')).toBe(list);
    expect(readFileSync(join(site, 'src/content/blog/latin.md'))).toEqual(latin);
  });

  it('says so when there is nothing to pull', async () => {
    const { site } = await tempSite();
    const pull = await run(site, ['content', 'pull']);
    expect(pull).toEqual({ status: 0, stdout: 'No published edits of Markdown files in the local database.\n', stderr: '' });
  });
});
