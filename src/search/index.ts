// louise/search: full-text (FTS5 in D1) and semantic search of declared
// collections, fused by reciprocal rank fusion.

// --- keyword index, queries, reindexing and the route (H1)

// --- semantic: embedder and vector index interfaces, local implementations, fusion (H2)
export { resolveVector, DEFAULT_EMBEDDING_MODEL, syncDocVectors, semanticRanking } from './vector.ts';
export { chunkText } from './chunk.ts';
export { fuseRankings } from './fuse.ts';
export { localAi } from './local-ai.ts';
export { d1VectorIndex } from './d1-vector-index.ts';
