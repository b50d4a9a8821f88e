import { $getRoot, $isElementNode, createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $isImageNode, ImageNode, usableSrc } from './image-node.ts';
import { notAnImage } from './rich-image.ts';

// The HTML side (importDOM/exportDOM, spaces around an inline image) needs a
// DOM and is checked in Chromium; Lexical's JSON side (history, copy between
// editors) runs headless here.
const headless = () =>
  createEditor({
    nodes: [ImageNode],
    onError: (error) => {
      throw error;
    },
  });

const paragraph = (...children: unknown[]) => ({
  type: 'paragraph',
  version: 1,
  children,
  direction: null,
  format: '',
  indent: 0,
  textFormat: 0,
  textStyle: '',
});
const state = (...children: unknown[]) => JSON.stringify({ root: { type: 'root', version: 1, children, direction: null, format: '', indent: 0 } });
const image = (fields: Record<string, unknown>) => ({ type: 'image', version: 1, ...fields });

/** The image nodes' data after a JSON round trip through a headless editor, and the state's JSON. */
function images(json: string) {
  const parsed = headless().parseEditorState(json);
  return parsed.read(() => ({
    found: $getRoot()
      .getChildren()
      .flatMap((block) => ($isElementNode(block) ? block.getChildren() : []))
      .filter($isImageNode)
      .map((node) => node.getData()),
    json: parsed.toJSON(),
  }));
}

describe('ImageNode JSON', () => {
  it('round-trips src, alt, width, height and loading', () => {
    const data = { src: '/media/abc.png', alt: 'A red door', width: 640, height: 480, loading: 'lazy' };
    const { found, json } = images(state(paragraph(image(data))));
    expect(found).toEqual([data]);
    const again = images(JSON.stringify(json));
    expect(again.found).toEqual([data]);
    expect(again.json).toEqual(json);
  });

  it('reads untrusted JSON field by field: unusable src emptied, bad sizes and loading dropped', () => {
    const { found } = images(
      state(
        paragraph(
          image({ src: 'data:image/png;base64,AAAA', alt: 42, width: '640', height: -3, loading: 'auto' }),
          image({ src: 'javascript:alert(1)', width: 1.5, height: 1e9 }),
          image({}),
        ),
      ),
    );
    expect(found).toEqual([
      { src: '', alt: '', width: null, height: null, loading: '' },
      { src: '', alt: '', width: null, height: null, loading: '' },
      { src: '', alt: '', width: null, height: null, loading: '' },
    ]);
  });
});

describe('usableSrc', () => {
  it('takes http(s) and relative URLs, not data:, blob: or script URLs', () => {
    for (const ok of ['/media/a.png', 'https://media.example.com/a.png', 'HTTP://x/a.png', 'a.png', '../a.png', '//cdn.example.com/a.png'])
      expect(usableSrc(ok), ok).toBe(true);
    for (const bad of ['', 'data:image/png;base64,AAAA', 'blob:https://x/1', 'javascript:alert(1)', 'file:///etc/passwd'])
      expect(usableSrc(bad), bad).toBe(false);
  });
});

describe('notAnImage', () => {
  const file = (name: string, type: string) => new File(['x'], name, { type });

  it('lets the five image types through to the server (which checks the bytes)', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']) expect(notAnImage(file(`a.${type.slice(6)}`, type))).toBeNull();
  });

  it('refuses other files by name, saying what to paste instead', () => {
    expect(notAnImage(file('report.pdf', 'application/pdf'))).toBe(
      'report.pdf is not an image, so it cannot go into the text: paste or drop a JPEG, PNG, GIF, WebP or AVIF image.',
    );
    expect(notAnImage(file('clip.mp4', 'video/mp4'))).toMatch(/^clip\.mp4 is not an image/);
    expect(notAnImage(file('mystery', ''))).toMatch(/^mystery is not an image/);
    expect(notAnImage(file('logo.svg', 'image/svg+xml'))).toMatch(/^logo\.svg is an SVG image.*export it as PNG or WebP/);
  });
});
