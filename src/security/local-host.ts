/**
 * True for the names a developer's own machine answers to. Security headers
 * are skipped there, the development session secret is allowed, and the
 * development editors may be created. Never true for a deployed hostname.
 */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}
