import type { ImageValue } from '../db/field-spec.ts';
import type { MarkdownRegion, OverlayRegions } from '../db/overlays-schema.ts';
import { fieldRev } from './field-rev.ts';
import { isPhrasingHost } from './inline-host.ts';
import { inlineRichHtml } from './inline-html.ts';
import { decodeMarkdownSource, MARKDOWN_SOURCE_ATTRIBUTE, type PageMarkdownSource } from './markdown-source.ts';
import { isRegionName, splitMarker } from './overlay.ts';

/** A whole positive pixel count from an attribute, else null. */
const pixels = (raw: string | null) => (raw && /^\d{1,6}$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : null);

/**
 * The size an image region shows a stored picture at: the template's width
 * (its layout) with the height from the picture's proportions, so a picture
 * saved with its intrinsic 1440 × 810 does not blow out a `width="300"`;
 * the stored size when the template sets no width. A side that cannot be
 * worked out is left to the browser.
 */
function regionSize(templateWidth: number | null, image: Pick<ImageValue, 'width' | 'height'>): { width: number | null; height: number | null } {
  if (!templateWidth) return { width: image.width, height: image.height };
  const height = image.width && image.height ? Math.max(1, Math.round((templateWidth * image.height) / image.width)) : null;
  return { width: templateWidth, height };
}

/** Sets an `<img>` to a stored image at the template's width; a side that is unknown goes (rather than stays wrong). */
function showImage(el: Element, image: ImageValue): void {
  el.setAttribute('src', image.src);
  el.setAttribute('alt', image.alt);
  const size = regionSize(pixels(el.getAttribute('width')), image);
  for (const side of ['width', 'height'] as const) {
    const value = size[side];
    if (value) el.setAttribute(side, String(value));
    else el.removeAttribute(side);
  }
  el.removeAttribute('srcset');
  el.removeAttribute('sizes');
}

/** A Markdown region of the page, for edit mode's island: what is stored (work in progress), and what the page says of its file (`cmsEntry`). */
export interface MarkdownOnPage {
  /** The stored region (the work in progress), or null when none is stored as Markdown. */
  region: MarkdownRegion | null;
  /** The page's `data-cms-source`, or null when the element has none (or a malformed one). */
  page: PageMarkdownSource | null;
}

/** The marker attributes; visitors get none of them. */
const MARKER_ATTRIBUTES = ['data-cms-field', 'data-cms-type', 'data-cms-label', 'data-cms-access'] as const;

export interface RegionRewrite {
  /** An editor in edit mode: markers stay, regions show the work in progress, `tail` is appended to the body. */
  editing: boolean;
  /** Whether a marker's collection is an overlay (not a declared collection, whose values the template renders itself). */
  isOverlay(collection: string): boolean;
  /** The regions of a document (published ones for visitors, the work in progress for editors); asked once per document. */
  regions(collection: string, key: string): Promise<OverlayRegions | null>;
  /**
   * Visitors: whether a stored Markdown region still overrides the
   * file-backed body the page was built with (a region whose element carries
   * `data-cms-source`); when not, the page's own body shows. Default: it does.
   */
  markdownApplies?: (region: MarkdownRegion, page: PageMarkdownSource) => Promise<boolean>;
  /**
   * Edit mode: HTML to append at the end of `<body>`, given the revisions of
   * each overlay document the page showed and its Markdown regions by marker.
   */
  tail?: (revs: Record<string, Record<string, string>>, markdown: Record<string, MarkdownOnPage>) => string | Promise<string>;
}

