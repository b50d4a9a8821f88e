import { describe, expect, it } from 'vitest';
import { settingLabel } from './setting-label.ts';

describe('settingLabel', () => {
  it.each([
    ['footerText', 'Footer text'],
    ['siteName', 'Site name'],
    ['tagline', 'Tagline'],
    ['social_links', 'Social links'],
    ['heroImageURL', 'Hero image URL'],
    ['SEOTitle', 'SEO title'],
    ['_private', 'Private'],
    ['menu2', 'Menu2'],
  ])('%s → %s', (key, label) => {
    expect(settingLabel(key)).toBe(label);
  });
});
