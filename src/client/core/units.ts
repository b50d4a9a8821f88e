import type { KeptEdit } from './backup.ts';
import { mayEdit } from './field-access.ts';
import { humanLabel } from './human-label.ts';
import { imageValue } from '../fields/image-value.ts';
import { parseMarker } from './marker.ts';
import type { ResolvedOptions } from './options.ts';
import type { FieldEditor } from '../fields/plain-field.ts';
import type { SaveQueue } from './save-queue.ts';
import type { SaveTarget } from './transport.ts';

/**
 * How a marked element is edited: plain text, rich text (Lexical), Markdown
 * (Lexical over the island's Markdown source, see markdown-field.ts), or an
 * image (`data-cms-type="image"`, see image-field.ts); in a block, also a
 * link (link-field.ts); and a sections list as a whole (sections-client.ts).
 */
export type PartKind = 'plain' | 'rich' | 'markdown' | 'image' | 'link' | 'sections';

/** One marked element of a unit: the whole field, or one item of a stored list. */
export interface Part {
  el: HTMLElement;
  index: number | null;
  kind: PartKind;
  editor?: FieldEditor<unknown>;
}

/** What saves as one: a field, or a whole stored list whose items the page marks one by one. */
export interface Unit {
  /** `collection:key:field`: names the unit's backup copy. */
  id: string;
  target: SaveTarget;
  label: string;
  parts: Part[];
  queue?: SaveQueue;
  saves: number;
  /** The value in the backup copy, while the field is unsaved. */
  kept?: unknown;
  /** Unsaved text an earlier visit left, until the editor restores or discards it. */
  earlier?: KeptEdit | undefined;
  /** A sections list or a block's field: saved over HTTP only, never through the live session. */
  sections?: true;
}

/** A unit whose editors loaded and whose queue runs. */
export type StartedUnit = Unit & { queue: SaveQueue };

/** The document a save target belongs to, as `collection:key`. */
export const docOf = (target: SaveTarget) => `${target.collection}:${target.key}`;

/** The page's marked fields: the units to edit, the fields the editor may not change, and every document they belong to. */
export interface PageFields {
  units: Map<string, Unit>;
  locked: HTMLElement[];
  /** `collection:key` of each document with a marker on the page. */
  docs: Set<string>;
}

/** Groups the page's `data-cms-field` markers into units and locked fields; warns about (and skips) malformed ones. */
export function collectUnits(options: ResolvedOptions): PageFields {
  const units = new Map<string, Unit>();
  const locked: HTMLElement[] = [];
  const docs = new Set<string>();
  // A sections list saves as one unit (its editor, and its blocks' fields, come with the sections chunk): a page may have nothing else.
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-sections]')) {
    const marker = parseMarker(el.dataset.cmsSections ?? '');
    if (!marker || options.live.has(marker.collection)) continue;
    docs.add(`${marker.collection}:${marker.key}`);
    const target = { collection: marker.collection, key: marker.key, field: marker.field, marker: marker.raw, live: false };
    units.set(marker.raw, {
      id: marker.raw,
      target,
      label: el.dataset.cmsLabel ?? 'Page sections',
      parts: [{ el, index: null, kind: 'sections' }],
      saves: 0,
      sections: true,
    });
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-field]')) {
    if (el.closest('[data-cms-block]')) continue;
    const marker = parseMarker(el.dataset.cmsField ?? '');
    if (!marker) {
      console.warn(`louise: ignoring malformed marker "${el.dataset.cmsField}" (expected <collection>:<key>:<field>).`);
      continue;
    }
    const live = options.live.has(marker.collection);
    docs.add(`${marker.collection}:${marker.key}`);
    if (!mayEdit({ live, access: el.dataset.cmsAccess }, options.publish)) {
      locked.push(el);
      continue;
    }
    // Items of one stored list share a queue: saved one by one, they would conflict with each other.
    const field = live ? marker.field : marker.root;
    const id = `${marker.collection}:${marker.key}:${field}`;
    let unit = units.get(id);
    if (!unit) {
      unit = {
        id,
        target: { collection: marker.collection, key: marker.key, field, marker: marker.raw, live, region: regionType(options, marker.collection, el) },
        label: el.dataset.cmsLabel ?? humanLabel(field),
        parts: [],
        saves: 0,
      };
      units.set(id, unit);
    }
    unit.parts.push({ el, index: live ? null : marker.index, kind: kindOf(el) });
  }
  return { units, locked, docs };
}

/** The unit's value as its editors show it: a string or an image value, or the list in index order. */
export function unitValue(unit: Unit): unknown {
  const list = unit.parts.some((part) => part.index !== null);
  const read = (part: Part | undefined) => (part?.editor ? part.editor.get() : part?.kind === 'image' ? null : '');
  if (!list) return read(unit.parts[0]);
  return [...unit.parts].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map(read);
}

/** Puts a value (a string or an image value, or a list by index) into the unit's editors, each narrowed to what its kind shows. */
export function showValue(unit: Unit, value: unknown): void {
  const put = (part: Part | undefined, item: unknown) =>
    part?.editor?.set(
      part.kind === 'image'
        ? imageValue(item)
        : part.kind === 'plain' || part.kind === 'rich'
          ? String(item ?? '')
          : part.kind === 'markdown'
            ? typeof item === 'string'
              ? item
              : null
            : item,
    );
  if (unit.parts.some((part) => part.index !== null)) for (const part of unit.parts) put(part, Array.isArray(value) ? value[part.index ?? 0] : '');
  else put(unit.parts[0], value);
}

/** How a marked element is edited, from its `data-cms-type` (a link is a block field's, see sections-client.ts). */
export const kindOf = (el: HTMLElement): PartKind => {
  const type = el.dataset.cmsType;
  return type === 'richtext' ? 'rich' : type === 'markdown' ? 'markdown' : type === 'image' ? 'image' : type === 'link' ? 'link' : 'plain';
};

/** An overlay region's type (its collection was not declared), else undefined. */
export function regionType(
  options: Pick<ResolvedOptions, 'declared'>,
  collection: string,
  el: HTMLElement,
): 'text' | 'richtext' | 'markdown' | 'image' | undefined {
  if (!options.declared || options.declared.has(collection)) return undefined;
  const kind = kindOf(el);
  return kind === 'rich' ? 'richtext' : kind === 'markdown' ? 'markdown' : kind === 'image' ? 'image' : 'text';
}
