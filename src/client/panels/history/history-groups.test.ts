import { describe, expect, it } from 'vitest';
import type { VersionItem } from '../../core/transport.ts';
import { fieldLabel, groupVersions } from './history-groups.ts';

const MIN = 60_000;
const v = (id: number, at: number | null, by: string | null, state: VersionItem['state'] = 'draft', changed: string[] = ['title']): VersionItem => ({
  id,
  at,
  by,
  state,
  changed,
  data: {},
});

describe('groupVersions', () => {
  it('makes one entry of a burst of saves by one person, newest first, with every field the burst changed', () => {
    const groups = groupVersions([
      v(15, 9 * MIN, 'Ada', 'draft', ['summary']),
      v(14, 8 * MIN, 'Ada', 'draft', ['title']),
      v(13, 4 * MIN, 'Ada', 'draft', ['title']),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ by: 'Ada', from: 4 * MIN, to: 9 * MIN, changed: ['summary', 'title'] });
    expect(groups[0]?.versions.map((item) => item.id)).toEqual([15, 14, 13]);
  });

  it('starts a new entry for another person, another state, a pause longer than the burst, or the live version', () => {
    const groups = groupVersions([
      v(9, 60 * MIN, 'Ada'),
      v(8, 59 * MIN, 'Bo'),
      v(7, 58 * MIN, 'Bo', 'live'),
      v(6, 57 * MIN, 'Bo', 'old'),
      v(5, 51 * MIN, 'Bo', 'old'),
      v(4, 50 * MIN, 'Bo', 'old'),
      v(3, null, 'Bo', 'old'),
    ]);
    expect(groups.map((group) => group.versions.map((item) => item.id))).toEqual([[9], [8], [7], [6], [5, 4], [3]]);
  });
});

describe('fieldLabel', () => {
  it('uses the page’s label, else makes the key readable', () => {
    expect(fieldLabel('summary', { summary: 'Short summary' })).toBe('Short summary');
    expect(fieldLabel('heroImage', {})).toBe('Hero image');
    expect(fieldLabel('meta_title', {})).toBe('Meta title');
  });
});
