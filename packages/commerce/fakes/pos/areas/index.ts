import type { PosHandler } from '../state.ts';
import { locationsHandlers } from './locations.ts';
import { catalogHandlers } from './catalog.ts';
import { inventoryHandlers } from './inventory.ts';
import { ordersHandlers } from './orders.ts';
import { paymentsHandlers } from './payments.ts';
import { customersHandlers } from './customers.ts';
import { cardsHandlers } from './cards.ts';
import { subscriptionsHandlers } from './subscriptions.ts';
import { loyaltyHandlers } from './loyalty.ts';
import { teamHandlers } from './team.ts';
import { laborHandlers } from './labor.ts';
import { invoicesHandlers } from './invoices.ts';

/** Every operation the fake implements, by OpenAPI operation id; one file per area of the client. */
export function posAreaHandlers(): Record<string, PosHandler> {
  return {
    ...locationsHandlers,
    ...catalogHandlers,
    ...inventoryHandlers,
    ...ordersHandlers,
    ...paymentsHandlers,
    ...customersHandlers,
    ...cardsHandlers,
    ...subscriptionsHandlers,
    ...loyaltyHandlers,
    ...teamHandlers,
    ...laborHandlers,
    ...invoicesHandlers,
  };
}
