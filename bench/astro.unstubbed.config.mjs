// The reference site's config with Louise's Worker cuts undone (bench/worker-size.bench.mjs):
// `postcss`, `htmlparser2` and micromark's `decode-named-character-reference` resolve to the real packages
// again, as before the cuts.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import site from '../astro.config.mjs';

const require = createRequire(import.meta.url);
const fromSanitizer = createRequire(require.resolve('sanitize-html'));
const fromMicromark = createRequire(createRequire(require.resolve('micromark')).resolve('micromark-util-decode-string'));

export default {
  ...site,
  root: fileURLToPath(new URL('..', import.meta.url)),
  vite: {
    resolve: {
      alias: {
        postcss: fromSanitizer.resolve('postcss'),
        htmlparser2: fromSanitizer.resolve('htmlparser2'),
        'decode-named-character-reference': fromMicromark.resolve('decode-named-character-reference'),
      },
    },
  },
};
