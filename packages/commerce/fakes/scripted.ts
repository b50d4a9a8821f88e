/**
 * Scripted answers, shared by the fake providers: a test queues a fault (a
 * status, a delay, a broken or hanging reply) and the next matching request
 * gets it instead of the fake's own answer, after the contract checks.
 */

/** One answer to inject ahead of a fake's own: a provider fault or a slow or broken reply. */
export interface ScriptedAnswer {
  /** Only a request matching this takes the answer (default: the next request). */
  match?: { method?: string; path?: string | RegExp } | undefined;
  status?: number | undefined;
  /** An object is sent as JSON, a string as is; an error without one gets the provider's error shape. */
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** Wait this long before answering (the request's abort still ends it). */
  delayMs?: number | undefined;
  /** A 2xx body that is not JSON. */
  malformed?: boolean | undefined;
  /** Never answer; only the request's abort signal ends it. */
  hang?: boolean | undefined;
}

/** Resolves after `ms` (never for Infinity); rejects with the abort reason when `signal` aborts first. */
export function waitFor(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // A hang still holds a timer, as a real open socket holds the request: without a root, the
    // collector may take the waiting request (and the caller's deadline with it) and it never ends.
    const timer = ms === Number.POSITIVE_INFINITY ? setInterval(() => signal, 2 ** 31 - 1) : setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      clearInterval(timer);
      reject(signal.reason);
    });
  });
}

/** The queue of answers a test scripted, taken in order by the first request each one matches. */
export function scriptQueue<A extends ScriptedAnswer>(): { push(...answers: A[]): void; take(method: string, path: string): A | undefined } {
  const queue: A[] = [];
  return {
    push: (...answers) => void queue.push(...answers),
    take(method, path) {
      const index = queue.findIndex(
        ({ match }) =>
          (match?.method === undefined || match.method.toUpperCase() === method) &&
          (match?.path === undefined || (typeof match.path === 'string' ? match.path === path : match.path.test(path))),
      );
      return index >= 0 ? queue.splice(index, 1)[0] : undefined;
    },
  };
}

/** How one provider's scripted answers look: its broken JSON, its error body, the headers it always sends. */
export interface ScriptStyle {
  /** A truncated JSON body in the provider's shape, for `malformed`. */
  malformed: string;
  /** The provider's error body for a status of 400 and up, when the answer brings none. */
  errorBody(status: number): unknown;
  headers?: Record<string, string> | undefined;
}

/** The response for a scripted answer, after its hang or delay (both end with the request's abort). */
export async function scriptedResponse(answer: ScriptedAnswer, signal: AbortSignal | null, style: ScriptStyle): Promise<Response> {
  if (answer.hang) await waitFor(Number.POSITIVE_INFINITY, signal);
  if (answer.delayMs) await waitFor(answer.delayMs, signal);
  const status = answer.status ?? 200;
  const headers = { ...style.headers, ...answer.headers };
  const asJson = { 'content-type': 'application/json', ...headers };
  if (answer.malformed) return new Response(style.malformed, { status, headers: asJson });
  const body = answer.body ?? (status >= 400 ? style.errorBody(status) : {});
  return typeof body === 'string' ? new Response(body, { status, headers }) : new Response(JSON.stringify(body), { status, headers: asJson });
}
