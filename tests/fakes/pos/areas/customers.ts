import type { PosHandler } from '../state.ts';

/** The fake's customers operations, keyed by OpenAPI operation id. */
export const customersHandlers: Record<string, PosHandler> = {};
