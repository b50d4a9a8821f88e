// How the live route hands a connection to the page's object. Separate from
// object.ts so the routes never import `cloudflare:workers`.
import type { EditorSession } from '../http/session.ts';

/** The header the live route introduces a connection with (the object is reachable only through the route). */
export const INTRO_HEADER = 'x-louise-live';

/** Who connects, to which page: set by the live route after it checked the session; never taken from a message. */
export interface LiveIntro {
  collection: string;
  id: number;
  editor: EditorSession;
}

/**
 * The object of one page: one per collection row.
 * @internal (not exported from any package entry)
 */
export const liveObjectName = (collection: string, id: number) => `${collection}:${id}`;

export function readIntro(header: string | null): LiveIntro | null {
  if (!header) return null;
  try {
    const intro = JSON.parse(header) as LiveIntro;
    const ok = typeof intro.collection === 'string' && Number.isSafeInteger(intro.id) && typeof intro.editor?.id === 'string';
    return ok ? intro : null;
  } catch {
    return null;
  }
}
