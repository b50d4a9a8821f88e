import type { Backup } from './backup.ts';
import type { ChoiceView } from '../panels/choices/choices-panel.ts';
import { noticeText, repaired, type InvalidField } from './invalid-notice.ts';
import type { NoticeLine } from '../panels/notice/notice-panel.ts';
import { IDLE, type StatusTone } from './status.ts';
import type { SaveTarget } from './transport.ts';
import { choicesOf } from './unit-choices.ts';
import type { StartedUnit } from './units.ts';

export interface ReportDeps {
  /** The units whose queues run. */
  started(): StartedUnit[];
  showChoices(views: ChoiceView[]): void;
  /** Stored fields the page could not use: named in the bar's notice until each saves. */
  invalid: InvalidField[];
  showNotice(lines: NoticeLine[]): void;
  /** Saves a field's fallback (the notice's Reset). */
  reset(field: InvalidField): void;
  backup: Backup;
  autoSave: boolean;
  unsaved(): boolean;
  say(tone: StatusTone, text: string): void;
  /** A save of `target` landed (the status pill's count of changes follows it). */
  landed?(target: SaveTarget): void;
}

/**
 * Shows where saving stands after every change: each field's outline, the
 * choices waiting in the bar, the notice of stored data still to repair, and
 * one status line (a problem first, then saving, unsaved, saved, idle).
 */
export function createSaveReport(deps: ReportDeps) {
  let lastDraft = false;
  let keepaliveRefused: string | null = null;
  let invalid = deps.invalid;

  function refresh() {
    let saving = false;
    let problem: string | null = null;
    const choices: ChoiceView[] = [];
    const units = deps.started();
    for (const unit of units) {
      const s = unit.queue.state;
      if (s.saves > unit.saves) {
        unit.saves = s.saves;
        lastDraft = !unit.target.live;
        deps.landed?.(unit.target);
        invalid = repaired(invalid, unit.id);
      }
      markFields(unit);
      saving ||= s.saving || (s.dirty && deps.autoSave);
      choices.push(...choicesOf(unit, deps.backup, refresh));
      problem ??= problemOf(unit);
    }
    deps.showChoices(choices);
    deps.showNotice(
      invalid.map((field) =>
        field.reset ? { text: noticeText(field), reset: { label: field.label, run: () => deps.reset(field) } } : { text: noticeText(field) },
      ),
    );
    if (!deps.unsaved()) keepaliveRefused = null;
    const trouble = problem ?? keepaliveRefused;
    if (trouble) deps.say('problem', trouble);
    else if (saving) deps.say('busy', 'Saving…');
    else if (units.some((unit) => unit.queue.state.dirty)) deps.say('busy', 'Unsaved changes: press Save.');
    else if (units.some((unit) => unit.saves > 0)) deps.say('ok', lastDraft ? 'Draft saved' : 'Saved');
    else deps.say('idle', IDLE);
  }

  return {
    refresh,
    /** A save that asked for keepalive went without: the editor must stay until it lands. */
    keepaliveRefused(target: SaveTarget) {
      keepaliveRefused = `${target.field} is too large to save while the page closes: stay on the page until it says saved.`;
      refresh();
    },
  };
}

/** Outlines each of the unit's elements by its save state (styles.ts colours them). */
function markFields(unit: StartedUnit): void {
  const s = unit.queue.state;
  const mark = s.conflict ? 'conflict' : s.locked ? 'locked' : s.error ? 'error' : s.saving ? 'saving' : s.dirty ? 'dirty' : '';
  for (const { el } of unit.parts) {
    if (mark) el.dataset.cmsState = mark;
    else delete el.dataset.cmsState;
  }
}

/** The unit's problem for the status line, if it has one. */
function problemOf(unit: StartedUnit): string | null {
  const s = unit.queue.state;
  if (s.conflict) return `${s.conflict.by ?? 'Another editor'} changed ${unit.label} while you were editing it: choose Keep mine or Use theirs.`;
  if (s.locked) return `${unit.label} is being edited by another editor. Your text is kept here but not saved; edit it again to retry.`;
  if (s.error) return `Not saved: ${s.error} Your text is kept and saves on your next edit or when the connection returns.`;
  if (unit.earlier) return `${unit.label} has unsaved text from earlier: choose Restore mine or Discard mine.`;
  return null;
}
