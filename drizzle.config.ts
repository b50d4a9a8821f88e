import { defineConfig } from 'drizzle-kit';

// Migrations are generated into migrations/ and applied with wrangler
// (`npm run db:migrate`); committed migrations are never edited.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});
