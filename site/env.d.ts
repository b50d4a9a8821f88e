/// <reference types="astro/client" />
/// <reference types="louise/astro/types" />

/** Optional settings of the reference site (wrangler vars and secrets); none is needed on localhost. */
interface Env {
  /** Turnstile's site key: the contact form shows the widget when it is set. */
  TURNSTILE_SITE_KEY?: string;
  /** Turnstile's secret (`wrangler secret put TURNSTILE_SECRET`). */
  TURNSTILE_SECRET?: string;
  /** Where contact messages are emailed. */
  CONTACT_EMAIL?: string;
}
