import * as v from 'valibot';

// setTimeout treats delays above a signed 32-bit int as 1 ms in Node, so a
// larger timeout would silently fail every check at once.
const MAX_TIMER_MS = 2_147_483_647;

/** The `checks` option: a plain map of name to function. */
export const checksSchema = v.record(
  v.string(),
  v.function('each check must be a function (env, signal) => boolean | { ok, ageMs? }'),
  'checks must be an object mapping a name to a check function',
);

/** The `timeoutMs` option: a positive number of milliseconds a timer can hold. */
export const timeoutSchema = v.pipe(
  v.number('timeoutMs must be a number of milliseconds'),
  v.finite('timeoutMs must be finite'),
  v.gtValue(0, 'timeoutMs must be above 0'),
  v.maxValue(MAX_TIMER_MS, `timeoutMs must be at most ${MAX_TIMER_MS}`),
);

/** Parses `input` or throws a TypeError naming `where` and every problem found. */
export function parseOptions<S extends v.GenericSchema>(where: string, schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw new TypeError(`${where}: invalid options\n${v.summarize(result.issues)}`);
}
