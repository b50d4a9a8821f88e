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
 * Pay's published contract, as the fake checks it: the OpenAPI description
 * (`pay-openapi.json`, the 2023-08-16 subset: shapes and parameter names), the
 * current endpoint list (`pay-endpoints-current.json`, from stripe@23.1.0)
 * and the parameters the current API removed since that subset was cut.
 */

/** Where the specs live: `packages/commerce/specs`, or `PAY_SPEC_DIR`. */
export function defaultSpecDir(): string {
  return sharedSpecDir('PAY_SPEC_DIR');
}

/**
 * Parameters the 2023 subset still lists but the pinned current API dropped
 * (pay-notes.md; stripe-node's current param types). Sending one is a
 * violation even though the old schema would accept it.
 */
const REMOVED_PARAMS: Record<string, readonly string[]> = {
  'POST /v1/payment_intents': ['payment_method_types'],
  'POST /v1/payment_intents/{intent}': ['payment_method_types'],
  'POST /v1/payment_intents/{intent}/confirm': ['payment_method_types'],
  'POST /v1/invoiceitems': ['unit_amount', 'price'],
  'POST /v1/invoiceitems/{invoiceitem}': ['unit_amount', 'price'],
};

export interface Operation extends PathTemplate {
  /** The path template, `/v1/payment_intents/{intent}`. */
  template: string;
  /** `POST /v1/payment_intents/{intent}/confirm`. */
  name: string;
  parameters: Parameter[];
  bodySchema: Json | null;
}

export interface Contract {
  /** The operation for a method and path, with its path parameters; null for a path Pay does not have. */
  find(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | null;
  /** Methods Pay has for the path (for a 405-style answer), empty for an unknown path. */
  methodsFor(pathname: string): string[];
  /** Problems with the query and body (already decoded from the form encoding), coercing strings in place. Empty when valid. */
  check(operation: Operation, params: Record<string, string>, query: Json, body: Json): string[];
}

/** Stripe rejects unknown nested parameters too; the subset only says so at the top. */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out[k] = `pay.json${v}`;
    else if (k === 'properties' && typeof v === 'object' && v !== null) out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, closeObjects(s)]));
    else out[k] = closeObjects(v);
  }
  if (out['type'] === 'object' && out['properties'] !== undefined && out['additionalProperties'] === undefined) out['additionalProperties'] = false;
  return out;
}

function ajvErrors(validate: ValidateFunction, where: string): string[] {
  return describeErrors(validate, where, 'parameter');
}

export function loadContract(specDir: string = defaultSpecDir()): Contract {
  const spec = JSON.parse(readFileSync(`${specDir}/pay-openapi.json`, 'utf8')) as { paths: Record<string, Record<string, Json>>; components: Json };
  const current = JSON.parse(readFileSync(`${specDir}/pay-endpoints-current.json`, 'utf8')) as { endpoints: Record<string, { http: string; path: string }[]> };
  const currentOps = new Set(Object.values(current.endpoints).flatMap((list) => list.map((e) => `${e.http} ${e.path.replace(/\{[^}]+\}/g, '{}')}`)));

  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op['requestBody'] as Json | undefined)?.['content'] as Record<string, Json> | undefined;
      const bodySchema = (content?.['application/x-www-form-urlencoded']?.['schema'] as Json | undefined) ?? null;
      operations.push({
        ...compileTemplate(method, template),
        template,
        name: `${method.toUpperCase()} ${template}`,
        parameters: (op['parameters'] as Parameter[] | undefined) ?? [],
        bodySchema,
      });
    }
  }
  // `/v1/customers/search` before `/v1/customers/{customer}`.
  operations.sort(bySpecificity);

  const ajv = new Ajv({ strict: false, coerceTypes: true, allErrors: true, validateSchema: false });
  // Pay's one custom format: a decimal number as a string (unit_amount_decimal).
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addFormat('unix-time', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addSchema({ components: spec.components }, 'pay.json');
  const compiled = new Map<string, { query: ValidateFunction; path: ValidateFunction; body: ValidateFunction | null }>();

  function validators(operation: Operation) {
    let entry = compiled.get(operation.name);
    if (!entry) {
      const group = (where: 'query' | 'path') => {
        const list = operation.parameters.filter((p) => p.in === where);
        const properties = Object.fromEntries(list.map((p) => [p.name, closeObjects(p.schema ?? {})]));
        const required = list.filter((p) => p.required).map((p) => p.name);
        return ajv.compile({ type: 'object', properties, required, additionalProperties: false });
      };
      entry = { query: group('query'), path: group('path'), body: operation.bodySchema ? ajv.compile(closeObjects(operation.bodySchema) as Json) : null };
      compiled.set(operation.name, entry);
    }
    return entry;
  }

  return {
    find: (method, pathname) => findOperation(operations, method, pathname),
    methodsFor(pathname) {
      return [...new Set(operations.filter((o) => o.pattern.test(pathname)).map((o) => o.method))];
    },
    check(operation, params, query, body) {
      const problems: string[] = [];
      if (!currentOps.has(`${operation.method} ${operation.template.replace(/\{[^}]+\}/g, '{}')}`)) {
        problems.push(`${operation.name} is not in the current API (pay-endpoints-current.json)`);
      }
      for (const name of REMOVED_PARAMS[operation.name] ?? []) {
        if (name in body) problems.push(`body.${name}: removed from the current API (pinned 2026-10-28.endive)`);
      }
      const v = validators(operation);
      if (!v.path(params)) problems.push(...ajvErrors(v.path, 'path'));
      if (!v.query(query)) problems.push(...ajvErrors(v.query, 'query'));
      if (v.body) {
        if (!v.body(body)) problems.push(...ajvErrors(v.body, 'body'));
      } else if (Object.keys(body).length > 0) {
        problems.push(`${operation.name} takes no body`);
      }
      return problems;
    },
  };
}
