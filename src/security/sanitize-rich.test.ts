import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import corpus from '../../tests/fixtures/xss/corpus.json';
import { URLS, htmlSoup } from '../../tests/fixtures/xss/html-arbitrary.ts';
import { dangerousUrl, markupOf } from '../../tests/fixtures/xss/inspect.ts';
import { ALLOWED_TAGS, ATTR_ALLOW, keepsId, sanitizeRichHtml } from './sanitize-rich.ts';

const BASE = 'https://media.example.com/m/';

// The scheme a browser on an https page would use for this href or src (WHATWG URL parser).
function browserProtocol(value: string): string {
  return new URL(value, 'https://site.example/page').protocol;
}

function expectAllowed(output: string): void {
  for (const { tag, attribs } of markupOf(output)) {
    expect(ALLOWED_TAGS, output).toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      // An id only where keepsId allows it: a heading's slug, a footnote's user-content- id.
      if (name === 'id') expect(keepsId(tag, value), `id=${value} on ${tag} in ${output}`).toBe(true);
      else expect([...(ATTR_ALLOW[tag] ?? []), ...(ATTR_ALLOW['*'] ?? [])], `${name} on ${tag} in ${output}`).toContain(name);
      if (name === 'href' || name === 'src') expect(browserProtocol(value), `${name}=${value}`).toMatch(/^(https?|mailto|tel):$/);
    }
  }
}

describe('allowlists', () => {
  it('cover what the Lexical editor writes and nothing that runs, loads a document or restyles the page', () => {
    for (const tag of [
      'p',
      'br',
      'h1',
      'h6',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'figure',
      'figcaption',
      'hr',
      'span',
      'div',
      'section',
      'table',
      'td',
    ]) {
      expect(ALLOWED_TAGS).toContain(tag);
    }
    for (const tag of [
      'script',
      'style',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'form',
      'input',
      'button',
      'base',
      'meta',
      'link',
      'template',
      'noscript',
      'textarea',
      'title',
      'xmp',
      'frame',
      'video',
    ]) {
      expect(ALLOWED_TAGS).not.toContain(tag);
    }
    for (const [tag, names] of Object.entries(ATTR_ALLOW)) {
      if (tag !== '*') expect(ALLOWED_TAGS).toContain(tag);
      for (const name of names) expect(name).not.toMatch(/^(on|style$|srcset$|srcdoc$|formaction$|id$|name$|class$)/);
    }
    expect(Object.isFrozen(ALLOWED_TAGS) && Object.isFrozen(ATTR_ALLOW)).toBe(true);
  });
});

