/** The allowlisted part of a payload, and the keys that were refused. */
export interface PickedFields {
  data: Record<string, unknown>;
  /** Keys outside the allowlist: the caller answers 400; they never reach a column. */
  unknown: string[];
}

/**
 * Allowlists and sanitizes a create or update payload: keeps only `fields`,
 * runs each of `richFields` (string values) through `sanitize`. Pure; never
 * mutates `input`.
 */
export function pickFields(
  input: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  richFields: readonly string[],
  sanitize: (html: string) => string,
): PickedFields {
  const allowed = new Set(fields);
  const rich = new Set(richFields);
  const data: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (!allowed.has(key)) {
      unknown.push(key);
      continue;
    }
    data[key] = rich.has(key) && typeof value === 'string' ? sanitize(value) : value;
  }
  return { data, unknown };
}
