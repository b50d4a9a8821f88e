import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { htmlSoup, visibleSoup } from '../../tests/fixtures/xss/html-arbitrary.ts';
import { sanitizeRichHtml } from './sanitize-rich.ts';
import { PLAIN_TEXT_PASSES, SEO_DESCRIPTION_MAX, hasRichText, metaDescription, normalizeFieldText, normalizeJsonStrings, plainText, stripEmptyHeadings } from './text.ts';

// What a browser's tokenizer in the data state reads as the start of markup:
// `<` followed by an ASCII letter (tag), `!` (comment, doctype, CDATA), `?`
// (bogus comment), or `/` and any character (end tag or bogus comment). A
// `</` at the very end is text to a browser too (end of input in end tag open).
const MARKUP_START = /<(?:[a-zA-Z!?]|\/[\s\S])/;
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('plainText', () => {
  it('turns tags into spaces and collapses whitespace onto one line', () => {
    expect(plainText('<h1>Title</h1>\n<p>First\tline<br>second&nbsp;&nbsp;line</p><ul><li>a</li><li>b</li></ul>')).toBe('Title First line second line a b');
    expect(plainText('  <p> \u2028 </p> ')).toBe('');
  });

  it('drops the contents of script, style, template, svg and other hidden or foreign elements', () => {
    expect(plainText('a<script>var x = "<p>no</p>";</script><style>p{}</style><template>t</template><svg><text>s</text></svg><noscript>n</noscript><title>t</title><!-- c -->b')).toBe('a b');
  });

  it('decodes entities, double-encoded ones up to maxPasses', () => {
    expect(plainText('Fish &amp; chips &copy; &#8364; &#x1F600;')).toBe('Fish & chips © € 😀');
    expect(plainText('Fish &amp;amp; chips')).toBe('Fish & chips');
    expect(plainText('&amp;amp;amp;')).toBe('&');
    expect(plainText('&amp;amp;amp;amp;')).toBe('&amp;');
    expect(PLAIN_TEXT_PASSES).toBe(3);
    expect(plainText('&amp;amp;lt;', { maxPasses: 1 })).toBe('&amp;lt;');
    expect(plainText('&amp;amp;lt;', { maxPasses: 2 })).toBe('&lt;');
    expect(plainText('&amp;amp;lt;', { maxPasses: 3 })).toBe('<');
  });

  it('keeps literal less-than and greater-than text, never re-reading decoded text as markup', () => {
    expect(plainText('a < b > c')).toBe('a < b > c');
    expect(plainText('<p>1 &lt; 2 &gt; 0</p>')).toBe('1 < 2 > 0');
    expect(plainText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
    expect(plainText('&amp;lt;img src=x onerror=alert(1)&amp;gt; after')).toBe('<img src=x onerror=alert(1)> after');
    expect(plainText('&amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;')).toBe('<b>bold</b>');
  });

  it('drops unterminated tags as a browser does', () => {
    expect(plainText('text <img src=x onerror=alert(1)')).toBe('text');
  });

  it('refuses a bad maxPasses or a non-string', () => {
    for (const maxPasses of [0, -1, 1.5, 11, Number.NaN]) expect(() => plainText('x', { maxPasses })).toThrow(RangeError);
    expect(() => plainText(42 as unknown as string)).toThrow(TypeError);
  });

  it('never yields markup from the input\'s tags: when every `<` of the input opens markup, none survives', () => {
    fc.assert(
      fc.property(htmlSoup({ markupOnly: true }), (html) => {
        const text = plainText(html);
        expect(text).not.toMatch(MARKUP_START);
        expect(text).not.toContain('<');
      }),
      { numRuns: 600 },
    );
  });

  it('yields a markup start only from a `<` that was text in the input, which stays literal text', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const text = plainText(html);
        if (MARKUP_START.test(text)) expect(/&|<(?![a-zA-Z!?/])|<\/(?![a-zA-Z])/.test(html), html).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('yields trimmed one-line text that reads back unchanged once escaped', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const text = plainText(html);
        expect(text).not.toMatch(/[\n\r\t\u0000-\u001f]|\s\s|^\s|\s$/);
        expect(plainText(escapeText(text), { maxPasses: 1 })).toBe(text);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps every word of visible elements, in order', () => {
    fc.assert(
      fc.property(visibleSoup, ({ html, words }) => {
        expect(plainText(html)).toBe(words.join(' '));
      }),
    );
  });
});

describe('metaDescription', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('returns short text whole and undefined for markup-only input', () => {
    expect(metaDescription('<p>Short <b>text</b>.</p>')).toBe('Short text .');
    for (const html of ['', '   ', '<p><br></p>', '<img src="/a.png">', '<h2>&nbsp;</h2>', '<script>x</script>']) expect(metaDescription(html), html).toBeUndefined();
  });

  it('cuts at a word boundary and counts the ellipsis within maxLength', () => {
    const text = words(40);
    const cut = metaDescription(`<p>${text}</p>`);
    expect(SEO_DESCRIPTION_MAX).toBe(155);
    expect(cut).toMatch(/^word0 .* word\d+…$/);
    expect(cut!.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(text.startsWith(cut!.slice(0, -1))).toBe(true);
    expect(text[cut!.length - 1]).toBe(' ');
    expect(metaDescription('<p>one two three four</p>', { maxLength: 13 })).toBe('one two…');
    expect(metaDescription('<p>one two three four</p>', { maxLength: 14 })).toBe('one two three…');
    expect(metaDescription('<p>one two, three</p>', { maxLength: 13 })).toBe('one two…');
  });

  it('hard-cuts a single long word without splitting a surrogate pair', () => {
    expect(metaDescription('abcdefghij', { maxLength: 5 })).toBe('abcd…');
    expect(metaDescription('abc😀defgh', { maxLength: 5 })).toBe('abc…');
  });

  it('passes maxPasses through and refuses a bad maxLength', () => {
    expect(metaDescription('&amp;amp;', { maxPasses: 1 })).toBe('&amp;');
    for (const maxLength of [0, 1, 2.5, Number.NaN]) expect(() => metaDescription('x', { maxLength })).toThrow(RangeError);
  });

  it('never exceeds maxLength and is always a prefix of the plain text', () => {
    fc.assert(
      fc.property(htmlSoup(), fc.integer({ min: 2, max: 60 }), (html, maxLength) => {
        const description = metaDescription(html, { maxLength });
        const text = plainText(html);
        if (text === '') {
          expect(description).toBeUndefined();
          return;
        }
        expect(description!.length).toBeLessThanOrEqual(maxLength);
        expect(text.startsWith(description!.endsWith('…') && text.length > maxLength ? description!.slice(0, -1) : description!)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('hasRichText', () => {
  it.each(['', ' \n ', '&nbsp;', '\u00a0\u200b', '<p><br></p>', '<h1></h1><h2> </h2>', '<p><span>&nbsp;</span></p>', '<!-- note -->', '<script>x()</script><style>p{}</style>', '<template>t</template>'])(
    'is false for empty leftover %j',
    (html) => {
      expect(hasRichText(html)).toBe(false);
    },
  );

  it.each(['x', '<p>Hello</p>', '<h2>0</h2>', '&amp;nbsp;', '<img src="/a.png">', '<video src="/v.mp4"></video>', '<iframe src="https://x"></iframe>', '<svg></svg>', '<p><br><img src=a></p>'])(
    'is true for %j',
    (html) => {
      expect(hasRichText(html)).toBe(true);
    },
  );

  it('agrees with plainText: visible text always counts', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        if (plainText(html, { maxPasses: 1 }).replace(/[\s\u200b-\u200d\u2060\ufeff]/g, '') !== '') expect(hasRichText(html)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('stripEmptyHeadings', () => {
  it('removes headings with no text and no media, however nested', () => {
    expect(stripEmptyHeadings('<h1>Title</h1><h2></h2><h3> &nbsp;<br></h3><h4><span>\u200b</span></h4><p>x</p><h5><a href="/a"><img src="/i.png"></a></h5><h6>0</h6>')).toBe(
      '<h1>Title</h1><p>x</p><h5><a href="/a"><img src="/i.png" /></a></h5><h6>0</h6>',
    );
  });

  it('keeps every other tag and attribute, only normalised by the parser', () => {
    const html = '<p class="c" style="color: red" data-x="">a</p><figure><img src="data:image/png;base64,AA" alt=""></figure><h2 id="k">Kept</h2>';
    expect(stripEmptyHeadings(html)).toBe('<p class="c" style="color: red" data-x>a</p><figure><img src="data:image/png;base64,AA" alt="" /></figure><h2 id="k">Kept</h2>');
  });

  it('is idempotent on sanitized HTML and changes neither its words nor whether it has content', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const clean = sanitizeRichHtml(html);
        const stripped = stripEmptyHeadings(clean);
        expect(stripEmptyHeadings(stripped)).toBe(stripped);
        // A removed heading was a block boundary holding only blank characters
        // (whitespace, nbsp, zero-width), so only those may change.
        const words = (h: string) => plainText(h).replace(/[\s\u00a0\u200b-\u200d\u2060\ufeff]/g, '');
        expect(words(stripped)).toBe(words(clean));
        expect(hasRichText(stripped)).toBe(hasRichText(clean));
        expect(stripped).not.toMatch(/<h[1-6]>(?:\s|<br \/>)*<\/h[1-6]>/);
      }),
      { numRuns: 400, examples: [['<h5>\u200b</h5>'], ['<h2>\u00a0<br></h2>x']] },
    );
  });
});

// Code units that matter to the normalizer, mixed with any other code unit
// (lone surrogates included) so properties see both the cases and the noise.
const TRICKY = ['\u0000', '\ud83d', '\ude00', '\ud83d\ude00', '\u202a', '\u202e', '\u2066', '\u2069', '\r', '\n', '\r\n', '\t', '\u2028', '\u2029', '\u0007', '\u001f', ' ', 'a', 'é', '\u200f'];
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const trickyText = fc.string({ unit: fc.oneof(fc.constantFrom(...TRICKY), codeUnit), maxLength: 40 });
const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('normalizeFieldText', () => {
  it.each<[string, string, string, string]>([
    ['plain text', 'Fish & chips', 'Fish & chips', 'Fish & chips'],
    ['NUL anywhere', '\u0000a\u0000b\u0000', 'ab', 'ab'],
    ['a lone high surrogate', 'a\ud83db', 'a\ufffdb', 'a\ufffdb'],
    ['a lone low surrogate at the end', 'a\ude00', 'a\ufffd', 'a\ufffd'],
    ['a surrogate pair, kept', 'a😀b', 'a😀b', 'a😀b'],
    ['halves of a pair split by NUL, not joined', '\ud83d\u0000\ude00', '\ufffd\ufffd', '\ufffd\ufffd'],
    ['a right-to-left override', 'invoice\u202etxt.exe', 'invoice\u202etxt.exe', 'invoicetxt.exe'],
    ['isolates and embeddings', '\u2066a\u2069\u202ab\u202c', '\u2066a\u2069\u202ab\u202c', 'ab'],
    ['marks that are not controls (RLM)', 'a\u200fb', 'a\u200fb', 'a\u200fb'],
    ['CRLF as one space', 'one\r\ntwo', 'one\r\ntwo', 'one two'],
    ['every kind of break', 'a\nb\rc\u2028d\u2029e\tf', 'a\nb\rc\u2028d\u2029e\tf', 'a b c d e f'],
    ['other C0 controls', 'a\u0007b\u001bc', 'a\u0007b\u001bc', 'a b c'],
    ['a bidi control between breaks', 'a\n\u202e\nb', 'a\n\u202e\nb', 'a b'],
    ['NUL inside a run of breaks', 'a\r\u0000\nb', 'a\r\nb', 'a b'],
    ['spaces the editor typed, kept', ' a  b ', ' a  b ', ' a  b '],
    ['DEL and C1 controls, not C0: kept', 'a\u007fb\u0085c', 'a\u007fb\u0085c', 'a\u007fb\u0085c'],
  ])('%s', (_, input, multiLine, oneLine) => {
    expect(normalizeFieldText(input, { oneLine: false })).toBe(multiLine);
    expect(normalizeFieldText(input, { oneLine: true })).toBe(oneLine);
  });

  it('refuses a non-string', () => {
    expect(() => normalizeFieldText(42 as unknown as string, { oneLine: true })).toThrow(TypeError);
  });

  it('is idempotent and yields well-formed text without NUL', () => {
    fc.assert(
      fc.property(trickyText, fc.boolean(), (text, oneLine) => {
        const once = normalizeFieldText(text, { oneLine });
        expect(normalizeFieldText(once, { oneLine })).toBe(once);
        expect(once.isWellFormed()).toBe(true);
        expect(once).not.toContain('\u0000');
      }),
      { numRuns: 1000 },
    );
  });

  it('yields one-line text without bidi controls, line breaks or C0 controls', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        expect(normalizeFieldText(text, { oneLine: true })).not.toMatch(ONE_LINE_FORBIDDEN);
      }),
      { numRuns: 1000 },
    );
  });

  it('only replaces or removes: multi-line text changes only at NUL and lone surrogates', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        expect(normalizeFieldText(text, { oneLine: false })).toBe(text.toWellFormed().replaceAll('\u0000', ''));
      }),
    );
  });

  it('returns text with none of these characters unchanged', () => {
    const clean = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !/[\u0000-\u001f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text));
    fc.assert(
      fc.property(clean, fc.boolean(), (text, oneLine) => {
        expect(normalizeFieldText(text, { oneLine })).toBe(text);
      }),
    );
  });
});

