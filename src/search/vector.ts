// Semantic search: document embeddings kept in step with the published text,
// and a query answered as a ranking of document ids.
import { CHUNK_DEFAULTS, chunkText } from './chunk.ts';
import type { AiLike, ResolvedVector, SearchVector } from './vector-api.ts';

/** The Workers AI embedding model used when `search.vector.model` is not set: BAAI bge-base-en-v1.5, 768 dimensions. */
export const DEFAULT_EMBEDDING_MODEL = '@cf/baai/bge-base-en-v1.5';

// Texts per ai.run call: Workers AI's text-embedding models take a batch of at most 100.
const TEXTS_PER_RUN = 100;
// Vectors per upsert or ids per deleteByIds call: Vectorize takes at most 1,000 from a Worker.
const VECTORS_PER_CALL = 1000;
// What Vectorize answers at most for a query without values or metadata.
const MAX_TOP_K = 100;

/**
 * Binds a site's `search.vector` to one request's env: `null` when semantic
 * search is not configured (keyword search only). `minScore` has no
 * default, since a good floor depends on the model (cosine scores of a real
 * model and of localAi live on different scales): a TypeError names the fix
 * when it is missing or not a finite number.
 *
 * @example const vector = resolveVector({ ai: (env) => env.AI, index: (env) => env.VECTORIZE, minScore: 0.6 }, env);
 */
export function resolveVector<E>(vector: SearchVector<E> | undefined, env: E): ResolvedVector | null {
  if (vector === undefined || vector === null) return null;
  if (typeof vector.ai !== 'function' || typeof vector.index !== 'function') {
    throw new TypeError('search.vector: ai and index are functions of the env, e.g. { ai: (env) => env.AI, index: (env) => env.VECTORIZE, minScore: 0.6 }.');
  }
  if (typeof vector.minScore !== 'number' || !Number.isFinite(vector.minScore)) {
    throw new TypeError(
      `search.vector.minScore must be a finite number, the cosine similarity under which a semantic match is dropped ` +
        `(for example 0.6 with Workers AI's ${DEFAULT_EMBEDDING_MODEL}, 0.2 with localAi); got ${String(vector.minScore)}.`,
    );
  }
  if (vector.model !== undefined && (typeof vector.model !== 'string' || vector.model === '')) {
    throw new TypeError(`search.vector.model must be a Workers AI model name such as '${DEFAULT_EMBEDDING_MODEL}'; got ${JSON.stringify(vector.model)}.`);
  }
  return { ai: vector.ai(env), index: vector.index(env), minScore: vector.minScore, model: vector.model ?? DEFAULT_EMBEDDING_MODEL };
}

/**
 * Embeds texts with `ai.run(model, { text })`, at most 100 texts per call
 * (Workers AI's batch limit), and returns one vector per text, in order.
 * Throws an Error naming the binding when an answer is not `{ data:
 * number[][] }` with one vector per text.
 */
export async function embedTexts(ai: AiLike, model: string, texts: readonly string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += TEXTS_PER_RUN) {
    const batch = texts.slice(i, i + TEXTS_PER_RUN);
    vectors.push(...embeddingData(await ai.run(model, { text: batch }), batch.length, model));
  }
  return vectors;
}

/**
 * The `data` of an embedding answer, checked: `count` vectors of finite
 * numbers, all of one length. Throws an Error saying what came back instead.
 */
export function embeddingData(result: unknown, count: number, model: string): number[][] {
  const data = typeof result === 'object' && result !== null ? (result as { data?: unknown }).data : undefined;
  const fits =
    Array.isArray(data) &&
    data.length === count &&
    data.every(
      (v) => Array.isArray(v) && v.length > 0 && v.length === (data[0] as unknown[]).length && v.every((x) => typeof x === 'number' && Number.isFinite(x)),
    );
  if (!fits) {
    const got = Array.isArray(data)
      ? `${data.length} item(s) in data`
      : typeof result === 'object' && result !== null
        ? `keys ${Object.keys(result).join(', ') || '(none)'}`
        : typeof result;
    throw new Error(
      `ai.run('${model}') did not answer { data: number[][] } with ${count} vector(s) of finite numbers (got ${got}): ` +
        'search.vector.ai must return the Workers AI binding (or localAi()), and the model must be a text-embedding model.',
    );
  }
  return data as number[][];
}

