// The `louise` command: dispatches to init, db and editor; turns a CliError
// into its message and an exit code, and anything else into a short report.
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

Run it in your site's folder; it uses your wrangler config's D1 binding DB.`;

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], cwd = process.cwd()): Promise<number> {
  const [command, ...rest] = argv;
  const log = (line: string) => console.log(line);
  try {
    switch (command) {
      case 'init':
        await runInit({ cwd, yes: parseInitArgs(rest), log, confirm });
        return 0;
      case 'db':
        await runDb(rest, cwd, log);
        return 0;
      case 'editor':
        await runEditor(rest, { cwd, log });
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
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    console.error(`louise: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}

function parseInitArgs(argv: string[]): boolean {
  const unknown = argv.filter((arg) => arg !== '--yes' && arg !== '-y');
  if (unknown.length > 0) throw new CliError(`Unknown argument "${unknown[0]}" for init.\n\nUsage: npx louise init [--yes]`, 2);
  return argv.length > 0;
}
