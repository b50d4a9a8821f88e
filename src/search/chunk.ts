// Cutting a long text into pieces an embedding model can take. Pure.

/** chunkText's defaults: 1,000-character chunks (about 250 tokens, well inside bge's 512), 100 shared with the previous chunk, at most 8. */
export const CHUNK_DEFAULTS = { size: 1000, overlap: 100, max: 8 } as const;

// Break points, best first, as the offset a chunk ends at: before a blank
// line (paragraph), after a sentence's closing punctuation, before any
// whitespace. Searched in the second half of a window only, so a chunk is
// never cut much shorter than `size`.
const BREAKS: readonly { pattern: RegExp; cut: (match: RegExpExecArray) => number }[] = [
  { pattern: /\n[^\S\n]*\n/g, cut: (m) => m.index },
  { pattern: /[。！？]|[.!?…]["'”’)\]]*(?=\s)/g, cut: (m) => m.index + m[0].length },
  { pattern: /\s/g, cut: (m) => m.index },
];
const BLANK = /\s/;

/**
 * Cuts `text` into at most `max` chunks of at most `size` characters (UTF-16
 * code units), each starting up to `overlap` characters before the previous
 * one ended, so a phrase on a boundary is whole in one of them. Cuts at a
 * paragraph break when one falls in the second half of the window, else at
 * a sentence end, else at whitespace, else mid-word. Chunks are trimmed and
 * never empty; the first one is the start of the text (after leading
 * whitespace); a text longer than `max` chunks is cut off, since its
 * opening is what says most about it. Blank text gives `[]`. Deterministic.
 * Throws a RangeError for a size, overlap or max that does not fit
 * (integers, size ≥ 1, 0 ≤ overlap < size, max ≥ 1).
 *
 * @example chunkText('One. Two.', { size: 5, overlap: 0 }) // ['One.', 'Two.']
 */
export function chunkText(text: string, options: { size?: number; overlap?: number; max?: number } = {}): string[] {
  if (typeof text !== 'string') throw new TypeError('chunkText expects a string');
  const { size = CHUNK_DEFAULTS.size, overlap = CHUNK_DEFAULTS.overlap, max = CHUNK_DEFAULTS.max } = options;
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`chunkText: size must be an integer ≥ 1, got ${size}.`);
  if (!Number.isSafeInteger(overlap) || overlap < 0 || overlap >= size) {
    throw new RangeError(`chunkText: overlap must be an integer from 0 to size - 1 (${size - 1}), got ${overlap}.`);
  }
  if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`chunkText: max must be an integer ≥ 1, got ${max}.`);
  const chunks: string[] = [];
  let start = skipBlank(text, 0);
  while (start < text.length && chunks.length < max) {
    const end = start + size >= text.length ? text.length : breakPoint(text, start, size);
    const chunk = text.slice(start, end).trim();
    if (chunk !== '') chunks.push(chunk);
    if (end >= text.length) break;
    start = skipBlank(text, nextStart(text, start, end, overlap));
  }
  return chunks;
}

// Where a full window starting at `start` should end (exclusive).
function breakPoint(text: string, start: number, size: number): number {
  const limit = start + size;
  // One character past the window, so a break right at its end is seen.
  const window = text.slice(start, limit + 1);
  const from = Math.ceil(size / 2);
  for (const { pattern, cut } of BREAKS) {
    let found: number | null = null;
    for (const match of window.matchAll(pattern)) {
      const at = cut(match);
      if (at >= from && at <= size) found = at;
    }
    if (found !== null) return start + found;
  }
  // No break at all: cut mid-word, never inside a surrogate pair unless the window is one code unit.
  return isHighSurrogate(text.charCodeAt(limit - 1)) && size > 1 ? limit - 1 : limit;
}

// Where the next chunk starts: `overlap` before `end`, moved forward to a
// word start within the overlap; `end` itself when the overlap would reach
// back to `start` (a chunk shorter than the overlap), so every step progresses.
function nextStart(text: string, start: number, end: number, overlap: number): number {
  let next = end - overlap > start ? end - overlap : end;
  if (next < end && next > 0 && !BLANK.test(text[next - 1] as string)) {
    const space = text.slice(next, end).search(BLANK);
    if (space !== -1) next += space;
  }
  if (isLowSurrogate(text.charCodeAt(next)) && next + 1 <= end) next += 1;
  return next;
}

function skipBlank(text: string, from: number): number {
  let i = from;
  while (i < text.length && BLANK.test(text[i] as string)) i++;
  return i;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
