import * as v from 'valibot';
import { HttpError } from './errors.ts';
import { jsonLimitProblem, type JsonLimits } from './json-limits.ts';

/** Largest JSON body the editor routes read (1 MB); larger answers 413. */
export const MAX_JSON_BODY = 1024 * 1024;

/** What any JSON body may hold before a schema looks at it; fields set their own, tighter limits. */
const BODY_LIMITS: JsonLimits = { maxDepth: 64, maxMembers: 10_000, maxNodes: 100_000, maxChars: MAX_JSON_BODY, forbidProtoKeys: false };

/**
 * Reads a JSON body and validates it with a valibot schema. Bad JSON, a body
 * of the wrong shape, an oversized or too deeply nested body answer a 4xx
 * `HttpError` whose message says what to fix; nothing downstream sees
 * unvalidated input. An empty body is `undefined` to the schema.
 *
 * Only `application/json` is read (parameters such as `charset` allowed):
 * anything else, or a body with no type, is 415.
 * A cross-site page can send `text/plain` or a form type without a CORS
 * preflight, never `application/json`, so this stands beside the
 * same-origin check instead of leaving writes to that one check.
 */
export async function parseBody<S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S>> {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonType(type)) throw UNSUPPORTED;
  const text = await request.text();
  // No type is fine only where there is nothing to read (a bare `POST .../publish`).
  if (type === null && text !== '') throw UNSUPPORTED;
  if (text.length > MAX_JSON_BODY) throw new HttpError(413, 'too_large', `The request body is larger than ${MAX_JSON_BODY} bytes.`);
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const problem = data === undefined ? null : jsonLimitProblem(data, BODY_LIMITS);
  if (problem) throw new HttpError(413, 'too_large', `The request body ${problem}.`);
  const result = v.safeParse(schema, data);
  if (!result.success) throw new HttpError(400, 'invalid_body', v.summarize(result.issues));
  return result.output;
}

const UNSUPPORTED = new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');

/** `application/json`, with any parameters (`; charset=utf-8`). */
function isJsonType(type: string): boolean {
  return (type.split(';', 1)[0] ?? '').trim().toLowerCase() === 'application/json';
}

/**
 * A JSON object body with its keys exactly as sent. (valibot's `record` and
 * `object` drop `__proto__`, `constructor` and `prototype` silently; the
 * field allowlist must see them to refuse them by name.)
 */
export function jsonObject(message: string): v.GenericSchema<unknown, Record<string, unknown>> {
  return v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), message);
}
