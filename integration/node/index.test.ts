import { describe, expect, it } from 'vitest';
import louise from './index.ts';

describe('the routes louise() injects', () => {
  it('are endpoints (.ts), so @astrojs/sitemap, which lists only routes of type "page", never lists them', () => {
    const injected: { pattern: string; entrypoint: string | URL }[] = [];
    const setup = louise().hooks['astro:config:setup'] as unknown as (options: object) => void;
    setup({
      config: { root: new URL('file:///nowhere/'), srcDir: new URL('file:///nowhere/src/') },
      injectRoute: (route: { pattern: string; entrypoint: string | URL }) => injected.push(route),
      addMiddleware: () => {},
      updateConfig: () => {},
    });
    expect(injected.map((route) => route.pattern).sort()).toEqual(['/api/cms/[...path]', '/cms/login', '/media/[...key]']);
    for (const route of injected) expect(String(route.entrypoint), route.pattern).toMatch(/\.ts$/);
  });
});
