import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addEditor, authRoute } from '../../src/auth/index.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { durableRateLimitStorage } from '../../src/security/durable-rate-limit.ts';

// Issue 29, item 10: the sign-in limiter counts failures only, per client
// and address with growing delays, and a per-address ceiling that slows a
// distributed attacker without refusing the owner. All through the
// RATE_LIMITER Durable Object, with the default limits.
const ORIGIN = 'https://site.test';
let n = 0;
const uniqueEmail = () => `limits${++n}-${crypto.randomUUID()}@example.com`;
let clock = Date.now();
const route = authRoute<Env>({ limiter: (e) => durableRateLimitStorage(e.RATE_LIMITER), clock: { now: () => clock } });

function login(email: string, password: string, ip: string): Promise<Response> {
  const headers = { origin: ORIGIN, 'content-type': 'application/json', 'cf-connecting-ip': ip };
  return runEditorRoute(route, new Request(`${ORIGIN}/api/cms/auth/login`, { method: 'POST', headers, body: JSON.stringify({ email, password }) }), env);
}

async function editor(): Promise<string> {
  const email = uniqueEmail();
  await addEditor(env.DB, { email, name: 'Owner', password: 'correct horse' });
  return email;
}

describe('sign-in limits', () => {
  it('do not count successful sign-ins (the 11th in 15 minutes was refused)', async () => {
    const email = await editor();
    for (let i = 0; i < 15; i++) expect((await login(email, 'correct horse', '192.0.2.1')).status, `sign-in ${i + 1}`).toBe(204);
  });

  it("let the owner in from their own client while another client guesses the address's password", async () => {
    const email = await editor();
    for (let i = 0; i < 12; i++) expect((await login(email, `guess ${i}`, '198.51.100.7')).status).not.toBe(204);
    expect((await login(email, 'correct horse', '192.0.2.10')).status).toBe(204);
    // The guessing client itself is held back, even with the right password.
    const held = await login(email, 'correct horse', '198.51.100.7');
    expect(held.status).toBe(429);
    expect(await held.json()).toMatchObject({ error: 'rate_limited' });
  });

  it('give a client five free tries at an address, then delays that double, and forget them at a success', async () => {
    const email = await editor();
    const ip = '192.0.2.20';
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong', ip)).status).toBe(401);
    const first = await login(email, 'correct horse', ip);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    clock += 2_000;
    expect((await login(email, 'wrong', ip)).status).toBe(401);
    const second = await login(email, 'wrong', ip);
    expect(second.headers.get('retry-after')).toBe('4');
    clock += 4_000;
    expect((await login(email, 'correct horse', ip)).status).toBe(204);
    // The success cleared the pair: five free tries again.
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong', ip)).status).toBe(401);
  });

  it('cap the delay at 15 minutes, so the owner on a client that failed many times still gets in', async () => {
    const email = await editor();
    const ip = '192.0.2.30';
    let longest = 0;
    for (let i = 0; i < 40; i++) {
      const res = await login(email, 'wrong', ip);
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after'));
        longest = Math.max(longest, wait);
        clock += wait * 1000;
      }
    }
    expect(longest).toBe(900);
    const refused = await login(email, 'correct horse', ip);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    clock += 900_000;
    expect((await login(email, 'correct horse', ip)).status).toBe(204);
  });

  it('past the per-address ceiling, give each new client one free try; the owner still gets in', async () => {
    const email = await editor();
    // A distributed guess: 25 clients, one wrong password each.
    for (let i = 0; i < 25; i++) expect((await login(email, 'wrong', `203.0.113.${i + 1}`)).status).toBe(401);
    // A fresh client still gets its one try, and the owner's right password is it.
    expect((await login(email, 'correct horse', '192.0.2.40')).status).toBe(204);
    // A fresh client that misses is held back at once.
    expect((await login(email, 'wrong', '192.0.2.41')).status).toBe(401);
    expect((await login(email, 'correct horse', '192.0.2.41')).status).toBe(429);
  });

  it('hold parallel guesses from one client to its free tries: the counter is reserved before the password is checked', async () => {
    const email = await editor();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'wrong', '192.0.2.60')));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('treat an unknown address exactly like a known one', async () => {
    const known = await editor();
    const unknown = uniqueEmail();
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(email, 'wrong', '192.0.2.50');
        seen.push(`${res.status} ${res.headers.get('retry-after') ?? '-'} ${await res.text()}`);
      }
      return seen;
    };
    const forKnown = await answers(known);
    expect(forKnown.filter((line) => line.startsWith('429'))).toHaveLength(2);
    expect(await answers(unknown)).toEqual(forKnown);
  });
});
