import { describe, expect, it } from 'vitest';
import { barActions, type BarActionDeps } from './bar-actions.ts';
import { createTransport, type SaveTarget } from './transport.ts';

const target = (collection: string, key: string): SaveTarget => ({ collection, key, field: 'text', marker: `${collection}:${key}:text`, live: false });

/** A fake editor API: `pending` documents have a draft to publish; every request is recorded. */
function api(pending: Set<string>) {
  const seen: string[] = [];
  const fetch = (async (url: string) => {
    seen.push(String(url));
    const doc = String(url).split('/').slice(3, 5).join(':');
    if (!pending.has(doc)) return new Response(JSON.stringify({ error: 'no_draft', message: 'There is no pending draft to publish.' }), { status: 409 });
    return new Response(JSON.stringify({ publishedVersionId: 7 }), { status: 200 });
  }) as typeof globalThis.fetch;
  return { transport: createTransport({ apiBase: '/api/cms', fetch }), seen };
}

function deps(transport: BarActionDeps['transport'], docs: SaveTarget[], said: string[]): BarActionDeps {
  return {
    transport,
    docs,
    editParam: 'edit',
    manual: false,
    publish: true,
    openSettings: null,
    flush: async () => {},
    unsaved: () => false,
    say: (_tone, text) => void said.push(text),
    leave: () => {},
    refresh: () => {},
  };
}

describe('Publish on a page with several drafts documents', () => {
  it('publishes every document with pending work (the page and a region in the layout), and says so', async () => {
    const { transport, seen } = api(new Set(['home:index', 'footer:site']));
    const said: string[] = [];
    await barActions(deps(transport, [target('home', 'index'), target('pages', '3'), target('footer', 'site')], said)).versions?.publish?.();
    expect(seen).toEqual(['/api/cms/home/index/publish', '/api/cms/pages/3/publish', '/api/cms/footer/site/publish']);
    expect(said.at(-1)).toBe('Published: visitors now see this version.');
  });

  it('says there is nothing to publish when no document has a draft', async () => {
    const { transport } = api(new Set());
    const said: string[] = [];
    await barActions(deps(transport, [target('home', 'index')], said)).versions?.publish?.();
    expect(said.at(-1)).toBe('Nothing to publish: visitors already see this page.');
  });

  it('offers no Publish, Discard or History on a page without drafts documents', () => {
    const { transport } = api(new Set());
    expect(barActions(deps(transport, [], [])).versions).toBeUndefined();
  });
});

describe('the Search button', () => {
  it('is offered only when the page can open the search', () => {
    const { transport } = api(new Set());
    let opened = 0;
    expect(barActions(deps(transport, [], [])).search).toBeUndefined();
    barActions({ ...deps(transport, [], []), openSearch: () => void opened++ }).search?.();
    expect(opened).toBe(1);
  });
});

describe('review requests in the bar', () => {
  it('gives a writer Ask to publish (after every edit is saved) where a publisher has Publish, and a publisher Reviews', async () => {
    const { transport } = api(new Set());
    const asked: string[][] = [];
    const order: string[] = [];
    const review = {
      askToPublish: async (docs: readonly SaveTarget[]) => void asked.push(docs.map((doc) => `${doc.collection}:${doc.key}`)),
      openReviews: () => void order.push('reviews'),
    };
    const docs = [target('home', 'index'), target('pages', '3')];
    const writer = barActions({ ...deps(transport, docs, []), ...review, publish: false, flush: async () => void order.push('flush') });
    expect(writer.versions?.publish).toBeUndefined();
    expect(writer.reviews).toBeUndefined();
    await writer.askToPublish?.();
    expect(order).toEqual(['flush']);
    expect(asked).toEqual([['home:index', 'pages:3']]);

    const publisher = barActions({ ...deps(transport, docs, []), ...review });
    expect(publisher.askToPublish).toBeUndefined();
    publisher.reviews?.();
    expect(order).toEqual(['flush', 'reviews']);
  });

  it('does not ask while an edit is unsaved, and says why', async () => {
    const { transport } = api(new Set());
    const said: string[] = [];
    let asked = 0;
    const writer = barActions({
      ...deps(transport, [target('home', 'index')], said),
      publish: false,
      unsaved: () => true,
      askToPublish: async () => void asked++,
    });
    await writer.askToPublish?.();
    expect(asked).toBe(0);
    expect(said.at(-1)).toBe('Asking for review waits until every edit is saved.');
  });
});

describe('History’s Restore and Publish this', () => {
  it('a writer may restore (a draft save through …/restore, never …/publish) but is offered no Publish this; a refusal comes back in words', async () => {
    const seen: string[] = [];
    const fetch = (async (url: string) => {
      seen.push(String(url));
      return new Response(JSON.stringify({ error: 'not_found', message: 'Version 9 is not a version of pages row 3.' }), { status: 404 });
    }) as typeof globalThis.fetch;
    const transport = createTransport({ apiBase: '/api/cms', fetch });
    const versions = barActions({ ...deps(transport, [target('pages', '3')], []), publish: false }).versions;
    expect(versions?.publishVersion).toBeUndefined();
    expect(await versions?.restore?.(9, '14:02')).toContain('Version 9 is not a version of pages row 3.');
    expect(seen).toEqual(['/api/cms/pages/3/restore']);
  });
});
