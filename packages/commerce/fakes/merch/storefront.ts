import { type ScriptedAnswer, type ScriptStyle, scriptedResponse, scriptQueue } from '../scripted.ts';
import { MERCH_SEED_COLLECTIONS, MERCH_SEED_PRODUCTS, MERCH_SEED_TOKEN, type SeedCollection, type SeedProduct, type SeedVariant } from './storefront-seed.ts';

export type { ScriptedAnswer } from '../scripted.ts';
export { MERCH_SEED_COLLECTIONS, MERCH_SEED_PRODUCTS, MERCH_SEED_TOKEN, type SeedCollection, type SeedProduct, type SeedVariant } from './storefront-seed.ts';

/**
 * A fake of the Merch storefront API for tests, the local fake server and
 * the reference site. Every request is checked against what the storefront
 * documents (the token in the `storefront_token` query, method and path,
 * known query names with valid values, the cart body's exact shape); a
 * request that breaks it answers 400 (401 without a token, 404/405 for a
 * path or method the API lacks) AND lands in `violations`, which tests
 * assert is empty. Behind the check: collections (the catch-all `all`
 * listed last, as the provider does), paged products, carts, a hosted
 * checkout page and the product images as small SVGs.
 */

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
type Obj = Record<string, unknown>;

export interface FakeStorefrontOptions {
  /** The token the fake accepts; default {@link MERCH_SEED_TOKEN}. */
  token?: string | undefined;
  /** Wire-shaped products; default the seed. */
  products?: readonly SeedProduct[] | undefined;
  /** Collections in the order the API lists them; default the seed (catch-all last). */
  collections?: readonly SeedCollection[] | undefined;
  /** Origin that relative image paths (`/images/x.svg`) are answered under; default `https://cdn.fourthwall.com`. */
  imageOrigin?: string | undefined;
  /** Called with each violation as it happens (a server prints them). */
  onViolation?: ((message: string) => void) | undefined;
  /** Where the hosted checkout page's "Place order" button posts `cartId` (the HTTP server handles it); no button without it. */
  placeOrderAction?: string | undefined;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query without the token (`storefront_token` shows as `<token>` or `<wrong>`). */
  query: Record<string, string>;
  /** Parsed JSON body, or the raw text when it was not JSON; null without a body. */
  body: unknown;
  status: number;
}

export interface FakeCart {
  id: string;
  currency: string;
  items: { variant: Obj; quantity: number }[];
}

export interface FakeStorefront {
  /** Answers a request under `/v1/`, `/checkout/` or `/images/`; null for any other path (so a server can combine fakes). */
  handle(request: Request): Promise<Response | null>;
  /** `handle` as a fetch; a path it does not serve is a 404 violation. */
  fetch: FetchFn;
  requests: RecordedRequest[];
  violations: string[];
  /** Queues answers the next matching requests get instead of the fake's own. */
  script(...answers: ScriptedAnswer[]): void;
  carts: Map<string, FakeCart>;
  products: SeedProduct[];
  collections: SeedCollection[];
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  query: readonly string[];
  answer: (params: string[], query: URLSearchParams, body: Obj) => Response;
}

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small labelled SVG per image name, so pages render without the network. */
function imageSvg(name: string): string {
  let hue = 0;
  for (const c of name) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  const label = escapeHtml(name.replace(/-/g, ' '));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="hsl(${hue} 45% 80%)"/><text x="200" y="210" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#222">${label}</text></svg>`;
}

