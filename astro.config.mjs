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
});
