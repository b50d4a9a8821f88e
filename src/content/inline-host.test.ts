import { describe, expect, it } from 'vitest';
import { isPhrasingHost } from './inline-host.ts';
import { inlineRichHtml } from './inline-html.ts';

describe('inlineRichHtml', () => {
  it('joins blocks with <br /> and leaves no block element', () => {
    expect(inlineRichHtml('<p>One <em>two</em></p><p>Three</p>')).toBe('One <em>two</em><br />Three');
    expect(inlineRichHtml('<h2 id="x">T</h2>\n<ul><li>a</li><li>b <a href="/c">c</a></li></ul><hr /><p dir="rtl">d</p>')).toBe(
      'T<br />a<br />b <a href="/c">c</a><br />d',
    );
    expect(inlineRichHtml('<p></p>')).toBe('');
  });

  it('leaves inline HTML as it is', () => {
    for (const html of ['Plain', 'A <strong>b</strong><br />c', 'x <kbd>Ctrl</kbd> <code>p</code>', '']) expect(inlineRichHtml(html)).toBe(html);
  });

  it('knows the phrasing-content elements', () => {
    for (const tag of ['p', 'P', 'h1', 'h6', 'span', 'a', 'li', 'td', 'figcaption']) expect(isPhrasingHost(tag)).toBe(true);
    for (const tag of ['div', 'section', 'article', 'blockquote', 'main']) expect(isPhrasingHost(tag)).toBe(false);
  });
});
