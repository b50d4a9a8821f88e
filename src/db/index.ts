export * from './schema.ts';
export { db, type LouiseDb } from './client.ts';
