import { upstreamFetch, type FetchFn } from '../security/upstream.ts';

/** Checks a captcha token; true when the provider accepts it. May throw (the route then refuses, as for false). */
export type VerifyCaptcha = (token: string, secret: string, ip: string | null) => Promise<boolean>;

/** Cloudflare Turnstile's server-side validation endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * The default verifier: Turnstile siteverify, `POST` form-encoded `secret`,
 * `response` and `remoteip` through `upstreamFetch` (10 s deadline, no
 * redirects). True only for a 2xx answer whose JSON says `success: true`;
 * a non-2xx, a body that is not that JSON, or no answer is false (and the
 * reason is logged without the token or secret).
 */
export function turnstileVerifier(fetch?: FetchFn): VerifyCaptcha {
  return async (token, secret, ip) => {
    const body = new URLSearchParams({ secret, response: token });
    if (ip) body.set('remoteip', ip);
    try {
      const res = await upstreamFetch(TURNSTILE_SITEVERIFY_URL, { provider: 'Turnstile', method: 'POST', body, fetch });
      if (!res.ok) {
        console.warn(`louise: Turnstile siteverify answered ${res.status}; the submission is refused.`);
        await res.body?.cancel();
        return false;
      }
      const answer = (await res.json()) as { success?: unknown };
      return answer?.success === true;
    } catch (error) {
      console.warn(`louise: Turnstile siteverify failed (${error instanceof Error ? error.name : typeof error}); the submission is refused.`);
      return false;
    }
  };
}
