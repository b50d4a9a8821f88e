// For the client's unit tests only (never bundled: nothing but *.test.ts
// imports it, and the package build leaves *.testing.ts out).

/** One request a fake fetch saw: its URL, its init, and its body parsed when it was a JSON string. */
export interface Seen {
  url: string;
  init: RequestInit;
  body: unknown;
}

/** A JSON response. */
export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fetch that records each request and answers from `reply`. */
export function fakeFetch(reply: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    let body: unknown;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const entry = { url: String(input), init, body };
    seen.push(entry);
    return reply(entry);
  }) as typeof globalThis.fetch;
  return { seen, fetch };
}
