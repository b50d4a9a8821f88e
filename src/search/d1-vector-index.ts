// A stand-in for a Vectorize index, persisted in D1 (louise_vectors), for
// development and tests: Vectorize has no local emulation.
import type { VectorIndexLike, VectorMatch } from './vector-api.ts';

// Vectorize's limits (developers.cloudflare.com/vectorize/platform/limits),
// enforced here too so what works locally also works against Vectorize.
const MAX_DIMENSIONS = 1536;
const MAX_NAME_BYTES = 64;
const MAX_METADATA_BYTES = 10 * 1024;
const MAX_TOP_K = 100;
const MAX_TOP_K_WITH_DATA = 20;
// D1 binds at most 100 parameters per statement: one row per upsert
// statement (5), and up to 99 ids plus the index name per delete.
const STATEMENTS_PER_BATCH = 50;
const IDS_PER_DELETE = 99;

const UPSERT = `INSERT INTO louise_vectors (index_name, id, namespace, "values", metadata) VALUES (?1, ?2, ?3, ?4, ?5)
ON CONFLICT (index_name, id) DO UPDATE SET namespace = excluded.namespace, "values" = excluded."values", metadata = excluded.metadata,
updated_at = unixepoch('subsec') * 1000`;

type Metadata = Record<string, string | number | boolean>;
type NewVector = Parameters<VectorIndexLike['upsert']>[0][number];
type QueryOptions = Parameters<VectorIndexLike['query']>[1];
// A match as Vectorize returns it: values and metadata only when asked for.
type D1VectorMatch = VectorMatch & { namespace: string; values?: number[]; metadata?: Metadata };

const encoder = new TextEncoder();

/**
 * A Vectorize-like index over the `louise_vectors` table (migration 0006),
 * for `npm start` and tests. `name` keeps several indexes apart in the one
 * table, as separate Vectorize indexes would be. Vectors are stored as
 * little-endian float32, as Vectorize stores them; `query` reads every row
 * of the namespace (every row of the index without one) and ranks by exact
 * cosine similarity (score in [-1, 1]; a zero vector scores 0), ties by id.
 * Fine for development and tests, not for 100,000 documents: use Vectorize.
 *
 * Keeps Vectorize's limits, so what works here works there: ids, namespaces
 * and index names of at most 64 bytes, at most 1536 dimensions, metadata of
 * string/number/boolean values up to 10 KiB of JSON, topK from 1 to 100 (20
 * when values or all metadata are returned; a RangeError otherwise). One
 * index holds one vector size, as a Vectorize index does: an upsert or query
 * of another size throws, naming the way out. Every metadata field counts
 * as indexed, so `returnMetadata: 'indexed'` returns all of it.
 *
 * @example const index = d1VectorIndex(env.DB); await index.upsert([{ id: 'posts:1:0', values, namespace: 'posts' }]);
 */
export function d1VectorIndex(db: D1Database, name = 'default'): VectorIndexLike {
  checkName('index name', name);
  const sizeMismatch = (stored: number, given: number) =>
    new Error(
      `d1VectorIndex "${name}" holds vectors of ${stored} dimensions, got ${given}: an index keeps one size. After changing the model, ` +
        `use another index name (d1VectorIndex(db, 'new-name')) or empty this one (DELETE FROM louise_vectors WHERE index_name = '${name}'), then reindex.`,
    );

  async function storedDimensions(): Promise<number | null> {
    const row = await db.prepare('SELECT length("values") AS bytes FROM louise_vectors WHERE index_name = ?1 LIMIT 1').bind(name).first<{ bytes: number }>();
    return row ? row.bytes / 4 : null;
  }

  return {
    async upsert(vectors: NewVector[]) {
      if (!Array.isArray(vectors)) throw new TypeError('d1VectorIndex.upsert expects an array of { id, values, namespace?, metadata? }.');
      const rows = vectors.map(checkVector);
      const sizes = new Set(rows.map((row) => row.dimensions));
      if (sizes.size > 1) throw new Error(`d1VectorIndex.upsert: all vectors of an index have one size, got ${[...sizes].join(' and ')} dimensions.`);
      if (rows.length === 0) return { count: 0, ids: [] };
      const size = rows[0]?.dimensions as number;
      const stored = await storedDimensions();
      if (stored !== null && stored !== size) throw sizeMismatch(stored, size);
      const statements = rows.map((row) => db.prepare(UPSERT).bind(name, row.id, row.namespace, row.blob, row.metadata));
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH));
      return { count: rows.length, ids: rows.map((row) => row.id) };
    },

    async deleteByIds(ids: string[]) {
      if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new TypeError('d1VectorIndex.deleteByIds expects an array of ids (strings).');
      const unique = [...new Set(ids)];
      const statements: D1PreparedStatement[] = [];
      for (let i = 0; i < unique.length; i += IDS_PER_DELETE) {
        const part = unique.slice(i, i + IDS_PER_DELETE);
        const marks = part.map((_, j) => `?${j + 2}`).join(', ');
        statements.push(db.prepare(`DELETE FROM louise_vectors WHERE index_name = ?1 AND id IN (${marks})`).bind(name, ...part));
      }
      let count = 0;
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
        for (const result of await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH))) count += result.meta.changes;
      }
      return { count, ids: unique };
    },

    async query(vector: number[] | Float32Array, options: QueryOptions) {
      if (typeof options !== 'object' || options === null)
        throw new TypeError('d1VectorIndex.query expects options: { topK, namespace?, returnValues?, returnMetadata? }.');
      const query = checkValues(vector, 'd1VectorIndex.query');
      const withMetadata = options.returnMetadata !== undefined && options.returnMetadata !== false && options.returnMetadata !== 'none';
      const withValues = options.returnValues === true;
      const limit = withValues || options.returnMetadata === true || options.returnMetadata === 'all' ? MAX_TOP_K_WITH_DATA : MAX_TOP_K;
      const topK = options.topK;
      if (!Number.isSafeInteger(topK) || topK < 1 || topK > limit) {
        throw new RangeError(
          `d1VectorIndex.query: topK must be an integer from 1 to ${limit}${limit === MAX_TOP_K_WITH_DATA ? ' when values or all metadata are returned' : ''} (Vectorize's limit), got ${String(topK)}.`,
        );
      }
      const namespace = options.namespace;
      if (namespace !== undefined) checkName('namespace', namespace);
      const select = `SELECT id, namespace, "values"${withMetadata ? ', metadata' : ''} FROM louise_vectors WHERE index_name = ?1`;
      const statement = namespace === undefined ? db.prepare(select).bind(name) : db.prepare(`${select} AND namespace = ?2`).bind(name, namespace);
      const { results } = await statement.all<{ id: string; namespace: string; values: unknown; metadata?: string | null }>();
      const queryNorm = Math.sqrt(query.reduce((sum, x) => sum + x * x, 0));
      const scored = results.map((row) => {
        const values = decodeVector(row.values);
        if (values.length !== query.length) throw sizeMismatch(values.length, query.length);
        return { row, values, score: cosine(query, queryNorm, values) };
      });
      scored.sort((a, b) => b.score - a.score || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
      const matches: D1VectorMatch[] = scored.slice(0, topK).map(({ row, values, score }) => ({
        id: row.id,
        score,
        namespace: row.namespace,
        ...(withValues ? { values: Array.from(values) } : {}),
        ...(withMetadata ? { metadata: row.metadata ? (JSON.parse(row.metadata) as Metadata) : {} } : {}),
      }));
      return { matches, count: matches.length };
    },
  };
}

