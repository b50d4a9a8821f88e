import { diffLines } from 'diff';
import { describe, expect, it } from 'vitest';
import { writeEditIntoFile } from './write-edit.ts';

function changedLines(before: string, after: string): string[] {
  return diffLines(before, after).flatMap((part) =>
    part.added || part.removed ? part.value.split(/(?<=\n)/).map((line) => `${part.added ? '+' : '-'}${line.replace(/\r?\n$/, '')}`) : [],
  );
}

const POST = `---
title: 'First post'  # the page's h1
pubDate: Jul 08 2022
tags:
- astro
---

Lorem *ipsum* dolor sit amet.

* one
* two

Setext heading
--------------

Final paragraph.
`;

describe('writeEditIntoFile', () => {
  it('writes a title and a one-word body edit as exactly those two lines', () => {
    const body = 'Lorem _ipsum_ dolor sit amen.\n\n- one\n- two\n\n## Setext heading\n\nFinal paragraph.\n';
    const result = writeEditIntoFile(POST, { data: { title: 'First post, edited' }, body });
    expect(changedLines(POST, result ?? '')).toEqual([
      "-title: 'First post'  # the page's h1",
      "+title: 'First post, edited' # the page's h1",
      '-Lorem *ipsum* dolor sit amet.',
      '+Lorem *ipsum* dolor sit amen.'.replace('*ipsum*', '_ipsum_'),
    ]);
  });

  it('leaves the file byte-identical when the edit says what the file says', () => {
    const body = 'Lorem _ipsum_ dolor sit amet.\n\n- one\n- two\n\n## Setext heading\n\nFinal paragraph.\n';
    expect(writeEditIntoFile(POST, { data: { title: 'First post', tags: ['astro'] }, body })).toBe(POST);
    expect(writeEditIntoFile(POST, {})).toBe(POST);
  });

  it('gives a file without frontmatter one when a value is set, and keeps a BOM', () => {
    expect(writeEditIntoFile('\uFEFF# Hi\n', { data: { title: 'Hi' } })).toBe('\uFEFF---\ntitle: Hi\n---\n# Hi\n');
    expect(writeEditIntoFile('# Hi\r\n', { data: { title: 'Hi' } })).toBe('---\r\ntitle: Hi\r\n---\r\n# Hi\r\n');
  });

  it('refuses (null) a file whose frontmatter is not a YAML mapping', () => {
    expect(writeEditIntoFile('---\n: [\n---\nbody\n', { data: { title: 'x' } })).toBeNull();
  });
});
