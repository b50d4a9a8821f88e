import { HttpError } from './errors.ts';
import { isReadMethod, isSameOrigin } from './same-origin.ts';
import type { EditorSession, ResolveEditor } from './session.ts';

export interface GuardOptions {
  /** Require the publish privilege as well as a session. */
  publish?: boolean;
}

/**
 * Verifies the session and, on mutations, the same origin. Throws an
 * `HttpError`: 401 when not an editor, 403 when signed in but refused
 * (cross-origin mutation, or lacking the publish privilege).
 */
export async function requireEditor<E>(request: Request, env: E, resolveEditor: ResolveEditor<E>, options: GuardOptions = {}): Promise<EditorSession> {
  const session = await resolveEditor(request, env);
  if (!session) throw new HttpError(401, 'unauthorized', 'Sign in as an editor to do this.');
  if (!isReadMethod(request.method) && !isSameOrigin(request)) {
    throw new HttpError(403, 'forbidden', 'Cross-origin request refused: send it from the site itself.');
  }
  if (options.publish) requirePublish(session);
  return session;
}

/** 403 unless the editor has the publish right: the one check behind every route and core that changes what visitors see. */
export function requirePublish(session: EditorSession): void {
  if (!session.access.publish) throw new HttpError(403, 'forbidden', 'Your account may edit but not publish. Ask an editor who can publish.');
}

/**
 * `requireEditor` for route bodies that prefer a value to a throw: the
 * session, or the 401/403 response to return as is.
 */
export async function guardEditor<E>(request: Request, env: E, resolveEditor: ResolveEditor<E>, options: GuardOptions = {}): Promise<EditorSession | Response> {
  try {
    return await requireEditor(request, env, resolveEditor, options);
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    throw error;
  }
}
