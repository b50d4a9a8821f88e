import { obj, objects, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';
import { wireObject } from './wire.ts';

/** A Pos location (a shop, a stand, an online store), normalized. */
export interface PosLocation {
  id: string;
  name: string | null;
  /** `ACTIVE` or `INACTIVE`. */
  status: string | null;
  /** ISO 4217: what this location's prices and payments are in. */
  currency: string | null;
  country: string | null;
  timezone: string | null;
  businessName: string | null;
  address: PosAddress | null;
}

export interface PosAddress {
  addressLine1?: string | null | undefined;
  addressLine2?: string | null | undefined;
  locality?: string | null | undefined;
  administrativeDistrictLevel1?: string | null | undefined;
  postalCode?: string | null | undefined;
  /** ISO 3166 alpha-2. */
  country?: string | null | undefined;
}

/** What `createLocation` and `updateLocation` take. On update every field is optional and only passed ones are sent. */
export interface PosLocationInput {
  name?: string | undefined;
  businessName?: string | undefined;
  description?: string | undefined;
  address?: PosAddress | undefined;
  timezone?: string | undefined;
  phoneNumber?: string | undefined;
  status?: 'ACTIVE' | 'INACTIVE' | undefined;
  websiteUrl?: string | undefined;
  businessEmail?: string | undefined;
}

export function mapAddress(raw: PosObject | null): PosAddress | null {
  if (raw === null) return null;
  return {
    addressLine1: optStr(raw, 'address_line_1'),
    addressLine2: optStr(raw, 'address_line_2'),
    locality: optStr(raw, 'locality'),
    administrativeDistrictLevel1: optStr(raw, 'administrative_district_level_1'),
    postalCode: optStr(raw, 'postal_code'),
    country: optStr(raw, 'country'),
  };
}

export function mapLocation(raw: PosObject, operation: string): PosLocation {
  return {
    id: str(raw, 'id', operation),
    name: optStr(raw, 'name'),
    status: optStr(raw, 'status'),
    currency: optStr(raw, 'currency'),
    country: optStr(raw, 'country'),
    timezone: optStr(raw, 'timezone'),
    businessName: optStr(raw, 'business_name'),
    address: mapAddress(optObj(raw, 'address')),
  };
}

/** Every location of the seller (Pos returns them all in one answer). */
export async function listLocations(config: PosConfig): Promise<PosLocation[]> {
  const op = 'GET /v2/locations';
  const answer = await posRequest(config, 'GET', '/v2/locations');
  return objects(answer, 'locations', op).map((raw) => mapLocation(raw, op));
}

/** One location; a 404 is thrown like any failure (`err.status === 404`). */
export async function retrieveLocation(config: PosConfig, locationId: string): Promise<PosLocation> {
  const path = `/v2/locations/${posPathId(locationId, 'location')}`;
  return mapLocationAnswer(await posRequest(config, 'GET', path), `GET ${path}`);
}

/**
 * A new location. Pos takes no idempotency key here, so this is one request
 * whatever `config.retry` says: a retry after a lost answer could make two.
 */
export async function createLocation(config: PosConfig, input: PosLocationInput & { name: string }): Promise<PosLocation> {
  if (typeof input?.name !== 'string' || input.name.trim() === '') throw new TypeError('Pos createLocation needs a name');
  const answer = await posRequest(config, 'POST', '/v2/locations', { body: { location: wireObject(input) }, retry: false });
  return mapLocationAnswer(answer, 'POST /v2/locations');
}

/** A sparse update: only the fields passed are sent; the rest stay as they are. */
export async function updateLocation(config: PosConfig, locationId: string, fields: PosLocationInput): Promise<PosLocation> {
  const path = `/v2/locations/${posPathId(locationId, 'location')}`;
  const location = wireObject(fields ?? {});
  if (Object.keys(location).length === 0) throw new TypeError('Pos updateLocation needs at least one field to change');
  return mapLocationAnswer(await posRequest(config, 'PUT', path, { body: { location } }), `PUT ${path}`);
}

function mapLocationAnswer(answer: PosObject, operation: string): PosLocation {
  return mapLocation(obj(answer, 'location', operation), operation);
}
