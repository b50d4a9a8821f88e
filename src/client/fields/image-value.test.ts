import { describe, expect, it } from 'vitest';
import { createBackup, type BackupStorage } from '../core/backup.ts';
import { fitSize, fromAsset, imageValue, readImage, swapImage, type ImageValue } from './image-value.ts';
import type { MediaAsset } from '../panels/media/media-api.ts';
import type { FieldEditor } from './plain-field.ts';
import { same } from '../core/same-value.ts';
import { saveBody } from '../core/transport.ts';
import { showValue, unitValue, type Part, type PartKind, type Unit } from '../core/units.ts';

const hero: ImageValue = { src: '/media/ab12.png', alt: 'A red door', width: 640, height: 480 };

/** An element stand-in: only the attributes readImage reads. */
const attributes = (attrs: Record<string, string>) => ({ getAttribute: (name: string) => attrs[name] ?? null, hasAttribute: (name: string) => name in attrs });

/** An editor that keeps what it is given, as the page's editors do. */
function keeper<T>(initial: T): FieldEditor<unknown> & { value: T } {
  return {
    value: initial,
    get() {
      return this.value;
    },
    set(value) {
      this.value = value as T;
    },
  };
}

function unit(parts: Array<{ kind: PartKind; index?: number | null; editor?: FieldEditor<unknown> }>): Unit {
  const target = { collection: 'pages', key: '3', field: 'hero', marker: 'pages:3:hero', live: false };
  return {
    id: 'pages:3:hero',
    target,
    label: 'hero',
    saves: 0,
    parts: parts.map(
      (part) => ({ el: {} as HTMLElement, index: part.index ?? null, kind: part.kind, ...(part.editor ? { editor: part.editor } : {}) }) as Part,
    ),
  };
}

describe('image values', () => {
  it('reads the value the page rendered from the img attributes, src as written', () => {
    expect(readImage(attributes({ src: '/media/ab12.png', alt: 'A red door', width: '640', height: '480' }))).toEqual(hero);
    expect(readImage(attributes({ src: 'https://cdn.example/x.jpg' }))).toEqual({ src: 'https://cdn.example/x.jpg', alt: '', width: null, height: null });
    expect(readImage(attributes({ src: '/a.png', width: 'auto', height: '-3' }))).toMatchObject({ width: null, height: null });
    expect(readImage(attributes({ alt: 'no picture' }))).toBeNull();
    expect(readImage(attributes({ src: '' }))).toBeNull();
    // cmsImage's placeholder for an empty field is not a value.
    expect(readImage(attributes({ src: 'data:image/svg+xml,x', 'data-cms-empty': '' }))).toBeNull();
  });

  it('narrows untrusted values: http(s) or root-relative src, text alt, positive whole sizes', () => {
    expect(imageValue(hero)).toEqual(hero);
    expect(imageValue({ src: 'http://x.test/a.png', alt: 5, width: 1.5, height: '480' })).toEqual({
      src: 'http://x.test/a.png',
      alt: '',
      width: null,
      height: 480,
    });
    for (const bad of [
      null,
      undefined,
      '',
      '/media/a.png',
      [],
      { alt: 'x' },
      { src: 'javascript:alert(1)' },
      { src: 'data:image/png;base64,AA' },
      { src: 'media/a.png' },
    ]) {
      expect(imageValue(bad)).toBeNull();
    }
  });

  it('takes an asset as the field value: url, alt and intrinsic size', () => {
    expect(
      fromAsset({
        id: 1,
        url: '/media/ab12.png',
        key: 'ab12.png',
        type: 'image/png',
        bytes: 9,
        width: 640,
        height: 480,
        alt: 'A red door',
        caption: 'c',
        createdAt: 1,
      }),
    ).toEqual(hero);
  });
});

