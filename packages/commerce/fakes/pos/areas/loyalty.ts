import { notFound, type Obj, type PosHandler, type PosState, page } from '../state.ts';

/** Pos's documented default page size for an account search. */
const DEFAULT_LIMIT = 30;

/**
 * Seeds the seller's loyalty program (Pos has no endpoint to create one: a
 * seller sets it up in the dashboard). `status` may be `INACTIVE`: Pos still
 * returns such a program.
 */
export function seedLoyaltyProgram(state: PosState, fields: Obj = {}): Obj {
  const program: Obj = {
    id: crypto.randomUUID(),
    status: 'ACTIVE',
    terminology: { one: 'Point', other: 'Points' },
    location_ids: [],
    reward_tiers: [{ id: crypto.randomUUID(), points: 10, name: '$1 off', pricing_rule_reference: { object_id: 'PRICINGRULE1', catalog_version: 1 } }],
    accrual_rules: [{ accrual_type: 'VISIT', points: 1 }],
    created_at: state.isoNow(),
    updated_at: state.isoNow(),
    ...fields,
  };
  state.table('loyaltyPrograms').set(program['id'] as string, program);
  return program;
}

/** Seeds a loyalty account of `customerId` in `programId`. */
export function seedLoyaltyAccount(state: PosState, programId: string, customerId: string, fields: Obj = {}): Obj {
  const account: Obj = {
    id: crypto.randomUUID(),
    program_id: programId,
    customer_id: customerId,
    balance: 0,
    lifetime_points: 0,
    enrolled_at: state.isoNow(),
    created_at: state.isoNow(),
    updated_at: state.isoNow(),
    ...fields,
  };
  state.table('loyaltyAccounts').set(account['id'] as string, account);
  return account;
}

/** The fake's loyalty operations, keyed by OpenAPI operation id. */
export const loyaltyHandlers: Record<string, PosHandler> = {
  RetrieveLoyaltyProgram: ({ state, params }) => {
    const programs = state.table('loyaltyPrograms');
    const id = params['program_id'] ?? '';
    // `main` is the seller's one program, active or not.
    const program = id === 'main' ? [...programs.values()][0] : programs.get(id);
    if (!program) throw notFound('Loyalty program', 'program_id');
    return { body: { program } };
  },
  SearchLoyaltyAccounts: ({ state, body }) => {
    const query = (body['query'] ?? {}) as { customer_ids?: string[]; mappings?: { phone_number?: string }[] };
    const all = [...state.table('loyaltyAccounts').values()].filter(
      (a) =>
        (!query.customer_ids || query.customer_ids.includes(a['customer_id'] as string)) &&
        (!query.mappings || query.mappings.some((m) => m.phone_number === (a['mapping'] as Obj | undefined)?.['phone_number'])),
    );
    const result = page(all, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? DEFAULT_LIMIT);
    return { body: { loyalty_accounts: result.items, ...(result.cursor ? { cursor: result.cursor } : {}) } };
  },
};
