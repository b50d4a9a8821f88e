// The one module that knows the editor routes' wire format. Aligning the
// client with a route change is an edit here and nowhere else.
import type { DraftSaved, Published, Restored, VersionEntry, VersionStatus, VersionsPage } from '../../drafts/wire.ts';
import { answer, createRequest, failure, type Answer, type Untrusted } from './api-request.ts';

export type { Answer };

/** What one save request writes to. */
export interface SaveTarget {
  collection: string;
  key: string;
  /** The stored field (`paragraphs`, not `paragraphs.2`) for a draft save; the marker's field for a live save. */
  field: string;
  /** The marker string, sent as `field` to the live save route. */
  marker: string;
  /** Saved live through `/save` (a declared collection without drafts); otherwise a draft through the versions route. */
  live: boolean;
  /** An overlay region (a collection the site did not declare): its saves say how the template types it. */
  region?: 'text' | 'richtext' | 'markdown' | 'image' | undefined;
}

export type SaveOutcome =
  | { kind: 'saved'; rev: string | null; versionId: number | null }
  | { kind: 'conflict'; value: unknown; rev: string; by?: string | null }
  | { kind: 'locked' }
  | { kind: 'failed'; message: string };

/** One row of a page's version history. */
export interface VersionItem {
  id: number;
  at: number | null;
  state: 'live' | 'draft' | 'old' | 'discarded';
  /** Who saved it, as people are named (the server's `author`), or null when the server does not know. */
  by: string | null;
  /** The stored fields it changed from the version before it (keys; the panel shows their labels). */
  changed: string[];
  /** The version's fields (untrusted: read them through panels/diff/field-changes.ts). */
  data: Record<string, unknown>;
}

/** The history's words for the contract's statuses (every status named, so a new one fails to type-check here). */
const STATES: Record<string, VersionItem['state']> = {
  published: 'live',
  pending: 'draft',
  superseded: 'old',
  discarded: 'discarded',
} satisfies Record<VersionStatus, VersionItem['state']>;

/** Chromium refuses keepalive requests once their bodies in flight pass 64 KiB. */
export const KEEPALIVE_LIMIT = 64 * 1024;

export interface TransportOptions {
  apiBase: string;
  fetch: typeof fetch;
  timeoutMs?: number;
  /** Told when a save asked for keepalive but had to go without it (too large for the quota left). */
  onKeepaliveRefused?: (target: SaveTarget) => void;
  /** Told the changed fields of a drafts document (`collection:key`) that a draft save's answer carries. */
  onChanges?: (doc: string, changes: string[]) => void;
}

export type Transport = ReturnType<typeof createTransport>;

const encoder = new TextEncoder();

/** JSON body of a save; exported so the queue can size it before sending. */
export function saveBody(target: SaveTarget, value: unknown, base: string | null): string {
  if (target.live) return JSON.stringify({ field: target.marker, value });
  const body: Record<string, unknown> = { [target.field]: value };
  if (base !== null) body.$base = { [target.field]: base };
  if (target.region) body.$type = { [target.field]: target.region };
  return JSON.stringify(body);
}

