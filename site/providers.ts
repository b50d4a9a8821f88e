// What the site's provider integrations (shop, merch, POS) share: how a
// provider failure is logged, and what their webhooks do first (read the raw
// body, 256 KB at most, check its signature before anything is parsed, then
// parse it as JSON). The routes keep what differs: where the signature is,
// what the event must look like, what is stored, and the words visitors see.
import { json } from 'louise/http';
import { UpstreamError, upstreamLogLine } from 'louise/security';

/** Logs a provider failure (never a credential: see upstreamLogLine); anything else is rethrown. */
export function logUpstreamFailure(error: unknown): void {
  if (!(error instanceof UpstreamError)) throw error;
  console.error(upstreamLogLine(error));
}

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
