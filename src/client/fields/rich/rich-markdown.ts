// Markdown shortcuts as an editor types them (`## `, `- `, `1. `, `> `,
// `**bold**`, `*italic*`, `` `code` ``), through @lexical/markdown's own
// shortcut engine, with only the transformers for what the field allows
// (field-rules.ts): a heading shortcut makes an allowed level only, and a
// field that holds phrasing content only gets the inline ones.
import {
  BOLD_STAR,
  type ElementTransformer,
  INLINE_CODE,
  ITALIC_STAR,
  ORDERED_LIST,
  QUOTE,
  registerMarkdownShortcuts,
  type Transformer,
  UNORDERED_LIST,
} from '@lexical/markdown';
import { $createHeadingNode, HeadingNode } from '@lexical/rich-text';
import { $isParagraphNode, type LexicalEditor } from 'lexical';
import type { FieldRules } from './field-rules.ts';

/** `#` to `######` and a space: the allowed level at or below the one typed (`# ` makes the highest), or the lowest. */
function heading(levels: FieldRules['headings']): ElementTransformer {
  return {
    dependencies: [HeadingNode],
    export: () => null,
    regExp: /^(#{1,6})\s/,
    replace: (parent, children, match) => {
      // A heading inside a list item or a quote is not a block the toolbar makes either.
      if (!$isParagraphNode(parent)) return false;
      const typed = match[1]?.length ?? 1;
      const tag = levels.find((level) => Number(level.slice(1)) >= typed) ?? levels[levels.length - 1];
      if (!tag) return false;
      const node = $createHeadingNode(tag);
      node.append(...children);
      parent.replace(node);
      node.select(0, 0);
      return true;
    },
    type: 'element',
  };
}

/** The shortcuts a field with `rules` gets. `code` only while the server's sanitizer keeps `<code>` (sanitize-rich.ts does). */
export function markdownTransformers(rules: FieldRules): Transformer[] {
  const blocks: Transformer[] = [
    ...(rules.headings.length > 0 ? [heading(rules.headings)] : []),
    ...(rules.lists ? [UNORDERED_LIST, ORDERED_LIST] : []),
    ...(rules.quote ? [QUOTE] : []),
  ];
  return [...blocks, INLINE_CODE, BOLD_STAR, ITALIC_STAR];
}

/** Turns Markdown typed in `editor` into what it stands for, as far as `rules` allow. */
export function registerMarkdown(editor: LexicalEditor, rules: FieldRules): () => void {
  return registerMarkdownShortcuts(editor, markdownTransformers(rules));
}