/** Problems with a cart body `{ currency?, items?: [{ variantId, quantity }] }`: unknown or mistyped members. */
function cartBodyProblems(body: Obj): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(body)) if (key !== 'currency' && key !== 'items') problems.push(`unknown body field ${JSON.stringify(key)}`);
  if (body['currency'] !== undefined && (typeof body['currency'] !== 'string' || !/^[A-Z]{3}$/.test(body['currency']))) {
    problems.push('currency must be a 3-letter upper-case code');
  }
  const items = body['items'];
  if (items !== undefined && !Array.isArray(items)) problems.push('items must be an array');
  if (Array.isArray(items)) {
    items.forEach((item: unknown, i) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        problems.push(`items[${i}] must be an object`);
        return;
      }
      const line = item as Obj;
      for (const key of Object.keys(line)) if (key !== 'variantId' && key !== 'quantity') problems.push(`items[${i}] unknown field ${JSON.stringify(key)}`);
      if (typeof line['variantId'] !== 'string' || line['variantId'] === '') problems.push(`items[${i}].variantId must be a non-empty string`);
      if (!Number.isSafeInteger(line['quantity']) || (line['quantity'] as number) < 1) problems.push(`items[${i}].quantity must be a positive integer`);
    });
  }
  return problems;
}

/** The storefront's error shape (`{ code }`) for scripted faults. */
const STOREFRONT_SCRIPT_STYLE: ScriptStyle = {
  malformed: '{"results": [{"id": ',
  errorBody: (status) => ({ code: status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'SCRIPTED_FAILURE' }),
};

