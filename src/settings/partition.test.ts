import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partitionSettingsPatch } from './partition.ts';

const COLUMNS = ['siteName', 'tagline', 'footerText'] as const;
const CUSTOM = ['menu', 'social', 'logo'] as const;
const HOSTILE = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'id',
  'updatedAt',
  'custom',
  '$base',
  'site_name',
  'SiteName',
  'menu ',
  '',
];

/** A patch as a JSON body parses: every key, `__proto__` included, an own data property. */
function parsed(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  return JSON.parse(`{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`);
}

describe('partitionSettingsPatch', () => {
  it('splits columns, custom keys and everything else', () => {
    const patch = parsed([
      ['siteName', 'A'],
      ['menu', []],
      ['id', 2],
      ['__proto__', { polluted: true }],
      ['custom', { menu: 1 }],
      ['constructor', 'x'],
    ]);
    const result = partitionSettingsPatch(patch, COLUMNS, CUSTOM);
    expect(result.base).toEqual({ siteName: 'A' });
    expect(result.custom).toEqual({ menu: [] });
    expect(result.ignored).toEqual(['id', '__proto__', 'custom', 'constructor']);
    expect(Object.getPrototypeOf(result.base)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('counts a key listed both as a column and a custom key as a column', () => {
    expect(partitionSettingsPatch({ tagline: 't' }, COLUMNS, ['tagline'])).toEqual({ base: { tagline: 't' }, custom: {}, ignored: [] });
  });

  it('never puts a key listed in neither list in base or custom, and never mutates the patch', () => {
    const key = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...COLUMNS, ...CUSTOM, ...HOSTILE));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, fc.jsonValue({ maxDepth: 2 })), { selector: ([k]) => k, maxLength: 12 }), (entries) => {
        const patch = parsed(entries);
        const before = JSON.stringify(patch);
        const { base, custom, ignored } = partitionSettingsPatch(Object.freeze(patch), COLUMNS, CUSTOM);
        expect(JSON.stringify(patch)).toBe(before);
        for (const [k] of entries) {
          const column = (COLUMNS as readonly string[]).includes(k);
          const customKey = !column && (CUSTOM as readonly string[]).includes(k);
          expect(Object.hasOwn(base, k)).toBe(column);
          expect(Object.hasOwn(custom, k)).toBe(customKey);
          expect(ignored.includes(k)).toBe(!column && !customKey);
        }
        expect(Object.keys(base).every((k) => (COLUMNS as readonly string[]).includes(k))).toBe(true);
        expect(Object.keys(custom).every((k) => (CUSTOM as readonly string[]).includes(k))).toBe(true);
        expect(Object.getPrototypeOf(base)).toBe(Object.prototype);
        expect(Object.getPrototypeOf(custom)).toBe(Object.prototype);
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
    );
  });
});
