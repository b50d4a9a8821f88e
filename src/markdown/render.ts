import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { sanitizeMarkdownHtml } from '../security/sanitize-markdown.ts';
import type { SanitizeRichOptions } from '../security/sanitize-rich.ts';
import { type Context, type HtmlExtension, type Token, headingIds } from './heading-ids.ts';

const SYNTAX = [gfm()];

/**
 * Raw HTML as written. gfmHtml() includes GitHub's tag filter, which escapes
 * `<script>`, `<iframe>` and the like into visible text; Astro does not, and
 * the sanitizer removes them with their content, so visitors see neither.
 */
const RAW_HTML_AS_WRITTEN = {
  exit: {
    htmlFlowData: keepRaw,
    htmlTextData: keepRaw,
  },
} satisfies HtmlExtension;

function keepRaw(this: Context, token: Token): undefined {
  this.raw(this.encode(this.sliceSerialize(token)));
}

const HTML = [gfmHtml(), RAW_HTML_AS_WRITTEN];

/**
 * Renders Markdown (CommonMark + GFM: tables, strikethrough, task lists,
 * autolinks, footnotes) to safe HTML, as a Worker serves it to visitors.
 * Raw HTML is let through micromark only because {@link sanitizeMarkdownHtml}
 * cleans the whole result after: no script, no event handler, no
 * `javascript:`/`data:` URL survives, in any link form. Headings get Astro's ids.
 *
 * Where visitors see something other than Astro's build of the same Markdown:
 * no Shiki (a code block is `<pre><code class="language-x">`), no smart
 * punctuation (`--` stays, so `# a -- b` has id `a----b`, Astro's `a--b`),
 * table alignment as `align` (Astro writes `style`, which the sanitizer drops),
 * no `class` on task lists and footnotes, and ids the sanitizer refuses
 * (one starting with `-`, or with `location`, `name`, `top`...: DOM clobbering) left off.
 *
 * @example renderMarkdown('# Hi <script>x()</script>\n\n[a](javascript:x())') // '<h1 id="hi-x">Hi </h1>\n<p><a>a</a></p>'
 */
export function renderMarkdown(markdown: string, options: SanitizeRichOptions = {}): string {
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    // One URL policy, the sanitizer's: micromark's own would empty `tel:` links (it keeps http, https, irc, ircs, mailto, xmpp).
    allowDangerousProtocol: true,
    extensions: SYNTAX,
    htmlExtensions: [...HTML, headingIds()],
  });
  return sanitizeMarkdownHtml(html, options);
}
