import type { ValidateFunction } from 'ajv';

/**
 * The pieces every contract-checking fake shares: matching a request path to
 * an OpenAPI path template, wording ajv's findings, and the canonical JSON
 * an idempotency replay compares requests by.
 */

export type Json = Record<string, unknown>;

/** An OpenAPI operation parameter, as far as the fakes read it. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Json;
}

/**
 * Where the providers' published specs live: the copies committed in this
 * package (`packages/commerce/specs`, see NOTICE.md there), or the folder
 * `variable` names (an empty value counts as unset).
 */
export function sharedSpecDir(variable: string): string {
  return process.env[variable] || new URL('../specs/', import.meta.url).pathname;
}

/** A path template compiled for matching: `/v2/cards/{card_id}` with its parameter names. */
export interface PathTemplate {
  method: string;
  pattern: RegExp;
  pathNames: string[];
  /** Fixed segments: a template with more of them wins (`/customers/search` over `/customers/{id}`). */
  literalSegments: number;
}

export function compileTemplate(method: string, template: string): PathTemplate {
  const segments = template.split('/');
  const pathNames = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const pattern = new RegExp(`^${segments.map((s) => (s.startsWith('{') ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
  return { method: method.toUpperCase(), pattern, pathNames, literalSegments: segments.length - pathNames.length };
}

/** Most specific first, so `find` takes the literal path before a parameter one. */
export function bySpecificity(a: PathTemplate, b: PathTemplate): number {
  return b.literalSegments - a.literalSegments;
}

/** The first operation (sorted with `bySpecificity`) matching method and path, with its decoded path parameters. */
export function findOperation<O extends PathTemplate>(
  operations: readonly O[],
  method: string,
  pathname: string,
): { operation: O; params: Record<string, string> } | null {
  for (const operation of operations) {
    if (operation.method !== method) continue;
    const m = operation.pattern.exec(pathname);
    if (!m) continue;
    const params = Object.fromEntries(operation.pathNames.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]));
    return { operation, params };
  }
  return null;
}

/** ajv's findings as sentences (`body.location: unknown field "businessName"`), at most `max`. */
export function ajvErrors(validate: ValidateFunction, where: string, unknownWord: string, max = Number.POSITIVE_INFINITY): string[] {
  return (validate.errors ?? []).slice(0, max).map((e) => {
    const at = `${where}${e.instancePath.replace(/\//g, '.')}`;
    if (e.keyword === 'additionalProperties')
      return `${at}: unknown ${unknownWord} ${JSON.stringify((e.params as { additionalProperty: string }).additionalProperty)}`;
    return `${at}: ${e.message ?? e.keyword}${e.keyword === 'enum' ? ` ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}` : ''}`;
  });
}

/** JSON with object keys sorted: two requests are the same request whatever order their fields came in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
