// louise/search: full-text (FTS5 in D1) and semantic search of declared
// collections, fused by reciprocal rank fusion.

// Keyword index (FTS5), safe queries, reindexing and the route.
export {
  searchCollection,
  parseSearchCursor,
  SEARCH_WEIGHTS,
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  MAX_SEARCH_OFFSET,
  type SearchHit,
  type SearchPage,
  type SearchQuery,
} from './search-collection.ts';
export { SearchNotReadyError } from './search-target.ts';
export { reindexDoc, reindexBatch, rebuildSearchIndex, ensureSearchIndex, REINDEX_BATCH } from './reindex.ts';
export { searchRoute, type SearchRouteOptions } from './search-route.ts';
export { searchIndexSql, searchTableNames, type SearchIndexSpec } from './fts-sql.ts';
export { ftsQuery, MAX_QUERY_CHARS, MAX_QUERY_TOKENS } from './fts-query.ts';
export { docText, searchTitleField, sectionsText, SEARCH_TEXT_MAX, type DocText } from './doc-text.ts';
export type { AiLike, VectorMatch, VectorIndexLike, SearchVector, ResolvedVector } from './vector-api.ts';

// Semantic: the embedder and vector index interfaces, their local stand-ins, and fusion.
export { resolveVector, DEFAULT_EMBEDDING_MODEL, syncDocVectors, semanticRanking } from './vector.ts';
export { chunkText } from './chunk.ts';
export { fuseRankings } from './fuse.ts';
export { localAi } from './local-ai.ts';
export { d1VectorIndex } from './d1-vector-index.ts';
