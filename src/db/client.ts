import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import * as schema from './schema.ts';

export type LouiseDb = DrizzleD1Database<typeof schema>;

/** A drizzle client over a D1 binding (or a D1 session). */
export function db(binding: D1Database | D1DatabaseSession): LouiseDb {
  return drizzle(binding as D1Database, { schema });
}
