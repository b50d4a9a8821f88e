import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { listPage, parseId, parseListQuery } from './list-query.ts';

describe('parseListQuery', () => {
  it('defaults to 50, accepts 1..200 and a numeric cursor, refuses anything else with 400', () => {
    expect(parseListQuery(new URL('https://x/p'))).toEqual({ limit: 50, cursor: null });
    expect(parseListQuery(new URL('https://x/p?limit=200&cursor=17'))).toEqual({ limit: 200, cursor: 17 });
    for (const q of ['limit=0', 'limit=201', 'limit=1.5', 'limit=', 'cursor=abc', 'cursor=0', 'cursor=-2']) {
      expect(() => parseListQuery(new URL(`https://x/p?${q}`)), q).toThrow(HttpError);
    }
  });
  it('listPage cuts a limit+1 fetch and gives the cursor only when more exist', () => {
    expect(listPage([{ id: 9 }, { id: 7 }, { id: 3 }], 2)).toEqual({ items: [{ id: 9 }, { id: 7 }], nextCursor: '7' });
    expect(listPage([{ id: 9 }], 2)).toEqual({ items: [{ id: 9 }], nextCursor: null });
  });
  it('parseId takes positive integers only', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of [undefined, '0', '-1', '1e3', '01', 'x', '99999999999999999']) expect(parseId(bad), String(bad)).toBeNull();
  });
});
