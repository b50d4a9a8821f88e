/**
 * Where the sign-in page sends the editor afterwards: `raw` as a path on
 * this site, or `fallback`. `raw` is resolved the way a browser resolves it
 * (so `/\t/evil.com`, `/\evil.com` and `/.//evil.com` are seen as the other
 * host they really are) and kept only when it lands on `siteUrl`'s origin.
 *
 * @example
 * safeNext(Astro.url.searchParams.get('next'), Astro.url, '/?edit');
 */
export function safeNext(raw: string | null, siteUrl: URL, fallback: string): string {
  if (!raw) return fallback;
  const resolved = parse(raw, siteUrl.origin);
  if (resolved?.origin !== siteUrl.origin) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // Dot segments collapse: `/.//evil.com` has the pathname `//evil.com`,
  // which read again is another host. Keep only what reads back the same.
  return parse(path, siteUrl.origin)?.href === resolved.href ? path : fallback;
}

function parse(url: string, base: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}
