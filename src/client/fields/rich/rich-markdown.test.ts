import { describe, expect, it } from 'vitest';
import { fieldRules } from './field-rules.ts';
import { markdownTransformers } from './rich-markdown.ts';

describe('markdownTransformers', () => {
  it('gives a block field headings (its levels only), lists, quotes and the inline formats', () => {
    const transformers = markdownTransformers(fieldRules(false));
    const blocks = transformers.filter((t) => t.type === 'element').map((t) => ('regExp' in t ? t.regExp.source : ''));
    expect(blocks).toEqual(['^(#{1,6})\\s', '^(\\s*)[-*+]\\s', '^(\\s*)(\\d{1,})\\.\\s', '^>\\s']);
    const formats = transformers.flatMap((t) => (t.type === 'text-format' ? [t.tag] : []));
    expect(formats).toEqual(['`', '**', '*']);
  });

  it('gives a field that holds phrasing content only the inline formats and no block', () => {
    expect(markdownTransformers(fieldRules(true)).map((t) => t.type)).toEqual(['text-format', 'text-format', 'text-format']);
  });
});
