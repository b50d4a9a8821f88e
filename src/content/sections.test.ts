import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '../security/sanitize-rich.ts';
import { defineCollection } from './collection.ts';
import { requiredViolations } from './field-values.ts';
import { prepareFields } from './prepare-fields.ts';
import { BLOCK_ID, defineSections, newBlockId, type BlockType, type SectionOf } from './sections.ts';
import { LouiseValidationError, type Violation } from './validation-error.ts';

const TYPES = {
  hero: { label: 'Hero', fields: { heading: { type: 'text', required: true }, image: { type: 'image' } } },
  text: { label: 'Text', fields: { body: { type: 'richtext' } } },
  cta: { label: 'Call to action', fields: { link: { type: 'link', required: true } } },
  faq: { label: 'FAQ', fields: { questions: { type: 'list', max: 5 } } },
} as const satisfies Record<string, BlockType>;
const home = defineSections(TYPES);
type Section = SectionOf<typeof home>;
const FIELDS = defineCollection({ slug: 'pages', fields: { title: { type: 'text' }, sections: home.field } }).fields;
const sanitize = (html: string) => sanitizeRichHtml(html);

const violationsOf = (value: unknown): Violation[] => {
  try {
    home.assertValidSections(value);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(LouiseValidationError);
    return [...(error as LouiseValidationError).violations];
  }
};

const id = fc.stringMatching(BLOCK_ID);
const text = fc.string({ maxLength: 40 });
const href = fc.constantFrom('/', '/about', '#faq', 'https://example.com/x', 'mailto:a@example.com', 'tel:+441234');
const image = fc.option(
  fc.record({ src: fc.constantFrom('/media/a.png', 'https://cdn.example/b.jpg'), alt: text, width: fc.constant(null), height: fc.constant(null) }),
);
const block = fc.oneof(
  fc.record({ id, type: fc.constant('hero' as const), heading: text, image }),
  fc.record({ id, type: fc.constant('text' as const), body: text }),
  fc.record({ id, type: fc.constant('cta' as const), link: fc.record({ href, label: text }) }),
  fc.record({ id, type: fc.constant('faq' as const), questions: fc.array(text, { maxLength: 5 }) }),
);
const sections = fc.uniqueArray(block, { selector: (b) => b.id, maxLength: 8 });
/** A valid list with at least one block, and the index of one of them. */
const withTarget = sections.filter((list) => list.length > 0).chain((list) => fc.tuple(fc.constant(list), fc.nat(list.length - 1)));

describe('defineSections', () => {
  it('refuses bad type names, field names and field types, naming each', () => {
    expect(() =>
      defineSections({
        Hero: { label: 'x', fields: {} },
        ok: { label: '', fields: { id: { type: 'text' }, toString: { type: 'text' }, 'a-b': { type: 'text' }, n: { type: 'number' as 'text' } } },
      }),
    ).toThrow(/Hero[\s\S]*label must be[\s\S]*ok\.id[\s\S]*ok\.toString[\s\S]*ok\.a-b[\s\S]*ok\.n: type must be/);
    expect(() => defineSections({})).toThrow(/non-empty/);
  });
  it('takes an optional description and preview for the picker, and refuses a bad one, naming it', () => {
    const fields = { heading: { type: 'text' as const } };
    const ok = defineSections({
      hero: { label: 'Hero', description: 'A big heading.', preview: '/previews/hero.png', fields },
      cta: { label: 'CTA', preview: 'https://cdn.example/cta.png', fields },
    });
    expect(ok.types.hero.description).toBe('A big heading.');
    for (const [bad, message] of [
      [{ description: '' }, /hero: description must be non-empty text/],
      [{ description: 'x'.repeat(201) }, /hero: description must be non-empty text of at most 200/],
      [{ preview: 'javascript:alert(1)' }, /hero: preview must be a site path/],
      [{ preview: '//evil.example/x.png' }, /hero: preview must be a site path/],
      [{ preview: 'http://cdn.example/x.png' }, /hero: preview must be a site path/],
      [{ preview: '/a.png" onerror="x' }, /hero: preview must be a site path/],
      [{ preview: 3 }, /hero: preview must be a site path/],
    ] as const)
      expect(() => defineSections({ hero: { label: 'Hero', fields, ...(bad as object) } })).toThrow(message);
  });
  it('blank() fills every declared field with its default and a fresh id', () => {
    const hero = home.blank('hero');
    expect(hero).toEqual({ id: hero.id, type: 'hero', heading: '', image: null });
    expect(hero.id).toMatch(BLOCK_ID);
    expect(home.blank('cta', 'bcta0001')).toEqual({ id: 'bcta0001', type: 'cta', link: { href: '/', label: 'Link' } });
    expect(violationsOf(Object.keys(home.types).map((type) => home.blank(type as keyof typeof home.types)))).toEqual([]);
    expect(new Set(Array.from({ length: 50 }, newBlockId)).size).toBe(50);
  });
  it('gives a collection field whose schema is a list, so its column defaults to []', () => {
    expect(home.field.sections).toBe(home);
    expect((home.field.schema as { type?: string }).type).toBe('array');
  });
});

