import { applyBackoff, checkBackoffPolicy, type BackoffOp, type BackoffResult, type BackoffState } from './backoff.ts';
import { errorName } from './degraded.ts';
import { checkRateArgs, type RateLimitStorage, type RateResult } from './rate-limit.ts';

/** The slice of SQLite-backed Durable Object storage the limiter needs (`ctx.storage`). */
export interface LimiterStorage {
  sql: { exec(query: string, ...bindings: (string | number | null)[]): { toArray(): Record<string, unknown>[] } };
  setAlarm(scheduledTime: number): Promise<void>;
}

/** An atomic fixed-window counter owned by one coordination object (one key). */
export interface DurableRateLimiter {
  /** Counts one hit; `now` (ms) is injectable for tests. */
  hit(limit: number, windowSec: number, now?: number): Promise<RateResult>;
  /** One operation on this key's back-off counter (sign-in failures; see `applyBackoff`). */
  backoff(op: BackoffOp): Promise<BackoffResult>;
  /** Deletes the counter once its window is over (a back-off counter once forgotten); reschedules itself otherwise. */
  reap(now?: number): Promise<void>;
}

/** A Durable Object namespace whose objects expose `hit(limit, windowSec)` over RPC. */
export interface RateLimiterNamespace {
  idFromName(name: string): DurableObjectIdLike;
  get(id: DurableObjectIdLike): { hit(limit: number, windowSec: number): Promise<RateResult>; backoff(op: BackoffOp): Promise<BackoffResult> };
}

// Opaque on purpose: the client only passes it from idFromName back to get.
type DurableObjectIdLike = object;

interface WindowRow {
  count: number;
  resetsAt: number;
}

/**
 * Builds the limiter for one coordination object from its state (`{ storage }`),
 * using the object's synchronous SQLite API so read-modify-write has no await inside it.
 * Needs a SQLite-backed class (`new_sqlite_classes`); key-value-backed objects have no `storage.sql`.
 */
export function createRateLimiter(ctx: { storage: LimiterStorage }): DurableRateLimiter {
  const { sql } = ctx.storage;
  // One row per object: the object *is* the key (idFromName(key)).
  sql.exec('CREATE TABLE IF NOT EXISTS rate_window (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL, resets_at INTEGER NOT NULL)');
  sql.exec(
    'CREATE TABLE IF NOT EXISTS backoff (id INTEGER PRIMARY KEY CHECK (id = 1), failures INTEGER NOT NULL, last_at INTEGER NOT NULL, forget_at INTEGER NOT NULL)',
  );

  const read = (): WindowRow | null => {
    const row = sql.exec('SELECT count, resets_at FROM rate_window WHERE id = 1').toArray()[0];
    return row ? { count: Number(row['count']), resetsAt: Number(row['resets_at']) } : null;
  };
  const readBackoff = (): BackoffState | null => {
    const row = sql.exec('SELECT failures, last_at, forget_at FROM backoff WHERE id = 1').toArray()[0];
    return row ? { failures: Number(row['failures']), lastAt: Number(row['last_at']), forgetAt: Number(row['forget_at']) } : null;
  };

  return {
    async hit(limit, windowSec, now = Date.now()) {
      checkRateArgs('DurableRateLimiter.hit', limit, windowSec);
      // Everything from read to write is synchronous, so no other request of this
      // object can interleave: Durable Objects run one event at a time.
      const current = read();
      if (!current || now >= current.resetsAt) {
        const resetsAt = now + windowSec * 1000;
        sql.exec('INSERT OR REPLACE INTO rate_window (id, count, resets_at) VALUES (1, 1, ?)', resetsAt);
        await ctx.storage.setAlarm(resetsAt);
        return { ok: true, remaining: limit - 1, retryAfter: 0 };
      }
      if (current.count < limit) {
        sql.exec('UPDATE rate_window SET count = count + 1 WHERE id = 1');
        return { ok: true, remaining: limit - current.count - 1, retryAfter: 0 };
      }
      // Blocked hits write nothing, so blocking never extends the window.
      return { ok: false, remaining: 0, retryAfter: Math.max(1, Math.ceil((current.resetsAt - now) / 1000)) };
    },

    async backoff(op) {
      if (op.kind === 'take') checkBackoffPolicy('DurableRateLimiter.backoff', op.policy);
      // Read to write is synchronous, as in hit: concurrent attempts take turns.
      const before = readBackoff();
      const { result, next } = applyBackoff(before, op);
      if (next === null) {
        if (before) sql.exec('DELETE FROM backoff WHERE id = 1');
      } else if (next !== before) {
        sql.exec('INSERT OR REPLACE INTO backoff (id, failures, last_at, forget_at) VALUES (1, ?, ?, ?)', next.failures, next.lastAt, next.forgetAt);
        if (next.forgetAt !== before?.forgetAt) await ctx.storage.setAlarm(next.forgetAt);
      }
      return result;
    },

    async reap(now = Date.now()) {
      // An object is one key: it holds a window or a back-off counter, never both.
      const counter = readBackoff();
      if (counter) {
        if (now >= counter.forgetAt) sql.exec('DELETE FROM backoff WHERE id = 1');
        else await ctx.storage.setAlarm(counter.forgetAt);
      }
      const current = read();
      if (!current) return;
      if (now >= current.resetsAt) {
        sql.exec('DELETE FROM rate_window WHERE id = 1');
        return;
      }
      // An alarm left over from an earlier window (alarms are at-least-once):
      // keep the open window and wake again at its end.
      await ctx.storage.setAlarm(current.resetsAt);
    },
  };
}

/**
 * Client side of the coordination-object limiter: one object per key, reached by RPC.
 * Fails open (ok: true) when the object cannot be reached, with one warning line.
 */
export function durableRateLimitStorage(namespace: RateLimiterNamespace): RateLimitStorage {
  return {
    async hit(key, limit, windowSec) {
      checkRateArgs('durableRateLimitStorage', limit, windowSec);
      try {
        return await namespace.get(namespace.idFromName(key)).hit(limit, windowSec);
      } catch (error) {
        // The key may hold an IP or an e-mail address: log only the error's name.
        console.warn(`louise: rate limiter unreachable, allowing request (${errorName(error)})`);
        return { ok: true, remaining: limit, retryAfter: 0 };
      }
    },
    async backoff(key, op) {
      if (op.kind === 'take') checkBackoffPolicy('durableRateLimitStorage.backoff', op.policy);
      try {
        return await namespace.get(namespace.idFromName(key)).backoff(op);
      } catch (error) {
        console.warn(`louise: rate limiter unreachable, allowing request (${errorName(error)})`);
        return { ok: true, retryAfter: 0, failures: 0 };
      }
    },
  };
}
