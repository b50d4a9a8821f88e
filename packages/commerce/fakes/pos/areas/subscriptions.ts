import { badRequest, notFound, type Obj, type PosHandler, page } from '../state.ts';

/** Pos's page size when a search names no limit (the fake's choice; Pos does not publish one). */
const DEFAULT_LIMIT = 100;

/** The fake's subscription operations, keyed by OpenAPI operation id. */
export const subscriptionsHandlers: Record<string, PosHandler> = {
  CreateSubscription: ({ state, body }) => {
    const location = state.table('locations').get(body['location_id'] as string);
    if (!location) throw notFound('Location', 'location_id');
    const customerId = body['customer_id'] as string;
    if (!state.table('customers').has(customerId)) throw badRequest('CUSTOMER_NOT_FOUND', 'Customer not found', 'customer_id');
    const today = state.isoNow().slice(0, 10);
    const startDate = (body['start_date'] as string | undefined) ?? today;
    const subscription: Obj = {
      id: state.id().toLowerCase(),
      location_id: body['location_id'],
      customer_id: customerId,
      plan_variation_id: body['plan_variation_id'],
      start_date: startDate,
      status: startDate > today ? 'PENDING' : 'ACTIVE',
      timezone: body['timezone'] ?? location['timezone'],
      version: 1,
      created_at: state.isoNow(),
      ...(body['card_id'] ? { card_id: body['card_id'] } : {}),
      ...(body['price_override_money'] ? { price_override_money: body['price_override_money'] } : {}),
    };
    state.table('subscriptions').set(subscription['id'] as string, subscription);
    return { body: { subscription } };
  },
  SearchSubscriptions: ({ state, body }) => {
    const filter = ((body['query'] as Obj | undefined)?.['filter'] ?? {}) as { customer_ids?: string[]; location_ids?: string[] };
    const all = [...state.table('subscriptions').values()].filter(
      (s) =>
        (!filter.customer_ids || filter.customer_ids.includes(s['customer_id'] as string)) &&
        (!filter.location_ids || filter.location_ids.includes(s['location_id'] as string)),
    );
    const result = page(all, body['cursor'] as string | undefined, (body['limit'] as number | undefined) ?? DEFAULT_LIMIT);
    return { body: { subscriptions: result.items, ...(result.cursor ? { cursor: result.cursor } : {}) } };
  },
};
