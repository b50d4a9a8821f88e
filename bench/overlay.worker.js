// Bench-only worker for bench/overlay.bench.ts. Plain JS; the bench's inline
// wrangler config aliases 'louise-bench-*' to the toolkit's sources.
// /direct/: the prerendered page as the assets binding serves it.
// /overlay/: the same asset through rewriteRegions with the published regions read
// from KV, as louiseWorker serves a visitor (no D1).
import { rewriteRegions } from 'louise-bench-content';
import { publishedOverlay } from 'louise-bench-editor';

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/setup') {
      const regions = {};
      for (let i = 0; i < 5; i++) {
        regions[`heading${i}`] = { type: 'text', value: `Published heading ${i}` };
        regions[`text${i}`] = { type: 'richtext', value: `<p>Published <strong>paragraph</strong> ${i}</p>` };
      }
      await env.KV.put('louise:overlay:home:index', JSON.stringify(regions));
      return new Response('ok');
    }
    const asset = await env.ASSETS.fetch(new Request(new URL('/index.html', url)));
    if (url.pathname === '/direct/') return asset;
    return rewriteRegions(asset, { editing: false, isOverlay: () => true, regions: (collection, key) => publishedOverlay(env.KV, { collection, key }) });
  },
};
