// What a rich-text field lets an editor make, read by every way of making
// it (Markdown shortcuts, the slash menu, paste), so none of them can put in
// a block the toolbar does not offer. One set for every field today; a field
// on an element that holds phrasing content only (isPhrasingHost) makes no
// blocks at all.

/** The blocks a field allows. */
export interface FieldRules {
  /** Heading levels offered, highest first (an `h1` from Markdown or a paste becomes the first, `h4`-`h6` the last). */
  headings: ReadonlyArray<'h2' | 'h3'>;
  /** Bulleted and numbered lists, and quotes. */
  lists: boolean;
  quote: boolean;
  /** Tables are kept (no field allows them today: a pasted table's cells become paragraphs). */
  tables: boolean;
}

const BLOCK: FieldRules = { headings: ['h2', 'h3'], lists: true, quote: true, tables: false };
const INLINE: FieldRules = { headings: [], lists: false, quote: false, tables: false };

/** The rules of a field; `inline` for a field whose element holds phrasing content only. */
export const fieldRules = (inline: boolean): FieldRules => (inline ? INLINE : BLOCK);
