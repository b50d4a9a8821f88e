import type { SoftLockSource } from '../editor/soft-locks.ts';
import { liveObjectName } from './intro.ts';

/** How long a save waits for the page's object before proceeding without it (fail open). */
export const SOFT_LOCK_TIMEOUT_MS = 2_000;

/** The part of a Durable Object namespace `realtimeSoftLocks` uses. */
export interface RealtimeNamespace {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): { held(fields: readonly string[]): Promise<Record<string, string>> } | DurableObjectStub;
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
      const stub = namespace.get(namespace.idFromName(liveObjectName(collection, id))) as { held(fields: readonly string[]): Promise<Record<string, string>> };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The realtime session did not answer in time.')), SOFT_LOCK_TIMEOUT_MS);
      });
      try {
        return await Promise.race([stub.held([...fields]), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
