import { canonical } from '../openapi.ts';
import { type ScriptedAnswer, scriptedResponse, scriptQueue } from '../scripted.ts';
import { posAreaHandlers } from './areas/index.ts';
import { defaultPosSpecDir, loadPosContract } from './contract.ts';
import { type Obj, PosFault, type PosHandler, type PosState, posState } from './state.ts';

export type { ScriptedAnswer } from '../scripted.ts';
export { PosFault, type Obj, type PosHandler, type PosState } from './state.ts';

/**
 * A fake of Pos (Square-compatible) for tests and local development, built
 * from the provider's published OpenAPI rather than from what our client
 * happens to send. Every request is checked: bearer token, `Square-Version`,
 * method and path, path and query parameters, and the body (closed objects:
 * an unknown field is a violation). A request that breaks the contract
 * answers 400 (401 for a bad token) AND lands in `violations`, which tests
 * assert is empty. The fake's own answers are checked against the response
 * schema as well: an answer Pos could not give is a violation too.
 *
 * Behind the checks sits just enough state per area (packages/commerce/fakes/pos/areas/)
 * for the client's rules: object versions, cursors, idempotency replay.
 */

/** The version the client must pin; written here, not imported, so the check is independent of the client. */
export const FAKE_POS_VERSION = '2025-08-20';
export const FAKE_POS_TOKEN = 'EAAAl-louise-local-token';

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface FakePosOptions {
  accessToken?: string | undefined;
  /** The `Square-Version` every request must carry; default `FAKE_POS_VERSION`. */
  version?: string | undefined;
  /** Clock in ms; default `Date.now`. */
  now?: (() => number) | undefined;
  /** Folder with pos-openapi.json. */
  specDir?: string | undefined;
  /** Called with each violation as it happens (the server prints them). */
  onViolation?: ((message: string) => void) | undefined;
  /**
   * Where notifications go, as a webhook subscription has them: the
   * registered `notificationUrl` (what is signed), the signature key, and
   * where to deliver (default the registered URL; behind a proxy or in a
   * test the two differ). Without it notifications are only recorded.
   */
  webhook?: { notificationUrl: string; signatureKey: string; deliverTo?: string | undefined; fetch?: FetchFn | undefined } | undefined;
}

/** One notification the fake sent (or only recorded, without a webhook). */
export interface SentPosNotification {
  event: Obj;
  body: string;
  /** `x-square-hmacsha256-signature`: base64 HMAC-SHA256 of notification URL + body. */
  signature: string | null;
  /** The endpoint's status, the delivery error, or null when there is no webhook. */
  delivery: number | string | null;
}

export interface RecordedPosRequest {
  method: string;
  path: string;
  /** `UpdateTimecard`, or null for a path Pos lacks. */
  operation: string | null;
  query: Obj;
  /** The parsed JSON body (multipart: `{ request, image_file }`), or undefined without one. */
  body: unknown;
  /** Lower-case names; the token in `authorization` is redacted. */
  headers: Record<string, string>;
  status: number;
  /** The request passed every contract check. */
  valid: boolean;
  replayed: boolean;
}

export interface FakePos {
  fetch: FetchFn;
  requests: RecordedPosRequest[];
  violations: string[];
  /** Operation ids the client called with a valid request (for "every operation at least once"). */
  called(): Set<string>;
  /** Queues answers the next matching requests get instead of the fake's own (after the contract check). */
  script(...answers: ScriptedAnswer[]): void;
  state: PosState;
  notifications: SentPosNotification[];
  /** Resolves once every notification started so far has been delivered (or failed). */
  settled(): Promise<void>;
}

async function hmacBase64(key: string, message: string): Promise<string> {
  const enc = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return Buffer.from(await crypto.subtle.sign('HMAC', cryptoKey, enc.encode(message))).toString('base64');
}

const errorStyle = {
  malformed: '{"errors":[{"category":"API_ERROR",',
  errorBody: (status: number) => ({ errors: [faultEntry(status)] }),
};

