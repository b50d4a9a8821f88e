// Playwright's web server: the production build served by `astro preview`
// (workerd) on a throwaway local state folder, migrated and seeded, and the
// local fake Pay, Merch and Pos servers that its shop, merch store and POS page talk to (the
// build took their addresses from .dev.vars; they are pointed at this run's
// ports here) and that send their webhooks.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { FAKE_MERCH_PORT, FAKE_PAY_PORT, FAKE_POS_PORT, prepareLocalDatabase, root, startFakeMerch, startFakePay, startFakePos } from './bootstrap.mjs';

const state = process.env.LOUISE_PERSIST ?? '.louise/e2e-state';
// The ports playwright.config.ts chose free (tests/ports.ts); the fixed ones of old when run by hand.
const port = process.env.E2E_PORT ?? '4329';
const fakes = {
  pay: Number(process.env.E2E_PAY_PORT ?? FAKE_PAY_PORT),
  merch: Number(process.env.E2E_MERCH_PORT ?? FAKE_MERCH_PORT),
  pos: Number(process.env.E2E_POS_PORT ?? FAKE_POS_PORT),
};
// `E2E_FAKES=0`: a shard without the provider specs (scripts/e2e-shards.mjs) starts no fakes and leaves the
// build's settings alone (the shard that has them points them at its own fakes).
const withFakes = process.env.E2E_FAKES !== '0';
const statePath = new URL(`../${state}`, import.meta.url);
rmSync(statePath, { recursive: true, force: true });
if (withFakes) pointBuildAtFakes();
// `E2E_STATE_FROM`: a state folder migrated and seeded once for every shard (scripts/test.mjs); a copy starts
// each server in a second instead of the ten wrangler runs that preparing takes.
const seeded = process.env.E2E_STATE_FROM;
if (seeded && existsSync(seeded)) cpSync(seeded, statePath, { recursive: true });
else prepareLocalDatabase(state);
const [pay, merch, pos] = withFakes
  ? await Promise.all([
      startFakePay(`http://localhost:${port}/api/shop/webhook`, fakes.pay),
      startFakeMerch(`http://localhost:${port}/api/merch/webhook`, fakes.merch),
      startFakePos(`http://localhost:${port}/api/pos/webhook`, fakes.pos),
    ])
  : [];
const child = spawn('npx', ['astro', 'preview', '--port', port, '--host', 'localhost'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOUISE_PERSIST: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  pay?.kill();
  merch?.kill();
  pos?.kill();
  process.exit(code ?? 0);
});

/**
 * The settings the build copied from .dev.vars (dist/server/.dev.vars, what
 * `astro preview` reads) name the fake servers' addresses; each gets this
 * run's port for its fake. Written in place: the next run rewrites it again.
 */
function pointBuildAtFakes() {
  const file = new URL('../dist/server/.dev.vars', import.meta.url);
  if (!existsSync(file)) return;
  const fakeOf = {
    PAY_API_BASE: fakes.pay,
    MERCH_STOREFRONT_BASE: fakes.merch,
    MERCH_CHECKOUT_URL: fakes.merch,
    POS_API_BASE: fakes.pos,
    POS_WEB_SDK_URL: fakes.pos,
  };
  const text = readFileSync(file, 'utf8');
  const pointed = text.replace(/^(\s*([A-Z_]+)\s*=\s*['"`]?http:\/\/localhost:)\d+/gm, (line, head, key) => (key in fakeOf ? `${head}${fakeOf[key]}` : line));
  if (pointed !== text) writeFileSync(file, pointed);
}
