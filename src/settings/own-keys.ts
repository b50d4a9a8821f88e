// Settings values come from JSON bodies, where `__proto__` is an ordinary
// key. These two helpers are how the settings code reads and writes keys, so
// no key can reach a prototype: reads see own properties only, writes define
// plain data properties (assignment to `__proto__` would set the prototype).

/** The own value of `key`, or undefined when `record` has no own property of that name. */
export function ownValue(record: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `key` on `target` as a plain data property, even for `__proto__`. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A shallow copy of the own enumerable properties of `record`, every key kept as data. */
export function copyOwn(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) setOwn(copy, key, record[key]);
  return copy;
}

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
