// Playwright's web server: the production build served by `astro preview`
// (workerd) on a throwaway local state folder, migrated and seeded, and the
// local fake Pay server that its shop talks to (the build took its address
// from .dev.vars) and that sends the shop's webhooks.
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { prepareLocalDatabase, root, startFakePay } from './bootstrap.mjs';

const state = process.env.LOUISE_PERSIST ?? '.louise/e2e-state';
const port = process.env.E2E_PORT ?? '4329';
rmSync(new URL(`../${state}`, import.meta.url), { recursive: true, force: true });
prepareLocalDatabase(state);
const pay = await startFakePay(`http://localhost:${port}/api/shop/webhook`);
const child = spawn('npx', ['astro', 'preview', '--port', port, '--host', 'localhost'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, LOUISE_PERSIST: state, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  pay.kill();
  process.exit(code ?? 0);
});
