// Playwright's web server: the production build served by `astro preview`
// (workerd) on a throwaway local state folder, migrated and seeded, and the
// local fake Pay, Merch and Pos servers that its shop, merch store and POS page talk to (the
// build took their addresses from .dev.vars) and that send their webhooks.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { prepareLocalDatabase, root, startFakeMerch, startFakePay, startFakePos } from './bootstrap.mjs';

const state = process.env.LOUISE_PERSIST ?? '.louise/e2e-state';
const port = process.env.E2E_PORT ?? '4329';
rmSync(new URL(`../${state}`, import.meta.url), { recursive: true, force: true });
prepareLocalDatabase(state);
const [pay, merch, pos] = await Promise.all([
  startFakePay(`http://localhost:${port}/api/shop/webhook`),
  startFakeMerch(`http://localhost:${port}/api/merch/webhook`),
  startFakePos(`http://localhost:${port}/api/pos/webhook`),
]);
const child = spawn('npx', ['astro', 'preview', '--port', port, '--host', 'localhost'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOUISE_PERSIST: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  pay.kill();
  merch.kill();
  pos.kill();
  process.exit(code ?? 0);
});
