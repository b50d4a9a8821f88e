import { readCookie, serializeCookie } from '../../src/http/cookies.ts';
import type { EditorSession } from '../../src/http/session.ts';

/** What pages (and the editor tail) read from `Astro.locals.louise`. */
export interface LouiseLocals {
  editor: EditorSession | null;
  /** True when a signed-in editor is in edit mode on this page. */
  editing: boolean;
  /**
   * Field revisions of each versioned document this page rendered, keyed
   * `collection:key` (see `noteRendered`): the `$base` of the editor's draft saves.
   */
  revs: Record<string, Record<string, string>>;
  /**
   * Stored fields a page could not use as they are (see `noteRendered`),
   * keyed `collection:key`: the edit bar tells the editor and how to repair them.
   */
  invalid: Record<string, InvalidNote[]>;
  /**
   * Each sections field this page rendered (see `cmsSections`), keyed
   * `collection:key:field`: the stored blocks and the block types the edit
   * mode client builds, moves and adds blocks with.
   */
  sections: Record<string, SectionsNote>;
}

/** A sections field as the edit-mode client needs it: its blocks as stored, and what each declared block type looks like. */
export interface SectionsNote {
  value: unknown;
  /** Each declared block type: its label, the picker's description and preview when declared, its fields, and a new block's fields. */
  types: Record<
    string,
    { label: string; description?: string; preview?: string; fields: Record<string, { type: string; label: string }>; blank: Record<string, unknown> }
  >;
}

/** A stored field a page could not use: what is wrong, and the value it rendered instead (saving that repairs it). */
export interface InvalidNote {
  field: string;
  message: string;
  fallback?: unknown;
}

/**
 * Records the field revisions of the work in progress a page rendered for
 * the editor, so their draft saves carry `$base` from exactly what they saw
 * (a change saved by someone else after this render is a 409, not lost).
 * Does nothing for visitors. Documents not noted fetch their revisions when
 * the editor mounts, which is later than the render. `invalid` lists stored
 * fields the page could not use as stored (it rendered a fallback): the edit
 * bar shows them with how to repair them.
 *
 * @example
 * noteRendered(Astro.locals, 'pages', page.id, fieldRevs(page, ['title', 'body']));
 */
export function noteRendered(
  locals: { louise?: LouiseLocals | undefined },
  collection: string,
  key: string | number,
  revs: Record<string, string>,
  invalid: readonly InvalidNote[] = [],
): void {
  if (!locals.louise?.editing) return;
  locals.louise.revs[`${collection}:${key}`] = revs;
  if (invalid.length > 0)
    locals.louise.invalid[`${collection}:${key}`] = invalid.map(({ field, message, fallback }) => ({ field, message, fallback: fallback ?? null }));
}

/** Remembers edit mode across navigation (HttpOnly, this browser session only). */
export const EDIT_COOKIE = 'louise_edit';
const LEAVE = new Set(['0', 'off', 'false', 'no']);

export type EditModeDecision = { kind: 'render'; editing: boolean; setCookie?: string } | { kind: 'redirect'; location: string; setCookie?: string };

/**
 * Decides edit mode for a page request. `?edit` (any value but 0/off/false/no)
 * enters it for a signed-in editor and sets the cookie; `?edit=0` leaves it
 * and redirects to the clean URL; a visitor asking for `?edit` is sent to
 * the sign-in page and comes back in edit mode.
 */
export function decideEditMode(url: URL, request: Request, editor: EditorSession | null, options: { editParam: string; loginPath: string }): EditModeDecision {
  const param = url.searchParams.get(options.editParam);
  const cookie = readCookie(request, EDIT_COOKIE) === '1';
  if (param !== null && LEAVE.has(param.toLowerCase())) {
    const clean = new URL(url);
    clean.searchParams.delete(options.editParam);
    return { kind: 'redirect', location: clean.pathname + clean.search + clean.hash, setCookie: serializeCookie(EDIT_COOKIE, '', url, { maxAge: 0 }) };
  }
  if (param !== null) {
    if (!editor) {
      const next = url.pathname + url.search;
      return { kind: 'redirect', location: `${options.loginPath}?next=${encodeURIComponent(next)}` };
    }
    return cookie ? { kind: 'render', editing: true } : { kind: 'render', editing: true, setCookie: serializeCookie(EDIT_COOKIE, '1', url) };
  }
  if (cookie && !editor) return { kind: 'render', editing: false, setCookie: serializeCookie(EDIT_COOKIE, '', url, { maxAge: 0 }) };
  return { kind: 'render', editing: cookie && editor !== null };
}
