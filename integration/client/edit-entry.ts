// The edit-mode client entry. It only ever loads in edit-mode HTML (see
// the tail servePage appends to the body), so visitors download none of it.
import { mountCms, type MountOptions } from '../../src/client/index.ts';

/** What edit mode appends as the `#louise-session` island (integration/worker/editor-tail.ts). */
interface Island {
  email: string;
  name: string;
  access: { publish: boolean };
  revs: Record<string, Record<string, string>>;
  /** Stored fields the page rendered with a fallback, keyed `collection:key`. */
  invalid: NonNullable<MountOptions['invalid']>;
  editParam: string;
  autoSave: NonNullable<MountOptions['autoSave']>;
  /** Declared collections that save live; every other marker saves drafts. */
  live: string[];
  /** Declared collections: any other marker is an overlay region. */
  declared: string[];
  /** The site has settings (the Settings button opens the settings panel). */
  settings: boolean;
  /** The site has forms (the Inbox button). */
  inbox: boolean;
  /** The declared collections with a search route (the Search button, `/` and Ctrl+K). */
  search: string[];
  /** The site runs the realtime session: drafts documents join it (presence, field locks, live updates). */
  realtime: boolean;
  /** The page's sections fields (cmsSections): their blocks and the declared block types. */
  sections: NonNullable<MountOptions['sections']>;
  /** The page's Markdown regions by marker (issue 32): the Markdown each starts from; absent on pages without one. */
  markdown?: NonNullable<MountOptions['markdown']>;
  /** The Post details panel's fields by entry (`collection:key`): the frontmatter keys the page does not show. */
  details?: NonNullable<MountOptions['details']>;
}

const island = document.getElementById('louise-session');
const session = island?.textContent ? (JSON.parse(island.textContent) as Island) : null;

if (session) {
  document.documentElement.dataset.louiseEditing = '';
  const { access, revs, editParam, autoSave, live, declared, invalid, settings, inbox, search, realtime, sections, markdown, details } = session;
  mountCms({
    access,
    revs,
    invalid,
    editParam,
    autoSave,
    live,
    declared,
    settings,
    inbox,
    search,
    realtime,
    sections,
    ...(markdown ? { markdown } : {}),
    ...(details ? { details } : {}),
  });
  document.dispatchEvent(new CustomEvent('louise:ready', { detail: { email: session.email, name: session.name, access } }));
}
