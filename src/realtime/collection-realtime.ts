import type { CollectionRealtime } from '../drafts/collection-routes.ts';
import type { ResolveEditor } from '../http/session.ts';
import type { EditorRouteEnv } from '../http/route.ts';
import { liveRoute } from './live-route.ts';
import { realtimeSettle, realtimeSoftLocks } from './soft-locks.ts';

/**
 * The realtime session for `collectionRoutes` (`realtime` option): each
 * drafts collection gets `liveRoute`, every one of its fields is lockable
 * (`realtimeSoftLocks`), and Publish and Discard settle the page's object
 * first (`realtimeSettle`). `namespace` gives the binding of the class
 * `realtimeObject` made; null or undefined: no session on that env.
 *
 * @example
 * collectionRoutes({ collections, resolveEditor, realtime: collectionRealtime({ namespace: (env) => env.REALTIME, resolveEditor }) })
 */
export function collectionRealtime<E extends EditorRouteEnv>(options: {
  namespace: (env: E) => DurableObjectNamespace | null | undefined;
  resolveEditor: ResolveEditor<E>;
}): CollectionRealtime<E> {
  const { namespace, resolveEditor } = options;
  return {
    route: (config, path) => liveRoute<E>({ config, resolveEditor, namespace, path }),
    softLocks: (config) => realtimeSoftLocks<E>({ namespace, fields: Object.keys(config.fields) }),
    settle: realtimeSettle<E>(namespace),
  };
}
