import { diffLines } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockMeanings, spliceBody } from './body-splice.ts';

/** The lines that differ between two texts: removed ones prefixed `-`, added ones `+`. */
function changedLines(before: string, after: string): string[] {
  return diffLines(before, after).flatMap((part) =>
    part.added || part.removed ? part.value.split(/(?<=\n)/).map((line) => `${part.added ? '+' : '-'}${line.replace(/\r?\n$/, '')}`) : [],
  );
}

// A post as its author wrote it, and as the editor gives the same post back:
// every block spelled the editor's way (ATX headings, `-` bullets, `_emph_`,
// `**strong**`, one blank line between blocks, ``` fences, `---` breaks).
const ORIGINAL = [
  'Welcome\n=======',
  'This is *the* first paragraph,\nwrapped over two lines by its author.',
  '* one\n* two\n* three',
  'A __strong__ claim, with a [link](https://example.com "Title").',
  '~~~js\nconst a = 1;\n~~~',
  '***',
  '> A quote\n> that goes on.',
  'Last words.',
];
const REWRITTEN = [
  '# Welcome',
  'This is _the_ first paragraph,\nwrapped over two lines by its author.',
  '- one\n- two\n- three',
  'A **strong** claim, with a [link](https://example.com "Title").',
  '```js\nconst a = 1;\n```',
  '---',
  '> A quote\n> that goes on.',
  'Last words.',
];
const original = `${ORIGINAL.join('\n\n\n')}\n`;
const rewritten = (blocks: string[]) => `${blocks.join('\n\n')}\n`;

