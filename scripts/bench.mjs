// `npm run bench [name] [args]`: runs every bench/*.bench.ts (or those whose name
// contains `name`) one after another; each prints ratios against a baseline
// it measures in the same run.
import { readdirSync } from 'node:fs';
import { ensureModernNode, ensurePackages, root, run } from './bootstrap.mjs';

ensureModernNode();
ensurePackages();
// The benchmarks load the built package (lib/editor, and `louise/*` through the site build).
run('npm', ['run', '--silent', 'build:pkg']);
const filter = process.argv[2] ?? '';
const benches = readdirSync(new URL('../bench/', import.meta.url))
  .filter((name) => /\.bench\.(ts|mjs)$/.test(name) && name.includes(filter))
  .sort();
if (benches.length === 0) {
  console.error(
    `No benchmark matches "${filter}". Available: ${readdirSync(new URL('../bench/', import.meta.url))
      .filter((n) => n.includes('.bench.'))
      .join(', ')}`,
  );
  process.exit(2);
}
for (const name of benches) {
  console.log(`\n=== bench/${name}`);
  run('node', [`bench/${name}`, ...process.argv.slice(3)], { env: { CLOUDFLARE_CF_FETCH_ENABLED: 'false' } });
}
console.log(`\n(${benches.length} benchmark${benches.length === 1 ? '' : 's'} from ${root}bench)`);
