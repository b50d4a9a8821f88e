/** Degradations the toolkit reports: a check that could not be answered, a carried change refused. */
export type DegradedEvent = 'editor.softLocks' | 'editor.pages.draftCarry' | 'editor.buffer' | 'editor.realtime' | (string & {});

/** Context of a report: ids and error names only, never field values or secrets. */
export type DegradedDetail = Readonly<Record<string, string | number | boolean | null>>;

export type DegradedSink = (event: DegradedEvent, detail: DegradedDetail) => void;

const consoleSink: DegradedSink = (event, detail) => {
  console.warn(JSON.stringify({ level: 'warn', source: 'louise', event, ...detail }));
};

let sink: DegradedSink = consoleSink;

/**
 * Reports that something degraded but the request went on (fail open).
 * Default: one structured `console.warn` line. A throwing sink is ignored.
 */
export function reportDegraded(event: DegradedEvent, detail: DegradedDetail = {}): void {
  try {
    sink(event, detail);
  } catch {
    // A broken sink must never fail the write it reports on.
  }
}

/** Replaces the sink (metrics, a log drain); `null` restores the console line. Returns the previous sink. */
export function setDegradedSink(next: DegradedSink | null): DegradedSink {
  const previous = sink;
  sink = next ?? consoleSink;
  return previous;
}

/**
 * The error's name for a report, never its message (which may quote values).
 * @internal (not exported from any package entry)
 */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
