import type { FieldMap, FieldSpec } from './collection.ts';
import type { Violation } from './validation-error.ts';

/** Type violations of values against their field specs (a richtext or text value must be a string). */
export function typeViolations(data: Readonly<Record<string, unknown>>, fields: FieldMap): Violation[] {
  const violations: Violation[] = [];
  for (const [field, value] of Object.entries(data)) {
    const spec = fields[field];
    if (!spec) continue;
    if ((spec.type === 'text' || spec.type === 'richtext') && typeof value !== 'string') violations.push({ field, message: 'must be a string' });
    if (spec.type === 'json' && value === undefined) violations.push({ field, message: 'must be a JSON value' });
  }
  return violations;
}

/** Required-field violations of a complete snapshot (full field validation on publish). */
export function requiredViolations(data: Readonly<Record<string, unknown>>, fields: FieldMap): Violation[] {
  const violations: Violation[] = [];
  for (const [field, spec] of Object.entries(fields)) {
    if (spec.required && isBlank(spec, data[field])) violations.push({ field, message: 'is required' });
  }
  return violations;
}

function isBlank(spec: FieldSpec, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return spec.type !== 'json' && typeof value === 'string' && value.trim() === '';
}
