import { readCapped } from '../http/bytes.ts';
import { HttpError } from '../http/errors.ts';

/** Largest form submission body read (64 KB); larger answers 413. */
export const MAX_FORM_BODY = 64 * 1024;

/** A submission body as sent: `json` answers in JSON, `form` (a plain HTML form) with a redirect. */
export interface ReadSubmission {
  kind: 'json' | 'form';
  fields: Record<string, unknown>;
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Reads a form submission: a JSON object, or `application/x-www-form-urlencoded`
 * / `multipart/form-data` (read only after the size check, so `formData()`
 * never buffers more than 64 KB). A repeated form key keeps its last value.
 * Refusals are `HttpError`s saying what to fix: 413 over 64 KB, 415 another
 * type, 400 bad JSON, a JSON body that is not an object, or a file part.
 */
export async function readSubmission(request: Request): Promise<ReadSubmission> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const json = type === 'application/json';
  if (!json && !FORM_TYPES.includes(type))
    throw new HttpError(415, 'unsupported_media_type', 'Send the form as application/json, application/x-www-form-urlencoded or multipart/form-data.');
  const bytes = await readBody(request);
  if (json) return { kind: 'json', fields: parseJsonObject(bytes) };
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? type } }).formData();
  } catch {
    throw new HttpError(400, 'invalid_body', 'The form data could not be read. Send the form again.');
  }
  const fields: Record<string, unknown> = {};
  let file = false;
  form.forEach((value, name) => {
    if (typeof value !== 'string') file = true;
    // A data property even for `__proto__`; a repeated name keeps its last value.
    else Object.defineProperty(fields, name, { value, enumerable: true, writable: true, configurable: true });
  });
  if (file) throw new HttpError(400, 'file_not_accepted', 'This form takes no files: send text fields only.');
  return { kind: 'form', fields };
}

/** The body, at most 64 KB: a `Content-Length` over it is refused before anything is read. */
async function readBody(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new HttpError(413, 'too_large', `The form is larger than ${MAX_FORM_BODY / 1024} KB. Shorten the text and send it again.`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_FORM_BODY) throw tooLarge();
  return readCapped(request.body, MAX_FORM_BODY, tooLarge);
}

function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new HttpError(400, 'invalid_body', 'Send the form fields as a JSON object.');
  return data as Record<string, unknown>;
}
