import { createRequire } from 'node:module';
import sanitizeHtml from 'sanitize-html';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sanitizeMarkdownHtml } from '../security/sanitize-markdown.ts';
import { renderMarkdown } from './render.ts';

// commonmark-spec is CommonJS without types: read its examples through a schema.
const Spec = v.object({
  tests: v.array(v.object({ markdown: v.string(), html: v.string(), section: v.string(), number: v.number() })),
});
const { tests: examples } = v.parse(Spec, createRequire(import.meta.url)('commonmark-spec'));

/**
 * The examples of CommonMark 0.31.2 whose rendering differs, by number, with
 * the section and why. Any other example rendering differently fails the test;
 * so does an example listed here that no longer differs.
 */
const SPEC_DIFFERENCES: Readonly<Record<number, string>> = {
  602: 'Autolinks: GFM autolink literals (on, as in Astro) link the bare URL inside `<https://foo.bar/baz bim>`',
  608: 'Autolinks: GFM autolink literals link the bare URL inside `< https://foo.bar >`',
  611: 'Autolinks: GFM autolink literals link a bare `https://example.com`',
  612: 'Autolinks: GFM autolink literals link a bare email address',
};

const HEADING = /^h[1-6]$/;

/**
 * One serialization of `html` for comparison: attributes sorted, character
 * references in one form, no whitespace between tags (text and code keep theirs).
 * A heading's id is left out (the spec has none; heading-ids.test.ts checks them).
 */
function normalize(html: string): string {
  const serialized = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs)
            .filter(([name]) => !(HEADING.test(tagName) && name === 'id'))
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        ),
      }),
    },
  });
  return serialized.replace(/>\s+</g, '><').trim();
}

// The spec shows a tab as →.
const tabs = (text: string) => text.replaceAll('→', '\t');

function differs(example: (typeof examples)[number]): { got: string; want: string } | undefined {
  const got = normalize(renderMarkdown(tabs(example.markdown)));
  // The spec's HTML through the same sanitizer, so raw-HTML examples compare like with like.
  const want = normalize(sanitizeMarkdownHtml(tabs(example.html)));
  return got === want ? undefined : { got, want };
}

describe('renderMarkdown against the CommonMark spec', () => {
  it('has all 652 examples of CommonMark 0.31.2', () => {
    expect(examples).toHaveLength(652);
  });

  it('renders every example as the spec does, but the listed differences', () => {
    const unexpected = examples.flatMap((example) => {
      const diff = SPEC_DIFFERENCES[example.number] === undefined ? differs(example) : undefined;
      return diff ? [`#${example.number} ${example.section}: ${JSON.stringify(example.markdown)}\n  got  ${diff.got}\n  want ${diff.want}`] : [];
    });
    expect(unexpected).toEqual([]);
  });

  it('still differs on every listed example (the list is not stale)', () => {
    for (const number of Object.keys(SPEC_DIFFERENCES).map(Number)) {
      const example = examples.find((candidate) => candidate.number === number);
      expect(example && differs(example), `example ${number}`).toBeDefined();
    }
  });
});
