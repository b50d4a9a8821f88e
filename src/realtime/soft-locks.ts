import type { SoftLockSource } from '../drafts/soft-locks.ts';
import { liveObjectName } from './intro.ts';

/** How long a save waits for the page's object before proceeding without it (fail open). */
export const SOFT_LOCK_TIMEOUT_MS = 2_000;

/** The part of a Durable Object namespace `realtimeSoftLocks` uses. */
export interface RealtimeNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): RealtimeStub | DurableObjectStub;
}

/** The object's RPC methods the routes call. */
interface RealtimeStub {
  held(fields: readonly string[]): Promise<Record<string, string>>;
  own(fields: readonly string[], sid: string, editor: string): Promise<Record<string, string>>;
  settle(action: 'flush' | 'drop'): Promise<void>;
}

export interface RealtimeSoftLocksOptions<E> {
  /** The coordination objects' binding; null or undefined: no realtime session here, so nothing is held. */
  namespace: (env: E) => RealtimeNamespace | null | undefined;
  /** The lockable fields: only a save that changes one of them asks. */
  fields: readonly string[];
}

/**
 * The `SoftLockSource` for `versionsRoute`: one RPC to the page's realtime
 * object, asked only when a save changes a lockable field. A slow or failing
 * object throws, so the save proceeds and `editor.softLocks` is reported
 * (fail open); a site without the binding has no session and no locks.
 *
 * @example
 * versionsRoute({ ..., softLocks: realtimeSoftLocks({ namespace: (env) => env.REALTIME, fields: ['title', 'body'] }) })
 */
export function realtimeSoftLocks<E>(options: RealtimeSoftLocksOptions<E>): SoftLockSource<E> {
  return {
    fields: options.fields,
    async held(env, { collection, id }, fields) {
      const namespace = options.namespace(env);
      if (!namespace) return {};
      return withTimeout(stubOf(namespace, collection, id).held([...fields]), SOFT_LOCK_TIMEOUT_MS);
    },
    async own(env, { collection, id }, fields, editor, sid) {
      const namespace = options.namespace(env);
      if (!namespace) return {};
      return withTimeout(stubOf(namespace, collection, id).own([...fields], sid, editor.id), SOFT_LOCK_TIMEOUT_MS);
    },
  };
}

/** How long a publish or discard waits for the page's object to settle before going ahead without it. */
export const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Before a publish, the page's object writes what it holds (so Publish
 * includes every change an editor was told is saved); before a discard, it
 * drops it. No binding: nothing to do. Throws when the object cannot answer;
 * the versions route then reports `editor.realtime` and goes ahead.
 */
export function realtimeSettle<E>(namespace: (env: E) => RealtimeNamespace | null | undefined) {
  return async (env: E, target: { collection: string; id: number }, action: 'flush' | 'drop'): Promise<void> => {
    const ns = namespace(env);
    if (ns) await withTimeout(stubOf(ns, target.collection, target.id).settle(action), SETTLE_TIMEOUT_MS);
  };
}

const stubOf = (namespace: RealtimeNamespace, collection: string, id: number) =>
  namespace.get(namespace.idFromName(liveObjectName(collection, id))) as RealtimeStub;

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The realtime session did not answer in time.')), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