/**
 * Streams an HTML response through `HTMLRewriter`: each overlay region
 * (`data-cms-field` of an undeclared collection) shows its stored value in
 * place of the template's default, as the template types it. A plain region
 * is always set as text (escaped); a rich one takes the stored HTML, which
 * was sanitized when it was saved, and only a value saved as rich text; an
 * `<img data-cms-type="image">` takes a stored image's src and alt, at the
 * template's width when it sets one (see `regionSize`), else its stored size. A
 * value saved as the other type is left out (the default shows) until it is
 * saved again. A rich value on an element that holds phrasing content only
 * (`<p>`, a heading, `<li>`...) is rendered inline: blocks joined by `<br />`,
 * never a `<p>` inside the `<p>`. A Markdown region (`data-cms-type="markdown"`)
 * takes the HTML rendered when it was saved, never rendered here; for
 * visitors only while `markdownApplies`. Its `data-cms-source` (the file's
 * body, see `cmsEntry`) is removed for everyone: edit mode hands it to the
 * tail. For visitors every marker attribute is removed. Documents
 * are looked up once each, while the page streams.
 */
export function rewriteRegions(response: Response, options: RegionRewrite): Response {
  const docs = new Map<string, Promise<OverlayRegions | null>>();
  const revs: Record<string, Record<string, string>> = {};
  const markdown: Record<string, MarkdownOnPage> = {};
  const lookup = (collection: string, key: string) => {
    const id = `${collection}:${key}`;
    let found = docs.get(id);
    if (!found) {
      found = options.regions(collection, key).catch(() => null);
      docs.set(id, found);
    }
    return found;
  };
  const rewriter = new HTMLRewriter().on('[data-cms-field]', {
    async element(el) {
      const raw = el.getAttribute('data-cms-field');
      const marker = splitMarker(raw);
      const type = el.getAttribute('data-cms-type');
      const source = type === 'markdown' ? el.getAttribute(MARKDOWN_SOURCE_ATTRIBUTE) : null;
      el.removeAttribute(MARKDOWN_SOURCE_ATTRIBUTE);
      if (!options.editing) for (const name of MARKER_ATTRIBUTES) el.removeAttribute(name);
      if (!marker || !isRegionName(marker.field) || !options.isOverlay(marker.collection)) return;
      const regions = await lookup(marker.collection, marker.key);
      const region = regions && Object.hasOwn(regions, marker.field) ? regions[marker.field] : undefined;
      if (options.editing) {
        const doc = `${marker.collection}:${marker.key}`;
        revs[doc] = { ...revs[doc], [marker.field]: fieldRev(region?.value ?? null) };
        if (type === 'markdown') markdown[raw as string] = { region: region?.type === 'markdown' ? region : null, page: decodeMarkdownSource(source) };
      }
      // A frontmatter value (a date, tags, a flag) is the page's to format (its own date format, its tag links): it never replaces an element's content.
      if (!region || region.type === 'value') return;
      if (region.type === 'markdown' || type === 'markdown') {
        // Markdown only ever lands on a Markdown region, and as the HTML its save rendered.
        if (region.type !== 'markdown' || type !== 'markdown') return;
        // Decoded only here for visitors: a page whose regions hold no file-backed edit never pays for it.
        const page = !options.editing && region.source !== undefined && options.markdownApplies ? decodeMarkdownSource(source) : null;
        if (page && options.markdownApplies && !(await options.markdownApplies(region, page))) return;
        el.setInnerContent(region.html, { html: true });
      } else if (region.type === 'image') {
        if (type === 'image' && el.tagName === 'img' && region.value) showImage(el, region.value);
      } else if ((region.type === 'richtext') === (type === 'richtext') && type !== 'image') {
        // A region on a phrasing-content element holds inline HTML only: a stored block value is joined with <br>, never nested.
        const value = region.type === 'richtext' && isPhrasingHost(el.tagName) ? inlineRichHtml(region.value) : region.value;
        el.setInnerContent(value, { html: region.type === 'richtext' });
      }
    },
  });
  const tail = options.tail;
  if (options.editing && tail) {
    rewriter.on('body', {
      element(el) {
        el.onEndTag(async (end) => {
          end.before(await tail(revs, markdown), { html: true });
        });
      },
    });
  }
  return rewriter.transform(response);
}
