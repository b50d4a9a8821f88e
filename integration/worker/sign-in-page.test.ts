import { describe, expect, it } from 'vitest';
import { signInPage } from './sign-in-page.ts';

const hashOf = async (text: string) =>
  `sha256-${btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))))}`;

describe('the sign-in page', () => {
  it('is HTML that is never cached or indexed', async () => {
    const res = await signInPage('/about?edit');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('data-next="/about?edit"');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('escapes next into its attribute', async () => {
    const html = await (await signInPage('/a"><script>alert(1)</script>')).text();
    expect(html).toContain('data-next="/a&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('allows exactly its own script and style in its CSP', async () => {
    const res = await signInPage('/');
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(script).toContain("fetch('/api/cms/auth/login'");
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src '${await hashOf(script)}';`);
    expect(csp).toContain(`style-src '${await hashOf(style)}';`);
    expect(csp).toMatch(/^default-src 'none'; .*connect-src 'self'; .*frame-ancestors 'none'$/);
  });
});
