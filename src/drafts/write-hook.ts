import type { RouteContext } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { errorName } from '../security/degraded.ts';

/** Where a write happened, as a write hook (`afterWrite`) sees it: the request's env and execution context. */
export interface WriteContext<E> {
  env: E;
  ctx?: RouteContext;
}

/** A site hook run after a write of row `id`: `pagesRoute` and `versionsRoute` `afterWrite`. */
export type WriteHook<E, O extends string> = (editor: EditorSession, event: { operation: O; id: number }, context: WriteContext<E>) => void | Promise<void>;

/**
 * Runs a write hook after the write stands: awaited, and a throw is logged
 * (`what` was written, and the error's name only, never its message) and
 * never fails the write.
 */
export async function runWriteHook<E, V>(
  hook: ((editor: EditorSession, event: V, context: WriteContext<E>) => void | Promise<void>) | undefined,
  editor: EditorSession,
  event: V,
  context: WriteContext<E>,
  what: string,
): Promise<void> {
  if (!hook) return;
  try {
    await hook(editor, event, context);
  } catch (error) {
    console.error(`louise: afterWrite threw after ${what}; the write stands.`, errorName(error));
  }
}
