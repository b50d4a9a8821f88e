import cloudflare from '@astrojs/cloudflare';
import { defineConfig } from 'astro/config';
import louise from 'louise/astro';

// LOUISE_PERSIST points dev/preview at another local state folder (the
// end-to-end tests use a throwaway one); default is .wrangler/state.
const persist = process.env.LOUISE_PERSIST;

export default defineConfig({
  srcDir: './site',
  output: 'server',
  adapter: cloudflare(persist ? { persistState: { path: persist } } : {}),
  integrations: [louise()],
  server: { port: 4321, host: 'localhost' },
  // Scripts ship as files, never inlined into the HTML (Astro inlines small ones by default): the POS
  // page's Content-Security-Policy allows script files from this origin only, no inline code.
  // Other assets keep Vite's default (undefined).
  vite: { build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) } },
});
