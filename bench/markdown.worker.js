// Bench-only worker for bench/markdown.bench.ts. Plain JS; the bench's inline wrangler
// config aliases 'louise-bench-*' to the toolkit's sources. A POST's body is a post's
// Markdown (or its HTML), worked on `n` times in one request: the bench times requests
// from Node and subtracts `op=none`, since workerd's clock stands still while code runs.
import { renderMarkdown } from 'louise-bench-markdown';
import { sanitizeRichHtml } from 'louise-bench-security';

// What a save passes (src/drafts/overlay-route.ts): the site's media base, for image URLs.
const OPTIONS = { mediaBase: '/media/' };
const OPS = {
  none: (text) => text,
  render: (markdown) => renderMarkdown(markdown, OPTIONS),
  sanitize: (html) => sanitizeRichHtml(html, OPTIONS),
};

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const op = OPS[url.searchParams.get('op') ?? ''];
    const n = Number(url.searchParams.get('n') ?? '1');
    if (!op || !Number.isInteger(n) || n < 1) return new Response('op=none|render|sanitize&n=<count>', { status: 400 });
    const text = await request.text();
    let out = '';
    let length = 0;
    for (let i = 0; i < n; i++) {
      out = op(text);
      length += out.length;
    }
    return Response.json({ length, out: url.searchParams.has('show') ? out : undefined });
  },
};
