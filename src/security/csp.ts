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

/** Source lists to add, per fetch directive: `script` is `script-src`, and so on. */
export type CspSources = Partial<Record<'script' | 'style' | 'frame' | 'connect' | 'font' | 'img' | 'media' | 'worker', readonly string[]>>;

// Where a browser looks when a directive is absent (CSP3 fallback lists).
const FALLBACK: Record<string, readonly string[]> = { 'frame-src': ['child-src', 'default-src'], 'worker-src': ['child-src', 'script-src', 'default-src'] };

/**
 * Adds sources to a policy string, one directive at a time. A directive that
 * is present gets the missing sources (and loses `'none'`). An absent one
 * falls back in the browser (to `default-src`, `frame-src` through
 * `child-src`), so it is created from that fallback plus the additions, and
 * the rest of what the fallback allows stays allowed. With neither, the type
 * is unrestricted and is left so: adding a directive would restrict it.
 */
export function extendCspPolicy(policy: string, sources: CspSources): string {
  const directives = parse(policy);
  const get = (name: string) => directives.find(([n]) => n === name);
  let changed = false;
  for (const [kind, extra] of Object.entries(sources)) {
    if (!extra || extra.length === 0) continue;
    const name = `${kind}-src`;
    const own = get(name);
    const current = own ?? (FALLBACK[name] ?? ['default-src']).map(get).find((d) => d !== undefined);
    if (!current) continue;
    const missing = extra.filter((source) => !current[1].includes(source));
    if (missing.length === 0) continue;
    const next = current[1].filter((source) => source !== "'none'").concat(missing);
    if (own) own[1] = next;
    else directives.push([name, next]);
    changed = true;
  }
  return changed ? serialize(directives) : policy;
}

/**
 * `extendCspPolicy` on a response's Content-Security-Policy header: merges
 * what a widget needs (for example `posWebPaymentsCsp()` from
 * `louise/commerce/pos-web`) into the page's own policy. A response without
 * a CSP, or one that already allows everything asked, is returned unchanged.
 */
export function extendCsp(response: Response, sources: CspSources): Response {
  const policy = response.headers.get(CSP);
  if (!policy) return response;
  const next = extendCspPolicy(policy, sources);
  if (next === policy) return response;
  const out = mutable(response);
  out.headers.set(CSP, next);
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
  return extendCsp(response, { font: ['data:'] });
}
