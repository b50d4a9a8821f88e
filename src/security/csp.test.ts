import { describe, expect, it } from 'vitest';
import { allowCspDataFonts, extendCsp, extendCspPolicy, rewriteCspStyleSrc } from './csp.ts';

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

describe('extendCsp', () => {
  it('adds missing sources to present directives and drops none', () => {
    expect(
      csp(
        extendCsp(withCsp("default-src 'self'; script-src 'self'; frame-src 'none'"), {
          script: ['https://a.example', "'self'"],
          frame: ['https://a.example'],
        }),
      ),
    ).toBe("default-src 'self'; script-src 'self' https://a.example; frame-src https://a.example");
  });

  it('creates an absent directive from its fallback, so what the fallback allowed stays allowed', () => {
    expect(csp(extendCsp(withCsp("default-src 'self' https://cdn.example"), { connect: ['https://api.example'] }))).toBe(
      "default-src 'self' https://cdn.example; connect-src 'self' https://cdn.example https://api.example",
    );
    // frame-src falls back to child-src before default-src.
    expect(csp(extendCsp(withCsp("default-src 'none'; child-src 'self'"), { frame: ['https://f.example'] }))).toBe(
      "default-src 'none'; child-src 'self'; frame-src 'self' https://f.example",
    );
  });

  it('leaves an unrestricted type unrestricted, and returns the same response when nothing changes', () => {
    const open = withCsp("img-src 'self'");
    expect(extendCsp(open, { script: ['https://a.example'] })).toBe(open);
    const bare = new Response('ok');
    expect(extendCsp(bare, { script: ['https://a.example'] })).toBe(bare);
    const already = withCsp("script-src 'self' https://a.example");
    expect(extendCsp(already, { script: ['https://a.example'] })).toBe(already);
  });

  it('extendCspPolicy works on the header text', () => {
    expect(extendCspPolicy("default-src 'self'", { font: ['data:'] })).toBe("default-src 'self'; font-src 'self' data:");
  });
});
