// The reference site's config with Louise's Worker cuts undone (bench/worker-size.bench.mjs):
// `postcss` and `htmlparser2` resolve to the real packages again, as before the cuts.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import site from '../astro.config.mjs';

const require = createRequire(import.meta.url);
const fromSanitizer = createRequire(require.resolve('sanitize-html'));

export default {
  ...site,
  root: fileURLToPath(new URL('..', import.meta.url)),
  vite: { resolve: { alias: { postcss: fromSanitizer.resolve('postcss'), htmlparser2: fromSanitizer.resolve('htmlparser2') } } },
};
