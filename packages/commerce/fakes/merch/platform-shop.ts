import { afterEach, expect } from 'vitest';
import { createFakePlatform, type FakePlatform } from './platform.ts';
import { createVirtualClock, type VirtualClock } from './virtual-clock.ts';

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The client config fields a fake shop fills in (the client's MerchPlatformConfig, structurally). */
export interface FakeShopConfig {
  username: string;
  password: string;
  baseUrl: string;
  fetch: FetchFn;
  clock: VirtualClock;
  random: () => number;
}

let shops = 0;

/**
 * A fresh fake shop on a virtual clock (a fresh one unless given), and a
 * client config for it whose username (the default limiter key) no other
 * test uses, so in-isolate buckets never carry over between tests.
 */
export function fakeShop<const O extends object = object>(
  overrides?: O,
  clock: VirtualClock = createVirtualClock(),
): { fake: FakePlatform; clock: VirtualClock; config: FakeShopConfig & O } {
  const username = `shop-${++shops}-${crypto.randomUUID().slice(0, 8)}`;
  const password = `pw-${crypto.randomUUID()}`;
  const fake = createFakePlatform({ username, password, clock });
  const base: FakeShopConfig = { username, password, baseUrl: 'http://merch.test/open-api/v1.0', fetch: fake.fetch, clock, random: () => 0.5 };
  return { fake, clock, config: { ...base, ...(overrides ?? ({} as O)) } };
}

/**
 * `fakeShop` for one test file: every shop made is checked after each test
 * for requests that broke the provider contract (there must be none).
 */
export function checkedShops(): typeof fakeShop {
  let fakes: FakePlatform[] = [];
  afterEach(() => {
    for (const fake of fakes) expect(fake.violations).toEqual([]);
    fakes = [];
  });
  return (...args) => {
    const made = fakeShop(...args);
    fakes.push(made.fake);
    return made;
  };
}
