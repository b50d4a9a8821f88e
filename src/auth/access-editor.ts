import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { findEditorByEmail } from './editors.ts';

export interface AccessEditorOptions {
  /** The Access team domain, e.g. `myteam.cloudflareaccess.com`. */
  teamDomain: string;
  /** The application's audience (AUD) tag. */
  aud: string;
  /** How long fetched signing keys are reused; default 10 minutes. */
  jwksTtlMs?: number;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  now?: () => number;
}

type KeyLookup = ReturnType<typeof createLocalJWKSet>;

/**
 * A `ResolveEditor` that trusts Cloudflare Access: verifies the
 * `Cf-Access-Jwt-Assertion` JWT (RS256, against the team's JWKS, with `aud`,
 * `iss` and `exp`) and maps its email to an editor row. An Access user with
 * no editor row is not an editor.
 */
export function accessEditor<E extends { DB: D1Database }>(options: AccessEditorOptions): ResolveEditor<E> {
  const teamDomain = options.teamDomain.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!teamDomain || teamDomain.includes('/')) throw new TypeError('accessEditor: teamDomain must be a host name such as "myteam.cloudflareaccess.com".');
  if (!options.aud) throw new TypeError('accessEditor: aud (the Access application audience tag) is required.');
  const issuer = `https://${teamDomain}`;
  const ttl = options.jwksTtlMs ?? 10 * 60 * 1000;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  let cached: { keys: KeyLookup; at: number } | null = null;

  async function keys(force: boolean): Promise<KeyLookup> {
    if (cached && !force && now() - cached.at < ttl) return cached.keys;
    const response = await doFetch(`${issuer}/cdn-cgi/access/certs`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`accessEditor: could not fetch signing keys (${response.status})`);
    cached = { keys: createLocalJWKSet((await response.json()) as JSONWebKeySet), at: now() };
    return cached.keys;
  }

  async function verify(token: string, force: boolean): Promise<string | null> {
    const { payload } = await jwtVerify(token, await keys(force), {
      algorithms: ['RS256'],
      audience: options.aud,
      issuer,
      currentDate: new Date(now()),
    });
    return typeof payload.email === 'string' ? payload.email : null;
  }

  return async function resolveAccessEditor(request, env): Promise<EditorSession | null> {
    const token = request.headers.get('cf-access-jwt-assertion');
    if (!token) return null;
    let email: string | null;
    try {
      email = await verify(token, false);
    } catch (error) {
      // Keys rotate: one refetch when the token names a key we do not hold.
      if (!(error instanceof errors.JWKSNoMatchingKey)) return null;
      try {
        email = await verify(token, true);
      } catch {
        return null;
      }
    }
    if (!email) return null;
    const editor = await findEditorByEmail(env.DB, email);
    return editor ? { id: editor.id, email: editor.email, name: editor.name, access: { publish: editor.canPublish } } : null;
  };
}
