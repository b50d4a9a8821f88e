import type { PosHandler } from '../state.ts';

/** The fake's invoices operations, keyed by OpenAPI operation id. */
export const invoicesHandlers: Record<string, PosHandler> = {};
