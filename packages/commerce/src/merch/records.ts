import * as v from 'valibot';
import { currencyDigits, majorToCents, type Money } from '../money.ts';
import { invalidResponse } from './request.ts';

/**
 * The host the provider serves product images from (image `url`s point
 * there): add it to a CSP `img-src` or an image allow-list. Resized copies
 * (`transformedUrl`, on the provider's imgproxy host) are not read.
 */
export const MERCH_IMAGE_HOST = 'cdn.fourthwall.com';

/** A storefront collection. */
export interface MerchCollection {
  id: string;
  slug: string;
  name: string;
  description: string;
}

/** A product image; the provider usually sends its size, but the reader does not insist. */
export interface MerchImage {
  url: string;
  width: number | null;
  height: number | null;
}

/** One purchasable variant (a size, a colour) with prices in minor units. */
export interface MerchVariant {
  id: string;
  name: string;
  sku: string | null;
  price: Money;
  compareAtPrice: Money | null;
  /** Units in stock; null when the variant is not stock-tracked (the provider's UNLIMITED), 0 when sold out. */
  stock: number | null;
  /** Flat attribute names to values (`{ color: 'Black', size: 'L', description: 'Black, L' }`). */
  attributes: Record<string, string>;
}

/** A storefront product, normalized. */
export interface MerchProduct {
  id: string;
  slug: string;
  name: string;
  /** HTML as sent: sanitize before rendering (see `merchCopy`). */
  description: string;
  images: MerchImage[];
  variants: MerchVariant[];
  /** The "More details" panel HTML as sent, or null; may hold compliance blocks (see `merchCopy`). */
  moreDetails: string | null;
  available: boolean;
}

/** One page of a paged storefront list. */
export interface MerchPage<T> {
  results: T[];
  hasNextPage: boolean;
}

// The wire shapes, as far as they are read. Unknown members are ignored (the
// provider adds fields); a missing or mistyped member that is read fails the
// answer as invalid_response instead of flowing on as `undefined`.
const text = v.string();
const optText = v.nullish(v.string());
const WireMoney = v.object({ value: v.pipe(v.number(), v.finite()), currency: v.pipe(v.string(), v.regex(/^[A-Za-z]{3}$/)) });
const WireStock = v.variant('type', [
  v.object({ type: v.literal('LIMITED'), inStock: v.pipe(v.number(), v.integer()) }),
  v.object({ type: v.literal('UNLIMITED') }),
]);
const WireImage = v.object({ url: text, width: v.nullish(v.number()), height: v.nullish(v.number()) });
const WireVariant = v.object({
  id: text,
  name: text,
  sku: optText,
  unitPrice: WireMoney,
  compareAtPrice: v.nullish(WireMoney),
  stock: WireStock,
  attributes: v.nullish(v.record(v.string(), v.unknown())),
});
const WireProduct = v.object({
  id: text,
  slug: text,
  name: text,
  description: optText,
  images: v.nullish(v.array(WireImage)),
  variants: v.array(WireVariant),
  additionalInformation: v.nullish(v.object({ moreDetails: optText })),
  state: v.nullish(v.object({ type: text })),
});
const WireCollection = v.object({ id: text, slug: text, name: text, description: optText });
const WirePaging = v.object({ hasNextPage: v.boolean() });

type WireMoney = v.InferOutput<typeof WireMoney>;
type WireVariant = v.InferOutput<typeof WireVariant>;
type WireProduct = v.InferOutput<typeof WireProduct>;

function parse<S extends v.GenericSchema>(schema: S, data: unknown, operation: string, status: number): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (!result.success) throw invalidResponse(operation, status, v.summarize(result.issues).slice(0, 500));
  return result.output;
}

/** Major units on the wire (`{value: 10, currency: 'USD'}`) to exact minor units; an unknown currency is a malformed answer. */
function money(wire: WireMoney, operation: string, status: number): Money {
  try {
    const currency = wire.currency.toUpperCase();
    const amount = majorToCents(wire.value, currencyDigits(currency));
    if (amount < 0) throw new RangeError('negative price');
    return { amount, currency };
  } catch (error) {
    throw invalidResponse(operation, status, `price ${JSON.stringify(wire)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** `{description: 'Black, L', color: {name: 'Black', swatch}, size: {name: 'L'}}` to plain strings; anything else is dropped. */
function attributes(wire: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(wire ?? {})) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string') {
      out[key] = (value as { name: string }).name;
    }
  }
  return out;
}

/** Only absolute http(s) image URLs reach a page: a `javascript:` or relative src from the provider is dropped, not rendered. */
function image(wire: v.InferOutput<typeof WireImage>): MerchImage | null {
  let url: URL;
  try {
    url = new URL(wire.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const size = (n: number | null | undefined) => (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null);
  return { url: wire.url, width: size(wire.width), height: size(wire.height) };
}

function variant(wire: WireVariant, operation: string, status: number): MerchVariant {
  return {
    id: wire.id,
    name: wire.name,
    sku: wire.sku || null,
    price: money(wire.unitPrice, operation, status),
    compareAtPrice: wire.compareAtPrice ? money(wire.compareAtPrice, operation, status) : null,
    // A negative count (an oversold variant) is sold out, not a debt shown to buyers.
    stock: wire.stock.type === 'UNLIMITED' ? null : Math.max(0, wire.stock.inStock),
    attributes: attributes(wire.attributes),
  };
}

function product(wire: WireProduct, operation: string, status: number): MerchProduct {
  const variants = wire.variants.map((w) => variant(w, operation, status));
  const currencies = new Set(variants.map((x) => x.price.currency));
  // One request answers in one currency; a mix would make lowestPrice compare unlike amounts.
  if (currencies.size > 1) throw invalidResponse(operation, status, `product ${wire.id} mixes currencies ${[...currencies].join(', ')}`);
  const buyable = variants.some((x) => x.stock === null || x.stock > 0);
  return {
    id: wire.id,
    slug: wire.slug,
    name: wire.name,
    description: wire.description ?? '',
    images: (wire.images ?? []).map(image).filter((x): x is MerchImage => x !== null),
    variants,
    moreDetails: wire.additionalInformation?.moreDetails ?? null,
    // The provider's own state when it sends one (a shop can mark a product sold out), else the stock.
    available: wire.state ? wire.state.type === 'AVAILABLE' && buyable : buyable,
  };
}

/** Reads one product answer (`GET /products/{slug}`). */
export function readProduct(data: unknown, operation: string, status = 200): MerchProduct {
  return product(parse(WireProduct, data, operation, status), operation, status);
}

/** Reads one collection answer. */
export function readCollection(data: unknown, operation: string, status = 200): MerchCollection {
  const wire = parse(WireCollection, data, operation, status);
  return { id: wire.id, slug: wire.slug, name: wire.name, description: wire.description ?? '' };
}

/**
 * Reads a paged answer `{ results, paging: { hasNextPage } }`. Product pages
 * must carry `paging` (reading a page without it as the last one would cut a
 * catalog short without a word); `pagingOptional` is for the collection list,
 * which some shops answer with `results` alone.
 */
export function readPage<T>(
  data: unknown,
  operation: string,
  item: (raw: unknown, operation: string) => T,
  options: { pagingOptional?: boolean; status?: number } = {},
): MerchPage<T> {
  const status = options.status ?? 200;
  const paging = options.pagingOptional ? v.optional(WirePaging) : WirePaging;
  const wire = parse(v.object({ results: v.array(v.unknown()), paging }), data, operation, status);
  return { results: wire.results.map((raw) => item(raw, operation)), hasNextPage: wire.paging?.hasNextPage ?? false };
}
