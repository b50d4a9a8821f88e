import type { PosHandler } from '../state.ts';

/** The fake's loyalty operations, keyed by OpenAPI operation id. */
export const loyaltyHandlers: Record<string, PosHandler> = {};
