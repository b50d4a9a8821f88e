import { DurableObject } from 'cloudflare:workers';
import type { CollectionConfig } from '../content/collection.ts';
import { revisionSubject } from '../content/document-revs.ts';
import { bufferKey, type BufferedDraft } from '../content/draft-buffer.ts';
import { canonicalJson, fieldRev } from '../content/field-rev.ts';
import { resolveCollection } from '../content/resolved-collection.ts';
import { writeSession } from '../db/d1-cookie.ts';
import { applySaveDraft, checkDraftSave } from '../drafts/apply-save-draft.ts';
import { draftDeps, type DraftDeps } from '../drafts/draft-deps.ts';
import { readWork } from '../drafts/draft-store.ts';
import { searchHooks } from '../drafts/search-hooks.ts';
import { runWriteHook, type WriteHook } from '../drafts/write-hook.ts';
import type { VersionsOperation } from '../drafts/versions-route.ts';
import { HttpError } from '../http/errors.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import type { SearchVector } from '../search/vector-api.ts';
import { errorName } from '../security/degraded.ts';
import {
  CLOSE,
  ClientMessage,
  HEARTBEAT_MS,
  HEARTBEAT_TIMEOUT_MS,
  IDLE_CLAIM_MS,
  MAX_MESSAGE_BYTES,
  MAX_SOCKET_MS,
  PROTOCOL_VERSION,
  RATE_BURST,
  RATE_PER_SECOND,
  readMessage,
  type Peer,
  type ServerMessage,
} from './protocol.ts';
import { INTRO_HEADER, readIntro } from './intro.ts';

/** Changes are collected this long after the first one, then flushed as one draft version. */
export const FLUSH_MS = 2_000;
/** A failed flush is retried after this, doubling up to `MAX_RETRY_MS`. */
const RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;
/** While sockets are open the object wakes this often to drop dead ones and idle claims. */
const SWEEP_MS = HEARTBEAT_MS;

/** One connection's state, kept on the socket itself so it survives hibernation. */
interface Attachment {
  sid: string;
  editor: EditorSession;
  color: string;
  field: string | null;
  /** When the claim was taken or last used. */
  claimedAt: number;
  /** When the socket opened (its identity was checked then). */
  since: number;
  /** Last message of any kind (the heartbeat). */
  seen: number;
  /** Token bucket of the message rate limit. */
  tokens: number;
  at: number;
}

/**
 * A change accepted and stored, not yet flushed: who made it and its order (`n`), so a flush removes only what it wrote;
 * the connection that sent it (`sid`) and the revision of its value (`rev`), which a later change must be built on.
 */
interface PendingChange {
  value: unknown;
  editor: EditorSession;
  n: number;
  sid?: string;
  rev?: string;
}

/**
 * The newest change the session accepted for a field (kept after the flush, key `w:<field>`): which connection
 * and editor sent it, at which revision.
 */
interface LastWrite {
  sid: string;
  editor: string;
  rev: string;
}

/** A field's value as the session has it (pending, else stored), with its revision and, when it was this session's, the connection that wrote it. */
interface Current {
  value: unknown;
  rev: string;
  sid: string | undefined;
}

/** The revision of a pending change (stored with it since issue 37; computed for older ones). */
const revOf = (change: PendingChange) => change.rev ?? fieldRev(change.value ?? null);

export interface RealtimeObjectOptions<E> {
  /** The site's collections; pages of its drafts collections get a session. */
  collections: readonly CollectionConfig[];
  /** Passed to `sanitizeRichHtml` for rich fields (as the routes do). */
  mediaBase?: string | undefined;
  /** Keeps a searchable collection's editor index in step with flushes, as `versionsRoute` does. */
  vector?: SearchVector<E> | undefined;
}

/** The class `realtimeObject` returns: a Durable Object that also answers `held()` over RPC. */
export type RealtimeObjectClass<E> = new (
  ctx: DurableObjectState,
  env: E,
) => DurableObject<E> & {
  held(fields: readonly string[]): Promise<Record<string, string>>;
  own(fields: readonly string[], sid: string, editor: string): Promise<Record<string, string>>;
  settle(action: SettleAction): Promise<void>;
};

/** Before a publish: write what the session holds (`flush`); before a discard: throw it away with the draft (`drop`). */
export type SettleAction = 'flush' | 'drop';

