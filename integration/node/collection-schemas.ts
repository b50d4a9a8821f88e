import { readdirSync, readFileSync } from 'node:fs';
import { compactCollectionSchema, type CollectionSchemas } from '../../src/markdown/frontmatter-schema.ts';

const SCHEMA_FILE = /^(.+)\.schema\.json$/;

/**
 * The content collections' frontmatter schemas, compacted to what checking
 * an edited value needs: Astro writes each collection's JSON Schema (from its
 * Zod schema) to `.astro/collections/<name>.schema.json` at `astro sync`,
 * which `astro dev` and `astro build` run first. Empty when there is none
 * yet; a file that does not read as an object schema is skipped (its
 * entries are then saved unchecked, as before).
 */
export function readCollectionSchemas(root: URL): CollectionSchemas {
  const dir = new URL('.astro/collections/', root);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return {};
  }
  const schemas: CollectionSchemas = {};
  for (const name of names.sort()) {
    const collection = SCHEMA_FILE.exec(name)?.[1];
    if (!collection) continue;
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
    } catch {
      continue;
    }
    const schema = compactCollectionSchema(json);
    if (schema) schemas[collection] = schema;
  }
  return schemas;
}
