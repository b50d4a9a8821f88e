export {
  checkPosConfig,
  POS_BASE_URLS,
  POS_VERSION,
  PosApiError,
  type PosConfig,
  type PosEnvironment,
  type PosErrorEntry,
  posIdempotencyKey,
} from './request.ts';
export {
  createLocation,
  listLocations,
  mapLocation,
  type PosAddress,
  type PosLocation,
  type PosLocationInput,
  retrieveLocation,
  updateLocation,
} from './locations.ts';
export { POS_SIGNATURE_HEADER, verifyPosSignature } from './webhook.ts';
export { posApplicationIdEnvironment } from '../pos-web/app-id.ts';
export { createSubscription, mapSubscription, type PosSubscription, type PosSubscriptionInput, searchSubscriptionsByCustomer } from './subscriptions.ts';
export {
  mapLoyaltyAccount,
  mapLoyaltyProgram,
  type PosLoyaltyAccount,
  type PosLoyaltyProgram,
  retrieveLoyaltyAccountByCustomer,
  retrieveLoyaltyProgram,
} from './loyalty.ts';
export {
  createTeamMember,
  mapTeamMember,
  type PosTeamMember,
  type PosTeamMemberInput,
  type PosTeamSearch,
  retrieveTeamMember,
  searchTeamMembers,
  updateTeamMember,
} from './team.ts';
export {
  clockOut,
  createTimecard,
  mapTimecard,
  type PosTimecard,
  type PosTimecardInput,
  type PosTimecardSearch,
  type PosTimecardWage,
  retrieveTimecard,
  searchTimecards,
  updateTimecard,
} from './labor.ts';
export {
  checkInvoiceSchedule,
  createInvoice,
  mapInvoice,
  type PosInvoice,
  type PosInvoiceInput,
  type PosInvoicePaymentRequest,
  type PosInvoicePaymentRequestInput,
  type PosInvoiceRequestType,
  publishInvoice,
  retrieveInvoice,
} from './invoices.ts';
export {
  isPresentAt,
  listCatalogItems,
  mapCatalogItem,
  mapCatalogVariation,
  type PosCatalogItem,
  type PosCatalogVariation,
  type PosLocationOverride,
  type PosPresence,
  type PosVariationPrices,
  retrieveCatalogItem,
  retrieveLiveCatalogObjectIds,
  retrieveVariationPrices,
  variationPriceAt,
} from './catalog.ts';
export { createCatalogImage, mapCatalogImage, type PosCatalogImage, type PosCatalogImageInput } from './catalog-images.ts';
export {
  batchUpsertCatalogObjects,
  checkCatalogObjects,
  POS_MAX_VARIATIONS,
  type PosCatalogItemInput,
  type PosCatalogVariationInput,
  type PosCatalogWriteResult,
  type PosLocationOverrideInput,
  type PosPresentAt,
  upsertCatalogItem,
} from './catalog-write.ts';
export { readModifyWriteCatalog } from './catalog-edit.ts';
export {
  batchChangeInventory,
  mapInventoryCount,
  type PosInventoryChangeInput,
  type PosInventoryCount,
  retrieveInventoryCounts,
  setPhysicalCount,
} from './inventory.ts';
export {
  calculateOrder,
  createOrder,
  mapOrder,
  POS_ORDER_STATES,
  POS_SEARCH_LOCATIONS_MAX,
  type PosOrder,
  type PosOrderInput,
  type PosOrderLine,
  type PosOrderLineInput,
  type PosOrderSearch,
  type PosOrderState,
  type PosOrderTotals,
  type PosTimeRange,
  retrieveOrder,
  searchOrders,
  searchOrdersByCustomer,
} from './orders.ts';
export { createPayment, mapPayment, type PosPayment, type PosPaymentInput } from './payments.ts';
export {
  createCustomer,
  ensureCustomer,
  mapCustomer,
  type PosCustomer,
  type PosCustomerFields,
  type PosCustomerUpdate,
  retrieveCustomer,
  searchCustomersByEmail,
  updateCustomer,
} from './customers.ts';
export { createCard, disableCard, listCards, mapCard, type PosCard, type PosCardInput } from './cards.ts';
