/** One editable region: read and replace its value (text or HTML; an image field's is an object, see image-field.ts). */
export interface FieldEditor<T = string> {
  get(): T;
  set(value: T): void;
}

/**
 * Makes a marker a single-line plain-text region: Enter inserts nothing and
 * a paste arrives as plain text on one line.
 */
export function attachPlainField(el: HTMLElement, onInput: () => void): FieldEditor {
  el.contentEditable = 'plaintext-only';
  el.spellcheck = true;
  el.setAttribute('aria-multiline', 'false');
  el.addEventListener('beforeinput', (event) => {
    if (event.inputType === 'insertParagraph' || event.inputType === 'insertLineBreak') event.preventDefault();
  });
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) event.preventDefault();
  });
  el.addEventListener('paste', (event) => {
    event.preventDefault();
    const text = (event.clipboardData?.getData('text/plain') ?? '').replace(/\s*[\r\n]+\s*/g, ' ');
    // insertText keeps the browser's undo stack and fires `input`.
    document.execCommand('insertText', false, text);
  });
  el.addEventListener('input', onInput);
  return {
    get: () => el.textContent ?? '',
    set: (value) => {
      el.textContent = value;
    },
  };
}