describe('sanitizeRichHtml', () => {
  it('keeps Lexical output, minus classes and inline style', () => {
    const lexical =
      '<h2 class="editor-heading-h2" dir="ltr"><span style="white-space: pre-wrap;">Title</span></h2>' +
      '<p class="editor-paragraph"><span style="white-space: pre-wrap;">Hello </span><b><strong class="editor-text-bold">world</strong></b>' +
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noreferrer"><span>link</span></a></p>' +
      '<ul><li value="1">one</li></ul><pre data-language="js"><code data-language="js">a &lt; b</code></pre>' +
      '<figure><img src="/media/cat.jpg" alt="A cat" width="300" height="200" loading="lazy"><figcaption>Cat</figcaption></figure><hr>';
    expect(sanitizeRichHtml(lexical)).toBe(
      '<h2 dir="ltr"><span>Title</span></h2>' +
        '<p><span>Hello </span><b><strong>world</strong></b>' +
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"><span>link</span></a></p>' +
        '<ul><li value="1">one</li></ul><pre data-language="js"><code data-language="js">a &lt; b</code></pre>' +
        '<figure><img src="/media/cat.jpg" alt="A cat" width="300" height="200" loading="lazy" /><figcaption>Cat</figcaption></figure><hr />',
    );
  });

  it('removes event handlers, inline style, ids, classes and srcset', () => {
    expect(sanitizeRichHtml('<p onclick="x()" OnMouseOver="y()" style="color:red" id="a" class="b">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichHtml('<img src="/a.png" onerror="x()" srcset="javascript:x 2x" style="x">')).toBe('<img src="/a.png" />');
  });

  it.each(URLS)('keeps href %j only with an allowed scheme', (url) => {
    const out = sanitizeRichHtml(`<a href="${url.replaceAll('"', '&quot;')}">x</a>`);
    const href = markupOf(out)[0]?.attribs['href'];
    if (href !== undefined) expect(browserProtocol(href), href).toMatch(/^(https?|mailto|tel):$/);
    expect(dangerousUrl(href ?? '')).toBe(false);
  });

  it('drops links with encoded dangerous schemes but keeps their text', () => {
    for (const href of [
      '&#106;avascript:x',
      'java&#x09;script:x',
      '&amp;#106;avascript:x',
      'javascript&colon;x',
      '&#x20;javascript:x',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(sanitizeRichHtml(`<a href="${href}">text</a>`), href).toBe('<a>text</a>');
    }
  });

  it('removes an img whose src is missing, empty or refused', () => {
    for (const img of ['<img>', '<img src="">', '<img src="javascript:x">', '<img src="data:image/png;base64,AA">', '<img src=" &#x6A;avascript:x">']) {
      expect(sanitizeRichHtml(`<p>a${img}b</p>`), img).toBe('<p>ab</p>');
    }
  });

  it('with mediaBase keeps only images under it', () => {
    const html = [
      'https://media.example.com/m/a.png',
      'https://media.example.com.evil.com/m/b.png',
      '//evil.com/c.png',
      '/m/d.png',
      'https://media.example.com/m/../e.png',
    ]
      .map((src) => `<img src="${src}">`)
      .join('');
    expect(sanitizeRichHtml(html, { mediaBase: BASE })).toBe('<img src="https://media.example.com/m/a.png" />');
    expect(sanitizeRichHtml(html, { mediaBase: '/m/' })).toBe('<img src="/m/d.png" />');
    expect(() => sanitizeRichHtml(html, { mediaBase: 'media.example.com' })).toThrow(TypeError);
  });

  it('with mediaBase also keeps the images Astro built into /_astro/, and nothing that only looks like it', () => {
    const html = ['/_astro/post.Bx1.webp', '/_astro/../admin.png', '/_astro%2f..%2fx.png', '//_astro/x.png', 'https://evil.com/_astro/x.png', '/_astrox/y.png']
      .map((src) => `<img src="${src}">`)
      .join('');
    expect(sanitizeRichHtml(html, { mediaBase: '/media/' })).toBe('<img src="/_astro/post.Bx1.webp" />');
    expect(sanitizeRichHtml(html, { mediaBase: BASE })).toBe('<img src="/_astro/post.Bx1.webp" />');
  });

  it('gives new-tab links noopener noreferrer and drops other targets', () => {
    expect(sanitizeRichHtml('<a href="/a" target="_BLANK" rel="author NOFOLLOW">x</a>')).toBe(
      '<a href="/a" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichHtml('<a href="/a" target="frame" rel="opener">x</a>')).toBe('<a href="/a">x</a>');
  });

  it('drops scripts, styles, foreign content and hidden content with everything inside; unwraps unknown tags', () => {
    const dropped = [
      '<script>s</script>',
      '<style>s</style>',
      '<svg><text>s</text></svg>',
      '<math><mi>s</mi></math>',
      '<iframe>s</iframe>',
      '<template>s</template>',
      '<noscript>s</noscript>',
      '<textarea>s</textarea>',
      '<title>s</title>',
      '<object>s</object>',
      '<select><option>s</option></select>',
    ];
    for (const html of dropped) expect(sanitizeRichHtml(`<p>a${html}b</p>`), html).toBe('<p>ab</p>');
    expect(sanitizeRichHtml('<x-card><font color=red>kept</font></x-card>')).toBe('kept');
  });

  it('does not corrupt the end tag of a sibling after a removed image (sanitize-html rename leak)', () => {
    expect(sanitizeRichHtml('<div><img src="javascript:x"><span>a</span></div>')).toBe('<div><span>a</span></div>');
  });

  it('removes NUL and refuses non-strings', () => {
    expect(sanitizeRichHtml('<scr\u0000ipt>x</script>t\u0000')).toBe('t');
    expect(() => sanitizeRichHtml(undefined as unknown as string)).toThrow(TypeError);
  });

  it('is idempotent and emits only allowlisted markup, for generated tag soup', () => {
    fc.assert(
      fc.property(htmlSoup(), fc.boolean(), (html, withBase) => {
        const options = withBase ? { mediaBase: BASE } : {};
        const once = sanitizeRichHtml(html, options);
        expect(sanitizeRichHtml(once, options)).toBe(once);
        expectAllowed(once);
      }),
      { numRuns: 600 },
    );
  });

  it('is idempotent and emits only allowlisted markup for every corpus entry', () => {
    for (const { html } of corpus) {
      for (const options of [{}, { mediaBase: BASE }]) {
        const once = sanitizeRichHtml(html, options);
        expect(sanitizeRichHtml(once, options), html).toBe(once);
        expectAllowed(once);
      }
    }
  });
});

describe('what a post body holds beyond the editor (issue 29)', () => {
  it('keeps kbd, del, ins, abbr, details, definition lists and the like as written', () => {
    const body =
      '<p>Press <kbd>CTRL</kbd> + <kbd>ALT</kbd>, <del datetime="2024-01-01">old</del> <ins>new</ins>, ' +
      '<abbr title="Graphics Interchange Format">GIF</abbr>, <cite>Rob Pike</cite>, <q>quoted</q>, <small>fine</small>, ' +
      '<var>x</var>, <samp>out</samp>, <dfn>term</dfn>, <time datetime="2024-06-19">June</time></p>' +
      '<details open><summary>More</summary><p>Hidden</p></details><dl><dt>Term</dt><dd>Meaning</dd></dl>';
    expect(sanitizeRichHtml(body)).toBe(body);
  });

  it("keeps a heading's slug id (a table of contents links to it) and a footnote's user-content- id, and no other id", () => {
    const kept = '<h2 id="code-blocks">Code</h2><h3 id="other-elements--abbr-sub-sup">x</h3><h2 id="crème-brûlée">y</h2>';
    expect(sanitizeRichHtml(kept)).toBe(kept);
    expect(sanitizeRichHtml('<p><sup><a href="#user-content-fn-1" id="user-content-fnref-1">1</a></sup></p><ol><li id="user-content-fn-1">n</li></ol>')).toBe(
      '<p><sup><a href="#user-content-fn-1" id="user-content-fnref-1">1</a></sup></p><ol><li id="user-content-fn-1">n</li></ol>',
    );
    for (const bad of ['<h2 id="Has Space">t</h2>', '<h2 id="louise-bar">t</h2>', '<h2 id="location">t</h2>', '<h2 id="x&quot;y">t</h2>', '<h2 id="">t</h2>'])
      expect(sanitizeRichHtml(bad), bad).toBe('<h2>t</h2>');
    expect(sanitizeRichHtml('<p id="intro">t</p><a id="top-link">a</a><li id="x">l</li>')).toBe('<p>t</p><a>a</a><li>l</li>');
  });
});
