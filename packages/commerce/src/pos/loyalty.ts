import { nullOn404, obj, objects, optInt, optObj, optStr, type PosObject, str, strings } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';

/** The seller's loyalty program, normalized. */
export interface PosLoyaltyProgram {
  id: string;
  /** `ACTIVE` or `INACTIVE`: an inactive program is still returned, so check this before offering points. */
  status: string | null;
  /** What a point is called, `{ one: 'Star', other: 'Stars' }`. */
  terminology: { one: string; other: string } | null;
  locationIds: string[];
  rewardTiers: { id: string | null; name: string | null; points: number | null }[];
  accrualRules: { accrualType: string | null; points: number | null }[];
  createdAt: string | null;
  updatedAt: string | null;
}

/** One customer's account in the loyalty program, normalized. */
export interface PosLoyaltyAccount {
  id: string;
  programId: string | null;
  customerId: string | null;
  /** Points available to redeem now. */
  balance: number;
  lifetimePoints: number;
  /** The phone number the account is mapped to, when it is. */
  phoneNumber: string | null;
  enrolledAt: string | null;
  createdAt: string | null;
}

export function mapLoyaltyProgram(raw: PosObject, operation: string): PosLoyaltyProgram {
  const terminology = optObj(raw, 'terminology');
  const one = optStr(terminology, 'one');
  const other = optStr(terminology, 'other');
  return {
    id: str(raw, 'id', operation),
    status: optStr(raw, 'status'),
    terminology: one !== null && other !== null ? { one, other } : null,
    locationIds: strings(raw, 'location_ids'),
    rewardTiers: objects(raw, 'reward_tiers', operation).map((t) => ({ id: optStr(t, 'id'), name: optStr(t, 'name'), points: optInt(t, 'points') })),
    accrualRules: objects(raw, 'accrual_rules', operation).map((r) => ({ accrualType: optStr(r, 'accrual_type'), points: optInt(r, 'points') })),
    createdAt: optStr(raw, 'created_at'),
    updatedAt: optStr(raw, 'updated_at'),
  };
}

export function mapLoyaltyAccount(raw: PosObject, operation: string): PosLoyaltyAccount {
  return {
    id: str(raw, 'id', operation),
    programId: optStr(raw, 'program_id'),
    customerId: optStr(raw, 'customer_id'),
    // Pos leaves out a zero balance.
    balance: optInt(raw, 'balance') ?? 0,
    lifetimePoints: optInt(raw, 'lifetime_points') ?? 0,
    phoneNumber: optStr(optObj(raw, 'mapping'), 'phone_number'),
    enrolledAt: optStr(raw, 'enrolled_at'),
    createdAt: optStr(raw, 'created_at'),
  };
}

/**
 * The loyalty program (`'main'` is the seller's one program), whatever its
 * status: an `INACTIVE` program comes back too. Null only when Pos answers
 * 404 (the seller has no program); any other failure throws, so an outage is
 * never mistaken for "no loyalty program".
 */
export async function retrieveLoyaltyProgram(config: PosConfig, programId = 'main'): Promise<PosLoyaltyProgram | null> {
  const path = `/v2/loyalty/programs/${posPathId(programId, 'loyalty program')}`;
  const answer = await nullOn404(posRequest(config, 'GET', path));
  if (answer === null) return null;
  return mapLoyaltyProgram(obj(answer, 'program', `GET ${path}`), `GET ${path}`);
}

/** The loyalty account linked to a customer, or null when the customer has none. */
export async function retrieveLoyaltyAccountByCustomer(config: PosConfig, customerId: string): Promise<PosLoyaltyAccount | null> {
  const op = 'POST /v2/loyalty/accounts/search';
  if (typeof customerId !== 'string' || customerId.trim() === '') throw new TypeError('Pos retrieveLoyaltyAccountByCustomer needs a customerId');
  const answer = await posRequest(config, 'POST', '/v2/loyalty/accounts/search', { body: { query: { customer_ids: [customerId] } } });
  const first = objects(answer, 'loyalty_accounts', op)[0];
  return first === undefined ? null : mapLoyaltyAccount(first, op);
}
