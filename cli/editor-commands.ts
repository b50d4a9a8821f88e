// Pure parts of `npm run editor`: argument parsing and the SQL it sends to
// D1 through wrangler. Kept apart from the I/O so it can be unit tested.
import { parseArgs } from 'node:util';
import { EMAIL_SHAPE, normalizeEmail } from '../src/auth/email.ts';

export const USAGE = `Manage editors (local D1 by default, --remote for the deployed database):

  npm run editor -- add <email> [--name "Full Name"] [--publisher] [--remote]
  npm run editor -- password <email> [--remote]
  npm run editor -- list [--remote]
  npm run editor -- remove <email> [--remote]

The password is read from a prompt, or from the first line of standard input
when it is not a terminal (echo "$PASSWORD" | npm run editor -- add ...).
It is never taken from the command line.`;

const COMMANDS = new Set(['add', 'password', 'list', 'remove']);

/** `--persist-to` is for tests: a throwaway local database. */
const OPTIONS = {
  name: { type: 'string' },
  publisher: { type: 'boolean' },
  remote: { type: 'boolean' },
  'persist-to': { type: 'string' },
};

const PASSWORD_REFUSED =
  'Passwords are never taken from the command line (they end up in shell history). Omit it: you will be prompted, or pipe it on standard input.';

/** Parses argv (after the script name); returns `{ error }` with a message that says what to fix. */
export function parseEditorArgs(argv) {
  // Look for a password first, however it is written (--password, --password=x,
  // a bare --password), so it is refused with the reason and not some other error.
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  if (tokens.some((token) => token.kind === 'option' && token.name === 'password')) return { error: PASSWORD_REFUSED };

  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return { error: explainParseError(error) };
  }
  const [command, email, extra] = parsed.positionals;
  if (!command || !COMMANDS.has(command)) return { error: command ? `Unknown command "${command}".` : 'No command given.' };
  if (extra !== undefined) return { error: `Unexpected argument "${extra}".` };
  const { name, publisher = false, remote = false, 'persist-to': persistTo } = parsed.values;
  const options = { command, remote, publisher, name, email, persistTo };
  if (command !== 'list') {
    if (!options.email) return { error: `"${command}" needs an email address.` };
    options.email = normalizeEmail(options.email);
    if (!EMAIL_SHAPE.test(options.email)) return { error: `Not an email address: "${options.email}".` };
  }
  if (options.publisher && command !== 'add') return { error: '--publisher only goes with "add".' };
  if (options.remote && options.persistTo) return { error: '--persist-to is for the local database; drop it with --remote.' };
  return options;
}

/** parseArgs' errors in the words of this CLI; its own message when it is one we do not know. */
function explainParseError(error) {
  const option = /'(-{1,2}[^'\s<=]+)/.exec(error?.message ?? '')?.[1];
  if (!option) return error?.message ?? String(error);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option ${option}.`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return OPTIONS[option.replace(/^-+/, '')]?.type === 'boolean'
      ? `${option} takes no value.`
      : `${option} needs a value (write ${option}=-x for one that starts with a dash).`;
  }
  return error.message;
}

/** An SQL string literal. */
export function sqlString(value) {
  return `'${String(value).replaceAll("'", "''")}'`;
}

export function addEditorSql({ id, email, name, passwordHash, canPublish, now }) {
  return `INSERT INTO editors (id, email, name, password_hash, can_publish, created_at, updated_at) VALUES (${sqlString(id)}, ${sqlString(email)}, ${sqlString(name)}, ${sqlString(passwordHash)}, ${canPublish ? 1 : 0}, ${now}, ${now});`;
}

/** A new password also signs the editor out everywhere. */
export function setPasswordSql({ email, passwordHash, now }) {
  const who = `(SELECT id FROM editors WHERE email = ${sqlString(email)})`;
  return `DELETE FROM editor_sessions WHERE editor_id = ${who}; UPDATE editors SET password_hash = ${sqlString(passwordHash)}, updated_at = ${now} WHERE email = ${sqlString(email)};`;
}

export function removeEditorSql(email) {
  return `DELETE FROM editor_sessions WHERE editor_id = (SELECT id FROM editors WHERE email = ${sqlString(email)}); DELETE FROM editors WHERE email = ${sqlString(email)};`;
}

export const LIST_EDITORS_SQL = 'SELECT email, name, can_publish, created_at FROM editors ORDER BY email;';
