import { describe, expect, it } from 'vitest';
import { allowCspDataFonts, rewriteCspStyleSrc } from './csp.ts';

const withCsp = (policy: string) => new Response('ok', { headers: { 'content-security-policy': policy } });
const csp = (res: Response) => res.headers.get('content-security-policy');

describe('allowCspDataFonts', () => {
  it('adds data: to font-src', () => {
    expect(csp(allowCspDataFonts(withCsp("default-src 'self'; font-src 'self' https://fonts.example")))).toBe(
      "default-src 'self'; font-src 'self' https://fonts.example data:",
    );
  });
  it("replaces 'none' rather than keeping a contradiction", () => {
    expect(csp(allowCspDataFonts(withCsp("font-src 'none'")))).toBe('font-src data:');
  });
  it('appends a font-src built from default-src when there is none', () => {
    expect(csp(allowCspDataFonts(withCsp("default-src 'self' https://cdn.example; img-src *")))).toBe(
      "default-src 'self' https://cdn.example; img-src *; font-src 'self' https://cdn.example data:",
    );
  });
  it('adds data: next to * because * does not match data:', () => {
    expect(csp(allowCspDataFonts(withCsp('font-src *')))).toBe('font-src * data:');
  });
  it('is a no-op without a CSP, with fonts unrestricted, or with data: allowed', () => {
    const bare = new Response('ok');
    expect(allowCspDataFonts(bare)).toBe(bare);
    expect(csp(allowCspDataFonts(withCsp("script-src 'self'")))).toBe("script-src 'self'");
    expect(csp(allowCspDataFonts(withCsp("font-src 'self' data:")))).toBe("font-src 'self' data:");
    expect(csp(allowCspDataFonts(withCsp("default-src 'self' data:")))).toBe("default-src 'self' data:");
  });
});

describe('rewriteCspStyleSrc', () => {
  it('rewrites only style-src', () => {
    const res = rewriteCspStyleSrc(withCsp("default-src 'self'; style-src 'self'; img-src 'self'"), "'self' 'unsafe-inline'");
    expect(csp(res)).toBe("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'");
  });
  it('leaves a response without CSP or without style-src unchanged', () => {
    expect(csp(rewriteCspStyleSrc(new Response('x'), "'self'"))).toBeNull();
    expect(csp(rewriteCspStyleSrc(withCsp("default-src 'self'"), "'self'"))).toBe("default-src 'self'");
  });
});
