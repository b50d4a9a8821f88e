// The submissions routes' wire contract (`<apiBase>/submissions`, the
// editors' inbox): the JSON shapes the routes answer and the inbox panel
// reads. Types only, importing nothing, so the browser client shares them
// (the `client` allowance in .dependency-cruiser.cjs): a field renamed on one
// side and not the other fails `npm run typecheck`.

/** A stored submission as the inbox shows it; `data` is the object that was stored (whatever a visitor sent, after the form's checks). */
export interface Submission {
  id: number;
  form: string;
  data: Record<string, unknown>;
  createdAt: number;
  /** When an editor marked it read (ms), else null. */
  readAt: number | null;
}

/** Rows of one form. */
export interface SubmissionCounts {
  total: number;
  unread: number;
}

/** A declared form and how many submissions it has. */
export interface FormSummary extends SubmissionCounts {
  name: string;
}

/** `GET <path>`: the declared forms with their counts, in declared order. */
export interface FormList {
  forms: FormSummary[];
}

/** `GET <path>/<form>`: a page of submissions, newest first. */
export interface SubmissionPage {
  items: Submission[];
  nextCursor: string | null;
}
