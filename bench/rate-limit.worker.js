// Bench-only worker for bench/rate-limit.bench.ts. Plain JS so the Node-side
// typecheck (tsconfig.node.json) does not pull workerd types in; the bench's
// inline wrangler config aliases 'louise-bench-limiter' to the real class.
import { DurableObject } from 'cloudflare:workers';
import { RateLimiterObject } from 'louise-bench-limiter';

export { RateLimiterObject };

/** Baseline: the same kind of object (SQLite-backed) with an RPC method that does nothing. */
export class PingObject extends DurableObject {
  ping() {
    return 0;
  }
}

const MAX_OPS = 100_000;
const MAX_CONCURRENCY = 64;

/** op -> function making one call against a single key's object. */
function operation(env, op, key) {
  if (op === 'ping') {
    const stub = env.PING.get(env.PING.idFromName(key));
    return () => stub.ping();
  }
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
  // 'hit': every hit admitted (a write each); 'blocked': limit 1, so all but the first only read.
  if (op === 'hit') return () => stub.hit(1_000_000_000, 3600);
  if (op === 'blocked') return () => stub.hit(1, 3600);
  return null;
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const n = Number(url.searchParams.get('n'));
    const c = Number(url.searchParams.get('c'));
    const call = operation(env, url.searchParams.get('op'), url.searchParams.get('key') ?? 'bench');
    if (!call || !Number.isInteger(n) || n < 1 || n > MAX_OPS || !Number.isInteger(c) || c < 1 || c > MAX_CONCURRENCY) {
      return new Response('usage: ?op=ping|hit|blocked&n=1..100000&c=1..64&key=...', { status: 400 });
    }
    let started = 0;
    let admitted = 0;
    // c callers share one budget of n sequential calls each, like c concurrent clients.
    await Promise.all(
      Array.from({ length: c }, async () => {
        while (started < n) {
          started++;
          const result = await call();
          if (result?.ok) admitted++;
        }
      }),
    );
    return Response.json({ ops: started, admitted });
  },
};
