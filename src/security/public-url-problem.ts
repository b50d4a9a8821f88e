import { isIpLiteral } from './ip-literal.ts';

/** What a user-chosen URL may point at. */
export interface PublicUrlPolicy {
  /** Allow plain `http:` as well as `https:`; default false. */
  allowHttp?: boolean | undefined;
  /** Hosts never fetched: `api.example.com` matches that host only, `.example.com` the domain and every subdomain. */
  blockHosts?: readonly string[] | undefined;
}

/**
 * Name suffixes that never belong to a public site: special-use names
 * (RFC 6761: localhost, test, invalid, example; RFC 6762: local; RFC 7686: onion;
 * RFC 8375: home.arpa, covered by arpa; RFC 9476: alt), ICANN's reserved
 * `internal`, and names common on private networks (lan, home, corp, intranet,
 * private, localdomain).
 */
export const PRIVATE_NAME_SUFFIXES: readonly string[] = [
  'localhost',
  'local',
  'internal',
  'arpa',
  'test',
  'invalid',
  'example',
  'onion',
  'alt',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
  'localdomain',
];

/**
 * Why `url` may not be fetched for a user, or null when it may: non-https
 * (unless `allowHttp`), a non-default port, credentials, an IP address in any
 * form, `localhost`, a single-label name, a private name suffix, or a blocked
 * host. Checks the name only: where it resolves is the platform's job
 * (`global_fetch_strictly_public`). Throws TypeError for a malformed `blockHosts` entry.
 */
export function publicUrlProblem(url: string | URL, policy: PublicUrlPolicy = {}): string | null {
  const blocked = (policy.blockHosts ?? []).map(normalizeBlockEntry);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid absolute URL';
  }
  if (parsed.protocol !== 'https:' && !(policy.allowHttp === true && parsed.protocol === 'http:')) {
    return `scheme ${parsed.protocol} is not allowed (${policy.allowHttp === true ? 'http and https' : 'https'} only)`;
  }
  if (parsed.username !== '' || parsed.password !== '') return 'credentials in the URL are not allowed';
  // WHATWG URL empties `port` when it is the scheme's default, so `:443` passes.
  if (parsed.port !== '') return `non-default port ${parsed.port} is not allowed`;
  if (isIpLiteral(parsed.hostname)) return 'IP address hosts are not allowed';
  // `hostname` is lowercased and punycoded (IDN) by URL; trailing dots name the same host.
  const host = parsed.hostname.replace(/\.+$/, '');
  if (host === 'localhost') return 'localhost is not allowed';
  if (!host.includes('.')) return 'single-label host names are not allowed';
  const suffix = PRIVATE_NAME_SUFFIXES.find((s) => host.endsWith(`.${s}`));
  if (suffix !== undefined) return `private name suffix .${suffix} is not allowed`;
  for (const entry of blocked) {
    if (host === entry.host || (entry.subdomains && host.endsWith(`.${entry.host}`))) return `host ${host} is blocked`;
  }
  return null;
}

function normalizeBlockEntry(entry: string): { host: string; subdomains: boolean } {
  const trimmed = entry.trim();
  const subdomains = trimmed.startsWith('.');
  const bare = subdomains ? trimmed.slice(1) : trimmed;
  let parsed: URL | null = null;
  if (bare !== '' && !/[/?#@\\\s]/.test(bare)) {
    try {
      parsed = new URL(`https://${bare}/`);
    } catch {
      parsed = null;
    }
  }
  if (parsed === null || parsed.port !== '') {
    throw new TypeError(`blockHosts entry ${JSON.stringify(entry)} is not a host name (use "host.example" or ".example.com")`);
  }
  return { host: parsed.hostname.replace(/\.+$/, ''), subdomains };
}
