import sanitizeHtml from 'sanitize-html';
import { ALLOWED_TAGS } from './rich-tags.ts';
import { RICH_URL_SCHEMES, isSafeUrl, isUnderMediaBase, parseMediaBase, type MediaBase, type UrlPolicy } from './url-scheme.ts';

export { ALLOWED_TAGS };

/**
 * Attributes kept per tag; `*` applies to every allowed tag. No `style`, no
 * `on*`, no `id`/`name` (DOM clobbering), no `class` (site utility classes can
 * dress content up as site chrome), no `srcset` (one checked src is enough).
 */
export const ATTR_ALLOW: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '*': Object.freeze(['dir', 'lang', 'title']),
  a: Object.freeze(['href', 'target', 'rel']),
  img: Object.freeze(['src', 'alt', 'width', 'height', 'loading']),
  ol: Object.freeze(['start', 'reversed', 'type']),
  li: Object.freeze(['value']),
  th: Object.freeze(['colspan', 'rowspan', 'scope']),
  td: Object.freeze(['colspan', 'rowspan']),
  code: Object.freeze(['data-language']),
  pre: Object.freeze(['data-language']),
  time: Object.freeze(['datetime']),
  del: Object.freeze(['datetime']),
  ins: Object.freeze(['datetime']),
  details: Object.freeze(['open']),
});

/**
 * An `id` is kept only where a page links to it, in a shape that cannot
 * clobber anything of the page's own: a heading's slug (a table of contents
 * links `#code-blocks`), and footnote anchors under GitHub's `user-content-`
 * prefix. Ids go nowhere else (see {@link ATTR_ALLOW}).
 */
const HEADING_ID = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]{0,99}$/u;
const FOOTNOTE_ID = /^user-content-[a-z0-9_-]{1,80}$/;
const ID_TAGS: Readonly<Record<string, RegExp>> = Object.freeze({
  h1: HEADING_ID,
  h2: HEADING_ID,
  h3: HEADING_ID,
  h4: HEADING_ID,
  h5: HEADING_ID,
  h6: HEADING_ID,
  a: FOOTNOTE_ID,
  li: FOOTNOTE_ID,
  sup: FOOTNOTE_ID,
});
// Names the page's own code and the browser reach through `window.<name>`: never an id here.
const RESERVED_ID = /^(louise|cms|astro|__|top|parent|self|opener|frames|length|name|location|document|window)/;

/** Whether `id` may stay on a `tag` (see ID_TAGS). */
export function keepsId(tag: string, id: string): boolean {
  const shape = ID_TAGS[tag];
  return shape?.test(id) === true && !RESERVED_ID.test(id);
}

function withCheckedId(tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out: sanitizeHtml.Attributes = { ...attribs };
  if (out['id'] !== undefined && !keepsId(tag, out['id'])) delete out['id'];
  return { tagName: tag, attribs: out };
}

/** Options of {@link sanitizeRichHtml}. */
export interface SanitizeRichOptions {
  /**
   * Where images must come from: an absolute http(s) prefix such as
   * `https://media.example.com/` or a root-relative path such as `/media/`.
   * Any img whose src resolves elsewhere is removed.
   */
  mediaBase?: string | undefined;
}

/** Tags removed together with everything inside them (raw text, foreign content, hidden content). */
export const DROP_WITH_CONTENT: readonly string[] = Object.freeze([
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'plaintext',
  'template',
  'title',
  'head',
  'iframe',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
]);

const ALLOWED = new Set(ALLOWED_TAGS);
const RICH_URLS: UrlPolicy = { schemes: RICH_URL_SCHEMES, relative: true };
// Canonical order of the rel tokens we keep, so that output is stable.
const REL_ORDER = ['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored'];

/** The rel value for a link: kept known tokens plus noopener noreferrer for a new tab, in canonical order. */
export function relFor(rel: string | undefined, newTab: boolean, extra: readonly string[] = []): string {
  const tokens = new Set((rel ?? '').toLowerCase().split(/[\t\n\f\r ]+/));
  if (newTab) tokens.add('noopener').add('noreferrer');
  for (const token of extra) tokens.add(token);
  return REL_ORDER.filter((token) => tokens.has(token)).join(' ');
}

function link(attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out: sanitizeHtml.Attributes = withCheckedId('a', attribs).attribs;
  if (out['href'] !== undefined && !isSafeUrl(out['href'], RICH_URLS)) delete out['href'];
  const newTab = out['target']?.trim().toLowerCase() === '_blank';
  // Other targets name windows or frames; nothing in rich text needs them.
  if (newTab) out['target'] = '_blank';
  else delete out['target'];
  const rel = relFor(out['rel'], newTab);
  if (rel) out['rel'] = rel;
  else delete out['rel'];
  return { tagName: 'a', attribs: out };
}

// An image without a usable src is removed rather than kept empty. This runs
// as sanitize-html's exclusiveFilter, not as a transform renaming the tag:
// sanitize-html 2.18 leaks a renamed, discarded tag's name into the end tag of
// the next allowed sibling (`<span>x</renamed>`).
function badImage(frame: sanitizeHtml.IFrame, base: MediaBase | undefined): boolean {
  if (frame.tag !== 'img') return false;
  const src = frame.attribs['src'];
  if (src === undefined || src === '' || !isSafeUrl(src, RICH_URLS)) return true;
  // Images Astro built into the site's own /_astro/ folder (a Markdown post's pictures) are the site's, like the library's:
  // dropping them would remove what an editor did not touch.
  return base !== undefined && !isUnderMediaBase(src, base) && !isUnderMediaBase(src, ASTRO_ASSETS);
}

