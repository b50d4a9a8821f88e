import type { PosHandler } from '../state.ts';

/** The fake's labor operations, keyed by OpenAPI operation id. */
export const laborHandlers: Record<string, PosHandler> = {};
