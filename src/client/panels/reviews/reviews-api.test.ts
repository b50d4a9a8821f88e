import { describe, expect, it } from 'vitest';
import { reviewItem } from './reviews-api.ts';

const good = {
  id: 3,
  versionId: 9,
  collection: 'pages',
  key: '4',
  url: '/about',
  requestedBy: 'Wren',
  mine: false,
  note: 'hi',
  createdAt: 1,
  updatedAt: 2,
  changed: ['title'],
  live: { title: 'a' },
  proposed: { title: 'b' },
};

describe('reviewItem (untrusted JSON)', () => {
  it('reads a listed request', () => {
    expect(reviewItem(good)).toEqual(good);
  });

  it('links only a path on this site, and drops what is not a request', () => {
    for (const url of ['//evil.example/', 'https://evil.example/', 'javascript:alert(1)']) expect(reviewItem({ ...good, url })?.url).toBeNull();
    expect(reviewItem({ ...good, id: 'x' })).toBeNull();
    expect(reviewItem({ ...good, proposed: null })).toBeNull();
    expect(reviewItem(null)).toBeNull();
    expect(reviewItem({ ...good, changed: ['title', 4], requestedBy: 7 })).toMatchObject({ changed: ['title'], requestedBy: 'An editor' });
  });
});
