import type { EditorRouteEnv } from '../http/route.ts';
import type { KVLike } from '../security/secrets.ts';
import { fieldProblems, type FormField } from './field-spec.ts';
import { buildFormSchema, type FormSchema } from './form-schema.ts';
import { genericTable, type FormStore } from './generic-table.ts';

export type { FormField, FormFieldType } from './field-spec.ts';

/** A value, or a function of the env giving it (a secret, a per-deployment address). */
export type FromEnv<E, T> = T | ((env: E) => T | undefined);

/** How a form keeps bots out. Every part is optional; the defaults suit a public contact form. */
export interface FormSpamOptions<E> {
  /** Accepted submissions per client (by hashed IP) per window; default 5 per 600 s; `false` turns the limit off. */
  rateLimit?: { limit: number; windowSec: number } | false;
  /** Where the limit counts; default `env.KV`. None: submissions are not limited (logged once). */
  rateLimitKv?: (env: E) => KVLike | undefined;
  /**
   * The Turnstile secret, read on each request. When set, every submission
   * needs a valid `cf-turnstile-response` token. Returning nothing on a
   * public host answers 503 (never an open door); on localhost the check is skipped.
   */
  captchaSecret?: (env: E) => string | undefined;
  /** Silently drop submissions that fill the hidden `_hp` field; default true. */
  honeypot?: boolean;
  /** Silently drop submissions sent sooner than this after the page was rendered (signed `_ts`); default 2000; 0 turns the check off. */
  minFillMs?: number;
}

/** Where a stored submission is announced, off the response path. */
export interface FormNotifyOptions<E> {
  /** An https URL that gets `POST { form, id, data, createdAt }` (through `fetchPublicUrl`, so never a private address). */
  webhook?: FromEnv<E, string>;
  /** An email through the route's mailer. */
  email?: {
    to: FromEnv<E, string | string[]>;
    from: FromEnv<E, string>;
    /** Default `New submission: <form name>`. */
    subject?: string;
  };
}

/** What `defineForm` takes. */
export interface FormConfig<E> {
  /** Names the form in its URL (`/api/cms/forms/<name>`) and in the inbox: lower case, digits and `-`, up to 40 characters. */
  name: string;
  /** The declared fields, in the order the inbox and the CSV show them. */
  fields: Record<string, FormField>;
  spam?: FormSpamOptions<E>;
  notify?: FormNotifyOptions<E>;
  /** Where submissions are kept; default `genericTable()` (the shared `submissions` table). */
  store?: FormStore<E>;
}

/** The spam guard with its defaults filled in. */
export interface ResolvedSpam<E> {
  rateLimit: { limit: number; windowSec: number } | false;
  rateLimitKv: (env: E) => KVLike | undefined;
  captchaSecret: ((env: E) => string | undefined) | undefined;
  honeypot: boolean;
  minFillMs: number;
}

/** A checked form: what `formRoute`, the inbox routes and the integration read. */
export interface FormDefinition<E = EditorRouteEnv> {
  readonly name: string;
  readonly fields: Readonly<Record<string, Readonly<FormField>>>;
  readonly spam: Readonly<ResolvedSpam<E>>;
  readonly notify: Readonly<FormNotifyOptions<E>>;
  readonly store: FormStore<E>;
  /** The valibot schema that validates and coerces a submission (see `formSchema`). */
  readonly schema: FormSchema;
}

const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const DEFAULT_RATE = Object.freeze({ limit: 5, windowSec: 600 });
// Workers KV refuses expirationTtl below 60 seconds, so the window cannot be shorter.
const MIN_WINDOW_SEC = 60;
const CONFIG_KEYS = new Set(['name', 'fields', 'spam', 'notify', 'store']);
const SPAM_KEYS = new Set(['rateLimit', 'rateLimitKv', 'captchaSecret', 'honeypot', 'minFillMs']);
const NOTIFY_KEYS = new Set(['webhook', 'email']);

const defaultKv = (env: unknown): KVLike | undefined => (env as { KV?: KVLike }).KV;

/**
 * Declares a form, checked once: a bad name, field, spam or notify option
 * throws an Error listing every problem and how to fix it. The result
 * carries its valibot schema, its spam guard with defaults filled in and its
 * store (default `genericTable()`), so `formRoute` only reads it.
 *
 * @example
 * export const contact = defineForm({
 *   name: 'contact',
 *   fields: { name: { type: 'text', required: true }, email: { type: 'email', required: true }, message: { type: 'longtext', required: true } },
 *   notify: { email: { to: (env) => env.INBOX_EMAIL, from: 'forms@example.com' } },
 * });
 */
