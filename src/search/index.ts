// louise/search: full-text (FTS5 in D1) and semantic search of declared
// collections, fused by reciprocal rank fusion.

// --- keyword index, queries, reindexing and the route (H1)

// --- semantic: embedder and vector index interfaces, local implementations, fusion (H2)
