import { describe, expect, it } from 'vitest';
import { saveBody } from './transport.ts';
import { kindOf, regionType } from './units.ts';

// kindOf and regionType read only the element's data-cms-type: an object with that dataset stands in for it here.
const marked = (type: string | undefined) => ({ dataset: type === undefined ? {} : { cmsType: type } }) as unknown as HTMLElement;

describe('a Markdown region (issue 32)', () => {
  it('is edited as Markdown and saved as a markdown region of an undeclared collection', () => {
    expect(kindOf(marked('markdown'))).toBe('markdown');
    expect(regionType({ declared: new Set(['pages']) }, 'blog', marked('markdown'))).toBe('markdown');
    // A declared collection's field is not a region: its schema types it.
    expect(regionType({ declared: new Set(['blog']) }, 'blog', marked('markdown'))).toBeUndefined();
  });

  it('saves its whole Markdown text typed markdown, as rich text regions save theirs', () => {
    const target = { collection: 'blog', key: 'first-post', field: 'body', marker: 'blog:first-post:body', live: false, region: 'markdown' as const };
    expect(JSON.parse(saveBody(target, '# Hello\n\nWorld.\n', 'r1'))).toEqual({
      body: '# Hello\n\nWorld.\n',
      $base: { body: 'r1' },
      $type: { body: 'markdown' },
    });
  });

  it('leaves the other types as they were', () => {
    expect([kindOf(marked('richtext')), kindOf(marked('image')), kindOf(marked(undefined))]).toEqual(['rich', 'image', 'plain']);
  });
});
