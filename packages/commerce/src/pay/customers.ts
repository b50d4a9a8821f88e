import type { PayFormValue } from './form.ts';
import { pathId, payRequest, stepKey, type PayOptions } from './request.ts';
import { optObj, optStr, str, stringRecord, type PayObject } from './read.ts';

/** A postal address. Pay needs `line1` and `country` (ISO 3166-1 alpha-2) to compute tax. */
export interface PayAddress {
  line1: string;
  line2?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  postalCode?: string | undefined;
  country: string;
}

/** A customer as `ensureCustomer` returns it; pass it to `createLineItemInvoice`. */
export interface PayCustomer {
  id: string;
  email: string | null;
  name: string | null;
  address: PayAddress | null;
}

type AddressParam = { line1: string; line2: string | null; city: string | null; state: string | null; postal_code: string | null; country: string };

function addressParam(address: PayAddress): AddressParam {
  if (typeof address.line1 !== 'string' || address.line1.trim() === '') throw new TypeError('PayAddress line1 is required.');
  if (typeof address.country !== 'string' || !/^[A-Za-z]{2}$/.test(address.country)) {
    throw new TypeError(`PayAddress country must be an ISO 3166-1 alpha-2 code, got ${JSON.stringify(address.country)}`);
  }
  // Absent parts are sent as empty (Pay's "unset"), so an update clears a stale line2.
  return {
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city ?? null,
    state: address.state ?? null,
    postal_code: address.postalCode ?? null,
    country: address.country.toUpperCase(),
  };
}

/** Pay's address, or null when it is too incomplete to be one (no line1 or country). */
function readAddress(raw: PayObject | null): PayAddress | null {
  const line1 = optStr(raw, 'line1');
  const country = optStr(raw, 'country');
  if (!line1 || !country) return null;
  const address: PayAddress = { line1, country };
  const line2 = optStr(raw, 'line2');
  const city = optStr(raw, 'city');
  const state = optStr(raw, 'state');
  const postalCode = optStr(raw, 'postal_code');
  if (line2) address.line2 = line2;
  if (city) address.city = city;
  if (state) address.state = state;
  if (postalCode) address.postalCode = postalCode;
  return address;
}

function sameAddress(stored: PayObject | null, wanted: AddressParam): boolean {
  return (Object.keys(wanted) as (keyof AddressParam)[]).every((key) => (optStr(stored, key) || null) === (wanted[key] || null));
}

export function payCustomer(raw: PayObject, operation: string): PayCustomer {
  return { id: str(raw, 'id', operation), email: optStr(raw, 'email'), name: optStr(raw, 'name'), address: readAddress(optObj(raw, 'address')) };
}

/**
 * The customer with this email, created when there is none, so a returning
 * buyer keeps one record (and one invoice history). Lookup is Pay's list
 * filter, which is case-sensitive: pass emails normalized the same way every
 * time. When the customer exists, a given `name`, `address` or metadata
 * entry that differs from the stored one is updated: the newest checkout
 * knows the current address, and tax is computed from it. Fields not given
 * are left alone. Creation is idempotent per email and input, so two
 * concurrent first checkouts make one customer.
 */
export async function ensureCustomer(
  secretKey: string,
  input: { email: string; name?: string | undefined; address?: PayAddress | undefined; metadata?: Record<string, string> | undefined },
  options?: PayOptions,
): Promise<PayCustomer> {
  if (typeof input.email !== 'string' || !input.email.includes('@')) throw new TypeError('ensureCustomer needs an email address.');
  const address = input.address === undefined ? undefined : addressParam(input.address);
  const found = await payRequest(secretKey, 'GET', '/v1/customers', { email: input.email, limit: 1 }, options);
  const first = Array.isArray(found['data']) ? (found['data'][0] as PayObject | undefined) : undefined;
  const wanted = { email: input.email, name: input.name, address, metadata: input.metadata };
  // With the caller's key, one key per step; without, each write's key is derived from what it sends.
  const keyFor = async (step: string) => (options?.idempotencyKey === undefined ? undefined : await stepKey(options.idempotencyKey, step));

  if (first === undefined) {
    const created = await payRequest(secretKey, 'POST', '/v1/customers', wanted, { ...options, idempotencyKey: await keyFor('create') });
    return payCustomer(created, 'POST /v1/customers');
  }

  const id = pathId(str(first, 'id', 'GET /v1/customers'), 'customer');
  const changes: Record<string, PayFormValue> = {};
  if (input.name !== undefined && input.name !== optStr(first, 'name')) changes['name'] = input.name;
  if (address && !sameAddress(optObj(first, 'address'), address)) changes['address'] = address;
  const stored = stringRecord(first['metadata']);
  const metadata = Object.fromEntries(Object.entries(input.metadata ?? {}).filter(([k, v]) => stored[k] !== v));
  if (Object.keys(metadata).length > 0) changes['metadata'] = metadata;
  if (Object.keys(changes).length === 0) return payCustomer(first, 'GET /v1/customers');

  const path = `/v1/customers/${id}`;
  const updated = await payRequest(secretKey, 'POST', path, changes, { ...options, idempotencyKey: await keyFor('update') });
  return payCustomer(updated, `POST ${path}`);
}
