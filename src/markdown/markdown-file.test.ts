import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinMarkdownFile, splitMarkdownFile } from './markdown-file.ts';

describe('splitMarkdownFile', () => {
  it('splits the YAML between the --- lines from the body, keeping the delimiters as written', () => {
    const file = splitMarkdownFile('---\ntitle: Hi\n---\n\n# Hi\n');
    expect(file).toEqual({ bom: '', frontmatter: { open: '---\n', yaml: 'title: Hi\n', close: '---\n' }, body: '\n# Hi\n' });
  });

  it('keeps CRLF line endings, a BOM and an empty frontmatter', () => {
    expect(splitMarkdownFile('\uFEFF---\r\na: 1\r\n---\r\nbody')).toEqual({
      bom: '\uFEFF',
      frontmatter: { open: '---\r\n', yaml: 'a: 1\r\n', close: '---\r\n' },
      body: 'body',
    });
    expect(splitMarkdownFile('---\n---\n').frontmatter).toEqual({ open: '---\n', yaml: '', close: '---\n' });
    expect(splitMarkdownFile('---\na: 1\n---').frontmatter).toEqual({ open: '---\n', yaml: 'a: 1\n', close: '---' });
  });

  it('has no frontmatter when the file does not open with --- or never closes it', () => {
    expect(splitMarkdownFile('# Title\n\n---\n')).toEqual({ bom: '', frontmatter: null, body: '# Title\n\n---\n' });
    expect(splitMarkdownFile('---\ntitle: x\n\nno end').frontmatter).toBeNull();
    expect(splitMarkdownFile('----\na\n---\n').frontmatter).toBeNull();
  });

  it('stops the frontmatter at the first closing line, not a later thematic break', () => {
    const file = splitMarkdownFile('---\na: 1\n---\ntext\n---\n');
    expect(file.frontmatter?.yaml).toBe('a: 1\n');
    expect(file.body).toBe('text\n---\n');
  });

  it('join(split(s)) is s for any string', () => {
    const piece = fc.constantFrom('---', '\n', '\r\n', '\r', '\uFEFF', 'a: 1', ' ', '#', '- x', '\t');
    const fileLike = fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fileLike), (s) => {
        expect(joinMarkdownFile(splitMarkdownFile(s))).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});
