/**
 * What the fake Pos keeps between requests, shared by its areas: one table
 * per kind of object, ids, timestamps, and the faults a handler throws in the
 * provider's error shape.
 */

export type Obj = Record<string, unknown>;

/** A failure answered in Pos's shape: `{ errors: [{ category, code, detail, field? }] }`. */
export class PosFault extends Error {
  // Plain fields, not parameter properties: the fake server runs under Node's type stripping.
  readonly status: number;
  readonly category: string;
  readonly code: string;
  readonly detail: string;
  readonly field: string | undefined;

  constructor(status: number, category: string, code: string, detail: string, field?: string | undefined) {
    super(`${status} ${code}: ${detail}`);
    this.status = status;
    this.category = category;
    this.code = code;
    this.detail = detail;
    this.field = field;
  }
}

export const notFound = (what: string, field?: string): PosFault => new PosFault(404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `${what} not found`, field);
export const badRequest = (code: string, detail: string, field?: string): PosFault => new PosFault(400, 'INVALID_REQUEST_ERROR', code, detail, field);
/** Pos's answer to a write that names an old version: the object changed since it was read. */
export const versionMismatch = (what: string): PosFault =>
  new PosFault(409, 'INVALID_REQUEST_ERROR', 'VERSION_MISMATCH', `${what} was changed by another request`);

export interface PosState {
  /** The table of one kind of object (`catalog`, `orders`, ...), created on first use. Insertion order is list order. */
  table(name: string): Map<string, Obj>;
  /** A new id in Pos's style: 24 upper-case letters and digits, with an optional prefix (`ccof:`). */
  id(prefix?: string): string;
  /** Now as RFC 3339 (what Pos sends in `created_at`). */
  isoNow(): string;
  now(): number;
  /** A new object version: strictly increasing across the whole fake, as Pos's catalog versions are. */
  nextVersion(): number;
  /** Queues a webhook notification (`payment.created` about a `payment`); sent once the request that caused it has been answered. */
  notify(type: string, objectType: string, object: Obj): void;
  /** The notifications queued and not yet taken (the fake's core takes them after each answer). */
  takeNotifications(): Obj[];
}

export function posState(now: () => number): PosState {
  const tables = new Map<string, Map<string, Obj>>();
  let counter = 0;
  let version = 1_700_000_000_000;
  let queued: Obj[] = [];
  return {
    table(name) {
      const table = tables.get(name) ?? new Map<string, Obj>();
      tables.set(name, table);
      return table;
    },
    id(prefix = '') {
      counter += 1;
      const body = `${counter.toString(36).toUpperCase()}${Math.random().toString(36).slice(2).toUpperCase()}`.padEnd(24, 'Q').slice(0, 24);
      return `${prefix}${body}`;
    },
    isoNow: () => new Date(now()).toISOString(),
    now,
    nextVersion: () => (version += 1),
    notify(type, objectType, object) {
      const id = String(object['id'] ?? '');
      queued.push({
        merchant_id: 'MLOUISELOCAL',
        type,
        event_id: crypto.randomUUID(),
        created_at: new Date(now()).toISOString(),
        data: { type: objectType, id, object: { [objectType]: structuredClone(object) } },
      });
    },
    takeNotifications() {
      const out = queued;
      queued = [];
      return out;
    },
  };
}

/** What a handler gets: the checked request and the state. */
export interface PosHandlerInput {
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body (multipart: `{ request, image_file }`); `{}` when the operation takes none. */
  body: Obj;
  state: PosState;
  /** The operation id, `UpdateTimecard`. */
  operation: string;
}

/** One operation's behaviour. Throw `PosFault` for a provider error; the answer is checked against the response schema. */
export type PosHandler = (input: PosHandlerInput) => { status?: number; body: Obj } | Promise<{ status?: number; body: Obj }>;

/** Pages `items` by an opaque cursor (the offset), `limit` per page. */
export function page<T>(items: T[], cursor: string | undefined, limit: number): { items: T[]; cursor: string | undefined } {
  const start = cursor === undefined ? 0 : Number.parseInt(Buffer.from(cursor, 'base64url').toString('utf8'), 10);
  if (!Number.isInteger(start) || start < 0 || start > items.length) throw badRequest('INVALID_CURSOR', 'The cursor is not valid', 'cursor');
  const end = start + limit;
  return { items: items.slice(start, end), cursor: end < items.length ? Buffer.from(String(end)).toString('base64url') : undefined };
}
