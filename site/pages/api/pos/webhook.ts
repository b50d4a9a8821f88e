// POST /api/pos/webhook: the point of sale's notifications (payments made at
// the till or online, ...). The signature covers the notification URL as the
// subscription registered it, so the URL is taken from settings
// (POS_WEBHOOK_URL), never from this request's Host header, and checked
// with the raw body before anything is parsed. Each event is kept once, by
// its `event_id`, because Pos may deliver it again.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { POS_SIGNATURE_HEADER, verifyPosSignature } from 'louise/commerce/pos';
import { errorResponse, json } from 'louise/http';
import * as v from 'valibot';
import { posEvents } from '../../../db/schema.ts';
import { posDb, posWebhookSettings } from '../../../pos/server.ts';
import { readSignedJson } from '../../../providers.ts';

const id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_:-]{1,100}$/, 'is not an id'));
const envelope = v.object({
  merchant_id: id,
  type: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*){1,3}$/, 'is not an event type')),
  event_id: id,
  created_at: v.optional(v.string()),
  data: v.object({ type: v.optional(v.string()), id: v.optional(id), object: v.optional(v.record(v.string(), v.unknown())) }),
});

export const POST: APIRoute = async ({ request }) => {
  try {
    const settings = posWebhookSettings(env);
    if (!settings) {
      return json(
        {
          error: 'pos_unconfigured',
          message: 'The POS webhook is not set up: set POS_WEBHOOK_URL and POS_WEBHOOK_SIGNATURE_KEY (see the POS section of the README).',
        },
        { status: 503 },
      );
    }
    const signed = await readSignedJson(
      request,
      (body) => verifyPosSignature(settings.url, body, request.headers.get(POS_SIGNATURE_HEADER), settings.key),
      `The ${POS_SIGNATURE_HEADER} header does not match this body, the registered notification URL and the signature key.`,
    );
    if (!signed.ok) return signed.response;
    const result = v.safeParse(envelope, signed.data);
    if (!result.success) return json({ error: 'invalid_event' }, { status: 400 });
    const event = result.output;
    const stored = await drizzle(posDb(env))
      .insert(posEvents)
      .values({ id: event.event_id, type: event.type, objectId: event.data.id ?? null, data: event.data })
      .onConflictDoNothing()
      .returning({ id: posEvents.id });
    return json({ received: true, duplicate: stored.length === 0 });
  } catch (error) {
    return errorResponse(error, request);
  }
};
