import * as v from 'valibot';
import type { OverlayRegions } from '../db/overlays-schema.ts';
import { defineCollection, imageValue, INHERITED } from './collection.ts';

/** A region's field name in an overlay marker (`home:index:<field>`). */
export const OVERLAY_FIELD = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/** Whether a name can be a region's field: an identifier (`-` allowed) that no object inherits. */
export function isRegionName(name: string): boolean {
  return OVERLAY_FIELD.test(name) && !INHERITED.has(name);
}

/** An overlay marker's collection (`<collection>:index:heading`). */
export const OVERLAY_COLLECTION = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** Longest overlay key (`home:<key>:heading`), in characters. */
export const MAX_OVERLAY_KEY = 200;

const Region = v.variant(
  'type',
  [
    // `file`: a frontmatter key's entry file, recorded by the server at save (for `louise content pull`).
    v.strictObject({ type: v.picklist(['text', 'richtext']), value: v.string('value must be text'), file: v.exactOptional(v.string()) }),
    v.strictObject({ type: v.literal('image'), value: imageValue }),
    v.strictObject({
      type: v.literal('markdown'),
      value: v.string(),
      html: v.string(),
      source: v.exactOptional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/))),
      file: v.exactOptional(v.string()),
    }),
    v.strictObject({
      type: v.literal('value'),
      value: v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(v.string())]),
      date: v.exactOptional(v.literal(true)),
      file: v.exactOptional(v.string()),
    }),
  ],
  'type must be text, richtext, image, markdown or value',
);
const Regions = v.record(v.pipe(v.string(), v.check(isRegionName, 'region names are identifiers')), Region, 'regions must be an object');

/**
 * The toolkit's collection behind overlay regions: one document per marked
 * `collection:key`, one json field holding every region saved into it. It is
 * a drafts collection like any other, so saves, conflicts, publish, restore
 * and discard are the same code paths as pages.
 */
export const overlayCollection = defineCollection({
  slug: 'overlays',
  fields: { regions: { type: 'json', required: true, schema: Regions } },
  versions: { drafts: true },
});

/**
 * A region marker split into its parts, or null when it is not `<collection>:<key>:<field>`. The key may contain colons.
 * @internal (not exported from any package entry)
 */
export function splitMarker(raw: string | null): { collection: string; key: string; field: string } | null {
  if (!raw) return null;
  const first = raw.indexOf(':');
  const last = raw.lastIndexOf(':');
  if (first <= 0 || last === first || last === raw.length - 1) return null;
  return { collection: raw.slice(0, first), key: raw.slice(first + 1, last), field: raw.slice(last + 1) };
}

/**
 * Whether a key can name an overlay document: 1 to 200 characters, no control characters.
 * @internal (not exported from any package entry)
 */
export function isOverlayKey(key: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  return key.length > 0 && key.length <= MAX_OVERLAY_KEY && !/[\u0000-\u001f\u007f]/.test(key);
}

/** Checks a stored or cached regions value (KV, a version row); anything else is treated as no regions. */
export function asRegions(value: unknown): OverlayRegions | null {
  const result = v.safeParse(Regions, value);
  return result.success ? (result.output as OverlayRegions) : null;
}

/**
 * The KV key under which the published regions of a document are kept for visitors.
 * @internal (not exported from any package entry)
 */
export function overlayCacheKey(collection: string, key: string): string {
  return `louise:overlay:${collection}:${key}`;
}
