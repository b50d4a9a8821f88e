export { composeRoutes } from '../http/compose.ts';
export { MerchLimiterObject } from './merch-limiter-object.ts';
export { RateLimiterObject } from './rate-limiter-object.ts';
