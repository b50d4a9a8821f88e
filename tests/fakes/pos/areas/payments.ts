import type { PosHandler } from '../state.ts';

/** The fake's payments operations, keyed by OpenAPI operation id. */
export const paymentsHandlers: Record<string, PosHandler> = {};
