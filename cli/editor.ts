// `npm run editor -- <command>`: add, list and remove editors, and set a
// password, in the local D1 or (--remote) the deployed one, through wrangler.
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureModernNode, root } from './bootstrap.mjs';

ensureModernNode();

const { hashPassword } = await import('../src/auth/password.ts');
const { USAGE, parseEditorArgs, addEditorSql, setPasswordSql, removeEditorSql, sqlString, LIST_EDITORS_SQL } = await import('./editor-commands.mjs');

const options = parseEditorArgs(process.argv.slice(2));
if (options.error) fail(`${options.error}\n\n${USAGE}`);

function fail(message) {
  console.error(message);
  process.exit(2);
}

/** Runs SQL through wrangler; returns the result rows of the last statement. */
function d1(sql) {
  const where = options.remote ? ['--remote'] : ['--local', ...(options.persistTo ? ['--persist-to', options.persistTo] : [])];
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', ...where, '--json', '--command', sql], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0) {
    const detail = (result.stdout + result.stderr)
      .split('\n')
      .filter((line) => /error|✘/i.test(line))
      .join('\n');
    fail(
      `The database refused the command.${detail ? `\n${detail}` : ''}\n${options.remote ? 'Check that you are logged in (npx wrangler login) and that DB in wrangler.jsonc names your database.' : 'Run `npm run db:migrate` first if the tables are missing.'}`,
    );
  }
  const parsed = JSON.parse(result.stdout);
  return parsed.at(-1)?.results ?? [];
}

async function readPassword(prompt) {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  // Hide what is typed: echo nothing after the prompt.
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  rl._writeToOutput = (text) => {
    if (text.startsWith(prompt)) process.stdout.write(prompt);
  };
  const answer = await new Promise((resolve) => rl.question(prompt, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function newPasswordHash() {
  const password = await readPassword('Password (at least 8 characters): ');
  if (password.length < 8) fail('The password must be at least 8 characters long. Nothing was changed.');
  return hashPassword(password);
}

const exists = () => d1(`SELECT count(*) AS n FROM editors WHERE email = ${sqlString(options.email)};`)[0]?.n > 0;
const where = options.remote ? 'the deployed database' : 'the local database';

switch (options.command) {
  case 'add': {
    if (exists()) fail(`${options.email} is already an editor in ${where}. Use "password" to set a new password.`);
    const passwordHash = await newPasswordHash();
    const name = options.name?.trim() || options.email.split('@')[0];
    d1(addEditorSql({ id: crypto.randomUUID(), email: options.email, name, passwordHash, canPublish: options.publisher, now: Date.now() }));
    console.log(`Added ${options.email}${options.publisher ? ' (may publish)' : ''} to ${where}.`);
    break;
  }
  case 'password': {
    if (!exists()) fail(`${options.email} is not an editor in ${where}.`);
    d1(setPasswordSql({ email: options.email, passwordHash: await newPasswordHash(), now: Date.now() }));
    console.log(`Set a new password for ${options.email} in ${where}; their sessions were ended.`);
    break;
  }
  case 'remove': {
    if (!exists()) fail(`${options.email} is not an editor in ${where}.`);
    d1(removeEditorSql(options.email));
    console.log(`Removed ${options.email} and ended their sessions in ${where}.`);
    break;
  }
  case 'list': {
    const rows = d1(LIST_EDITORS_SQL);
    if (rows.length === 0) console.log(`No editors in ${where}.`);
    for (const row of rows) console.log(`${row.email}\t${row.name}\t${row.can_publish ? 'may publish' : 'edits only'}`);
    break;
  }
}
