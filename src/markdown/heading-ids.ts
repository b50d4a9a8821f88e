import GithubSlugger from 'github-slugger';
import type { Options } from 'micromark';

/** micromark's types, through its own export (micromark-util-types is not a dependency of ours). */
export type HtmlExtension = NonNullable<Options['htmlExtensions']>[number];
type Handles = NonNullable<HtmlExtension['enter']>;
type Handle = NonNullable<Handles['data']>;
export type Context = ThisParameterType<Handle>;
export type Token = Parameters<Handle>[0];

// Marks where a raw HTML tag stood in a heading's buffered body. micromark
// replaces NUL in its input with U+FFFD, so no Markdown can write one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the marker precisely because Markdown cannot contain it.
const RAW = /\u0000(\d+)\u0000/g;
// micromark's own tags encode `<`, `>`, `&` and `"` in attribute values, so no `>` hides inside one.
const TAG = /<[^>]*>/g;
const ENTITY: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * A micromark HTML extension giving every Markdown heading the id Astro's
 * Markdown gives it. Astro 7 (node_modules/@astrojs/markdown-satteri/dist/satteri-processor.js,
 * `createHeadingIdsPlugin`) runs one `github-slugger` per document over each
 * heading's text content in document order (so a repeat gets `-1`, `-2`), the
 * text of raw HTML inside it included and the tags (and an image's alt) left out.
 * A raw HTML heading (`<h2 id="x">`) is not Markdown and is left as written.
 * Make one per document: the slugger remembers the ids it gave.
 */
export function headingIds(): HtmlExtension {
  const slugger = new GithubSlugger();
  let rank = 0;
  // The raw HTML tags of the heading being buffered, or undefined outside a heading.
  let raws: string[] | undefined;

  function open(this: Context): undefined {
    this.buffer();
    raws = [];
    rank = 0;
  }

  function close(this: Context): undefined {
    const body = this.resume();
    const tags = raws ?? [];
    raws = undefined;
    const text = body
      .replace(RAW, '')
      .replace(TAG, '')
      .replace(/&(?:amp|lt|gt|quot);/g, (entity: string) => ENTITY[entity] ?? entity);
    this.lineEndingIfNeeded();
    this.tag(`<h${rank} id="${this.encode(slugger.slug(text))}">`);
    this.raw(body.replace(RAW, (_: string, index: string) => tags[Number(index)] ?? ''));
    this.tag(`</h${rank}>`);
  }

  return {
    enter: {
      atxHeading: open,
      setextHeading(this: Context) {
        open.call(this);
        // As micromark's own handler: drop the line endings between the text and the underline.
        this.setData('slurpAllLineEndings');
      },
      htmlText(this: Context) {
        this.setData('ignoreEncode', true);
        if (raws) this.buffer();
      },
    },
    exit: {
      atxHeadingSequence(token) {
        // The closing sequence (`## Title ##`) does not change the rank.
        if (rank === 0) rank = this.sliceSerialize(token).length;
      },
      atxHeading: close,
      setextHeadingLineSequence(token) {
        rank = this.sliceSerialize(token).startsWith('=') ? 1 : 2;
      },
      setextHeading(this: Context) {
        close.call(this);
        this.setData('slurpAllLineEndings');
      },
      htmlText(this: Context) {
        this.setData('ignoreEncode');
        if (!raws) return;
        raws.push(this.resume());
        this.raw(`\u0000${raws.length - 1}\u0000`);
      },
    },
  };
}
