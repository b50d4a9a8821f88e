import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { addEditorSql, parseEditorArgs as parse, removeEditorSql, sqlString } from './editor-commands.ts';

const parseEditorArgs = (argv: string[]) => parse(argv) as Record<string, unknown> & { error?: string };
const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('parseEditorArgs', () => {
  it('parses each command', () => {
    expect(parseEditorArgs(['add', 'Ana@Example.com', '--publisher', '--name', 'Ana'])).toMatchObject({
      command: 'add',
      email: 'ana@example.com',
      publisher: true,
      name: 'Ana',
      remote: false,
    });
    expect(parseEditorArgs(['list', '--remote'])).toMatchObject({ command: 'list', remote: true });
    expect(parseEditorArgs(['remove', 'ana@example.com'])).toMatchObject({ command: 'remove', email: 'ana@example.com' });
  });
  it('takes options in either spelling and in any place', () => {
    expect(parseEditorArgs(['--publisher', 'add', '--name=Ana O', 'ana@example.com'])).toMatchObject({
      command: 'add',
      email: 'ana@example.com',
      publisher: true,
      name: 'Ana O',
    });
    expect(parseEditorArgs(['add', 'ana@example.com', '--name', '-dash-', '--remote']).error).toMatch(/--name needs a value/);
    expect(parseEditorArgs(['add', 'ana@example.com', '--name=-dash-'])).toMatchObject({ name: '-dash-' });
    expect(parseEditorArgs(['list', '--persist-to', '/tmp/x'])).toMatchObject({ command: 'list', persistTo: '/tmp/x', remote: false, publisher: false });
    expect(parseEditorArgs(['list'])).toMatchObject({ binding: 'DB' });
    expect(parseEditorArgs(['list', '--binding', 'CMS_DB'])).toMatchObject({ binding: 'CMS_DB' });
  });
  it('refuses a password on the command line, and says why', () => {
    for (const argv of [
      ['add', 'a@b.c', '--password', 'hunter22'],
      ['add', 'a@b.c', '--password=hunter22'],
      ['add', 'a@b.c', '--password'],
      ['password', '--password', 'hunter22', 'a@b.c'],
      ['add', '--unknown', '--password=hunter22'],
    ]) {
      expect(parseEditorArgs(argv).error, argv.join(' ')).toMatch(/never taken from the command line/);
    }
  });
  it('says what is wrong with other bad input', () => {
    expect(parseEditorArgs([]).error).toMatch(/No command/);
    expect(parseEditorArgs(['promote', 'a@b.c']).error).toMatch(/Unknown command "promote"/);
    expect(parseEditorArgs(['add']).error).toMatch(/needs an email/);
    expect(parseEditorArgs(['add', 'nobody']).error).toMatch(/Not an email/);
    expect(parseEditorArgs(['remove', 'a@b.c', '--publisher']).error).toMatch(/only goes with "add"/);
    expect(parseEditorArgs(['add', 'a@b.c', '--name']).error).toMatch(/needs a value/);
    expect(parseEditorArgs(['list', '--remote', '--persist-to', 'x']).error).toMatch(/local database/);
    expect(parseEditorArgs(['add', 'a@b.c', '--admin']).error).toBe('Unknown option --admin.');
    expect(parseEditorArgs(['add', 'a@b.c', '-p']).error).toBe('Unknown option -p.');
    expect(parseEditorArgs(['add', 'a@b.c', '--remote=yes']).error).toBe('--remote takes no value.');
    expect(parseEditorArgs(['add', 'a@b.c', 'b@c.d']).error).toBe('Unexpected argument "b@c.d".');
    expect(parseEditorArgs(['list', 'a@b.c']).error).toBe('Unexpected argument "a@b.c".');
  });
});

describe('SQL', () => {
  it('quotes every string so a quote in a name cannot break out', () => {
    expect(sqlString("O'Neil'); DROP TABLE editors; --")).toBe("'O''Neil''); DROP TABLE editors; --'");
    const sql = addEditorSql({ id: 'id1', email: "a'@b.c", name: "O'Neil", passwordHash: 'h', canPublish: true, now: 5 });
    expect(sql).toBe(
      "INSERT INTO editors (id, email, name, password_hash, can_publish, created_at, updated_at) VALUES ('id1', 'a''@b.c', 'O''Neil', 'h', 1, 5, 5);",
    );
    expect(removeEditorSql("x'@y.z")).toContain("email = 'x''@y.z'");
  });
});

describe("npx louise editor against a site's local D1", () => {
  // A site of its own (not this repo's wrangler config): its wrangler.jsonc
  // names the database differently and gives no database_id.
  const site = mkdtempSync(join(tmpdir(), 'louise-editor-site-'));
  const state = join(site, 'state');
  symlinkSync(join(ROOT, 'node_modules'), join(site, 'node_modules'));
  writeFileSync(join(site, 'wrangler.jsonc'), '{ "name": "editor-site", "d1_databases": [{ "binding": "DB", "database_name": "editor-site" }] }\n');
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const louise = (args: string[], input?: string) =>
    spawnSync(process.execPath, [join(ROOT, 'cli/louise.ts'), ...args, '--persist-to', state], { cwd: site, encoding: 'utf8', input: input ?? '' });
  const cli = (args: string[], input?: string) => louise(['editor', ...args], input);

  it('says to migrate when the tables are missing', { timeout: 60_000 }, () => {
    const list = cli(['list']);
    expect(list.status).toBe(1);
    expect(list.stderr).toContain('run `npx louise db migrate` first');
  });

  it('adds (password from stdin), lists, refuses a short password, and removes', { timeout: 120_000 }, async () => {
    const migrate = louise(['db', 'migrate']);
    expect(migrate.status, migrate.stderr).toBe(0);
    const add = cli(['add', 'Ana@Example.com', '--publisher', '--name', "Ana O'Neil"], 'correct horse battery\n');
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toContain('Added ana@example.com (may publish) to the local database.');
    expect(add.stdout + add.stderr).not.toContain('correct horse');
    expect(cli(['list']).stdout).toContain("ana@example.com\tAna O'Neil\tmay publish");
    const again = cli(['add', 'ana@example.com'], 'another password\n');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already an editor');
    const short = cli(['password', 'ana@example.com'], 'short\n');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 8');
    const password = cli(['password', 'ana@example.com'], 'battery staple horse\n');
    expect(password.status, password.stderr).toBe(0);
    expect(password.stdout + password.stderr).not.toContain('battery staple');
    // The stored hash verifies with the password that was piped in last.
    const hashRow = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
        'd1',
        'execute',
        'DB',
        '--local',
        '--persist-to',
        state,
        '--json',
        '--command',
        'SELECT password_hash FROM editors',
      ],
      { cwd: site, encoding: 'utf8' },
    );
    const hash = JSON.parse(hashRow.stdout)[0].results[0].password_hash as string;
    expect(await verifyPassword('battery staple horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery', hash)).toBe(false);
    const remove = cli(['remove', 'ana@example.com']);
    expect(remove.status, remove.stderr).toBe(0);
    expect(cli(['list']).stdout).toContain('No editors in the local database.');
  });

  it('says to run init when the site has no DB binding', () => {
    const result = cli(['list', '--binding', 'NOPE']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has no D1 database with binding NOPE. Run `npx louise init`');
  });
});
