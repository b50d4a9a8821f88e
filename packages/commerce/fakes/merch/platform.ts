import { type ScriptedAnswer, type ScriptStyle, scriptedResponse, scriptQueue } from '../scripted.ts';
import { type Operation, type PlatformContract, defaultSpecPath, loadPlatformContract } from './platform-contract.ts';

/**
 * A fake of the Merch platform API (release 1.0) for tests and local
 * development, built from the provider contract (`merch-platform-endpoints.json`)
 * rather than from what our client happens to send. Every request is checked:
 * HTTP Basic credentials, method and path against the contract's operations,
 * query names and the JSON body shape (required fields, types, no unknown
 * fields). A request that breaks the contract answers 400 (404 or 405 for an
 * unknown path or method, 401 without Basic auth) AND lands in `violations`,
 * which tests assert is empty. Operations the contract does not spell out are
 * `assumed` (see platform-contract.ts) and marked so on each recorded request.
 *
 * It enforces the provider's own limits per shop with its own token buckets
 * on the injected clock (100 requests per 10 s for every endpoint, 5 per
 * minute more for `POST /products`, as the contract file states them): a
 * request over a limit answers 429 with `retry-after` and counts in
 * `rateLimited`. So a client that bursts fails the test.
 *
 * Behind that: products with variants and inventory (some untracked: null),
 * and external orders with statuses. Plain Node (types stripped): only
 * erasable TypeScript here, and nothing imported from src/, so the check
 * stays independent of the client.
 */

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The path prefix the fake answers under; anything else is not its request. */
export const PLATFORM_BASE_PATH = '/open-api/v1.0';

export const FAKE_PLATFORM_USERNAME = 'louise-api-user';
export const FAKE_PLATFORM_PASSWORD = 'louise-local-password';

export type FakeOrderStatus = 'CONFIRMED' | 'IN_PRODUCTION' | 'PACKAGED' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

export interface FakeVariant {
  id: string;
  name: string;
  /** null: not stock-tracked. */
  quantity: number | null;
  /** Base cost per unit in USD (major units), what `validate` charges as manufacturing. */
  unitCost: number;
}

export interface FakeProduct {
  id: string;
  name: string;
  type: 'design' | 'digital';
  state: 'PUBLIC' | 'HIDDEN' | 'ARCHIVED';
  available: boolean;
  images: { url: string; width: number; height: number }[];
  variants: FakeVariant[];
  createdAt: string;
  /** The create body as sent (for tests). */
  created: Record<string, unknown> | null;
}

export interface FakeOrder {
  orderId: string;
  friendlyId: string;
  externalSource: string;
  externalOrderId: string;
  status: FakeOrderStatus;
  createdAt: string;
  updatedAt: string;
  items: { offerId: string; variantId: string; quantity: number }[];
  shippingAddress: Record<string, unknown>;
}

