import options from 'virtual:louise/options';
import type { DetailField, MarkdownSource } from '../../src/drafts/wire.ts';
import type { EditorSession } from '../../src/http/session.ts';
import type { LouiseLocals } from './edit-mode.ts';
import { editorScriptTag } from './editor-script.ts';

/**
 * What edit mode appends to the page body: the session the editor client
 * reads (who is editing, their rights, the revisions the page rendered) and
 * the client itself. Visitors never get it: their pages carry no byte of it.
 */
export function editorTail(
  editor: EditorSession,
  state: Pick<LouiseLocals, 'revs' | 'invalid' | 'sections'> & { markdown?: Record<string, MarkdownSource>; details?: Record<string, DetailField[]> },
  site: {
    live: readonly string[];
    declared: readonly string[];
    settings: unknown;
    forms: ReadonlyMap<string, unknown>;
    searchable: readonly string[];
    realtime: boolean;
  },
): string {
  const session = {
    email: editor.email,
    name: editor.name,
    access: editor.access,
    revs: state.revs,
    invalid: state.invalid,
    // The page's sections fields: their blocks and block types (the sections editor's chunk reads them).
    sections: state.sections,
    // The page's Markdown regions: what each editor starts from, and a file-backed entry's edit standing (markdownIsland).
    markdown: state.markdown ?? {},
    // The Post details panel's fields by entry (`collection:key`; detailsIsland): the bar offers the panel only where there are some.
    details: state.details ?? {},
    editParam: options.editParam,
    autoSave: options.autoSave,
    live: site.live,
    declared: site.declared,
    // The edit bar's Settings and Inbox buttons: only where the site mounted those routes.
    settings: site.settings !== null,
    inbox: site.forms.size > 0,
    // The edit bar's search (`/`, Ctrl+K): the collections with a search route.
    search: site.searchable,
    // Presence, field locks and live updates: only where the realtime object is bound.
    realtime: site.realtime,
  };
  const data = JSON.stringify(session).replace(/</g, '\\u003c');
  return `<script type="application/json" id="louise-session">${data}</script>${editorScriptTag()}`;
}
