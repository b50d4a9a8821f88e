// `npm start`: Node 24 and packages if missing, the package built (lib/, which
// the site's `louise/*` imports resolve to), local D1 migrated and seeded,
// then the reference site at http://localhost:4321 on local bindings, with
// the local fake Pay, Merch and Pos servers behind its shop, merch store and
// point-of-sale page (no
// network, no account).
import {
  ensureDevVars,
  ensureModernNode,
  ensurePackages,
  hasMerchSpecs,
  hasPaySpecs,
  hasPosSpecs,
  PAY_SPEC_DIR,
  prepareLocalDatabase,
  root,
  run,
  startFakeMerch,
  startFakePay,
  startFakePos,
} from './bootstrap.mjs';
import { spawn } from 'node:child_process';

ensureModernNode();
ensurePackages();
run('npm', ['run', '--silent', 'build:pkg']);
prepareLocalDatabase();
ensureDevVars();
// The shop's payments need the fake Pay server, which needs Pay's published contract beside the repository;
// without it everything else runs and the shop says payments are unavailable.
// The fake servers start at once; each resolves when it answers its health check.
const [pay, merch, pos] = await Promise.all([
  hasPaySpecs() ? startFakePay('http://localhost:4321/api/shop/webhook') : null,
  hasMerchSpecs() ? startFakeMerch('http://localhost:4321/api/merch/webhook') : null,
  hasPosSpecs() ? startFakePos('http://localhost:4321/api/pos/webhook') : null,
]);
if (!pay)
  console.warn(`louise: no Pay contract at ${PAY_SPEC_DIR} (set PAY_SPEC_DIR): the fake Pay server is not started, and the shop's checkout answers 502.`);
if (!merch)
  console.warn(
    `louise: no Merch contract at ${PAY_SPEC_DIR} (set PAY_SPEC_DIR): the fake Merch server is not started, and the merch page says the store did not answer.`,
  );
if (!pos)
  console.warn(
    `louise: no Pos contract at ${PAY_SPEC_DIR} (set PAY_SPEC_DIR): the fake Pos server is not started, and the POS page says the point of sale did not answer.`,
  );
console.log('\nlouise: open http://localhost:4321/?edit and sign in as editor@localhost / louise-dev\n');
const child = spawn('npx', ['astro', 'dev', '--port', '4321'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  pay?.kill();
  merch?.kill();
  pos?.kill();
  process.exit(code ?? 0);
});
