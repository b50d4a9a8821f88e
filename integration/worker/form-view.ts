import { FORM_FLASH_COOKIE, FORM_HIDDEN_FIELDS, formSecret, formTimestamp, readFormFlash, type FormDefinition } from '../../src/editor/index.ts';
import { dbProblemOf, logDbProblem, missingDb } from '../../src/http/db-problem.ts';
import { isLocalHostname } from '../../src/security/local-host.ts';
import { FORMS_PATH, type CmsEnv } from '../config.ts';

/** What a visitor reads above a form whose spam guard has no key (the database is not set up or not reachable). */
const UNAVAILABLE = 'This form cannot take messages right now. Please try again later.';

/** What a page needs to render a form `formRoute` takes (see `cmsForm`). */
export interface FormView {
  /** Where the form posts: `/api/cms/forms/<name>`. */
  action: string;
  /** Hidden inputs to render inside the form, as they are: the signed render time the spam guard checks. */
  hidden: { name: string; value: string }[];
  /** The honeypot input's name: render it as a text input people cannot see (visually hidden, `tabindex="-1"`), left empty. */
  honeypot: string;
  /** A post without JavaScript came back sent. */
  sent: boolean;
  /** What to show above the form after such a post (sent, or what went wrong), else null. */
  message: string | null;
  /** The values that post sent, to fill the fields again when it was refused. */
  values: Record<string, string>;
  /** The message of each field it was refused for. */
  errors: Record<string, string>;
}

/** The part of `Astro` `cmsForm` reads. */
export interface FormAstro {
  url: URL;
  request: Request;
  cookies: { delete(name: string, options?: { path?: string }): void };
}

/**
 * Everything a page renders for one of the site's forms (`defineForm`,
 * listed in `forms` of `defineCms`): the action, the spam guard's hidden
 * fields, and, after a post without JavaScript (the route answers 303 back
 * here with a short-lived cookie), whether it was sent or the values and
 * per-field errors to show again. The cookie is read once and cleared.
 *
 * @example
 * const form = await cmsForm(Astro, contact);
 * <form method="post" action={form.action}>…{form.hidden.map((h) => <input type="hidden" {...h} />)}</form>
 */
export async function cmsForm(astro: FormAstro, form: FormDefinition): Promise<FormView> {
  // Imported late, so `louise/astro` also loads in `astro.config`.
  const env = (await import('cloudflare:workers')).env as unknown as CmsEnv;
  const secret = await visitorSecret(env, astro.url);
  if (secret === null)
    return {
      action: `${FORMS_PATH}${form.name}`,
      hidden: [],
      honeypot: FORM_HIDDEN_FIELDS.honeypot,
      sent: false,
      message: UNAVAILABLE,
      values: {},
      errors: {},
    };
  const flash = readFormFlash(astro.request.headers.get('cookie'), form.name);
  if (flash) astro.cookies.delete(FORM_FLASH_COOKIE, { path: '/' });
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(flash?.values ?? {})) if (typeof value === 'string') values[key] = value;
  const errors: Record<string, string> = {};
  for (const violation of flash?.violations ?? []) errors[violation.field] ??= violation.message;
  return {
    action: `${FORMS_PATH}${form.name}`,
    hidden: [{ name: FORM_HIDDEN_FIELDS.timestamp, value: await formTimestamp(secret) }],
    honeypot: FORM_HIDDEN_FIELDS.honeypot,
    sent: flash?.ok === true,
    message: flash ? (flash.message ?? (flash.ok ? 'Thank you: your message was sent.' : 'Check the fields marked below and send the form again.')) : null,
    values,
    errors,
  };
}

/**
 * The spam guard's key, or null when the database cannot give it (no `DB`
 * binding, Louise's tables not migrated, an outage): logged with what to
 * run, so the page still renders for visitors, its form saying it cannot
 * take messages. (A would-be editor sees the problem itself: the middleware
 * shows it before the page.) Anything else is a bug and throws.
 */
async function visitorSecret(env: CmsEnv, url: URL): Promise<string | null> {
  try {
    return await formSecret(env, url);
  } catch (error) {
    const where = { local: isLocalHostname(url.hostname) };
    // Without SESSION_SECRET the key is read from D1: no binding fails there as a TypeError.
    const problem = env.DB ? dbProblemOf(error, where) : missingDb(where);
    if (!problem) throw error;
    logDbProblem(problem);
    return null;
  }
}
