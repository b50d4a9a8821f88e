import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';

// Few iterations: these tests check the format, not the cost.
const FAST = { iterations: 10 };

describe('verifyPassword', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse', FAST);
    expect(stored).toMatch(/^pbkdf2-sha256\$10\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });

  it('compares NFKC-normalized passwords', async () => {
    const stored = await hashPassword('ﬁle café', FAST); // U+FB01 ligature, precomposed é
    expect(await verifyPassword('file cafe\u0301', stored)).toBe(true);
  });

  it('refuses every malformed stored hash without throwing', async () => {
    const good = await hashPassword('correct horse', FAST);
    const [, , salt, hash] = good.split('$');
    const malformed = [
      '',
      '$$$',
      'pbkdf2-sha256',
      `pbkdf2-sha256$10$${salt}`,
      `bcrypt$10$${salt}$${hash}`,
      `pbkdf2-sha256$0$${salt}$${hash}`,
      `pbkdf2-sha256$-1$${salt}$${hash}`,
      `pbkdf2-sha256$1.5$${salt}$${hash}`,
      `pbkdf2-sha256$ten$${salt}$${hash}`,
      `pbkdf2-sha256$1e400$${salt}$${hash}`,
      `pbkdf2-sha256$10$A$${hash}`, // salt of impossible length: atob threw here
      `pbkdf2-sha256$10$${salt}$A`,
      `pbkdf2-sha256$10$${salt}$${hash}=`,
      `pbkdf2-sha256$10$${salt}$${hash}$extra`,
      `pbkdf2-sha256$10$$${hash}`,
      `pbkdf2-sha256$10$${salt}$`,
      `pbkdf2-sha256$10$${salt}$${hash!.slice(0, -1)}`,
      `pbkdf2-sha256$10$${salt}+/$${hash}`,
    ];
    for (const stored of malformed) expect(await verifyPassword('correct horse', stored), stored).toBe(false);
  });

  it('is false, never an exception, for any stored text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.stringMatching(/^pbkdf2-sha256\$[0-9]{1,2}\$[A-Za-z0-9_=-]{0,24}\$[A-Za-z0-9_=-]{0,4}$/), async (any, shaped) => {
        expect(await verifyPassword('correct horse', any)).toBe(false);
        expect(await verifyPassword('correct horse', shaped)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });

  it('the dummy hash has the shape of a real one (so it costs a full derivation) and matches no one', async () => {
    expect(DUMMY_HASH).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});
