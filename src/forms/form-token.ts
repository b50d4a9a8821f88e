import { decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import { hmacSha256Base64url, verifyHmacSha256 } from '../security/crypto.ts';

/** Names of the fields a rendered form carries besides its own: the honeypot, the signed render time and the Turnstile token. */
export const FORM_HIDDEN_FIELDS = Object.freeze({ honeypot: '_hp', timestamp: '_ts', captcha: 'cf-turnstile-response' } as const);

const TOKEN = /^([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/;
// The session secret signs other things too; the label keeps a form token from meaning anything else.
const label = (ms: string) => `louise:form-ts:${ms}`;

function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret === '') throw new TypeError('form token: the secret must be a non-empty string');
}

/**
 * The `_ts` value of a rendered form: the render time in ms and its
 * HMAC-SHA256 under `secret`, `<ms>.<base64url mac>`. `formRoute` drops a
 * submission whose token is missing, forged, from the future or younger
 * than the form's `minFillMs` (a bot filling the form at once).
 *
 * @example `<input type="hidden" name="_ts" value={await formTimestamp(secret)}>`
 */
export async function formTimestamp(secret: string, now: number = Date.now()): Promise<string> {
  if (!Number.isSafeInteger(now) || now < 0) throw new RangeError(`formTimestamp: now must be a time in ms, got ${now}`);
  const ms = String(now);
  checkSecret(secret);
  return `${ms}.${await hmacSha256Base64url(secret, label(ms))}`;
}

/** How a `_ts` token reads: `ok` when genuine and at least `minFillMs` old. */
export type FormTimestampCheck = 'ok' | 'missing' | 'forged' | 'too_fresh';

/**
 * Checks a `_ts` token (constant-time, through WebCrypto's verify). A token
 * more than a minute in the future counts as forged: only a clock this
 * server does not share could have made it.
 */
export async function checkFormTimestamp(secret: string, token: unknown, minFillMs: number, now: number = Date.now()): Promise<FormTimestampCheck> {
  if (typeof token !== 'string' || token === '') return 'missing';
  const match = TOKEN.exec(token);
  if (!match) return 'forged';
  const [, ms, mac] = match as unknown as [string, string, string];
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64urlIgnorePadding(mac);
  } catch {
    return 'forged';
  }
  checkSecret(secret);
  const genuine = await verifyHmacSha256(secret, label(ms), bytes);
  if (!genuine) return 'forged';
  const age = now - Number(ms);
  if (age < -60_000) return 'forged';
  return age < minFillMs ? 'too_fresh' : 'ok';
}