describe('spliceBody', () => {
  it('gives back the original bytes when the editor re-serialized an unchanged body', () => {
    expect(spliceBody(original, rewritten(REWRITTEN))).toBe(original);
  });

  it('a one-word edit in one paragraph changes exactly that paragraph’s lines', () => {
    const edited = REWRITTEN.with(3, 'A **strong** statement, with a [link](https://example.com "Title").');
    const result = spliceBody(original, rewritten(edited));
    expect(changedLines(original, result)).toEqual([
      '-A __strong__ claim, with a [link](https://example.com "Title").',
      '+A **strong** statement, with a [link](https://example.com "Title").',
    ]);
  });

  it('an item inserted into a bullet list adds one line, with the author’s bullet', () => {
    const result = spliceBody(original, rewritten(REWRITTEN.with(2, '- one\n- two\n- two and a half\n- three')));
    expect(changedLines(original, result)).toEqual(['+* two and a half']);
    expect(changedLines(original, spliceBody(original, rewritten(REWRITTEN.with(2, '- one\n- three'))))).toEqual(['-* two']);
  });

  it('takes the whole edited list when it changes kind (bullets to numbers)', () => {
    const result = spliceBody(original, rewritten(REWRITTEN.with(2, '1. one\n2. two\n3. three')));
    expect(changedLines(original, result)).toEqual(['-* one', '-* two', '-* three', '+1. one', '+2. two', '+3. three']);
  });

  it('deletes a paragraph with the blank lines before it', () => {
    const result = spliceBody(original, rewritten(REWRITTEN.toSpliced(1, 1)));
    expect(result).toBe(`${ORIGINAL.toSpliced(1, 1).join('\n\n\n')}\n`);
  });

  it('a moved block keeps its original bytes', () => {
    const moved = [...REWRITTEN.slice(1), REWRITTEN[0] as string];
    const result = spliceBody(original, rewritten(moved));
    expect(blockMeanings(result)).toEqual(blockMeanings(rewritten(moved)));
    expect(result).toContain('Welcome\n=======');
    expect(result.startsWith('This is *the* first paragraph,')).toBe(true);
  });

  it('keeps CRLF line endings, also in the blocks it takes from the edit', () => {
    const crlf = original.replaceAll('\n', '\r\n');
    expect(spliceBody(crlf, rewritten(REWRITTEN))).toBe(crlf);
    const result = spliceBody(crlf, rewritten(REWRITTEN.with(7, 'Last\nwords!')));
    expect(result).toBe(crlf.replace('Last words.', 'Last\r\nwords!'));
  });

  it('keeps what precedes the first block and follows the last (blank lines, no final newline)', () => {
    expect(spliceBody('\n\nHello *you*', 'Hello _you_\n')).toBe('\n\nHello *you*');
    expect(spliceBody('\n\nHello *you*', 'Hello _me_\n')).toBe('\n\nHello _me_');
  });

  it('takes the edit whole rather than join two blocks the edit keeps apart', () => {
    // Kept as written, the two `*` lists would become one once the paragraph between them is gone.
    const result = spliceBody('* b\n\nbetween\n\n* c\n', '- b\n\n* c\n');
    expect(blockMeanings(result)).toEqual(blockMeanings('- b\n\n* c\n'));
    expect(blockMeanings(result)).toHaveLength(2);
  });

  // Generated posts: each block in an author's spelling and the editor's.
  const BLOCKS: [string, (w: string) => [string, string]][] = [
    ['paragraph', (w) => [`Some *${w}* text\nover lines.`, `Some _${w}_ text\nover lines.`]],
    ['setext', (w) => [`Title ${w}\n---------`, `## Title ${w}`]],
    ['atx', (w) => [`### ${w} ###`, `### ${w}`]],
    ['list', (w) => [`+ ${w}\n+ **b**`, `- ${w}\n- **b**`]],
    ['ordered', (w) => [`1) ${w}\n2) b`, `1. ${w}\n2. b`]],
    ['fence', (w) => [`~~~~\n${w}\n~~~~`, `\`\`\`\n${w}\n\`\`\``]],
    ['quote', (w) => [`>${w}`, `> ${w}`]],
    ['table', (w) => [`a|b\n-|-\n${w}|2`, `| a | b |\n| - | - |\n| ${w} | 2 |`]],
    ['html', (w) => [`<div>${w}</div>`, `<div>${w}</div>`]],
  ];
  const word = fc.stringMatching(/^[a-z]{1,8}$/);
  const post = fc
    .array(fc.tuple(fc.nat(BLOCKS.length - 1), word, fc.constantFrom<string>('\n\n', '\n\n\n', '\n \n')), { minLength: 1, maxLength: 12 })
    // Two lists of the same kind side by side would read as one list: not the point here.
    .filter((blocks) => blocks.every(([kind], i) => i === 0 || kind !== blocks[i - 1]?.[0]));
  type Gen = [kind: number, word: string, gap: string];
  const spelled = (kind: number, w: string, style: 0 | 1) => (BLOCKS[kind] as (typeof BLOCKS)[number])[1](w)[style];
  /** The author's post: each block in the author's spelling (or the editor's, at `editorAt`), after its own gap. */
  const authorPost = (blocks: Gen[], editorAt = -1) =>
    `${blocks.map(([kind, w, gap], i) => (i === 0 ? '' : gap) + spelled(kind, w, i === editorAt ? 1 : 0)).join('')}\n`;
  /** The editor's serialization of a post: its spelling, one blank line between blocks. */
  const editorPost = (blocks: Gen[]) => `${blocks.map(([kind, w]) => spelled(kind, w, 1)).join('\n\n')}\n`;

  it('property: no edit gives the original bytes back', () => {
    fc.assert(
      fc.property(post, (blocks) => {
        expect(spliceBody(authorPost(blocks), editorPost(blocks))).toBe(authorPost(blocks));
      }),
    );
  });

  it('property: editing one block changes only that block, to the editor’s text', () => {
    fc.assert(
      fc.property(post, fc.nat(), (blocks, pick) => {
        const at = pick % blocks.length;
        const [kind, w, gap] = blocks[at] as Gen;
        const edited = blocks.with(at, [kind, `${w}zz`, gap]);
        const result = spliceBody(authorPost(blocks), editorPost(edited));
        // A bullet list is spliced item by item: the edited item keeps the author's bullet.
        const style = BLOCKS[kind]?.[0] === 'list' ? 0 : 1;
        expect(result).toBe(authorPost(edited, style === 1 ? at : -1));
        const changed = changedLines(authorPost(blocks), result);
        expect(changed.length).toBeGreaterThan(0);
        expect(changed.every((line) => (line[0] === '-' ? spelled(kind, w, 0) : spelled(kind, `${w}zz`, style)).split('\n').includes(line.slice(1)))).toBe(
          true,
        );
      }),
    );
  });
});
