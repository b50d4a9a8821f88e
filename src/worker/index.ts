export { composeRoutes } from './compose.ts';
export { RateLimiterObject } from './rate-limiter-object.ts';
