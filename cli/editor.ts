// `npx louise editor <command>`: add, list and remove the site's editors and
// set passwords, in the site's local D1 or (--remote) the deployed one.
import { hashPassword } from '../src/auth/password.ts';
import { resolveTarget, wranglerD1, type D1Target, type OpenD1 } from './d1.ts';
import {
  addEditorSql,
  countEditorSql,
  LIST_EDITORS_SQL,
  parseEditorArgs,
  removeEditorSql,
  setPasswordSql,
  USAGE,
  type EditorOptions,
} from './editor-commands.ts';
import { CliError } from './errors.ts';
import { readPassword } from './prompt.ts';

export interface EditorIo {
  cwd: string;
  log: (line: string) => void;
  /** Reads the new password; default a hidden prompt or the first line of standard input. */
  password?: (prompt: string) => Promise<string>;
  /** The site's database; default through its wrangler (wranglerD1). */
  openD1?: OpenD1;
}

/** Runs one editor command against the site in `cwd`. */
export async function runEditor(argv: string[], io: EditorIo): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.log(USAGE);
    return;
  }
  const parsed = parseEditorArgs(argv);
  if ('error' in parsed) throw new CliError(`${parsed.error}\n\n${USAGE}`, 2);
  const options: EditorOptions = parsed;
  const target: D1Target = { cwd: io.cwd, binding: options.binding, remote: options.remote, persistTo: options.persistTo };
  const { label: where } = resolveTarget(target);
  const d1 = (io.openD1 ?? wranglerD1)(target);
  const sql = (statement: string) => d1.command(statement).at(-1)?.results ?? [];
  const exists = () => Number(sql(countEditorSql(options.email))[0]?.['n'] ?? 0) > 0;
  const newPasswordHash = async () => {
    const password = await (io.password ?? readPassword)('Password (at least 8 characters): ');
    if (password.length < 8) throw new CliError('The password must be at least 8 characters long. Nothing was changed.', 2);
    return hashPassword(password);
  };

  switch (options.command) {
    case 'add': {
      if (exists()) throw new CliError(`${options.email} is already an editor in ${where}. Use "password" to set a new password.`, 2);
      const passwordHash = await newPasswordHash();
      const name = options.name?.trim() || (options.email.split('@')[0] as string);
      sql(addEditorSql({ id: crypto.randomUUID(), email: options.email, name, passwordHash, canPublish: options.publisher, now: Date.now() }));
      io.log(`Added ${options.email}${options.publisher ? ' (may publish)' : ''} to ${where}.`);
      break;
    }
    case 'password': {
      if (!exists()) throw new CliError(`${options.email} is not an editor in ${where}.`, 2);
      sql(setPasswordSql({ email: options.email, passwordHash: await newPasswordHash(), now: Date.now() }));
      io.log(`Set a new password for ${options.email} in ${where}; their sessions were ended.`);
      break;
    }
    case 'remove': {
      if (!exists()) throw new CliError(`${options.email} is not an editor in ${where}.`, 2);
      sql(removeEditorSql(options.email));
      io.log(`Removed ${options.email} and ended their sessions in ${where}.`);
      break;
    }
    case 'list': {
      const rows = sql(LIST_EDITORS_SQL);
      if (rows.length === 0) io.log(`No editors in ${where}.`);
      for (const row of rows) io.log(`${row['email']}\t${row['name']}\t${row['can_publish'] ? 'may publish' : 'edits only'}`);
      break;
    }
  }
}
