export { type CartCatalog, type CartIssue, type CartLine, cartIssues, cartModifierIds } from './cart.ts';
export { type CartChange, repairCart } from './cart-repair.ts';
export { centsToMajor, currencyDigits, type Money, majorToCents } from './money.ts';
export { formatMoney, MONEY_LOCALES, parseMoney } from './money-format.ts';
export { parseMoneyInput } from './money-input.ts';
export { vanishedRows } from './rows.ts';
export { hmacSha256Base64, hmacSha256Hex, safeEqual } from '../../../src/security/crypto.ts';
export { type Clock, type RetryPolicy, checkRetryPolicy, retryDelay, systemClock, withRetry } from './retry.ts';
