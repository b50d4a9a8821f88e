// Edits to wrangler.jsonc / wrangler.json through jsonc-parser: comments,
// order and the file's own indentation stay as they are.
import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import type { ConfigEdit } from './wrangler-edits.ts';

/** The text with every edit applied. */
export function applyJsoncEdits(text: string, edits: readonly ConfigEdit[]): string {
  const formattingOptions = detectFormatting(text);
  let result = text;
  for (const edit of edits) {
    const path = edit.append ? [...edit.path, -1] : edit.path;
    result = applyEdits(result, modify(result, path, edit.value, { formattingOptions }));
  }
  return result;
}

/** Tabs or the width of the first indented line, and the file's line ending. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent.length, eol };
}
