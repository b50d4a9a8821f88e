// The site's Worker: Louise around Astro's handler, plus the toolkit's
// Durable Object classes, which wrangler.jsonc binds by these names.
import { handle } from '@astrojs/cloudflare/handler';
import { louiseWorker } from 'louise/astro/worker';

export { MerchLimiterObject, RateLimiterObject, RealtimeObject } from 'louise/astro/worker';

export default louiseWorker<Env>(handle);
