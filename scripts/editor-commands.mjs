// Pure parts of `npm run editor`: argument parsing and the SQL it sends to
// D1 through wrangler. Kept apart from the I/O so it can be unit tested.
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

/** Parses argv (after the script name); returns `{ error }` with a message that says what to fix. */
export function parseEditorArgs(argv) {
  const [command, ...rest] = argv;
  if (!command || !COMMANDS.has(command)) return { error: command ? `Unknown command "${command}".` : 'No command given.' };
  const options = { command, remote: false, publisher: false, name: undefined, email: undefined, persistTo: undefined };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--remote') options.remote = true;
    else if (arg === '--publisher') options.publisher = true;
    else if (arg === '--name' || arg === '--persist-to') {
      const value = rest[++i];
      if (value === undefined) return { error: `${arg} needs a value.` };
      options[arg === '--name' ? 'name' : 'persistTo'] = value;
    } else if (arg === '--password' || arg.startsWith('--password=')) {
      return { error: 'Passwords are never taken from the command line (they end up in shell history). Omit it: you will be prompted, or pipe it on standard input.' };
    } else if (arg.startsWith('--')) return { error: `Unknown option ${arg}.` };
    else if (options.email === undefined) options.email = arg;
    else return { error: `Unexpected argument "${arg}".` };
  }
  if (command !== 'list') {
    if (!options.email) return { error: `"${command}" needs an email address.` };
    options.email = normalizeEmail(options.email);
    if (!EMAIL_SHAPE.test(options.email)) return { error: `Not an email address: "${options.email}".` };
  }
  if (options.publisher && command !== 'add') return { error: '--publisher only goes with "add".' };
  if (options.remote && options.persistTo) return { error: '--persist-to is for the local database; drop it with --remote.' };
  return options;
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