/** The shop the fake starts with; shared by the tests and the reference site. */
export const PLATFORM_SEED: { products: FakeProduct[]; orders: FakeOrder[] } = {
  products: [
    {
      id: '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01',
      name: 'Logo tee',
      type: 'design',
      state: 'PUBLIC',
      available: true,
      images: [{ url: 'https://cdn.fourthwall.com/fake/logo-tee.png', width: 1200, height: 1200 }],
      variants: [
        { id: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a01', name: 'Logo tee - Black, S', quantity: 12, unitCost: 9.5 },
        { id: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a02', name: 'Logo tee - Black, M', quantity: 0, unitCost: 9.5 },
        { id: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a03', name: 'Logo tee - Black, L', quantity: null, unitCost: 9.5 },
      ],
      createdAt: '2026-09-01T10:00:00.000Z',
      created: null,
    },
    {
      id: '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d02',
      name: 'Enamel mug',
      type: 'design',
      state: 'HIDDEN',
      available: true,
      images: [],
      variants: [{ id: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5b01', name: 'Enamel mug - White', quantity: 3, unitCost: 7.25 }],
      createdAt: '2026-09-02T10:00:00.000Z',
      created: null,
    },
    {
      id: '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d03',
      name: 'Field notes (PDF)',
      type: 'digital',
      state: 'PUBLIC',
      available: true,
      images: [],
      variants: [{ id: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5c01', name: 'Field notes (PDF)', quantity: null, unitCost: 0 }],
      createdAt: '2026-09-03T10:00:00.000Z',
      created: null,
    },
  ],
  orders: (['CONFIRMED', 'IN_PRODUCTION', 'PACKAGED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const).map((status, i) => ({
    orderId: `9d2e4f60-1a2b-4c3d-8e9f-00000000000${i + 1}`,
    friendlyId: `EXT${1001 + i}`,
    externalSource: 'etsy',
    externalOrderId: `etsy-${1001 + i}`,
    status,
    createdAt: '2026-10-01T12:00:00.000Z',
    updatedAt: '2026-10-01T12:00:00.000Z',
    items: [{ offerId: '6f1c2b1e-0d1a-4a53-9a51-7e0f1b2c3d01', variantId: '0b3f6a52-5f7e-4a8a-8f0e-2c9d1e4b5a01', quantity: 1 }],
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main St', city: 'Portland', zip: '97201', country: 'US' },
  })),
};

export interface FakePlatformOptions {
  username?: string | undefined;
  password?: string | undefined;
  /** Time for the rate limits and timestamps; default `Date.now`. Share the client's test clock. */
  clock?: { now(): number } | undefined;
  /** Default `packages/commerce/specs/merch-platform-endpoints.json` (or `MERCH_SPEC_DIR`). */
  specPath?: string | undefined;
  /** Start with `PLATFORM_SEED` (default true). */
  seed?: boolean | undefined;
  /** Called with each violation as it happens (a server prints them). */
  onViolation?: ((message: string) => void) | undefined;
}

/** One answer to inject after the contract and rate checks, instead of the fake's own. Paths are under the base: `/external-orders`. */
export interface ScriptedFault extends ScriptedAnswer {
  /** Carry the request out first (an order is created), then answer with the fault: the answer was lost, the effect was not. */
  applied?: boolean | undefined;
}

export interface RecordedPlatformRequest {
  method: string;
  /** Under the base: `/products/abc/state`. */
  path: string;
  /** `PUT /products/{productId}/state`, or null for a path the contract lacks. */
  operation: string | null;
  assumed: boolean;
  query: [string, string][];
  body: unknown;
  /** The clock's time when the request arrived. */
  at: number;
  status: number;
}

export interface FakePlatform {
  handle(request: Request): Promise<Response | null>;
  fetch: FetchFn;
  requests: RecordedPlatformRequest[];
  violations: string[];
  script(...faults: ScriptedFault[]): void;
  orders: Map<string, FakeOrder>;
  products: Map<string, FakeProduct>;
  /** How many requests the fake's own limits answered 429. */
  readonly rateLimited: number;
  /** The operations the fake serves that the contract file does not spell out. */
  assumedOperations: string[];
}

const NOT_CANCELLABLE: readonly string[] = ['PACKAGED', 'SHIPPED', 'DELIVERED', 'CANCELLED'];
// Float refill (0.1 + 0.2 ...) must not turn an exactly-on-time request away.
const EPSILON = 1e-6;

/** A token bucket on the fake's clock: `count` per `periodMs`, continuous refill, full at start. */
function bucket(count: number, periodMs: number) {
  let tokens = count;
  let at: number | null = null;
  const refill = (now: number) => {
    if (at !== null) tokens = Math.min(count, tokens + (Math.max(0, now - at) * count) / periodMs);
    at = at === null ? now : Math.max(at, now);
  };
  return {
    /** ms until a token is there (0 now). */
    wait(now: number): number {
      refill(now);
      return tokens >= 1 - EPSILON ? 0 : ((1 - tokens) * periodMs) / count;
    },
    take(): void {
      tokens -= 1;
    },
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: status === 204 ? headers : { 'content-type': 'application/json', ...headers },
  });
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The platform's error shape (`{ code }`) for scripted faults. */
const PLATFORM_SCRIPT_STYLE: ScriptStyle = {
  malformed: '{"orderId": ',
  errorBody: (status) => ({ code: status === 429 ? 'TOO_MANY_REQUESTS' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'SCRIPTED_ERROR' }),
};

export function createFakePlatform(options: FakePlatformOptions = {}): FakePlatform {
  const contract: PlatformContract = loadPlatformContract(options.specPath ?? defaultSpecPath());
  const username = options.username ?? FAKE_PLATFORM_USERNAME;
  const password = options.password ?? FAKE_PLATFORM_PASSWORD;
  const now = () => options.clock?.now() ?? Date.now();
  const iso = () => new Date(now()).toISOString();
  const requests: RecordedPlatformRequest[] = [];
  const violations: string[] = [];
  const queue = scriptQueue<ScriptedFault>();
  const seed = options.seed === false ? { products: [], orders: [] } : structuredClone(PLATFORM_SEED);
  const products = new Map(seed.products.map((p) => [p.id, p]));
  const orders = new Map(seed.orders.map((o) => [o.orderId, o]));
  let rateLimited = 0;
  let friendly = 5000;

  const limits = contract.limits;
  const shopBucket = bucket(limits.default.count, limits.default.periodMs);
  const opBuckets = new Map([...limits.byOperation].map(([name, l]) => [name, bucket(l.count, l.periodMs)]));

  const violation = (message: string) => {
    violations.push(message);
    options.onViolation?.(message);
  };

  /** Same answer for a wrong password as for no account: nothing about which part was wrong. */
  function authProblem(header: string | null): { status: number; violation: string | null } | null {
    const m = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header ?? '');
    if (!m) return { status: 401, violation: header === null ? 'no Authorization header' : 'Authorization is not HTTP Basic' };
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(m[1] ?? ''), (c) => c.charCodeAt(0)));
    } catch {
      return { status: 401, violation: 'Authorization Basic value is not base64 of UTF-8' };
    }
    return decoded === `${username}:${password}` ? null : { status: 401, violation: null };
  }

  /** Both limits at the arrival time, before anything else is awaited, so concurrent arrivals are counted in order. */
  function overLimit(operation: Operation, at: number): number {
    const extra = opBuckets.get(operation.name);
    const wait = Math.max(shopBucket.wait(at), extra?.wait(at) ?? 0);
    if (wait > 0) return wait;
    shopBucket.take();
    extra?.take();
    return 0;
  }

  const notFound = (code: string, extra: Record<string, unknown> = {}) => json(404, { code, ...extra });

  function offer(p: FakeProduct) {
    return {
      id: p.id,
      name: p.name,
      slug: p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      type: 'STANDARD',
      state: { type: p.available ? 'AVAILABLE' : 'SOLD_OUT' },
      access: { type: p.state },
      images: p.images,
      variants: p.variants.map((v) => ({
        id: v.id,
        name: v.name,
        stock: v.quantity === null ? { type: 'UNLIMITED' } : { type: 'LIMITED', inStock: v.quantity },
      })),
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    };
  }

  function orderJson(o: FakeOrder) {
    const { items: _items, shippingAddress: _address, ...record } = o;
    return record;
  }

  /** Prices items as the provider would: unit cost, a flat fulfilment fee, shipping by country. */
  function price(items: FakeOrder['items'], address: Record<string, unknown>) {
    const errors: { code: string; field: string; message: string }[] = [];
    let manufacturing = 0;
    items.forEach((item, i) => {
      const product = products.get(item.offerId);
      const variant = product?.variants.find((v) => v.id === item.variantId);
      if (!product || product.state === 'ARCHIVED') errors.push({ code: 'OFFER_NOT_FOUND', field: `items[${i}].offerId`, message: 'No such product.' });
      else if (!variant) errors.push({ code: 'VARIANT_NOT_FOUND', field: `items[${i}].variantId`, message: 'No such variant.' });
      else if (variant.quantity !== null && variant.quantity < item.quantity)
        errors.push({ code: 'OUT_OF_STOCK', field: `items[${i}].quantity`, message: 'Not enough stock.' });
      else manufacturing += variant.unitCost * item.quantity;
    });
    const usd = (value: number) => ({ value: round2(value), currency: 'USD' });
    const fulfillment = 2.5 + 0.75 * Math.max(0, items.reduce((n, i) => n + i.quantity, 0) - 1);
    const shipping = address['country'] === 'US' ? 4.99 : 12.99;
    return {
      valid: errors.length === 0,
      errors,
      estimatedCosts: {
        manufacturingCost: usd(manufacturing),
        fulfillmentFee: usd(fulfillment),
        shippingCost: usd(shipping),
        totalCreatorCost: usd(manufacturing + fulfillment + shipping),
      },
      estimatedDelivery: { minDate: new Date(now() + 5 * 86_400_000).toISOString(), maxDate: new Date(now() + 12 * 86_400_000).toISOString() },
    };
  }

  function limitation(what: string): Response {
    violation(`fake Merch platform does not model ${what}`);
    return json(400, { code: 'FAKE_NOT_MODELLED' });
  }

  /** The fake's own answer to a request that kept the contract. */
  function route(operation: Operation, params: Record<string, string>, query: URLSearchParams, body: Record<string, unknown>): Response {
    const product = params['productId'] === undefined ? undefined : products.get(params['productId']);
    const live = product && product.state !== 'ARCHIVED' ? product : undefined;
    const productMissing = () => notFound('OFFER_NOT_FOUND_BY_SHOP_ID_AND_ID_ERROR', { offerId: params['productId'] });
    switch (operation.op) {
      case 'validate-external-order':
        return json(200, price(body['items'] as FakeOrder['items'], body['shippingAddress'] as Record<string, unknown>));
      case 'create-external-order': {
        const items = body['items'] as FakeOrder['items'];
        const quote = price(items, body['shippingAddress'] as Record<string, unknown>);
        if (!quote.valid) return json(400, { code: 'EXTERNAL_ORDER_INVALID', errors: quote.errors });
        // No de-duplication on externalOrderId: the provider documents none, and a double charge must show in `orders`.
        const order: FakeOrder = {
          orderId: crypto.randomUUID(),
          friendlyId: `EXT${friendly++}`,
          externalSource: String(body['externalSource']),
          externalOrderId: String(body['externalOrderId']),
          status: 'CONFIRMED',
          createdAt: iso(),
          updatedAt: iso(),
          items,
          shippingAddress: body['shippingAddress'] as Record<string, unknown>,
        };
        orders.set(order.orderId, order);
        for (const item of items) {
          const variant = products.get(item.offerId)?.variants.find((v) => v.id === item.variantId);
          if (variant && variant.quantity !== null) variant.quantity -= item.quantity;
        }
        return json(201, orderJson(order));
      }
      case 'list-external-orders': {
        const statuses = query.getAll('status');
        const source = query.get('externalSource');
        const external = query.get('externalOrderId');
        const page = Number(query.get('page') ?? 0);
        const size = Number(query.get('size') ?? 20);
        const all = [...orders.values()]
          .filter((o) => (statuses.length === 0 || statuses.includes(o.status)) && (source === null || o.externalSource === source))
          .filter((o) => external === null || o.externalOrderId === external)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        const results = all.slice(page * size, page * size + size).map(orderJson);
        return json(200, { results, total: all.length, page, size, totalPages: Math.ceil(all.length / size) });
      }
      case 'get-external-order': {
        const found = [...orders.values()].find((o) => o.externalSource === params['externalSource'] && o.externalOrderId === params['externalOrderId']);
        return found ? json(200, orderJson(found)) : notFound('EXTERNAL_ORDER_NOT_FOUND');
      }
      case 'get-external-order-by-id': {
        const found = orders.get(params['orderId'] ?? '');
        return found ? json(200, orderJson(found)) : notFound('EXTERNAL_ORDER_NOT_FOUND');
      }
      case 'cancel-external-order': {
        const found = orders.get(params['orderId'] ?? '');
        if (!found) return notFound('EXTERNAL_ORDER_NOT_FOUND');
        if (NOT_CANCELLABLE.includes(found.status)) return json(409, { code: 'EXTERNAL_ORDER_NOT_CANCELLABLE', status: found.status });
        found.status = 'CANCELLED';
        found.updatedAt = iso();
        return json(200, orderJson(found));
      }
      case 'create-product': {
        const id = crypto.randomUUID();
        const colors = (body['colors'] as string[] | undefined) ?? [];
        const sizes = (body['sizes'] as string[] | undefined) ?? [];
        const names =
          body['type'] === 'digital'
            ? ['']
            : (colors.length ? colors : ['']).flatMap((c) => (sizes.length ? sizes : ['']).map((s) => [c, s].filter(Boolean).join(', ')));
        products.set(id, {
          id,
          name: String(body['name']),
          type: body['type'] === 'digital' ? 'digital' : 'design',
          state: body['publishOnCreate'] === true ? 'PUBLIC' : 'HIDDEN',
          available: true,
          images: [],
          // Made to order or downloaded: not stock-tracked.
          variants: names.map((n) => ({
            id: crypto.randomUUID(),
            name: n ? `${String(body['name'])} - ${n}` : String(body['name']),
            quantity: null,
            unitCost: 8,
          })),
          createdAt: iso(),
          created: structuredClone(body),
        });
        return json(201, { productId: id, customizationId: `cst_${id.slice(0, 8)}` });
      }
      case 'archive-product':
        if (!product) return productMissing();
        product.state = 'ARCHIVED';
        return json(204, null);
      case 'get-product':
        return live ? json(200, offer(live)) : productMissing();
      case 'update-product-state':
        if (!live) return productMissing();
        live.state = body['state'] as 'PUBLIC' | 'HIDDEN';
        return json(200, offer(live));
      case 'update-product-availability':
        if (!live) return productMissing();
        live.available = body['available'] === true;
        return json(200, offer(live));
      case 'attach-product-images':
        if (!live) return productMissing();
        live.images.push(...(body['images'] as FakeProduct['images']));
        return json(201, { images: live.images });
      case 'get-product-inventory': {
        if (!live) return productMissing();
        const results = live.variants.map((v) => ({ variantId: v.id, quantity: v.quantity, createdAt: live.createdAt, updatedAt: live.createdAt }));
        return json(200, { results, total: results.length, page: 0, size: results.length, totalPages: 1 });
      }
      default:
        return limitation(operation.name);
    }
  }

  async function answer(request: Request, url: URL, path: string, record: RecordedPlatformRequest): Promise<Response> {
    const refuse = (status: number, problem: string) => {
      violation(`${request.method} ${path}: ${problem}`);
      return json(status, { code: 'CONTRACT_VIOLATION', problem });
    };
    const auth = authProblem(request.headers.get('authorization'));
    if (auth) return auth.violation ? refuse(auth.status, auth.violation) : json(401, { code: 'UNAUTHORIZED' });
    const found = contract.find(request.method, path);
    if (!found) {
      const allowed = contract.methodsFor(path);
      return refuse(
        allowed.length ? 405 : 404,
        allowed.length ? `method not allowed (the contract has ${allowed.join(', ')})` : 'no such operation in the contract',
      );
    }
    const { operation, params } = found;
    record.operation = operation.name;
    record.assumed = operation.assumed;
    // Synchronous up to here: the limits see arrivals in the order they came.
    const wait = overLimit(operation, record.at);
    if (wait > 0) {
      rateLimited++;
      return json(429, { code: 'TOO_MANY_REQUESTS' }, { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) });
    }
    const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown;
    if (raw !== '') {
      const type = request.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json')) return refuse(400, `body sent as ${JSON.stringify(type)}, not application/json`);
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(400, 'body is not JSON');
      }
    }
    record.body = body;
    const problems = contract.check(operation, url.searchParams, body);
    if (problems.length > 0) return refuse(400, `${operation.name}${operation.assumed ? ' (assumed)' : ''}: ${problems.join('; ')}`);

    const fault = queue.take(request.method, path);
    if (fault) {
      if (fault.applied) route(operation, params, url.searchParams, (body ?? {}) as Record<string, unknown>);
      return scriptedResponse(fault, request.signal, PLATFORM_SCRIPT_STYLE);
    }
    return route(operation, params, url.searchParams, (body ?? {}) as Record<string, unknown>);
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${PLATFORM_BASE_PATH}/`)) return null;
    const path = url.pathname.slice(PLATFORM_BASE_PATH.length);
    const record: RecordedPlatformRequest = {
      method: request.method,
      path,
      operation: null,
      assumed: false,
      query: [...url.searchParams],
      body: undefined,
      at: now(),
      status: 0,
    };
    // Recorded even when no answer comes (a hang the caller gave up on: status 0).
    requests.push(record);
    const response = await answer(request, url, path, record);
    record.status = response.status;
    return response;
  }

  return {
    handle,
    fetch: async (input, init) => {
      const request = input instanceof Request && init === undefined ? input : new Request(input, init);
      return (await handle(request)) ?? json(404, { code: 'NOT_UNDER_OPEN_API' });
    },
    requests,
    violations,
    script: queue.push,
    orders,
    products,
    get rateLimited() {
      return rateLimited;
    },
    assumedOperations: contract.operations.filter((o) => o.assumed).map((o) => o.name),
  };
}
