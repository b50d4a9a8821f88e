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
export { posApplicationIdEnvironment } from '../pos-web/index.ts';
export { createSubscription, mapSubscription, type PosSubscription, type PosSubscriptionInput, searchSubscriptionsByCustomer } from './subscriptions.ts';
export { mapLoyaltyAccount, mapLoyaltyProgram, type PosLoyaltyAccount, type PosLoyaltyProgram, retrieveLoyaltyAccountByCustomer, retrieveLoyaltyProgram } from './loyalty.ts';
export { createTeamMember, mapTeamMember, type PosTeamMember, type PosTeamMemberInput, type PosTeamSearch, retrieveTeamMember, searchTeamMembers, updateTeamMember } from './team.ts';
export { clockOut, createTimecard, mapTimecard, type PosTimecard, type PosTimecardInput, type PosTimecardSearch, type PosTimecardWage, retrieveTimecard, searchTimecards, updateTimecard } from './labor.ts';
export { checkInvoiceSchedule, createInvoice, mapInvoice, type PosInvoice, type PosInvoiceInput, type PosInvoicePaymentRequest, type PosInvoicePaymentRequestInput, type PosInvoiceRequestType, publishInvoice, retrieveInvoice } from './invoices.ts';
