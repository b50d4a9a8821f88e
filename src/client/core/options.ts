import type { InvalidFields } from './invalid-notice.ts';
import type { DetailField } from '../../drafts/wire.ts';
import type { MarkdownSource } from '../fields/markdown-note.ts';
import type { SectionsNote } from '../sections/sections-model.ts';

/** Options of `mountCms`. */
export interface MountOptions {
  /** Auto-save after an idle pause (default `{ debounceMs: 800 }`), or `false` for a manual Save button. */
  autoSave?: { debounceMs: number } | false;
  /**
   * Declared collections that save live through `/save` (default none): the
   * session island lists those without drafts. Every other marker saves a
   * draft through `<apiBase>/<collection>/<key>/versions`.
   */
  live?: readonly string[];
  /**
   * Collections the site declared. A marker of any other collection is an
   * overlay region: its saves carry the region's type (`data-cms-type`).
   * Default: every collection counts as declared.
   */
  declared?: readonly string[];
  /** Where the editor routes live (default `/api/cms`). */
  apiBase?: string;
  /** The query parameter that enters and leaves edit mode (default `edit`). */
  editParam?: string;
  /**
   * The signed-in editor's rights, from the session island (default: may not
   * publish). Without publish, fields that save live stay locked unless their
   * element carries `data-cms-access="edit"`.
   */
  access?: { publish: boolean };
  /**
   * Field revisions of each drafts document as the page rendered it, keyed
   * `collection:key`: the `$base` of its draft saves. A document not listed
   * fetches its revisions from the versions route when the editor mounts.
   */
  revs?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Stored fields the page could not use as stored (it rendered a fallback),
   * keyed `collection:key`, from the session island. The edit bar names each
   * one with how to repair it until the field is saved.
   *
   * @example
   * { 'pages:3': [{ field: 'paragraphs', message: 'must be a list of text' }] }
   */
  invalid?: InvalidFields;
  /**
   * The site mounted the settings route (`settingsRoute` at `<apiBase>/settings`):
   * the edit bar shows Settings and, unless the page handles
   * `cms:open-settings` itself, opens the built-in settings panel.
   */
  settings?: boolean;
  /** The site mounted the submissions route (`<apiBase>/submissions`): the edit bar shows Inbox (Alt+Shift+I). */
  inbox?: boolean;
  /**
   * The searchable collections (those declared with `search`, whose
   * `<apiBase>/<slug>/search` route is mounted), from the session island.
   * Any: the edit bar shows Search (`/`, Ctrl+K or Cmd+K); none: no Search.
   */
  search?: readonly string[];
  /**
   * The site runs the realtime session (issue 13): the first drafts document
   * on the page joins its live session (realtime-client.ts, a chunk loaded
   * once the editors are ready) for presence, field locks and live updates.
   */
  realtime?: boolean;
  /**
   * The page's sections fields (`cmsSections` in `louise/astro`), keyed
   * `collection:key:field`: their blocks as stored and the declared block
   * types, from the session island. The sections editor (its own chunk)
   * loads only on a page with a `data-cms-sections` element.
   */
  sections?: Readonly<Record<string, SectionsNote>>;
  /**
   * The page's Markdown regions (`data-cms-type="markdown"`), keyed
   * `collection:key:field`: the Markdown each editor starts from and, for a
   * content-collection entry, how the stored edit stands against the file.
   */
  markdown?: Readonly<Record<string, MarkdownSource>>;
  /**
   * The Post details panel's fields by entry (`collection:key`): each
   * frontmatter key of the entry's schema the page does not show, with its
   * input kind and value (the Worker's `detailsIsland`).
   */
  details?: Readonly<Record<string, readonly DetailField[]>>;
  /** The fetch to use (tests inject one). */
  fetch?: typeof fetch;
}

export interface ResolvedOptions {
  debounceMs: number | false;
  live: ReadonlySet<string>;
  /** Null: every collection is declared. */
  declared: ReadonlySet<string> | null;
  apiBase: string;
  editParam: string;
  publish: boolean;
  revs: Readonly<Record<string, Readonly<Record<string, string>>>>;
  invalid: InvalidFields;
  settings: boolean;
  inbox: boolean;
  /** Searchable collections, in the order given; empty: no Search button. */
  search: readonly string[];
  realtime: boolean;
  sections: Readonly<Record<string, SectionsNote>>;
  markdown: Readonly<Record<string, MarkdownSource>>;
  details: Readonly<Record<string, readonly DetailField[]>>;
  fetch: typeof fetch;
}

/** Fills defaults and rejects malformed options with a message that names the option. */
export function resolveOptions(input: MountOptions = {}): ResolvedOptions {
  const auto = input.autoSave ?? { debounceMs: 800 };
  if (auto !== false) {
    const ms = (auto as { debounceMs?: unknown } | null)?.debounceMs;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0) {
      throw new TypeError(`mountCms(): autoSave.debounceMs must be a non-negative integer (got ${JSON.stringify(ms)}); use autoSave: false for manual saving.`);
    }
  }
  return {
    debounceMs: auto === false ? false : auto.debounceMs,
    live: new Set(input.live ?? []),
    declared: input.declared ? new Set(input.declared) : null,
    apiBase: (input.apiBase ?? '/api/cms').replace(/\/$/, ''),
    editParam: input.editParam ?? 'edit',
    publish: input.access?.publish === true,
    revs: input.revs ?? {},
    invalid: input.invalid ?? {},
    settings: input.settings === true,
    inbox: input.inbox === true,
    search: input.search ?? [],
    realtime: input.realtime === true,
    sections: input.sections ?? {},
    markdown: input.markdown ?? {},
    details: input.details ?? {},
    fetch: input.fetch ?? ((...args) => globalThis.fetch(...args)),
  };
}
