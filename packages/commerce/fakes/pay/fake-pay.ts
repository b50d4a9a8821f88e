import { readFileSync } from 'node:fs';
import { type Contract, defaultSpecDir, loadContract } from './contract.ts';
import { FormDecodeError, type FormTree, decodePayForm } from './form-decode.ts';
import { type Obj, PayFault, fail, payResources, randomId } from './resources.ts';
import { canonical } from '../openapi.ts';
import { type ScriptedAnswer, type ScriptStyle, scriptedResponse, scriptQueue } from '../scripted.ts';

export type { ScriptedAnswer } from '../scripted.ts';

/**
 * A fake of Pay (Stripe-compatible) for tests and local development, built
 * from Pay's published contract rather than from what our client happens to
 * send: every request is checked against the OpenAPI description, the current
 * endpoint list, the removed parameters and the headers Pay requires. A
 * request that breaks the contract answers 400 (401 for a bad key) AND lands
 * in `violations`, which tests assert is empty. Behind the check sits just
 * enough state for checkout and invoicing: payment intents with Pay's test
 * payment methods, customers, invoice items, invoices, idempotency replay,
 * and signed webhook events after a confirm.
 */

/** The version the client must pin (pay-notes.md); written here, not imported, so the check is independent. */
export const FAKE_PAY_API_VERSION = '2026-10-28.endive';

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface FakePayOptions {
  /** Where events are POSTed; without it they are only recorded in `events`. */
  webhookUrl?: string | undefined;
  /** Signs `Stripe-Signature`; default `whsec_louise_local`. */
  webhookSecret?: string | undefined;
  /** Delivers webhooks; default the global fetch. */
  webhookFetch?: FetchFn | undefined;
  /** Base of `hosted_invoice_url`; default `https://invoice.stripe.com`. */
  hostedInvoiceBase?: string | undefined;
  /** Clock in ms; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Folder with pay-openapi.json, pay-endpoints-current.json and pay-fixtures-current.json. */
  specDir?: string | undefined;
  /** Called with each violation as it happens (the server prints them). */
  onViolation?: ((message: string) => void) | undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** `POST /v1/payment_intents/{intent}/confirm`, or null for a path Pay lacks. */
  operation: string | null;
  query: FormTree;
  body: FormTree;
  rawBody: string;
  /** Lower-case names; the key in `authorization` is redacted. */
  headers: Record<string, string>;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

export interface SentEvent {
  event: Obj;
  header: string;
  /** Webhook endpoint's status, the delivery error, or null when no URL is set. */
  delivery: number | string | null;
}

export interface FakePay {
  fetch: FetchFn;
  requests: RecordedRequest[];
  violations: string[];
  events: SentEvent[];
  /** Queues answers the next matching requests get instead of the fake's own (after the contract check). */
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once every webhook delivery started so far has finished. */
  settled(): Promise<void>;
  paymentIntents: Map<string, Obj>;
  customers: Map<string, Obj>;
  invoices: Map<string, Obj>;
  invoiceItems: Map<string, Obj>;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(message)));
  return Array.from(sig, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `Stripe-Signature` for a payload, as Pay signs it: `t=<s>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>"))`. */
export async function signPayload(payload: string, secret: string, timestampSec: number): Promise<string> {
  return `t=${timestampSec},v1=${await hmacHex(secret, `${timestampSec}.${payload}`)}`;
}

export function createFakePay(options: FakePayOptions = {}): FakePay {
  const specDir = options.specDir ?? defaultSpecDir();
  const contract: Contract = loadContract(specDir);
  const fixtures = (JSON.parse(readFileSync(`${specDir}/pay-fixtures-current.json`, 'utf8')) as { resources: Record<string, Obj> }).resources;
  const fixture = (name: string): Obj => structuredClone(fixtures[name] ?? {});
  const now = options.now ?? Date.now;
  const nowSec = () => Math.floor(now() / 1000);
  const webhookSecret = options.webhookSecret ?? 'whsec_louise_local';
  const hostedBase = (options.hostedInvoiceBase ?? 'https://invoice.stripe.com').replace(/\/+$/, '');

  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const events: SentEvent[] = [];
  const queue = scriptQueue<ScriptedAnswer>();
  const deliveries: Promise<void>[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: Obj }>();

  const violation = (message: string) => {
    violations.push(message);
    options.onViolation?.(message);
  };
  const resources = payResources({ fixture, nowSec, hostedBase, sendEvent, limitation });

  // --- events -------------------------------------------------------------

  function sendEvent(type: string, object: Obj, requestId: string, idempotencyKey: string | null): void {
    const event: Obj = {
      ...fixture('event'),
      id: randomId('evt'),
      api_version: FAKE_PAY_API_VERSION,
      created: nowSec(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: requestId, idempotency_key: idempotencyKey },
      type,
    };
    // After the response, as Pay does: the caller's answer never waits for the webhook.
    const delivery = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const payload = JSON.stringify(event, null, 2);
      const header = await signPayload(payload, webhookSecret, nowSec());
      const sent: SentEvent = { event, header, delivery: null };
      events.push(sent);
      if (!options.webhookUrl) return;
      try {
        const res = await (options.webhookFetch ?? fetch)(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
        });
        sent.delivery = res.status;
        await res.body?.cancel();
      } catch (error) {
        sent.delivery = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    })();
    deliveries.push(delivery);
  }

  function limitation(what: string): PayFault {
    violation(`fake-pay does not model ${what}`);
    return fail(400, `fake-pay does not model ${what}`);
  }

  function headerProblems(request: Request): { status: number; problem: string } | null {
    const auth = request.headers.get('authorization') ?? '';
    if (!/^Bearer (?:sk|rk)_test_[\x21-\x7e]+$/.test(auth)) {
      return { status: 401, problem: auth === '' ? 'no Authorization header' : 'Authorization is not "Bearer sk_test_..." (or rk_test_)' };
    }
    const version = request.headers.get('stripe-version');
    if (version !== FAKE_PAY_API_VERSION) return { status: 400, problem: `Stripe-Version is ${JSON.stringify(version)}, expected ${FAKE_PAY_API_VERSION}` };
    if (request.method === 'POST') {
      const key = request.headers.get('idempotency-key');
      if (!key) return { status: 400, problem: 'POST without Idempotency-Key' };
      if (key.length > 255) return { status: 400, problem: 'Idempotency-Key longer than 255 characters' };
      const type = request.headers.get('content-type') ?? '';
      if (!type.startsWith('application/x-www-form-urlencoded')) return { status: 400, problem: `POST with content-type ${JSON.stringify(type)}` };
    }
    return null;
  }

  function json(status: number, body: Obj, requestId: string, extra: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body, null, 2), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': requestId, 'stripe-version': FAKE_PAY_API_VERSION, ...extra },
    });
  }

  const scriptStyle = (requestId: string): ScriptStyle => ({
    malformed: '{"id": "pi_broken", "object": ',
    errorBody: (status) =>
      status === 429
        ? { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } }
        : status >= 500
          ? { error: { type: 'api_error', message: 'Something went wrong on our end.' } }
          : { error: { type: 'invalid_request_error', message: 'Scripted failure.' } },
    headers: { 'request-id': requestId, 'stripe-version': FAKE_PAY_API_VERSION },
  });

  async function handle(request: Request, record: RecordedRequest): Promise<Response> {
    const url = new URL(request.url);
    const requestId = randomId('req');
    const rawBody = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    record.rawBody = rawBody;
    const key = record.idempotencyKey;
    const refuse = (status: number, problem: string) => {
      violation(`${request.method} ${url.pathname}: ${problem}`);
      return json(status, { error: { type: 'invalid_request_error', message: `Contract violation: ${problem}` } }, requestId);
    };

    const found = contract.find(request.method, url.pathname);
    if (!found) {
      const allowed = contract.methodsFor(url.pathname);
      return refuse(allowed.length ? 405 : 404, allowed.length ? `method not allowed (Pay has ${allowed.join(', ')})` : 'no such endpoint in Pay');
    }
    const { operation, params } = found;
    record.operation = operation.name;
    const header = headerProblems(request);
    if (header) return refuse(header.status, header.problem);
    try {
      record.query = decodePayForm(url.search.slice(1));
      record.body = decodePayForm(rawBody);
    } catch (error) {
      if (error instanceof FormDecodeError) return refuse(400, `form encoding: ${error.message}`);
      throw error;
    }
    // The checked copies are coerced in place (form values are strings); the record keeps what was sent.
    const query = structuredClone(record.query) as Obj;
    const body = structuredClone(record.body) as Obj;
    const problems = contract.check(operation, params, query, body);
    if (problems.length > 0) return refuse(400, `${operation.name}: ${problems.join('; ')}`);

    const scripted = queue.take(request.method, url.pathname);
    if (scripted) return await scriptedResponse(scripted, request.signal, scriptStyle(requestId));

    // Idempotency is per account (here: per key) and per Idempotency-Key; a replay is the first answer, status and body.
    const scope = `${request.headers.get('authorization')}\n${key}`;
    const fingerprint = `${operation.name} ${url.pathname}\n${canonical(body)}`;
    if (request.method === 'POST' && key) {
      const earlier = idempotency.get(scope);
      if (earlier && earlier.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return json(400, { error: { type: 'idempotency_error', message } }, requestId);
      }
      if (earlier) {
        record.replayed = true;
        return json(earlier.status, earlier.body, requestId, { 'idempotent-replayed': 'true', 'original-request': 'req_original' });
      }
    }
    let status = 200;
    let answer: Obj;
    let after: (() => void) | undefined;
    try {
      answer = structuredClone(resources.route(operation.name, params, query, body, requestId, key));
    } catch (error) {
      if (!(error instanceof PayFault)) throw error;
      status = error.status;
      answer = { error: { ...error.error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } };
      after = error.after;
    }
    if (request.method === 'POST' && key) idempotency.set(scope, { fingerprint, status, body: answer });
    after?.();
    return json(status, answer, requestId);
  }

  const fakeFetch: FetchFn = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = name === 'authorization' ? value.replace(/^(Bearer [a-z]{2}_[a-z]+_).*$/, '$1…(redacted)') : value;
    });
    const record: RecordedRequest = {
      method: request.method,
      path: new URL(request.url).pathname,
      operation: null,
      query: {},
      body: {},
      rawBody: '',
      headers,
      idempotencyKey: request.headers.get('idempotency-key'),
      status: 0,
      replayed: false,
    };
    // Recorded even when no answer comes (a hang the caller gave up on: status 0).
    requests.push(record);
    const response = await handle(request, record);
    record.status = response.status;
    return response;
  };

  return {
    fetch: fakeFetch,
    requests,
    violations,
    events,
    script: queue.push,
    settled: async () => {
      // A delivery may be queued while we wait; loop until the list stops growing.
      for (let count = -1; count !== deliveries.length; ) {
        count = deliveries.length;
        await Promise.all(deliveries);
      }
    },
    paymentIntents: resources.paymentIntents,
    customers: resources.customers,
    invoices: resources.invoices,
    invoiceItems: resources.invoiceItems,
  };
}