function checkName(what: string, value: unknown): void {
  if (typeof value !== 'string' || value === '' || encoder.encode(value).length > MAX_NAME_BYTES) {
    throw new TypeError(`d1VectorIndex: a vector's ${what} must be a non-empty string of at most ${MAX_NAME_BYTES} bytes, got ${JSON.stringify(value)}.`);
  }
}

function checkValues(values: unknown, where: string): Float32Array {
  const ok = (Array.isArray(values) || values instanceof Float32Array) && values.length >= 1 && values.length <= MAX_DIMENSIONS;
  if (!ok) throw new TypeError(`${where}: a vector is an array (or Float32Array) of 1 to ${MAX_DIMENSIONS} numbers.`);
  const array = Float32Array.from(values as ArrayLike<number>);
  // Checked after the float32 conversion too: 1e39 is a finite double but not a finite float32.
  const finite = Array.prototype.every.call(values, (v: unknown) => typeof v === 'number' && Number.isFinite(v)) && array.every(Number.isFinite);
  if (!finite) throw new TypeError(`${where}: every value must be a finite number (within float32 range).`);
  return array;
}

function checkVector(vector: NewVector): { id: string; namespace: string; blob: ArrayBuffer; metadata: string | null; dimensions: number } {
  if (typeof vector !== 'object' || vector === null) throw new TypeError('d1VectorIndex.upsert: each vector is { id, values, namespace?, metadata? }.');
  checkName('id', vector.id);
  if (vector.namespace !== undefined) checkName('namespace', vector.namespace);
  const values = checkValues(vector.values, `d1VectorIndex.upsert (${vector.id})`);
  let metadata: string | null = null;
  if (vector.metadata !== undefined) {
    const m = vector.metadata;
    const plain = typeof m === 'object' && m !== null && !Array.isArray(m);
    if (!plain || Object.values(m).some((v) => !['string', 'number', 'boolean'].includes(typeof v))) {
      throw new TypeError(`d1VectorIndex.upsert (${vector.id}): metadata is an object of string, number or boolean values.`);
    }
    metadata = JSON.stringify(m);
    if (encoder.encode(metadata).length > MAX_METADATA_BYTES) throw new RangeError(`d1VectorIndex.upsert (${vector.id}): metadata is over 10 KiB of JSON.`);
  }
  return { id: vector.id, namespace: vector.namespace ?? '', blob: encodeVector(values), metadata, dimensions: values.length };
}

/** A vector as little-endian float32 bytes (what `louise_vectors.values` holds). */
export function encodeVector(values: Float32Array): ArrayBuffer {
  const bytes = new ArrayBuffer(values.length * 4);
  const view = new DataView(bytes);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i] as number, true);
  return bytes;
}

/** The inverse of {@link encodeVector}, from what D1 returns for a blob (an ArrayBuffer, a typed array or an array of bytes). */
export function decodeVector(blob: unknown): Float32Array {
  const bytes =
    blob instanceof ArrayBuffer
      ? new Uint8Array(blob)
      : ArrayBuffer.isView(blob)
        ? new Uint8Array(blob.buffer, blob.byteOffset, blob.byteLength)
        : Array.isArray(blob)
          ? Uint8Array.from(blob as number[])
          : null;
  if (!bytes || bytes.length % 4 !== 0) throw new TypeError('louise_vectors.values is not a float32 vector: rebuild the search index.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

function cosine(query: Float32Array, queryNorm: number, values: Float32Array): number {
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    dot += (query[i] as number) * v;
    norm += v * v;
  }
  return queryNorm === 0 || norm === 0 ? 0 : dot / (queryNorm * Math.sqrt(norm));
}
