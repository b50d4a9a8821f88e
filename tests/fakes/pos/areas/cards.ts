import type { PosHandler } from '../state.ts';

/** The fake's cards operations, keyed by OpenAPI operation id. */
export const cardsHandlers: Record<string, PosHandler> = {};
