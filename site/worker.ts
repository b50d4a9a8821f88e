// The site's Worker: Astro's handler for every request, plus the toolkit's
// Durable Object classes, which wrangler.jsonc binds by these names.
import { handle } from '@astrojs/cloudflare/handler';

export { RateLimiterObject } from 'louise/worker';

export default { fetch: handle } satisfies ExportedHandler<Env>;
