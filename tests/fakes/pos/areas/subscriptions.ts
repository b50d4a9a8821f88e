import type { PosHandler } from '../state.ts';

/** The fake's subscriptions operations, keyed by OpenAPI operation id. */
export const subscriptionsHandlers: Record<string, PosHandler> = {};
