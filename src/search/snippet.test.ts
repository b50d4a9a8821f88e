import { describe, expect, it } from 'vitest';
import { escapeHtml, LEAD_CHARS, leadSnippet, snippetHtml } from './snippet.ts';

describe('snippetHtml', () => {
  it('escapes everything and turns only the sentinels into <mark>', () => {
    expect(snippetHtml('<script>x</script> \u0002"café"\u0003 & \'<b>\'')).toBe(
      '&lt;script&gt;x&lt;/script&gt; <mark>&quot;café&quot;</mark> &amp; &#39;&lt;b&gt;&#39;',
    );
    expect(snippetHtml('&lt;mark&gt;')).toBe('&amp;lt;mark&amp;gt;');
  });
});

describe('leadSnippet', () => {
  it('the start of the body, escaped, cut at a word with an ellipsis', () => {
    expect(leadSnippet('  short   <b>text</b> ')).toBe('short &lt;b&gt;text&lt;/b&gt;');
    const long = `${'word '.repeat(60)}end`;
    const lead = leadSnippet(long);
    expect(lead.endsWith('word…')).toBe(true);
    expect(lead.length).toBeLessThanOrEqual(LEAD_CHARS + 1);
    expect(leadSnippet('x'.repeat(400))).toBe(`${'x'.repeat(LEAD_CHARS)}…`);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
