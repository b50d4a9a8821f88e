import type { Backup } from './backup.ts';
import type { ChoiceValue, ChoiceView } from '../panels/choices/choices-panel.ts';
import { imageValue, type ImageValue } from '../fields/image-value.ts';
import { showValue, type StartedUnit } from './units.ts';

/**
 * A value as the bar shows it, by what the unit's fields are: an image
 * field's image, rich text's markup (shown sanitized and inert), plain text
 * as it is (markup in it is text); anything else (blocks, links) by its words.
 */
function shown(unit: StartedUnit, value: unknown): ChoiceValue {
  // The parts of a unit are one field's: one kind.
  const kind = unit.parts[0]?.kind;
  if (kind === 'image') return { image: imageValue(value) };
  if (kind === 'plain') return { text: Array.isArray(value) ? value.join(' / ') : String(value ?? '') };
  return kind === 'rich' && typeof value === 'string' ? { html: value } : { text: text(value) };
}

/** A value in words: text without markup, an image by its file and alt text, list items (and blocks) joined, a block or link by its words. */
const text = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(text).join(' / ');
  if (value && typeof value === 'object' && !('src' in value))
    return Object.entries(value)
      .flatMap(([key, part]) => (key === 'id' ? [] : [text(part)]))
      .join(', ');
  if (value && typeof value === 'object') return describeImage(imageValue(value));
  return new DOMParser().parseFromString(String(value ?? ''), 'text/html').body.textContent ?? '';
};

const describeImage = (image: ImageValue | null) => (image ? `Image ${image.src.split('/').pop()}${image.alt ? ` (alt text: ${image.alt})` : ''}` : 'No image');

/**
 * The choices a unit waits for: unsaved text an earlier visit left (Restore
 * mine or Discard mine), then the other side of a conflict (Keep mine or Use theirs).
 */
export function choicesOf(unit: StartedUnit, backup: Backup, refresh: () => void): ChoiceView[] {
  const { queue, earlier } = unit;
  const choices: ChoiceView[] = [];
  if (earlier) {
    choices.push({
      kind: 'unsaved',
      label: unit.label,
      mine: shown(unit, earlier.value),
      theirs: shown(unit, queue.value),
      at: earlier.at,
      keepMine: () => {
        unit.earlier = undefined;
        showValue(unit, earlier.value);
        queue.edit(earlier.value);
      },
      takeTheirs: () => {
        unit.earlier = undefined;
        if (!queue.state.dirty) backup.drop(unit.id);
        refresh();
      },
    });
  }
  const conflict = queue.state.conflict;
  if (conflict) {
    choices.push({
      kind: 'conflict',
      label: unit.label,
      mine: shown(unit, queue.value),
      theirs: shown(unit, conflict.value),
      by: conflict.by,
      keepMine: () => void queue.keepMine(),
      takeTheirs: () => showValue(unit, queue.reload()),
    });
  }
  return choices;
}
