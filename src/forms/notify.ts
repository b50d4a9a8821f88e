import { errorName, reportDegraded } from '../security/degraded.ts';
import { isLocalHostname } from '../security/local-host.ts';
import { fetchPublicUrl } from '../security/public-url.ts';
import { UpstreamError, type FetchFn } from '../security/upstream.ts';
import { isAddress, type FormDefinition, type FromEnv } from './define-form.ts';
import { labelOf } from './field-spec.ts';
import type { SubmissionData } from './form-schema.ts';
import { localMailer, sendEmailMailer, type Mailer, type SendEmailBinding } from './mailer.ts';

/** A stored submission to announce. */
export interface StoredSubmission {
  id: number;
  data: SubmissionData;
  createdAt: number;
}

/** How the route reaches the outside world; `mailer` as given to `formRoute`. */
export interface NotifyDeps<E> {
  env: E;
  url: URL;
  mailer?: Mailer | ((env: E) => Mailer | undefined) | undefined;
  fetch?: FetchFn | undefined;
}

/** A notify target that cannot be used as configured; its `reason` goes into the degraded report. */
export class NotifyConfigError extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = 'NotifyConfigError';
    this.reason = reason;
  }
}

/**
 * Sends a stored submission's webhook and email, each on its own; never
 * rejects. A failure (a non-2xx or unreachable webhook, a blocked private
 * URL, a mailer that throws, email configured with no mailer on a public
 * host) is reported as `forms.notify` `{ form, id, channel, error }` with
 * the error's name only: never a field value, an address or a secret.
 */
export async function notifySubmission<E>(form: FormDefinition<E>, submission: StoredSubmission, deps: NotifyDeps<E>): Promise<void> {
  const jobs: Promise<void>[] = [];
  const run = (channel: 'webhook' | 'email', job: () => Promise<void>) =>
    jobs.push(
      job().catch((error: unknown) => {
        const reason = error instanceof NotifyConfigError ? { reason: error.reason } : {};
        const status = error instanceof UpstreamError ? { status: error.status } : {};
        reportDegraded('forms.notify', { form: form.name, id: submission.id, channel, error: errorName(error), ...reason, ...status });
      }),
    );
  if (form.notify.webhook !== undefined) run('webhook', () => sendWebhook(form, submission, deps));
  if (form.notify.email !== undefined) run('email', () => sendEmail(form, submission, deps));
  await Promise.all(jobs);
}

async function sendWebhook<E>(form: FormDefinition<E>, submission: StoredSubmission, deps: NotifyDeps<E>): Promise<void> {
  const url = fromEnv(form.notify.webhook, deps.env);
  // A function returning nothing: this deployment has no webhook.
  if (url === undefined || url === '') return;
  const body = JSON.stringify({ form: form.name, id: submission.id, data: submission.data, createdAt: submission.createdAt });
  const res = await fetchPublicUrl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, provider: 'Webhook', fetch: deps.fetch });
  if (!res.ok) throw await UpstreamError.fromResponse('Webhook', 'POST', res);
  await res.body?.cancel();
}

async function sendEmail<E>(form: FormDefinition<E>, submission: StoredSubmission, deps: NotifyDeps<E>): Promise<void> {
  const email = form.notify.email;
  if (!email) return;
  const rawTo = fromEnv(email.to, deps.env);
  const to = rawTo === undefined ? [] : Array.isArray(rawTo) ? rawTo : [rawTo];
  if (to.length === 0 || !to.every(isAddress)) throw new NotifyConfigError('no_recipient', 'notify.email.to gave no valid address for this deployment.');
  const from = fromEnv(email.from, deps.env);
  if (!isAddress(from)) throw new NotifyConfigError('no_sender', 'notify.email.from gave no valid address for this deployment.');
  const mailer = pickMailer(deps);
  if (!mailer) throw new NotifyConfigError('no_mailer', 'No mailer: pass formRoute({ mailer }) or bind send_email as SEND_EMAIL.');
  const replyTo = firstEmail(form, submission.data);
  await mailer.send({
    to,
    from,
    subject: email.subject ?? `New submission: ${form.name}`,
    text: emailText(form, submission),
    ...(replyTo !== undefined && { replyTo }),
  });
}

/** The route's `mailer`, else the `SEND_EMAIL` binding, else the console on localhost, else none. */
function pickMailer<E>(deps: NotifyDeps<E>): Mailer | undefined {
  if (deps.mailer !== undefined) return typeof deps.mailer === 'function' ? deps.mailer(deps.env) : deps.mailer;
  const binding = (deps.env as { SEND_EMAIL?: SendEmailBinding } | undefined)?.SEND_EMAIL;
  if (binding) return sendEmailMailer(binding);
  return isLocalHostname(deps.url.hostname) ? localMailer() : undefined;
}

/** The first filled email field: replying to the notification then answers the visitor. */
function firstEmail<E>(form: FormDefinition<E>, data: SubmissionData): string | undefined {
  for (const [name, field] of Object.entries(form.fields)) {
    const value = data[name];
    if (field.type === 'email' && typeof value === 'string' && isAddress(value)) return value;
  }
  return undefined;
}

/**
 * The email body: each declared field as `Label: value` in order (a long
 * text on the lines below its label), then when it came and its id.
 */
export function emailText<E>(form: FormDefinition<E>, submission: StoredSubmission): string {
  const lines: string[] = [`A new submission to the form "${form.name}":`, ''];
  for (const [name, field] of Object.entries(form.fields)) {
    const value = submission.data[name];
    const shown = value === undefined ? '(empty)' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
    if (field.type === 'longtext' && value !== undefined) lines.push(`${labelOf(name, field)}:`, ...shown.split('\n').map((line) => `  ${line}`));
    else lines.push(`${labelOf(name, field)}: ${shown}`);
  }
  lines.push('', `Received: ${new Date(submission.createdAt).toISOString()}`, `Submission id: ${submission.id}`);
  return lines.join('\n');
}

function fromEnv<E, T>(value: FromEnv<E, T> | undefined, env: E): T | undefined {
  return typeof value === 'function' ? (value as (env: E) => T | undefined)(env) : value;
}
