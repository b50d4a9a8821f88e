import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import {
  ajvErrors as describeErrors,
  bySpecificity,
  compileTemplate,
  findOperation,
  type Json,
  type Parameter,
  type PathTemplate,
  sharedSpecDir,
} from '../openapi.ts';

/**
 * Pos's published contract as the fake checks it: the provider's OpenAPI 3.0
 * description (`pos-openapi.json`, Square-Version 2025-08-20, 240 paths). Each
 * request is checked for method and path, path and query parameters, and the
 * JSON (or multipart) body; the fake's own answers are checked against the
 * response schema too, so a test never passes on an answer Pos could not give.
 *
 * Two tightenings over the raw description, both on the side of catching more:
 * objects with listed properties are closed (an unknown or misspelt field, such
 * as `locationId` for `location_id`, is a violation), and `nullable` is honoured
 * on `$ref` fields as OpenAPI 3.0 means it.
 */

/** Where the specs live: `packages/commerce/specs`, or `POS_SPEC_DIR`. */
export function defaultPosSpecDir(): string {
  return sharedSpecDir('POS_SPEC_DIR');
}

export interface PosOperation extends PathTemplate {
  /** `UpdateTimecard`. */
  id: string;
  /** `/v2/labor/timecards/{id}`. */
  template: string;
  parameters: Parameter[];
  /** `application/json`, `multipart/form-data` or null (no body). */
  contentType: string | null;
  bodySchema: Json | null;
  responseSchema: Json | null;
  deprecated: boolean;
}

export interface PosContract {
  /** The operation for a method and path, with its decoded path parameters; null for a path Pos does not have. */
  find(method: string, pathname: string): { operation: PosOperation; params: Record<string, string> } | null;
  /** Problems with path parameters, query and body; empty when valid. Query values are coerced in place. */
  checkRequest(operation: PosOperation, params: Record<string, string>, query: Json, body: unknown): string[];
  /** Problems with a 2xx answer's body against the operation's response schema. */
  checkResponse(operation: PosOperation, body: unknown): string[];
}

/** Closes objects and turns `nullable` into JSON Schema, recursively; `$ref`s point into the registered document. */
function tighten(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tighten);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'description' || k === 'example' || k === 'x-release-status') continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[k] = `pos.json${v}`;
    else if (k === 'properties' && typeof v === 'object' && v !== null) out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, tighten(s)]));
    else out[k] = tighten(v);
  }
  if (out['type'] === 'object' && out['properties'] !== undefined && out['additionalProperties'] === undefined) out['additionalProperties'] = false;
  if (out['nullable'] === true) {
    delete out['nullable'];
    if (typeof out['$ref'] === 'string') return { anyOf: [{ $ref: out['$ref'] }, { type: 'null' }] };
    if (typeof out['type'] === 'string') out['type'] = [out['type'], 'null'];
    if (Array.isArray(out['enum'])) out['enum'] = [...out['enum'], null];
  }
  return out;
}

function ajvErrors(validate: ValidateFunction, where: string): string[] {
  return describeErrors(validate, where, 'field', 8);
}

let cached: { dir: string; contract: PosContract } | undefined;

/** The contract of `specDir`, loaded and compiled once per process (the description is 3 MB). */
export function loadPosContract(specDir: string = defaultPosSpecDir()): PosContract {
  if (cached?.dir === specDir) return cached.contract;
  const spec = JSON.parse(readFileSync(`${specDir}/pos-openapi.json`, 'utf8')) as { paths: Record<string, Record<string, Json>>; components: Json };
  const operations: PosOperation[] = [];
  for (const [template, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op['requestBody'] as Json | undefined)?.['content'] as Record<string, Json> | undefined;
      const contentType = content ? (Object.keys(content)[0] ?? null) : null;
      const responses = op['responses'] as Record<string, Json> | undefined;
      const ok = (responses?.['200']?.['content'] as Record<string, Json> | undefined)?.['application/json'];
      operations.push({
        ...compileTemplate(method, template),
        id: String(op['operationId']),
        template,
        parameters: (op['parameters'] as Parameter[] | undefined) ?? [],
        contentType,
        bodySchema: contentType && content ? ((content[contentType]?.['schema'] as Json | undefined) ?? null) : null,
        responseSchema: (ok?.['schema'] as Json | undefined) ?? null,
        deprecated: op['deprecated'] === true || op['x-release-status'] === 'DEPRECATED',
      });
    }
  }
  // `/v2/customers/search` before `/v2/customers/{customer_id}`.
  operations.sort(bySpecificity);

  // The description refers to this enum without defining it (CatalogItemModifierListInfo, CatalogModifierOverride);
  // its values are the ones the referring fields' own descriptions list.
  const schemas = spec.components['schemas'] as Record<string, unknown>;
  schemas['CatalogModifierToggleOverrideType'] ??= { type: 'string', enum: ['YES', 'NO', 'NOT_SET'] };
  const components = tighten(spec.components);
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes: false });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('binary', true);
  ajv.addSchema({ components }, 'pos.json');
  // Query strings are text: only they are coerced (`limit=10` is a number).
  const queryAjv = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes: true });
  queryAjv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  // Parameters refer to shared enums too (ListCards `sort_order`).
  queryAjv.addSchema({ components }, 'pos.json');

  const compiled = new Map<string, { query: ValidateFunction; path: ValidateFunction; body: ValidateFunction | null; response: ValidateFunction | null }>();
  function validators(operation: PosOperation) {
    const key = `${operation.method} ${operation.template}`;
    let entry = compiled.get(key);
    if (!entry) {
      const group = (where: 'query' | 'path', using: Ajv) => {
        const list = operation.parameters.filter((p) => p.in === where);
        const properties = Object.fromEntries(list.map((p) => [p.name, tighten(p.schema ?? {})]));
        const required = list.filter((p) => p.required).map((p) => p.name);
        return using.compile({ type: 'object', properties, required, additionalProperties: false });
      };
      entry = {
        query: group('query', queryAjv),
        path: group('path', queryAjv),
        body: operation.bodySchema ? ajv.compile(tighten(operation.bodySchema) as Json) : null,
        response: operation.responseSchema ? ajv.compile(tighten(operation.responseSchema) as Json) : null,
      };
      compiled.set(key, entry);
    }
    return entry;
  }

  const contract: PosContract = {
    find: (method, pathname) => findOperation(operations, method, pathname),
    checkRequest(operation, params, query, body) {
      const problems: string[] = [];
      if (operation.deprecated) problems.push(`${operation.id} is deprecated in the pinned version`);
      const v = validators(operation);
      if (!v.path(params)) problems.push(...ajvErrors(v.path, 'path'));
      if (!v.query(query)) problems.push(...ajvErrors(v.query, 'query'));
      if (v.body) {
        if (body === undefined) problems.push(`${operation.id} needs a ${operation.contentType} body`);
        else if (!v.body(body)) problems.push(...ajvErrors(v.body, 'body'));
      } else if (body !== undefined) {
        problems.push(`${operation.id} takes no body`);
      }
      return problems;
    },
    checkResponse(operation, body) {
      const v = validators(operation).response;
      return v && !v(body) ? ajvErrors(v, 'answer') : [];
    },
  };
  cached = { dir: specDir, contract };
  return contract;
}
