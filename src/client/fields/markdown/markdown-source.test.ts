import { $isCodeNode } from '@lexical/code-core';
import { $isListNode } from '@lexical/list';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import fc from 'fast-check';
import { $createParagraphNode, $createTextNode, $getRoot, $isElementNode, $isParagraphNode, $isTextNode, type LexicalNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $isImageNode } from '../rich/image-node.ts';
import { $isLinkNode } from '../rich/link-node.ts';
import { $isKeptMarkdownNode } from './kept-markdown-node.ts';
import { loaded } from './load.testing.ts';
import { rendered } from './rendered.testing.ts';
import { $isRuleNode } from './rule-node.ts';

/** What each top-level block loaded as: a kind the test can read. */
function kind(node: LexicalNode): string {
  if ($isKeptMarkdownNode(node)) return 'kept';
  if ($isHeadingNode(node)) return node.getTag();
  if ($isQuoteNode(node)) return 'quote';
  if ($isListNode(node)) return `list:${node.getListType()}`;
  if ($isCodeNode(node)) return `code:${node.getLanguage() ?? ''}`;
  if ($isRuleNode(node)) return 'rule';
  if ($isParagraphNode(node)) return 'paragraph';
  return node.getType();
}
const kinds = (markdown: string) => loaded(markdown).editor.read(() => $getRoot().getChildren().map(kind));

/** Every inline node under `node`, depth first. */
const inlines = (node: LexicalNode): LexicalNode[] => ($isElementNode(node) ? node.getChildren().flatMap((child) => [child, ...inlines(child)]) : []);

describe('loading Markdown into the editor', () => {
  it('models headings, paragraphs, quotes, lists, task lists, fenced code with its language and thematic breaks as editable blocks', () => {
    const markdown =
      '# Title\n\n## Part\n\nSome text.\n\n> A quote.\n\n- one\n- two\n\n1. first\n2. second\n\n- [ ] todo\n- [x] done\n\n```ts\nconst a = 1;\n```\n\n***\n';
    expect(kinds(markdown)).toEqual(['h1', 'h2', 'paragraph', 'quote', 'list:bullet', 'list:number', 'list:check', 'code:ts', 'rule']);
  });

  it('models emphasis, strong, inline code, strikethrough, links and images inside a paragraph', () => {
    const { editor } = loaded('Some *soft*, **strong**, `code`, ~~gone~~, a [link](https://example.com/a) and ![a cat](/media/cat.jpg).\n');
    const found = editor.read(() => {
      const [paragraph] = $getRoot().getChildren();
      const nodes = paragraph ? inlines(paragraph) : [];
      return {
        formats: nodes
          .filter($isTextNode)
          .flatMap((text) =>
            (['italic', 'bold', 'code', 'strikethrough'] as const)
              .filter((format) => text.hasFormat(format))
              .map((format) => `${format}:${text.getTextContent()}`),
          ),
        links: nodes.filter($isLinkNode).map((link) => `${link.getURL()} ${link.getTextContent()}`),
        images: nodes.filter($isImageNode).map((image) => `${image.getData().src} ${image.getData().alt}`),
      };
    });
    expect(found).toEqual({
      formats: ['italic:soft', 'bold:strong', 'code:code', 'strikethrough:gone'],
      links: ['https://example.com/a link'],
      images: ['/media/cat.jpg a cat'],
    });
  });

  it('keeps raw HTML, MDX/JSX, footnotes, reference definitions, front-matter-like blocks and HTML comments as written', () => {
    const kept = [
      '<div class="note">\n  <b>HTML</b>\n</div>',
      '<Chart data={points} />',
      'A claim.[^1]',
      '[^1]: The source.',
      'See [the docs][docs].',
      '[docs]: https://example.com/docs "Docs"',
      '---\ntitle: not front matter\n---',
      '<!-- a note to the next writer -->',
    ];
    const markdown = `# Kept\n\n${kept.join('\n\n')}\n\nThe end.\n`;
    const { editor, fresh } = loaded(markdown);
    const blocks = editor.read(() =>
      $getRoot()
        .getChildren()
        .map((node) => ($isKeptMarkdownNode(node) ? node.getMarkdown() : kind(node))),
    );
    expect(blocks[0]).toBe('h1');
    expect(blocks[blocks.length - 1]).toBe('paragraph');
    expect(blocks.slice(1, -1).join('\n\n')).toBe(kept.join('\n\n'));
    expect(fresh()).toBe(markdown);
  });

  it('keeps a titled link (the link node has no title) rather than drop the title', () => {
    expect(kinds('A [link](/a "The title").\n')).toEqual(['kept']);
  });
});

