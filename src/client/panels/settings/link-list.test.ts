import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRow, linkRows, linksText, linksValue, MAX_LINKS, moveRow, removeRow, updateRow } from './link-list.ts';

const rows = () =>
  linkRows([
    { label: 'Home', href: '/' },
    { label: 'Blog', href: '/blog' },
    { label: 'About', href: '/about' },
  ]);
const labels = (list: Array<{ label: string }>) => list.map((r) => r.label);

describe('the link list model', () => {
  it('reads stored links from untrusted JSON, each row with its own id', () => {
    const read = linkRows([{ label: 'Home', href: '/' }, null, 'x', { label: 3, href: '/x' }]);
    expect(read.map(({ label, href }) => ({ label, href }))).toEqual([
      { label: 'Home', href: '/' },
      { label: '', href: '/x' },
    ]);
    expect(new Set(read.map((r) => r.id)).size).toBe(2);
    expect(linkRows({ label: 'x' })).toEqual([]);
  });

  it('saves trimmed links and leaves out rows with neither label nor URL', () => {
    const list = updateRow(addRow(rows()), rows()[0]!.id, {});
    const added = list.at(-1)!;
    expect(linksValue(list)).toHaveLength(3);
    const typed = updateRow(list, added.id, { label: '  Shop ' });
    expect(linksValue(typed).at(-1)).toEqual({ label: 'Shop', href: '' });
    expect(linksValue(updateRow(typed, added.id, { label: ' ' }))).toHaveLength(3);
  });

  it('adds a blank row at the end, up to the limit', () => {
    const list = addRow(rows());
    expect(list).toHaveLength(4);
    expect(list.at(-1)).toMatchObject({ label: '', href: '' });
    let full = linkRows([]);
    for (let i = 0; i < MAX_LINKS + 5; i++) full = addRow(full);
    expect(full).toHaveLength(MAX_LINKS);
  });

  it('removes and updates by id without touching the input', () => {
    const list = rows();
    const before = structuredClone(list);
    expect(labels(removeRow(list, list[1]!.id))).toEqual(['Home', 'About']);
    expect(updateRow(list, list[2]!.id, { href: '/us' })[2]).toEqual({ ...list[2], href: '/us' });
    expect(list).toEqual(before);
  });

  it('moves a row up and down, stopping at either end', () => {
    const list = rows();
    const [home, blog, about] = list.map((r) => r.id) as [number, number, number];
    expect(labels(moveRow(list, blog, -1))).toEqual(['Blog', 'Home', 'About']);
    expect(labels(moveRow(list, blog, 1))).toEqual(['Home', 'About', 'Blog']);
    expect(labels(moveRow(list, home, -1))).toEqual(['Home', 'Blog', 'About']);
    expect(labels(moveRow(list, about, 1))).toEqual(['Home', 'Blog', 'About']);
    expect(labels(moveRow(list, 99_999, 1))).toEqual(['Home', 'Blog', 'About']);
  });

  it('keeps every row when moving (a permutation that keeps ids)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(), fc.integer({ min: -10, max: 10 }), (n, pick, by) => {
        const list = linkRows(Array.from({ length: n }, (_, i) => ({ label: `L${i}`, href: `/${i}` })));
        const moved = moveRow(list, list[pick % n]!.id, by);
        expect(moved.map((r) => r.id).sort()).toEqual(list.map((r) => r.id).sort());
        const to = Math.max(0, Math.min(n - 1, (pick % n) + by));
        expect(moved[to]).toEqual(list[pick % n]);
      }),
    );
  });

  it('words a links value for a conflict', () => {
    expect(
      linksText([
        { label: 'Home', href: '/' },
        { label: '', href: '/x' },
      ]),
    ).toBe('Home (/), (no label) (/x)');
    expect(linksText(null)).toBe('no links');
  });
});