export function createFakeStorefront(options: FakeStorefrontOptions = {}): FakeStorefront {
  const token = options.token ?? MERCH_SEED_TOKEN;
  const products: SeedProduct[] = structuredClone([...(options.products ?? MERCH_SEED_PRODUCTS)]);
  const collections: SeedCollection[] = structuredClone([...(options.collections ?? MERCH_SEED_COLLECTIONS)]);
  const imageOrigin = (options.imageOrigin ?? 'https://cdn.fourthwall.com').replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const queue = scriptQueue<ScriptedAnswer>();
  const carts = new Map<string, FakeCart>();
  let cartCount = 0;

  const violation = (message: string) => {
    violations.push(message);
    options.onViolation?.(message);
  };

  const wireProduct = (p: SeedProduct): Obj => ({
    ...structuredClone(p),
    images: p.images.map((img) => ({ ...img, url: img.url.startsWith('/') ? `${imageOrigin}${img.url}` : img.url })),
  });
  const wireCollection = (c: SeedCollection): Obj => ({ id: c.id, slug: c.slug, name: c.name, description: c.description });
  const collectionProducts = (c: SeedCollection): SeedProduct[] =>
    c.productSlugs === undefined ? products : c.productSlugs.flatMap((slug) => products.filter((p) => p.slug === slug));
  const findVariant = (id: string): { product: SeedProduct; variant: SeedVariant } | null => {
    for (const product of products) for (const variant of product.variants) if (variant.id === id) return { product, variant };
    return null;
  };
  const notFound = (code: string) => json(404, { code });

  function paged<T>(all: readonly T[], query: URLSearchParams, wire: (item: T) => Obj): Response {
    const page = Number(query.get('page') ?? 0);
    const size = Number(query.get('size') ?? DEFAULT_PAGE_SIZE);
    const results = all.slice(page * size, page * size + size).map(wire);
    return json(200, { results, paging: { hasNextPage: (page + 1) * size < all.length } });
  }

  function cartAnswer(cart: FakeCart): Obj {
    return { id: cart.id, currency: cart.currency, items: cart.items.map((i) => ({ variant: i.variant, quantity: i.quantity })) };
  }

  const routes: Route[] = [
    { method: 'GET', pattern: /^\/v1\/collections$/, query: ['page', 'size'], answer: (_, q) => paged(collections, q, wireCollection) },
    {
      method: 'GET',
      pattern: /^\/v1\/collections\/([^/]+)$/,
      query: [],
      answer: ([slug]) => {
        const c = collections.find((x) => x.slug === slug);
        return c ? json(200, wireCollection(c)) : notFound('COLLECTION_NOT_FOUND');
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/collections\/([^/]+)\/products$/,
      query: ['page', 'size', 'currency'],
      answer: ([slug], q) => {
        const c = collections.find((x) => x.slug === slug);
        return c ? paged(collectionProducts(c), q, wireProduct) : notFound('COLLECTION_NOT_FOUND');
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/products\/([^/]+)$/,
      query: ['currency'],
      answer: ([slug]) => {
        const p = products.find((x) => x.slug === slug);
        return p ? json(200, wireProduct(p)) : notFound('OFFER_NOT_FOUND');
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/carts$/,
      query: [],
      answer: (_, __, body) => {
        const items: FakeCart['items'] = [];
        for (const line of (body['items'] ?? []) as { variantId: string; quantity: number }[]) {
          const found = findVariant(line.variantId);
          if (!found) return json(400, { code: 'VARIANT_NOT_FOUND', variantId: line.variantId });
          const { product, variant } = found;
          if (variant.stock.type === 'LIMITED' && variant.stock.inStock < line.quantity) {
            return json(400, { code: 'NOT_ENOUGH_STOCK', variantId: line.variantId });
          }
          items.push({
            variant: { ...structuredClone(variant), product: { id: product.id, slug: product.slug, name: product.name } },
            quantity: line.quantity,
          });
        }
        const cart: FakeCart = {
          id: `cart_${(++cartCount).toString().padStart(4, '0')}${crypto.randomUUID().slice(0, 8)}`,
          currency: (body['currency'] as string) ?? 'USD',
          items,
        };
        carts.set(cart.id, cart);
        return json(200, cartAnswer(cart));
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/carts\/([^/]+)$/,
      query: ['currency'],
      answer: ([id]) => {
        const cart = carts.get(id ?? '');
        return cart ? json(200, cartAnswer(cart)) : notFound('CART_NOT_FOUND');
      },
    },
  ];

  function queryProblems(route: Route, query: URLSearchParams): string[] {
    const problems: string[] = [];
    const names = [...query.keys()];
    for (const name of new Set(names)) {
      if (names.filter((n) => n === name).length > 1) problems.push(`query ${name} given twice`);
      if (name !== 'storefront_token' && !route.query.includes(name)) problems.push(`unknown query parameter ${JSON.stringify(name)}`);
    }
    const page = query.get('page');
    if (page !== null && !/^(?:0|[1-9]\d{0,6})$/.test(page)) problems.push(`page must be a non-negative integer, got ${JSON.stringify(page)}`);
    const size = query.get('size');
    if (size !== null && (!/^[1-9]\d{0,2}$/.test(size) || Number(size) > MAX_PAGE_SIZE))
      problems.push(`size must be 1 to ${MAX_PAGE_SIZE}, got ${JSON.stringify(size)}`);
    const currency = query.get('currency');
    if (currency !== null && !/^[A-Z]{3}$/.test(currency)) problems.push('currency must be a 3-letter upper-case code');
    return problems;
  }

  async function api(request: Request, url: URL, record: RecordedRequest): Promise<Response> {
    const refuse = (status: number, problem: string) => {
      violation(`${request.method} ${url.pathname}: ${problem}`);
      return json(status, { code: 'CONTRACT_VIOLATION', message: `Contract violation: ${problem}` });
    };
    const rawBody = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    if (rawBody !== '') {
      try {
        record.body = JSON.parse(rawBody);
      } catch {
        record.body = rawBody;
      }
    }
    const matching = routes.filter((r) => r.pattern.test(url.pathname));
    const route = matching.find((r) => r.method === request.method);
    if (!route) {
      return matching.length > 0
        ? refuse(405, `method not allowed (the storefront has ${matching.map((r) => r.method).join(', ')})`)
        : refuse(404, 'no such storefront endpoint');
    }
    const sent = url.searchParams.get('storefront_token');
    if (sent === null || sent === '') return refuse(401, 'no storefront_token in the query');
    const problems = queryProblems(route, url.searchParams);
    let body: Obj = {};
    if (route.method === 'POST') {
      const type = request.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json')) problems.push(`POST with content-type ${JSON.stringify(type)}`);
      if (typeof record.body !== 'object' || record.body === null || Array.isArray(record.body)) {
        problems.push('body is not a JSON object');
      } else {
        body = record.body as Obj;
        problems.push(...cartBodyProblems(body));
      }
    } else if (rawBody !== '') {
      problems.push('GET with a body');
    }
    if (problems.length > 0) return refuse(400, problems.join('; '));
    // A well-formed but wrong token is the shop's misconfiguration, not a client bug: the provider's 401, no violation.
    if (sent !== token) return json(401, { code: 'INVALID_STOREFRONT_TOKEN' });

    const answer = queue.take(request.method, url.pathname);
    if (answer) return scriptedResponse(answer, request.signal, STOREFRONT_SCRIPT_STYLE);
    let params: string[];
    try {
      params = (route.pattern.exec(url.pathname) ?? []).slice(1).map((p) => decodeURIComponent(p));
    } catch {
      return refuse(400, 'malformed percent-encoding in the path');
    }
    return route.answer(params, url.searchParams, body);
  }

  const placeOrder = (cartId: string) =>
    options.placeOrderAction === undefined
      ? ''
      : `<form method="post" action="${escapeHtml(options.placeOrderAction)}"><input type="hidden" name="cartId" value="${escapeHtml(cartId)}"><button>Place order</button></form>`;

  function checkout(url: URL): Response {
    const cart = carts.get(url.searchParams.get('cartId') ?? '');
    const html = (status: number, body: string) =>
      new Response(`<!doctype html><meta charset="utf-8">${body}`, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
    if (!cart) return html(404, '<title>Cart not found</title><h1>Cart not found</h1>');
    const currency = url.searchParams.get('cartCurrency') ?? cart.currency;
    const lines = cart.items.map(({ variant, quantity }) => {
      const product = (variant['product'] as { name: string }).name;
      const price = variant['unitPrice'] as { value: number; currency: string };
      return `<li data-variant="${escapeHtml(String(variant['id']))}">${escapeHtml(product)} (${escapeHtml(String(variant['name']))}) x ${quantity}: ${price.value.toFixed(2)} ${escapeHtml(price.currency)}</li>`;
    });
    return html(
      200,
      `<title>Checkout</title><h1>Hosted checkout</h1><p>Cart <code>${escapeHtml(cart.id)}</code>, currency ${escapeHtml(currency)}</p><ul>${lines.join('')}</ul>${placeOrder(cart.id)}`,
    );
  }

  async function handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    const image = /^\/images\/([a-z0-9-]{1,64})\.svg$/.exec(url.pathname);
    if (image && request.method === 'GET') {
      return new Response(imageSvg(image[1] ?? ''), { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' } });
    }
    if ((url.pathname === '/checkout/' || url.pathname === '/checkout') && request.method === 'GET') return checkout(url);
    if (!url.pathname.startsWith('/v1/')) return null;
    const query: Record<string, string> = {};
    url.searchParams.forEach((value, name) => {
      query[name] = name === 'storefront_token' ? (value === token ? '<token>' : '<wrong>') : value;
    });
    const record: RecordedRequest = { method: request.method, path: url.pathname, query, body: null, status: 0 };
    // Recorded before answering, so a request the caller gave up on still shows (status 0).
    requests.push(record);
    const response = await api(request, url, record);
    record.status = response.status;
    return response;
  }

  const fakeFetch: FetchFn = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const response = await handle(request);
    if (response) return response;
    const path = new URL(request.url).pathname;
    violation(`${request.method} ${path}: not a storefront path`);
    return json(404, { code: 'NOT_FOUND' });
  };

  return {
    handle,
    fetch: fakeFetch,
    requests,
    violations,
    script: queue.push,
    carts,
    products,
    collections,
  };
}
