/** Bounds on one `json` field's value, checked before anything is written. */
export interface JsonLimits {
  /** Deepest nesting of arrays and objects (a scalar is depth 0). */
  maxDepth: number;
  /** Most members of one object or items of one array. */
  maxMembers: number;
  /** Most values in all (scalars, arrays and objects). */
  maxNodes: number;
  /** Most UTF-16 code units of string content (keys and values) in all. */
  maxChars: number;
  /** Refuse `__proto__` keys (stored values); a request body leaves them to the field allowlist, which names them. */
  forbidProtoKeys: boolean;
}

/** Generous for structured content (sections, lists of blocks), far below what breaks a parser or a row. */
export const JSON_FIELD_LIMITS: JsonLimits = Object.freeze({ maxDepth: 32, maxMembers: 1_000, maxNodes: 20_000, maxChars: 512 * 1024, forbidProtoKeys: true });

/**
 * Why a JSON value is outside the limits, or null when it fits. Iterative:
 * a hostile value thousands of levels deep is measured, not recursed into.
 * Also refuses what JSON cannot hold (functions, `undefined` members,
 * non-finite numbers) and, where asked, `__proto__` keys (they pollute
 * prototypes in code that merges JSON naively).
 */
export function jsonLimitProblem(value: unknown, limits: JsonLimits = JSON_FIELD_LIMITS): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let nodes = 0;
  let chars = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (++nodes > limits.maxNodes) return `holds more than ${limits.maxNodes} values`;
    if (typeof current === 'string') chars += current.length;
    else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'holds a number JSON cannot store';
    } else if (current !== null && typeof current !== 'boolean') {
      if (typeof current !== 'object') return `holds a ${typeof current}, which is not JSON`;
      if (depth >= limits.maxDepth) return `is nested deeper than ${limits.maxDepth} levels`;
      const entries = Array.isArray(current) ? current.map((item) => ['', item] as const) : Object.entries(current);
      if (entries.length > limits.maxMembers) return `has a list or object with more than ${limits.maxMembers} entries`;
      for (const [key, member] of entries) {
        if (limits.forbidProtoKeys && key === '__proto__') return `uses the key ${key}, which is not allowed`;
        if (member === undefined) return 'holds an undefined value';
        chars += key.length;
        stack.push({ value: member, depth: depth + 1 });
      }
    }
    if (chars > limits.maxChars) return `holds more than ${limits.maxChars} characters of text`;
  }
  return null;
}
