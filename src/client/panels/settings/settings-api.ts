// The one module that knows the settings route's wire format (`GET` and
// `PATCH <apiBase>/settings`, see the settings contract): the settings with
// their revisions and field list, and one key's save.
import type { SettingField, SettingKind, SettingsDraft, SettingsPatchResult, SiteSettingsRead } from '../../../settings/wire.ts';
import { answer, createRequest, failure, type Answer, type Untrusted } from '../../core/api-request.ts';
import { imageValue } from '../../fields/image-value.ts';
import { linksText } from './link-list.ts';

export type { Answer, SettingField, SettingKind, SettingsDraft };

/**
 * What `GET /settings` answers, as the panel holds it: the contract's read
 * with `settings` indexed by key (a base column at the top level, a custom
 * key under `custom`), since the panel reads the keys `fields` names.
 */
export type SettingsData = Omit<SiteSettingsRead, 'settings' | 'published'> & { settings: Record<string, unknown>; published: Record<string, unknown> };

/** One version of the settings, as History lists it. */
export interface SettingsVersion {
  id: number;
  status: string;
  createdAt: number;
  createdBy: string | null;
  data: Record<string, unknown>;
}

/** What saving one key came to. */
export type SettingSave =
  | { kind: 'saved'; rev: string | null; draft: SettingsDraft | null }
  /** Someone else saved the key since `base`: their value and revision. */
  | { kind: 'conflict'; value: unknown; rev: string }
  /** 422: the route refused the value; `message` says why (next to the field). */
  | { kind: 'invalid'; message: string }
  /** 403: this editor may not change settings (no `access.publish`). */
  | { kind: 'forbidden'; message: string }
  | { kind: 'failed'; message: string };

export interface SettingsApiOptions {
  apiBase: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type SettingsApi = ReturnType<typeof createSettingsApi>;

const KINDS: ReadonlySet<string> = new Set(['text', 'longtext', 'links', 'image', 'json']);

/** The words for a writer's panel: they save drafts, someone with the publish right makes them live. */
export const PUBLISH_ONLY = 'Your changes are saved as a draft: an editor who may publish makes them live.';

/** The words for a save the route refused this editor (403). */
export const NOT_ALLOWED = 'You may not change site settings.';

/**
 * Typed calls to the settings route. None of them rejects: a failure comes
 * back as the sentence to show.
 *
 * @example
 * const api = createSettingsApi({ apiBase: '/api/cms' });
 * const saved = await api.save('siteName', 'Louise', revs.siteName ?? null);
 */
export function createSettingsApi(options: SettingsApiOptions) {
  const fetch = options.fetch ?? ((...args: Parameters<typeof globalThis.fetch>) => globalThis.fetch(...args));
  const call = createRequest(fetch, options.timeoutMs ?? 15_000);
  const url = `${options.apiBase.replace(/\/$/, '')}/settings`;
  return {
    /** The settings, their revisions and the fields to edit. */
    load: async (): Promise<Answer<SettingsData>> => answer(await call(url), readSettingsData, 'request'),

    /**
     * Saves one key: `{ [key]: value, $base: { [key]: base } }` (no `$base`
     * without a revision: the route then writes it unconditionally).
     */
    async save(key: string, value: unknown, base: string | null): Promise<SettingSave> {
      const body: Record<string, unknown> = { [key]: value };
      if (base !== null) body.$base = { [key]: base };
      const res = await call(url, { method: 'PATCH', body: JSON.stringify(body) });
      if (typeof res === 'string') return { kind: 'failed', message: res };
      if (res.ok) {
        const data = (await res.json().catch(() => null)) as Untrusted<SettingsPatchResult> | null;
        const rev = (data?.revs as Record<string, unknown> | null | undefined)?.[key];
        return { kind: 'saved', rev: typeof rev === 'string' ? rev : null, draft: draftOf(data?.draft) };
      }
      if (res.status === 403) return { kind: 'forbidden', message: NOT_ALLOWED };
      const data = (await res
        .clone()
        .json()
        .catch(() => null)) as { conflicts?: unknown; violations?: unknown } | null;
      if (res.status === 409 && Array.isArray(data?.conflicts)) {
        const hit = (data.conflicts as Array<{ field?: unknown; value?: unknown; rev?: unknown }>).find((c) => c?.field === key);
        if (hit && typeof hit.rev === 'string') return { kind: 'conflict', value: hit.value, rev: hit.rev };
      }
      if (res.status === 422 && Array.isArray(data?.violations)) {
        const words = violationsOf(data.violations, key);
        if (words) return { kind: 'invalid', message: words };
      }
      return { kind: 'failed', message: await failure(res) };
    },

    /** Publishes the draft the panel shows (`versionId`): the settings as read after it. */
    publish: async (versionId: number): Promise<Answer<SettingsData>> =>
      answer(await call(`${url}/publish`, { method: 'POST', body: JSON.stringify({ versionId }) }), readSettingsData, 'request'),

    /** Discards the draft up to `versionId` (the newest the panel shows). */
    discard: async (versionId: number): Promise<Answer<null>> =>
      answer(await call(`${url}/discard`, { method: 'POST', body: JSON.stringify({ versionId }) }), () => null, 'request'),

    /** Makes an older version the draft (nothing goes live). */
    restore: async (versionId: number): Promise<Answer<null>> =>
      answer(await call(`${url}/restore`, { method: 'POST', body: JSON.stringify({ versionId }) }), () => null, 'request'),

    /** The versions, newest first. */
    versions: async (): Promise<Answer<SettingsVersion[]>> => answer(await call(`${url}/versions?limit=20`), readVersions, 'request'),
  };
}

/** A draft from untrusted JSON, or null. */
function draftOf(raw: unknown): SettingsDraft | null {
  const draft = raw as Untrusted<SettingsDraft> | null | undefined;
  if (!draft || typeof draft.versionId !== 'number') return null;
  const changed = Array.isArray(draft.changed) ? (draft.changed as unknown[]).filter((key): key is string => typeof key === 'string') : [];
  return { versionId: draft.versionId, changed };
}

function readVersions(raw: unknown): SettingsVersion[] {
  const items = (raw as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: Untrusted<SettingsVersion> | null) =>
    item && typeof item.id === 'number'
      ? [
          {
            id: item.id,
            status: typeof item.status === 'string' ? item.status : '',
            createdAt: typeof item.createdAt === 'number' ? item.createdAt : 0,
            createdBy: typeof item.createdBy === 'string' ? item.createdBy : null,
            data: item.data && typeof item.data === 'object' ? (item.data as Record<string, unknown>) : {},
          },
        ]
      : [],
  );
}

