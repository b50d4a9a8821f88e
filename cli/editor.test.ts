import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { sqliteD1 } from './d1-sqlite.testing.ts';
import { addEditorSql, parseEditorArgs as parse, removeEditorSql, sqlString } from './editor-commands.ts';
import { main } from './main.ts';

const parseEditorArgs = (argv: string[]) => parse(argv) as Record<string, unknown> & { error?: string };

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
  // The commands run in-process against SQLite (sqliteD1) instead of wrangler's
  // local D1; cli/cli-smoke.test.ts pipes a password into the real command.
  const site = mkdtempSync(join(tmpdir(), 'louise-editor-site-'));
  const state = join(site, 'state');
  writeFileSync(join(site, 'wrangler.jsonc'), '{ "name": "editor-site", "d1_databases": [{ "binding": "DB", "database_name": "editor-site" }] }\n');
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const d1 = sqliteD1();
  /** `npx louise <args> --persist-to state` in the site, `input` on its standard input (the password's first line). */
  const louise = async (args: string[], input?: string) => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const status = await main([...args, '--persist-to', state], site, {
      openD1: d1,
      log: (line) => stdout.push(`${line}\n`),
      error: (line) => stderr.push(`${line}\n`),
      password: async () => (input ?? '').split('\n')[0] as string,
    });
    return { status, stdout: stdout.join(''), stderr: stderr.join('') };
  };
  const cli = (args: string[], input?: string) => louise(['editor', ...args], input);

  it('says to migrate when the tables are missing', async () => {
    const list = await cli(['list']);
    expect(list.status).toBe(1);
    expect(list.stderr).toContain('run `npx louise db migrate` first');
  });

  it('adds (password from stdin), lists, refuses a short password, and removes', async () => {
    const migrate = await louise(['db', 'migrate']);
    expect(migrate.status, migrate.stderr).toBe(0);
    const add = await cli(['add', 'Ana@Example.com', '--publisher', '--name', "Ana O'Neil"], 'correct horse battery\n');
    expect(add.status, add.stderr).toBe(0);
    expect(add.stdout).toContain('Added ana@example.com (may publish) to the local database.');
    expect(add.stdout + add.stderr).not.toContain('correct horse');
    expect((await cli(['list'])).stdout).toContain("ana@example.com\tAna O'Neil\tmay publish");
    const again = await cli(['add', 'ana@example.com'], 'another password\n');
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already an editor');
    const short = await cli(['password', 'ana@example.com'], 'short\n');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 8');
    const password = await cli(['password', 'ana@example.com'], 'battery staple horse\n');
    expect(password.status, password.stderr).toBe(0);
    expect(password.stdout + password.stderr).not.toContain('battery staple');
    // The stored hash verifies with the password that was piped in last.
    const hashRow = d1({ cwd: site, binding: 'DB', remote: false, persistTo: state }).command('SELECT password_hash FROM editors');
    const hash = hashRow[0]?.results[0]?.['password_hash'] as string;
    expect(await verifyPassword('battery staple horse', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery', hash)).toBe(false);
    const remove = await cli(['remove', 'ana@example.com']);
    expect(remove.status, remove.stderr).toBe(0);
    expect((await cli(['list'])).stdout).toContain('No editors in the local database.');
  });

  it('says to run init when the site has no DB binding', async () => {
    const result = await cli(['list', '--binding', 'NOPE']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has no D1 database with binding NOPE. Run `npx louise init`');
  });
});
