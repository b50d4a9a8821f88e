// What the site's provider webhooks (shop, merch, POS) do first, the same way:
// read the raw body (256 KB at most), check its signature before anything is
// parsed, then parse it as JSON. The routes keep what differs: where the
// signature is, what the event must look like, and what is stored.
import { json } from 'louise/http';

const MAX_EVENT_BYTES = 256 * 1024;

/**
 * The parsed JSON of a signed webhook body, or the response refusing it:
 * 413 `too_large`, 400 `bad_signature` with `mismatch` as its message, or
 * 400 `invalid_json`. `verify` gets the exact text received.
 */
export async function readSignedJson(
  request: Request,
  verify: (body: string) => Promise<boolean>,
  mismatch: string,
): Promise<{ ok: true; data: unknown } | { ok: false; response: Response }> {
  const body = await request.text();
  if (body.length > MAX_EVENT_BYTES) return { ok: false, response: json({ error: 'too_large' }, { status: 413 }) };
  if (!(await verify(body))) return { ok: false, response: json({ error: 'bad_signature', message: mismatch }, { status: 400 }) };
  try {
    return { ok: true, data: JSON.parse(body) };
  } catch {
    return { ok: false, response: json({ error: 'invalid_json' }, { status: 400 }) };
  }
}