/** The 422 messages about `key` (or its parts: `links.2.href`), one sentence each. */
function violationsOf(raw: unknown[], key: string): string {
  const mine = raw.filter((v): v is { field?: unknown; message: string } => typeof (v as { message?: unknown })?.message === 'string');
  const about = mine.filter(({ field }) => field === key || (typeof field === 'string' && /^[.[]/.test(field.slice(key.length)) && field.startsWith(key)));
  return (about.length > 0 ? about : mine).map(({ message }) => message.trim().replace(/([^.!?])$/, '$1.')).join(' ');
}

/** The GET answer from untrusted JSON: unknown kinds edit as JSON, fields without a key are dropped. */
export function readSettingsData(raw: unknown): SettingsData {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Untrusted<SiteSettingsRead>;
  const settings = body.settings && typeof body.settings === 'object' ? (body.settings as Record<string, unknown>) : {};
  const revs: Record<string, string> = {};
  if (body.revs && typeof body.revs === 'object') for (const [key, rev] of Object.entries(body.revs)) if (typeof rev === 'string') revs[key] = rev;
  const fields: SettingField[] = [];
  for (const f of Array.isArray(body.fields) ? (body.fields as Array<Untrusted<SettingField> | null>) : []) {
    if (typeof f?.key !== 'string' || f.key === '' || fields.some((seen) => seen.key === f.key)) continue;
    const kind = typeof f.kind === 'string' && KINDS.has(f.kind) ? (f.kind as SettingKind) : 'json';
    fields.push({
      key: f.key,
      kind,
      label: typeof f.label === 'string' && f.label.trim() ? f.label : f.key,
      ...(f.required === true ? { required: true } : {}),
    });
  }
  const published = body.published && typeof body.published === 'object' ? (body.published as Record<string, unknown>) : settings;
  return { settings, revs, fields, published, draft: draftOf(body.draft) };
}

/**
 * A setting's stored value: a base column at the top level of `settings`,
 * a custom key under `custom`; missing → the kind's empty value.
 */
export function settingValue(settings: Record<string, unknown>, field: SettingField): unknown {
  const custom = settings.custom && typeof settings.custom === 'object' ? (settings.custom as Record<string, unknown>) : {};
  const own = field.key !== 'custom' && Object.hasOwn(settings, field.key);
  const value = own ? settings[field.key] : Object.hasOwn(custom, field.key) ? custom[field.key] : undefined;
  return value === undefined ? emptyValue(field.kind) : value;
}

/** What a kind holds when nothing is stored. */
export function emptyValue(kind: SettingKind): unknown {
  return kind === 'links' ? [] : kind === 'text' || kind === 'longtext' ? '' : null;
}

/** A setting's value in words, for a conflict's two sides. */
export function settingText(kind: SettingKind, value: unknown): string {
  if (kind === 'links') return linksText(value);
  if (kind === 'image') {
    const image = imageValue(value);
    return image ? `${image.src}${image.alt ? ` (alt text: ${image.alt})` : ''}` : 'no image';
  }
  if (typeof value === 'string' && kind !== 'json') return value === '' ? '(empty)' : value;
  return value === null || value === undefined ? '(empty)' : JSON.stringify(value);
}

/** A `json` setting's value as the editor edits it: indented JSON, or nothing for no value. */
export const jsonText = (value: unknown): string => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A `json` setting's text as the value to save: empty text is null (no
 * value); text that does not parse is not a value, and the reason says
 * where it breaks and that it is not saved.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: `Not valid JSON (${error instanceof Error ? error.message : String(error)}): it is not saved until it is.` };
  }
}
