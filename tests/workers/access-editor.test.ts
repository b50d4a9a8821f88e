import { env } from 'cloudflare:test';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessEditor, addEditor } from '../../src/auth/index.ts';

const TEAM = 'louise-team.cloudflareaccess.com';
const AUD = 'a1b2c3d4e5f6';
const EMAIL = 'access-editor@example.com';

interface Key {
  kid: string;
  privateKey: CryptoKey;
  jwk: Record<string, unknown>;
}

async function makeKey(kid: string): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

function sign(key: Key, claims: { email?: string; aud?: string; iss?: string; exp?: number } = {}) {
  const jwt = new SignJWT(claims.email === undefined ? { email: EMAIL } : { email: claims.email })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuer(claims.iss ?? `https://${TEAM}`)
    .setAudience(claims.aud ?? AUD)
    .setIssuedAt();
  jwt.setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300);
  return jwt.sign(key.privateKey);
}

/** A JWKS endpoint we control: counts fetches and serves whatever keys are current. */
function jwksServer(keys: Key[]) {
  const server = {
    keys,
    fetches: 0,
    urls: [] as string[],
    fetch: (async (input: RequestInfo | URL) => {
      server.fetches++;
      server.urls.push(String(input));
      return Response.json({ keys: server.keys.map((key) => key.jwk) });
    }) as typeof fetch,
  };
  return server;
}

const request = (token?: string) => new Request('https://site.test/api/cms/pages', { headers: token ? { 'cf-access-jwt-assertion': token } : {} });

describe('accessEditor', () => {
  let current: Key;
  beforeAll(async () => {
    current = await makeKey('k1');
    await addEditor(env.DB, { email: EMAIL, name: 'Access Ana', password: 'unused password', canPublish: false });
  });

  it('maps a valid Access token to the editor row, fetching the team JWKS once', async () => {
    const jwks = jwksServer([current]);
    const resolve = accessEditor<Env>({ teamDomain: TEAM, aud: AUD, fetch: jwks.fetch });
    const session = await resolve(request(await sign(current)), env);
    expect(session).toMatchObject({ email: EMAIL, name: 'Access Ana', access: { publish: false } });
    expect(await resolve(request(await sign(current)), env)).not.toBeNull();
    expect(jwks.fetches).toBe(1);
    expect(jwks.urls[0]).toBe(`https://${TEAM}/cdn-cgi/access/certs`);
  });

  it('refuses a wrong audience, issuer, an expired token, a foreign key and a missing header', async () => {
    const jwks = jwksServer([current]);
    const resolve = accessEditor<Env>({ teamDomain: `https://${TEAM}/`, aud: AUD, fetch: jwks.fetch });
    const stranger = await makeKey('k1');
    expect(await resolve(request(await sign(current, { aud: 'other-app' })), env)).toBeNull();
    expect(await resolve(request(await sign(current, { iss: 'https://evil.cloudflareaccess.com' })), env)).toBeNull();
    expect(await resolve(request(await sign(current, { exp: Math.floor(Date.now() / 1000) - 60 })), env)).toBeNull();
    expect(await resolve(request(await sign(stranger)), env)).toBeNull();
    expect(await resolve(request('not.a.jwt'), env)).toBeNull();
    expect(await resolve(request(), env)).toBeNull();
  });

  it('refuses an unsigned (alg none) token', async () => {
    const resolve = accessEditor<Env>({ teamDomain: TEAM, aud: AUD, fetch: jwksServer([current]).fetch });
    const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const unsigned = `${b64({ alg: 'none', kid: 'k1' })}.${b64({ email: EMAIL, aud: AUD, iss: `https://${TEAM}`, exp: 9999999999 })}.`;
    expect(await resolve(request(unsigned), env)).toBeNull();
  });

  it('an Access user without an editor row is not an editor', async () => {
    const resolve = accessEditor<Env>({ teamDomain: TEAM, aud: AUD, fetch: jwksServer([current]).fetch });
    expect(await resolve(request(await sign(current, { email: 'someone-else@example.com' })), env)).toBeNull();
  });

  it('refetches the keys once when the token names a key it does not hold (rotation)', async () => {
    const jwks = jwksServer([current]);
    const resolve = accessEditor<Env>({ teamDomain: TEAM, aud: AUD, fetch: jwks.fetch });
    expect(await resolve(request(await sign(current)), env)).not.toBeNull();
    const rotated = await makeKey('k2');
    jwks.keys = [current, rotated];
    expect(await resolve(request(await sign(rotated)), env)).toMatchObject({ email: EMAIL });
    expect(jwks.fetches).toBe(2);
  });

  it('reuses keys for jwksTtlMs, then fetches again', async () => {
    let now = Date.now();
    const jwks = jwksServer([current]);
    const resolve = accessEditor<Env>({ teamDomain: TEAM, aud: AUD, fetch: jwks.fetch, jwksTtlMs: 1000, now: () => now });
    await resolve(request(await sign(current)), env);
    now += 999;
    await resolve(request(await sign(current)), env);
    expect(jwks.fetches).toBe(1);
    now += 2;
    await resolve(request(await sign(current)), env);
    expect(jwks.fetches).toBe(2);
  });

  it('rejects bad options with a message saying what to pass', () => {
    expect(() => accessEditor({ teamDomain: '', aud: AUD })).toThrow(/teamDomain/);
    expect(() => accessEditor({ teamDomain: 'team.example/path', aud: AUD })).toThrow(/teamDomain/);
    expect(() => accessEditor({ teamDomain: TEAM, aud: '' })).toThrow(/aud/);
  });
});
