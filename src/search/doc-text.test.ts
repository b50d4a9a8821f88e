import { describe, expect, it } from 'vitest';
import { defineCollection, textList } from '../content/collection.ts';
import { defineSections } from '../content/sections.ts';
import { docText, jsonLeaves, SEARCH_TEXT_MAX, searchTitleField } from './doc-text.ts';

const fields = {
  headline: { type: 'text' },
  title: { type: 'text' },
  body: { type: 'richtext' },
  paragraphs: { type: 'json', schema: textList },
  data: { type: 'json' },
  hero: { type: 'image' },
} as const;
const of = (search: { fields: readonly (keyof typeof fields)[]; title?: keyof typeof fields }) => defineCollection({ slug: 'docs', fields, search });

describe('searchTitleField', () => {
  it('search.title, else the field named title when listed, else the first listed field', () => {
    expect(searchTitleField(of({ fields: ['body', 'headline', 'title'], title: 'headline' }))).toBe('headline');
    expect(searchTitleField(of({ fields: ['body', 'title'] }))).toBe('title');
    expect(searchTitleField(of({ fields: ['headline', 'body'] }))).toBe('headline');
    expect(() => searchTitleField(defineCollection({ slug: 'x', fields }))).toThrow(/has no search config/);
  });
});

describe('docText', () => {
  it('title apart, every other listed field in order joined by a blank line, each as its text', () => {
    const config = of({ fields: ['body', 'title', 'paragraphs', 'hero', 'data'] });
    const text = docText(config, {
      title: 'Hello',
      body: '<h2>Fish &amp; chips</h2><p>a &lt; b<script>evil()</script></p>',
      paragraphs: ['one', 'two'],
      hero: { src: '/m/a.png', alt: 'A harbour at dawn', width: 10, height: 10 },
      data: { b: ['x', { deep: 'y' }], a: 'z', n: 5, t: true, nil: null },
      headline: 'not listed',
    });
    expect(text).toEqual({ title: 'Hello', body: 'Fish & chips a < b\n\none\ntwo\n\nA harbour at dawn\n\nx\ny\nz' });
  });

  it('skips values that do not fit their type, and empty fields', () => {
    const config = of({ fields: ['title', 'body', 'paragraphs', 'hero'] });
    expect(docText(config, { title: 5, body: null, paragraphs: 'nope', hero: { alt: 7 } })).toEqual({ title: '', body: 'nope' });
    expect(docText(config, {})).toEqual({ title: '', body: '' });
  });

  it('turns control characters (the snippet sentinels included) into spaces, keeping tab and newline', () => {
    const config = of({ fields: ['title', 'paragraphs'] });
    expect(docText(config, { title: 'a\u0002b\u0003c\u0000d', paragraphs: ['x\ty\r\nz\u001f'] })).toEqual({ title: 'a b c d', body: 'x\ty \nz ' });
  });

  it('normalizes like queries are read (NFKC): ligatures and full-width forms become plain letters', () => {
    const config = of({ fields: ['title', 'paragraphs'] });
    expect(docText(config, { title: 'ﬁnance ＡＢＣ', paragraphs: ['e\u0301'] })).toEqual({ title: 'finance ABC', body: 'é' });
  });

  it('cuts title and body at the cap, never leaving half a surrogate pair', () => {
    const config = of({ fields: ['title', 'paragraphs'] });
    const long = `${'a'.repeat(SEARCH_TEXT_MAX - 1)}😀tail`;
    const text = docText(config, { title: long, paragraphs: [long] });
    expect(text.title).toBe('a'.repeat(SEARCH_TEXT_MAX - 1));
    expect(text.body).toBe('a'.repeat(SEARCH_TEXT_MAX - 1));
  });
});

describe('jsonLeaves', () => {
  it('every string leaf, depth-first, keys and items in order', () => {
    expect(jsonLeaves({ z: 'first', a: [['second'], 'third', { k: 'fourth' }], n: 1 })).toEqual(['first', 'second', 'third', 'fourth']);
    expect(jsonLeaves('just')).toEqual(['just']);
    expect(jsonLeaves(null)).toEqual([]);
  });

  it('a value nested beyond 64 levels is read to that depth, without overflowing the stack', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonLeaves(['top', deep])).toEqual(['top']);
    let shallow: unknown = 'reached';
    for (let i = 0; i < 63; i++) shallow = [shallow];
    expect(jsonLeaves(shallow)).toEqual(['reached']);
  });
});

describe('sections', () => {
  it('are searched by their words only: text, rich text as text, list items, link labels, image alts; never ids, types or hrefs', () => {
    const home = defineSections({
      hero: { label: 'Hero', fields: { heading: { type: 'text' }, image: { type: 'image' } } },
      cta: { label: 'CTA', fields: { link: { type: 'link' }, notes: { type: 'list' }, body: { type: 'richtext' } } },
    });
    const config = defineCollection({ slug: 'home', fields: { title: { type: 'text' }, sections: home.field }, search: { fields: ['title', 'sections'] } });
    const sections = [
      { id: 'bhero001', type: 'hero', heading: 'Harbour tours', image: { src: '/media/secret-path.png', alt: 'Boats at dawn', width: null, height: null } },
      { id: 'bcta0001', type: 'cta', link: { href: 'https://hidden.example/book', label: 'Book now' }, notes: ['Daily', ''], body: '<p>Fish &amp; chips</p>' },
      { id: 'bodd0001', type: 'gallery', caption: 'not a declared type' },
    ];
    const { body } = docText(config, { title: 'Home', sections });
    expect(body).toBe('Harbour tours\nBoats at dawn\nBook now\nDaily\nFish & chips');
  });
});
