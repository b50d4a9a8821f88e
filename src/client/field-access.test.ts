import { describe, expect, it } from 'vitest';
import { mayEdit } from './field-access.ts';

describe('mayEdit', () => {
  it('lets an editor who may publish edit every field, live or versioned', () => {
    for (const versioned of [true, false]) for (const access of [undefined, 'edit', 'none']) expect(mayEdit({ versioned, access }, true)).toBe(true);
  });

  it('lets a writer edit versioned fields: their saves are drafts', () => {
    expect(mayEdit({ versioned: true, access: undefined }, false)).toBe(true);
  });

  it('locks live fields for a writer unless the template opts them in with data-cms-access="edit"', () => {
    expect(mayEdit({ versioned: false, access: undefined }, false)).toBe(false);
    expect(mayEdit({ versioned: false, access: '' }, false)).toBe(false);
    expect(mayEdit({ versioned: false, access: 'Edit' }, false)).toBe(false);
    expect(mayEdit({ versioned: false, access: 'edit' }, false)).toBe(true);
  });
});
