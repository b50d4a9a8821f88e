import { HttpError } from '../http/errors.ts';
import { errorName } from '../security/degraded.ts';
import { normalizeFieldText } from '../security/field-text.ts';
import { MAX_ALT, MAX_CAPTION, uploadText } from './asset.ts';
import { MultipartError, multipartBoundary, parseMultipart, readTextPart } from './multipart.ts';
import { tooLarge, type StoredFile, type StoreResult } from './store.ts';

/** The text fields of an upload form, and the file's name as sent (for the library's text filter only). */
export interface UploadFields {
  alt: string;
  caption: string;
  /** `listMediaRoute`'s upload scope; null when the form has none. */
  scope: string | null;
  filename: string;
}

export interface ReceiveUploadOptions<A> {
  maxBytes: number;
  /** Whether the form may carry `scope` (listMediaRoute); otherwise a `scope` part is ignored. */
  scope: boolean;
  /**
   * Whether text fields may follow the file. `mediaRoute` keeps them in its
   * table, written after the file; `listMediaRoute` writes them with the
   * object, so there they must come first (400 otherwise).
   */
  fieldsAfterFile: boolean;
  /** Stores the file part's bytes, with the fields read before it. */
  store(body: ReadableStream<Uint8Array>, fields: UploadFields): Promise<StoreResult<A>>;
  /** Removes what `store` wrote, when the rest of the request is refused. */
  undo(stored: StoredFile): Promise<void>;
}

/**
 * Room for the form around the file (part headers, boundaries, alt, caption
 * and scope) when `Content-Length` is checked against the file limit.
 */
export const FORM_OVERHEAD = 64 * 1024;
/** Longest file name kept, in characters. */
const MAX_FILENAME = 255;
const MAX_SCOPE_BYTES = 256;

/**
 * Reads a `multipart/form-data` upload as a stream: `file` (required, one),
 * `alt` and `caption` (optional text), and `scope` where allowed. A
 * `Content-Length` over the limit is refused before reading (413); a body
 * that is not multipart, a malformed one, or one without a file is 400
 * `invalid_body`. Other parts are skipped unread. When the request fails
 * after the file was stored, `undo` removes it, so a refused request stores
 * nothing.
 */
export async function receiveUpload<A>(request: Request, options: ReceiveUploadOptions<A>): Promise<{ fields: UploadFields; result: StoreResult<A> }> {
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (!boundary || !request.body) throw new HttpError(400, 'invalid_body', 'Send the upload as multipart/form-data, with the file in the field named file.');
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (length > options.maxBytes + FORM_OVERHEAD) throw tooLarge(options.maxBytes);
  const fields: UploadFields = { alt: '', caption: '', scope: null, filename: '' };
  let result: StoreResult<A> | null = null;
  try {
    for await (const part of parseMultipart(request.body, boundary)) {
      if (part.name === 'file') {
        if (result) throw new HttpError(400, 'invalid_body', 'Send one file per upload.');
        fields.filename = normalizeFieldText(part.filename ?? '', { oneLine: true }).slice(0, MAX_FILENAME);
        result = await options.store(part.body, fields);
        continue;
      }
      const text = part.name === 'alt' || part.name === 'caption' || (part.name === 'scope' && options.scope);
      if (!text) {
        await part.body.cancel();
        continue;
      }
      if (result && !options.fieldsAfterFile)
        throw new HttpError(400, 'invalid_body', `Put ${part.name} before file in the form: it is stored with the file, so it must arrive first.`);
      if (part.name === 'scope') fields.scope = await readTextPart(part, MAX_SCOPE_BYTES);
      else if (part.name === 'alt') fields.alt = uploadText('alt', await readTextPart(part, MAX_ALT * 4));
      else fields.caption = uploadText('caption', await readTextPart(part, MAX_CAPTION * 4));
    }
    if (!result) throw new HttpError(400, 'invalid_body', 'The form has no file: send it in the field named file.');
    return { fields, result };
  } catch (error) {
    if (result?.stored) await undo(options, result.stored);
    if (error instanceof MultipartError) throw new HttpError(400, 'invalid_body', `The upload is not well-formed multipart/form-data: ${error.message}`);
    throw error;
  }
}

/** Runs `undo`; its own failure is logged, so the refusal that caused it is what the client hears. */
async function undo(options: ReceiveUploadOptions<unknown>, stored: StoredFile): Promise<void> {
  try {
    await options.undo(stored);
  } catch (error) {
    console.error(`louise: could not remove ${stored.key} after a refused upload; delete it from the bucket by hand.`, errorName(error));
  }
}
