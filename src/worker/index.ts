export { MerchLimiterObject } from './merch-limiter-object.ts';
export { RateLimiterObject } from './rate-limiter-object.ts';