describe('assertValidSections', () => {
  it('accepts every valid list', () => {
    fc.assert(fc.property(sections, (list) => violationsOf(list).length === 0));
  });

  const mutations: [string, (b: Record<string, unknown>) => unknown, string | RegExp][] = [
    ['unknown type', (b) => Object.assign(b, { type: 'gallery' }), 'type'],
    ['unknown key', (b) => Object.assign(b, { extra: 'x' }), 'extra'],
    ['missing key', (b) => Reflect.deleteProperty(b, Object.keys(b)[2] as string), /^(heading|body|link|questions)$/],
    ['bad id', (b) => Object.assign(b, { id: '1234' }), 'id'],
    ['wrong value type', (b) => Object.assign(b, { [Object.keys(b)[2] as string]: 42 }), /^(heading|body|link|questions)$/],
  ];
  for (const [name, mutate, key] of mutations) {
    it(`refuses a block with ${name}, addressed <field>.<index>.<key>`, () => {
      fc.assert(
        fc.property(withTarget, ([list, index]) => {
          const copy = list.map((b) => ({ ...b })) as Record<string, unknown>[];
          mutate(copy[index] as Record<string, unknown>);
          const found = violationsOf(copy);
          expect(found.length).toBeGreaterThan(0);
          for (const violation of found) {
            const [field, at, rest] = violation.field.split('.');
            expect([field, at]).toEqual(['sections', String(index)]);
            expect(rest).toMatch(key);
          }
        }),
      );
    });
  }

  it('refuses a duplicate id at the later block, and more than max blocks', () => {
    const a = home.blank('text', 'baaa0001');
    expect(violationsOf([a, home.blank('hero', 'bbbb0001'), { ...a }])).toEqual([{ field: 'sections.2.id', message: 'is the id of an earlier block' }]);
    const few = defineSections({ t: { label: 'T', fields: {} } }, { max: 2 });
    expect(() => few.assertValidSections([few.blank('t'), few.blank('t'), few.blank('t')], 'blocks')).toThrow(/blocks: holds at most 2 blocks/);
    expect(violationsOf({})).toEqual([{ field: 'sections', message: 'must be a list of blocks' }]);
  });

  it('refuses hostile link hrefs, whatever the label', () => {
    const hostile = fc.constantFrom(
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>x</script>',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil',
      'vbscript:x',
      '&#x6A;avascript:x',
    );
    fc.assert(
      fc.property(withTarget, hostile, text, ([list, index], bad, label) => {
        const copy: Record<string, unknown>[] = [...list];
        copy[index] = { id: list[index]?.id, type: 'cta', link: { href: bad, label } };
        expect(violationsOf(copy)).toEqual([{ field: `sections.${index}.link.href`, message: 'must be a path, #anchor, http(s), mailto or tel link' }]);
      }),
    );
  });

  it('refuses hostile JSON: prototype keys, deep nesting, huge values', () => {
    const proto = JSON.parse('[{"id":"bproto01","type":"text","body":"x","__proto__":{"polluted":true}}]');
    expect(violationsOf(proto)[0]?.message).toMatch(/__proto__/);
    let deep: unknown = 'x';
    for (let i = 0; i < 5_000; i++) deep = [deep];
    expect(violationsOf([{ id: 'bdeep001', type: 'text', body: deep }])[0]).toEqual({ field: 'sections', message: 'is nested deeper than 32 levels' });
    expect(violationsOf(Array.from({ length: 5_000 }, (_, i) => ({ id: `b${i}xxx`, type: 'text', body: '' })))[0]?.field).toBe('sections');
    expect(violationsOf([{ id: 'bhuge001', type: 'text', body: 'x'.repeat(600_000) }])[0]?.message).toMatch(/characters/);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('the write path (prepareFields)', () => {
  it('neutralizes script and event handlers inside rich text blocks, and normalizes one-line text', () => {
    const sent: Section[] = [
      { id: 'btext001', type: 'text', body: '<p onclick="x()">Hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p>' },
      { id: 'bhero001', type: 'hero', heading: 'Line\r\nbreak\u202e', image: null },
      { id: 'bcta0001', type: 'cta', link: { href: '/about', label: 'Go\nnow' } },
      { id: 'bfaq0001', type: 'faq', questions: ['Why?\u2028Because'] },
    ];
    const { data, violations } = prepareFields({ sections: sent }, FIELDS, sanitize);
    expect(violations).toEqual([]);
    const [textBlock, hero, cta, faq] = data.sections as Record<string, unknown>[];
    expect(String(textBlock?.body)).not.toMatch(/script|onerror|onclick|alert/);
    expect(String(textBlock?.body)).toContain('Hi');
    expect(hero?.heading).toBe('Line break');
    expect(cta?.link).toEqual({ href: '/about', label: 'Go now' });
    expect(faq?.questions).toEqual(['Why? Because']);
  });
  it('sanitizing is stable: a prepared list prepares to itself', () => {
    fc.assert(
      fc.property(sections, (list) => {
        const once = prepareFields({ sections: list }, FIELDS, sanitize).data;
        expect(prepareFields(once, FIELDS, sanitize).data).toEqual(once);
      }),
    );
  });
  it('answers every problem of a bad list as its own path-addressed violation, storing nothing', () => {
    const bad = [
      { id: 'bx', type: 'hero', heading: 1, image: null },
      { id: 'bcta0001', type: 'cta', link: { href: 'javascript:x', label: 'x' } },
    ];
    const { data, violations } = prepareFields({ sections: bad, title: 'ok' }, FIELDS, sanitize);
    expect(data).toEqual({ title: 'ok' });
    expect(violations.map((v) => v.field)).toEqual(['sections.0.id', 'sections.0.heading', 'sections.1.link.href']);
  });
  it('publish checks required block fields, addressed by block', () => {
    const list = [home.blank('hero', 'bhero001'), home.blank('cta', 'bcta0001'), home.blank('faq', 'bfaq0001')];
    (list[1] as { link: { label: string } }).link.label = ' ';
    expect(requiredViolations({ sections: list }, FIELDS)).toEqual([
      { field: 'sections.0.heading', message: 'is required' },
      { field: 'sections.1.link', message: 'is required' },
    ]);
  });
});
