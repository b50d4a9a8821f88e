import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readLouiseMigrations } from '../integration/node/migrations.ts';
import { applyWranglerMigrations, sqliteD1 } from './d1-sqlite.testing.ts';
import { parseDbArgs } from './db-migrate.ts';
import { main } from './main.ts';

// The commands run in-process against SQLite (sqliteD1) instead of wrangler's
// local D1; cli/cli-smoke.test.ts runs them once through wrangler itself.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const shipped = readLouiseMigrations().map((migration) => migration.name);
const d1 = sqliteD1();

/** A site folder of its own: its wrangler config (with its own migrations_dir). */
function tempSite(wrangler: string): string {
  const site = mkdtempSync(join(tmpdir(), 'louise-db-site-'));
  writeFileSync(join(site, 'wrangler.jsonc'), wrangler);
  return site;
}

/** `npx louise <args>` in `site`: its exit code and what it printed. */
async function run(site: string, args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await main(args, site, { openD1: d1, log: (line) => stdout.push(`${line}\n`), error: (line) => stderr.push(`${line}\n`) });
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

const local = (site: string, state: string) => ({ cwd: site, binding: 'DB', remote: false, persistTo: state });

function query(site: string, state: string, sql: string): Record<string, unknown>[] {
  return d1(local(site, state)).command(sql).at(-1)?.results ?? [];
}

describe('parseDbArgs', () => {
  it('reads migrate and its options, and refuses anything else with the usage', () => {
    expect(parseDbArgs(['migrate'], '/site')).toEqual({
      command: 'migrate',
      cwd: '/site',
      remote: false,
      binding: 'DB',
      persistTo: undefined,
      config: undefined,
    });
    expect(parseDbArgs(['seed', '--config', 'src/cms.config.ts'], '/site')).toMatchObject({ command: 'seed', config: 'src/cms.config.ts' });
    expect(parseDbArgs(['migrate', '--remote', '--binding', 'CMS'], '/site')).toMatchObject({ remote: true, binding: 'CMS' });
    expect(parseDbArgs(['migrate', '--persist-to', 'x'], '/site')).toMatchObject({ persistTo: 'x' });
    expect(() => parseDbArgs([], '/site')).toThrow(/No command given[\s\S]*npx louise db migrate --remote/);
    expect(() => parseDbArgs(['reset'], '/site')).toThrow(/Unknown command "db reset"/);
    expect(parseDbArgs(['migrate', '--config', 'x'], '/site')).toMatchObject({ command: 'migrate', config: 'x' });
    expect(() => parseDbArgs(['migrate', '--remote', '--persist-to', 'x'], '/site')).toThrow(/--persist-to is for the local database/);
    expect(() => parseDbArgs(['migrate', '--force'], '/site')).toThrow(/Unknown option '--force'/);
  });
});

describe('npx louise db migrate against a local D1', () => {
  const sites: string[] = [];
  afterAll(() => {
    for (const site of sites) rmSync(site, { recursive: true, force: true });
  });

  it('applies every migration once, beside the site own migrations, then says up to date', async () => {
    const site = tempSite('{ "name": "db-site", "d1_databases": [{ "binding": "DB", "database_name": "db-site", "migrations_dir": "db" }] }\n');
    sites.push(site);
    const state = join(site, 'state');
    // The site's own migration, through wrangler's d1_migrations.
    const ownDir = join(site, 'db');
    mkdirSync(ownDir);
    writeFileSync(join(ownDir, '0000_posts.sql'), 'CREATE TABLE posts (id integer primary key, title text);\n');
    expect(applyWranglerMigrations(d1.database(local(site, state)), ownDir)).toEqual(['0000_posts.sql']);

    const first = await run(site, ['db', 'migrate', '--persist-to', state]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(`Louise: applied ${shipped.join(', ')} to the local database.`);
    const second = await run(site, ['db', 'migrate', '--persist-to', state]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe('Louise: the local database is up to date.');

    const tables = query(site, state, "SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => row['name']);
    expect(tables).toEqual(expect.arrayContaining(['editors', 'editor_sessions', 'pages', 'pages_versions', 'site_settings', '_louise_migrations', 'posts']));
    expect(query(site, state, 'SELECT name FROM _louise_migrations ORDER BY name').map((row) => row['name'])).toEqual(shipped);
    // The site's own migrations are still wrangler's alone, and wrangler has nothing left to apply.
    expect(query(site, state, 'SELECT name FROM d1_migrations').map((row) => row['name'])).toEqual(['0000_posts.sql']);
    expect(applyWranglerMigrations(d1.database(local(site, state)), ownDir)).toEqual([]);

    // db seed: the settings row from the config's defaults, once; a second run keeps what is there.
    writeFileSync(
      join(site, 'cms.config.mjs'),
      `export default { settings: { custom: { menu: 'links' }, defaults: { siteName: "Ana's site", tagline: 'Line one\\nand two', custom: { menu: [{ label: 'Home', href: '/' }] } } } };\n`,
    );
    const seeded = await run(site, ['db', 'seed', '--config', 'cms.config.mjs', '--persist-to', state]);
    expect(seeded.status, seeded.stderr).toBe(0);
    expect(seeded.stdout.trim()).toBe('Seeded the site settings in the local database.');
    const again = await run(site, ['db', 'seed', '--config', 'cms.config.mjs', '--persist-to', state]);
    expect(again.stdout.trim()).toBe('The site settings in the local database already exist; left as they are.');
    expect(query(site, state, 'SELECT site_name, tagline, custom FROM site_settings')).toEqual([
      { site_name: "Ana's site", tagline: 'Line one and two', custom: JSON.stringify({ menu: [{ label: 'Home', href: '/' }] }) },
    ]);

    // db migrate with a cms.config declaring searchable collections: their FTS5 indexes, made once, kept after.
    // (A second file: a module, once imported, stays as it was.)
    writeFileSync(
      join(site, 'search.config.mjs'),
      `export default { collections: [{ slug: 'notes', fields: { title: { type: 'text' } }, versions: { drafts: true }, search: { fields: ['title'] } }, { slug: 'faq', fields: { q: { type: 'text' } }, search: { fields: ['q'] } }, { slug: 'plain', fields: { t: { type: 'text' } } }] };\n`,
    );
    const indexed = await run(site, ['db', 'migrate', '--config', 'search.config.mjs', '--persist-to', state]);
    expect(indexed.status, indexed.stderr).toBe(0);
    expect(indexed.stdout.trim().split('\n').at(-1)).toBe('Search indexes ready in the local database: notes, faq.');
    query(site, state, "INSERT INTO notes_search(rowid, title, body) VALUES (1, 'kept', '')");
    expect((await run(site, ['db', 'migrate', '--config', 'search.config.mjs', '--persist-to', state])).status).toBe(0);
    const fts = query(site, state, "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%fts5%' ORDER BY name").map((row) => row['name']);
    expect(fts).toEqual(['faq_search', 'notes_search', 'notes_search_editor']);
    expect(query(site, state, 'SELECT title FROM notes_search')).toEqual([{ title: 'kept' }]);
  });

  it("adopts Louise's migrations that wrangler applied (the old way), without running them again", async () => {
    const site = tempSite(
      `{ "name": "old-site", "d1_databases": [{ "binding": "DB", "database_name": "old-site", "migrations_dir": ${JSON.stringify(join(ROOT, 'migrations'))} }] }\n`,
    );
    sites.push(site);
    const state = join(site, 'state');
    expect(applyWranglerMigrations(d1.database(local(site, state)), join(ROOT, 'migrations'))).toEqual(shipped.map((name) => `${name}.sql`));
    const adopt = await run(site, ['db', 'migrate', '--persist-to', state]);
    expect(adopt.status, adopt.stderr).toBe(0);
    expect(adopt.stdout.trim()).toBe(`Louise: recorded ${shipped.join(', ')} (applied earlier through wrangler's d1_migrations) in the local database.`);
    const again = await run(site, ['db', 'migrate', '--persist-to', state]);
    expect(again.stdout.trim()).toBe('Louise: the local database is up to date.');
  });

  it('says to run init when there is no wrangler config or no DB binding', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'louise-db-bare-'));
    sites.push(bare);
    const none = await run(bare, ['db', 'migrate']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('run `npx louise init` first');
    const site = tempSite('{ "name": "no-db" }\n');
    sites.push(site);
    const missing = await run(site, ['db', 'migrate']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('wrangler.jsonc has no D1 database with binding DB. Run `npx louise init`');
  });
});
