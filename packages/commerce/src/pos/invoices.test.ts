import { describe, expect, it } from 'vitest';
import { payInvoice } from '../../fakes/pos/areas/invoices.ts';
import { newLocation } from '../../fakes/pos/areas/locations.ts';
import { thrown } from '../upstream.testing.ts';
import { createInvoice, type PosInvoiceInput, type PosInvoicePaymentRequestInput, publishInvoice, retrieveInvoice } from './invoices.ts';
import { fakePosPerTest, posConfigFor } from './pos.testing.ts';
import { posRequest } from './request.ts';

const pos = fakePosPerTest();

/** A location and an OPEN order of 1,000.00 USD there (orders come from the orders area; seeded here). */
function seed(total = 100_000): Omit<PosInvoiceInput, 'paymentRequests'> {
  const location = newLocation(pos.fake.state, {});
  pos.fake.state.table('locations').set(location['id'] as string, location);
  pos.fake.state.table('orders').set('ORD1', { id: 'ORD1', location_id: location['id'], state: 'OPEN', total_money: { amount: total, currency: 'USD' } });
  return { locationId: location['id'] as string, orderId: 'ORD1', customerId: 'CUST1' };
}

function stored(table: Map<string, Record<string, unknown>>, id: string): Record<string, unknown> {
  const row = table.get(id);
  if (!row) throw new Error(`no ${id} in the fake`);
  return row;
}

const balance = (dueDate = '2025-06-30'): PosInvoicePaymentRequestInput => ({ type: 'BALANCE', dueDate });
const deposit = (amountCents = 20_000): PosInvoicePaymentRequestInput => ({ type: 'DEPOSIT', dueDate: '2025-04-01', amountCents });
const installments = (n: number): PosInvoicePaymentRequestInput[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'INSTALLMENT' as const, dueDate: `2025-05-${String(i + 1).padStart(2, '0')}`, amountCents: 1_000 }));

