import type { DocRevs } from './doc-revs.ts';
import type { InvalidField } from './invalid-notice.ts';
import type { StatusTone } from './status.ts';
import type { SaveTarget, Transport } from './transport.ts';

export interface ResetDeps {
  transport: Transport;
  revs: DocRevs;
  /** Collections saved live; every other one saves drafts. */
  live: ReadonlySet<string>;
  say(tone: StatusTone, text: string): void;
  /** The page is about to reload on purpose: no unsaved-changes warning. */
  leave(): void;
}

/**
 * The notice's Reset: saves the fallback the page shows in place of stored
 * data it could not use (a draft, checked against
 * the revision the page rendered), then reloads, so the editor sees and
 * edits what is stored now. A field with nothing on the page to edit (a list
 * stored as text renders no items) is repaired this way.
 */
export function resetField(deps: ResetDeps): (field: InvalidField) => Promise<void> {
  return async (field) => {
    if (!field.reset) return;
    const { doc, field: name, value } = field.reset;
    const colon = doc.indexOf(':');
    const collection = doc.slice(0, colon);
    const live = deps.live.has(collection);
    const target: SaveTarget = { collection, key: doc.slice(colon + 1), field: name, marker: `${doc}:${name}`, live };
    const base = live ? null : ((await deps.revs.get(doc))?.[name] ?? null);
    deps.say('busy', `Resetting ${field.label}…`);
    const outcome = await deps.transport.save(target, value, base);
    if (outcome.kind === 'saved') {
      deps.leave();
      location.reload();
    } else if (outcome.kind === 'conflict')
      deps.say('problem', `${field.label} changed since this page loaded: reload to see it, then reset it if it still needs repair.`);
    else if (outcome.kind === 'locked') deps.say('problem', `Another editor is editing ${field.label} right now: try again when they are done.`);
    else deps.say('problem', `${field.label} was not reset: ${outcome.message}`);
  };
}