/** The vector id of chunk `n` of entry `id` in collection `slug`. */
function chunkId(slug: string, id: number, n: number): string {
  return `${slug}:${id}:${n}`;
}

/**
 * Keeps the vectors of some entries in step with their text: for a text,
 * cuts it into chunks (chunkText's defaults), embeds them (at most 100 texts
 * per ai.run) and upserts them in namespace `slug` as `${slug}:${id}:${n}`,
 * then deletes the ids past the last chunk (left by a longer older text);
 * for `null` (entry gone or unpublished) or a blank text, deletes every
 * chunk id of the entry. Upserts before it deletes, so a failure half way
 * leaves stale vectors, never a published entry without any.
 */
export async function syncDocVectors(v: ResolvedVector, slug: string, docs: readonly { id: number; text: string | null }[]): Promise<void> {
  const texts: string[] = [];
  const ids: string[] = [];
  const stale: string[] = [];
  for (const doc of docs) {
    if (!Number.isSafeInteger(doc.id) || doc.id < 1) throw new TypeError(`syncDocVectors: an entry id is a positive integer, got ${String(doc.id)}.`);
    const chunks = doc.text === null ? [] : chunkText(doc.text);
    chunks.forEach((chunk, n) => {
      texts.push(chunk);
      ids.push(chunkId(slug, doc.id, n));
    });
    for (let n = chunks.length; n < CHUNK_DEFAULTS.max; n++) stale.push(chunkId(slug, doc.id, n));
  }
  const vectors = await embedTexts(v.ai, v.model, texts);
  const rows = vectors.map((values, i) => ({ id: ids[i] as string, values, namespace: slug }));
  for (let i = 0; i < rows.length; i += VECTORS_PER_CALL) await v.index.upsert(rows.slice(i, i + VECTORS_PER_CALL));
  for (let i = 0; i < stale.length; i += VECTORS_PER_CALL) await v.index.deleteByIds(stale.slice(i, i + VECTORS_PER_CALL));
}

/**
 * The entries of collection `slug` whose text is closest in meaning to `q`:
 * embeds `q` (its first chunk), asks the index for `2 × topK` chunk
 * matches (at most 100, Vectorize's limit) in namespace `slug`, keeps each
 * entry's best chunk, drops entries under `minScore`, and returns at most
 * `topK` as `{ id, score }`, best first (ties by id). Matches whose id is
 * not one of this collection's chunk ids are ignored. Blank `q` gives `[]`.
 */
export async function semanticRanking(v: ResolvedVector, slug: string, q: string, topK: number): Promise<{ id: number; score: number }[]> {
  if (!Number.isSafeInteger(topK) || topK < 1) throw new RangeError(`semanticRanking: topK must be a positive integer, got ${String(topK)}.`);
  const [text] = chunkText(q, { max: 1 });
  if (text === undefined) return [];
  const [vector] = await embedTexts(v.ai, v.model, [text]);
  const { matches } = await v.index.query(vector as number[], { topK: Math.min(topK * 2, MAX_TOP_K), namespace: slug });
  const best = new Map<number, number>();
  const prefix = `${slug}:`;
  for (const match of matches) {
    if (!match.id.startsWith(prefix)) continue;
    const parts = /^([1-9]\d*):(\d+)$/.exec(match.id.slice(prefix.length));
    const id = parts ? Number(parts[1]) : Number.NaN;
    if (!Number.isSafeInteger(id) || !(match.score >= v.minScore)) continue;
    best.set(id, Math.max(best.get(id) ?? Number.NEGATIVE_INFINITY, match.score));
  }
  return [...best]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, topK);
}
