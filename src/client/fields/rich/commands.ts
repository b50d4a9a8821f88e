// Commands the rich-text field's parts send one another (toolbar, keys,
// popovers), so each part is registered by one module and triggered by any.
import { createCommand, type LexicalCommand } from 'lexical';

/** Opens the link editor on the selection (the toolbar's Link button; Ctrl+K / Cmd+K in the text). */
export const OPEN_LINK_EDITOR: LexicalCommand<void> = createCommand('louise/open-link-editor');

/** Opens the media library to insert an image at the selection; the payload is the field's label (the panel's title). */
export const INSERT_IMAGE_FROM_LIBRARY: LexicalCommand<string> = createCommand('louise/insert-image-from-library');
