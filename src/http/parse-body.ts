import * as v from 'valibot';
import { HttpError } from './errors.ts';

/** Largest JSON body the editor routes read (1 MB); larger answers 413. */
export const MAX_JSON_BODY = 1024 * 1024;

/**
 * Reads a JSON body and validates it with a valibot schema. Bad JSON, a body
 * of the wrong shape or an oversized body answer a 4xx `HttpError` whose
 * message says what to fix; nothing downstream sees unvalidated input.
 */
export async function parseBody<S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S>> {
  const text = await request.text();
  if (text.length > MAX_JSON_BODY) throw new HttpError(413, 'too_large', `The request body is larger than ${MAX_JSON_BODY} bytes.`);
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const result = v.safeParse(schema, data);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue ? v.getDotPath(issue) : null;
    throw new HttpError(400, 'invalid_body', `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid body'}`);
  }
  return result.output;
}
