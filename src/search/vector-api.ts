// The semantic side's interfaces, as the keyword side and the route use
// them: an embedder shaped like the Workers AI binding and the subset of
// Vectorize the search needs. The implementations live in vector.ts,
// local-ai.ts and d1-vector-index.ts.

/** The Workers AI binding's shape: `run(model, { text })` answers `{ data: number[][] }`, one vector per text. */
export interface AiLike {
  run(model: string, input: { text: string[] }): Promise<unknown>;
}

/** One match of a vector query: the vector's id and its similarity (higher is closer). */
export interface VectorMatch {
  id: string;
  score: number;
}

/** The subset of a Vectorize index the search uses. */
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

/**
 * Semantic search for a site (`defineCms({ search: { vector } })`): where
 * its embedder and index come from in a request's env, and the similarity
 * floor under which a semantic match is dropped (no default: it depends on
 * the model).
 */
export interface SearchVector<E> {
  ai: (env: E) => AiLike;
  index: (env: E) => VectorIndexLike;
  minScore: number;
  /** The embedding model; default `DEFAULT_EMBEDDING_MODEL`. */
  model?: string;
}

/** A {@link SearchVector} resolved against one request's env. */
export interface ResolvedVector {
  ai: AiLike;
  index: VectorIndexLike;
  minScore: number;
  model: string;
}
