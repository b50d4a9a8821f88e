import type sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS, DROP_WITH_CONTENT, relFor, sanitizeStable, stripNul } from './sanitize-rich.ts';
import { MODEL_URL_SCHEMES, isSafeUrl, type UrlPolicy } from './url-scheme.ts';

/** Tags kept in model-written HTML; a subset of {@link ALLOWED_TAGS}. */
export const MODEL_TAGS: readonly string[] = Object.freeze([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'b',
  'em',
  'i',
  'code',
  'pre',
  'a',
]);

/** Attributes kept in model-written HTML (`rel` is always ours); a subset of the rich `ATTR_ALLOW`. */
export const MODEL_ATTR_ALLOW: Readonly<Record<string, readonly string[]>> = Object.freeze({
  a: Object.freeze(['href', 'rel']),
});

/** The rel every kept model link carries. */
export const MODEL_LINK_REL = 'noopener noreferrer nofollow';

// Containers a model wraps output in (a whole document, an article); their
// contents are the answer, so they are unwrapped like the human-only tags.
const DOCUMENT_WRAPPERS = ['html', 'body', 'main', 'article', 'header', 'footer'];

/** Tags removed while their contents stay: tags a human may use but a model may not (img aside), and document wrappers. */
export const MODEL_UNWRAP: readonly string[] = Object.freeze([
  ...ALLOWED_TAGS.filter((tag) => !MODEL_TAGS.includes(tag) && tag !== 'img'),
  ...DOCUMENT_WRAPPERS,
]);

const MODEL_URLS: UrlPolicy = { schemes: MODEL_URL_SCHEMES, relative: false };
const KEEP_OR_UNWRAP = new Set([...MODEL_TAGS, ...MODEL_UNWRAP]);
const MODEL_REL = relFor(undefined, false, MODEL_LINK_REL.split(' '));

// A link keeps only a good href and our rel; without an href it is unwrapped
// by the exclusiveFilter below. Nothing is renamed here: sanitize-html 2.18
// leaks a renamed, discarded tag's name into the end tag of a later sibling.
function link(attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs['href'];
  return href !== undefined && isSafeUrl(href, MODEL_URLS) ? { tagName: 'a', attribs: { href, rel: MODEL_REL } } : { tagName: 'a', attribs: {} };
}

function options(unwrapped: () => void): sanitizeHtml.IOptions {
  // Tags outside the keep and unwrap sets are dropped with their contents,
  // but they cannot be listed in advance (custom elements, SVG and MathML
  // names). sanitize-html calls onOpenTag before it looks the tag up in
  // nonTextTags, so each unknown name is added to this call's own list first.
  const dropped = [...DROP_WITH_CONTENT];
  return {
    allowedTags: [...MODEL_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(MODEL_ATTR_ALLOW).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: [...MODEL_URL_SCHEMES],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    nonTextTags: dropped,
    disallowedTagsMode: 'discard',
    parseStyleAttributes: false,
    onOpenTag: (name) => {
      if (MODEL_TAGS.includes(name)) return;
      unwrapped();
      if (!KEEP_OR_UNWRAP.has(name) && !dropped.includes(name)) dropped.push(name);
    },
    transformTags: { a: (_, attribs) => link(attribs) },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'a' || frame.attribs['href'] !== undefined) return false;
      unwrapped();
      return 'excludeTag';
    },
  };
}

/**
 * Cleans HTML written by a language model, stricter than
 * {@link sanitizeRichHtml}: only {@link MODEL_TAGS}; links only with an
 * absolute http(s) or mailto href and always `rel="noopener noreferrer nofollow"`,
 * other links unwrapped to their text; human-only tags (div, span, u,
 * section, figure, ...) unwrapped; anything else (img, iframe, svg, script,
 * unknown tags, ...) dropped with its contents. Idempotent, and its output
 * passes through `sanitizeRichHtml` unchanged.
 *
 * @example sanitizeModelHtml('<div><p>See <a href="/x">this</a></p><img src=x></div>') // '<p>See this</p>'
 */
export function sanitizeModelHtml(html: string): string {
  if (typeof html !== 'string') throw new TypeError('sanitizeModelHtml expects a string');
  return sanitizeStable(stripNul(html), options);
}
