import type sanitizeHtml from 'sanitize-html';
import { type RichExtension, type SanitizeRichOptions, sanitizeRichWith } from './sanitize-rich.ts';

// A fenced block's info word as micromark writes it (`language-ts`, `language-c++`).
const LANGUAGE_CLASS = /^language-[\w+#.-]{1,40}$/;

function checkbox(_: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  // A task list's box is a picture of the state, never a control a visitor could submit.
  const out: sanitizeHtml.Attributes = { type: attribs['type']?.trim().toLowerCase() ?? '', disabled: '' };
  if (attribs['checked'] !== undefined) out['checked'] = '';
  return { tagName: 'input', attribs: out };
}

/**
 * What Markdown (CommonMark + GFM) renders beyond rich text: task-list
 * checkboxes, a code block's language class, a table column's alignment.
 */
const MARKDOWN: RichExtension = {
  tags: ['input'],
  attributes: {
    input: ['type', 'checked', 'disabled'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  },
  classes: { code: [LANGUAGE_CLASS] },
  transforms: { input: checkbox },
  // Any other input (its type is checked after the transform above) (a text field, a button) is a form control pretending to be content.
  drop: (frame) => frame.tag === 'input' && frame.attribs['type']?.trim().toLowerCase() !== 'checkbox',
};

/**
 * Cleans the HTML rendered from Markdown: {@link sanitizeRichWith rich text's
 * allowlist} plus disabled task-list checkboxes, `class="language-*"` on
 * code and `align` on table cells. Idempotent.
 *
 * @example sanitizeMarkdownHtml('<li><input type="checkbox" checked onclick="x()"> done</li>') // '<li><input type="checkbox" disabled checked /> done</li>'
 */
export function sanitizeMarkdownHtml(html: string, options: SanitizeRichOptions = {}): string {
  return sanitizeRichWith(html, options, MARKDOWN);
}
