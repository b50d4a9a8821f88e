// The realtime session's socket protocol, version 1: every message is one
// JSON text frame `{ v: 1, type, ... }`. Both ends validate with these
// schemas. The editor's identity is fixed when the socket opens (the route
// checked the session) and is never read from a message: a message with any
// key its type does not define (an `editor`, an `id`) is malformed.
import * as v from 'valibot';

export const PROTOCOL_VERSION = 1;

/** Largest message either end accepts, in UTF-8 bytes; larger closes the socket with `CLOSE.tooBig`. */
export const MAX_MESSAGE_BYTES = 256 * 1024;

/** The client pings this often; a socket silent for `HEARTBEAT_TIMEOUT_MS` is closed and its claim released. */
export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_TIMEOUT_MS = 30_000;
/** A claim with no claim or set of that field from its holder for this long is released (a ping does not keep it). */
export const IDLE_CLAIM_MS = 60_000;
/**
 * The identity a socket carries was checked when it opened: after this long
 * the object closes it (`CLOSE.recheck`) and the client reconnects through
 * the route, so a signed-out or removed editor cannot keep writing drafts.
 */
export const MAX_SOCKET_MS = 15 * 60_000;

/** The header carrying a page's connection `sid` on its saves over HTTP (see `SoftLockSource.own`). */
export { LIVE_HEADER } from '../drafts/soft-locks.ts';

/** Per connection: a burst of this many messages, refilled at `RATE_PER_SECOND`; past it the socket is closed (`CLOSE.rate`). */
export const RATE_BURST = 60;
export const RATE_PER_SECOND = 20;

/** Close codes the object uses (4000-4999 are the application's). Each close carries a reason that says what happened. */
export const CLOSE = {
  /** Not JSON, an unknown type or version, a key the type does not define, a field the page does not have. */
  malformed: 4400,
  /** A message over `MAX_MESSAGE_BYTES`. */
  tooBig: 1009,
  /** Over the per-connection message rate. */
  rate: 4429,
  /** No ping for `HEARTBEAT_TIMEOUT_MS`. */
  timeout: 4408,
  /** The session ended (the page's row is gone). */
  gone: 4404,
  /** The socket reached `MAX_SOCKET_MS`: reconnect, and the route checks the editor's session again. */
  recheck: 4401,
} as const;

const Field = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const Seq = v.pipe(v.number(), v.safeInteger(), v.minValue(1));
/** A field revision (`fieldRev`): 16 hex characters. */
const Rev = v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/));
const V = v.literal(PROTOCOL_VERSION);

/** Client to object. */
export const ClientMessage = v.variant('type', [
  /** Focus: claim the field (a soft lock) until release, disconnect or idle. */
  v.strictObject({ v: V, type: v.literal('claim'), field: Field }),
  /** Blur: give the field up. */
  v.strictObject({ v: V, type: v.literal('release'), field: Field }),
  /**
   * A change: stored by the object before it is acknowledged (`ack`), broadcast to the others, persisted on the next flush.
   * `base` is the revision the value was built on (what the tab last displayed or had acknowledged); when the session holds
   * a newer value this connection did not write, the change is refused as a `conflict` instead of replacing it.
   */
  v.strictObject({ v: V, type: v.literal('set'), field: Field, value: v.unknown(), seq: Seq, base: v.optional(v.nullable(Rev)) }),
  v.strictObject({ v: V, type: v.literal('ping') }),
]);
export type ClientMessage = v.InferOutput<typeof ClientMessage>;

/** Someone on the page: `sid` is the connection (one editor may have two tabs), `field` the field they hold. */
export interface Peer {
  sid: string;
  id: string;
  name: string;
  color: string;
  field: string | null;
}

/** Object to client. */
export type ServerMessage =
  /**
   * `pending`: the changes accepted and not yet written; `written`: the stored value of each other field the session
   * wrote (a page rendered just before that write shows the older one); `revs`: the revision of each of both, the base of later saves.
   */
  | {
      v: 1;
      type: 'welcome';
      you: Peer;
      peers: Peer[];
      pending: Record<string, unknown>;
      written: Record<string, unknown>;
      revs: Record<string, string>;
      heartbeatMs: number;
    }
  | { v: 1; type: 'presence'; peers: Peer[] }
  /** A change stored: `rev` is the revision of the value as it will be written (sanitized), the base of a later plain save. */
  | { v: 1; type: 'ack'; seq: number; rev: string }
  /**
   * A claim or set refused: `locked` (held by `holder`), `invalid` (`message` says why; the value was not stored), or
   * `conflict` (the session holds a newer `value`, at `rev`, than the set's `base`: the editor chooses, as after a 409).
   */
  | {
      v: 1;
      type: 'refused';
      field: string;
      seq?: number;
      reason: 'locked' | 'invalid' | 'conflict';
      holder?: string;
      value?: unknown;
      rev?: string;
      message: string;
    }
  /** Another editor's change, as it will be stored (rich text sanitized), and its revision. */
  | { v: 1; type: 'update'; field: string; value: unknown; rev: string; by: string }
  /** A flush stored a version: the revisions of every field, the base of later plain saves. */
  | { v: 1; type: 'saved'; revs: Record<string, string>; versionId: number | null }
  /** A flush failed; the changes are kept and retried. */
  | { v: 1; type: 'failed'; fields: string[]; message: string };

const PeerSchema = v.object({ sid: v.string(), id: v.string(), name: v.string(), color: v.string(), field: v.nullable(v.string()) });

/** What the client accepts from the object (a message it cannot read is ignored, never acted on). */
export const ServerMessageSchema = v.variant('type', [
  v.object({
    v: V,
    type: v.literal('welcome'),
    you: PeerSchema,
    peers: v.array(PeerSchema),
    pending: v.record(v.string(), v.unknown()),
    written: v.record(v.string(), v.unknown()),
    revs: v.record(v.string(), v.string()),
    heartbeatMs: v.number(),
  }),
  v.object({ v: V, type: v.literal('presence'), peers: v.array(PeerSchema) }),
  v.object({ v: V, type: v.literal('ack'), seq: v.number(), rev: v.string() }),
  v.object({
    v: V,
    type: v.literal('refused'),
    field: v.string(),
    seq: v.optional(v.number()),
    reason: v.picklist(['locked', 'invalid', 'conflict']),
    holder: v.optional(v.string()),
    value: v.optional(v.unknown()),
    rev: v.optional(v.string()),
    message: v.string(),
  }),
  v.object({ v: V, type: v.literal('update'), field: v.string(), value: v.unknown(), rev: v.string(), by: v.string() }),
  v.object({ v: V, type: v.literal('saved'), revs: v.record(v.string(), v.string()), versionId: v.nullable(v.number()) }),
  v.object({ v: V, type: v.literal('failed'), fields: v.array(v.string()), message: v.string() }),
]);

/** Reads one frame against a schema: the message, or why it is not one. */
export function readMessage<S extends v.GenericSchema>(
  schema: S,
  frame: string | ArrayBuffer,
): { ok: true; message: v.InferOutput<S> } | { ok: false; problem: string } {
  if (typeof frame !== 'string') return { ok: false, problem: 'binary frames are not part of the protocol' };
  let data: unknown;
  try {
    data = JSON.parse(frame);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const result = v.safeParse(schema, data);
  return result.success ? { ok: true, message: result.output } : { ok: false, problem: v.summarize(result.issues).slice(0, 120) };
}
