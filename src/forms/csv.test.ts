import { describe, expect, it } from 'vitest';
import { csvCell, csvHeader, csvRow } from './csv.ts';

describe('CSV export', () => {
  it('quotes cells holding quotes, commas and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('prefixes text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.test","x")')).toBe(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('writes numbers and booleans as data', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(2.5)).toBe('2.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
  });

  it('has the declared fields then createdAt, rows in the same order', () => {
    const fields = ['name', 'email', 'agree'];
    expect(csvHeader(fields)).toBe('name,email,agree,createdAt\r\n');
    const row = csvRow(fields, { id: 1, form: 'contact', data: { email: 'a@example.com', name: 'Ana', agree: true, old: 'gone' }, createdAt: 0, readAt: null });
    expect(row).toBe('Ana,a@example.com,true,1970-01-01T00:00:00.000Z\r\n');
    expect(csvRow(fields, { id: 2, form: 'contact', data: {}, createdAt: 0, readAt: null })).toBe(',,,1970-01-01T00:00:00.000Z\r\n');
  });
});
