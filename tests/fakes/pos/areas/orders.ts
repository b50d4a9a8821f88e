import type { PosHandler } from '../state.ts';

/** The fake's orders operations, keyed by OpenAPI operation id. */
export const ordersHandlers: Record<string, PosHandler> = {};
