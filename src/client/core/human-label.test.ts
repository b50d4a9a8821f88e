import { describe, expect, it } from 'vitest';
import { humanLabel } from './human-label.ts';

describe('humanLabel', () => {
  it('turns a field key into the words an editor reads', () => {
    expect(humanLabel('summary')).toBe('Summary');
    expect(humanLabel('heroImage')).toBe('Hero image');
    expect(humanLabel('hero_image')).toBe('Hero image');
    expect(humanLabel('seo-title')).toBe('Seo title');
    expect(humanLabel('Title')).toBe('Title');
  });
});
