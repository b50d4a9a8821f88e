// Shared by the Pos client's tests. Test-only: not part of the package.
import { FAKE_POS_TOKEN, type FakePos } from '../../../tests/fakes/pos/fake-pos.ts';
import type { PosConfig } from './request.ts';

/** A config that talks to `fake` in-process (no sockets), sandbox environment. */
export function posConfigFor(fake: FakePos, extra: Partial<PosConfig> = {}): PosConfig {
  return { accessToken: FAKE_POS_TOKEN, environment: 'sandbox', baseUrl: 'https://pos.fake.test', fetch: fake.fetch, ...extra };
}
