import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEV_SESSION_SECRET, getSessionSecret, readSecret, type KVLike, type LouiseEnv, type SecretBinding } from './secrets.ts';

const binding = (get: () => Promise<string>): SecretBinding => ({ get });
const REAL = 'q3Vb9x-real-production-secret-7Hk2';

describe('readSecret', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', ' \n\t '],
  ])('is null for an absent or empty binding (%s)', async (_name, source) => {
    expect(await readSecret(source)).toBeNull();
  });

  it('returns the value trimmed', async () => {
    expect(await readSecret(`  ${REAL}\n`)).toBe(REAL);
  });

  it('is null for the caller-named placeholder, compared after trimming both', async () => {
    expect(await readSecret(' changeme\n', { placeholder: 'changeme' })).toBeNull();
    expect(await readSecret('changeme', { placeholder: '  changeme ' })).toBeNull();
    expect(await readSecret('changeme2', { placeholder: 'changeme' })).toBe('changeme2');
  });

  it('has no built-in placeholder', async () => {
    for (const value of ['changeme', 'CHANGE_ME', 'placeholder', 'xxx', 'TODO', 'replace-me']) {
      expect(await readSecret(value)).toBe(value);
    }
  });

  it('reads a Secrets Store binding', async () => {
    expect(await readSecret(binding(async () => ` ${REAL} `))).toBe(REAL);
    expect(await readSecret(binding(async () => ''))).toBeNull();
    expect(
      await readSecret(
        binding(async () => 'changeme'),
        { placeholder: 'changeme' },
      ),
    ).toBeNull();
  });

  it('is null for an unprovisioned binding whose get() rejects or throws', async () => {
    expect(await readSecret(binding(() => Promise.reject(new Error('Secret not found'))))).toBeNull();
    expect(
      await readSecret(
        binding(() => {
          throw new Error('Secret not found');
        }),
      ),
    ).toBeNull();
  });

  it('refuses a source that is neither a string nor a binding', async () => {
    await expect(readSecret(42 as unknown as string)).rejects.toThrow(TypeError);
    await expect(readSecret({} as unknown as SecretBinding)).rejects.toThrow(TypeError);
  });
});

describe('getSessionSecret', () => {
  it.each(['http://localhost:4321/', 'http://LOCALHOST./', 'http://127.0.0.1:8787/', 'http://[::1]:4321/', 'https://site.localhost/'])(
    'on %s uses the configured secret, then the development one',
    async (url) => {
      expect(await getSessionSecret(REAL, url)).toBe(REAL);
      expect(await getSessionSecret(undefined, url)).toBe(DEV_SESSION_SECRET);
      expect(await getSessionSecret('', url, 'my-own-dev-secret')).toBe('my-own-dev-secret');
      expect(
        await getSessionSecret(
          binding(() => Promise.reject(new Error('missing'))),
          url,
        ),
      ).toBe(DEV_SESSION_SECRET);
    },
  );

  it('has a development secret long enough to sign with', () => {
    expect(DEV_SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('returns the configured secret on a deployed host', async () => {
    expect(await getSessionSecret(REAL, 'https://www.example.com/admin')).toBe(REAL);
    expect(
      await getSessionSecret(
        binding(async () => REAL),
        new URL('https://site.workers.dev/'),
      ),
    ).toBe(REAL);
  });

  it('throws on a deployed host without a secret, saying which binding to set and how', async () => {
    const error = await getSessionSecret(undefined, 'https://www.example.com/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('SESSION_SECRET');
    expect((error as Error).message).toContain('npx wrangler secret put SESSION_SECRET');
    expect((error as Error).message).not.toContain(DEV_SESSION_SECRET);
  });

  it.each([
    ['empty', '   ', {}],
    ['the placeholder', 'set-me', { placeholder: 'set-me' }],
    ['an unprovisioned binding', binding(() => Promise.reject(new Error('not found'))), {}],
  ])('treats %s as missing on a deployed host', async (_name, secret, options) => {
    await expect(getSessionSecret(secret, 'https://www.example.com/', undefined, options)).rejects.toThrow(/npx wrangler secret put SESSION_SECRET/);
  });

  it('names a custom binding in the message', async () => {
    await expect(getSessionSecret(null, 'https://www.example.com/', undefined, { binding: 'AUTH_SECRET' })).rejects.toThrow(
      /npx wrangler secret put AUTH_SECRET/,
    );
  });

  it('refuses a development secret on a deployed host without echoing it', async () => {
    for (const [secret, devSecret] of [
      [DEV_SESSION_SECRET, undefined],
      ['my-own-dev-secret', 'my-own-dev-secret'],
      [DEV_SESSION_SECRET, 'my-own-dev-secret'],
    ] as const) {
      const error = (await getSessionSecret(secret, 'https://www.example.com/', devSecret).catch((e: unknown) => e)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain('npx wrangler secret put SESSION_SECRET');
      expect(error.message).not.toContain(secret);
    }
  });

  it('does not take a look-alike host for localhost', async () => {
    for (const url of ['https://localhost.example.com/', 'https://mylocalhost/', 'https://127.0.0.1.nip.io/']) {
      await expect(getSessionSecret(undefined, url)).rejects.toThrow(/SESSION_SECRET/);
    }
  });
});

describe('binding types', () => {
  it('fit the runtime bindings they describe', () => {
    expectTypeOf<KVNamespace>().toExtend<KVLike>();
    expectTypeOf<SecretsStoreSecret>().toExtend<SecretBinding>();
    expectTypeOf<{ DB: D1Database; SESSION_SECRET: string; KV: KVNamespace }>().toExtend<LouiseEnv>();
    expectTypeOf<{ DB: D1Database; SESSION_SECRET: SecretsStoreSecret }>().toExtend<LouiseEnv>();
    expectTypeOf<{ DB: D1Database; SESSION_SECRET: number }>().not.toExtend<LouiseEnv>();
  });
});