const ASTRO_ASSETS: MediaBase = parseMediaBase('/_astro/');

function allowedAttributes(): Record<string, sanitizeHtml.AllowedAttribute[]> {
  const allowed: Record<string, sanitizeHtml.AllowedAttribute[]> = Object.fromEntries(Object.entries(ATTR_ALLOW).map(([tag, names]) => [tag, [...names]]));
  // Checked by withCheckedId before this list applies.
  for (const tag of Object.keys(ID_TAGS)) allowed[tag] = [...(allowed[tag] ?? []), 'id'];
  return allowed;
}

const ID_TRANSFORMS: Record<string, sanitizeHtml.Transformer> = Object.fromEntries(
  Object.keys(ID_TAGS)
    .filter((tag) => tag !== 'a')
    .map((tag) => [tag, (_: string, attribs: sanitizeHtml.Attributes) => withCheckedId(tag, attribs)]),
);

const BASE_OPTIONS = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: allowedAttributes(),
  // Second line of defence behind the transforms: sanitize-html's own scheme check.
  allowedSchemes: [...RICH_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowProtocolRelative: true,
  nonTextTags: [...DROP_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
} satisfies sanitizeHtml.IOptions;

/**
 * Cleans rich text written by editors: a parser-based allowlist
 * ({@link ALLOWED_TAGS}, {@link ATTR_ALLOW}), href and src limited to http,
 * https, mailto, tel and relative URLs, no inline style or event handlers,
 * `rel="noopener noreferrer"` on links opening a new tab. Idempotent.
 *
 * @example sanitizeRichHtml('<p onclick="x()">Hi <a href="javascript:x()">there</a></p>') // '<p>Hi <a>there</a></p>'
 */
export function sanitizeRichHtml(html: string, options: SanitizeRichOptions = {}): string {
  return sanitizeRichWith(html, options, NO_EXTENSION);
}

/**
 * What one kind of content adds to rich text's allowlist, and nothing else: rich
 * text itself never gets it (Markdown's task-list checkboxes and code-language
 * classes, see sanitize-markdown.ts). Links, images and ids keep rich text's checks.
 */
export interface RichExtension {
  tags: readonly string[];
  attributes: Readonly<Record<string, readonly sanitizeHtml.AllowedAttribute[]>>;
  classes: Readonly<Record<string, readonly RegExp[]>>;
  transforms: Readonly<Record<string, sanitizeHtml.Transformer>>;
  /** Elements removed with their content, beside images without a usable src. */
  drop: (frame: sanitizeHtml.IFrame) => boolean;
}

const NO_EXTENSION: RichExtension = { tags: [], attributes: {}, classes: {}, transforms: {}, drop: () => false };

/** {@link sanitizeRichHtml} with `extension` added to the allowlist. */
export function sanitizeRichWith(html: string, options: SanitizeRichOptions, extension: RichExtension): string {
  if (typeof html !== 'string') throw new TypeError('sanitizeRichHtml expects a string');
  const base = options.mediaBase === undefined ? undefined : parseMediaBase(options.mediaBase);
  const allowed = extension.tags.length === 0 ? ALLOWED : new Set([...ALLOWED, ...extension.tags]);
  const attributes = { ...BASE_OPTIONS.allowedAttributes };
  for (const [tag, names] of Object.entries(extension.attributes)) attributes[tag] = [...(attributes[tag] ?? []), ...names];
  const classes = Object.fromEntries(Object.entries(extension.classes).map(([tag, shapes]) => [tag, [...shapes]]));
  return sanitizeStable(stripNul(html), (unwrapped) => ({
    ...BASE_OPTIONS,
    allowedTags: [...allowed],
    allowedAttributes: attributes,
    allowedClasses: classes,
    onOpenTag: (name) => {
      if (!allowed.has(name)) unwrapped();
    },
    transformTags: { ...ID_TRANSFORMS, ...extension.transforms, a: (_, attribs) => link(attribs) },
    exclusiveFilter: (frame) => badImage(frame, base) || extension.drop(frame),
  }));
}

/**
 * Runs sanitize-html, and a second time when the first run unwrapped or
 * dropped an element. The parser decides implied end tags by the innermost
 * open element, so unwrapping `x` in `<p><x><p>` leaves `<p><p></p></p>`,
 * which parses differently again. The second run's input holds only allowed,
 * explicitly closed elements, so its output is a fixed point: that is what
 * makes the sanitizers idempotent. `build` gets the callback to report an unwrap.
 */
export function sanitizeStable(html: string, build: (unwrapped: () => void) => sanitizeHtml.IOptions): string {
  let again = false;
  const first = sanitizeHtml(
    html,
    build(() => (again = true)),
  );
  return again
    ? sanitizeHtml(
        first,
        build(() => {}),
      )
    : first;
}

/** Removes NUL, which browsers drop or replace in ways the parser here does not mirror. */
export function stripNul(html: string): string {
  return html.includes('\u0000') ? html.replaceAll('\u0000', '') : html;
}
