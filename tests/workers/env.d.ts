import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A D1 with no tables at all (no migration is ever applied to it). */
      EMPTY_DB: D1Database;
    }
  }
}

declare module '*.sql?raw' {
  const sql: string;
  export default sql;
}
