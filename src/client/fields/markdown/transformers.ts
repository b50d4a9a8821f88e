// The @lexical/markdown transformers the Markdown field reads and writes with:
// the package's own for headings, quotes, lists, task lists, fenced code and
// the text formats, and small ones of ours for what it lacks or draws with
// nodes this client does not load (links and images as the rich field's
// nodes, thematic breaks).
import {
  BOLD_STAR,
  BOLD_UNDERSCORE,
  CHECK_LIST,
  CODE,
  type ElementTransformer,
  HEADING,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  ORDERED_LIST,
  QUOTE,
  STRIKETHROUGH,
  type TextMatchTransformer,
  type Transformer,
  UNORDERED_LIST,
} from '@lexical/markdown';
import { $createTextNode, $findMatchingParent } from 'lexical';
import { $createImageNode, $isImageNode, ImageNode } from '../rich/image-node.ts';
import { $isLinkNode, LinkNode } from '../rich/link-node.ts';
import { $createRuleNode, $isRuleNode, RuleNode } from './rule-node.ts';

/** CommonMark's backslash escapes (any ASCII punctuation), undone. */
const unescaped = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
/** A destination written raw: a parenthesis would close it early, a backslash start an escape; with whitespace it goes in `<>`. */
const destination = (url: string) => (url === '' || /\s/.test(url) ? `<${url.replace(/([\\<>])/g, '\\$1')}>` : url.replace(/([\\()])/g, '\\$1'));
/** Alt text inside `![…]`: brackets and backslashes escaped. */
const altText = (alt: string) => alt.replace(/([\\[\]])/g, '\\$1');

/** `[text](url)` as the rich field's link node (it has no title: a titled link is kept as written, see markdown-source.ts). */
export const LINK: TextMatchTransformer = {
  dependencies: [LinkNode],
  export: (node, exportChildren) => ($isLinkNode(node) ? `[${exportChildren(node)}](${destination(node.getURL())})` : null),
  importRegExp: /\[([^[\]]+)\]\((?:<([^<>\n]*)>|([^\s()<>]*))\)/,
  regExp: /\[([^[\]]+)\]\((?:<([^<>\n]*)>|([^\s()<>]*))\)$/,
  replace: (textNode, match) => {
    if ($findMatchingParent(textNode, $isLinkNode)) return;
    const link = new LinkNode(unescaped(match[2] ?? match[3] ?? ''));
    const text = $createTextNode(match[1] ?? '').setFormat(textNode.getFormat());
    link.append(text);
    textNode.replace(link);
    return text;
  },
  trigger: ')',
  type: 'text-match',
};

/** `![alt](src)` as the rich field's image node. */
export const IMAGE: TextMatchTransformer = {
  dependencies: [ImageNode],
  export: (node) => {
    if (!$isImageNode(node)) return null;
    const { alt, src } = node.getData();
    return `![${altText(alt)}](${destination(src)})`;
  },
  importRegExp: /!\[((?:\\.|[^\\[\]])*)\]\((?:<([^<>\n]*)>|([^\s()<>]*))\)/,
  regExp: /!\[((?:\\.|[^\\[\]])*)\]\((?:<([^<>\n]*)>|([^\s()<>]*))\)$/,
  replace: (textNode, match) => {
    textNode.replace($createImageNode({ src: unescaped(match[2] ?? match[3] ?? ''), alt: unescaped(match[1] ?? ''), width: null, height: null }));
  },
  trigger: ')',
  type: 'text-match',
};

/** `---` (or `***`, `___`) on a line of its own. */
export const RULE: ElementTransformer = {
  dependencies: [RuleNode],
  // Written `***`: a `---` under a paragraph's line would make it a heading.
  export: (node) => ($isRuleNode(node) ? '***' : null),
  regExp: /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/,
  replace: (parent, _children, _match, isImport) => {
    const rule = $createRuleNode();
    if (isImport || parent.getNextSibling()) parent.replace(rule);
    else parent.insertBefore(rule);
    rule.selectNext();
  },
  type: 'element',
};

/**
 * Every transformer of the Markdown field, in the order @lexical/markdown
 * tries them: the rule before the lists (`* * *` is a rule), the image before
 * the link (an image is a `!` and a link), the longer delimiters first.
 */
export const MARKDOWN_TRANSFORMERS: Transformer[] = [
  RULE,
  HEADING,
  QUOTE,
  CHECK_LIST,
  UNORDERED_LIST,
  ORDERED_LIST,
  CODE,
  INLINE_CODE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  STRIKETHROUGH,
  IMAGE,
  LINK,
];
