// The edit bar's notice of stored data a page could not use as stored (the
// server rendered a fallback and lists them in the session island).

/** Stored fields the page could not use, keyed `collection:key`, as the session island carries them. */
export type InvalidFields = Readonly<Record<string, readonly { field: string; message: string; fallback?: unknown }[]>>;

/** One stored field the page could not use, and what the editor can do about it here. */
export interface InvalidField {
  /** `collection:key:field`: the unit whose successful save repairs it. */
  id: string;
  label: string;
  message: string;
  /** Saving the field from this page repairs it. */
  editable: boolean;
  /** History can restore an earlier version of its document from this page. */
  history: boolean;
  /** The value the page shows instead; saving it (Reset) repairs the field. Undefined when this editor may not save it. */
  reset?: { doc: string; field: string; value: unknown };
}

export interface NoticePage {
  /** Documents with a marker on the page (`collection:key`): the notice is about what the page shows. */
  docs: ReadonlySet<string>;
  /** The label of the editable unit with this id, or undefined when the page offers no way to edit it. */
  labelOf(id: string): string | undefined;
  /** The document History restores, when the editor may restore (`collection:key`). */
  historyDoc: string | undefined;
  /** Whether this editor may save fields of the document (`collection:key`): drafts always, live fields with the right. */
  maySave(doc: string): boolean;
}

/** The entries the notice lists: one per field of a document on the page. */
export function invalidFields(invalid: InvalidFields, page: NoticePage): InvalidField[] {
  const fields = new Map<string, InvalidField>();
  for (const [doc, list] of Object.entries(invalid)) {
    if (!page.docs.has(doc) || !Array.isArray(list)) continue;
    for (const { field, message, fallback } of list) {
      const id = `${doc}:${field}`;
      if (fields.has(id)) continue;
      const label = page.labelOf(id);
      const entry: InvalidField = { id, label: label ?? field, message, editable: label !== undefined, history: doc === page.historyDoc };
      if (fallback !== undefined && page.maySave(doc)) entry.reset = { doc, field, value: fallback };
      fields.set(id, entry);
    }
  }
  return [...fields.values()];
}

/** The notice's sentence for one field, offering only the repairs this page has. */
export function noticeText(field: InvalidField): string {
  const said = `Stored data of ${field.label} could not be used (${field.message}): it shows a fallback.`;
  const repairs = [
    field.editable ? 'edit and save it' : null,
    field.reset ? 'press Reset to save the fallback' : null,
    field.history ? 'open History to restore an earlier version' : null,
  ].filter((repair) => repair !== null);
  const last = repairs.pop();
  if (last === undefined) return said;
  return `${said} To repair it, ${repairs.length > 0 ? `${repairs.join(', ')} or ${last}` : last}.`;
}

/** The entries left once the unit `id` saved: what it stored now is valid, so its notice goes. */
export const repaired = (fields: readonly InvalidField[], id: string): InvalidField[] => fields.filter((field) => field.id !== id);
