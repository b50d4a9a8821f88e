// The reference site's Worker bundle as `wrangler deploy --dry-run` uploads it (all
// modules, gzip), with Louise's cuts (postcss stubbed, htmlparser2's Parser alone) as a
// ratio to the same site built in the same run without them. Rebuilds dist/ (the normal
// build last, so dist/ is left as `npx astro build` makes it). Run: node bench/worker-size.bench.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));

function sh(args) {
  const result = spawnSync('npx', args, { cwd: root, encoding: 'utf8', env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' } });
  if (result.status !== 0) throw new Error(`npx ${args.join(' ')} failed:\n${(result.stdout + result.stderr).slice(-3000)}`);
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
}

/** Builds the site with `config` and measures what wrangler would upload. */
function measure(config) {
  sh(['astro', 'build', ...(config ? ['--config', config] : [])]);
  const out = mkdtempSync(join(tmpdir(), 'louise-worker-'));
  try {
    sh(['wrangler', 'deploy', '--dry-run', '--outdir', out]);
    const modules = files(out).filter((file) => !file.endsWith('.map') && !file.endsWith('README.md'));
    let raw = 0;
    let gzip = 0;
    for (const file of modules) {
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip, count: modules.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const kib = (n) => `${(n / 1024).toFixed(1).padStart(7)} KiB`;
const before = measure('bench/astro.unstubbed.config.mjs');
const after = measure(null);
console.log('Reference site Worker (wrangler deploy --dry-run, every module; gzip -9 per file):');
console.log(`  without Louise's cuts  ${kib(before.raw)} raw  ${kib(before.gzip)} gzip  (${before.count} files)`);
console.log(`  with them (shipped)    ${kib(after.raw)} raw  ${kib(after.gzip)} gzip  (${after.count} files)`);
console.log(`  gzip ratio (shipped / without cuts): ${(after.gzip / before.gzip).toFixed(2)}; saved ${kib(before.gzip - after.gzip)} gzip`);
