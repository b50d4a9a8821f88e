import { diffLines } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editFrontmatter as editOrNull } from './frontmatter-edit.ts';

function editFrontmatter(yaml: string, changes: Record<string, unknown>): string {
  const result = editOrNull(yaml, changes);
  if (result === null) throw new Error('not a YAML mapping');
  return result;
}

/** The lines that differ between two texts: removed ones prefixed `-`, added ones `+`. */
function changedLines(before: string, after: string): string[] {
  return diffLines(before, after).flatMap((part) =>
    part.added || part.removed ? part.value.split(/(?<=\n)/).map((line) => `${part.added ? '+' : '-'}${line.replace(/\r?\n$/, '')}`) : [],
  );
}

// Written by hand, in ways `yaml` would not write it (spacing, sequence
// indentation, flow padding, comments), to catch any reformatting.
const SOURCE = `# The post's details
title: 'Hello: world'   # shown on the page
description: "A \\"quoted\\" line"
pubDate: 2024-01-05
updatedDate: 'Jul 02 2022'
heroImage:   ../../assets/blog-placeholder-1.jpg
tags:
- astro
- blog
authors: [ann, bob]
image:
    src: ./cover.jpg
    alt: A cover   # describe it

draft: false
`;

describe('editFrontmatter', () => {
  it('changes exactly the edited line, keeping comments, key order and every other quoting', () => {
    const result = editFrontmatter(SOURCE, { description: 'A new line' });
    expect(changedLines(SOURCE, result)).toEqual(['-description: "A \\"quoted\\" line"', '+description: "A new line"']);
  });

  it('keeps the quoting of the edited value too, and the comment on its line', () => {
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { title: 'Hi there' }))).toEqual([
      "-title: 'Hello: world'   # shown on the page",
      "+title: 'Hi there' # shown on the page",
    ]);
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { updatedDate: 'Aug 03 2023' }))).toEqual([
      "-updatedDate: 'Jul 02 2022'",
      "+updatedDate: 'Aug 03 2023'",
    ]);
  });

  it('a date stays an unquoted date, from a Date or a string', () => {
    const fromDate = editFrontmatter(SOURCE, { pubDate: new Date('2024-02-01T00:00:00Z') });
    expect(changedLines(SOURCE, fromDate)).toEqual(['-pubDate: 2024-01-05', '+pubDate: 2024-02-01']);
    expect(editFrontmatter(SOURCE, { pubDate: '2024-02-01' })).toBe(fromDate);
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { pubDate: new Date('2024-02-01T10:30:00Z') }))).toEqual([
      '-pubDate: 2024-01-05',
      '+pubDate: 2024-02-01T10:30:00.000Z',
    ]);
  });

  it('appends a new key and deletes a removed one, touching no other line', () => {
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { featured: true }))).toEqual(['+featured: true']);
    expect(editFrontmatter(SOURCE, { featured: true }).endsWith('draft: false\nfeatured: true\n')).toBe(true);
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { updatedDate: undefined }))).toEqual(["-updatedDate: 'Jul 02 2022'"]);
  });

  it('edits inside nested objects and arrays in the file’s own indentation', () => {
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { image: { src: './cover.jpg', alt: 'A new cover' } }))).toEqual([
      '-    alt: A cover   # describe it',
      '+    alt: A new cover # describe it',
    ]);
    const tagged = editFrontmatter(SOURCE, { tags: ['astro', 'blog', 'news'] });
    expect(changedLines(SOURCE, tagged)).toEqual(['+- news']);
    expect(parse(tagged).tags).toEqual(['astro', 'blog', 'news']);
    expect(changedLines(SOURCE, editFrontmatter(SOURCE, { authors: ['ann', 'cy'] }))).toEqual(['-authors: [ann, bob]', '+authors: [ann, cy]']);
  });

  it('quotes a new value that plain YAML would read as something else', () => {
    const result = editFrontmatter('title: Hello\ndraft: false\n', { title: 'true', draft: true });
    expect(parse(result)).toEqual({ title: 'true', draft: true });
  });

  it('keeps CRLF line endings and returns the text unchanged when nothing changes', () => {
    const crlf = SOURCE.replaceAll('\n', '\r\n');
    expect(editFrontmatter(crlf, { title: 'Hello: world' })).toBe(crlf);
    expect(editFrontmatter(crlf, { draft: true })).toBe(crlf.replace('draft: false', 'draft: true'));
  });

  it('refuses (null) a frontmatter that is not a YAML mapping', () => {
    expect(editOrNull('title: [unclosed\n', { title: 'x' })).toBeNull();
    expect(editOrNull('- a list\n', { title: 'x' })).toBeNull();
  });

  it('writes into an empty frontmatter', () => {
    expect(parse(editFrontmatter('', { title: 'New' }))).toEqual({ title: 'New' });
  });

  it('property: changing one key of a hand-written frontmatter changes exactly its line', () => {
    const quote = (style: number, v: string) => [v, `'${v}'`, `"${v}"`][style] as string;
    const entry = fc.record({
      word: fc.stringMatching(/^w[a-z]{0,7}$/),
      style: fc.nat(2),
      spaces: fc.constantFrom(' ', '  ', '\t'),
      comment: fc.constantFrom('', ' # note', '   #note'),
      before: fc.constantFrom('', '\n', '# a comment line\n'),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.nat(), (entries, pick) => {
        const line = (e: (typeof entries)[number], k: number, word = e.word) => `key${k}:${e.spaces}${quote(e.style, word)}${e.comment}`;
        const source = entries.map((e, k) => `${e.before}${line(e, k)}\n`).join('');
        const at = pick % entries.length;
        const target = entries[at] as (typeof entries)[number];
        const result = editFrontmatter(source, { [`key${at}`]: `${target.word}zz` });
        const changed = changedLines(source, result);
        expect(changed).toHaveLength(2);
        expect(changed[0]).toBe(`-${line(target, at)}`);
        expect(changed[1]?.startsWith(`+key${at}: ${quote(target.style, `${target.word}zz`)}`)).toBe(true);
        expect(parse(result)).toEqual(Object.fromEntries(entries.map((e, k) => [`key${k}`, k === at ? `${e.word}zz` : e.word])));
      }),
    );
  });
});
