import sanitizeHtml from 'sanitize-html';
import { sanitizeModelHtml } from '../../../../src/security/sanitize-model.ts';
import type { MerchProduct } from './records.ts';

/**
 * Text that marks a product-safety or compliance block (EU GPSR, California
 * Prop 65, manufacturer and responsible-person details). Shops keep these
 * in the More details panel, usually hidden, for the provider's own product
 * page; a custom site showing the panel must not print them as marketing
 * copy, and a half-shown block is worse than none. Matched case-insensitively
 * on the visible text, whitespace-tolerant.
 */
export const MERCH_COMPLIANCE_MARKERS: readonly string[] = Object.freeze([
  'GPSR',
  'General Product Safety',
  'EU responsible person',
  'Responsible person',
  'Manufacturer:',
  'Prop 65',
  'Proposition 65',
  'Safety information',
]);

/** Options of {@link merchCopy}. */
export interface MerchCopyOptions {
  /** Panel HTML to use instead of `product.moreDetails` (a site's own override, or a panel read elsewhere). */
  panel?: string | undefined;
  /** Called with a short reason (for a log line) each time copy is dropped because compliance text stayed visible. */
  onComplianceDropped?: ((why: string) => void) | undefined;
}

const markerPatterns = MERCH_COMPLIANCE_MARKERS.map((marker) => {
  const body = marker
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\s+/g, '\\s+')
    .replace(/:$/, '\\s*:');
  const start = /^\w/.test(marker) ? '\\b' : '';
  const end = /\w$/.test(marker) ? '\\b' : '';
  return { marker, pattern: new RegExp(`${start}${body}${end}`, 'i') };
});

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))\s*(?:!\s*important\s*)?(?:;|$)/i;

/** An element the browser would not show: `hidden`, `aria-hidden="true"`, inline display:none / visibility:hidden, or a template. */
function isHidden(frame: sanitizeHtml.IFrame): boolean {
  const a = frame.attribs;
  return (
    frame.tag === 'template' ||
    a['hidden'] !== undefined ||
    a['aria-hidden']?.trim().toLowerCase() === 'true' ||
    (a['style'] !== undefined && HIDDEN_STYLE.test(a['style']))
  );
}

/**
 * Removes hidden elements with everything inside them, keeping all else as
 * is (the model sanitizer runs next). It must run first: the sanitizer drops
 * `style` and `hidden`, which would turn a hidden block visible.
 */
// sanitize-html 2.18 honours allowedEmptyAttributes but its types do not list it.
type StripOptions = sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

function stripHidden(html: string): string {
  const options: StripOptions = {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    // Empty attributes are dropped before the filter sees them; `hidden` is one by nature.
    allowedEmptyAttributes: ['hidden'],
    nonTextTags: [],
    // Keep `style` verbatim for isHidden to read: parsing it needs postcss, which the
    // Worker bundle leaves out (integration/postcss-stub.ts), and a failed parse drops
    // the attribute, which would turn a display:none block visible.
    parseStyleAttributes: false,
    exclusiveFilter: isHidden,
  };
  return sanitizeHtml(html, options);
}

/** The visible text of sanitized HTML, for the marker check and the blank check. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Hidden blocks stripped, then sanitized; and the first compliance marker still visible, if any. */
function clean(html: string): { html: string; text: string; marker: string | null } {
  const out = sanitizeModelHtml(stripHidden(html));
  const text = visibleText(out);
  return { html: out, text, marker: markerPatterns.find((m) => m.pattern.test(text))?.marker ?? null };
}

/**
 * The product copy to show on a site: the More details panel (or
 * `options.panel`) with hidden blocks removed, so the compliance block a shop
 * hides for the provider's own page does not appear. If compliance text is
 * still visible after that (a block that was not hidden), the panel is
 * dropped whole, `onComplianceDropped` is called, and the product
 * `description` is used instead (stripped and checked the same way; if it
 * too shows compliance text the result is ''). An empty panel also falls
 * back to the description. The result has been through `sanitizeModelHtml`,
 * so it is safe to render as HTML.
 * @example const html = merchCopy(product, { onComplianceDropped: (why) => console.warn(why) });
 */
export function merchCopy(product: Pick<MerchProduct, 'slug' | 'description' | 'moreDetails'>, options: MerchCopyOptions = {}): string {
  const panelHtml = options.panel ?? product.moreDetails ?? '';
  if (typeof panelHtml !== 'string') throw new TypeError('merchCopy panel must be HTML text');
  const panel = clean(panelHtml);
  if (panel.marker !== null) {
    options.onComplianceDropped?.(
      `Merch product ${product.slug}: More details panel dropped, compliance text (${panel.marker}) is visible; using the description`,
    );
  } else if (panel.text !== '') {
    return panel.html;
  }
  const description = clean(typeof product.description === 'string' ? product.description : '');
  if (description.marker !== null) {
    options.onComplianceDropped?.(`Merch product ${product.slug}: description dropped, compliance text (${description.marker}) is visible`);
    return '';
  }
  return description.html;
}
