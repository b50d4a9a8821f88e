import { HttpError } from '../http/errors.ts';
import { getSessionSecret, readSecret, type SecretSource } from '../security/secrets.ts';

/** What `formSecret` reads: the database, and the site's session secret if it set one. */
export interface FormSecretEnv {
  DB: D1Database;
  SESSION_SECRET?: SecretSource;
}

const KEY_NAME = 'forms';
const made = new WeakMap<object, Promise<string>>();

/**
 * The key that signs a form's render time (`_ts`), the same for the page
 * that renders the form and the route that checks it. The site's
 * `SESSION_SECRET` when it set one (checked as sessions check it: the
 * development secret is refused off localhost: 503 `misconfigured`); otherwise a random key
 * Louise creates once in its `louise_keys` table, so a deployed site's forms
 * work with nothing to configure. Read once per isolate.
 */
export async function formSecret(env: FormSecretEnv, url: URL): Promise<string> {
  if ((await readSecret(env.SESSION_SECRET)) !== null) return sessionSecret(env.SESSION_SECRET, url);
  let key = made.get(env.DB);
  if (!key) {
    key = storedKey(env.DB);
    made.set(env.DB, key);
    // A failed read is not kept: the next request tries again.
    key.catch(() => made.delete(env.DB));
  }
  return key;
}

let told = false;

/** The site's session secret; one it may not use here (the development secret off localhost) is 503 `misconfigured`, logged once. */
async function sessionSecret(secret: SecretSource, url: URL): Promise<string> {
  try {
    return await getSessionSecret(secret, url);
  } catch (error) {
    if (!told) console.error(`louise: forms cannot check submissions: ${error instanceof Error ? error.message : String(error)}`);
    told = true;
    throw new HttpError(
      503,
      'misconfigured',
      'This form is not accepting messages yet: the site’s SESSION_SECRET is not usable. The site owner should set a random one and redeploy.',
    );
  }
}

/** The stored key, created on first use; one round trip, and two isolates creating it at once agree on the first. */
async function storedKey(DB: D1Database): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const fresh = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const [, read] = await DB.batch<{ value: string }>([
    DB.prepare('INSERT INTO louise_keys (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING').bind(KEY_NAME, fresh),
    DB.prepare('SELECT value FROM louise_keys WHERE name = ?1').bind(KEY_NAME),
  ]);
  const value = read?.results[0]?.value;
  if (!value) throw new Error('louise: the forms key was neither created nor found in louise_keys.');
  return value;
}
