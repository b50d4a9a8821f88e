// Runs on any Node >= 18 with only built-ins: makes sure Node >= 22.13 and the
// packages are there, then hands over. Used by `npm start`, `npm test` and CI.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
const NODE24_PREFIX = join(homedir(), '.local', 'node24');
const NODE24_BIN = join(NODE24_PREFIX, 'bin');

function atLeast(version, [major, minor]) {
  const [a, b] = version.replace(/^v/, '').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/**
 * Re-runs the current script under Node 24 when this Node is older than
 * 22.13 (Astro 7, wrangler 4 and vitest 5 need 22.12; the CLI's tests run on
 * node:sqlite, unflagged from 22.13), installing Node 24 from
 * the npm registry into ~/.local/node24 first when it is missing.
 */
export function ensureModernNode() {
  if (atLeast(process.version, [22, 13])) return;
  const node24 = join(NODE24_BIN, 'node');
  if (!existsSync(node24)) {
    console.log(`louise: Node ${process.version} is too old (need >= 22.13); installing Node 24 into ${NODE24_PREFIX} ...`);
    execFileSync('npm', ['install', '-g', '--prefix', NODE24_PREFIX, 'node@24'], { stdio: 'inherit' });
  }
  const env = { ...process.env, PATH: `${NODE24_BIN}:${process.env.PATH ?? ''}` };
  const result = spawnSync(node24, process.argv.slice(1), { stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}

/** `npm install` when node_modules is missing or older than the lockfile. */
export function ensurePackages() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('louise: installing packages (npm install) ...');
  // `npm ci` rejects lockfiles made on Linux (other platforms' optional packages are left out); `npm install` keeps the lockfile as is.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Runs a command from the project root, inheriting output; exits on failure unless `allowFailure`. */
export function run(command, args, { allowFailure = false, env = {} } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0 && !allowFailure) {
    console.error(`louise: \`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/** The reference site's two seeded images (public/images), with the alt text site/seed.sql gives them too. */
const SEED_IMAGES = [
  ['public/images/hero.jpg', 'An abstract sky, violet above and orange below'],
  ['public/images/swirl.jpg', 'A green and pale blue swirl'],
];

/**
 * Applies Louise's migrations (`louise db migrate`), seeds the site settings
 * from site/cms.config.ts (`louise db seed`), adds the seed images to
 * the media library (`louise media add`: local R2 and registry) and loads the
 * reference content into a local D1 (default state, or `persistTo`).
 */
export function prepareLocalDatabase(persistTo) {
  const persist = persistTo ? ['--persist-to', persistTo] : [];
  run('npm', ['run', '--silent', 'louise', '--', 'db', 'migrate', ...persist]);
  // The site's own tables (the shop's products and orders: site/migrations, generated from site/db/schema.ts).
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist], { env: { CI: 'true' } });
  run('npm', ['run', '--silent', 'louise', '--', 'db', 'seed', ...persist]);
  for (const [file, alt] of SEED_IMAGES) run('npm', ['run', '--silent', 'louise', '--', 'media', 'add', file, '--alt', alt, ...persist]);
  run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--file', 'site/seed.sql', ...persist]);
}

export function packageJson() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

/** The key of a dotenv `KEY=value` line; undefined for comments and blank lines. */
const dotenvKey = (line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];

/**
 * Local settings of the reference site (`.dev.vars`, gitignored): made from
 * `.dev.vars.example` when missing. An existing file is never overwritten;
 * settings the example gained since it was made (a new feature's) are
 * appended, so an older checkout keeps working after a pull.
 */
export function ensureDevVars() {
  const target = join(root, '.dev.vars');
  const example = readFileSync(join(root, '.dev.vars.example'), 'utf8');
  if (!existsSync(target)) {
    copyFileSync(join(root, '.dev.vars.example'), target);
    console.log('louise: wrote .dev.vars from .dev.vars.example (local test settings for the shop, the merch store and their fake servers)');
    return;
  }
  const have = new Set(readFileSync(target, 'utf8').split('\n').map(dotenvKey));
  const missing = example.split('\n').filter((line) => dotenvKey(line) !== undefined && !have.has(dotenvKey(line)));
  if (missing.length === 0) return;
  appendFileSync(target, `\n# Added from .dev.vars.example\n${missing.join('\n')}\n`);
  console.log(`louise: added ${missing.map(dotenvKey).join(', ')} to .dev.vars from .dev.vars.example`);
}

/** The providers' published contracts, which the fake servers check every request against (committed in `packages/commerce/specs`, or `PAY_SPEC_DIR`). */
export const PAY_SPEC_DIR = process.env.PAY_SPEC_DIR || join(root, 'packages', 'commerce', 'specs');
export const hasPaySpecs = () => existsSync(join(PAY_SPEC_DIR, 'pay-openapi.json'));
export const hasMerchSpecs = () => existsSync(join(PAY_SPEC_DIR, 'merch-platform-endpoints.json'));
export const hasPosSpecs = () => existsSync(join(PAY_SPEC_DIR, 'pos-openapi.json'));

/** The ports of the local fake servers (packages/commerce/fakes/<provider>/server.ts), as `.dev.vars.example` points the site at them. */
export const FAKE_PAY_PORT = 12111;
export const FAKE_MERCH_PORT = 12112;
export const FAKE_POS_PORT = 12113;

/**
 * Starts a local fake provider server (`script`) on `port`, which checks
 * every request against the provider's published contract and sends its
 * signed webhooks where `env` says. Resolves once it answers its health
 * check; the child is returned so the caller can stop it.
 */
async function startFakeServer(name, script, port, env) {
  const health = `http://localhost:${port}/__fake/health`;
  // Another one (npm start, an e2e run) would answer the health check and keep sending its webhooks elsewhere.
  if (
    await fetch(health).then(
      (res) => res.ok,
      () => false,
    )
  ) {
    console.error(`louise: port ${port} is taken by another fake ${name} server (npm start or an end-to-end run): stop it, then try again.`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [script], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(health)).ok) return child;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  console.error(`louise: the fake ${name} server did not start on port ${port} (is another one running? stop it, or free the port).`);
  process.exit(1);
}

/** The fake Pay server on `port` (an end-to-end run's own, else the one `.dev.vars.example` names); its payment webhooks go to `webhookUrl`. */
export const startFakePay = (webhookUrl, port = FAKE_PAY_PORT) =>
  startFakeServer('Pay', 'packages/commerce/fakes/pay/server.ts', port, { PAY_FAKE_PORT: String(port), PAY_FAKE_WEBHOOK_URL: webhookUrl });

/** The fake Merch server (storefront, platform API and hosted checkout) on `port`; its order webhooks go to `webhookUrl`. */
export const startFakeMerch = (webhookUrl, port = FAKE_MERCH_PORT) =>
  startFakeServer('Merch', 'packages/commerce/fakes/merch/server.ts', port, {
    MERCH_FAKE_PORT: String(port),
    MERCH_FAKE_WEBHOOK_URL: webhookUrl,
    MERCH_SPEC_DIR: PAY_SPEC_DIR,
  });

/**
 * The fake Pos server (API, web-payments script and card fields), seeded with a small shop; its
 * `port`; its payment notifications go to `webhookUrl`, signed for the URL `.dev.vars.example` registers
 * (`POS_WEBHOOK_URL`), as Pos signs for the subscription's URL wherever the request lands.
 */
export const startFakePos = (webhookUrl, port = FAKE_POS_PORT) =>
  startFakeServer('Pos', 'packages/commerce/fakes/pos/server.ts', port, {
    POS_FAKE_PORT: String(port),
    POS_SPEC_DIR: PAY_SPEC_DIR,
    POS_FAKE_WEBHOOK_URL: webhookUrl,
    POS_FAKE_NOTIFICATION_URL: 'http://localhost:4321/api/pos/webhook',
    POS_FAKE_SIGNATURE_KEY: 'pos_whsig_louise_local',
  });
