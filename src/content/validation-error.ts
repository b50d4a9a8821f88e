/** One problem with one field. */
export interface Violation {
  field: string;
  message: string;
}

/**
 * Thrown by `validate` hooks (and the toolkit's own field checks) to reject
 * a write; routes answer 422 `{ error: 'validation', violations }`.
 */
export class LouiseValidationError extends Error {
  readonly violations: readonly Violation[];
  constructor(violations: readonly Violation[]) {
    super(violations.map((v) => `${v.field}: ${v.message}`).join('; ') || 'invalid');
    this.name = 'LouiseValidationError';
    this.violations = violations;
  }
}

const SECTION_TYPE = /^[a-z][a-z0-9-]*$/;

/**
 * Checks a sections list (an array of objects, each with a kebab-case string
 * `type`), throwing `LouiseValidationError` with one violation per bad entry.
 * `allowed` limits the types when given.
 */
export function assertValidSections(value: unknown, options: { field?: string; allowed?: readonly string[] } = {}): void {
  const field = options.field ?? 'sections';
  if (!Array.isArray(value)) throw new LouiseValidationError([{ field, message: 'must be a list of sections' }]);
  const violations: Violation[] = [];
  value.forEach((section: unknown, index) => {
    const at = `${field}.${index}`;
    if (typeof section !== 'object' || section === null || Array.isArray(section)) {
      violations.push({ field: at, message: 'must be an object' });
      return;
    }
    const type = (section as { type?: unknown }).type;
    if (typeof type !== 'string' || !SECTION_TYPE.test(type)) violations.push({ field: at, message: 'needs a type (lower-case, dashes allowed)' });
    else if (options.allowed && !options.allowed.includes(type)) violations.push({ field: at, message: `unknown section type ${JSON.stringify(type)}` });
  });
  if (violations.length > 0) throw new LouiseValidationError(violations);
}
