import { defineConfig } from 'drizzle-kit';

// The reference site's own tables (site/db/schema.ts), generated into
// site/migrations/ and applied by wrangler (wrangler.jsonc `migrations_dir`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './site/db/schema.ts',
  out: './site/migrations',
});
