// The POS page's server side (site/pages/pos.astro, site/pages/api/pos/*):
// the point of sale's settings, its Content-Security-Policy, and how a Pos
// failure is answered.
import { posApplicationIdEnvironment, type PosConfig } from 'louise/commerce/pos';
import { POS_WEB_SDK_URLS, posWebPaymentsCsp } from 'louise/commerce/pos-web';
import { json } from 'louise/http';
import { extendCspPolicy } from 'louise/security';

/** The point of sale's settings: `.dev.vars` on localhost (the local fake Pos server), vars and secrets when deployed. */
interface PosEnv {
  DB: D1Database;
  KV: KVNamespace;
  /** `wrangler secret put POS_ACCESS_TOKEN`: the seller's access token. Server-side only. */
  POS_ACCESS_TOKEN?: string;
  /** `sandbox` or `production`: which Pos the token belongs to. */
  POS_ENVIRONMENT?: string;
  /** Where the API answers; unset means the environment's own. `.dev.vars` points it at the local fake. */
  POS_API_BASE?: string;
  /** The public application id the card form starts with (`sandbox-sq0idb-…` or `sq0idp-…`). */
  POS_APPLICATION_ID?: string;
  /** Only for the local fake: its stand-in for the web-payments script. Unset when deployed. */
  POS_WEB_SDK_URL?: string;
  /** The webhook subscription's notification URL, exactly as registered: what Pos signs. */
  POS_WEBHOOK_URL?: string;
  /** `wrangler secret put POS_WEBHOOK_SIGNATURE_KEY`: the subscription's signature key. */
  POS_WEBHOOK_SIGNATURE_KEY?: string;
}

export interface PosSettings {
  config: PosConfig;
  /** The card form's application id, or null when it does not match the server's environment (the form is then not mounted). */
  applicationId: string | null;
  /** Why there is no card form, in words for the page. */
  cardProblem: string | null;
  sdkUrl: string;
  environment: 'sandbox' | 'production';
}

export const POS_UNCONFIGURED = 'The point of sale is not set up: set POS_ACCESS_TOKEN and POS_ENVIRONMENT (see the POS section of the README).';

/** The settings, or null when the page is not set up (it then says what to set). */
export function posSettings(env: unknown): PosSettings | null {
  const e = env as PosEnv;
  const environment = e.POS_ENVIRONMENT;
  if (!e.POS_ACCESS_TOKEN || (environment !== 'sandbox' && environment !== 'production')) return null;
  // Spec Pos rule 6: an application id of the other environment makes tokens this server cannot charge.
  const appEnvironment = posApplicationIdEnvironment(e.POS_APPLICATION_ID);
  let cardProblem: string | null = null;
  if (!e.POS_APPLICATION_ID) cardProblem = 'Card payments are off: set POS_APPLICATION_ID.';
  else if (appEnvironment !== environment)
    cardProblem = `Card payments are off: POS_APPLICATION_ID is ${appEnvironment === null ? 'not an application id' : `a ${appEnvironment} id`} but POS_ENVIRONMENT is ${environment}.`;
  return {
    config: { accessToken: e.POS_ACCESS_TOKEN, environment, ...(e.POS_API_BASE ? { baseUrl: e.POS_API_BASE } : {}) },
    applicationId: cardProblem === null ? (e.POS_APPLICATION_ID ?? null) : null,
    cardProblem,
    sdkUrl: e.POS_WEB_SDK_URL || POS_WEB_SDK_URLS[environment],
    environment,
  };
}

export const posKv = (env: unknown) => (env as PosEnv).KV;
export const posDb = (env: unknown) => (env as PosEnv).DB;

/** The webhook's registered URL and key, or null when the webhook is not set up. */
export function posWebhookSettings(env: unknown): { url: string; key: string } | null {
  const e = env as PosEnv;
  return e.POS_WEBHOOK_URL && e.POS_WEBHOOK_SIGNATURE_KEY ? { url: e.POS_WEBHOOK_URL, key: e.POS_WEBHOOK_SIGNATURE_KEY } : null;
}

// The page's own policy: nothing from elsewhere, then what the provider's card form needs merged in.
const BASE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

/**
 * The POS page's Content-Security-Policy: the site's base policy with the
 * card form's origins for this server's environment (posWebPaymentsCsp),
 * and the local stand-in's origin when one is configured.
 */
export function posPageCsp(settings: PosSettings): string {
  const policy = extendCspPolicy(BASE_POLICY, posWebPaymentsCsp({ environments: [settings.environment] }));
  const sdkOrigin = new URL(settings.sdkUrl).origin;
  return extendCspPolicy(policy, { script: [sdkOrigin], frame: [sdkOrigin], connect: [sdkOrigin] });
}

export const posUnconfigured = () => json({ error: 'pos_unconfigured', message: POS_UNCONFIGURED }, { status: 503 });
