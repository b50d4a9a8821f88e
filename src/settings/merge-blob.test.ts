import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../content/field-rev.ts';
import { LouiseValidationError } from '../content/validation-error.ts';
import { mergeBlobPatch } from './merge-blob.ts';
import { refuse, type SettingSanitizer } from './setting-sanitizer.ts';
import { settingJson, settingText } from './setting-values.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const parsed = (text: string) => JSON.parse(text) as Record<string, unknown>;
const positive: SettingSanitizer = (value) => (typeof value === 'number' && value > 0 ? value : refuse('must be a positive number'));
const ALLOW = { title: settingText({ max: 20 }), theme: settingJson(), count: positive, gone: () => undefined };

describe('mergeBlobPatch', () => {
  it('merges only allowed keys, each through its sanitizer, and lists the rest', () => {
    const blob = deepFreeze({ title: 'Old', theme: { dark: false }, keep: 1, gone: 'x' });
    const result = mergeBlobPatch(blob, parsed('{"title":"New\\u0000","theme":{"dark":false},"other":1,"__proto__":{"polluted":true},"gone":1}'), ALLOW);
    expect(result.blob).toEqual({ title: 'New', theme: { dark: false }, keep: 1 });
    expect(result.ignored).toEqual(['other', '__proto__']);
    expect(result.changed).toEqual(['title', 'gone']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('throws one LouiseValidationError with every refusal, fields under their key, and merges nothing', () => {
    const blob = deepFreeze({ title: 'Old' });
    let error: unknown;
    try {
      mergeBlobPatch(blob, { title: 5, count: -1, theme: { url: 'javascript:alert(1)' } }, ALLOW);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LouiseValidationError);
    expect((error as LouiseValidationError).violations).toEqual([
      { field: 'title', message: 'must be text' },
      { field: 'count', message: 'must be a positive number' },
      { field: 'theme.url', message: expect.stringMatching(/javascript:/) },
    ]);
    expect(blob).toEqual({ title: 'Old' });
  });

  it('a sanitizer allowed as __proto__ sets an own key, never the prototype', () => {
    const allow = parsed('{"__proto__":0}') as unknown as Record<string, SettingSanitizer>;
    Object.defineProperty(allow, '__proto__', { value: settingJson(), enumerable: true });
    const result = mergeBlobPatch({}, parsed('{"__proto__":{"polluted":true}}'), allow);
    expect(Object.getPrototypeOf(result.blob)).toBe(Object.prototype);
    expect(Object.hasOwn(result.blob, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('property: inputs never change; only allowed keys move; changed is exactly the keys whose stored value differs', () => {
    const key = fc.constantFrom('title', 'theme', 'count', 'gone', 'other', '__proto__', 'constructor', 'toString');
    const blobArb = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }).map((o) => parsed(JSON.stringify(o)));
    const patchArb = fc
      .uniqueArray(fc.tuple(key, fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 25 }), fc.integer())), { selector: ([k]) => k, maxLength: 6 })
      .map((entries) => parsed(`{${entries.map(([k, value]) => `${JSON.stringify(k)}:${JSON.stringify(value)}`).join(',')}}`));
    fc.assert(
      fc.property(blobArb, patchArb, (rawBlob, rawPatch) => {
        const blob = deepFreeze(rawBlob);
        const patch = deepFreeze(rawPatch);
        const before = [canonicalJson(blob), canonicalJson(patch)];
        let result: ReturnType<typeof mergeBlobPatch>;
        try {
          result = mergeBlobPatch(blob, patch, ALLOW);
        } catch (error) {
          expect(error).toBeInstanceOf(LouiseValidationError);
          expect([canonicalJson(blob), canonicalJson(patch)]).toEqual(before);
          return;
        }
        expect([canonicalJson(blob), canonicalJson(patch)]).toEqual(before);
        for (const k of Object.keys(patch)) expect(result.ignored.includes(k)).toBe(!Object.hasOwn(ALLOW, k));
        const keys = new Set([...Object.keys(blob), ...Object.keys(result.blob)]);
        for (const k of keys) {
          const was = Object.hasOwn(blob, k) ? canonicalJson(blob[k]) : undefined;
          const now = Object.hasOwn(result.blob, k) ? canonicalJson(result.blob[k]) : undefined;
          if (!Object.hasOwn(ALLOW, k) || !Object.hasOwn(patch, k)) expect(now).toBe(was);
          expect(result.changed.includes(k)).toBe(now !== was);
        }
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
    );
  });
});
