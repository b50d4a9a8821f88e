// Pure parts of `npx louise editor`: argument parsing and the SQL it sends to
// the site's D1 through wrangler. Kept apart from the I/O so it can be unit tested.
import { parseArgs } from 'node:util';
import { EMAIL_SHAPE, normalizeEmail } from '../src/auth/email.ts';

export const USAGE = `Manage the editors of your site (its wrangler config's D1 binding DB;
the local database by default, --remote for the deployed one):

  npx louise editor add <email> [--name "Full Name"] [--publisher] [--remote]
  npx louise editor password <email> [--remote]
  npx louise editor list [--remote]
  npx louise editor remove <email> [--remote]

Options: --binding <name> (default DB), --persist-to <dir> (local state folder).
The password is read from a prompt, or from the first line of standard input
when it is not a terminal (printf '%s\\n' "$PASSWORD" | npx louise editor add ...).
It is never taken from the command line.`;

export type EditorCommand = 'add' | 'password' | 'list' | 'remove';
const COMMANDS: ReadonlySet<string> = new Set<EditorCommand>(['add', 'password', 'list', 'remove']);

export interface EditorOptions {
  command: EditorCommand;
  /** Normalized; empty for `list`. */
  email: string;
  name: string | undefined;
  publisher: boolean;
  remote: boolean;
  binding: string;
  persistTo: string | undefined;
}

const OPTIONS = {
  name: { type: 'string' },
  publisher: { type: 'boolean' },
  remote: { type: 'boolean' },
  binding: { type: 'string' },
  'persist-to': { type: 'string' },
} as const;

const PASSWORD_REFUSED =
  'Passwords are never taken from the command line (they end up in shell history). Omit it: you will be prompted, or pipe it on standard input.';

/** Parses argv (after `editor`); `{ error }` with a message that says what to fix. */
export function parseEditorArgs(argv: string[]): EditorOptions | { error: string } {
  // Look for a password first, however it is written (--password, --password=x,
  // a bare --password), so it is refused with the reason and not some other error.
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  if (tokens.some((token) => token.kind === 'option' && token.name === 'password')) return { error: PASSWORD_REFUSED };

  let parsed: ReturnType<typeof parseStrict>;
  try {
    parsed = parseStrict(argv);
  } catch (error) {
    return { error: explainParseError(error) };
  }
  const [command, email, extra] = parsed.positionals;
  if (!command || !COMMANDS.has(command)) return { error: command ? `Unknown command "${command}".` : 'No command given.' };
  if (extra !== undefined) return { error: `Unexpected argument "${extra}".` };
  const { name, publisher = false, remote = false, binding = 'DB', 'persist-to': persistTo } = parsed.values;
  const options: EditorOptions = { command: command as EditorCommand, remote, publisher, name, email: '', binding, persistTo };
  if (command !== 'list') {
    if (!email) return { error: `"${command}" needs an email address.` };
    options.email = normalizeEmail(email);
    if (!EMAIL_SHAPE.test(options.email)) return { error: `Not an email address: "${options.email}".` };
  } else if (email !== undefined) {
    return { error: `Unexpected argument "${email}".` };
  }
  if (options.publisher && command !== 'add') return { error: '--publisher only goes with "add".' };
  if (options.remote && options.persistTo) return { error: '--persist-to is for the local database; drop it with --remote.' };
  return options;
}

function parseStrict(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/** parseArgs' errors in the words of this CLI; its own message when it is one we do not know. */
function explainParseError(error: unknown): string {
  const { message = String(error), code } = (error ?? {}) as { message?: string; code?: string };
  const option = /'(-{1,2}[^'\s<=]+)/.exec(message)?.[1];
  if (!option) return message;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option ${option}.`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const known = OPTIONS[option.replace(/^-+/, '') as keyof typeof OPTIONS];
    return known?.type === 'boolean' ? `${option} takes no value.` : `${option} needs a value (write ${option}=-x for one that starts with a dash).`;
  }
  return message;
}

/** An SQL string literal. */
export function sqlString(value: string): string {
  return `'${String(value).replaceAll("'", "''")}'`;
}

export interface NewEditor {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  canPublish: boolean;
  now: number;
}

export function addEditorSql({ id, email, name, passwordHash, canPublish, now }: NewEditor): string {
  return `INSERT INTO editors (id, email, name, password_hash, can_publish, created_at, updated_at) VALUES (${sqlString(id)}, ${sqlString(email)}, ${sqlString(name)}, ${sqlString(passwordHash)}, ${canPublish ? 1 : 0}, ${now}, ${now});`;
}

/** A new password also signs the editor out everywhere. */
export function setPasswordSql({ email, passwordHash, now }: { email: string; passwordHash: string; now: number }): string {
  const who = `(SELECT id FROM editors WHERE email = ${sqlString(email)})`;
  return `DELETE FROM editor_sessions WHERE editor_id = ${who}; UPDATE editors SET password_hash = ${sqlString(passwordHash)}, updated_at = ${now} WHERE email = ${sqlString(email)};`;
}

export function removeEditorSql(email: string): string {
  return `DELETE FROM editor_sessions WHERE editor_id = (SELECT id FROM editors WHERE email = ${sqlString(email)}); DELETE FROM editors WHERE email = ${sqlString(email)};`;
}

export const LIST_EDITORS_SQL = 'SELECT email, name, can_publish, created_at FROM editors ORDER BY email;';

export function countEditorSql(email: string): string {
  return `SELECT count(*) AS n FROM editors WHERE email = ${sqlString(email)};`;
}
