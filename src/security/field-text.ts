// ES2024 strings (toWellFormed, isWellFormed): workerd and Node 20+ have them,
// the ES2023 lib the toolkit compiles against does not declare them.
/// <reference lib="es2024.string" />

// Characters a stored text field must not hold. NUL ends strings in C code
// downstream and is invisible; the bidi embedding, override and isolate
// controls reorder what a reader sees ("txt.exe" shown as "exe.txt") and, in
// a one-line field with no markup around it, nothing closes them; line breaks
// and other C0 controls cannot be typed into a single-line contenteditable.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS = /[\u0001-\u001f\u2028\u2029]+/g;
// Surrogates are matched whole or half: the check is only a fast path.
const SUSPECT = /[\u0000\ud800-\udfff]/;
const SUSPECT_ONE_LINE = /[\u0000-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

/**
 * A field's text as it may be stored: lone surrogates (which D1 would write
 * as invalid UTF-8) become U+FFFD and NUL is removed. For a one-line field,
 * bidi embedding, override and isolate controls (U+202A to U+202E, U+2066 to
 * U+2069) are removed too, and each run of line breaks (CR, LF, U+2028,
 * U+2029), tabs and other C0 controls becomes one space. Idempotent; text
 * with none of these characters comes back unchanged.
 *
 * @example normalizeFieldText('Title\r\nsecond\u0000', { oneLine: true }) // 'Title second'
 */
export function normalizeFieldText(text: string, options: { oneLine: boolean }): string {
  if (typeof text !== 'string') throw new TypeError('normalizeFieldText expects a string');
  if (!(options.oneLine ? SUSPECT_ONE_LINE : SUSPECT).test(text)) return text;
  // Well-formed first, so removing NUL never pairs up two halves the input kept apart.
  const clean = text.toWellFormed().replaceAll('\u0000', '');
  // Bidi controls go before breaks are folded, so a control between two breaks leaves one space.
  return options.oneLine ? clean.replace(BIDI_CONTROLS, '').replace(LINE_BREAKS, ' ') : clean;
}

const MULTI_LINE = { oneLine: false } as const;

function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

// A plain data property, even for a key such as "__proto__" (assignment would set the prototype).
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of a JSON value with every string leaf and every object key passed
 * through {@link normalizeFieldText} (not one-line). Walks iteratively, so a
 * value nested thousands of levels deep cannot overflow the stack, and never
 * changes its input. Two keys that normalize alike keep the later value, as
 * `JSON.parse` does with a repeated key. Values other than arrays and plain
 * objects (a Date, a Map) are returned as they are.
 * @internal (not exported from any package entry)
 */
export function normalizeJsonStrings(value: unknown): unknown {
  // Each input container maps to its copy: shared parts stay shared and a cycle ends.
  const copies = new Map<object, object>();
  const stack: [source: object, copy: object][] = [];
  // A container is copied empty when first met and filled when popped.
  const convert = (item: unknown): unknown => {
    if (!isWalkable(item)) return typeof item === 'string' ? normalizeFieldText(item, MULTI_LINE) : item;
    let copy = copies.get(item);
    if (!copy) {
      copy = Array.isArray(item) ? [] : {};
      copies.set(item, copy);
      stack.push([item, copy]);
    }
    return copy;
  };
  const root = convert(value);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [source, copy] = next;
    if (Array.isArray(source)) {
      // Indexed, so a hole reads as undefined (JSON has none; JSON.stringify writes null).
      for (let i = 0; i < source.length; i++) (copy as unknown[]).push(convert(source[i]));
    } else {
      for (const [key, item] of Object.entries(source)) setOwn(copy, normalizeFieldText(key, MULTI_LINE), convert(item));
    }
  }
  return root;
}
