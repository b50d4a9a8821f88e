import { readFileSync } from 'node:fs';
import { sharedSpecDir } from '../openapi.ts';

/**
 * The Merch platform contract as the fake checks it, read from
 * `merch-platform-endpoints.json` (the own-words summary of the provider's API
 * in packages/commerce/specs): which method and path pairs exist, which query names
 * each takes, and the JSON body shapes, written there in a small informal
 * notation ("string", "int (required)", "opt", "PUBLIC | HIDDEN", [item],
 * oneOf on `type`) that `compileShape` turns into checks. Bodies are closed:
 * an unknown field is a problem. Where the file says nothing, the fake adds
 * `ASSUMED` operations, each marked so in `Operation.assumed` and in the
 * violations it reports.
 */

/** Where the specs live: `packages/commerce/specs`, or `MERCH_SPEC_DIR`. */
export function defaultSpecPath(): string {
  return `${sharedSpecDir('MERCH_SPEC_DIR').replace(/\/+$/, '')}/merch-platform-endpoints.json`;
}

type Json = Record<string, unknown>;
type Check = (value: unknown, at: string, problems: string[]) => void;

interface Field {
  check: Check;
  optional: boolean;
}

export interface Operation {
  /** The contract's operation id, e.g. `create-product`. */
  op: string;
  method: string;
  /** The path template under the base, `/products/{productId}`. */
  template: string;
  /** `POST /products`. */
  name: string;
  pattern: RegExp;
  pathNames: string[];
  /** Query names with their checks, or null when the operation takes no query. */
  query: Map<string, { check: Check; repeatable: boolean }> | null;
  /** Body check, or null when the operation takes no body. */
  body: Check | null;
  /** Not in the JSON file: the fake's assumption (see ASSUMED). */
  assumed: boolean;
}

export interface PlatformContract {
  operations: Operation[];
  /** Requests per window per shop from the file's `rateLimits`, by operation name (`default` for all). */
  limits: { default: { count: number; periodMs: number }; byOperation: Map<string, { count: number; periodMs: number }> };
  find(method: string, pathname: string): { operation: Operation; params: Record<string, string> } | null;
  methodsFor(pathname: string): string[];
  /** Problems with a request's query and (parsed JSON) body; empty when it keeps the contract. */
  check(operation: Operation, query: URLSearchParams, body: unknown): string[];
}

/**
 * Field types the file leaves out (it lists the names only) and one fix from
 * merch-notes.md, which marks `placementStrategy` optional (`placementStrategy?`)
 * where the JSON omits the "opt".
 */
const FIELD_TYPES: Record<string, unknown> = {
  name: 'string',
  description: 'string',
  productTemplateId: 'string',
  colors: ['string'],
  sizes: ['string'],
  publishOnCreate: 'boolean',
};
const OPTIONAL_FROM_NOTES = new Set(['placementStrategy']);

/** Operations the file marks "?" or does not list, as the client assumes them; every one is flagged `assumed`. */
const ASSUMED: { op: string; method: string; path: string; body?: unknown }[] = [
  { op: 'get-external-order-by-id', method: 'GET', path: '/external-orders/{orderId}' },
  { op: 'cancel-external-order', method: 'POST', path: '/external-orders/{orderId}/cancel' },
];

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value;
}

/** Compiles one shape of the file's notation into a check. */
export function compileShape(shape: unknown, name = ''): Field {
  if (Array.isArray(shape)) {
    const item = compileShape(shape[0]);
    return {
      optional: false,
      check: (value, at, problems) => {
        if (!Array.isArray(value)) return void problems.push(`${at}: expected an array, got ${kindOf(value)}`);
        for (const [i, v] of value.entries()) item.check(v, `${at}[${i}]`, problems);
      },
    };
  }
  if (typeof shape === 'object' && shape !== null) {
    const fields = new Map(Object.entries(shape as Json).map(([key, sub]) => [key, compileShape(sub, key)]));
    return { optional: false, check: objectCheck(fields) };
  }
  const text = String(shape);
  const optional = /\bopt\b|optional/i.test(text) || OPTIONAL_FROM_NOTES.has(name);
  const enumMatch = /^\s*([A-Z_]+(?:\s*\|\s*[A-Z_]+)+)\s*$/.exec(text);
  if (enumMatch) {
    const allowed = (enumMatch[1] ?? '').split('|').map((s) => s.trim());
    return {
      optional,
      check: (value, at, problems) => {
        if (typeof value !== 'string' || !allowed.includes(value)) problems.push(`${at}: expected one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`);
      },
    };
  }
  const kind = /^\s*int\b/.test(text) ? 'int' : /^\s*number\b/.test(text) ? 'number' : /^\s*boolean\b/.test(text) ? 'boolean' : 'string';
  return {
    optional,
    check: (value, at, problems) => {
      const ok =
        kind === 'int'
          ? Number.isSafeInteger(value)
          : kind === 'number'
            ? typeof value === 'number' && Number.isFinite(value)
            : kind === 'boolean'
              ? typeof value === 'boolean'
              : typeof value === 'string';
      if (!ok) problems.push(`${at}: expected ${kind === 'int' ? 'an integer' : `a ${kind}`}, got ${kindOf(value)}`);
    },
  };
}

