// A Markdown region's source as the session island carries it (issue 32's
// contract, `island.markdown[marker]`): one definition, the wire contract
// the Worker builds it from (`markdownIsland`).
import type { MarkdownSource } from '../../drafts/wire.ts';

export type { MarkdownSource };

/** The two versions an editor must choose between before the field saves, or null when the field just edits. */
export function choiceOf(source: MarkdownSource): { mine: string; file: string } | null {
  return source.standing === 'choose' && source.fileMarkdown !== undefined && source.fileMarkdown !== source.markdown
    ? { mine: source.markdown, file: source.fileMarkdown }
    : null;
}
