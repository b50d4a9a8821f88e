import { describe, expect, it } from 'vitest';
import { mayEdit } from './field-access.ts';

describe('mayEdit', () => {
  it('lets an editor who may publish edit every field, live or drafts', () => {
    for (const live of [true, false]) for (const access of [undefined, 'edit', 'none']) expect(mayEdit({ live, access }, true)).toBe(true);
  });

  it('lets a writer edit fields saved as drafts', () => {
    expect(mayEdit({ live: false, access: undefined }, false)).toBe(true);
  });

  it('locks live fields for a writer unless the template opts them in with data-cms-access="edit"', () => {
    expect(mayEdit({ live: true, access: undefined }, false)).toBe(false);
    expect(mayEdit({ live: true, access: '' }, false)).toBe(false);
    expect(mayEdit({ live: true, access: 'Edit' }, false)).toBe(false);
    expect(mayEdit({ live: true, access: 'edit' }, false)).toBe(true);
  });
});
