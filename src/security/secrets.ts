import { isLocalHostname } from './local-host.ts';

/** A Secrets Store binding: `get()` rejects while the secret is not provisioned. */
export interface SecretBinding {
  get(): Promise<string>;
}

/** The two calls of a Workers KV namespace Louise uses; a `KVNamespace` fits it. */
export interface KVLike {
  get(key: string): Promise<string | null>;
  put(key: string, value: string, options?: { expiration?: number; expirationTtl?: number }): Promise<void>;
}

/** Bindings every Louise site provides; sites extend it with their own. */
export interface LouiseEnv {
  DB: D1Database;
  /** A Worker secret (`wrangler secret put SESSION_SECRET`) or a Secrets Store binding. Required off localhost. */
  SESSION_SECRET?: string | SecretBinding | undefined;
  KV?: KVLike | undefined;
}

/** Where a secret may come from: a plain Worker secret, a Secrets Store binding, or nothing. */
export type SecretSource = string | SecretBinding | null | undefined;

export interface ReadSecretOptions {
  /** A value meaning "not set yet" (for example one committed in `.dev.vars.example`); compared after trimming. */
  placeholder?: string | undefined;
}

/**
 * Publicly known, so only ever used on localhost: `getSessionSecret` refuses it
 * everywhere else, even when it is set as the real secret.
 */
export const DEV_SESSION_SECRET = 'louise-development-session-secret-not-for-production';

/**
 * The secret's value, trimmed, or null when the binding is absent, unprovisioned
 * (its `get()` throws or rejects), empty after trimming, or equal to the
 * caller's `placeholder`. There is no built-in placeholder.
 */
export async function readSecret(source: SecretSource, options: ReadSecretOptions = {}): Promise<string | null> {
  let raw: unknown;
  if (source === undefined || source === null) return null;
  if (typeof source === 'string') {
    raw = source;
  } else if (typeof source === 'object' && typeof source.get === 'function') {
    try {
      raw = await source.get();
    } catch {
      return null;
    }
  } else {
    throw new TypeError('readSecret expects a string, a Secrets Store binding with get(), null or undefined');
  }
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '') return null;
  const placeholder = options.placeholder?.trim();
  if (placeholder !== undefined && placeholder !== '' && value === placeholder) return null;
  return value;
}

export interface SessionSecretOptions extends ReadSecretOptions {
  /** Binding name used in the error message; default `SESSION_SECRET`. */
  binding?: string | undefined;
}

/**
 * The secret that signs sessions. On localhost (`isLocalHostname`) it is the
 * configured secret, else `devSecret`, else `DEV_SESSION_SECRET`. On any other
 * host a missing secret, or one equal to a development secret, throws an Error
 * naming the binding to set; the message never contains a secret value.
 * @example const secret = await getSessionSecret(env.SESSION_SECRET, request.url);
 */
export async function getSessionSecret(secret: SecretSource, url: string | URL, devSecret?: string, options: SessionSecretOptions = {}): Promise<string> {
  const value = await readSecret(secret, options);
  const hostname = new URL(url).hostname;
  const dev = devSecret?.trim() || DEV_SESSION_SECRET;
  if (isLocalHostname(hostname)) return value ?? dev;
  const binding = options.binding ?? 'SESSION_SECRET';
  if (value === null) {
    throw new Error(
      `${binding} is not set, and ${hostname} is not localhost. Set it with \`npx wrangler secret put ${binding}\` ` +
        '(or bind a Secrets Store secret under that name), then redeploy.',
    );
  }
  if (value === dev || value === DEV_SESSION_SECRET) {
    throw new Error(`${binding} holds the development session secret, which is public. Set a random one with \`npx wrangler secret put ${binding}\`.`);
  }
  return value;
}
