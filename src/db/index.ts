export * from './schema.ts';
export { db, type LouiseDb } from './client.ts';
export { openD1Session, d1Bookmark, serializeD1BookmarkCookie, D1_BOOKMARK_COOKIE, type D1Client } from './d1-session.ts';
export { collectionTables, type CollectionTables, type CollectionTablesSpec } from './collection-tables.ts';
