// The reference site's own tables, beside Louise's (which ship with the
// package's migrations): drizzle-kit reads this file
// (`npx drizzle-kit generate --config site/drizzle.config.ts`) and writes
// site/migrations/, which wrangler applies (`wrangler d1 migrations apply DB`).
import { collectionTables } from 'louise/db';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { products } from '../shop/products.ts';

export const { table: productsTable, versions: productsVersions } = collectionTables(products);

/**
 * One checkout: what was ordered at which price, and the payment intent that
 * collects it. `status` is `awaiting_payment` until Pay's webhook says the
 * payment succeeded (then `paid`, with `paid_at`); amounts are minor units.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    status: text('status', { enum: ['awaiting_payment', 'paid'] })
      .notNull()
      .default('awaiting_payment'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    lines: text('lines', { mode: 'json' }).notNull(),
    createdAt: integer('created_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
    paidAt: integer('paid_at'),
  },
  (table) => [index('orders_status_created').on(table.status, table.createdAt)],
);

/**
 * The merch store's order webhooks, verified and kept once each: Merch may
 * send an event more than once (its signature has no timestamp), so the
 * event id is the key and a repeat is acknowledged without a second row.
 */
export const merchEvents = sqliteTable(
  'merch_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    orderId: text('order_id'),
    testMode: integer('test_mode', { mode: 'boolean' }).notNull().default(false),
    data: text('data', { mode: 'json' }).notNull(),
    receivedAt: integer('received_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index('merch_events_order').on(table.orderId)],
);

/**
 * The point of sale's webhook notifications, verified and kept once each by
 * their `event_id`: Pos may deliver one more than once, and a repeat is
 * acknowledged without a second row.
 */
export const posEvents = sqliteTable(
  'pos_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The id of the object the event is about (a payment, an order), when it names one. */
    objectId: text('object_id'),
    data: text('data', { mode: 'json' }).notNull(),
    receivedAt: integer('received_at').notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [index('pos_events_object').on(table.objectId)],
);
