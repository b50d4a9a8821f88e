// Text helpers over HTML. They run in Workers, where there is no DOM, so they
// read markup with sanitize-html's parser (htmlparser2) instead of a regular
// expression: a parser knows where tags, attribute values, comments and raw
// text really end, which is exactly what hand-written patterns get wrong.
import sanitizeHtml from 'sanitize-html';
import { DROP_WITH_CONTENT, stripNul } from './sanitize-rich.ts';

/** Default maximum length of {@link metaDescription}, in UTF-16 code units, ellipsis included. */
export const SEO_DESCRIPTION_MAX = 155;

/** Default number of entity-decoding passes of {@link plainText}: enough for double- and triple-encoded text. */
export const PLAIN_TEXT_PASSES = 3;

const MEDIA_TAGS = ['img', 'video', 'audio', 'iframe', 'svg'];
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
// Whitespace as a reader sees it: includes no-break and zero-width spaces.
const BLANK = /[\s\u00a0\u200b-\u200d\u2060\ufeff]/g;
// Controls other than whitespace; they carry no meaning in a one-line text.
const CONTROLS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;

// sanitize-html escapes exactly &, < and > in text (quotes only inside
// attributes), so this is its exact inverse.
function unescapeText(escaped: string): string {
  return escaped.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

function checkPasses(maxPasses: number): number {
  if (!Number.isInteger(maxPasses) || maxPasses < 1 || maxPasses > 10) {
    throw new RangeError(`maxPasses must be an integer from 1 to 10, got ${maxPasses}`);
  }
  return maxPasses;
}

// One more layer of entity decoding of text that is no longer markup. The
// angle brackets are escaped first so the parser sees nothing but text: a
// decoded `&lt;script&gt;` from the previous pass stays literal.
function decodeOnce(text: string): string {
  const asMarkup = text.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return unescapeText(sanitizeHtml(asMarkup, { allowedTags: [], allowedAttributes: {} }));
}

/**
 * The text of an HTML fragment on one line: every tag becomes a space, the
 * contents of script, style, template, svg and similar are dropped, entities
 * are decoded up to `maxPasses` times (default {@link PLAIN_TEXT_PASSES}, so
 * `&amp;amp;lt;` becomes `<`), whitespace is collapsed. The result is text,
 * not HTML: a literal `<` stays a literal `<`, and the caller escapes it when
 * putting it into markup.
 *
 * @example plainText('<h1>Fish &amp;amp; chips</h1><p>a &lt; b</p>') // 'Fish & chips a < b'
 */
export function plainText(html: string, options: { maxPasses?: number } = {}): string {
  if (typeof html !== 'string') throw new TypeError('plainText expects a string');
  const passes = checkPasses(options.maxPasses ?? PLAIN_TEXT_PASSES);
  const parts: string[] = [];
  const space = () => void parts.push(' ');
  // The documented way to see every tag and text run in order (sanitize-html
  // README, "onOpenTag"/"textFilter"): collect the text, emit nothing.
  sanitizeHtml(stripNul(html), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: [...DROP_WITH_CONTENT],
    onOpenTag: space,
    onCloseTag: space,
    textFilter: (escaped) => {
      parts.push(unescapeText(escaped));
      return '';
    },
  });
  let text = parts.join('');
  for (let pass = 1; pass < passes && text.includes('&'); pass++) {
    const next = decodeOnce(text);
    if (next === text) break;
    text = next;
  }
  return text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A meta description: {@link plainText} cut at a word boundary to at most
 * `maxLength` characters (default {@link SEO_DESCRIPTION_MAX}). A cut text
 * ends in `…`, which counts toward `maxLength`. Undefined when the HTML holds
 * no text.
 */
export function metaDescription(html: string, options: { maxLength?: number; maxPasses?: number } = {}): string | undefined {
  const maxLength = options.maxLength ?? SEO_DESCRIPTION_MAX;
  if (!Number.isInteger(maxLength) || maxLength < 2) throw new RangeError(`maxLength must be an integer of at least 2, got ${maxLength}`);
  const text = plainText(html, options.maxPasses === undefined ? {} : { maxPasses: options.maxPasses });
  if (text === '') return undefined;
  if (text.length <= maxLength) return text;
  const room = maxLength - 1;
  // The last space that keeps the cut text within `room`; a space at `room` itself ends a whole word too.
  const space = text.lastIndexOf(' ', room);
  let cut = space > 0 ? text.slice(0, space) : text.slice(0, room);
  // Never leave half of a surrogate pair behind a hard cut.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.replace(/[\s,;:.\u2013\u2014-]+$/, '');
  return `${cut === '' ? text.slice(0, room) : cut}…`;
}

// Text and media left once invisible containers are dropped; one decoding
// pass only, since a double-encoded `&amp;nbsp;` shows as visible text.
function visibleContent(html: string): { text: string; media: boolean } {
  const out = sanitizeHtml(stripNul(html), {
    allowedTags: MEDIA_TAGS,
    allowedAttributes: {},
    nonTextTags: DROP_WITH_CONTENT.filter((tag) => !MEDIA_TAGS.includes(tag)),
  });
  // The only markup sanitize-html can emit here is an allowed media tag.
  const media = out.includes('<');
  return { text: unescapeText(out.replace(/<[^>]*>/g, '')).replace(BLANK, ''), media };
}

/**
 * False for HTML that shows nothing: empty headings and paragraphs, lone
 * `<br>`, no-break or zero-width spaces, comments, scripts. True for any
 * visible text, or an img, video, audio, iframe or svg alone.
 */
export function hasRichText(html: string): boolean {
  if (typeof html !== 'string') throw new TypeError('hasRichText expects a string');
  const { text, media } = visibleContent(html);
  return media || text !== '';
}

/**
 * Removes h1 to h6 elements with no visible text and no media inside. The
 * markup passes through the parser, so it comes back normalised (tags closed,
 * comments dropped) but with every tag and attribute kept: this is not a
 * sanitizer, and its output is as safe as its input.
 */
export function stripEmptyHeadings(html: string): string {
  if (typeof html !== 'string') throw new TypeError('stripEmptyHeadings expects a string');
  // Media seen so far, and the count when each open heading started: a heading
  // holds media if the count grew while it was open, however deep the media sits.
  let mediaSeen = 0;
  const openHeadings: number[] = [];
  return sanitizeHtml(stripNul(html), {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesAppliedToAttributes: [],
    nonBooleanAttributes: [],
    parseStyleAttributes: false,
    onOpenTag: (name) => {
      if (HEADINGS.has(name)) openHeadings.push(mediaSeen);
      else if (MEDIA_TAGS.includes(name)) mediaSeen++;
    },
    exclusiveFilter: (frame) => {
      if (!HEADINGS.has(frame.tag)) return false;
      const mediaAtOpen = openHeadings.pop() ?? mediaSeen;
      return mediaSeen === mediaAtOpen && frame.text.replace(BLANK, '') === '';
    },
  });
}
