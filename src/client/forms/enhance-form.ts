// Progressive enhancement of a form rendered with `cmsForm` (louise/astro):
// without JavaScript the browser posts it and the route answers 303 back to
// the page; with it, this sends the same fields as JSON and shows the answer
// in place. Visitor code, so it stands alone: no import, a few hundred bytes.

/** What `enhanceForm` needs to say things; the defaults are English. */
export interface EnhanceFormText {
  sending: string;
  sent: string;
  invalid: string;
  failed: string;
}

const TEXT: EnhanceFormText = {
  sending: 'Sending…',
  sent: 'Thank you: your message was sent.',
  invalid: 'Check the fields marked below and send the form again.',
  failed: 'Your message was not sent. Check your connection and try again.',
};

interface Answer {
  message?: string;
  violations?: { field: string; message: string }[];
}

/**
 * Sends `form` with `fetch` as JSON (the same fields, the hidden spam-guard
 * fields included) instead of a page load, and shows the answer: the
 * `[data-form-message]` element (a live region) says sent or what went
 * wrong, each field with a violation gets `aria-invalid` and its message in
 * the `[data-error-for="<name>"]` element, and focus moves to the first
 * invalid field. On success the form is reset. A network failure keeps
 * every value the visitor typed.
 *
 * @example document.querySelectorAll('form[data-louise-form]').forEach((form) => enhanceForm(form));
 */
export function enhanceForm(form: HTMLFormElement, text: Partial<EnhanceFormText> = {}): void {
  const words = { ...TEXT, ...text };
  const status = form.querySelector<HTMLElement>('[data-form-message]');
  const say = (tone: 'ok' | 'problem' | 'busy', message: string) => {
    if (!status) return;
    status.dataset.tone = tone;
    status.textContent = message;
    status.hidden = false;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector<HTMLButtonElement>('button[type=submit], button:not([type])');
    const body: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') body[name] = value;
    showViolations(form, []);
    say('busy', words.sending);
    if (submit) submit.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      if (response.ok) {
        form.reset();
        say('ok', words.sent);
      } else if (response.status === 422 && answer.violations) {
        say('problem', words.invalid);
        showViolations(form, answer.violations);
      } else {
        say('problem', answer.message ?? words.failed);
      }
    } catch {
      say('problem', words.failed);
    } finally {
      if (submit) submit.disabled = false;
    }
  });
}

/** Marks each field named in `violations` invalid with its message (and clears the others); focuses the first. */
function showViolations(form: HTMLFormElement, violations: readonly { field: string; message: string }[]): void {
  const byField = new Map(violations.map((violation) => [violation.field, violation.message]));
  for (const control of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input[name], textarea[name], select[name]')) {
    if (control.type === 'hidden') continue;
    const message = byField.get(control.name);
    const error = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(control.name)}"]`);
    if (message === undefined) control.removeAttribute('aria-invalid');
    else control.setAttribute('aria-invalid', 'true');
    if (error) {
      error.textContent = message ?? '';
      error.hidden = message === undefined;
    }
  }
  const first = violations[0] && form.querySelector<HTMLElement>(`[name="${CSS.escape(violations[0].field)}"]`);
  first?.focus();
}
