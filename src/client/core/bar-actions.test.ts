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
