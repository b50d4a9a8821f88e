// The HTTP layer under transport.ts: how a request to the editor routes goes
// out and how each way it can fail is put to the editor in words.

/** A read from the editor routes, or the words for why it failed. */
export type Answer<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A route's JSON as a reader first sees it: the wire contract's named fields
 * (src/<area>/wire.ts), each possibly missing or of any type until checked.
 * Typing a reader's input from the contract means a field the server renames
 * no longer type-checks here (index signatures are dropped, so only named
 * fields can be read).
 */
export type Untrusted<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]?: unknown };

/**
 * Sends one JSON request with the editor's cookie and a timeout (an
 * `init.signal` aborts it too). Never rejects: a request that got no
 * response comes back as the sentence to show.
 */
export function createRequest(fetch: typeof globalThis.fetch, timeoutMs: number) {
  return async function call(url: string, init: RequestInit = {}): Promise<Response | string> {
    try {
      return await fetch(url, {
        credentials: 'same-origin',
        ...init,
        headers: {
          ...(init.headers as Record<string, string> | undefined),
          ...(init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' }),
        },
        signal: init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') return 'The server took too long to answer.';
      return globalThis.navigator?.onLine === false ? 'You are offline.' : 'The server could not be reached.';
    }
  };
}

/** Why a response that is not ok failed; the server's own words only for a 4xx it explains. `what` names the request (`save`, `upload`). */
export async function failure(res: Response, what = 'save'): Promise<string> {
  if (res.status === 401 || res.status === 403) return res.status === 401 ? 'Your session has ended: sign in again in another tab.' : 'You may not do this.';
  if (res.status >= 500) return `The server failed (${res.status}).`;
  const body = (await res.json().catch(() => null)) as { message?: unknown; error?: unknown; violations?: unknown } | null;
  // A 422 names what is wrong with each value (a field's schema message): those words, not the summary.
  const why = Array.isArray(body?.violations) ? body.violations.map((v) => v?.message).filter((m) => typeof m === 'string') : [];
  if (why.length > 0) return why.slice(0, 3).join(' ');
  const said = typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : '';
  return `The server refused the ${what} (${res.status}${said ? `: ${said}` : ''}).`;
}

/** Reads a response with `read` (given null for an empty or unreadable body), or says why it failed. */
// biome-ignore lint/suspicious/noExplicitAny: each reader narrows the route's untrusted JSON itself, field by field.
export async function answer<T>(res: Response | string, read: (body: any) => T, what?: string): Promise<Answer<T>> {
  if (typeof res === 'string') return { ok: false, message: res };
  if (!res.ok) return { ok: false, message: await failure(res, what) };
  return { ok: true, value: read(res.status === 204 ? null : await res.json().catch(() => null)) };
}

/** A `{ items, nextCursor }` list page from untrusted JSON: each item through `read` (null drops it); a missing cursor is the last page. */
export function readListPage<T>(raw: unknown, read: (item: unknown) => T | null): { items: T[]; nextCursor: string | null } {
  const body = raw as { items?: unknown; nextCursor?: unknown } | null;
  const items = (Array.isArray(body?.items) ? body.items : []).map(read).filter((item): item is T => item !== null);
  return { items, nextCursor: typeof body?.nextCursor === 'string' && body.nextCursor !== '' ? body.nextCursor : null };
}
