// The nodes a Markdown field's editor is made with (the editor and the tests share the list).
import { CodeNode } from '@lexical/code-core';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import type { Klass, LexicalNode } from 'lexical';
import { ImageNode } from '../rich/image-node.ts';
import { KeptNode } from '../rich/kept-node.ts';
import { LinkNode } from '../rich/link-node.ts';
import { KeptMarkdownNode } from './kept-markdown-node.ts';
import { RuleNode } from './rule-node.ts';

/** Every node a Markdown field holds. KeptNode is there because KeptMarkdownNode extends it (Lexical asks for the base class too). */
export const MARKDOWN_NODES: ReadonlyArray<Klass<LexicalNode>> = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  LinkNode,
  ImageNode,
  RuleNode,
  KeptNode,
  KeptMarkdownNode,
];
