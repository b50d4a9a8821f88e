import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { headingIds } from './heading-ids.ts';

// Astro 7's own Markdown renderer with its defaults (GFM, smart punctuation), Shiki off: the oracle for ids.
const astro = await createSatteriMarkdownProcessor({ syntaxHighlight: false });

const ID = /<h[1-6][^>]*?\sid="([^"]*)"/g;
const idsIn = (html: string): string[] => [...html.matchAll(ID)].map((match) => match[1] ?? '');

function ours(markdown: string): string[] {
  return idsIn(micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml(), headingIds()] }));
}

async function astros(markdown: string): Promise<string[]> {
  return idsIn((await astro.render(markdown)).code);
}

describe('headingIds: the ids Astro gives Markdown headings', () => {
  it('slugs the text, one slugger per document, repeats numbered', () => {
    expect(ours('# Hello World\n\n## Hello World\n\nSetext\n---\n\n# Hello World-1\n\n# hello   world')).toEqual([
      'hello-world',
      'hello-world-1',
      'setext',
      'hello-world-1-1',
      // github-slugger turns each space into a dash, it does not collapse them.
      'hello---world',
    ]);
    // A new document starts again.
    expect(ours('# Hello World')).toEqual(['hello-world']);
  });

  it("takes the text inside inline markup and raw HTML, not the tags nor an image's alt", () => {
    expect(ours('# a *b* `c` &amp; <span title="x>y">d</span> ![alt](i.png) [e](https://x.example)')).toEqual(['a-b-c--d--e']);
  });

  it('keeps the heading body as micromark writes it, raw HTML in place', () => {
    const html = micromark('# a <kbd>b</kbd> *c*\n\nT\n=', { allowDangerousHtml: true, htmlExtensions: [headingIds()] });
    expect(html).toBe('<h1 id="a-b-c">a <kbd>b</kbd> <em>c</em></h1>\n<h1 id="t">T</h1>');
  });

  it('matches Astro on hand-picked headings', async () => {
    const cases = [
      '# Héllo Wörld! 😀',
      '# A\n# A\n# A-1\n## a',
      '## Code `x = 1` & *more*\n\n## Code `x = 1` & *more*',
      'Multi\nline\n===\n\n# trailing #####',
      '# [link](https://x.example) ![img](y.png) **z**',
      '# 1. Step: set up (part 2/3)',
      '#   spaced   out   ',
      '# <em>raw</em> tag',
      '# Ünïcödé ßtraße 日本語 テスト',
      '# under_score and-dash',
      '- # in a list\n\n> # in a quote',
      '# It\'s "quoted"... really',
    ];
    for (const markdown of cases) expect(ours(markdown), markdown).toEqual(await astros(markdown));
  });

  it('matches Astro on generated documents of headings', async () => {
    const word = fc.constantFrom(
      'Hello',
      'world',
      'API',
      'v2.0',
      'café',
      '日本',
      '#tag',
      'C++',
      'a_b',
      'x-y',
      '100%',
      '(note)',
      '*em*',
      '**strong**',
      '`code`',
      '~~gone~~',
      '&amp;',
      '<b>raw</b>',
      '[link](/x)',
      '😀',
      'Über',
    );
    const heading = fc
      .tuple(fc.integer({ min: 1, max: 6 }), fc.array(word, { minLength: 1, maxLength: 5 }))
      .map(([level, words]) => `${'#'.repeat(level)} ${words.join(' ')}`);
    await fc.assert(
      fc.asyncProperty(fc.array(heading, { minLength: 1, maxLength: 8 }), async (headings) => {
        const markdown = headings.join('\n\npara\n\n');
        expect(ours(markdown)).toEqual(await astros(markdown));
      }),
      { numRuns: 300 },
    );
  });
});
