/**
 * A Markdown file as its parts: the YAML frontmatter between `---` lines and
 * the body. The parts are exact slices of the file (delimiters, line endings
 * and a byte-order mark kept as written), so `joinMarkdownFile` gives back the
 * very bytes `splitMarkdownFile` read: writing a file back touches only the
 * part that was edited.
 */

/** The frontmatter's three slices: the opening `---` line, the YAML text, the closing `---` line (without an ending at the file's end). */
export interface Frontmatter {
  open: string;
  yaml: string;
  close: string;
}

/** A Markdown file split into exact slices: `bom + open + yaml + close + body` is the file. */
export interface MarkdownFile {
  bom: string;
  frontmatter: Frontmatter | null;
  body: string;
}

const BOM = '\uFEFF';
// Astro's (and gray-matter's) rule: the file opens with a `---` line and the
// YAML ends at the first line that is `---` (trailing blanks allowed).
const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*(?:\r?\n|$(?![\s\S]))/m;

/** Splits a `.md` file's text into its byte-order mark, frontmatter (null if none) and body. */
export function splitMarkdownFile(text: string): MarkdownFile {
  const bom = text.startsWith(BOM) ? BOM : '';
  const rest = text.slice(bom.length);
  const open = OPEN.exec(rest)?.[0];
  if (open === undefined) return { bom, frontmatter: null, body: rest };
  const afterOpen = rest.slice(open.length);
  const close = CLOSE.exec(afterOpen);
  if (!close) return { bom, frontmatter: null, body: rest };
  const yaml = afterOpen.slice(0, close.index);
  const body = afterOpen.slice(close.index + close[0].length);
  return { bom, frontmatter: { open, yaml, close: close[0] }, body };
}

/** The file's text from its parts: the inverse of `splitMarkdownFile`. */
export function joinMarkdownFile(file: MarkdownFile): string {
  const fm = file.frontmatter;
  return file.bom + (fm ? fm.open + fm.yaml + fm.close : '') + file.body;
}
