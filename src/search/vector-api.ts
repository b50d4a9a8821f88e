// The two bindings semantic search needs, as small interfaces: Workers AI and
// Vectorize have no local emulation, so development and tests plug in the
// local implementations (localAi, d1VectorIndex) behind the same shapes.

/** The Workers AI binding's shape as search uses it: `run(model, { text })` resolves to `{ data: number[][] }`. */
export interface AiLike {
  run(model: string, input: { text: string[] }): Promise<unknown>;
}

/** One hit of a vector query: the stored vector's id and its similarity to the query (higher is closer). */
export interface VectorMatch {
  id: string;
  score: number;
}

/** The subset of a Vectorize index that search uses (a real Vectorize binding fits it, and so does d1VectorIndex). */
export interface VectorIndexLike {
  upsert(
    vectors: { id: string; values: number[] | Float32Array; namespace?: string; metadata?: Record<string, string | number | boolean> }[],
  ): Promise<unknown>;
  deleteByIds(ids: string[]): Promise<unknown>;
  query(
    vector: number[] | Float32Array,
    options: { topK: number; namespace?: string; returnValues?: boolean; returnMetadata?: 'none' | 'indexed' | 'all' | boolean },
  ): Promise<{ matches: VectorMatch[] }>;
}

/** Semantic search options as a site declares them: how to reach the embedder and the index from a request's env, and the similarity floor. */
export interface SearchVector<E> {
  ai: (env: E) => AiLike;
  index: (env: E) => VectorIndexLike;
  minScore: number;
  model?: string /* default DEFAULT_EMBEDDING_MODEL */;
}

/** {@link SearchVector} bound to one request's env (resolveVector), ready to embed and query. */
export interface ResolvedVector {
  ai: AiLike;
  index: VectorIndexLike;
  minScore: number;
  model: string;
}
