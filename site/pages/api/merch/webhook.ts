// POST /api/merch/webhook: the merch store's order webhooks. The signature
// (base64 HMAC-SHA256 of the raw body under the webhook's secret) is checked
// before anything is read; each event is kept once, by its id, because Merch
// may deliver it again and its signature carries no timestamp.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { MERCH_SIGNATURE_HEADER, verifyMerchSignature } from 'louise/commerce/merch';
import { errorResponse, json } from 'louise/http';
import * as v from 'valibot';
import { merchEvents } from '../../../db/schema.ts';
import { merchDb, merchWebhookSecret } from '../../../merch/server.ts';
import { readSignedJson } from '../../../providers.ts';

const token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'is not an id'));
const envelope = v.object({
  id: token,
  type: v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'is not an event type')),
  testMode: v.optional(v.boolean(), false),
  data: v.record(v.string(), v.unknown()),
});

export const POST: APIRoute = async ({ request }) => {
  try {
    const secret = merchWebhookSecret(env);
    if (!secret) {
      return json(
        { error: 'merch_unconfigured', message: 'The merch webhook is not set up: set MERCH_WEBHOOK_SECRET (see the merch section of the README).' },
        { status: 503 },
      );
    }
    const signed = await readSignedJson(
      request,
      (body) => verifyMerchSignature(body, request.headers.get(MERCH_SIGNATURE_HEADER), secret),
      `The ${MERCH_SIGNATURE_HEADER} header does not match this body and the webhook secret.`,
    );
    if (!signed.ok) return signed.response;
    const result = v.safeParse(envelope, signed.data);
    if (!result.success) return json({ error: 'invalid_event' }, { status: 400 });
    const event = result.output;
    const orderId = event.type.startsWith('ORDER_') && v.is(token, event.data['id']) ? (event.data['id'] as string) : null;
    const stored = await drizzle(merchDb(env))
      .insert(merchEvents)
      .values({ id: event.id, type: event.type, orderId, testMode: event.testMode, data: event.data })
      .onConflictDoNothing()
      .returning({ id: merchEvents.id });
    return json({ received: true, duplicate: stored.length === 0 });
  } catch (error) {
    return errorResponse(error, request);
  }
};
