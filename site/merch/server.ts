// The merch page's server side (site/pages/merch/*, site/pages/api/merch/*):
// the storefront's settings and how a Merch failure is answered.
import { formatMoney } from 'louise/commerce';
import { lowestPrice, type MerchProduct } from 'louise/commerce/merch';
import { json } from 'louise/http';

/** The storefront's settings: `.dev.vars` on localhost (the local fake Merch server), vars and secrets when deployed. */
interface MerchEnv {
  DB: D1Database;
  KV: KVNamespace;
  /** The shop's storefront token (`ptkn_…`, Settings > For Developers). Public by design, but kept out of the HTML anyway. */
  MERCH_STOREFRONT_TOKEN?: string;
  /** Where the storefront API answers; unset means the provider itself. `.dev.vars` points it at the local fake. */
  MERCH_STOREFRONT_BASE?: string;
  /** The shop's checkout origin (its Merch domain or a custom checkout domain): where the buyer is handed off. */
  MERCH_CHECKOUT_URL?: string;
  /** `wrangler secret put MERCH_WEBHOOK_SECRET`: the signing secret of the shop's order webhook. */
  MERCH_WEBHOOK_SECRET?: string;
}

export interface MerchSettings {
  token: string;
  checkoutUrl: string;
  options: { baseUrl?: string };
}

/** The storefront's settings, or null when the merch page is not set up (it then says what to set). */
export function merchSettings(env: unknown): MerchSettings | null {
  const e = env as MerchEnv;
  if (!e.MERCH_STOREFRONT_TOKEN || !e.MERCH_CHECKOUT_URL) return null;
  return {
    token: e.MERCH_STOREFRONT_TOKEN,
    checkoutUrl: e.MERCH_CHECKOUT_URL,
    options: e.MERCH_STOREFRONT_BASE ? { baseUrl: e.MERCH_STOREFRONT_BASE } : {},
  };
}

/** A product slug as the store makes them; anything else is not looked up (a 404 or 400 here). */
export const MERCH_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export const merchWebhookSecret = (env: unknown): string | null => (env as MerchEnv).MERCH_WEBHOOK_SECRET || null;
export const merchDb = (env: unknown) => (env as MerchEnv).DB;
export const merchKv = (env: unknown) => (env as MerchEnv).KV;

export const MERCH_UNCONFIGURED = 'The merch store is not set up: set MERCH_STOREFRONT_TOKEN and MERCH_CHECKOUT_URL (see the merch section of the README).';

export const merchUnconfigured = () => json({ error: 'merch_unconfigured', message: MERCH_UNCONFIGURED }, { status: 503 });

/**
 * A product's price as the store shows it: the lowest price (of what can be
 * bought, see lowestPrice), with "From" when the options that can be bought
 * differ in price.
 */
export function priceLabel(product: MerchProduct): string | null {
  const lowest = lowestPrice(product);
  if (!lowest) return null;
  const inStock = product.variants.filter((variant) => variant.stock !== 0);
  const options = inStock.length > 0 ? inStock : product.variants;
  const text = formatMoney(lowest, { locale: 'en-US' });
  return options.some((variant) => variant.price.amount !== lowest.amount) ? `From ${text}` : text;
}
