import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import corpus from '../../tests/fixtures/xss/corpus.json';
import { htmlSoup } from '../../tests/fixtures/xss/html-arbitrary.ts';
import { markupOf } from '../../tests/fixtures/xss/inspect.ts';
import { MODEL_ATTR_ALLOW, MODEL_LINK_REL, MODEL_TAGS, MODEL_UNWRAP, sanitizeModelHtml } from './sanitize-model.ts';
import { ALLOWED_TAGS, ATTR_ALLOW, sanitizeRichHtml } from './sanitize-rich.ts';
import { MODEL_URL_SCHEMES, RICH_URL_SCHEMES } from './url-scheme.ts';

function expectModelMarkup(output: string): void {
  for (const { tag, attribs } of markupOf(output)) {
    expect(MODEL_TAGS, output).toContain(tag);
    if (tag === 'a') {
      expect(Object.keys(attribs).sort(), output).toEqual(['href', 'rel']);
      expect(attribs['rel']).toBe(MODEL_LINK_REL);
      expect(new URL(attribs['href'] ?? '').protocol, output).toMatch(/^(https?|mailto):$/);
    } else {
      expect(attribs, output).toEqual({});
    }
  }
}

describe('model allowlists', () => {
  it('are exactly the spec set and subsets of the human ones', () => {
    expect([...MODEL_TAGS].sort()).toEqual(['a', 'b', 'blockquote', 'br', 'code', 'em', 'h1', 'h2', 'h3', 'h4', 'i', 'li', 'ol', 'p', 'pre', 'strong', 'ul']);
    for (const tag of MODEL_TAGS) expect(ALLOWED_TAGS).toContain(tag);
    for (const [tag, names] of Object.entries(MODEL_ATTR_ALLOW)) {
      for (const name of names) expect([...(ATTR_ALLOW[tag] ?? []), ...(ATTR_ALLOW['*'] ?? [])]).toContain(name);
    }
    for (const scheme of MODEL_URL_SCHEMES) expect(RICH_URL_SCHEMES).toContain(scheme);
    for (const tag of ['div', 'span', 'u', 'section', 'figure', 'h5', 'h6', 'body', 'html']) expect(MODEL_UNWRAP).toContain(tag);
    for (const tag of ['img', 'iframe', 'object', 'embed', 'svg', 'script', 'style']) expect(MODEL_UNWRAP).not.toContain(tag);
  });
});

describe('sanitizeModelHtml', () => {
  it('keeps the allowed tags without attributes', () => {
    const html =
      '<h1 id="t">T</h1><h4 class="x">S</h4><p style="x">a<br>b <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <code>c</code></p><ul><li>1</li></ul><ol start="3"><li>2</li></ol><blockquote>q</blockquote><pre>p</pre>';
    expect(sanitizeModelHtml(html)).toBe(
      '<h1>T</h1><h4>S</h4><p>a<br />b <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <code>c</code></p><ul><li>1</li></ul><ol><li>2</li></ol><blockquote>q</blockquote><pre>p</pre>',
    );
  });

  it('keeps absolute http(s) and mailto links with nofollow rel and nothing else', () => {
    expect(sanitizeModelHtml('<a href="https://example.com/x" target="_blank" rel="opener" title="t" onclick="x()">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeModelHtml('<a href="http://example.com">x</a> <a href="mailto:a@example.com">m</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer nofollow">x</a> <a href="mailto:a@example.com" rel="noopener noreferrer nofollow">m</a>',
    );
  });

  it.each([
    '/relative',
    'relative',
    '//example.com/x',
    '#frag',
    'tel:+15550100',
    'ftp://example.com/',
    'javascript:alert(1)',
    '&#106;avascript:x',
    'data:text/html,x',
    ' ',
    '',
  ])('unwraps a link with href %j to its text', (href) => {
    expect(sanitizeModelHtml(`<p>see <a href="${href}"><em>this</em></a>.</p>`)).toBe('<p>see <em>this</em>.</p>');
  });

  it('unwraps a link without href', () => {
    expect(sanitizeModelHtml('<p><a name="x">anchor</a></p>')).toBe('<p>anchor</p>');
  });

  it('unwraps human-only tags and document wrappers', () => {
    expect(sanitizeModelHtml('<html><body><article><section><div><p><span>a</span> <u>b</u> <s>c</s></p></div></section></article></body></html>')).toBe(
      '<p>a b c</p>',
    );
    expect(sanitizeModelHtml('<figure><figcaption>cap</figcaption></figure><h5>five</h5>')).toBe('capfive');
  });

  it('drops everything else with its contents', () => {
    for (const html of [
      '<img src="https://x/y.png" alt="alt">',
      '<iframe src="https://x">f</iframe>',
      '<object data="x">o</object>',
      '<embed src="x">',
      '<svg><text>s</text></svg>',
      '<script>s()</script>',
      '<style>p{}</style>',
      '<x-widget>w</x-widget>',
      '<form><input value="v">f</form>',
      '<math><mi>m</mi></math>',
      '<video>v</video>',
      '<head><title>t</title></head>',
    ]) {
      expect(sanitizeModelHtml(`<em>a</em>${html}<em>b</em>`), html).toBe('<em>a</em><em>b</em>');
    }
  });

  it('does not corrupt end tags after an unwrapped link (sanitize-html rename leak)', () => {
    expect(sanitizeModelHtml('<p><a href="/x">a</a> <a href="https://ok.example/">b</a></p><p>c</p>')).toBe(
      '<p>a <a href="https://ok.example/" rel="noopener noreferrer nofollow">b</a></p><p>c</p>',
    );
  });

  it('refuses non-strings', () => {
    expect(() => sanitizeModelHtml(null as unknown as string)).toThrow(TypeError);
  });

  it('is idempotent, stays within its allowlist and passes sanitizeRichHtml unchanged, for generated tag soup', () => {
    fc.assert(
      fc.property(htmlSoup(), (html) => {
        const once = sanitizeModelHtml(html);
        expect(sanitizeModelHtml(once)).toBe(once);
        expect(sanitizeRichHtml(once)).toBe(once);
        expectModelMarkup(once);
      }),
      { numRuns: 600 },
    );
  });

  it('is idempotent, stays within its allowlist and passes sanitizeRichHtml unchanged, for every corpus entry', () => {
    for (const { html } of corpus) {
      const once = sanitizeModelHtml(html);
      expect(sanitizeModelHtml(once), html).toBe(once);
      expect(sanitizeRichHtml(once), html).toBe(once);
      expectModelMarkup(once);
    }
  });
});
