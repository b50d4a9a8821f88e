import type { PosHandler } from '../state.ts';

/** The fake's inventory operations, keyed by OpenAPI operation id. */
export const inventoryHandlers: Record<string, PosHandler> = {};
