import type { PosHandler } from '../state.ts';

/** The fake's catalog operations, keyed by OpenAPI operation id. */
export const catalogHandlers: Record<string, PosHandler> = {};
