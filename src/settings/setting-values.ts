import * as v from 'valibot';
import type { Violation } from '../content/validation-error.ts';
import { LouiseValidationError } from '../content/validation-error.ts';
import { imageValue, type ImageValue } from '../db/field-spec.ts';
import { jsonLimitProblem } from '../http/json-limits.ts';
import { normalizeFieldText, normalizeJsonStrings } from '../security/field-text.ts';
import { isSafeUrl, isUnderMediaBase, parseMediaBase, RICH_URL_SCHEMES, startsWithScriptScheme } from '../security/url-scheme.ts';
import { isJsonObject, ownValue } from './own-keys.ts';
import { refuse, type SettingSanitizer } from './setting-sanitizer.ts';

// The setting sanitizers: what every settings write (settingsRoute,
// blobSettingsRoute, seeding, a site's own code) stores through. Each checks
// shape and size and normalizes text (no NUL, no lone surrogates; one-line
// text also without line breaks or bidi controls). Whatever a template may
// put in an href or src cannot hold a script URL: a link's href passes the
// rich-text link allowlist, an image's src must be under the media URL, and
// no string anywhere in a `json` setting (whose shape the toolkit does not
// know) may start with a script scheme. Text settings are text: a tagline
// may begin "Data: ..." and is rendered escaped.

const SCRIPT_MESSAGE = 'must not start with javascript:, vbscript: or data: (a script URL); remove that prefix or reword it';
/** Most violations one value reports: enough to fix, never a flood. */
const MAX_VIOLATIONS = 20;

/** One-line (or, with `multiline`, free) text of at most `max` characters. */
export function settingText(options: { max: number; multiline?: boolean }): SettingSanitizer {
  const { max } = options;
  const oneLine = !options.multiline;
  return function text(value) {
    return checkedText(value, max, oneLine, '');
  };
}

/** A link list: an array (at most `max`, default 50) of `{ label, href }`; href relative or http, https, mailto or tel. */
export function settingLinks(options: { max?: number } = {}): SettingSanitizer {
  const max = options.max ?? 50;
  return function links(value) {
    if (!Array.isArray(value)) refuse('must be a list of links, each { label, href }');
    if (value.length > max) refuse(`has ${value.length} links; keep at most ${max}`);
    const out: { label: string; href: string }[] = [];
    const violations: Violation[] = [];
    value.forEach((item: unknown, index) => {
      const link = checkedLink(item, index, violations);
      if (link) out.push(link);
    });
    if (violations.length > 0) throw new LouiseValidationError(violations.slice(0, MAX_VIOLATIONS));
    return out;
  };
}

/** An image from the media library: an {@link ImageValue} whose src is under `mediaBase`, or null for none. */
export function settingImage(mediaBase: string): SettingSanitizer {
  const base = parseMediaBase(mediaBase);
  return function image(value) {
    if (value === null) return null;
    const result = v.safeParse(imageValue, value);
    if (!result.success) {
      const issue = result.issues[0];
      refuse(issue.message, v.getDotPath(issue) ?? '');
    }
    const { src, alt, width, height } = result.output as ImageValue;
    if (!isUnderMediaBase(src, base)) refuse(`must be a file from the media library (a URL under ${mediaBase}); upload it there and choose it`, 'src');
    return { src, alt: checkedText(alt, 1000, true, 'alt'), width, height } satisfies ImageValue;
  };
}

/** Any JSON value within the json field limits, every string normalized, none a script URL. */
export function settingJson(): SettingSanitizer {
  return function jsonValue(value) {
    if (value === undefined) refuse('must be a JSON value');
    const problem = jsonLimitProblem(value);
    if (problem) refuse(`${problem}; make it smaller`);
    const normalized = normalizeJsonStrings(value);
    const violations = scriptStrings(normalized);
    if (violations.length > 0) throw new LouiseValidationError(violations);
    return normalized;
  };
}

function checkedText(value: unknown, max: number, oneLine: boolean, field: string): string {
  if (typeof value !== 'string') refuse('must be text', field);
  const text = normalizeFieldText(value, { oneLine });
  if (text.length > max) refuse(`is ${text.length} characters long; shorten it to at most ${max}`, field);
  return text;
}

function checkedLink(item: unknown, index: number, violations: Violation[]): { label: string; href: string } | null {
  const at = String(index);
  if (!isJsonObject(item)) {
    violations.push({ field: at, message: 'must be a link { label, href }' });
    return null;
  }
  const extra = Object.keys(item).filter((key) => key !== 'label' && key !== 'href');
  if (extra.length > 0) {
    violations.push({ field: at, message: `a link is { label, href }; remove ${extra.slice(0, 5).join(', ')}` });
    return null;
  }
  const label = collect(violations, () => checkedText(ownValue(item, 'label'), 100, true, `${at}.label`));
  const href = collect(violations, () => checkedHref(ownValue(item, 'href'), `${at}.href`));
  return label === null || href === null ? null : { label, href };
}

function checkedHref(value: unknown, field: string): string {
  const href = checkedText(value, 2000, true, field);
  if (href.trim() === '') refuse('is empty; give a path such as /about or a full URL', field);
  if (!isSafeUrl(href, { schemes: RICH_URL_SCHEMES, relative: true })) refuse('must be a path (/about, #top) or an http, https, mailto or tel URL', field);
  return href;
}

/** Runs a check, moving its violations into `violations`; null when it refused. */
function collect<T>(violations: Violation[], check: () => T): T | null {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof LouiseValidationError)) throw error;
    violations.push(...error.violations);
    return null;
  }
}

/** Violations for every string (key or value) in a JSON value that starts with a script scheme. Iterative. */
function scriptStrings(value: unknown): Violation[] {
  const violations: Violation[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && violations.length < MAX_VIOLATIONS) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (startsWithScriptScheme(current)) violations.push({ field: path, message: SCRIPT_MESSAGE });
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push({ value: current[i], path: join(path, String(i)) });
    } else if (isJsonObject(current)) {
      for (const key of Object.keys(current)) {
        if (startsWithScriptScheme(key)) violations.push({ field: join(path, key), message: `its key ${SCRIPT_MESSAGE}` });
        stack.push({ value: current[key], path: join(path, key) });
      }
    }
  }
  return violations.slice(0, MAX_VIOLATIONS);
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