/** What the object needs of one drafts collection. */
interface Drafts<E> {
  deps: DraftDeps<E>;
  afterWrite: WriteHook<E, VersionsOperation> | undefined;
}

// Colours for others' presence and locks: each at least 4.5:1 against white.
const COLORS = ['#b4236c', '#1d5fa8', '#2e6b30', '#8a4b00', '#6a3fb5', '#00695c', '#b3261e', '#455a64'];

/**
 * A stable colour per editor id.
 * @internal (not exported from any package entry)
 */
export function colorOf(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return COLORS[hash % COLORS.length] as string;
}

const encoder = new TextEncoder();

/**
 * The per-page coordination object of the realtime session, as a class for
 * the site's Worker to export (wrangler binds it, SQLite-backed): presence,
 * field claims (soft locks, see `realtimeSoftLocks`), live updates, and
 * coalesced persistence through `applySaveDraft`, the one draft write path.
 * Uses the WebSocket hibernation API: an idle page costs nothing, and every
 * connection's state lives on its socket, every accepted change in storage
 * before it is acknowledged, so an evicted or restarted object loses nothing.
 *
 * Written on the hibernation API directly rather than on `partyserver`: the
 * surface used here is four methods, the live route (not a room router)
 * decides who connects, and the object must also answer `held()` over RPC
 * and own its alarm for flushes and sweeps.
 *
 * @example
 * export const RealtimeObject = realtimeObject({ collections: [pages] });
 */
