// A D1Executor over Node's own SQLite (node:sqlite), for the CLI's tests: the
// `db` and `editor` commands run in-process against it instead of starting
// wrangler for every statement (cli/cli-smoke.test.ts still runs the real
// one end to end). Local D1 is SQLite too, so the statements and the rows they
// answer are the same; failures go through the same explainFailure.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type D1Executor, type D1Target, explainFailure, type OpenD1, type StatementResult } from './d1.ts';
import { CliError } from './errors.ts';

/** One in-memory database per site folder, binding and --persist-to, as wrangler keeps one per state folder. */
export function sqliteD1(): OpenD1 & { database: (target: D1Target) => DatabaseSync } {
  const databases = new Map<string, DatabaseSync>();
  const database = (target: D1Target) => {
    const key = JSON.stringify([resolve(target.cwd), target.binding, target.remote, target.persistTo ? resolve(target.cwd, target.persistTo) : null]);
    let db = databases.get(key);
    if (!db) {
      db = new DatabaseSync(':memory:');
      databases.set(key, db);
    }
    return db;
  };
  const open = (target: D1Target): D1Executor => {
    const db = database(target);
    const failing = <T>(run: () => T): T => {
      try {
        return run();
      } catch (error) {
        throw new CliError(explainFailure(`✘ [ERROR] ${error instanceof Error ? error.message : String(error)}`, target));
      }
    };
    return {
      command: (sql) =>
        failing(() =>
          splitStatements(sql).map(
            (statement): StatementResult => ({
              results: db
                .prepare(statement)
                .all()
                .map((row) => ({ ...row })),
            }),
          ),
        ),
      statements: (statements) =>
        failing(() => {
          // wrangler runs a --file as one batch: all of it or none.
          db.exec('BEGIN');
          try {
            for (const statement of statements) db.exec(statement);
            db.exec('COMMIT');
          } catch (error) {
            db.exec('ROLLBACK');
            throw error;
          }
        }),
    };
  };
  return Object.assign(open, { database });
}

/**
 * What `wrangler d1 migrations apply` does to a database: each `.sql` file of
 * `dir` not yet in its d1_migrations table, run and recorded there (wrangler's
 * own table definition).
 */
export function applyWranglerMigrations(db: DatabaseSync, dir: string): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`);
  const applied = new Set(
    db
      .prepare('SELECT name FROM d1_migrations')
      .all()
      .map((row) => String(row['name'])),
  );
  const pending = readdirSync(dir)
    .filter((file) => file.endsWith('.sql') && !applied.has(file))
    .sort();
  for (const file of pending) {
    db.exec(readFileSync(join(dir, file), 'utf8'));
    db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').run(file);
  }
  return pending;
}

/** `sql` split at each `;` outside quotes and comments, as wrangler splits a --command; empty statements dropped. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  const after = (token: string, from: number) => {
    const end = sql.indexOf(token, from);
    return end === -1 ? sql.length : end + token.length;
  };
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    let next = i + 1;
    // A doubled quote ('O''Neil') reads as two literals side by side: the same split.
    if (char === "'" || char === '"' || char === '`') next = after(char, i + 1);
    else if (char === '[') next = after(']', i + 1);
    else if (sql.startsWith('--', i)) next = after('\n', i);
    else if (sql.startsWith('/*', i)) next = after('*/', i + 2);
    else if (char === ';') {
      statements.push(sql.slice(start, i));
      start = next;
    }
    i = next;
  }
  statements.push(sql.slice(start));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}
