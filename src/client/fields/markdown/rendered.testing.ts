// How the Markdown field's tests compare two Markdown texts: rendered as the
// site renders them, then serialized one way (attributes sorted, no whitespace
// between tags), as src/markdown/commonmark-spec.test.ts compares with the spec.
import sanitizeHtml from 'sanitize-html';
import { renderMarkdown } from '../../../markdown/render.ts';

/** `markdown` rendered by the site's renderer, in one serialization for comparing. */
export function rendered(markdown: string): string {
  const html = sanitizeHtml(renderMarkdown(markdown), {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: Object.fromEntries(Object.entries(attribs).sort(([a], [b]) => (a < b ? -1 : 1))) }),
    },
  });
  return html.replace(/>\s+</g, '><').trim();
}
