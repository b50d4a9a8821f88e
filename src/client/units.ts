import type { KeptEdit } from './backup.ts';
import { mayEdit } from './field-access.ts';
import { parseMarker } from './marker.ts';
import type { ResolvedOptions } from './options.ts';
import type { FieldEditor } from './plain-field.ts';
import type { SaveQueue } from './save-queue.ts';
import type { SaveTarget } from './transport.ts';

/** One marked element of a unit: the whole field, or one item of a stored list. */
export interface Part {
  el: HTMLElement;
  index: number | null;
  rich: boolean;
  editor?: FieldEditor;
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
  for (const el of document.querySelectorAll<HTMLElement>('[data-cms-field]')) {
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
        label: el.dataset.cmsLabel ?? field,
        parts: [],
        saves: 0,
      };
      units.set(id, unit);
    }
    unit.parts.push({ el, index: live ? null : marker.index, rich: el.dataset.cmsType === 'richtext' });
  }
  return { units, locked, docs };
}

/** The unit's value as its editors show it: a string, or the list in index order. */
export function unitValue(unit: Unit): unknown {
  const list = unit.parts.some((part) => part.index !== null);
  if (!list) return unit.parts[0]?.editor?.get() ?? '';
  return [...unit.parts].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((part) => part.editor?.get() ?? '');
}

/** Puts a value (a string, or a list by index) into the unit's editors. */
export function showValue(unit: Unit, value: unknown): void {
  if (!Array.isArray(value)) {
    unit.parts[0]?.editor?.set(String(value ?? ''));
    return;
  }
  for (const part of unit.parts) part.editor?.set(String(value[part.index ?? 0] ?? ''));
}

/** An overlay region's type (its collection was not declared), else undefined. */
function regionType(options: ResolvedOptions, collection: string, el: HTMLElement): 'text' | 'richtext' | undefined {
  if (!options.declared || options.declared.has(collection)) return undefined;
  return el.dataset.cmsType === 'richtext' ? 'richtext' : 'text';
}
