import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterAll, describe, expect, it } from 'vitest';
import { runsWorkerFirst } from './worker-first.testing.ts';
import { prerenderedPageRules, routePrerenderedPages, type RoutingInput } from './worker-routing.ts';

const STATIC = ['_astro', '/_louise/'];
const rules = (files: string[], more: Partial<RoutingInput> = {}) => prerenderedPageRules({ files, base: '/', staticDirs: STATIC, ...more });

/** What wrangler refuses (parseStaticRouting): over 100 rules, a rule of 100 characters or more, a duplicate, one a glob makes redundant. */
function refused(list: readonly string[]): string[] {
  const problems: string[] = [];
  if (list.length > 100) problems.push(`${list.length} rules`);
  for (const kind of [list.filter((r) => r.startsWith('/')), list.filter((r) => r.startsWith('!/'))]) {
    if (new Set(kind).size !== kind.length) problems.push('duplicate');
    for (const rule of kind) {
      if (rule.length >= 100) problems.push(`long ${rule}`);
      if (rule.endsWith('*'))
        for (const other of kind) if (other !== rule && other.startsWith(rule.slice(0, -1))) problems.push(`${rule} makes ${other} redundant`);
    }
  }
  return problems;
}

describe('run_worker_first for the built Worker', () => {
  it("lists the blog starter's pages at their canonical URLs, and nothing from public/ or the build's assets", () => {
    const list = rules(['index.html', 'about/index.html', 'blog/index.html', 'blog/first-post/index.html', 'rss.xml']) as string[];
    expect(list).toEqual(['/', '/about/', '/blog/', '/blog/first-post/']);
    for (const path of ['/favicon.svg', '/robots.txt', '/rss.xml', '/_astro/index.css', '/_louise/editor.js', '/images/a.png'])
      expect(runsWorkerFirst(list, path), path).toBe(false);
  });

  it('follows build.format file and the html_handling the site chose', () => {
    expect(rules(['index.html', 'about.html', 'blog/post.html'])).toEqual(['/', '/about', '/blog/post']);
    expect(rules(['about/index.html', 'contact.html'], { htmlHandling: 'drop-trailing-slash' })).toEqual(['/about', '/contact']);
    expect(rules(['about/index.html', 'contact.html'], { htmlHandling: 'force-trailing-slash' })).toEqual(['/about/', '/contact/']);
    expect(rules(['about/index.html'], { htmlHandling: 'none' })).toEqual(['/about/index.html']);
  });

  it("puts Astro's base in front, and writes non-ASCII paths as a request carries them", () => {
    expect(rules(['index.html', 'über/index.html'], { base: '/docs' })).toEqual(['/docs/', '/docs/%C3%BCber/']);
  });

  it('is null without a prerendered page, so the config stays as the adapter wrote it', () => {
    expect(rules(['rss.xml', 'sitemap-index.xml'])).toBeNull();
    expect(rules([])).toBeNull();
  });

  it("keeps the site's own rules, and drops its pages a glob of the site's covers", () => {
    expect(rules(['index.html', 'api-docs/index.html'], { existing: ['/api/*'] })).toEqual(['/api/*', '/', '/api-docs/']);
    // What an earlier init wrote, still in a site's config: everything reaches the Worker already.
    expect(rules(['index.html', 'about/index.html'], { existing: ['/*', '!/_astro/*', '!/_louise/*'] })).toEqual(['/*', '!/_astro/*', '!/_louise/*']);
  });

  it('folds the folder that saves enough into a glob when a site has more pages than Cloudflare allows rules', () => {
    const posts = Array.from({ length: 150 }, (_, i) => `blog/2026/post-${i}/index.html`);
    const list = rules(['index.html', 'about/index.html', ...posts]) as string[];
    expect(list).toEqual(['/', '/about/', '/blog/2026/*']);
    expect(refused(list)).toEqual([]);
    expect(runsWorkerFirst(list, '/blog/2026/post-149/')).toBe(true);
    expect(runsWorkerFirst(list, '/favicon.svg')).toBe(false);
  });

  it('keeps every page reachable and wrangler satisfied with 150 pages in 30 folders, and keeps /_astro/ out of a root glob', () => {
    const files = Array.from({ length: 150 }, (_, i) => `s${i % 30}/p${i}/index.html`);
    const list = rules(files) as string[];
    expect(refused(list)).toEqual([]);
    for (const file of files) expect(runsWorkerFirst(list, `/${file.replace('index.html', '')}`), file).toBe(true);
    const everything = rules(Array.from({ length: 150 }, (_, i) => `p${i}/index.html`)) as string[];
    expect(everything).toEqual(['/*', '!/_astro/*', '!/_louise/*']);
    expect(refused(everything)).toEqual([]);
    expect(runsWorkerFirst(everything, '/_astro/a.css')).toBe(false);
  });

  it('shortens a path too long for a rule to the glob of its deepest folder that fits', () => {
    const long = `docs/${'a'.repeat(60)}/${'b'.repeat(60)}/index.html`;
    const list = rules([long]) as string[];
    expect(list).toEqual([`/docs/${'a'.repeat(60)}/*`]);
    expect(refused(list)).toEqual([]);
    expect(runsWorkerFirst(list, `/${long.replace('index.html', '')}`)).toBe(true);
  });
});

describe('the built wrangler.json', () => {
  const root = mkdtempSync(join(tmpdir(), 'louise-routing-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const logger = { info: () => {}, warn: () => {}, debug: () => {} } as unknown as AstroIntegrationLogger;
  const write = (file: string, text = '') => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const dirUrl = (dir: string) => pathToFileURL(`${join(root, dir)}/`);

  it("gets the pages the build wrote, not public/'s files, beside what the adapter put in assets", () => {
    write('dist/server/wrangler.json', JSON.stringify({ name: 'blog', assets: { directory: '../client', binding: 'ASSETS' } }));
    for (const file of ['index.html', 'about/index.html', 'blog/first-post/index.html', 'rss.xml', '_astro/a.css', 'favicon.svg', 'google123.html'])
      write(`dist/client/${file}`);
    write('public/favicon.svg');
    write('public/google123.html');
    routePrerenderedPages(
      { serverDir: dirUrl('dist/server'), clientDir: dirUrl('dist/client'), publicDir: dirUrl('public'), base: '/', staticDirs: ['_astro', '/_louise/'] },
      logger,
    );
    expect(JSON.parse(readFileSync(join(root, 'dist/server/wrangler.json'), 'utf8'))).toEqual({
      name: 'blog',
      assets: { directory: '../client', binding: 'ASSETS', run_worker_first: ['/', '/about/', '/blog/first-post/'] },
    });
  });
});
