import type { CollectionConfig } from '../content/collection.ts';
import { resolveCollection } from '../content/resolved-collection.ts';
import type { TableCodec } from '../content/table-codec.ts';
import { pendingSql, type VersionedTable } from '../content/versioned-table.ts';
import type { D1Client } from '../db/d1-session.ts';
import { overlayDeps } from '../drafts/overlay-store.ts';
import type { MediaReference } from './wire.ts';

/** Where content uses an asset (the wire contract's type: a 409 `in_use` lists them). */
export type { MediaReference };

/** Field types whose stored text can hold an asset's URL (every type a field has today, and `image`). */
const SCANNED = new Set(['text', 'richtext', 'json', 'image']);

/** One table to scan: its codec and the fields to look into; `vt` when only its pending drafts count. */
interface ScanTable {
  slug: string;
  codec: TableCodec;
  fields: string[];
  vt: VersionedTable | null;
}

const plans = new WeakMap<readonly CollectionConfig[], ScanTable[]>();

/**
 * Every place content uses the asset stored under `key`: any text, rich
 * text, json or image field containing the key (so its URL too), in each
 * collection's live rows and, for a drafts collection, its pending drafts
 * (versions newer than the published one and not discarded), plus the
 * overlay documents (always). One SQL query per table, all in one batch, so
 * the cost grows with tables, never with rows. A row is listed once per
 * field however many of its versions match.
 *
 * @example await findMediaReferences(env.DB, [pages, settings], '9f86d0….png') // [{ collection: 'pages', id: 3, field: 'body' }]
 */
export async function findMediaReferences(db: D1Client, collections: readonly CollectionConfig[], key: string): Promise<MediaReference[]> {
  const tables = scanPlan(collections);
  const statements = tables.map((table) => db.prepare(scanSql(table)).bind(key));
  if (statements.length === 0) return [];
  const results = await db.batch<Record<string, number>>(statements);
  const seen = new Set<string>();
  const found: MediaReference[] = [];
  tables.forEach((table, i) => {
    for (const row of results[i]?.results ?? []) {
      table.fields.forEach((field, f) => {
        const id = row.id as number;
        const name = `${table.slug}\u0000${id}\u0000${field}`;
        if (!row[`f${f}`] || seen.has(name)) return;
        seen.add(name);
        found.push({ collection: table.slug, id, field });
      });
    }
  });
  return found;
}

/** The tables of the declared collections and the overlay documents, read once per collections list. */
function scanPlan(collections: readonly CollectionConfig[]): ScanTable[] {
  let plan = plans.get(collections);
  if (plan) return plan;
  plan = [];
  const overlay = overlayDeps.vt;
  for (const config of collections) {
    if (config.slug === overlay.config.slug) continue;
    const fields = Object.entries(config.fields)
      .filter(([, spec]) => SCANNED.has(spec.type))
      .map(([name]) => name);
    if (fields.length === 0) continue;
    const { main, vt } = resolveCollection(config);
    plan.push({ slug: config.slug, codec: main, fields, vt: null });
    if (vt) plan.push({ slug: config.slug, codec: vt.versions, fields, vt });
  }
  plan.push({ slug: overlay.config.slug, codec: overlay.main, fields: overlay.fields, vt: null });
  plan.push({ slug: overlay.config.slug, codec: overlay.versions, fields: overlay.fields, vt: overlay });
  plans.set(collections, plan);
  return plan;
}

/**
 * The one query of a table: the row id and, per field, whether it holds the
 * key (`f0`, `f1`, …). A versions table is joined to its live table, so only
 * pending drafts count (the same condition every draft reader uses).
 */
function scanSql(table: ScanTable): string {
  const hit = (alias: string, field: string) => `instr(${alias}.${table.codec.col[field]}, ?1) > 0`;
  const alias = table.vt ? 'v' : 't';
  const flags = table.fields.map((field, f) => `CASE WHEN ${hit(alias, field)} THEN 1 ELSE 0 END AS f${f}`).join(', ');
  const any = table.fields.map((field) => hit(alias, field)).join(' OR ');
  if (!table.vt) return `SELECT t.${table.codec.col.id} AS id, ${flags} FROM ${table.codec.table} t WHERE ${any}`;
  const { main, versions } = table.vt;
  return (
    `SELECT v.${versions.col.pageId} AS id, ${flags} FROM ${versions.table} v JOIN ${main.table} m ON m.${main.col.id} = v.${versions.col.pageId} ` +
    `WHERE ${pendingSql(versions, `m.${main.col.publishedVersionId}`, 'v')} AND (${any})`
  );
}
