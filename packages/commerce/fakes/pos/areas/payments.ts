import { badRequest, notFound, type Obj, type PosHandler, PosFault, type PosState } from '../state.ts';
import { foundOrder } from './orders.ts';

/**
 * Pos's sandbox test tokens (developer.squareup.com/docs/devtools/sandbox/payments):
 * the one that succeeds and the declines the client must surface. Anything
 * else that is not a card on file is refused as Pos refuses an unknown token.
 */
export const SANDBOX_TOKEN_OK = 'cnon:card-nonce-ok';
export const SANDBOX_TOKEN_DECLINED = 'cnon:card-nonce-declined';

const DECLINES: Record<string, { status: number; code: string }> = {
  [SANDBOX_TOKEN_DECLINED]: { status: 402, code: 'CARD_DECLINED' },
  'cnon:card-nonce-rejected-cvv': { status: 400, code: 'CVV_FAILURE' },
  'cnon:card-nonce-rejected-postalcode': { status: 400, code: 'ADDRESS_VERIFICATION_FAILURE' },
  'cnon:card-nonce-rejected-expiration': { status: 400, code: 'INVALID_EXPIRATION' },
};

/** The test Visa every sandbox token stands for. */
export function sandboxCard(state: PosState): Obj {
  return {
    card_brand: 'VISA',
    last_4: '1111',
    exp_month: 12,
    exp_year: new Date(state.now()).getUTCFullYear() + 3,
    fingerprint: 'sq-1-louise-fake-visa-1111',
    card_type: 'CREDIT',
    prepaid_type: 'NOT_PREPAID',
    bin: '411111',
  };
}

/**
 * The card a `source_id` charges: a sandbox token (a decline throws as Pos
 * answers it) or an enabled card on file of `customerId`.
 */
export function chargeableCard(state: PosState, sourceId: string, customerId: unknown): Obj {
  const decline = DECLINES[sourceId];
  if (decline) throw new PosFault(decline.status, 'PAYMENT_METHOD_ERROR', decline.code, 'Authorization error', 'source_id');
  if (sourceId === SANDBOX_TOKEN_OK) return sandboxCard(state);
  const onFile = state.table('cards').get(sourceId);
  if (onFile) {
    if (onFile['enabled'] !== true) throw new PosFault(400, 'PAYMENT_METHOD_ERROR', 'INVALID_CARD', 'The card on file is disabled', 'source_id');
    if (onFile['customer_id'] !== customerId) throw badRequest('INVALID_VALUE', 'customer_id must be the card owner', 'customer_id');
    return onFile;
  }
  throw new PosFault(400, 'INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'The source_id is not a valid card token', 'source_id');
}

/** The fake's payments operations, keyed by OpenAPI operation id. */
export const paymentsHandlers: Record<string, PosHandler> = {
  CreatePayment: ({ state, body }) => {
    const amount = body['amount_money'] as { amount: number; currency: string } | undefined;
    if (!amount) throw badRequest('MISSING_REQUIRED_PARAMETER', 'amount_money is required', 'amount_money');
    if (amount.amount <= 0) throw badRequest('INVALID_VALUE', 'amount_money must be positive', 'amount_money.amount');
    const order = body['order_id'] === undefined ? undefined : foundOrder(state, body['order_id']);
    const due = order?.['net_amount_due_money'] as { amount: number; currency: string } | undefined;
    if (order && order['state'] !== 'OPEN') throw badRequest('BAD_REQUEST', 'The order is not open', 'order_id');
    if (due && due.currency !== amount.currency)
      throw badRequest('CURRENCY_MISMATCH', 'The payment and the order are in different currencies', 'amount_money.currency');
    if (due && amount.amount > due.amount) throw badRequest('PAYMENT_AMOUNT_MISMATCH', 'The payment is more than the order total', 'amount_money.amount');
    const card = chargeableCard(state, String(body['source_id']), body['customer_id']);
    const locationId = body['location_id'] ?? order?.['location_id'] ?? [...state.table('locations').keys()][0];
    if (typeof locationId !== 'string' || !state.table('locations').has(locationId)) throw notFound('Location', 'location_id');
    const now = state.isoNow();
    const id = state.id();
    const payment: Obj = {
      id,
      created_at: now,
      updated_at: now,
      amount_money: amount,
      total_money: amount,
      approved_money: amount,
      status: 'COMPLETED',
      source_type: 'CARD',
      card_details: {
        status: 'CAPTURED',
        card: Object.fromEntries(
          Object.entries(card).filter(([k]) =>
            ['card_brand', 'last_4', 'exp_month', 'exp_year', 'fingerprint', 'card_type', 'prepaid_type', 'bin'].includes(k),
          ),
        ),
        entry_method: typeof body['source_id'] === 'string' && body['source_id'].startsWith('ccof:') ? 'ON_FILE' : 'KEYED',
        cvv_status: 'CVV_ACCEPTED',
        avs_status: 'AVS_ACCEPTED',
      },
      location_id: locationId,
      ...(order ? { order_id: order['id'] } : {}),
      ...(body['customer_id'] ? { customer_id: body['customer_id'] } : {}),
      ...(body['reference_id'] ? { reference_id: body['reference_id'] } : {}),
      ...(body['note'] ? { note: body['note'] } : {}),
      receipt_number: id.slice(0, 4),
      receipt_url: `https://squareupsandbox.com/receipt/preview/${id}`,
      version_token: state.id(),
    };
    state.table('payments').set(id, payment);
    if (order && due) {
      const left = due.amount - amount.amount;
      const tender = {
        id: state.id(),
        location_id: locationId,
        transaction_id: order['id'],
        created_at: now,
        amount_money: amount,
        type: 'CARD',
        payment_id: id,
      };
      Object.assign(order, {
        tenders: [...((order['tenders'] as Obj[] | undefined) ?? []), tender],
        net_amount_due_money: { amount: left, currency: due.currency },
        version: Number(order['version'] ?? 1) + 1,
        updated_at: now,
        ...(left === 0 ? { state: 'COMPLETED', closed_at: now } : {}),
      });
    }
    state.notify('payment.created', 'payment', payment);
    return { body: { payment } };
  },
};
