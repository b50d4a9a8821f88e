/** A value Pay's form encoding can carry: nested objects and arrays become bracket keys. */
export type PayFormValue = string | number | boolean | null | undefined | Date | readonly PayFormValue[] | { readonly [key: string]: PayFormValue };

/** Top-level request parameters, as in Pay's API reference (snake_case). */
export type PayParams = { readonly [key: string]: PayFormValue };

/**
 * Percent-encodes like `qs` (what Pay's own SDK matches): `encodeURIComponent`
 * plus `! * ( ) '`, while `[` and `]` stay literal so keys read `metadata[order]`.
 * Spaces become `%20`, never `+`.
 */
function encodeComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!*()']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

function leaf(value: null | string | number | boolean | Date): string {
  if (value === null) return '';
  // Pay reads timestamps as unix seconds.
  if (value instanceof Date) return String(Math.floor(value.getTime() / 1000));
  return String(value);
}

/**
 * Pay's `application/x-www-form-urlencoded` body (also its GET query), byte for
 * byte what stripe-node's `stringifyRequestData` writes, so the provider reads
 * our requests exactly as it reads its own SDK's: nested objects as
 * `a[b]=..`, arrays indexed `a[0]=..`, `undefined` left out, `null` sent as an
 * empty value (Pay's "unset"), booleans as `true`/`false`. Empty objects and
 * arrays send nothing.
 * @example encodePayForm({ amount: 2000, metadata: { order_id: 'a b' } }) // 'amount=2000&metadata[order_id]=a%20b'
 */
export function encodePayForm(params: PayParams): string {
  const pairs: string[] = [];
  const walk = (key: string, value: PayFormValue): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      pairs.push(`${encodeComponent(key)}=${encodeComponent(leaf(value))}`);
    } else if (Array.isArray(value)) {
      // Indexed, never `a[]`: the index keeps the order and the slot of each entry.
      (value as readonly PayFormValue[]).forEach((entry, index) => {
        walk(`${key}[${index}]`, entry);
      });
    } else {
      for (const [name, entry] of Object.entries(value)) walk(`${key}[${name}]`, entry);
    }
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return pairs.join('&');
}
