// URL checks shared by the HTML sanitizers. Values arrive here as the browser
// will see them: the HTML parser has already decoded one layer of entities.

/** Schemes a rich-text link or image may use. */
export const RICH_URL_SCHEMES: readonly string[] = Object.freeze(['http', 'https', 'mailto', 'tel']);

/** Schemes a model-written link may use (it must also be absolute). */
export const MODEL_URL_SCHEMES: readonly string[] = Object.freeze(['http', 'https', 'mailto']);

// Characters no scheme can contain. The URL parser only drops tab, LF and CR
// inside a URL and trims C0 controls and spaces at its ends; dropping every
// control, space and invisible format character before reading the scheme is
// stricter, so whatever scheme a browser sees, this check sees too.
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Deepest nesting of entity or percent encoding looked through.
const DECODE_LAYERS = 4;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  period: '.',
  lpar: '(',
  rpar: ')',
  comma: ',',
  num: '#',
  percnt: '%',
  nbsp: '\u00a0',
  semi: ';',
  equals: '=',
  quest: '?',
  excl: '!',
  plus: '+',
};

function fromCodePoint(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

// One layer of HTML entity and percent decoding. Only used to look for a
// hidden scheme, so decoding too eagerly can refuse an odd URL but never
// accept a bad one.
function decodeLayer(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&([a-z]+);?/gi, (whole, name: string) => NAMED[name.toLowerCase()] ?? whole)
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function schemeOf(value: string): string | undefined {
  return SCHEME.exec(value.replace(INVISIBLE, ''))?.[1]?.toLowerCase();
}

/** Options for {@link isSafeUrl}. */
export interface UrlPolicy {
  /** Lower-case schemes accepted. */
  readonly schemes: readonly string[];
  /** Accept relative URLs (paths, `?query`, `#fragment`, `//host`). When false the URL must parse as absolute. */
  readonly relative: boolean;
}

/**
 * True when `value` may stand in an href or src: its scheme is allowed (or it
 * is relative and the policy accepts that), and no layer of entity or
 * percent encoding hides another scheme (`&#x6A;avascript:`, `%6Aavascript:`).
 */
export function isSafeUrl(value: string, policy: UrlPolicy): boolean {
  const scheme = schemeOf(value);
  if (scheme === undefined ? !policy.relative : !policy.schemes.includes(scheme)) return false;
  if (!policy.relative) {
    // What the browser's own URL parser makes of it: it must be absolute and
    // keep the scheme read above (a space inside `ht tp:` makes it relative).
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return false;
    }
    if (parsed.protocol !== `${scheme}:`) return false;
  }
  let layer = value;
  for (let i = 0; i < DECODE_LAYERS; i++) {
    const next = decodeLayer(layer);
    if (next === layer) break;
    const hidden = schemeOf(next);
    if (hidden !== undefined && !policy.schemes.includes(hidden)) return false;
    layer = next;
  }
  return true;
}

/**
 * True when a browser would read `value` as `//host/...`: another site,
 * though it looks like a path (backslashes count as slashes, and invisible
 * characters are dropped first, so `/\t/evil` is caught too).
 */
export function isProtocolRelative(value: string): boolean {
  return /^[/\\]{2}/.test(value.replace(INVISIBLE, ''));
}

/** A parsed `mediaBase`: an absolute http(s) prefix or a root-relative path prefix. */
export interface MediaBase {
  /** Origin for an absolute base, undefined for a root-relative one. */
  readonly origin: string | undefined;
  /** Path prefix, always ending in `/`. */
  readonly path: string;
}

// Placeholder origin to resolve root-relative paths against; `.invalid` can never be real.
const PLACEHOLDER = 'https://louise-media-base.invalid';

/** Parses a `mediaBase` option; throws TypeError when it is not a usable prefix. */
export function parseMediaBase(base: string): MediaBase {
  const problem = (why: string) => new TypeError(`mediaBase ${JSON.stringify(base)} ${why}`);
  if (/[\\\u0000-\u0020\u007f%]/.test(base)) throw problem('must not contain spaces, controls, backslashes or percent escapes');
  const rootRelative = base.startsWith('/') && !base.startsWith('//');
  let url: URL;
  try {
    url = rootRelative ? new URL(base, PLACEHOLDER) : new URL(base);
  } catch {
    throw problem('is neither an absolute http(s) URL nor a path starting with /');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw problem('must use http or https');
  if (url.username || url.password || url.search || url.hash) throw problem('must not carry credentials, a query or a fragment');
  if (rootRelative && url.pathname !== base) throw problem('must be a plain path without dot segments');
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return { origin: rootRelative ? undefined : url.origin, path };
}

/**
 * True when an img src stays under the media base once the browser resolves
 * it: same origin (so `media.example.com.evil.com`, `user@` tricks and `//evil`
 * fail) and a path under the base after dot segments are resolved. Backslashes,
 * whitespace and encoded slashes, dots or percent signs are refused outright,
 * since servers and browsers disagree on them.
 */
export function isUnderMediaBase(src: string, base: MediaBase): boolean {
  if (/[\\\u0000-\u0020\u007f]|%(?:2[e5f]|5c)/i.test(src)) return false;
  let url: URL;
  try {
    if (base.origin === undefined) {
      if (!src.startsWith('/') || src.startsWith('//')) return false;
      url = new URL(src, PLACEHOLDER);
      if (url.origin !== PLACEHOLDER) return false;
    } else {
      url = new URL(src);
      if (url.origin !== base.origin) return false;
    }
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.pathname.startsWith(base.path);
}

/** Schemes that run script (or carry a whole document) when a browser follows them. */
export const SCRIPT_URL_SCHEMES: readonly string[] = Object.freeze(['javascript', 'vbscript', 'data']);

/**
 * True when `text` would be read as a `javascript:`, `vbscript:` or `data:`
 * URL: its scheme, once every control, space and invisible character is
 * dropped and any layer of entity or percent encoding is looked through, is
 * one of {@link SCRIPT_URL_SCHEMES} (any case). For values that are not meant
 * as URLs at all (setting text a site may still put in an href), so a script
 * URL can never be stored there; stricter than a browser on purpose.
 *
 * @example startsWithScriptScheme(' JaVa\tScript:alert(1)') // true
 */
export function startsWithScriptScheme(text: string): boolean {
  let layer = text;
  for (let i = 0; i <= DECODE_LAYERS; i++) {
    const scheme = schemeOf(layer);
    if (scheme !== undefined && SCRIPT_URL_SCHEMES.includes(scheme)) return true;
    const next = decodeLayer(layer);
    if (next === layer) break;
    layer = next;
  }
  return false;
}
