export { composeRoutes } from '../http/compose.ts';
export { RateLimiterObject } from './rate-limiter-object.ts';
