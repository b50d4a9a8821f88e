import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { mediaBaseUrl, parseAssetPatch, parseMediaQuery, typeMatches } from './asset.ts';

const query = (search: string) => parseMediaQuery(new URL(`https://site.test/api/cms/media${search}`));
const refusal = (run: () => unknown): { status: number; code: string; extra: Record<string, unknown> } | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, code: error.code, extra: error.extra };
  }
};

describe('parseMediaQuery', () => {
  it('reads limit, cursor, type (kind or MIME) and q, with defaults', () => {
    expect(query('')).toEqual({ limit: 50, cursor: null, type: null, q: null });
    expect(query('?limit=100&cursor=abc&type=video&q=Sun')).toEqual({ limit: 100, cursor: 'abc', type: { kind: 'video' }, q: 'Sun' });
    expect(query('?type=image%2Fsvg%2Bxml').type).toEqual({ mime: 'image/svg+xml' });
  });
  it('answers 400 invalid_query for a limit out of 1..100, an unknown type, a q over 200 characters', () => {
    for (const bad of ['?limit=0', '?limit=101', '?limit=1.5', '?limit=-1', '?type=images', '?type=IMAGE/PNG', `?q=${'x'.repeat(201)}`])
      expect(
        refusal(() => query(bad)),
        bad,
      ).toMatchObject({ status: 400, code: 'invalid_query' });
  });
});

describe('typeMatches', () => {
  it('matches a kind or an exact MIME type', () => {
    expect(typeMatches({ kind: 'image' }, 'image/png')).toBe(true);
    expect(typeMatches({ kind: 'pdf' }, 'application/pdf')).toBe(true);
    expect(typeMatches({ kind: 'audio' }, 'video/mp4')).toBe(false);
    expect(typeMatches({ mime: 'image/png' }, 'image/png')).toBe(true);
    expect(typeMatches({ mime: 'image/png' }, 'image/jpeg')).toBe(false);
    expect(typeMatches(null, 'anything/else')).toBe(true);
  });
});

describe('parseAssetPatch', () => {
  it('takes alt and caption only, each one line of normalized text', () => {
    expect(parseAssetPatch({ alt: 'a\r\nb\u0000', caption: 'c\u2066d' })).toEqual({ alt: 'a b', caption: 'cd' });
    expect(parseAssetPatch({ caption: '' })).toEqual({ caption: '' });
  });
  it('names every other key in 400 unknown_field', () => {
    expect(refusal(() => parseAssetPatch({ alt: 'x', key: 'y' }))).toMatchObject({
      status: 400,
      code: 'unknown_field',
      extra: { fields: ['key'] },
    });
    expect(refusal(() => parseAssetPatch(JSON.parse('{"__proto__": "x"}')))).toMatchObject({ code: 'unknown_field', extra: { fields: ['__proto__'] } });
  });
  it('refuses text over its limit, non-text, and an empty patch', () => {
    expect(refusal(() => parseAssetPatch({ alt: 'a'.repeat(1001) }))).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(refusal(() => parseAssetPatch({ caption: 'c'.repeat(2001) }))).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(refusal(() => parseAssetPatch({ alt: null }))).toMatchObject({ status: 400, code: 'invalid_body' });
    expect(refusal(() => parseAssetPatch({}))).toMatchObject({ status: 400, code: 'empty_update' });
  });
});

describe('mediaBaseUrl', () => {
  it('is MEDIA_URL ending with a slash, /media/ by default', () => {
    expect(mediaBaseUrl({})).toBe('/media/');
    expect(mediaBaseUrl({ MEDIA_URL: 'https://cdn.example/m' })).toBe('https://cdn.example/m/');
    expect(mediaBaseUrl({ MEDIA_URL: '/files/' })).toBe('/files/');
  });
});
