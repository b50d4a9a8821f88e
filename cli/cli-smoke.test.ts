// The `louise` command end to end through the site's real wrangler (its local
// D1), once: what the in-process tests (db-migrate.test.ts, editor.test.ts,
// against SQLite) cannot show: wrangler's JSON and --file, wrangler's own
// d1_migrations left as wrangler's, a password piped on standard input, and
// `content pull` reading a published edit through wrangler's JSON (the same
// path --remote takes). Nine wrangler starts: a few seconds each on an idle machine.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { readLouiseMigrations } from '../integration/node/migrations.ts';
import { sourceHash } from '../src/markdown/index.ts';
import { sqlString } from './editor-commands.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRANGLER = join(ROOT, 'node_modules/wrangler/bin/wrangler.js');
const shipped = readLouiseMigrations().map((migration) => migration.name);

const site = mkdtempSync(join(tmpdir(), 'louise-cli-smoke-'));
const state = join(site, 'state');
afterAll(() => rmSync(site, { recursive: true, force: true }));

function run(args: string[], input = '') {
  return spawnSync(process.execPath, args, { cwd: site, encoding: 'utf8', input, env: { ...process.env, CI: 'true' } });
}

it('migrates beside the site own wrangler migrations, adds an editor and pulls an edit, through wrangler', { timeout: 300_000 }, async () => {
  // A site of its own: its wrangler config (its own migrations_dir), this repo's node_modules.
  symlinkSync(join(ROOT, 'node_modules'), join(site, 'node_modules'));
  writeFileSync(
    join(site, 'wrangler.jsonc'),
    '{ "name": "db-site", "d1_databases": [{ "binding": "DB", "database_name": "db-site", "migrations_dir": "db" }] }\n',
  );
  mkdirSync(join(site, 'db'));
  writeFileSync(join(site, 'db', '0000_posts.sql'), 'CREATE TABLE posts (id integer primary key, title text);\n');
  const own = run([WRANGLER, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  expect(own.status, own.stdout + own.stderr).toBe(0);

  const migrate = run([join(ROOT, 'cli/louise.ts'), 'db', 'migrate', '--persist-to', state]);
  expect(migrate.status, migrate.stderr).toBe(0);
  expect(migrate.stdout.trim()).toBe(`Louise: applied ${shipped.join(', ')} to the local database.`);
  // The site's own migrations are still wrangler's alone, and wrangler has nothing left to apply.
  const list = run([WRANGLER, 'd1', 'migrations', 'list', 'DB', '--local', '--persist-to', state]);
  expect(list.stdout).toContain('No migrations to apply');

  const add = run([join(ROOT, 'cli/louise.ts'), 'editor', 'add', 'Ana@Example.com', '--publisher', '--persist-to', state], 'correct horse battery\n');
  expect(add.status, add.stderr).toBe(0);
  expect(add.stdout).toContain('Added ana@example.com (may publish) to the local database.');
  expect(add.stdout + add.stderr).not.toContain('correct horse');

  // A published edit of a post's body and title, as the server stores it.
  mkdirSync(join(site, 'src/content/blog'), { recursive: true });
  writeFileSync(join(site, 'src/content/blog/post.md'), "---\ntitle: 'Post'\n---\n\nIt's the first line.\n\nThe second.\n");
  const regions = {
    body: {
      type: 'markdown',
      value: "It's the first line.\n\nThe second, edited.\n",
      html: '',
      source: await sourceHash("It's the first line.\n\nThe second."),
      file: 'src/content/blog/post.md',
    },
    title: { type: 'text', value: 'Post, edited' },
  };
  const stored = run([
    WRANGLER,
    'd1',
    'execute',
    'DB',
    '--local',
    '--persist-to',
    state,
    '--command',
    `INSERT INTO overlays (collection, key, regions, published_version_id) VALUES ('blog', 'post', ${sqlString(JSON.stringify(regions))}, 1)`,
  ]);
  expect(stored.status, stored.stdout + stored.stderr).toBe(0);
  const pull = run([join(ROOT, 'cli/louise.ts'), 'content', 'pull', '--persist-to', state]);
  expect(pull.status, pull.stderr).toBe(0);
  expect(pull.stdout).toContain('src/content/blog/post.md (blog:post): written.');
  expect(readFileSync(join(site, 'src/content/blog/post.md'), 'utf8')).toBe("---\ntitle: 'Post, edited'\n---\n\nIt's the first line.\n\nThe second, edited.\n");
});
