/**
 * A Markdown region's source as the session island carries it (issue 32's
 * contract, `island.markdown[marker]`): what its editor starts from and,
 * for a content-collection entry, how the stored edit stands against the
 * deployed file.
 */
export interface MarkdownSource {
  /** What the editor starts from: the stored work in progress, else the file's body. */
  markdown: string;
  /** The entry's file, relative to the project root (file-backed entries only). */
  file?: string;
  /** How the stored edit stands against the deployed file (editStanding). */
  standing?: 'applies' | 'choose' | 'pulled';
  /** When `standing` is 'choose': the deployed file's body, the other version to choose. */
  fileMarkdown?: string;
}

/** The two versions an editor must choose between before the field saves, or null when the field just edits. */
export function choiceOf(source: MarkdownSource): { mine: string; file: string } | null {
  return source.standing === 'choose' && source.fileMarkdown !== undefined && source.fileMarkdown !== source.markdown
    ? { mine: source.markdown, file: source.fileMarkdown }
    : null;
}
