// Search-as-you-type without races: each query waits for a pause in the
// typing, a newer query aborts the one in flight, and an answer that comes
// back after a newer query started is dropped, so results never go back in
// time.

/** Options of `searchFlight`. */
export interface SearchFlightOptions<T> {
  /** Runs one query; `signal` aborts when a newer one starts. Should not reject (a rejection is dropped like a stale answer). */
  run(q: string, signal: AbortSignal): Promise<T>;
  /** Shows the answer to the newest query, and only that one. */
  show(q: string, answer: T): void;
  /** A query was scheduled (to say "Searching…"). */
  waiting?(q: string): void;
  /** Pause after the last keystroke before the query goes out (default 150 ms). */
  debounceMs?: number;
}

/** What `searchFlight` returns. */
export interface SearchFlight {
  /** Searches for `q` after the pause, unless it is the query already asked. */
  query(q: string): void;
  /** Asks the current query again now (after the index was rebuilt). */
  rerun(): void;
  /** Drops the pending query and the one in flight (the box was emptied, the panel closed). */
  cancel(): void;
}

/**
 * A debounced, latest-only search.
 *
 * @example
 * const flight = searchFlight({ run: (q, signal) => api.search('pages', q, { signal }), show: render });
 * input.addEventListener('input', () => flight.query(input.value.trim()));
 */
export function searchFlight<T>(options: SearchFlightOptions<T>): SearchFlight {
  const debounceMs = options.debounceMs ?? 150;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | null = null;
  let generation = 0;
  let asked = '';

  const stop = () => {
    clearTimeout(timer);
    inFlight?.abort();
    inFlight = null;
    generation++;
  };
  const go = async (q: string) => {
    const mine = ++generation;
    const controller = new AbortController();
    inFlight = controller;
    let answer: T;
    try {
      answer = await options.run(q, controller.signal);
    } catch {
      return;
    }
    if (mine !== generation) return;
    inFlight = null;
    options.show(q, answer);
  };

  return {
    query(q) {
      if (q === asked) return;
      stop();
      asked = q;
      options.waiting?.(q);
      timer = setTimeout(() => void go(q), debounceMs);
    },
    rerun() {
      stop();
      if (asked !== '') void go(asked);
    },
    cancel() {
      stop();
      asked = '';
    },
  };
}
