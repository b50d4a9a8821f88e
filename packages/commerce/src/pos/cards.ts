import { mapAddress, type PosAddress } from './locations.ts';
import { collectPages, cursorOf, nullOn404, obj, objects, optBool, optInt, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posPathId, posRequest } from './request.ts';
import { wireObject } from './wire.ts';

/** A card on file, normalized: never its number, only what identifies it to the buyer. */
export interface PosCard {
  id: string;
  customerId: string | null;
  /** `VISA`, `MASTERCARD`, ... */
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  cardholderName: string | null;
  /** False once disabled: it can no longer be charged. */
  enabled: boolean;
  /** `CREDIT`, `DEBIT` or `UNKNOWN_CARD_TYPE`. */
  cardType: string | null;
  referenceId: string | null;
  billingAddress: PosAddress | null;
  version: number | null;
}

export interface PosCardInput {
  /** The web-payments card token (`cnon:...`) or a payment id whose card to keep. */
  sourceId: string;
  customerId: string;
  cardholderName?: string | undefined;
  billingAddress?: PosAddress | undefined;
  /** Your own id for the card (max 128 characters). */
  referenceId?: string | undefined;
  /** The buyer verification token (SCA) the card form returned, where it asked for one. */
  verificationToken?: string | undefined;
  idempotencyKey?: string | undefined;
}

export function mapCard(raw: PosObject, operation: string): PosCard {
  return {
    id: str(raw, 'id', operation),
    customerId: optStr(raw, 'customer_id'),
    brand: optStr(raw, 'card_brand'),
    last4: optStr(raw, 'last_4'),
    expMonth: optInt(raw, 'exp_month'),
    expYear: optInt(raw, 'exp_year'),
    cardholderName: optStr(raw, 'cardholder_name'),
    // Pos sends `enabled` on every card; a card without it is not one to charge.
    enabled: optBool(raw, 'enabled') === true,
    cardType: optStr(raw, 'card_type'),
    referenceId: optStr(raw, 'reference_id'),
    billingAddress: mapAddress(optObj(raw, 'billing_address')),
    version: optInt(raw, 'version'),
  };
}

function nonEmpty(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`Pos ${what} must be a non-empty string`);
  return value;
}

/**
 * Keeps a card on file for a customer, from a card-form token. The
 * idempotency key defaults to one derived from the request, so a retry saves
 * the card once.
 */
export async function createCard(config: PosConfig, input: PosCardInput): Promise<PosCard> {
  if (typeof input !== 'object' || input === null) throw new TypeError('Pos createCard needs { sourceId, customerId }');
  const card: PosObject = { customer_id: nonEmpty(input.customerId, 'createCard customerId') };
  if (input.cardholderName !== undefined) card['cardholder_name'] = nonEmpty(input.cardholderName, 'createCard cardholderName');
  if (input.billingAddress !== undefined) card['billing_address'] = wireObject(input.billingAddress);
  if (input.referenceId !== undefined) card['reference_id'] = nonEmpty(input.referenceId, 'createCard referenceId');
  const body: PosObject = { source_id: nonEmpty(input.sourceId, 'createCard sourceId'), card };
  if (input.verificationToken !== undefined) body['verification_token'] = nonEmpty(input.verificationToken, 'createCard verificationToken');
  const answer = await posRequest(config, 'POST', '/v2/cards', { body, idempotency: { key: input.idempotencyKey, maxLength: 128 } });
  return mapCard(obj(answer, 'card', 'POST /v2/cards'), 'POST /v2/cards');
}

/** A customer's cards, every page; only enabled ones unless `includeDisabled`. */
export async function listCards(config: PosConfig, input: { customerId: string; includeDisabled?: boolean | undefined }): Promise<PosCard[]> {
  const customer_id = nonEmpty(input?.customerId, 'listCards customerId');
  const includeDisabled = input.includeDisabled === true;
  const op = 'GET /v2/cards';
  const cards = await collectPages(op, async (cursor) => {
    const page = await posRequest(config, 'GET', '/v2/cards', { query: { customer_id, include_disabled: includeDisabled, cursor } });
    return { items: objects(page, 'cards', op).map((raw) => mapCard(raw, op)), cursor: cursorOf(page) };
  });
  // Pos filters already; this keeps "enabled only" true even if an answer slips one through.
  return includeDisabled ? cards : cards.filter((card) => card.enabled);
}

/** One card, or null when Pos has none by that id. */
async function readCard(config: PosConfig, cardId: string): Promise<PosCard | null> {
  const path = `/v2/cards/${posPathId(cardId, 'card')}`;
  return nullOn404(posRequest(config, 'GET', path).then((answer) => mapCard(obj(answer, 'card', `GET ${path}`), `GET ${path}`)));
}

/**
 * Disables a customer's card. The card is read first: a card id that is not
 * this customer's (a tampered form, another buyer's id) returns false and
 * nothing is disabled. True once the card is disabled (also when it already was).
 */
export async function disableCard(config: PosConfig, cardId: string, input: { customerId: string }): Promise<boolean> {
  const path = `/v2/cards/${posPathId(cardId, 'card')}/disable`;
  const customerId = nonEmpty(input?.customerId, 'disableCard customerId');
  const card = await readCard(config, cardId);
  if (card === null || card.customerId !== customerId) return false;
  if (!card.enabled) return true;
  const answer = await posRequest(config, 'POST', path);
  return !mapCard(obj(answer, 'card', `POST ${path}`), `POST ${path}`).enabled;
}
