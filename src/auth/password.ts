import { base64url, equalBytes, fromBase64url, randomBytes, type RandomBytes } from './crypto.ts';

/**
 * PBKDF2-SHA256 iterations for new hashes. Deployed Workers refuse counts
 * above 100,000 (local workerd does not), so this is the ceiling there; the
 * count is stored with each hash so it can be raised where the runtime allows.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const HASH_BYTES = 32;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFKC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BYTES * 8);
  return new Uint8Array(bits);
}

/** Hashes a password as `pbkdf2-sha256$<iterations>$<salt>$<hash>` with a fresh 128-bit salt. */
export async function hashPassword(password: string, options: { iterations?: number; random?: RandomBytes } = {}): Promise<string> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = (options.random ?? randomBytes)(16);
  return `${SCHEME}$${iterations}$${base64url(salt)}$${base64url(await derive(password, salt, iterations))}`;
}

/**
 * Checks a password against a stored hash. A malformed hash never matches
 * and never throws: anything but `pbkdf2-sha256$<count>$<salt>$<32-byte hash>`
 * with a count WebCrypto accepts is false.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  return equalBytes(await derive(password, parsed.salt, parsed.iterations), parsed.expected);
}

// PBKDF2's iteration count is a WebIDL unsigned long: a larger one throws.
const MAX_ITERATIONS = 2 ** 32 - 1;

function parseHash(stored: string): { iterations: number; salt: Uint8Array<ArrayBuffer>; expected: Uint8Array } | null {
  const parts = stored.split('$');
  if (parts.length !== 4) return null;
  const [scheme, count = '', saltText = '', hashText = ''] = parts;
  if (scheme !== SCHEME || !/^[1-9][0-9]{0,9}$/.test(count)) return null;
  const iterations = Number(count);
  const salt = fromBase64url(saltText);
  const expected = fromBase64url(hashText);
  if (iterations > MAX_ITERATIONS || !salt || salt.length === 0 || expected?.length !== HASH_BYTES) return null;
  return { iterations, salt, expected };
}

/**
 * A hash of no one's password, verified when an email is unknown so a wrong
 * email costs the same time as a wrong password.
 */
export const DUMMY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
