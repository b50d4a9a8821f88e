import { describe, expect, it } from 'vitest';
import { vanishedRows } from './rows.ts';

interface Row {
  id: number;
  externalId: string;
  goneAt: string | null;
}

const rows: Row[] = [
  { id: 1, externalId: 'p1', goneAt: null },
  { id: 2, externalId: 'p2', goneAt: null },
  { id: 3, externalId: 'p3', goneAt: '2026-01-01' },
  { id: 4, externalId: '__proto__', goneAt: null },
];
const options = { externalId: (row: Row) => row.externalId, alreadyMarked: (row: Row) => row.goneAt !== null };

describe('vanishedRows', () => {
  it('returns the stored rows the read no longer lists, leaving out those marked already', () => {
    expect(vanishedRows(rows, new Set(['p1']), options).map((row) => row.id)).toEqual([2, 4]);
    expect(vanishedRows(rows, new Set(['p1', 'p2', '__proto__']), options)).toEqual([]);
    expect(vanishedRows([], new Set(['p1']), options)).toEqual([]);
  });

  it('refuses an empty read, which would mark every row gone', () => {
    expect(() => vanishedRows(rows, new Set(), options)).toThrow(RangeError);
    expect(() => vanishedRows(rows, new Set(), options)).toThrow(/saw no ids at all/);
  });
});
