import { describe, expect, it } from 'vitest';
import { checkFormTimestamp, formTimestamp } from './form-token.ts';

const secret = 'a-test-secret-of-enough-length';
const t0 = 1_750_000_000_000;

describe('form timestamp token', () => {
  it('is <ms>.<43 base64url chars> and verifies once old enough', async () => {
    const token = await formTimestamp(secret, t0);
    expect(token).toMatch(/^1750000000000\.[A-Za-z0-9_-]{43}$/);
    expect(await checkFormTimestamp(secret, token, 2000, t0 + 2000)).toBe('ok');
    expect(await checkFormTimestamp(secret, token, 2000, t0 + 86_400_000)).toBe('ok');
  });

  it('is too fresh before minFillMs', async () => {
    const token = await formTimestamp(secret, t0);
    expect(await checkFormTimestamp(secret, token, 2000, t0 + 1999)).toBe('too_fresh');
    expect(await checkFormTimestamp(secret, token, 2000, t0)).toBe('too_fresh');
  });

  it('refuses a token signed with another secret, a changed time, or junk', async () => {
    const token = await formTimestamp(secret, t0);
    const [ms, mac] = token.split('.') as [string, string];
    expect(await checkFormTimestamp('another-secret', token, 2000, t0 + 5000)).toBe('forged');
    expect(await checkFormTimestamp(secret, `${Number(ms) - 10_000}.${mac}`, 2000, t0 + 5000)).toBe('forged');
    const flipped = `${ms}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expect(await checkFormTimestamp(secret, flipped, 2000, t0 + 5000)).toBe('forged');
    for (const junk of ['x', `${ms}.`, `${ms}`, `${ms}.${mac}=`, ` ${token}`, `-1.${mac}`])
      expect(await checkFormTimestamp(secret, junk, 2000, t0 + 5000), junk).toBe('forged');
    for (const missing of [undefined, null, '', 42]) expect(await checkFormTimestamp(secret, missing, 2000, t0)).toBe('missing');
  });

  it('treats a genuine token from more than a minute in the future as forged', async () => {
    const token = await formTimestamp(secret, t0 + 61_000);
    expect(await checkFormTimestamp(secret, token, 0, t0)).toBe('forged');
    // Within a minute: a clock a little ahead, so the form has not aged yet.
    const ahead = await formTimestamp(secret, t0 + 30_000);
    expect(await checkFormTimestamp(secret, ahead, 2000, t0)).toBe('too_fresh');
    expect(await checkFormTimestamp(secret, ahead, 2000, t0 + 32_000)).toBe('ok');
  });

  it('throws on programmer errors', async () => {
    await expect(formTimestamp('', t0)).rejects.toThrow(TypeError);
    await expect(formTimestamp(secret, 1.5)).rejects.toThrow(RangeError);
  });
});
