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
