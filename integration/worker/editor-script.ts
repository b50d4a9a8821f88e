import { EDITOR_SCRIPT_SRC } from 'virtual:louise/editor';

/** `/_louise/editor.js`: the edit-mode client's entry, served by the integration. */
export { EDITOR_SCRIPT_SRC };

/**
 * The tag that loads the edit-mode client: rendered in edit-mode HTML only
 * (the tail `servePage` appends to the body of every edit-mode page).
 */
export function editorScriptTag(): string {
  return `<script type="module" src="${EDITOR_SCRIPT_SRC}"></script>`;
}