describe('normalizeJsonStrings', () => {
  it('normalizes string leaves and keys at any depth, leaving other values alone', () => {
    const input = { 'ti\u0000tle': 'a\u0000\ud83d', list: ['x\u0000', 1, null, true, { deep: ['\udc00'] }], rtl: 'a\u202eb\nc', n: 1.5 };
    expect(normalizeJsonStrings(input)).toStrictEqual({ title: 'a\ufffd', list: ['x', 1, null, true, { deep: ['\ufffd'] }], rtl: 'a\u202eb\nc', n: 1.5 });
    expect(normalizeJsonStrings('a\u0000')).toBe('a');
    expect(normalizeJsonStrings(7)).toBe(7);
    expect(normalizeJsonStrings(null)).toBeNull();
  });

  it('keeps a "__proto__" key as data, and the later of two keys that normalize alike', () => {
    const out = normalizeJsonStrings(JSON.parse('{"__proto__": {"polluted": true}, "a\\u0000": 1, "a": 2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect(out['a']).toBe(2);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('preserves structure, never mutates its input and is idempotent', () => {
    const normalize = (text: string) => normalizeFieldText(text, { oneLine: false });
    // The definition, recursive: fine at the small depths generated here.
    const expected = (v: unknown): unknown =>
      typeof v === 'string' ? normalize(v)
      : Array.isArray(v) ? v.map(expected)
      : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([key, item]) => [normalize(key), expected(item)]))
      : v;
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ maxDepth: 4 }, trickyText, fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(trickyText, tie('value'), { maxKeys: 4, noNullPrototype: true })),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const before = structuredClone(value);
        const out = normalizeJsonStrings(value);
        expect(value).toStrictEqual(before);
        expect(out).toStrictEqual(expected(value));
        expect(normalizeJsonStrings(out)).toStrictEqual(out);
        if (value !== null && typeof value === 'object') expect(out).not.toBe(value);
      }),
      { numRuns: 400 },
    );
  });

  it('walks 10,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = ['bottom\u0000'];
    let deepObject: unknown = { 'k\u0000': 'v\ud800' };
    for (let i = 0; i < 10_000; i++) {
      deep = [deep];
      deepObject = { next: deepObject };
    }
    let out = normalizeJsonStrings(deep);
    for (let i = 0; i < 10_000; i++) out = (out as unknown[])[0];
    expect(out).toEqual(['bottom']);
    let outObject = normalizeJsonStrings(deepObject);
    for (let i = 0; i < 10_000; i++) outObject = (outObject as { next: unknown }).next;
    expect(outObject).toEqual({ k: 'v\ufffd' });
  });
});
