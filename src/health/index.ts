export { statusRoute, type StatusRouteOptions } from './status-route.ts';
export { runStatusChecks, type RunStatusChecksOptions } from './run-status-checks.ts';
export { d1Check, type D1Source } from './d1-check.ts';
export { migrationsCheck } from './migrations-check.ts';
export { ageCheck, type AgeCheckOptions, type Timestamp } from './age-check.ts';
export {
  STATUS_CHECK_TIMEOUT_MS,
  type StatusCheck,
  type StatusCheckOutcome,
  type StatusCheckReport,
  type StatusChecks,
  type StatusResult,
} from './status-check.ts';