function objectCheck(fields: Map<string, Field>): Check {
  return (value, at, problems) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return void problems.push(`${at}: expected an object, got ${kindOf(value)}`);
    const record = value as Json;
    for (const key of Object.keys(record)) if (!fields.has(key)) problems.push(`${at}.${key}: unknown field`);
    for (const [key, field] of fields) {
      if (record[key] === undefined) {
        if (!field.optional) problems.push(`${at}.${key}: required`);
      } else {
        field.check(record[key], `${at}.${key}`, problems);
      }
    }
  };
}

/** `oneOf` on `type`: each variant lists required and optional names, types from the "(number, ...)" note or FIELD_TYPES. */
function oneOfCheck(variants: Json[]): Check {
  const byType = new Map<string, Check>();
  for (const variant of variants) {
    const type = String(variant['type']);
    const fields = new Map<string, Field>();
    const add = (entry: string, optional: boolean) => {
      const name = entry.split(/\s|\(/)[0] ?? entry;
      if (name === 'type') return;
      const noted = /\((\w+)/.exec(entry)?.[1];
      const sub = variant[`${name}[]`];
      const shape = sub !== undefined ? [sub] : noted && ['number', 'int', 'boolean', 'string'].includes(noted) ? noted : (FIELD_TYPES[name] ?? 'string');
      fields.set(name, { ...compileShape(shape, name), optional });
    };
    for (const entry of (variant['required'] as string[] | undefined) ?? []) add(entry, false);
    for (const entry of (variant['optional'] as string[] | undefined) ?? []) add(entry, true);
    fields.set('type', { optional: false, check: () => {} });
    byType.set(type, objectCheck(fields));
  }
  return (value, at, problems) => {
    const type = typeof value === 'object' && value !== null ? (value as Json)['type'] : undefined;
    const check = typeof type === 'string' ? byType.get(type) : undefined;
    if (!check) return void problems.push(`${at}.type: expected one of ${[...byType.keys()].join(', ')}, got ${JSON.stringify(type)}`);
    check(value, at, problems);
  };
}

function compileQuery(query: Json | undefined, pageEnvelope: Json): Operation['query'] {
  if (!query) return null;
  const out: NonNullable<Operation['query']> = new Map();
  const maxSize = /max (\d+)/.exec(String((pageEnvelope['query'] as Json | undefined)?.['size'] ?? ''))?.[1];
  for (const [name, description] of Object.entries(query)) {
    const text = String(description);
    const enumValues = /^([A-Z_]+(?:\|[A-Z_]+)+)$/.exec(text)?.[1]?.split('|');
    const check: Check = (value, at, problems) => {
      const s = String(value);
      if (text.startsWith('int')) {
        if (!/^\d{1,9}$/.test(s)) return void problems.push(`${at}: expected a non-negative integer, got ${JSON.stringify(s)}`);
        if (name === 'size' && maxSize && (Number(s) < 1 || Number(s) > Number(maxSize))) problems.push(`${at}: expected 1 to ${maxSize}, got ${s}`);
      } else if (enumValues && !enumValues.includes(s)) {
        problems.push(`${at}: expected one of ${enumValues.join(', ')}, got ${JSON.stringify(s)}`);
      } else if (text.startsWith('date-time') && Number.isNaN(Date.parse(s))) {
        problems.push(`${at}: expected a date-time, got ${JSON.stringify(s)}`);
      } else if (s === '') {
        problems.push(`${at}: empty`);
      }
    };
    out.set(name, { check, repeatable: /repeatable/.test(text) });
  }
  return out;
}

function pathPattern(template: string): { pattern: RegExp; pathNames: string[] } {
  const segments = template.split('/');
  const pathNames = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  return { pattern: new RegExp(`^${segments.map((s) => (s.startsWith('{') ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`), pathNames };
}

function periodOf(text: string): { count: number; periodMs: number } | null {
  const m = /(\d+)\s*(?:requests\s*)?\/\s*(\d+)?\s*(s|seconds|minute|min)/.exec(text);
  if (!m) return null;
  const unit = m[3]?.startsWith('s') ? 1000 : 60_000;
  return { count: Number(m[1]), periodMs: Number(m[2] ?? 1) * unit };
}

export function loadPlatformContract(specPath: string = defaultSpecPath()): PlatformContract {
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as { operations: Json[]; pageEnvelope: Json; rateLimits: Record<string, string> };
  const operations: Operation[] = [];
  const validate = spec.operations.find((o) => o['op'] === 'validate-external-order');
  const validateBody = (validate?.['body'] ?? {}) as Json;

  for (const entry of spec.operations) {
    const method = String(entry['method']);
    const template = String(entry['path']);
    if (method === '?' || template === '?') continue;
    let body: Check | null = null;
    const shape = entry['body'] as Json | undefined;
    if (shape && Array.isArray(shape['oneOf'])) body = oneOfCheck(shape['oneOf'] as Json[]);
    else if (shape) body = compileShape(shape).check;
    let assumed = false;
    if (entry['op'] === 'create-external-order' && !shape) {
      // "exact body not retrieved; expected to add externalSource, externalOrderId": validate's body plus those two (assumed).
      body = compileShape({ externalSource: 'string', externalOrderId: 'string', ...validateBody }).check;
      assumed = true;
    }
    operations.push({
      op: String(entry['op']),
      method,
      template,
      name: `${method} ${template}`,
      ...pathPattern(template),
      query: compileQuery(entry['query'] as Json | undefined, spec.pageEnvelope),
      body,
      assumed,
    });
  }
  for (const extra of ASSUMED) {
    operations.push({
      op: extra.op,
      method: extra.method,
      template: extra.path,
      name: `${extra.method} ${extra.path}`,
      ...pathPattern(extra.path),
      query: null,
      body: extra.body === undefined ? null : compileShape(extra.body).check,
      assumed: true,
    });
  }
  // Literal segments win over parameters: `/external-orders/validate` before `/external-orders/{orderId}`.
  const literals = (o: Operation) => o.template.split('/').filter((s) => s !== '' && !s.startsWith('{')).length;
  operations.sort((a, b) => literals(b) - literals(a));

  const byOperation = new Map<string, { count: number; periodMs: number }>();
  for (const [key, value] of Object.entries(spec.rateLimits)) {
    const limit = periodOf(value);
    if (limit && key !== 'default') byOperation.set(key, limit);
  }
  const fallback = periodOf(spec.rateLimits['default'] ?? '') ?? { count: 100, periodMs: 10_000 };

  return {
    operations,
    limits: { default: fallback, byOperation },
    find(method, pathname) {
      for (const operation of operations) {
        if (operation.method !== method) continue;
        const m = operation.pattern.exec(pathname);
        if (!m) continue;
        let params: Record<string, string>;
        try {
          params = Object.fromEntries(operation.pathNames.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
        } catch {
          continue;
        }
        return { operation, params };
      }
      return null;
    },
    methodsFor(pathname) {
      return [...new Set(operations.filter((o) => o.pattern.test(pathname)).map((o) => o.method))];
    },
    check(operation, query, body) {
      const problems: string[] = [];
      const seen = new Map<string, number>();
      for (const [name, value] of query) {
        seen.set(name, (seen.get(name) ?? 0) + 1);
        const param = operation.query?.get(name);
        if (!param) {
          problems.push(`query.${name}: unknown parameter`);
          continue;
        }
        param.check(value, `query.${name}`, problems);
      }
      for (const [name, count] of seen) if (count > 1 && operation.query?.get(name)?.repeatable === false) problems.push(`query.${name}: sent ${count} times`);
      if (operation.body) {
        if (body === undefined) problems.push('body: required (JSON)');
        else operation.body(body, 'body', problems);
      } else if (body !== undefined) {
        problems.push(`${operation.name} takes no body`);
      }
      return problems;
    },
  };
}
