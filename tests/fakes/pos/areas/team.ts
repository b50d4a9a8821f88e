import type { PosHandler } from '../state.ts';

/** The fake's team operations, keyed by OpenAPI operation id. */
export const teamHandlers: Record<string, PosHandler> = {};
