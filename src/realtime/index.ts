export { realtimeObject, FLUSH_MS, type RealtimeObjectClass, type SettleAction, type RealtimeObjectOptions } from './object.ts';
export { INTRO_HEADER, type LiveIntro } from './intro.ts';
export {
  realtimeSoftLocks,
  realtimeSettle,
  SOFT_LOCK_TIMEOUT_MS,
  SETTLE_TIMEOUT_MS,
  type RealtimeNamespace,
  type RealtimeSoftLocksOptions,
} from './soft-locks.ts';
export { liveRoute, type LiveRouteOptions } from './live-route.ts';
export { collectionRealtime } from './collection-realtime.ts';
export {
  ClientMessage,
  ServerMessageSchema,
  readMessage,
  PROTOCOL_VERSION,
  MAX_MESSAGE_BYTES,
  HEARTBEAT_MS,
  HEARTBEAT_TIMEOUT_MS,
  IDLE_CLAIM_MS,
  MAX_SOCKET_MS,
  RATE_BURST,
  RATE_PER_SECOND,
  CLOSE,
  type Peer,
  type ServerMessage,
} from './protocol.ts';
