import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_FIELD_LIMITS, jsonLimitProblem } from './json-limits.ts';

const nest = (levels: number, inner: unknown = 'x'): unknown => {
  let value = inner;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('jsonLimitProblem', () => {
  it('accepts ordinary content', () => {
    expect(jsonLimitProblem(['one', 'two'])).toBeNull();
    expect(jsonLimitProblem([{ type: 'hero', title: 'Hi', items: [{ n: 1, ok: true, x: null }] }])).toBeNull();
    expect(jsonLimitProblem(nest(JSON_FIELD_LIMITS.maxDepth))).toBeNull();
  });
  it('refuses values nested too deep, however deep, without recursing', () => {
    expect(jsonLimitProblem(nest(JSON_FIELD_LIMITS.maxDepth + 1))).toMatch(/nested deeper than 32/);
    expect(jsonLimitProblem(nest(200_000))).toMatch(/nested deeper/);
  });
  it('refuses too many members, values or characters', () => {
    expect(jsonLimitProblem(Array.from({ length: 1_001 }, () => 1))).toMatch(/more than 1000 entries/);
    expect(jsonLimitProblem(Array.from({ length: 30 }, () => Array.from({ length: 1_000 }, () => 0)))).toMatch(/more than 20000 values/);
    expect(jsonLimitProblem(['x'.repeat(600 * 1024)])).toMatch(/characters/);
    expect(jsonLimitProblem({ ['k'.repeat(600 * 1024)]: 1 })).toMatch(/characters/);
  });
  it('refuses what JSON cannot hold and __proto__ keys', () => {
    expect(jsonLimitProblem(JSON.parse('{"a":{"__proto__":{"polluted":true}}}'))).toMatch(/__proto__/);
    expect(jsonLimitProblem([Number.NaN])).toMatch(/number/);
    expect(jsonLimitProblem({ a: undefined })).toMatch(/undefined/);
    expect(jsonLimitProblem([() => 1])).toMatch(/function/);
    expect(jsonLimitProblem(undefined)).toMatch(/undefined/);
  });
  it('accepts every small JSON value (keys other than __proto__)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => jsonLimitProblem(JSON.parse(JSON.stringify(value).replaceAll('"__proto__"', '"p"'))) === null),
    );
  });
});
