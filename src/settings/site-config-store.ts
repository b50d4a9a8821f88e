import { and, eq, sql } from 'drizzle-orm';
import { db } from '../db/client.ts';
import { siteConfig } from '../db/site-schema.ts';
import { parseObject } from './site-settings-store.ts';

/** The `site_config` blob as read, with what a conditional write compares it by. */
export interface StoredConfig {
  data: Record<string, unknown>;
  guard: { dataText: string; updatedAt: number };
}

/** Reads the blob singleton in one query; null when the row does not exist yet. A `data` that is not a JSON object reads as `{}`. */
export async function readConfigRow(DB: D1Database | D1DatabaseSession): Promise<StoredConfig | null> {
  const [row] = await db(DB)
    .select({ dataText: sql<string>`${siteConfig.data}`, updatedAt: siteConfig.updatedAt })
    .from(siteConfig)
    .where(eq(siteConfig.id, 1));
  return row ? { data: parseObject(row.dataText), guard: row } : null;
}

/**
 * Writes the blob in one statement: an INSERT when `stored` is null (only if
 * the row is still missing), else an UPDATE that lands only while the row is
 * exactly as read. False when another write came first.
 */
export async function writeConfigRow(DB: D1Database | D1DatabaseSession, stored: StoredConfig | null, data: Record<string, unknown>): Promise<boolean> {
  const client = db(DB);
  if (!stored) {
    const rows = await client
      .insert(siteConfig)
      .values({ id: 1, data, updatedAt: Date.now() })
      .onConflictDoNothing({ target: siteConfig.id })
      .returning({ id: siteConfig.id });
    return rows.length > 0;
  }
  const { guard } = stored;
  const rows = await client
    .update(siteConfig)
    .set({ data, updatedAt: Math.max(Date.now(), Math.floor(guard.updatedAt) + 1) })
    .where(and(eq(siteConfig.id, 1), eq(siteConfig.updatedAt, guard.updatedAt), sql`${siteConfig.data} = ${guard.dataText}`))
    .returning({ id: siteConfig.id });
  return rows.length > 0;
}