function faultEntry(status: number): Obj {
  if (status === 429) return { category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: 'Too many requests' };
  if (status === 404) return { category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Not found' };
  if (status === 401) return { category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'Unauthorized' };
  if (status >= 500) return { category: 'API_ERROR', code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR', detail: 'Something went wrong' };
  return { category: 'INVALID_REQUEST_ERROR', code: 'BAD_REQUEST', detail: 'Bad request' };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (request.method === 'GET' || request.method === 'DELETE') return (await request.text()) === '' ? undefined : 'a body on a GET or DELETE';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const out: Obj = {};
    const entries: [string, FormDataEntryValue][] = [];
    form.forEach((value, name) => {
      entries.push([name, value]);
    });
    for (const [name, value] of entries) {
      if (typeof value === 'string') out[name] = value;
      else if (name === 'request') out[name] = JSON.parse(await value.text());
      else out[name] = `${value.name} (${value.type}, ${value.size} bytes)`;
    }
    return out;
  }
  const text = await request.text();
  if (text === '') return undefined;
  if (!type.startsWith('application/json'))
    throw new PosFault(400, 'INVALID_REQUEST_ERROR', 'INVALID_CONTENT_TYPE', `content-type ${type || 'missing'} for a JSON body`);
  return JSON.parse(text);
}

export function createFakePos(options: FakePosOptions = {}): FakePos {
  const contract = loadPosContract(options.specDir ?? defaultPosSpecDir());
  const token = options.accessToken ?? FAKE_POS_TOKEN;
  const version = options.version ?? FAKE_POS_VERSION;
  const requests: RecordedPosRequest[] = [];
  const violations: string[] = [];
  const queue = scriptQueue<ScriptedAnswer>();
  const state = posState(options.now ?? Date.now);
  const handlers: Record<string, PosHandler> = posAreaHandlers();
  const replays = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const notifications: SentPosNotification[] = [];
  const deliveries: Promise<void>[] = [];

  // After the answer, as Pos does: a caller's request never waits for the webhook.
  function sendNotifications(): void {
    for (const event of state.takeNotifications()) {
      const body = JSON.stringify(event);
      const sent: SentPosNotification = { event, body, signature: null, delivery: null };
      notifications.push(sent);
      const hook = options.webhook;
      if (!hook) continue;
      const deliver = async () => {
        sent.signature = await hmacBase64(hook.signatureKey, hook.notificationUrl + body);
        const send = hook.fetch ?? fetch;
        try {
          const res = await send(hook.deliverTo ?? hook.notificationUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': sent.signature },
            body,
          });
          sent.delivery = res.status;
          await res.body?.cancel();
        } catch (error) {
          sent.delivery = error instanceof Error ? error.message : String(error);
        }
      };
      deliveries.push(new Promise((resolve) => setTimeout(() => deliver().then(resolve), 0)));
    }
  }

  const violation = (message: string) => {
    violations.push(message);
    options.onViolation?.(message);
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = name === 'authorization' ? value.replace(/Bearer .+/, 'Bearer [redacted]') : value;
    });
    const record: RecordedPosRequest = {
      method: request.method,
      path: url.pathname,
      operation: null,
      query: {},
      body: undefined,
      headers,
      status: 0,
      valid: false,
      replayed: false,
    };
    requests.push(record);
    const answer = (status: number, body: unknown): Response => {
      record.status = status;
      return json(status, body);
    };
    const refuse = (status: number, problems: string[]): Response => {
      for (const problem of problems) violation(`${request.method} ${url.pathname}: ${problem}`);
      return answer(status, { errors: problems.map((detail) => ({ ...faultEntry(status), detail })) });
    };

    if (request.headers.get('authorization') !== `Bearer ${token}`) return refuse(401, ['missing or wrong bearer token']);
    const sentVersion = request.headers.get('square-version');
    if (sentVersion !== version) return refuse(400, [`Square-Version ${JSON.stringify(sentVersion)}, expected ${JSON.stringify(version)}`]);
    const found = contract.find(request.method, url.pathname);
    if (!found) return refuse(404, [`no such operation in pos-openapi.json`]);
    const { operation, params } = found;
    record.operation = operation.id;

    const query: Obj = {};
    for (const [name, value] of url.searchParams) {
      if (name in query) return refuse(400, [`query ${name} given twice`]);
      query[name] = value;
    }
    let body: unknown;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof PosFault) return refuse(error.status, [error.detail]);
      return refuse(400, ['body is not JSON']);
    }
    record.body = body;
    const problems = contract.checkRequest(operation, params, query, body);
    if (problems.length > 0) return refuse(400, problems);
    record.query = query;
    record.valid = true;

    const scripted = queue.take(request.method, url.pathname);
    if (scripted) {
      const res = await scriptedResponse(scripted, request.signal, errorStyle);
      record.status = res.status;
      return res;
    }

    // Idempotency: the same key and request replay the first answer; the same key with another request is refused.
    const key =
      (body as { idempotency_key?: unknown; request?: { idempotency_key?: unknown } } | undefined)?.idempotency_key ??
      (body as { request?: Obj })?.request?.['idempotency_key'];
    const replayKey = typeof key === 'string' ? `${operation.id} ${key}` : null;
    const fingerprint = canonical({ params, query, body });
    if (replayKey) {
      const earlier = replays.get(replayKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        record.status = 400;
        return json(400, {
          errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'IDEMPOTENCY_KEY_REUSED', detail: 'The idempotency key was used for another request' }],
        });
      }
      if (earlier) {
        record.replayed = true;
        return answer(earlier.status, earlier.body);
      }
    }

    const handler = handlers[operation.id];
    if (!handler) return refuse(501, [`the fake does not implement ${operation.id}`]);
    let status = 200;
    let out: unknown;
    try {
      const result = await handler({ params, query: query as Record<string, string>, body: (body ?? {}) as Obj, state, operation: operation.id });
      status = result.status ?? 200;
      out = result.body;
    } catch (error) {
      state.takeNotifications(); // a refused request notifies nobody
      if (!(error instanceof PosFault)) throw error;
      record.status = error.status;
      return json(error.status, {
        errors: [{ category: error.category, code: error.code, detail: error.detail, ...(error.field ? { field: error.field } : {}) }],
      });
    }
    for (const problem of contract.checkResponse(operation, out)) violation(`fake answer to ${operation.id}: ${problem}`);
    if (replayKey) replays.set(replayKey, { fingerprint, status, body: out });
    sendNotifications();
    return answer(status, out);
  }

  return {
    fetch: (input, init) => handle(new Request(input, init)),
    requests,
    violations,
    called: () => new Set(requests.filter((r) => r.valid).map((r) => r.operation as string)),
    script: (...answers) => queue.push(...answers),
    state,
    notifications,
    settled: async () => void (await Promise.all(deliveries)),
  };
}
