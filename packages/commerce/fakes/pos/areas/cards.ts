import { notFound, type Obj, type PosHandler, type PosState, page } from '../state.ts';
import { foundCustomer } from './customers.ts';
import { chargeableCard } from './payments.ts';

/** Pos answers at most 25 cards a page. */
export const FAKE_CARDS_PAGE = 25;

/** A card on file as Pos answers it (also used to seed tests): the sandbox Visa unless `fields` say otherwise. */
export function newCard(state: PosState, fields: Obj): Obj {
  return {
    id: state.id('ccof:'),
    card_brand: 'VISA',
    last_4: '1111',
    exp_month: 12,
    exp_year: new Date(state.now()).getUTCFullYear() + 3,
    fingerprint: 'sq-1-louise-fake-visa-1111',
    merchant_id: 'MLOUISELOCAL',
    enabled: true,
    card_type: 'CREDIT',
    prepaid_type: 'NOT_PREPAID',
    bin: '411111',
    version: 1,
    ...fields,
  };
}

function foundCard(state: PosState, id: unknown): Obj {
  const card = state.table('cards').get(String(id ?? ''));
  if (!card) throw notFound('Card', 'card_id');
  return card;
}

/** Query values arrive as text, or already coerced by the contract check. */
const isTrue = (value: unknown): boolean => value === true || value === 'true';

/** The fake's cards operations, keyed by OpenAPI operation id. */
export const cardsHandlers: Record<string, PosHandler> = {
  CreateCard: ({ state, body }) => {
    const fields = (body['card'] ?? {}) as Obj;
    foundCustomer(state, fields['customer_id']);
    // A token that would decline a payment cannot be kept either (Pos verifies the card when it stores it).
    const from = chargeableCard(state, String(body['source_id']), fields['customer_id']);
    const { id: _id, enabled: _enabled, version: _version, customer_id: _customer, merchant_id: _merchant, ...details } = from;
    const card = newCard(state, { ...details, ...fields });
    state.table('cards').set(String(card['id']), card);
    return { body: { card } };
  },
  ListCards: ({ state, query }) => {
    const q = query as Record<string, unknown>;
    const cards = [...state.table('cards').values()].filter(
      (c) =>
        (q['customer_id'] === undefined || c['customer_id'] === q['customer_id']) &&
        (q['reference_id'] === undefined || c['reference_id'] === q['reference_id']) &&
        (isTrue(q['include_disabled']) || c['enabled'] === true),
    );
    if (q['sort_order'] === 'DESC') cards.reverse();
    const got = page(cards, q['cursor'] as string | undefined, FAKE_CARDS_PAGE);
    return { body: { cards: got.items, ...(got.cursor ? { cursor: got.cursor } : {}) } };
  },
  RetrieveCard: ({ state, params }) => ({ body: { card: foundCard(state, params['card_id']) } }),
  DisableCard: ({ state, params }) => {
    const card = foundCard(state, params['card_id']);
    if (card['enabled'] === true) Object.assign(card, { enabled: false, version: Number(card['version'] ?? 1) + 1 });
    return { body: { card } };
  },
};
