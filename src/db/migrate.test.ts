import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createdTables, isUpToDate, migrationStatements, planMigrations, planStatements, recordMigrationSql } from './migrate.ts';

const dir = new URL('../../migrations/', import.meta.url);
const shipped = readdirSync(dir)
  .filter((file) => file.endsWith('.sql'))
  .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(new URL(file, dir), 'utf8') }));
const first = shipped[0];
if (!first) throw new Error('no migrations shipped');
const allTables = shipped.flatMap((migration) => createdTables(migration.sql));

describe('migrationStatements', () => {
  it("splits drizzle-kit output at its breakpoints, drops each statement's ; and empty ones", () => {
    const sql = 'CREATE TABLE `a` (\n\t`id` integer\n);\n--> statement-breakpoint\nCREATE INDEX `a_idx` ON `a` (`id`);--> statement-breakpoint\n\n';
    expect(migrationStatements(sql)).toEqual(['CREATE TABLE `a` (\n\t`id` integer\n)', 'CREATE INDEX `a_idx` ON `a` (`id`)']);
  });
  it('splits the shipped migrations into statements that each hold one statement', () => {
    for (const migration of shipped) {
      const statements = migrationStatements(migration.sql);
      expect(statements.length, migration.name).toBeGreaterThan(0);
      for (const statement of statements) expect(statement.replace(/'[^']*'/g, ''), migration.name).not.toContain(';');
    }
  });
});

describe('planMigrations', () => {
  it('runs everything on an empty database, in name order', () => {
    const plan = planMigrations([...shipped].reverse(), { applied: [], wranglerApplied: [], tables: [] });
    expect(plan.adopt).toEqual([]);
    expect(plan.pending.map((migration) => migration.name)).toEqual(shipped.map((migration) => migration.name));
  });
  it('runs only what Louise has not recorded', () => {
    const plan = planMigrations(shipped, { applied: [first.name], wranglerApplied: [], tables: allTables });
    expect(plan.pending.map((migration) => migration.name)).toEqual(shipped.slice(1).map((migration) => migration.name));
    expect(isUpToDate(planMigrations(shipped, { applied: shipped.map((m) => m.name), wranglerApplied: [], tables: [] }))).toBe(true);
  });
  it("adopts what wrangler's d1_migrations applied, without running it again", () => {
    const plan = planMigrations(shipped, { applied: [], wranglerApplied: shipped.map((m) => `${m.name}.sql`), tables: ['d1_migrations', ...allTables] });
    expect(plan).toEqual({ adopt: shipped.map((m) => m.name), pending: [] });
  });
  it("does not adopt a site migration that only shares a name: Louise's tables must exist", () => {
    const plan = planMigrations(shipped, { applied: [], wranglerApplied: [`${first.name}.sql`], tables: ['d1_migrations', 'posts'] });
    expect(plan.adopt).toEqual([]);
    expect(plan.pending[0]?.name).toBe(first.name);
  });
  it('adopts only a prefix: once one runs, later ones run too', () => {
    const [a, b] = [
      { name: '0000_a', sql: 'CREATE TABLE `a` (`id` integer);' },
      { name: '0001_b', sql: 'ALTER TABLE `a` ADD `x` integer;' },
    ];
    const plan = planMigrations([a, b], { applied: [], wranglerApplied: ['0001_b.sql'], tables: ['d1_migrations'] });
    expect(plan.adopt).toEqual([]);
    expect(plan.pending.map((migration) => migration.name)).toEqual(['0000_a', '0001_b']);
  });
});

describe('planStatements', () => {
  it('creates the tracking table, records adoptions, and records each migration right after its statements', () => {
    const plan = { adopt: ['0000_a'], pending: [{ name: "0001_b'", statements: ['CREATE TABLE b (id integer)'] }] };
    expect(planStatements(plan, 5)).toEqual([
      'CREATE TABLE IF NOT EXISTS _louise_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)',
      recordMigrationSql('0000_a', 5),
      'CREATE TABLE b (id integer)',
      "INSERT OR IGNORE INTO _louise_migrations (name, applied_at) VALUES ('0001_b''', 5)",
    ]);
  });
});

describe('createdTables', () => {
  it('finds the tables a migration creates, quoted or not', () => {
    expect(createdTables('CREATE TABLE `editors` (x);\nCREATE TABLE IF NOT EXISTS "pages" (y); CREATE INDEX i ON t (x); create table plain (z)')).toEqual([
      'editors',
      'pages',
      'plain',
    ]);
  });
});
