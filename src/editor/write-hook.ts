import type { RouteContext } from '../http/route.ts';
import type { EditorSession } from '../http/session.ts';
import { errorName } from '../security/degraded.ts';

/** Where a write happened, as a write hook (`afterWrite`) sees it: the request's env and execution context. */
export interface WriteContext<E> {
  env: E;
  ctx?: RouteContext;
}

/** A site hook run after a write: `pagesRoute` and `versionsRoute` `afterWrite`. */
export type WriteHook<E, O extends string> = (editor: EditorSession, event: { operation: O; id: number }, context: WriteContext<E>) => void | Promise<void>;

/**
 * Runs a write hook after the write stands: awaited, and a throw is logged
 * (the error's name only, never its message) and never fails the write.
 */
export async function runWriteHook<E, O extends string>(
  hook: WriteHook<E, O> | undefined,
  table: string,
  editor: EditorSession,
  event: { operation: O; id: number },
  context: WriteContext<E>,
): Promise<void> {
  if (!hook) return;
  try {
    await hook(editor, event, context);
  } catch (error) {
    console.error(`louise: afterWrite threw after ${event.operation} of ${table} ${event.id}; the write stands.`, errorName(error));
  }
}
