import { describe, expect, it } from 'vitest';
import { seedSettingsSql, sqlLiteral } from './seed.ts';

describe('sqlLiteral', () => {
  it.each([
    ['', "''"],
    ['plain', "'plain'"],
    ["it's", "'it''s'"],
    ['a\nb', "('a' || char(10) || 'b')"],
    ['a;b', "('a' || char(59) || 'b')"],
    ['\t', 'char(9)'],
    ['日本 🎉', "'日本 🎉'"],
    ['x\u2028', "('x' || char(8232))"],
  ])('%j → %s', (text, literal) => {
    expect(sqlLiteral(text)).toBe(literal);
  });
});

describe('seedSettingsSql', () => {
  it('is one INSERT ... ON CONFLICT DO NOTHING with every value normalized and quoted', () => {
    expect(seedSettingsSql({ siteName: "O'Neil\u0000", footerText: 'a\nb', custom: { k: 'v' } })).toBe(
      `INSERT INTO "site_settings" ("id", "site_name", "tagline", "footer_text", "custom", "updated_at") ` +
        `VALUES (1, 'O''Neil', '', ('a' || char(10) || 'b'), '{"k":"v"}', CAST(unixepoch('subsec') * 1000 AS INTEGER)) ON CONFLICT ("id") DO NOTHING;`,
    );
  });

  it('refuses defaults that fail their checks, naming them', () => {
    expect(() => seedSettingsSql({ tagline: 5 as never })).toThrow(/seedSettingsSql\(\): invalid defaults.\n {2}- defaults.tagline: must be text/);
    expect(() => seedSettingsSql({ custom: { link: 'javascript:alert(1)' } })).toThrow(/defaults.custom.link: must not start with javascript:/);
  });
});