describe('swapping the picture of an image field', () => {
  const asset = (over: Partial<MediaAsset> = {}): MediaAsset => ({
    id: 7,
    url: '/media/wide.png',
    key: 'wide.png',
    type: 'image/png',
    bytes: 9,
    width: 1440,
    height: 810,
    alt: '',
    caption: '',
    createdAt: 1,
    ...over,
  });
  const template: ImageValue = { src: '/media/old.jpg', alt: 'The team at the stand', width: 300, height: 300 };

  it('keeps the width the page rendered, and takes its height from the new picture (not its intrinsic 1440 x 810)', () => {
    expect(swapImage(template, asset())).toEqual({ src: '/media/wide.png', alt: 'The team at the stand', width: 300, height: 169 });
    expect(fitSize({ width: 300, height: null }, { width: 40, height: 30 })).toEqual({ width: 300, height: 225 });
    // Rounded, never 0.
    expect(fitSize({ width: 10, height: 10 }, { width: 1600, height: 900 })).toEqual({ width: 10, height: 6 });
    expect(fitSize({ width: 3, height: null }, { width: 4000, height: 10 })).toEqual({ width: 3, height: 1 });
  });

  it('keeps the rendered height when the page set only that, and the picture’s own size when the page set neither', () => {
    expect(fitSize({ width: null, height: 200 }, { width: 1440, height: 810 })).toEqual({ width: 356, height: 200 });
    expect(fitSize({ width: null, height: null }, { width: 1440, height: 810 })).toEqual({ width: 1440, height: 810 });
    expect(fitSize(null, { width: 1440, height: 810 })).toEqual({ width: 1440, height: 810 });
    expect(swapImage(null, asset())).toMatchObject({ width: 1440, height: 810 });
  });

  it('of a picture whose size is unknown keeps the page’s width and lets the browser size the height', () => {
    expect(fitSize({ width: 300, height: 300 }, { width: null, height: null })).toEqual({ width: 300, height: null });
    expect(fitSize({ width: null, height: 200 }, { width: 640, height: null })).toEqual({ width: null, height: 200 });
  });

  it('fits into the frame it is given (the last image the field showed, after a Remove)', () => {
    expect(swapImage(null, asset(), { width: 300, height: 300 })).toMatchObject({ width: 300, height: 169 });
  });

  it('carries the page’s alt text over when the library has none for the new picture; the library’s own alt wins when it has one', () => {
    expect(swapImage(template, asset({ alt: '' })).alt).toBe('The team at the stand');
    expect(swapImage(template, asset({ alt: '   ' })).alt).toBe('The team at the stand');
    expect(swapImage(template, asset({ alt: 'A wide shot of the stand' })).alt).toBe('A wide shot of the stand');
    // An alt the editor cleared stays cleared.
    expect(swapImage({ ...template, alt: '' }, asset()).alt).toBe('');
    expect(swapImage(null, asset()).alt).toBe('');
  });
});

describe('units with image parts', () => {
  it('reads an image field as its object (null for no image), and a list of images in index order', () => {
    expect(unitValue(unit([{ kind: 'image', editor: keeper(hero) }]))).toEqual(hero);
    expect(unitValue(unit([{ kind: 'image', editor: keeper(null) }]))).toBeNull();
    expect(unitValue(unit([{ kind: 'image' }]))).toBeNull();
    expect(unitValue(unit([{ kind: 'plain' }]))).toBe('');
    const second = { ...hero, src: '/media/cd34.png' };
    expect(
      unitValue(
        unit([
          { kind: 'image', index: 1, editor: keeper(second) },
          { kind: 'image', index: 0, editor: keeper(hero) },
        ]),
      ),
    ).toEqual([hero, second]);
  });

  it('shows a value in each editor narrowed to its kind: objects for images, text for text', () => {
    const image = keeper<unknown>(null);
    showValue(unit([{ kind: 'image', editor: image }]), { ...hero, extra: 'dropped' });
    expect(image.value).toEqual(hero);
    showValue(unit([{ kind: 'image', editor: image }]), 'not an image');
    expect(image.value).toBeNull();
    const text = keeper<unknown>('');
    showValue(unit([{ kind: 'plain', editor: text }]), null);
    expect(text.value).toBe('');
    showValue(unit([{ kind: 'rich', editor: text }]), 42);
    expect(text.value).toBe('42');
    const items = [keeper<unknown>(null), keeper<unknown>(null)];
    showValue(
      unit([
        { kind: 'image', index: 0, editor: items[0]! },
        { kind: 'image', index: 1, editor: items[1]! },
      ]),
      [hero, null],
    );
    expect(items.map((item) => item.value)).toEqual([hero, null]);
  });

  it('compares image values key by key in any order, so a conflict that ends at the same image needs no choice', () => {
    const reordered = { height: 480, width: 640, alt: 'A red door', src: '/media/ab12.png' };
    expect(same(hero, reordered)).toBe(true);
    expect(same(hero, { ...hero, alt: 'A blue door' })).toBe(false);
    expect(same(hero, { ...hero, width: null })).toBe(false);
    expect(same(hero, null)).toBe(false);
    expect(same(null, null)).toBe(true);
    expect(same([hero], [reordered])).toBe(true);
    expect(same([hero], { 0: hero })).toBe(false);
    expect(same(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(same({ a: 1 }, { b: 1 })).toBe(false);
  });

  it('keeps an unsaved image value in the backup and reads it back whole', () => {
    const items = new Map<string, string>();
    const storage: BackupStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
    const backup = createBackup(storage, () => 1_000);
    backup.keep('pages:3:hero', hero);
    expect(imageValue(backup.read('pages:3:hero')?.value)).toEqual(hero);
    backup.keep('pages:3:hero', null);
    expect(backup.read('pages:3:hero')).toEqual({ value: null, at: 1_000 });
  });

  it('saves an image value like any field: a draft with its base, an overlay region typed image, a live write by marker', () => {
    const draft = { collection: 'pages', key: '3', field: 'hero', marker: 'pages:3:hero', live: false };
    expect(JSON.parse(saveBody(draft, hero, 'r1'))).toEqual({ hero, $base: { hero: 'r1' } });
    expect(JSON.parse(saveBody({ ...draft, collection: 'layout', region: 'image' }, null, null))).toEqual({ hero: null, $type: { hero: 'image' } });
    expect(JSON.parse(saveBody({ ...draft, live: true }, hero, null))).toEqual({ field: 'pages:3:hero', value: hero });
  });
});
