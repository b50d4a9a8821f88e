export { hmacSha256Hex, hmacSha256Base64, safeEqual } from './signature.ts';
