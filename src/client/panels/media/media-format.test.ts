import { describe, expect, it } from 'vitest';
import type { MediaAsset } from './media-api.ts';
import { acceptFor, assetFacts, assetName, eachLimited, formatBytes, keyOfUrl, kindLabel, kindOf, listStatus, referenceText } from './media-format.ts';

const asset = (over: Partial<MediaAsset>): MediaAsset => ({
  id: 1,
  url: '/media/ab.png',
  key: 'ab.png',
  type: 'image/png',
  bytes: 2048,
  width: 640,
  height: 480,
  alt: '',
  caption: '',
  createdAt: 0,
  ...over,
});

describe('media panel words', () => {
  it('sorts MIME types into the four kinds', () => {
    expect(['image/avif', 'video/webm', 'audio/ogg', 'application/pdf', 'application/zip', 'text'].map(kindOf)).toEqual([
      'image',
      'video',
      'audio',
      'pdf',
      null,
      null,
    ]);
    expect(['video/mp4', 'application/pdf', 'font/woff2'].map(kindLabel)).toEqual(['Video', 'PDF', 'File']);
  });

  it('offers only images in the picker when picking one', () => {
    expect(acceptFor('image')).not.toContain('video');
    expect(acceptFor(null)).toContain('application/pdf');
  });

  it('writes sizes as editors read them', () => {
    expect([0, 1023, 1024, 10_240, 250_000, 3_145_728, 104_857_600].map(formatBytes)).toEqual([
      '0 B',
      '1023 B',
      '1.0 KB',
      '10 KB',
      '244 KB',
      '3.0 MB',
      '100 MB',
    ]);
  });

  it('sums an asset up under its thumbnail', () => {
    expect(assetFacts(asset({ bytes: 250_000 }))).toBe('PNG · 640 × 480 · 244 KB');
    expect(assetFacts(asset({ type: 'audio/mpeg', width: null, height: null, bytes: 3_145_728 }))).toBe('MP3 · 3.0 MB');
    expect(assetFacts(asset({ type: 'application/pdf', width: null, height: null, bytes: 900 }))).toBe('PDF · 900 B');
  });

  it('names an asset by its alt text, caption or upload name, else its kind and date', () => {
    expect(assetName(asset({ alt: ' A red door ', caption: 'Front' }))).toBe('A red door');
    expect(assetName(asset({ caption: 'Front door' }), 'IMG_1.png')).toBe('Front door');
    expect(assetName(asset({}), 'IMG_1.png')).toBe('IMG_1.png');
    expect(assetName(asset({ alt: 'x'.repeat(80) }))).toBe(`${'x'.repeat(59)}…`);
    expect(assetName(asset({}))).toBe('Image without alt text');
    expect(assetName(asset({ type: 'video/mp4', createdAt: Date.UTC(2025, 10, 20, 12) }))).toMatch(/^Video, uploaded \S.*2025$/);
  });

  it('writes a reference as collection #id field', () => {
    expect(referenceText({ collection: 'pages', id: 3, field: 'hero' })).toBe('pages #3 hero');
  });

  it('finds the object key in a media URL', () => {
    expect(keyOfUrl('/media/ab12.png')).toBe('ab12.png');
    expect(keyOfUrl('https://cdn.example/media/site/a%20b.png?v=2#x')).toBe('a b.png');
    expect(keyOfUrl('/media/%E0%A4%A.png')).toBe('%E0%A4%A.png');
  });

  it('runs tasks at most `limit` at a time, each once, in order of start', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (n % 3)));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    await eachLimited([], 3, async () => {
      throw new Error('never called');
    });
  });
});

describe('the media panel’s status line', () => {
  const list = { count: 0, more: false, pick: false, query: '', unlisted: 0 };
  it('counts what the list shows, and says when Load more has more', () => {
    expect(listStatus({ ...list, count: 1, pick: true })).toBe('1 image shown.');
    expect(listStatus({ ...list, count: 24, more: true })).toBe('24 files shown: Load more shows more.');
  });

  it('says the library is empty only when nothing is listed and nothing was uploaded here', () => {
    expect(listStatus(list)).toBe('Nothing here yet: upload files with Upload files, or drop them on this panel.');
    expect(listStatus({ ...list, query: 'door' })).toBe('Nothing matches “door”.');
    // An upload the list does not show (not an image, in the picker; another type than the filter's) is not "nothing here yet".
    expect(listStatus({ ...list, pick: true, unlisted: 1 })).not.toMatch(/Nothing here yet/);
    expect(listStatus({ ...list, pick: true, unlisted: 1 })).toBe(
      'No images here: what you uploaded is not an image. Upload a JPEG, PNG, GIF, WebP or AVIF to use it.',
    );
    expect(listStatus({ ...list, unlisted: 2 })).toBe('Nothing of this type here: choose All files in Type to see what you uploaded.');
    // An uploaded image that is listed counts like any other.
    expect(listStatus({ ...list, count: 1, pick: true, unlisted: 1 })).toBe('1 image shown.');
  });
});
