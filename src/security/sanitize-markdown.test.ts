import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import corpus from '../../tests/fixtures/xss/corpus.json';
import { htmlSoup } from '../../tests/fixtures/xss/html-arbitrary.ts';
import { dangerousUrl, markupOf } from '../../tests/fixtures/xss/inspect.ts';
import { sanitizeMarkdownHtml } from './sanitize-markdown.ts';
import { sanitizeRichHtml } from './sanitize-rich.ts';

describe('sanitizeMarkdownHtml: what Markdown adds to rich text', () => {
  it("keeps a task list's checkbox, disabled, with its checked state and nothing else", () => {
    expect(sanitizeMarkdownHtml('<li><input type="checkbox" disabled="" checked="" /> done</li>')).toBe(
      '<li><input type="checkbox" disabled checked /> done</li>',
    );
    expect(sanitizeMarkdownHtml('<li><input type="CHECKBOX" name="x" onclick="x()" form="f"> todo</li>')).toBe(
      '<li><input type="checkbox" disabled /> todo</li>',
    );
  });

  it('drops every other input, whatever its type', () => {
    for (const input of [
      '<input>',
      '<input type="text" value="x">',
      '<input type="image" src="https://x.example/a.png">',
      '<input type="submit" formaction="https://evil.example">',
    ])
      expect(sanitizeMarkdownHtml(`<p>a${input}b</p>`), input).toBe('<p>ab</p>');
  });

  it("keeps a code block's language class and no other class", () => {
    expect(sanitizeMarkdownHtml('<pre><code class="language-ts">x</code></pre>')).toBe('<pre><code class="language-ts">x</code></pre>');
    expect(sanitizeMarkdownHtml('<pre><code class="language-c++ sr-only">x</code></pre>')).toBe('<pre><code class="language-c++">x</code></pre>');
    expect(sanitizeMarkdownHtml('<pre class="language-ts"><code class="hidden">x</code></pre><p class="language-ts">y</p>')).toBe(
      '<pre><code>x</code></pre><p>y</p>',
    );
  });

  it("keeps a table column's alignment, only left, center or right", () => {
    expect(sanitizeMarkdownHtml('<table><tr><th align="center">a</th><td align="right">b</td></tr></table>')).toBe(
      '<table><tr><th align="center">a</th><td align="right">b</td></tr></table>',
    );
    expect(sanitizeMarkdownHtml('<p align="center">a</p>')).toBe('<p>a</p>');
    expect(sanitizeMarkdownHtml('<td align="javascript:x()">a</td>')).not.toContain('javascript');
  });

  it('leaves rich text exactly as strict as before', () => {
    expect(sanitizeRichHtml('<li><input type="checkbox" disabled> a</li><pre><code class="language-ts">x</code></pre><td align="center">b</td>')).toBe(
      '<li> a</li><pre><code>x</code></pre><td>b</td>',
    );
  });
});

describe('sanitizeMarkdownHtml: hostile HTML', () => {
  const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'xlink:href']);
  function expectHarmless(output: string): void {
    for (const { tag, attribs } of markupOf(output)) {
      expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'textarea', 'select', 'button'], output).not.toContain(tag);
      if (tag === 'input')
        expect(attribs, output).toEqual(
          attribs['checked'] === undefined ? { type: 'checkbox', disabled: '' } : { type: 'checkbox', disabled: '', checked: '' },
        );
      for (const [name, value] of Object.entries(attribs)) {
        expect(name, output).not.toMatch(/^on|^style$|^formaction$|^srcdoc$/i);
        if (URL_ATTRIBUTES.has(name)) expect(dangerousUrl(value), `${name}=${value}`).toBe(false);
      }
    }
  }

  it('is idempotent and harmless for every corpus entry', () => {
    for (const { html } of corpus) {
      const once = sanitizeMarkdownHtml(html);
      expect(sanitizeMarkdownHtml(once), html).toBe(once);
      expectHarmless(once);
    }
  });

  it('is idempotent and harmless over generated tag soup with inputs', () => {
    const withInputs = fc
      .tuple(
        htmlSoup(),
        fc.constantFrom('<input type="checkbox" checked onfocus="x()" autofocus>', '<input type=text>', '<code class="language-js x">'),
        htmlSoup(),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(withInputs, (html) => {
        const once = sanitizeMarkdownHtml(html);
        expect(sanitizeMarkdownHtml(once)).toBe(once);
        expectHarmless(once);
      }),
      { numRuns: 400 },
    );
  });
});
