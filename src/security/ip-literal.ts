// A label a URL or socket parser may read as a number: decimal, octal (leading 0)
// or hex (`0x`, even with no digits, which WHATWG reads as 0).
const NUMERIC_LABEL = /^(?:[0-9]+|0x[0-9a-f]*)$/i;

/**
 * True when `hostname` is, or could be read as, an IP address: IPv6 in any form
 * (bracketed or not, IPv4-mapped), and IPv4 in any form (`2130706433`, `0177.0.0.1`,
 * `0x7f.1`, `127.1`, mixed). WHATWG URL already rewrites IPv4 forms to dotted
 * decimal and refuses other numeric endings; this check does not rely on that:
 * a host whose last label is numeric is treated as an address, as WHATWG's
 * "ends in a number" rule and inet_aton both do. No real top-level domain is
 * numeric, so no public name is caught by it.
 */
export function isIpLiteral(hostname: string): boolean {
  const host = hostname.replace(/\.+$/, '');
  // Only IPv6 literals contain a colon; a host name never can.
  if (host.startsWith('[') || host.includes(':')) return true;
  const last = host.slice(host.lastIndexOf('.') + 1);
  return NUMERIC_LABEL.test(last);
}
