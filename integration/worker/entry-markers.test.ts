import { describe, expect, it } from 'vitest';
import { decodeMarkdownSource } from '../../src/content/markdown-source.ts';
import { cmsEntry } from './entry-markers.ts';
import type { LouiseLocals } from './edit-mode.ts';

const locals = (editing: boolean): { locals: App.Locals } => ({
  locals: { louise: { editor: null, editing, revs: {}, invalid: {}, sections: {} } satisfies LouiseLocals } as App.Locals,
});

const BODY = `# First post\n\nÉté — “quoted” <b>raw</b> & emoji 🙂\n\n${'word '.repeat(20_000)}`;
const post = {
  id: 'first-post',
  collection: 'blog',
  data: { title: 'First post', description: 'About it', pubDate: new Date(0) },
  body: BODY,
  filePath: 'src/content/blog/first-post.md',
};

describe('cmsEntry', () => {
  it('marks the body as a Markdown region carrying the raw body and its file, for every viewer (the Worker strips both for visitors)', () => {
    for (const editing of [true, false]) {
      const attributes = cmsEntry(locals(editing), post, 'body');
      expect(Object.keys(attributes).sort()).toEqual(['data-cms-field', 'data-cms-source', 'data-cms-type']);
      expect(attributes).toMatchObject({ 'data-cms-field': 'blog:first-post:body', 'data-cms-type': 'markdown' });
      // Only base64: nothing an attribute must escape, which HTMLRewriter would read back escaped.
      expect(attributes['data-cms-source']).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(decodeMarkdownSource(attributes['data-cms-source'] ?? null)).toEqual({
        markdown: BODY,
        file: 'src/content/blog/first-post.md',
        data: { title: 'First post', description: 'About it', pubDate: '1970-01-01' },
      });
    }
  });

  it("carries the entry's frontmatter as JSON, for the Post details panel of prerendered pages too: a day as 2026-03-02, a time as its ISO string, what JSON cannot hold left out", () => {
    const data = {
      pubDate: new Date('2026-03-02T00:00:00Z'),
      updated: new Date('2026-03-02T10:30:00Z'),
      tags: ['a', 'b'],
      draft: false,
      rating: 4.5,
      cover: { src: '/x.jpg', width: 10 },
      big: 10n,
      fn: () => 1,
      gone: undefined,
    };
    const source = decodeMarkdownSource(cmsEntry(locals(true), { ...post, data }, 'body')['data-cms-source'] ?? null);
    expect(source?.data).toEqual({
      pubDate: '2026-03-02',
      updated: '2026-03-02T10:30:00.000Z',
      tags: ['a', 'b'],
      draft: false,
      rating: 4.5,
      cover: { src: '/x.jpg', width: 10 },
    });
  });

  it('marks a frontmatter key as a text region', () => {
    expect(cmsEntry(locals(true), post, 'title')).toEqual({ 'data-cms-field': 'blog:first-post:title' });
    expect(cmsEntry(locals(false), post, 'description')).toEqual({ 'data-cms-field': 'blog:first-post:description' });
    // @ts-expect-error: a key the entry's data does not have.
    expect(() => cmsEntry(locals(true), post, 'nope')).not.toThrow();
  });

  it('leaves out a file that is not a project-relative path, and refuses what cannot name a region', () => {
    for (const filePath of ['/etc/passwd', '../outside.md', 'src/../../x.md', 'C:\\x.md', '\\\\server\\x.md', 'a\u0000.md', '']) {
      const source = decodeMarkdownSource(cmsEntry(locals(true), { ...post, filePath }, 'body')['data-cms-source'] ?? null);
      expect(source, filePath).toEqual({ markdown: BODY, data: { title: 'First post', description: 'About it', pubDate: '1970-01-01' } });
    }
    expect(() => cmsEntry(locals(true), { ...post, body: undefined }, 'body')).toThrow(/has no Markdown body/);
    expect(() => cmsEntry(locals(true), { ...post, collection: 'bad name' }, 'title')).toThrow(TypeError);
    expect(() => cmsEntry(locals(true), { ...post, id: 'x'.repeat(201) }, 'title')).toThrow(TypeError);
    expect(() => cmsEntry(locals(true), { ...post, data: { 'has space': 1 } }, 'has space')).toThrow(TypeError);
    expect(() => cmsEntry(locals(true), { ...post, data: { constructor: 1 } }, 'constructor')).toThrow(TypeError);
  });
});
