// SQL against the site's D1 through the site's own wrangler (`wrangler d1
// execute`), locally or --remote; its failures in words that say what to do.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from './errors.ts';
import { d1Database, requireWranglerConfig, type WranglerConfigFile } from './wrangler-config.ts';

export interface D1Target {
  cwd: string;
  /** The D1 binding in the wrangler config (default `DB`). */
  binding: string;
  remote: boolean;
  /** Local state folder (wrangler's `--persist-to`); default wrangler's `.wrangler/state`. */
  persistTo?: string | undefined;
}

export interface StatementResult {
  results: Record<string, unknown>[];
}

/**
 * SQL against one site database: all the `db` and `editor` commands need of
 * D1. The real one shells out to the site's wrangler (wranglerD1); tests give
 * one over SQLite, so they need not start wrangler for every statement.
 * Failures are CliErrors worded by explainFailure.
 */
export interface D1Executor {
  /** Runs `sql` (one or more statements separated by `;`); returns one result per statement. */
  command(sql: string): StatementResult[];
  /** Runs `statements` in order (a migration's, however large). */
  statements(statements: readonly string[]): void;
}

/** Opens the executor for a target (the CLI's is wranglerD1). */
export type OpenD1 = (target: D1Target) => D1Executor;

/** The target's database through `wrangler d1 execute` (local, --persist-to, or --remote). */
export const wranglerD1: OpenD1 = (target) => ({
  command: (sql) => d1Command(target, sql),
  statements: (statements) => d1Statements(target, statements),
});

/** The target's config and database entry, or a CliError saying to run `npx louise init`. */
export function resolveTarget(target: D1Target): { config: WranglerConfigFile; label: string } {
  const config = requireWranglerConfig(target.cwd);
  const database = d1Database(config.config, target.binding);
  if (!database)
    throw new CliError(`${config.file} has no D1 database with binding ${target.binding}. Run \`npx louise init\` to add it (or pass --binding <name>).`);
  const name = database.database_name ?? target.binding;
  return { config, label: target.remote ? `the remote database ${name}` : 'the local database' };
}

/** Runs `sql` (one or more statements separated by `;`); returns one result per statement. */
export function d1Command(target: D1Target, sql: string): StatementResult[] {
  return parse(run(target, ['--command', sql]));
}

/** Runs `statements` from a temporary file (no shell or argument limits on large migrations). */
export function d1Statements(target: D1Target, statements: readonly string[]): void {
  const dir = mkdtempSync(join(tmpdir(), 'louise-sql-'));
  try {
    const file = join(dir, 'statements.sql');
    writeFileSync(file, `${statements.join(';\n')};\n`);
    run(target, ['--file', file, '--yes']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(target: D1Target, args: string[]): string {
  const where = target.remote ? ['--remote'] : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
  const result = spawnSync(process.execPath, [wranglerBin(target.cwd), 'd1', 'execute', target.binding, ...where, '--json', ...args], {
    cwd: target.cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new CliError(`Could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) throw new CliError(explainFailure(`${result.stdout}\n${result.stderr}`, target));
  return result.stdout;
}

/** The site's own wrangler (the one `astro add cloudflare` installed), run with this Node. */
export function wranglerBin(cwd: string): string {
  try {
    const manifest = createRequire(join(cwd, 'package.json')).resolve('wrangler/package.json');
    return join(dirname(manifest), 'bin', 'wrangler.js');
  } catch {
    throw new CliError(
      'wrangler is not installed in this project. Run `npm install --save-dev wrangler` (or `npx louise init`, which adds the Cloudflare adapter and wrangler).',
    );
  }
}

function parse(stdout: string): StatementResult[] {
  const start = stdout.indexOf('[');
  try {
    const parsed: unknown = JSON.parse(stdout.slice(start));
    if (Array.isArray(parsed)) return parsed as StatementResult[];
  } catch {
    // fall through
  }
  throw new CliError(`wrangler answered something other than JSON:\n${stdout.slice(0, 500)}`);
}

/** wrangler's error lines, then what to do about them. */
export function explainFailure(output: string, target: Pick<D1Target, 'remote' | 'binding'>): string {
  const detail =
    jsonErrorText(output) ??
    [...new Set(output.split('\n').filter((line) => /error|✘|not authenticated|no such table/i.test(line)))]
      .map((line) => line.trim())
      .slice(0, 6)
      .join('\n');
  const hint = /no such table/i.test(output)
    ? `Louise's tables are missing: run \`npx louise db migrate${target.remote ? ' --remote' : ''}\` first.`
    : /not authenticated|logged in|login|CLOUDFLARE_API_TOKEN|Authentication error/i.test(output)
      ? 'wrangler is not logged in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then try again.'
      : /Couldn't find a D1 DB|couldn't find|not find.*database/i.test(output)
        ? `wrangler cannot find the database bound as ${target.binding}. Check d1_databases in your wrangler config, or run \`npx louise init\`.${target.remote ? ' A database without a database_id is created by the first `npx wrangler deploy`.' : ''}`
        : target.remote
          ? 'Check that you are logged in (npx wrangler whoami) and that the database exists in your account.'
          : 'Check your wrangler config, then try again.';
  return `The database refused the command.${detail ? `\n${detail}` : ''}\n${hint}`;
}

/** With --json, wrangler reports a failure as `{ "error": { "text": ... } }` on stdout. */
function jsonErrorText(output: string): string | null {
  const start = output.indexOf('{');
  const end = output.lastIndexOf('}');
  if (start === -1 || end < start) return null;
  try {
    const text: unknown = JSON.parse(output.slice(start, end + 1))?.error?.text;
    return typeof text === 'string' ? text : null;
  } catch {
    return null;
  }
}