export function realtimeObject<E extends EditorRouteEnv>(options: RealtimeObjectOptions<E>): RealtimeObjectClass<E> {
  const drafts = new Map<string, Drafts<E>>();
  for (const config of options.collections) {
    const { table, versionsTable } = resolveCollection(config);
    if (!versionsTable) continue;
    drafts.set(config.slug, {
      deps: draftDeps<E>({ table, versionsTable, config, mediaBase: options.mediaBase }),
      afterWrite: config.search ? searchHooks<E>(table, config, options.vector).versions : undefined,
    });
  }

  return class RealtimeObject extends DurableObject<E> {
    private pending: Map<string, PendingChange> | null = null;
    private flushing: Promise<boolean> | null = null;
    private page: { collection: string; id: number } | undefined;
    private turn: Promise<void> = Promise.resolve();

    /** Opens a connection introduced by the live route (`INTRO_HEADER`); anything else is refused. */
    override async fetch(request: Request): Promise<Response> {
      const intro = readIntro(request.headers.get(INTRO_HEADER));
      if (!intro || !drafts.has(intro.collection)) return new Response('Connect through the live route.', { status: 400 });
      if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade.', { status: 426 });
      const target = await this.target();
      if (target && (target.collection !== intro.collection || target.id !== intro.id))
        return new Response('This object serves another page.', { status: 409 });
      if (!target) {
        this.page = { collection: intro.collection, id: intro.id };
        await this.ctx.storage.put('target', this.page);
      }
      const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
      this.ctx.acceptWebSocket(server);
      const now = Date.now();
      const me: Attachment = {
        sid: crypto.randomUUID(),
        editor: intro.editor,
        color: colorOf(intro.editor.id),
        field: null,
        claimedAt: now,
        since: now,
        seen: now,
        tokens: RATE_BURST,
        at: now,
      };
      server.serializeAttachment(me);
      // Every change accepted and not written yet, and the stored value of every other field the session changed (the
      // joining page may have been rendered before that write landed), each with its revision: the page shows these.
      const pending = await this.loadPending();
      const written = await this.written(intro.id, pending);
      send(server, {
        v: PROTOCOL_VERSION,
        type: 'welcome',
        you: peerOf(me),
        peers: this.peers(),
        pending: Object.fromEntries([...pending].map(([field, change]) => [field, change.value])),
        written,
        revs: {
          ...Object.fromEntries(Object.entries(written).map(([field, value]) => [field, fieldRev(value)])),
          ...Object.fromEntries([...pending].map(([field, change]) => [field, revOf(change)])),
        },
        heartbeatMs: HEARTBEAT_MS,
      });
      this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers() }, server);
      await this.schedule();
      return new Response(null, { status: 101, webSocket: client });
    }

    override webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
      // One message at a time, in arrival order: a change's check may read the database, and a later change
      // (the next keystrokes) must not be accepted before an earlier one, nor checked against a state about to change.
      const turn = this.turn.then(() => this.receive(ws, frame));
      this.turn = turn.catch(() => {});
      return turn;
    }

    private async receive(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
      const me = attachmentOf(ws);
      if (!me) return void closeSocket(ws, CLOSE.malformed, 'Unknown connection.');
      const bytes = typeof frame === 'string' ? (frame.length * 3 <= MAX_MESSAGE_BYTES ? 0 : encoder.encode(frame).length) : frame.byteLength;
      if (bytes > MAX_MESSAGE_BYTES) return void closeSocket(ws, CLOSE.tooBig, `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.`);
      const now = Date.now();
      me.tokens = Math.min(RATE_BURST, me.tokens + ((now - me.at) / 1000) * RATE_PER_SECOND);
      me.at = now;
      me.seen = now;
      if (me.tokens < 1) return void this.drop(ws, CLOSE.rate, 'Too many messages: slow down, then reconnect.');
      me.tokens -= 1;
      const read = readMessage(ClientMessage, frame);
      if (!read.ok) return void this.drop(ws, CLOSE.malformed, `Malformed message: ${read.problem}`);
      const message = read.message;
      const target = await this.target();
      const page = target ? drafts.get(target.collection) : undefined;
      if (!target || !page) return void this.drop(ws, CLOSE.gone, 'This page has no live session.');
      if (message.type !== 'ping' && !page.deps.vt.fields.includes(message.field))
        return void this.drop(ws, CLOSE.malformed, `Not a field of ${target.collection}: ${message.field.slice(0, 60)}.`);

      if (message.type === 'ping') {
        ws.serializeAttachment(me);
        return;
      }
      if (message.type === 'release') {
        if (me.field === message.field) me.field = null;
        ws.serializeAttachment(me);
        this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers() });
        return;
      }
      const holder = this.holderOf(message.field, ws, now);
      if (holder) {
        ws.serializeAttachment(me);
        const seq = message.type === 'set' ? { seq: message.seq } : {};
        return void send(ws, {
          v: PROTOCOL_VERSION,
          type: 'refused',
          field: message.field,
          ...seq,
          reason: 'locked',
          holder: holder.editor.name,
          message: `${holder.editor.name} is editing this field right now.`,
        });
      }
      // What is stored and broadcast is the value as a draft save would store it: rich text sanitized, never another editor's raw HTML.
      let value: unknown;
      if (message.type === 'set') {
        try {
          value = (await checkDraftSave(page.deps, me.editor, target.id, { fields: { [message.field]: message.value } })).edit.fields[message.field];
        } catch (error) {
          ws.serializeAttachment(me);
          if (!(error instanceof HttpError)) throw error;
          return void send(ws, { v: PROTOCOL_VERSION, type: 'refused', field: message.field, seq: message.seq, reason: 'invalid', message: error.message });
        }
      }
      // A change built on an older value than the session holds, which this connection did not write: the editor chooses, as after a 409.
      if (message.type === 'set' && message.base) {
        const theirs = await this.newer(page, target.id, message.field, message.base, me.sid, value);
        if (theirs) {
          ws.serializeAttachment(me);
          return void send(ws, {
            v: PROTOCOL_VERSION,
            type: 'refused',
            field: message.field,
            seq: message.seq,
            reason: 'conflict',
            value: theirs.value,
            rev: theirs.rev,
            message: 'Someone else changed this field since you loaded it.',
          });
        }
      }
      const claimed = me.field !== message.field;
      me.field = message.field;
      me.claimedAt = now;
      ws.serializeAttachment(me);
      if (message.type === 'set') {
        // The revision a draft save reports for the field (a sections field's is of its structure).
        const rev = fieldRev(revisionSubject({ [message.field]: value }, message.field, page.deps.vt.config.fields));
        await this.accept(message.field, value, me.editor, me.sid, rev);
        send(ws, { v: PROTOCOL_VERSION, type: 'ack', seq: message.seq, rev });
        this.broadcast({ v: PROTOCOL_VERSION, type: 'update', field: message.field, value, rev, by: me.sid }, ws);
      }
      if (claimed) this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers() });
    }

    override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
      // Complete the closing handshake; 1005/1006 say "no code" and cannot be sent back.
      closeSocket(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
      this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers(ws) }, ws);
      await this.schedule();
    }

    override async webSocketError(ws: WebSocket): Promise<void> {
      await this.webSocketClose(ws, 1011, 'Socket error.');
    }

    /** Sweeps dead sockets and idle claims, flushes when due, and sets the next alarm. */
    override async alarm(): Promise<void> {
      const now = Date.now();
      let changed = false;
      for (const ws of this.ctx.getWebSockets()) {
        const me = attachmentOf(ws);
        if (!me) continue;
        if (now - me.seen > HEARTBEAT_TIMEOUT_MS) {
          closeSocket(ws, CLOSE.timeout, 'No heartbeat: reconnect.');
          changed = true;
        } else if (now - me.since > MAX_SOCKET_MS) {
          closeSocket(ws, CLOSE.recheck, 'Reconnect so your session is checked again.');
          changed = true;
        } else if (me.field !== null && now - me.claimedAt > IDLE_CLAIM_MS) {
          me.field = null;
          ws.serializeAttachment(me);
          changed = true;
        }
      }
      if (changed) this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers() });
      const flushAt = await this.ctx.storage.get<number>('flushAt');
      if (flushAt !== undefined && flushAt <= now) await this.flush();
      await this.schedule();
    }

    /**
     * The holders of those of `fields` that are claimed: field to editor id
     * (what `realtimeSoftLocks` asks, once per save that changes a lockable
     * field). A save from outside the session lands after what the session
     * accepted before it: pending changes to those fields are written first.
     */
    async held(fields: readonly string[]): Promise<Record<string, string>> {
      const pending = await this.loadPending();
      if (fields.some((field) => pending.has(field))) await this.flush();
      const now = Date.now();
      const out: Record<string, string> = {};
      for (const field of fields) {
        const holder = this.holderOf(field, null, now);
        if (holder) out[field] = holder.editor.id;
      }
      return out;
    }

    /**
     * Of `fields`, those whose last change in the session came from
     * connection `sid` of `editor`: field to the revision of that change.
     * What a save over HTTP from that connection's page asks when its `$base`
     * is behind (`LIVE_HEADER`): pending changes are written first, and a
     * field stored as exactly that revision holds nothing of anyone else's
     * the page has not seen, so the save builds on it (it had just not heard
     * the ack or the flush yet, or was leaving). Anything else stays a conflict.
     */
    async own(fields: readonly string[], sid: string, editor: string): Promise<Record<string, string>> {
      const pending = await this.loadPending();
      if (fields.some((field) => pending.has(field))) await this.flush();
      const last = await this.ctx.storage.get<LastWrite>(fields.map((field) => `w:${field}`));
      const out: Record<string, string> = {};
      for (const field of fields) {
        const change = last.get(`w:${field}`);
        if (change && change.sid === sid && change.editor === editor) out[field] = change.rev;
      }
      return out;
    }

    /**
     * What the versions route asks before a publish or discard (one RPC):
     * `flush` writes the pending changes now, so the publish includes
     * everything the editors were told is saved (throws when that fails);
     * `drop` discards them with the draft they belong to.
     */
    async settle(action: SettleAction): Promise<void> {
      if (action === 'flush') {
        if (!(await this.flush())) throw new Error('The realtime session could not write its pending changes.');
      } else {
        const pending = await this.loadPending();
        await this.ctx.storage.delete([...pending.keys()].map((field) => `p:${field}`));
        await this.ctx.storage.delete(['flushAt', 'failures']);
        pending.clear();
      }
      await this.schedule();
    }

    /**
     * The field's value as the session has it, when it is newer than `base`
     * and was not written by connection `sid` (a tab typing on its own change
     * sends before the acks of its earlier sets come back): the pending
     * change, else the stored draft (as a draft save with `$base` reads it).
     * Null when the change may be accepted.
     */
    private async newer(page: Drafts<E>, id: number, field: string, base: string, sid: string, value: unknown): Promise<Current | null> {
      const current = await this.current(page, id, field);
      if (!current || current.rev === base || current.sid === sid || canonicalJson(current.value) === canonicalJson(value)) return null;
      return current;
    }

    private async current(page: Drafts<E>, id: number, field: string): Promise<Current | null> {
      const pending = (await this.loadPending()).get(field);
      if (pending) return { value: pending.value, rev: revOf(pending), sid: pending.sid };
      const stored = await this.stored(page, id);
      if (!stored) return null;
      const value = stored[field] ?? null;
      const rev = fieldRev(value);
      const last = await this.ctx.storage.get<LastWrite>(`w:${field}`);
      // The stored value is this session's own write only while nothing else saved the field since.
      return { value, rev, sid: last?.rev === rev ? last.sid : undefined };
    }

    /** The page's work as a draft save reads it (the write buffer's draft, else the newest pending version, else the live row); null without the row. */
    private async stored(page: Drafts<E>, id: number): Promise<Record<string, unknown> | null> {
      const work = await readWork(writeSession(this.env.DB), page.deps.vt, id);
      if (!work) return null;
      const buffer = page.deps.buffer(this.env);
      const buffered = buffer ? await buffer.get<BufferedDraft>(bufferKey(page.deps.vt.config.slug, id)) : null;
      return buffered?.data ?? work.data;
    }

    /** The stored values of the fields this session wrote (`w:` keys) that have no pending change. */
    private async written(id: number, pending: ReadonlyMap<string, PendingChange>): Promise<Record<string, unknown>> {
      const target = await this.target();
      const page = target ? drafts.get(target.collection) : undefined;
      const fields = [...(await this.ctx.storage.list({ prefix: 'w:' })).keys()].map((key) => key.slice(2)).filter((field) => !pending.has(field));
      if (!page || fields.length === 0) return {};
      const stored = await this.stored(page, id);
      return stored ? Object.fromEntries(fields.map((field) => [field, stored[field] ?? null])) : {};
    }

    /** Stores an accepted change before it is acknowledged, and makes sure a flush is coming. */
    private async accept(field: string, value: unknown, editor: EditorSession, sid: string, rev: string): Promise<void> {
      const pending = await this.loadPending();
      // Newer than every change still pending: what a flush compares to keep a change that arrived during it.
      const n = Math.max(0, ...[...pending.values()].map((change) => change.n)) + 1;
      const change: PendingChange = { value, editor, n, sid, rev };
      const flushAt = await this.ctx.storage.get<number>('flushAt');
      await this.ctx.storage.put({
        [`p:${field}`]: change,
        [`w:${field}`]: { sid, editor: editor.id, rev } satisfies LastWrite,
        ...(flushAt === undefined ? { flushAt: Date.now() + FLUSH_MS } : {}),
      });
      pending.set(field, change);
      if (flushAt === undefined) await this.schedule();
    }

    /**
     * Writes every pending change as one draft version (no soft locks: this
     * is the session's own persist), then tells everyone the new revisions.
     * A change that arrived meanwhile stays pending. On failure the changes
     * stay and the flush is retried, backing off. One flush at a time: a
     * second caller waits for the running one, then writes what is left.
     * True when nothing is left unwritten.
     */
    private async flush(): Promise<boolean> {
      while (this.flushing) await this.flushing;
      this.flushing = this.write().finally(() => {
        this.flushing = null;
      });
      return this.flushing;
    }

    private async write(): Promise<boolean> {
      const target = await this.target();
      const pending = await this.loadPending();
      const page = target ? drafts.get(target.collection) : undefined;
      if (!target || !page || pending.size === 0) {
        await this.ctx.storage.delete('flushAt');
        return true;
      }
      const taken = [...pending];
      const newest = taken.reduce((a, b) => (b[1].n > a[1].n ? b : a))[1];
      // Each change was checked as it arrived (`checkDraftSave`): the edit is built from those values, no body to parse.
      const edit = { fields: Object.fromEntries(taken.map(([field, change]) => [field, change.value])) };
      try {
        const saved = await applySaveDraft(this.env, page.deps, newest.editor, target.id, edit, { client: writeSession(this.env.DB) });
        const done = taken.filter(([field, change]) => pending.get(field)?.n === change.n).map(([field]) => field);
        for (const field of done) pending.delete(field);
        await this.ctx.storage.delete(done.map((field) => `p:${field}`));
        await this.ctx.storage.delete('failures');
        if (pending.size > 0) await this.ctx.storage.put('flushAt', Date.now() + FLUSH_MS);
        else await this.ctx.storage.delete('flushAt');
        this.broadcast({ v: PROTOCOL_VERSION, type: 'saved', revs: saved.revs, versionId: saved.versionId });
        const hook = page.afterWrite;
        if (hook)
          this.ctx.waitUntil(
            runWriteHook(hook, newest.editor, { operation: 'draft', id: target.id }, { env: this.env }, `realtime flush of ${target.collection} ${target.id}`),
          );
        return pending.size === 0;
      } catch (error) {
        const gone = error instanceof HttpError && error.status === 404;
        if (gone) {
          // The row was deleted: there is nothing left to save into.
          await this.ctx.storage.deleteAll();
          pending.clear();
          this.page = undefined;
          for (const ws of this.ctx.getWebSockets()) closeSocket(ws, CLOSE.gone, 'This page was deleted.');
          return true;
        }
        const failures = ((await this.ctx.storage.get<number>('failures')) ?? 0) + 1;
        await this.ctx.storage.put({ failures, flushAt: Date.now() + Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** (failures - 1)) });
        const message = error instanceof HttpError ? error.message : 'The database did not answer.';
        console.error(`louise: realtime flush of ${target.collection} ${target.id} failed (attempt ${failures}); kept for retry.`, errorName(error));
        this.broadcast({
          v: PROTOCOL_VERSION,
          type: 'failed',
          fields: taken.map(([field]) => field),
          message: `${message} Your changes are kept and saved again shortly.`,
        });
        return false;
      }
    }

    /** The next wake-up: the pending flush, or a sweep while anyone is connected. */
    private async schedule(): Promise<void> {
      const flushAt = await this.ctx.storage.get<number>('flushAt');
      const open = this.ctx.getWebSockets().some((ws) => ws.readyState === WebSocket.OPEN);
      const sweep = open ? Date.now() + SWEEP_MS : Number.POSITIVE_INFINITY;
      const next = Math.min(flushAt ?? Number.POSITIVE_INFINITY, sweep);
      if (next === Number.POSITIVE_INFINITY) return void (await this.ctx.storage.deleteAlarm());
      const current = await this.ctx.storage.getAlarm();
      if (current === null || current > next || current < Date.now()) await this.ctx.storage.setAlarm(next);
    }

    private async loadPending(): Promise<Map<string, PendingChange>> {
      if (this.pending) return this.pending;
      const stored = await this.ctx.storage.list<PendingChange>({ prefix: 'p:' });
      this.pending = new Map([...stored].map(([key, change]) => [key.slice(2), change]));
      return this.pending;
    }

    /** The page this object serves, read once (it never changes while the row exists). */
    private async target(): Promise<{ collection: string; id: number } | undefined> {
      this.page ??= await this.ctx.storage.get<{ collection: string; id: number }>('target');
      return this.page;
    }

    /** The connection holding `field` other than `self` (a claim idle past `IDLE_CLAIM_MS` holds nothing). */
    private holderOf(field: string, self: WebSocket | null, now: number): Attachment | null {
      for (const ws of this.ctx.getWebSockets()) {
        if (ws === self || ws.readyState !== WebSocket.OPEN) continue;
        const other = attachmentOf(ws);
        if (other?.field === field && now - other.claimedAt <= IDLE_CLAIM_MS) return other;
      }
      return null;
    }

    /** Everyone connected (but `leaving`), each with the field they hold. */
    private peers(leaving?: WebSocket): Peer[] {
      const now = Date.now();
      const out: Peer[] = [];
      for (const ws of this.ctx.getWebSockets()) {
        if (ws === leaving || ws.readyState !== WebSocket.OPEN) continue;
        const me = attachmentOf(ws);
        if (me) out.push(peerOf(me, now));
      }
      return out;
    }

    private broadcast(message: ServerMessage, except?: WebSocket): void {
      const text = JSON.stringify(message);
      for (const ws of this.ctx.getWebSockets()) if (ws !== except && ws.readyState === WebSocket.OPEN) sendText(ws, text);
    }

    /** Closes one socket for what it sent; the others never notice more than a presence change. */
    private drop(ws: WebSocket, code: number, reason: string): void {
      closeSocket(ws, code, reason);
      this.broadcast({ v: PROTOCOL_VERSION, type: 'presence', peers: this.peers(ws) }, ws);
    }
  };
}

function peerOf(me: Attachment, now = Date.now()): Peer {
  const field = me.field !== null && now - me.claimedAt <= IDLE_CLAIM_MS ? me.field : null;
  return { sid: me.sid, id: me.editor.id, name: me.editor.name, color: me.color, field };
}

function attachmentOf(ws: WebSocket): Attachment | null {
  return (ws.deserializeAttachment() as Attachment | null) ?? null;
}

function send(ws: WebSocket, message: ServerMessage): void {
  sendText(ws, JSON.stringify(message));
}

function sendText(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // Closing under us: its close event cleans up.
  }
}

function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    // A close reason is at most 123 bytes.
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}
