import type { PosWebEnvironment } from './index.ts';

/**
 * The environment a public application id was issued for, read from its
 * format (`sandbox-sq0idb-…` or `sq0idp-…`), or null for anything else.
 * Compare it with the server's `environment` before mounting the card form
 * (spec Pos rule 6): a sandbox id against production keys makes tokens the
 * server cannot charge, and the buyer would only find out after typing.
 */
export function posApplicationIdEnvironment(appId: unknown): PosWebEnvironment | null {
  if (typeof appId !== 'string') return null;
  if (/^sandbox-sq0idb-[A-Za-z0-9_-]{10,}$/.test(appId)) return 'sandbox';
  if (/^sq0idp-[A-Za-z0-9_-]{10,}$/.test(appId)) return 'production';
  return null;
}
