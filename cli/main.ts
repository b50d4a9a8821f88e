// The `louise` command: dispatches to init, db, editor, media and content;
// turns a CliError into its message and an exit code, and anything else into
// a short report.
import { runContent } from './content-pull.ts';
import type { OpenD1 } from './d1.ts';
import { runDb } from './db-migrate.ts';
import { runEditor } from './editor.ts';
import { CliError } from './errors.ts';
import { runInit } from './init.ts';
import { runMedia } from './media.ts';
import { confirm } from './prompt.ts';

export const MAIN_USAGE = `Usage: npx louise <command>

  init [--yes]                       add Louise to the Astro project in this folder
  db migrate [--remote]              apply Louise's migrations to your D1 database
  db seed [--remote]                 create the site settings from cms.config's defaults
  editor add|password|list|remove    manage your site's editors (npx louise editor --help)
  media add <file...>                add files to the media library (npx louise media --help)
  content pull [--remote] [--dry-run]
                                     write the published edits of Markdown entries
                                     into their files (npx louise content --help)

Run it in your site's folder; it uses your wrangler config's D1 binding DB.`;

/** Where the CLI writes and what it talks to; tests pass their own (the command itself uses the defaults). */
export interface MainIo {
  log?: (line: string) => void;
  error?: (line: string) => void;
  /** The site's D1 for `db` and `editor`; default its wrangler. */
  openD1?: OpenD1;
  /** The new password for `editor`; default a hidden prompt or standard input's first line. */
  password?: (prompt: string) => Promise<string>;
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], cwd = process.cwd(), io: MainIo = {}): Promise<number> {
  const [command, ...rest] = argv;
  const log = io.log ?? ((line: string) => console.log(line));
  const error = io.error ?? ((line: string) => console.error(line));
  try {
    switch (command) {
      case 'init':
        await runInit({ cwd, yes: parseInitArgs(rest), log, confirm });
        return 0;
      case 'db':
        await runDb(rest, cwd, log, io.openD1);
        return 0;
      case 'editor':
        await runEditor(rest, { cwd, log, ...(io.openD1 ? { openD1: io.openD1 } : {}), ...(io.password ? { password: io.password } : {}) });
        return 0;
      case 'content':
        await runContent(rest, { cwd, log, error, openD1: io.openD1 });
        return 0;
      case 'media':
        await runMedia(rest, cwd, log);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        log(MAIN_USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new CliError(`Unknown command "${command}".\n\n${MAIN_USAGE}`, 2);
    }
  } catch (thrown) {
    if (thrown instanceof CliError) {
      error(thrown.message);
      return thrown.exitCode;
    }
    error(`louise: unexpected error: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`);
    return 1;
  }
}

function parseInitArgs(argv: string[]): boolean {
  const unknown = argv.filter((arg) => arg !== '--yes' && arg !== '-y');
  if (unknown.length > 0) throw new CliError(`Unknown argument "${unknown[0]}" for init.\n\nUsage: npx louise init [--yes]`, 2);
  return argv.length > 0;
}