describe('writing the editor back to Markdown', () => {
  const markdown = [
    'Heading\n=======',
    'A __strong__ start, with a soft\nline break.',
    'The paragraph to edit.',
    '+ plus marker\n+ second',
    '<aside>kept</aside>',
    '    indented code',
    '1) closing paren',
  ].join('\n\n');

  it('changes only the edited paragraph: every other block keeps its bytes, so the file diff is one line', () => {
    const { editor, saved } = loaded(`${markdown}\n`);
    editor.update(
      () => {
        const paragraph = $getRoot().getChildren()[2];
        if (!$isElementNode(paragraph)) throw new Error('no paragraph');
        const text = paragraph.getFirstDescendant();
        if (!$isTextNode(text)) throw new Error('no text');
        text.setTextContent('The edited paragraph, now *longer*.');
      },
      { discrete: true },
    );
    const before = `${markdown}\n`.split('\n');
    const after = saved().split('\n');
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual(['The edited paragraph, now \\*longer\\*.']);
  });

  it('removes a kept block when it is deleted, and nothing else', () => {
    const { editor, saved } = loaded(`${markdown}\n`);
    editor.update(
      () => {
        $getRoot()
          .getChildren()
          .find((node) => $isKeptMarkdownNode(node) && node.getMarkdown().startsWith('<aside>'))
          ?.remove();
      },
      { discrete: true },
    );
    expect(saved()).toBe(`${markdown.replace('\n\n<aside>kept</aside>', '')}\n`);
  });

  it('writes a block the editor added after a blank line', () => {
    const { editor, saved } = loaded('First.\n');
    editor.update(
      () => {
        $getRoot().append($createParagraphNode().append($createTextNode('Second.')));
      },
      { discrete: true },
    );
    expect(saved()).toBe('First.\n\nSecond.\n');
  });
});

/** Words that are plain text in Markdown (no punctuation that could start syntax). */
const word = fc.stringMatching(/^[A-Za-z][a-z0-9]{0,7}$/);
const words = fc.array(word, { minLength: 1, maxLength: 5 }).map((list) => list.join(' '));
const url = fc.constantFrom('https://example.com/', '/about', '/blog/first-post', 'https://example.com/a/b?x=1');
const inline = fc.oneof(
  words,
  words.map((text) => `*${text}*`),
  words.map((text) => `**${text}**`),
  words.map((text) => `\`${text}\``),
  fc.tuple(words, url).map(([text, href]) => `[${text}](${href})`),
);
const paragraph = fc.array(inline, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), words).map(([level, text]) => `${'#'.repeat(level)} ${text}`);
const list = fc
  .tuple(fc.constantFrom('-', '*', '1.'), fc.array(paragraph, { minLength: 1, maxLength: 4 }))
  .map(([marker, items]) => items.map((item, i) => `${marker === '1.' ? `${i + 1}.` : marker} ${item}`).join('\n'));
const quote = paragraph.map((text) => `> ${text}`);
const code = fc
  .tuple(fc.constantFrom('', 'js', 'ts', 'sh'), fc.array(words, { minLength: 1, maxLength: 3 }))
  .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``);
const table = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(word, { minLength: 3, maxLength: 9 })).map(([columns, cells]) => {
  const row = (offset: number) => `| ${Array.from({ length: columns }, (_, i) => cells[(offset + i) % cells.length]).join(' | ')} |`;
  return [row(0), `|${' --- |'.repeat(columns)}`, row(1), row(2)].join('\n');
});
/**
 * Blocks as a document. Two lists one after the other are one (loose) list
 * in Markdown, which the editor does not model: a paragraph goes between.
 */
const joined = (blocks: Array<[string, string]>) =>
  `${blocks.map(([kind, text], i) => (kind === 'list' && blocks[i - 1]?.[0] === 'list' ? `Then.\n\n${text}` : text)).join('\n\n')}\n`;
const tagged = (kind: string, arbitrary: fc.Arbitrary<string>) => arbitrary.map((text): [string, string] => [kind, text]);
const editable = [tagged('heading', heading), tagged('paragraph', paragraph), tagged('list', list), tagged('quote', quote), tagged('code', code)];
const documents = fc.array(fc.oneof(...editable, tagged('table', table)), { minLength: 1, maxLength: 8 }).map(joined);

describe('round trips of generated documents', () => {
  it('writes every generated document afresh to Markdown that renders the same, and saves it untouched byte for byte', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(documents, (markdown) => {
        const { saved, fresh } = loaded(markdown);
        expect(rendered(fresh())).toBe(rendered(markdown));
        expect(saved()).toBe(markdown);
      }),
      { numRuns: 100 },
    );
  });

  it('models every generated block but tables as editable (nothing plain is kept as written)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(...editable), { minLength: 1, maxLength: 8 }), (blocks) => {
        expect(kinds(joined(blocks)).filter((k) => k === 'kept')).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
