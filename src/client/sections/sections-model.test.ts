import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_ID } from '../../content/sections.ts';
import { blankBlock, blockFieldKey, blocksOf, copyBlock, fieldSummary, moveId, newBlockId, parseBlockField } from './sections-model.ts';

describe('parseBlockField', () => {
  it("reads a block field's marker: the list it belongs to, the field, and a list item", () => {
    expect(parseBlockField('pages:home:sections.2.heading')).toEqual({ list: 'pages:home:sections', name: 'heading', item: null });
    expect(parseBlockField('pages:7:sections.0.items.3')).toEqual({ list: 'pages:7:sections', name: 'items', item: 3 });
    // A key with colons (a slug path) still names one list.
    expect(parseBlockField('pages:a:b:sections.1.text')?.list).toBe('pages:a:b:sections');
  });

  it('is null for anything else: a plain field, a list item, a block without a field, a bad name', () => {
    for (const raw of [
      'pages:home:title',
      'pages:home:paragraphs.2',
      'pages:home:sections.2',
      'pages:home:sections.x.heading',
      'pages:home:sections.1.2bad',
      '',
    ])
      expect(parseBlockField(raw), raw).toBeNull();
  });
});

describe('block ids', () => {
  it('are what the server takes, never all digits, and do not repeat', () => {
    const ids = Array.from({ length: 500 }, newBlockId);
    for (const id of ids) expect(id).toMatch(BLOCK_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('address block fields, so a move never changes where a save goes', () => {
    expect(blockFieldKey('sections', 'bhero1', 'heading')).toBe('sections.bhero1.heading');
  });
});

describe('moveId', () => {
  it('moves one id by the given places, clamped to the ends, and keeps every id', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.integer({ min: -15, max: 15 }),
        (ids, pick, by) => {
          const id = ids[pick % ids.length] as string;
          const moved = moveId(ids, id, by);
          expect([...moved].sort()).toEqual([...ids].sort());
          expect(moved.indexOf(id)).toBe(Math.max(0, Math.min(ids.length - 1, ids.indexOf(id) + by)));
          expect(moved.filter((other) => other !== id)).toEqual(ids.filter((other) => other !== id));
        },
      ),
    );
  });

  it('gives an equal list for an id it does not know', () => {
    expect(moveId(['a', 'b'], 'z', 1)).toEqual(['a', 'b']);
  });
});

describe('new blocks', () => {
  const cta = {
    label: 'Call to action',
    fields: { heading: { type: 'text', label: 'Heading' } },
    blank: { heading: 'Heading', link: { href: '/contact', label: 'Go' } },
  };

  it("a blank block copies its type's blank fields (never shares them) under a fresh id", () => {
    const one = blankBlock('cta', cta);
    const two = blankBlock('cta', cta);
    expect(one).toMatchObject({ type: 'cta', heading: 'Heading', link: { href: '/contact', label: 'Go' } });
    expect(one.id).not.toBe(two.id);
    (one.link as { label: string }).label = 'changed';
    expect(cta.blank.link.label).toBe('Go');
  });

  it('a duplicate is a deep copy under a new id', () => {
    const block = { id: 'bsource', type: 'features', items: ['a', 'b'] };
    const copy = copyBlock(block);
    expect(copy).toEqual({ ...block, id: copy.id });
    expect(copy.id).not.toBe(block.id);
    (copy.items as string[]).push('c');
    expect(block.items).toEqual(['a', 'b']);
  });

  it('blocksOf keeps only blocks with an id and a type', () => {
    expect(blocksOf([{ id: 'bone', type: 'text' }, null, { type: 'text' }, { id: 'btwo' }, 'x'])).toEqual([{ id: 'bone', type: 'text' }]);
    expect(blocksOf({})).toEqual([]);
  });
});

describe('fieldSummary', () => {
  const note = (...labels: string[]) => ({
    label: 'Hero',
    blank: {},
    fields: Object.fromEntries(labels.map((label, i) => [`f${i}`, { type: 'text', label }])),
  });
  it("describes a type without a declared description by its fields' labels, in order", () => {
    expect(fieldSummary(note('Heading', 'Text', 'Button'))).toBe('Heading, Text and Button');
    expect(fieldSummary(note('Heading', 'Button'))).toBe('Heading and Button');
    expect(fieldSummary(note('Image'))).toBe('Image');
    expect(fieldSummary(note())).toBe('');
  });
});
