import * as v from 'valibot';

/**
 * Checks a caller's input against a valibot schema before anything is sent.
 * The message lists where and what was expected, never the values received:
 * order input carries names and addresses, which belong in no error text.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return parsed.output;
  const problems = parsed.issues.slice(0, 5).map((issue) => {
    const at = v.getDotPath(issue) ?? 'input';
    if (issue.type === 'strict_object') return `${at}: unknown field`;
    return issue.kind === 'schema'
      ? `${at}: expected ${issue.expected ?? issue.type}`
      : `${at}: ${issue.type.replace(/_/g, ' ')} ${issue.requirement ?? ''}`.trim();
  });
  throw new TypeError(`Merch ${what}: ${problems.join('; ')}`);
}

/** A non-empty string without surrounding whitespace, up to `max` characters. */
export const text = (max = 500) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
