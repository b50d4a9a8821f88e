import { mutable } from './headers.ts';

const CSP = 'content-security-policy';

type Directives = Array<[name: string, sources: string[]]>;

function parse(policy: string): Directives {
  return policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', ...sources] = part.split(/\s+/);
      return [name.toLowerCase(), sources];
    });
}

function serialize(directives: Directives): string {
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * Rewrites only the `style-src` directive of an existing CSP. Without a CSP,
 * or without a `style-src` directive, the response is returned unchanged.
 */
export function rewriteCspStyleSrc(response: Response, styleSrc: string): Response {
  const policy = response.headers.get(CSP);
  if (!policy) return response;
  const directives = parse(policy);
  const entry = directives.find(([name]) => name === 'style-src');
  if (!entry) return response;
  entry[1] = styleSrc.trim().split(/\s+/).filter(Boolean);
  const out = mutable(response);
  out.headers.set(CSP, serialize(directives));
  return out;
}

/**
 * Lets fonts load from `data:` URLs (inlined by the build). Adds `data:` to
 * `font-src`; with no `font-src` but a `default-src`, appends a `font-src`
 * built from `default-src` plus `data:`. A no-op without a CSP, when fonts are
 * unrestricted (neither `font-src` nor `default-src`) or `data:` is already
 * allowed. `*` does not match `data:` in CSP, so a `*` list still gets it.
 */
export function allowCspDataFonts(response: Response): Response {
  const policy = response.headers.get(CSP);
  if (!policy) return response;
  const directives = parse(policy);
  const font = directives.find(([name]) => name === 'font-src');
  const fallback = directives.find(([name]) => name === 'default-src');
  const current = font ?? fallback;
  if (!current) return response;
  const sources = current[1];
  if (sources.includes('data:')) return response;
  const next = sources.filter((source) => source !== "'none'").concat('data:');
  if (font) font[1] = next;
  else directives.push(['font-src', next]);
  const out = mutable(response);
  out.headers.set(CSP, serialize(directives));
  return out;
}