/** Typed calls to the editor routes over an injectable fetch. */
export function createTransport(options: TransportOptions) {
  const call = createRequest(options.fetch, options.timeoutMs ?? 15_000);
  const apiBase = options.apiBase.replace(/\/$/, '');
  let keepaliveBytes = 0;
  const doc = (collection: string, key: string) => `${apiBase}/${encodeURIComponent(collection)}/${encodeURIComponent(key)}`;
  // biome-ignore lint/suspicious/noExplicitAny: each reader narrows the route's untrusted JSON itself.
  const get = async <T>(url: string, read: (body: any) => T) => answer(await call(url), read);
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const post = async <T>(url: string, payload: unknown, read: (body: any) => T) =>
    answer(await call(url, { method: 'POST', body: JSON.stringify(payload) }), read);

  return {
    /** Saves one field: a live field write for a live collection, else a draft save with `$base` (and `headers`, the live session's). */
    async save(target: SaveTarget, value: unknown, base: string | null, keepalive = false, headers?: Record<string, string>): Promise<SaveOutcome> {
      const body = saveBody(target, value, base);
      const bytes = encoder.encode(body).length;
      const kept = keepalive && keepaliveBytes + bytes <= KEEPALIVE_LIMIT;
      if (keepalive && !kept) options.onKeepaliveRefused?.(target);
      if (kept) keepaliveBytes += bytes;
      const url = target.live ? `${apiBase}/save` : `${doc(target.collection, target.key)}/versions`;
      const res = await call(url, { method: 'POST', body, keepalive: kept, ...(headers ? { headers } : {}) });
      if (kept) keepaliveBytes -= bytes;
      return saveOutcome(res, target, options.onChanges);
    },

    /** The fields whose pending draft differs from live (what Publish would change). */
    changes: (collection: string, key: string): Promise<Answer<string[]>> =>
      get(`${doc(collection, key)}/versions?limit=1`, (data: Pick<Untrusted<VersionsPage>, 'changes'> | null) => fieldNames(data?.changes) ?? []),

    /** Current field revisions of the work a draft save builds on. */
    revs: (collection: string, key: string): Promise<Answer<Record<string, string>>> =>
      get(`${doc(collection, key)}/versions`, (data: Pick<Partial<VersionsPage>, 'revs'> | null) => data?.revs ?? {}),

    /** The version history of a drafts document, newest first. */
    history: (collection: string, key: string): Promise<Answer<VersionItem[]>> =>
      get(`${doc(collection, key)}/versions`, (data: (Pick<Untrusted<VersionsPage>, 'items'> & { items?: unknown[] }) | null) =>
        (data?.items ?? []).map(versionItem).filter((item) => item !== null),
      ),

    /** Publishes the newest pending draft, or the given version (a restore): the published version, or null when nothing was pending. */
    async publish(collection: string, key: string, versionId?: number): Promise<Answer<number | null>> {
      const res = await call(`${doc(collection, key)}/publish`, { method: 'POST', body: JSON.stringify(versionId === undefined ? {} : { versionId }) });
      if (typeof res !== 'string' && res.status === 409) {
        const body = (await res
          .clone()
          .json()
          .catch(() => null)) as { error?: unknown } | null;
        if (body?.error === 'no_draft') return { ok: true, value: null };
      }
      return answer(res, (body: Untrusted<Published> | null) => Number(body?.publishedVersionId) || null);
    },

    /** Saves an earlier version's fields as a new pending draft (visitors keep the live version): the new draft's id, null when it went to the write buffer. */
    restore: (collection: string, key: string, versionId: number): Promise<Answer<number | null>> =>
      post(`${doc(collection, key)}/restore`, { versionId }, (body: Untrusted<Restored> | null) => Number(body?.versionId) || null),

    /** Discards the pending drafts up to `versionId` (the newest one the editor was shown) and the write buffer; null: only the buffer. */
    discard: (collection: string, key: string, versionId: number | null) => post(`${doc(collection, key)}/discard`, { versionId }, () => null),
  };
}

/** Who saved the other side of a 409, as the server names them: a short name, or null (unknown). */
function authorName(by: unknown): string | null {
  const name = typeof by === 'string' ? by.trim() : '';
  return name && name.length <= 80 ? name : null;
}

/** What a save's response means for the field: saved (with its new revision), a 409's other side, a 423, or a failure. */
async function saveOutcome(res: Response | string, target: SaveTarget, onChanges: TransportOptions['onChanges']): Promise<SaveOutcome> {
  if (typeof res === 'string') return { kind: 'failed', message: res };
  if (res.ok) {
    const data = (res.status === 204 ? null : await res.json().catch(() => null)) as Untrusted<DraftSaved> | null;
    const changes = target.live ? null : fieldNames(data?.changes);
    if (changes) onChanges?.(`${target.collection}:${target.key}`, changes);
    const rev = (data?.revs as Record<string, unknown> | null | undefined)?.[target.field];
    return { kind: 'saved', rev: typeof rev === 'string' ? rev : null, versionId: typeof data?.versionId === 'number' ? data.versionId : null };
  }
  if (res.status === 409) {
    const data = (await res.json().catch(() => null)) as { conflicts?: Array<{ field?: unknown; value?: unknown; rev?: unknown; by?: unknown }> } | null;
    const hit = data?.conflicts?.find((c) => c.field === target.field) ?? data?.conflicts?.[0];
    if (hit && typeof hit.rev === 'string') return { kind: 'conflict', value: hit.value, rev: hit.rev, by: authorName(hit.by) };
  }
  if (res.status === 423) return { kind: 'locked' };
  return { kind: 'failed', message: await failure(res) };
}

/** A list of field names from an untrusted answer, or null when it is not one. */
function fieldNames(raw: unknown): string[] | null {
  return Array.isArray(raw) && raw.every((name) => typeof name === 'string') ? raw : null;
}

function versionItem(raw: unknown): VersionItem | null {
  const item = raw as Untrusted<VersionEntry> | null;
  const id = Number(item?.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const at = Number(item?.createdAt);
  const state = STATES[String(item?.status)] ?? 'old';
  const data = item?.data !== null && typeof item?.data === 'object' && !Array.isArray(item.data) ? (item.data as Record<string, unknown>) : {};
  const changed = Array.isArray(item?.changed) ? item.changed.filter((field): field is string => typeof field === 'string') : [];
  return { id, at: Number.isFinite(at) && at > 0 ? at : null, state, by: typeof item?.author === 'string' ? item.author : null, changed, data };
}
