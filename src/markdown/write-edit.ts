/**
 * One file-backed entry's published edit written into its Markdown file: the
 * pure core of `louise content pull` for one file, and what a deploy hashes
 * to tell a pulled edit from a pending one (see source-hash.ts).
 */
import { spliceBody } from './body-splice.ts';
import { editFrontmatter } from './frontmatter-edit.ts';
import { joinMarkdownFile, splitMarkdownFile } from './markdown-file.ts';

/** A published edit of an entry: frontmatter values by key (`undefined` deletes one) and/or the whole body as the editor serialized it. */
export interface EntryEdit {
  data?: Record<string, unknown>;
  body?: string;
}

/**
 * The file's text with the edit written in, changing only what changed:
 * frontmatter lines of the edited keys, top-level blocks of the body whose
 * meaning changed. A file without frontmatter gets one when a value is set.
 * `null` when the file's frontmatter is not a YAML mapping.
 */
export function writeEditIntoFile(file: string, edit: EntryEdit): string | null {
  const parts = splitMarkdownFile(file);
  const eol = file.includes('\r\n') ? '\r\n' : '\n';
  let frontmatter = parts.frontmatter;
  if (edit.data && Object.keys(edit.data).length > 0) {
    const yaml = editFrontmatter(frontmatter?.yaml ?? '', edit.data);
    if (yaml === null) return null;
    const written = yaml.replace(/\r?\n/g, eol);
    if (frontmatter) frontmatter = { ...frontmatter, yaml: written };
    else if (written !== '') frontmatter = { open: `---${eol}`, yaml: written, close: `---${eol}` };
  }
  const body = edit.body === undefined ? parts.body : spliceBody(parts.body, edit.body);
  return joinMarkdownFile({ bom: parts.bom, frontmatter, body });
}