describe('invoice schedules', () => {
  const valid: [string, PosInvoicePaymentRequestInput[]][] = [
    ['BALANCE only', [balance()]],
    ['DEPOSIT + BALANCE', [deposit(), balance()]],
    ['2 INSTALLMENTs + BALANCE', [...installments(2), balance()]],
    ['12 INSTALLMENTs + BALANCE', [...installments(12), balance()]],
    ['DEPOSIT + 2 INSTALLMENTs + BALANCE', [deposit(), ...installments(2), balance()]],
    ['DEPOSIT + 12 INSTALLMENTs + BALANCE', [deposit(), ...installments(12), balance()]],
  ];
  it.each(valid)('%s goes through as a DRAFT whose requests add up to the order', async (_, paymentRequests) => {
    const invoice = await createInvoice(posConfigFor(pos.fake), { ...seed(), paymentRequests });
    expect(invoice.status).toBe('DRAFT');
    expect(invoice.paymentRequests.map((r) => r.type)).toEqual(paymentRequests.map((r) => r.type));
    expect(invoice.paymentRequests.reduce((sum, r) => sum + (r.amountCents ?? 0), 0)).toBe(100_000);
    const sent = ((pos.fake.requests.at(-1)?.body ?? {}) as { invoice: { payment_requests: Record<string, unknown>[] } }).invoice.payment_requests;
    expect(sent.at(-1)).toEqual({ request_type: 'BALANCE', due_date: '2025-06-30' });
  });

  const invalid: [string, unknown][] = [
    ['an empty list', []],
    ['no BALANCE', [deposit(), ...installments(2)]],
    ['BALANCE not last', [balance(), deposit()]],
    ['two BALANCEs', [balance(), balance()]],
    ['one INSTALLMENT', [...installments(1), balance()]],
    ['13 INSTALLMENTs', [...installments(13), balance()]],
    ['DEPOSIT not first', [...installments(2), deposit(), balance()]],
    ['two DEPOSITs', [deposit(), deposit(), balance()]],
    ['two DEPOSITs around installments', [deposit(), ...installments(2), deposit(), balance()]],
    ['an unknown type', [{ type: 'TIP', dueDate: '2025-04-01', amountCents: 100 }, balance()]],
    ['a date that is not YYYY-MM-DD', [{ ...deposit(), dueDate: '04/01/2025' }, balance()]],
    ['a date that does not exist', [deposit(), balance('2025-02-30')]],
    ['a missing date', [{ type: 'BALANCE' }]],
    ['a zero amount', [deposit(0), balance()]],
    ['a negative amount', [deposit(-500), balance()]],
    ['a fractional amount', [deposit(12.5), balance()]],
    ['an amount as text', [{ ...deposit(), amountCents: '2000' }, balance()]],
    ['an INSTALLMENT without an amount', [deposit(), { type: 'INSTALLMENT', dueDate: '2025-05-01' }, ...installments(1), balance()]],
    ['an amount on the BALANCE', [deposit(), { ...balance(), amountCents: 80_000 }]],
    ['not a list', { type: 'BALANCE', dueDate: '2025-06-30' }],
  ];
  it.each(invalid)('%s is refused with zero requests', async (_, paymentRequests) => {
    const input = { ...seed(), paymentRequests } as PosInvoiceInput;
    await expect(createInvoice(posConfigFor(pos.fake), input)).rejects.toThrow(TypeError);
    expect(pos.fake.requests).toHaveLength(0);
  });

  it('the fake refuses what Pos refuses when a schedule gets past the client (one INSTALLMENT)', async () => {
    const { locationId } = seed();
    const invoice = {
      location_id: locationId,
      order_id: 'ORD1',
      primary_recipient: { customer_id: 'CUST1' },
      payment_requests: [
        { request_type: 'INSTALLMENT', due_date: '2025-05-01', fixed_amount_requested_money: { amount: 1_000, currency: 'USD' } },
        { request_type: 'BALANCE', due_date: '2025-06-30' },
      ],
      delivery_method: 'SHARE_MANUALLY',
      accepted_payment_methods: { card: true },
    };
    const error = await thrown(posRequest(posConfigFor(pos.fake), 'POST', '/v2/invoices', { body: { invoice }, idempotency: { maxLength: 128 } }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_VALUE' });
    expect(pos.fake.state.table('invoices').size).toBe(0);
  });
});

describe('invoice lifecycle', () => {
  it('nothing is collected before publish; publishing with the draft version gives a public URL', async () => {
    const config = posConfigFor(pos.fake);
    const draft = await createInvoice(config, { ...seed(), paymentRequests: [deposit(), balance()] });
    expect(draft).toMatchObject({ status: 'DRAFT', publicUrl: null, deliveryMethod: 'SHARE_MANUALLY', customerId: 'CUST1', orderId: 'ORD1' });
    expect(draft.paymentRequests.map((r) => [r.type, r.amountCents, r.totalCompletedAmountCents])).toEqual([
      ['DEPOSIT', 20_000, 0],
      ['BALANCE', 80_000, 0],
    ]);
    expect(pos.fake.requests.map((r) => r.operation)).toEqual(['RetrieveLocation', 'CreateInvoice']);
    const sent = pos.fake.requests.at(-1)?.body as { invoice: Record<string, unknown>; idempotency_key: string };
    expect(sent.invoice).toMatchObject({
      delivery_method: 'SHARE_MANUALLY',
      accepted_payment_methods: { card: true },
      primary_recipient: { customer_id: 'CUST1' },
    });
    expect(sent.invoice['payment_requests']).toEqual([
      { request_type: 'DEPOSIT', due_date: '2025-04-01', fixed_amount_requested_money: { amount: 20_000, currency: 'USD' } },
      { request_type: 'BALANCE', due_date: '2025-06-30' },
    ]);
    expect(sent.idempotency_key).toEqual(expect.any(String));
    // A draft cannot be paid: Pos collects nothing before publishing.
    expect(() => payInvoice(pos.fake.state, draft.id, 20_000)).toThrow(/DRAFT/);

    const published = await publishInvoice(config, draft.id, draft.version);
    expect(pos.fake.requests.at(-1)?.body).toEqual({ version: draft.version, idempotency_key: expect.any(String) });
    expect(published).toMatchObject({ status: 'UNPAID', version: draft.version + 1, publicUrl: expect.stringMatching(/^https:\/\//) });
    expect(pos.fake.state.table('invoiceEmails').size).toBe(0);

    // The customer pays the deposit on the hosted page; reconcile with retrieveInvoice.
    payInvoice(pos.fake.state, draft.id, 20_000);
    const later = await retrieveInvoice(config, draft.id);
    expect(later.status).toBe('PARTIALLY_PAID');
    expect(later.paymentRequests.map((r) => r.totalCompletedAmountCents)).toEqual([20_000, 0]);
  });

  it('publishInvoice with a stale version fails and leaves the invoice a draft', async () => {
    const config = posConfigFor(pos.fake);
    const draft = await createInvoice(config, { ...seed(), paymentRequests: [balance()], currency: 'USD' });
    // Someone else changed the draft since it was read.
    stored(pos.fake.state.table('invoices'), draft.id)['version'] = draft.version + 1;
    const error = await thrown(publishInvoice(config, draft.id, draft.version));
    expect(error).toMatchObject({ name: 'PosApiError', code: 'VERSION_MISMATCH' });
    expect(await retrieveInvoice(config, draft.id)).toMatchObject({ status: 'DRAFT', publicUrl: null });
  });

  it('EMAIL makes Pos email the customer; amounts use the given currency without reading the location', async () => {
    const config = posConfigFor(pos.fake);
    const draft = await createInvoice(config, {
      ...seed(),
      paymentRequests: [deposit(), balance()],
      deliveryMethod: 'EMAIL',
      currency: 'usd',
      idempotencyKey: 'inv-ord1',
    });
    expect(pos.fake.requests.map((r) => r.operation)).toEqual(['CreateInvoice']);
    expect(pos.fake.requests[0]?.body).toMatchObject({ idempotency_key: 'inv-ord1' });
    await publishInvoice(config, draft.id, draft.version);
    expect(pos.fake.state.table('invoiceEmails').get(draft.id)).toMatchObject({ customer_id: 'CUST1' });
  });

  it('an order that is not OPEN is refused by Pos; bad ids and versions send nothing', async () => {
    const config = posConfigFor(pos.fake);
    const input = seed();
    stored(pos.fake.state.table('orders'), 'ORD1')['state'] = 'COMPLETED';
    expect(await thrown(createInvoice(config, { ...input, paymentRequests: [balance()] }))).toMatchObject({ status: 400 });
    expect(await thrown(retrieveInvoice(config, 'inv:0-missing'))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    const before = pos.fake.requests.length;
    await expect(publishInvoice(config, 'inv:0-x', -1)).rejects.toThrow(/version/);
    await expect(publishInvoice(config, 'inv:0-x', 1.5)).rejects.toThrow(/version/);
    await expect(publishInvoice(config, 'a/b', 0)).rejects.toThrow(TypeError);
    await expect(createInvoice(config, { ...input, customerId: '', paymentRequests: [balance()] })).rejects.toThrow(/customerId/);
    await expect(createInvoice(config, { ...input, paymentRequests: [balance()], deliveryMethod: 'FAX' as 'EMAIL' })).rejects.toThrow(/deliveryMethod/);
    await expect(createInvoice(config, { ...input, paymentRequests: [balance()], acceptedPaymentMethods: { card: false } })).rejects.toThrow(/at least one/);
    expect(pos.fake.requests).toHaveLength(before);
  });

  it('called every invoice operation with a valid request', () => {
    expect([...pos.called]).toEqual(expect.arrayContaining(['CreateInvoice', 'PublishInvoice', 'GetInvoice']));
  });
});
