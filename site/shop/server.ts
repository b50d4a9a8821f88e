// The shop's server side, shared by its endpoints (site/pages/api/shop/*):
// Pay's settings, the live catalog a cart is checked against, and orders.
import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import { json } from 'louise/http';
import { orders } from '../db/schema.ts';
import { logUpstreamFailure } from '../providers.ts';
import * as v from 'valibot';
import { priceCents } from './products.ts';

/** Pay's settings: `.dev.vars` on localhost (the fake Pay server), secrets when deployed. */
interface ShopEnv {
  DB: D1Database;
  KV: KVNamespace;
  /** `wrangler secret put PAY_SECRET_KEY`: the account's secret key (`sk_live_…`, `sk_test_…`). */
  PAY_SECRET_KEY?: string;
  /** `wrangler secret put PAY_WEBHOOK_SECRET`: the webhook endpoint's signing secret (`whsec_…`). */
  PAY_WEBHOOK_SECRET?: string;
  /** Where Pay answers; unset means Pay itself. `.dev.vars` points it at the local fake server. */
  PAY_API_BASE?: string;
}

export interface PaySettings {
  secretKey: string;
  webhookSecret: string;
  options: { baseUrl?: string };
}

/** Pay's settings, or null when the shop is not set up (its endpoints then answer 503 saying what to set). */
export function paySettings(env: unknown): PaySettings | null {
  const e = env as ShopEnv;
  if (!e.PAY_SECRET_KEY || !e.PAY_WEBHOOK_SECRET) return null;
  return { secretKey: e.PAY_SECRET_KEY, webhookSecret: e.PAY_WEBHOOK_SECRET, options: e.PAY_API_BASE ? { baseUrl: e.PAY_API_BASE } : {} };
}

export const shopDb = (env: unknown) => drizzle((env as ShopEnv).DB);
export const shopKv = (env: unknown) => (env as ShopEnv).KV;

export const unconfigured = () =>
  json(
    { error: 'shop_unconfigured', message: 'The shop is not set up: set PAY_SECRET_KEY and PAY_WEBHOOK_SECRET (see the shop section of the README).' },
    { status: 503 },
  );

/** An answer for a Pay failure: the details go to the log (never the key), the buyer gets our words. */
export function payFailure(error: unknown): Response {
  logUpstreamFailure(error);
  return json({ error: 'payment_unavailable', message: 'The payment service did not answer. Nothing was charged; try again in a minute.' }, { status: 502 });
}

/** What visitors see of the products in `slugs`: published titles and prices (minor units; an unreadable price is left out, so the product counts as unavailable). */
export async function liveCatalog(env: unknown, slugs: readonly string[]): Promise<Map<string, { title: string; price: number }>> {
  const { results } = await (env as ShopEnv).DB.prepare(
    `SELECT slug, title, price FROM products WHERE published_version_id IS NOT NULL AND slug IN (${slugs.map(() => '?').join(', ')})`,
  )
    .bind(...slugs)
    .all<{ slug: string; title: string; price: string }>();
  const catalog = new Map<string, { title: string; price: number }>();
  for (const row of results) {
    const price = priceCents(row.price);
    if (price !== null) catalog.set(row.slug, { title: row.title, price });
  }
  return catalog;
}

/** An order id as the checkout gave it to the buyer: a random UUID. */
export const orderId = v.pipe(v.string(), v.uuid('is not an order id'));

/** The order with this id or this payment intent, or null. */
export async function findOrder(env: unknown, by: { id: string } | { paymentIntentId: string }) {
  const where = 'id' in by ? eq(orders.id, by.id) : eq(orders.paymentIntentId, by.paymentIntentId);
  const [order] = await shopDb(env).select().from(orders).where(where).limit(1);
  return order ?? null;
}
