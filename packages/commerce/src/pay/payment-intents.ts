import { pathId, payRequest, type PayOptions } from './request.ts';
import { currencyParam, idOf, int, optObj, optStr, str, stringRecord, type PayObject } from './read.ts';

/** One cart line as charged: the unit price in minor units (cents) times the quantity. */
export interface CartItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** A PaymentIntent, normalized to the fields a checkout reads. */
export interface PaymentIntent {
  id: string;
  /** `requires_payment_method`, `requires_confirmation`, `requires_action`, `processing`, `succeeded`, `canceled`... */
  status: string;
  amount: number;
  currency: string;
  /** Hand to the browser's payment element; never log it. */
  clientSecret: string | null;
  customer: string | null;
  metadata: Record<string, string>;
  /** Why the last attempt failed (a decline): map `code`/`declineCode` to your own copy; `message` is Pay's, for logs. */
  lastPaymentError: { code: string | null; declineCode: string | null; message: string | null } | null;
}

/**
 * The exact amount of a cart in minor units. Integers only, so no float ever
 * reaches a charge; refuses a total that is zero or beyond exact integers.
 */
function cartAmount(items: readonly CartItem[]): number {
  if (items.length === 0) throw new RangeError('Pay payment needs at least one cart item.');
  let total = 0;
  items.forEach((item, i) => {
    if (!Number.isSafeInteger(item.unitAmount) || item.unitAmount < 0) {
      throw new RangeError(`Cart item ${i} unitAmount must be a non-negative integer in minor units, got ${item.unitAmount}`);
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity <= 0)
      throw new RangeError(`Cart item ${i} quantity must be a positive integer, got ${item.quantity}`);
    total += item.unitAmount * item.quantity;
    if (!Number.isSafeInteger(total)) throw new RangeError('Cart total is too large to charge exactly.');
  });
  if (total <= 0) throw new RangeError('Cart total must be more than zero.');
  return total;
}

function paymentIntent(raw: PayObject, operation: string): PaymentIntent {
  const error = optObj(raw, 'last_payment_error');
  return {
    id: str(raw, 'id', operation),
    status: str(raw, 'status', operation),
    amount: int(raw, 'amount', operation),
    currency: str(raw, 'currency', operation),
    clientSecret: optStr(raw, 'client_secret'),
    customer: idOf(raw, 'customer'),
    metadata: stringRecord(raw['metadata']),
    lastPaymentError: error && { code: optStr(error, 'code'), declineCode: optStr(error, 'decline_code'), message: optStr(error, 'message') },
  };
}

/**
 * Creates a PaymentIntent for a cart. The amount is computed here from the
 * items, never taken from the browser. Payment methods are the ones enabled
 * in the Pay dashboard (`automatic_payment_methods`), since the current API
 * no longer takes `payment_method_types`. Without `idempotencyKey` the key is
 * derived from the parameters: two identical calls within 24 h return the
 * same intent, so pass your order id as the key (or in `metadata`) when two
 * buyers could send identical carts.
 * @example const pi = await createPaymentIntent(env.PAY_SECRET_KEY, items, { currency: 'usd', idempotencyKey: `order-${order.id}` });
 */
export async function createPaymentIntent(
  secretKey: string,
  items: readonly CartItem[],
  options: PayOptions & {
    currency: string;
    customer?: string | undefined;
    metadata?: Record<string, string> | undefined;
    description?: string | undefined;
    receiptEmail?: string | undefined;
    /** `never` keeps redirect-based methods out, so a server-side confirm needs no `returnUrl`. Pay's default is `always`. */
    allowRedirects?: 'always' | 'never' | undefined;
  },
): Promise<PaymentIntent> {
  const params = {
    amount: cartAmount(items),
    currency: currencyParam(options.currency),
    automatic_payment_methods: { enabled: true, allow_redirects: options.allowRedirects },
    customer: options.customer === undefined ? undefined : pathId(options.customer, 'customer'),
    description: options.description,
    receipt_email: options.receiptEmail,
    metadata: options.metadata,
  };
  return paymentIntent(await payRequest(secretKey, 'POST', '/v1/payment_intents', params, options), 'POST /v1/payment_intents');
}

/**
 * Reads a PaymentIntent. Webhook events are pointers: re-read the intent
 * here before trusting its status. A missing id is `UpstreamError` status 404.
 */
export async function retrievePaymentIntent(secretKey: string, id: string, options?: PayOptions): Promise<PaymentIntent> {
  const path = `/v1/payment_intents/${pathId(id, 'PaymentIntent')}`;
  return paymentIntent(await payRequest(secretKey, 'GET', path, {}, options), `GET ${path}`);
}

/**
 * Confirms a PaymentIntent server-side with a PaymentMethod id (in test mode
 * `pm_card_visa` succeeds, `pm_card_chargeDeclined` declines). A decline is
 * `UpstreamError` status 402 code `card_declined`: the buyer's to fix; the
 * intent is back at `requires_payment_method` with `lastPaymentError`.
 * Pay replays a decline for the same idempotency key: give each attempt its
 * own key (or none: the derived key changes with the payment method).
 */
export async function confirmPaymentIntent(
  secretKey: string,
  id: string,
  options: PayOptions & { paymentMethod: string; returnUrl?: string | undefined },
): Promise<PaymentIntent> {
  const path = `/v1/payment_intents/${pathId(id, 'PaymentIntent')}/confirm`;
  const params = { payment_method: pathId(options.paymentMethod, 'PaymentMethod'), return_url: options.returnUrl };
  return paymentIntent(await payRequest(secretKey, 'POST', path, params, options), `POST ${path}`);
}
