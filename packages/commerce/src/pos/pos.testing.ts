// Shared by the Pos client's tests. Test-only: not part of the package.
import { afterEach, expect } from 'vitest';
import { createFakePos, FAKE_POS_TOKEN, type FakePos, type FakePosOptions } from '../../fakes/pos/fake-pos.ts';
import type { PosConfig } from './request.ts';

/** A config that talks to `fake` in-process (no sockets), sandbox environment. */
export function posConfigFor(fake: FakePos, extra: Partial<PosConfig> = {}): PosConfig {
  return { accessToken: FAKE_POS_TOKEN, environment: 'sandbox', baseUrl: 'https://pos.fake.test', fetch: fake.fetch, ...extra };
}

/**
 * A fresh fake Pos for every test of the file (`pos.fake`; a test may replace
 * it, say with another version), checked after each test: no request broke
 * the contract. `pos.called` gathers, over the whole file, the operations
 * called with a valid request, so a file can assert each of its area's
 * operations went through the fake at least once.
 */
export function fakePosPerTest(options: () => FakePosOptions = () => ({})): { fake: FakePos; readonly called: Set<string> } {
  const pos = { fake: createFakePos(options()), called: new Set<string>() };
  afterEach(() => {
    expect(pos.fake.violations).toEqual([]);
    for (const op of pos.fake.called()) pos.called.add(op);
    pos.fake = createFakePos(options());
  });
  return pos;
}
