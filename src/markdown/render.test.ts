import { describe, expect, it } from 'vitest';
import corpus from '../../tests/fixtures/xss/corpus.json';
import { dangerousUrl, markupOf } from '../../tests/fixtures/xss/inspect.ts';
import { sanitizeMarkdownHtml } from '../security/sanitize-markdown.ts';
import { renderMarkdown } from './render.ts';

describe('renderMarkdown: CommonMark + GFM', () => {
  it('renders tables with their alignment, strikethrough and literal autolinks', () => {
    expect(renderMarkdown('| a | b |\n|:--|--:|\n| c | ~~d~~ |\n\nsee www.example.com and https://x.example/p.')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">a</th>\n<th align="right">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td align="left">c</td>\n<td align="right"><del>d</del></td>\n</tr>\n</tbody>\n</table>\n' +
        '<p>see <a href="http://www.example.com">www.example.com</a> and <a href="https://x.example/p">https://x.example/p</a>.</p>',
    );
  });

  it('renders task lists as disabled checkboxes', () => {
    expect(renderMarkdown('- [x] done\n- [ ] todo')).toBe(
      '<ul>\n<li><input type="checkbox" disabled checked /> done</li>\n<li><input type="checkbox" disabled /> todo</li>\n</ul>',
    );
  });

  it("keeps a fenced block's language as a class", () => {
    expect(renderMarkdown('```ts title="x.ts"\nconst a = 1 < 2;\n```')).toBe('<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>');
  });

  it('gives headings their Astro ids', () => {
    expect(renderMarkdown('# Intro\n\n## Intro\n\n## Crème *brûlée*')).toBe(
      '<h1 id="intro">Intro</h1>\n<h2 id="intro-1">Intro</h2>\n<h2 id="crème-brûlée">Crème <em>brûlée</em></h2>',
    );
  });

  it('keeps tel: and mailto: links (the sanitizer is the one URL policy, not micromark)', () => {
    expect(renderMarkdown('[call](tel:+441234) [mail](mailto:a@b.example) <mailto:c@d.example>')).toBe(
      '<p><a href="tel:+441234">call</a> <a href="mailto:a@b.example">mail</a> <a href="mailto:c@d.example">mailto:c@d.example</a></p>',
    );
  });

  it('keeps safe raw HTML, and drops a script with its content rather than showing it as text', () => {
    expect(renderMarkdown('Press <kbd>Ctrl</kbd>.\n\n<details><summary>More</summary>\n\nHidden *text*\n\n</details>')).toBe(
      '<p>Press <kbd>Ctrl</kbd>.</p>\n<details><summary>More</summary>\n<p>Hidden <em>text</em></p>\n</details>',
    );
    expect(renderMarkdown('a <script>alert(1)</script> b\n\n<script>\nalert(2)\n</script>')).toBe('<p>a  b</p>\n');
  });

  it('limits images to the media base when one is given', () => {
    expect(renderMarkdown('![a](https://media.example.com/m/1.webp) ![b](https://evil.example/2.png)', { mediaBase: 'https://media.example.com/m/' })).toBe(
      '<p><img src="https://media.example.com/m/1.webp" alt="a" /> </p>',
    );
  });
});

// Markdown's own ways to write a URL, each with the payloads a browser would run.
const PAYLOADS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript&#58;alert(1)',
  'javascript&colon;alert(1)',
  '&#106;avascript:alert(1)',
  'javascript%3Aalert(1)',
  '\\javascript:alert(1)',
];
const FORMS = [
  (url: string) => `[x](${url})`,
  (url: string) => `[x](<${url}>)`,
  (url: string) => `[x](${url} "title")`,
  (url: string) => `![x](${url})`,
  (url: string) => `[x][r]\n\n[r]: ${url}`,
  (url: string) => `[r]\n\n[r]: <${url}>`,
  (url: string) => `![x][r]\n\n[r]: ${url} 'title'`,
  (url: string) => `<${url}>`,
  (url: string) => `<a href="${url}">x</a>`,
  (url: string) => `<img src="${url}">`,
  (url: string) => `<div>\n<a href='${url}'>x</a>\n</div>`,
  (url: string) => `[![img](${url})](${url})`,
];
const MARKDOWN_VECTORS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '# Title <img src=x onerror=alert(1)>',
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  '![x" onerror="alert(1)](https://ok.example/i.png)',
  '<div onclick="alert(1)">\n\n*md inside*\n\n</div>',
  '```html\n<script>alert(1)</script>\n```',
  '`<script>alert(1)</script>`',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '- [x] <input type="text" onfocus="alert(1)" autofocus>',
  '<a href="https://ok.example" target="_blank">x</a>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  'x[^1]\n\n[^1]: <img src=x onerror=alert(1)> note',
  '| a |\n|---|\n| <img src=x onerror=alert(1)> |',
  '<h2 id="location" onclick="alert(1)">clobber</h2>',
];

function expectHarmless(html: string, source: string): void {
  for (const { tag, attribs } of markupOf(html)) {
    expect(['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'button', 'textarea'], `${tag} from ${source}`).not.toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(name, `${name} from ${source}`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/i);
      if (name === 'href' || name === 'src' || name === 'action' || name === 'xlink:href')
        expect(dangerousUrl(value), `${name}=${value} from ${source}`).toBe(false);
    }
    if (tag === 'input') expect(attribs['type'], source).toBe('checkbox');
    if (tag === 'input') expect(attribs['disabled'], source).toBe('');
  }
}

describe('renderMarkdown: hostile Markdown', () => {
  it('keeps no dangerous URL in any Markdown link form', () => {
    for (const payload of PAYLOADS)
      for (const form of FORMS) {
        const markdown = form(payload);
        expectHarmless(renderMarkdown(markdown), markdown);
      }
  });

  it('keeps no script, event handler or dangerous URL from Markdown-specific vectors', () => {
    for (const markdown of MARKDOWN_VECTORS) expectHarmless(renderMarkdown(markdown), markdown);
  });

  it('keeps none from the XSS corpus, as an HTML block or inline in a paragraph', () => {
    for (const { html } of corpus) {
      for (const markdown of [html, `text ${html} text`, `> ${html}`, `- ${html}`]) expectHarmless(renderMarkdown(markdown), markdown);
    }
    // 1,200 renders and as many re-parses: seconds, more when other files run beside it.
  }, 30_000);

  it('gives HTML the sanitizer leaves as it is (a fixed point, safe to sanitize again anywhere)', () => {
    for (const markdown of [...MARKDOWN_VECTORS, ...corpus.map(({ html }) => html)]) {
      const once = renderMarkdown(markdown);
      expect(sanitizeMarkdownHtml(once), markdown).toBe(once);
    }
  });
});
