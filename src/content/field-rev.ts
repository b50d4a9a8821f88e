// Pure and synchronous on purpose: the browser client imports this file to
// compute the same revisions the server does, so it imports nothing.

/**
 * Canonical JSON: object keys sorted by UTF-16 code unit order, no
 * whitespace, `undefined` members dropped (as JSON.stringify does). Equal
 * values give equal text whatever their key order. Iterative, so a value
 * nested thousands of levels deep hashes instead of overflowing the stack.
 * @internal (not exported from any package entry)
 */
export function canonicalJson(value: unknown): string {
  let out = '';
  // Work items, last first: a value still to write, or text to append as is.
  const work: ({ value: unknown } | string)[] = [{ value }];
  while (work.length > 0) {
    const item = work.pop() as { value: unknown } | string;
    if (typeof item === 'string') {
      out += item;
      continue;
    }
    const current = item.value;
    if (current === null || typeof current !== 'object') {
      const text = JSON.stringify(current);
      out += text === undefined ? 'null' : text;
    } else if (Array.isArray(current)) {
      out += '[';
      work.push(']');
      for (let i = current.length - 1; i >= 0; i--) {
        work.push({ value: current[i] });
        if (i > 0) work.push(',');
      }
    } else {
      out += '{';
      work.push('}');
      const members = Object.keys(current)
        .sort()
        .filter((key) => {
          const member = (current as Record<string, unknown>)[key];
          return member !== undefined && typeof member !== 'function';
        });
      for (let i = members.length - 1; i >= 0; i--) {
        const key = members[i] as string;
        work.push({ value: (current as Record<string, unknown>)[key] });
        work.push(`${JSON.stringify(key)}:`);
        if (i > 0) work.push(',');
      }
    }
  }
  return out;
}

const encoder = new TextEncoder();

/**
 * The revision of one field's value: FNV-1a 64-bit over the UTF-8 bytes of
 * `canonicalJson(value)`, as 16 lower-case hex characters.
 *
 * Algorithm (so any runtime can reproduce it): start from the offset basis
 * 0xcbf29ce484222325; for each byte, XOR it into the low bits, then multiply
 * by the prime 0x100000001b3 modulo 2^64. The 64-bit state is kept as two
 * 32-bit halves so no BigInt is needed. Not a security hash: it detects that
 * a value changed, nothing more.
 *
 * @example fieldRev('') // '07cc7607b4949e25' (the hash of the two bytes `""`)
 */
export function fieldRev(value: unknown): string {
  return fnv1a64Hex(encoder.encode(canonicalJson(value)));
}

/**
 * FNV-1a 64-bit of raw bytes as 16 hex characters.
 * @internal (not exported from any package entry)
 */
export function fnv1a64Hex(bytes: Uint8Array): string {
  // hi:lo = 0xcbf29ce4:84222325
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < bytes.length; i++) {
    lo ^= bytes[i] as number;
    // (hi:lo) * (0x100:0x000001b3) mod 2^64, in 16-bit limbs to stay exact in doubles.
    const lo16 = lo & 0xffff;
    const loHi16 = lo >>> 16;
    const newLoLow = lo16 * 0x1b3;
    const newLoHigh = loHi16 * 0x1b3 + (newLoLow >>> 16);
    const carry = Math.floor(newLoHigh / 0x10000);
    const resultLo = ((newLoHigh & 0xffff) << 16) | (newLoLow & 0xffff);
    // hi part: hi * 0x1b3 + lo * 0x100 (the prime's high word) + carry, mod 2^32.
    const resultHi = (Math.imul(hi, 0x1b3) + Math.imul(lo, 0x100) + carry) | 0;
    lo = resultLo >>> 0;
    hi = resultHi >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** Revisions of several fields of one snapshot (absent fields hash as null). */
export function fieldRevs(data: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, string> {
  const revs: Record<string, string> = {};
  for (const key of keys) revs[key] = fieldRev(data[key] ?? null);
  return revs;
}

/** The body key of a draft save carrying the revisions the save started from. */
export const DRAFT_BASE_KEY = '$base';
