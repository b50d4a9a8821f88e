// Shared by the provider clients' tests. Test-only: not part of the package.
import { expect } from 'vitest';
import { UpstreamError } from '../../../src/security/upstream.ts';

/** The UpstreamError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function thrown(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}
