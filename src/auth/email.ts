/** Emails are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A deliberately loose shape check: one @, something on each side, no spaces. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