export function defineForm<E = EditorRouteEnv>(config: FormConfig<E>): FormDefinition<E> {
  if (typeof config !== 'object' || config === null) throw new Error('defineForm(): expected { name, fields, spam?, notify?, store? }.');
  const problems: string[] = [];
  for (const key of Object.keys(config))
    if (!CONFIG_KEYS.has(key)) problems.push(`unknown option ${JSON.stringify(key)} (use name, fields, spam, notify, store)`);
  if (typeof config.name !== 'string' || !NAME.test(config.name))
    problems.push(`name must be lower-case letters, digits and - starting with a letter, at most 40 characters (got ${JSON.stringify(config.name)})`);
  const fields = config.fields as unknown;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || Object.keys(fields).length === 0)
    problems.push('fields must be a non-empty map of field name to { type, label?, required?, ... }');
  else for (const [name, spec] of Object.entries(fields)) problems.push(...fieldProblems(name, spec));
  problems.push(...spamProblems(config.spam), ...notifyProblems(config.notify), ...storeProblems(config.store));
  if (problems.length > 0) throw new Error(`defineForm(${JSON.stringify(config.name)}): invalid form.\n  - ${problems.join('\n  - ')}`);

  const frozenFields = Object.freeze(Object.fromEntries(Object.entries(config.fields).map(([name, spec]) => [name, Object.freeze({ ...spec })])));
  const spam = config.spam ?? {};
  return Object.freeze({
    name: config.name,
    fields: frozenFields,
    spam: Object.freeze({
      rateLimit: spam.rateLimit === false ? false : (spam.rateLimit ?? DEFAULT_RATE),
      rateLimitKv: spam.rateLimitKv ?? defaultKv,
      captchaSecret: spam.captchaSecret,
      honeypot: spam.honeypot ?? true,
      minFillMs: spam.minFillMs ?? 2000,
    }),
    notify: Object.freeze({ ...config.notify }),
    store: config.store ?? (genericTable() as unknown as FormStore<E>),
    schema: buildFormSchema(frozenFields),
  });
}

function spamProblems(spam: unknown): string[] {
  if (spam === undefined) return [];
  if (typeof spam !== 'object' || spam === null) return ['spam must be an object { rateLimit?, rateLimitKv?, captchaSecret?, honeypot?, minFillMs? }'];
  const problems: string[] = [];
  const s = spam as Record<string, unknown>;
  for (const key of Object.keys(s)) if (!SPAM_KEYS.has(key)) problems.push(`spam.${key}: unknown option (use ${[...SPAM_KEYS].join(', ')})`);
  const rate = s['rateLimit'];
  if (rate !== undefined && rate !== false) {
    const r = rate as { limit?: unknown; windowSec?: unknown } | null;
    if (typeof r !== 'object' || r === null || !isInt(r.limit, 1) || !isInt(r.windowSec, MIN_WINDOW_SEC))
      problems.push(`spam.rateLimit must be { limit: integer >= 1, windowSec: integer >= ${MIN_WINDOW_SEC} } or false`);
  }
  for (const key of ['rateLimitKv', 'captchaSecret'])
    if (s[key] !== undefined && typeof s[key] !== 'function')
      problems.push(`spam.${key} must be a function of the env, such as (env) => env.${key === 'captchaSecret' ? 'TURNSTILE_SECRET' : 'KV'}`);
  if (s['honeypot'] !== undefined && typeof s['honeypot'] !== 'boolean') problems.push('spam.honeypot must be true or false');
  if (s['minFillMs'] !== undefined && !isInt(s['minFillMs'], 0))
    problems.push('spam.minFillMs must be a whole number of milliseconds >= 0 (0 turns the timing check off)');
  return problems;
}

function notifyProblems(notify: unknown): string[] {
  if (notify === undefined) return [];
  if (typeof notify !== 'object' || notify === null) return ['notify must be an object { webhook?, email? }'];
  const problems: string[] = [];
  const n = notify as Record<string, unknown>;
  for (const key of Object.keys(n)) if (!NOTIFY_KEYS.has(key)) problems.push(`notify.${key}: unknown option (use webhook, email)`);
  const webhook = n['webhook'];
  if (webhook !== undefined && typeof webhook !== 'function' && !isHttpsUrl(webhook))
    problems.push('notify.webhook must be an https URL or a function of the env giving one');
  const email = n['email'] as Record<string, unknown> | undefined;
  if (email === undefined) return problems;
  if (typeof email !== 'object' || email === null) return [...problems, 'notify.email must be { to, from, subject? }'];
  const to = email['to'];
  const toOk = typeof to === 'function' || isAddress(to) || (Array.isArray(to) && to.length > 0 && to.every(isAddress));
  if (!toOk) problems.push('notify.email.to must be an email address, a non-empty list of them, or a function of the env giving them');
  if (typeof email['from'] !== 'function' && !isAddress(email['from']))
    problems.push('notify.email.from must be an email address or a function of the env giving one');
  const subject = email['subject'];
  if (subject !== undefined && (typeof subject !== 'string' || subject.trim() === '' || /[\r\n]/.test(subject)))
    problems.push('notify.email.subject must be one line of text');
  return problems;
}

function storeProblems(store: unknown): string[] {
  if (store === undefined) return [];
  const s = store as Record<string, unknown> | null;
  const methods = ['insert', 'list', 'get', 'markRead', 'delete', 'counts'];
  if (typeof s !== 'object' || s === null || methods.some((m) => typeof s[m] !== 'function'))
    return [`store must be a FormStore (${methods.join(', ')}), such as genericTable()`];
  return [];
}

function isInt(value: unknown, min: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
}

/** An address as notify takes it: one `local@domain`, no spaces, no line breaks. */
export function isAddress(value: unknown): value is string {
  return typeof value === 'string' && /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value);
}

function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The forms by name, for a route; a name listed twice throws, naming `caller`. */
export function formsByName<E>(forms: readonly FormDefinition<E>[], caller: string): Map<string, FormDefinition<E>> {
  const byName = new Map<string, FormDefinition<E>>();
  for (const form of forms) {
    if (byName.has(form.name)) throw new Error(`${caller}: the form ${form.name} is listed twice; each name is one form.`);
    byName.set(form.name, form);
  }
  return byName;
}
