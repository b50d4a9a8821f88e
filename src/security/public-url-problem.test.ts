import { describe, expect, it } from 'vitest';
import { isIpLiteral } from './ip-literal.ts';
import { publicUrlProblem, type PublicUrlPolicy } from './public-url-problem.ts';

const IP = /IP address/;
const CREDENTIALS = /credentials/;
const SCHEME = /scheme/;
const PORT = /port/;
const INVALID = /not a valid/;
const LOCALHOST = /^localhost/;
const SINGLE = /single-label/;
const PRIVATE = /private name suffix/;
const BLOCKED = /is blocked/;

type Row = [url: string, expected: RegExp | null, policy?: PublicUrlPolicy];

const table: Row[] = [
  // Public names pass.
  ['https://example.com/', null],
  ['https://example.com:443/', null],
  ['https://example.com:0443/', null],
  ['HTTPS://EXAMPLE.COM/Path', null],
  ['https://sub.example.co.uk/a?b=c#d', null],
  ['https://example.com./', null],
  ['https://example.com/?next=http://127.0.0.1/', null],
  ['https://localhost.example.com/', null],
  ['https://internal.example.com/', null],
  ['https://1e100.net/', null],
  ['https://bücher.de/', null],
  ['https://xn--bcher-kva.de/', null],
  ['https://xn--nxasmq6b.com/', null],
  ['https://:@example.com/', null], // empty userinfo normalizes away
  ['https://example.com\\@127.0.0.1/', null], // backslash ends the host: this goes to example.com
  ['https://ex%61mple.com/', null],
  ['http://example.com/', null, { allowHttp: true }],
  ['http://example.com:80/', null, { allowHttp: true }],
  // Names only: a public name resolving to a private address is the platform's to stop.
  ['https://127.0.0.1.nip.io/', null],

  // IPv4 in every form, private or public.
  ['https://127.0.0.1/', IP],
  ['https://127.0.0.1./', IP],
  ['https://2130706433/', IP],
  ['https://017700000001/', IP],
  ['https://0177.0.0.1/', IP],
  ['https://0x7f.1/', IP],
  ['https://0x7f000001/', IP],
  ['https://0x7F.0X0.0.1/', IP],
  ['https://127.1/', IP],
  ['https://127.0.1/', IP],
  ['https://0177.0x0.1/', IP],
  ['https://0/', IP],
  ['https://0.0.0.0/', IP],
  ['https://4294967295/', IP],
  ['https://10.0.0.1/', IP],
  ['https://192.168.1.1/', IP],
  ['https://169.254.169.254/latest/meta-data/', IP],
  ['https://8.8.8.8/', IP],
  ['https://１２７.０.０.１/', IP],
  ['https://127。0。0。1/', IP],
  ['https://%31%32%37.0.0.1/', IP],
  ['http://127.0.0.1/', IP, { allowHttp: true }],
  // IPv6, including IPv4-mapped and NAT64.
  ['https://[::1]/', IP],
  ['https://[::]/', IP],
  ['https://[0:0:0:0:0:0:0:1]/', IP],
  ['https://[::ffff:127.0.0.1]/', IP],
  ['https://[::ffff:7f00:1]/', IP],
  ['https://[::ffff:169.254.169.254]/', IP],
  ['https://[fd00::1]/', IP],
  ['https://[fe80::1]/', IP],
  ['https://[64:ff9b::7f00:1]/', IP],
  ['https://[2001:4860:4860::8888]/', IP],
  ['http://[::1]:80/', IP, { allowHttp: true }],
  ['https://[fe80::1%25eth0]/', INVALID],
  ['https://::1/', INVALID],

  // Credentials and userinfo tricks.
  ['https://user:pass@example.com/', CREDENTIALS],
  ['https://user@example.com/', CREDENTIALS],
  ['https://example.com@127.0.0.1/', CREDENTIALS],
  ['https://example.com:@127.0.0.1/', CREDENTIALS],
  ['https://127.0.0.1#@example.com', IP],
  ['https://127.0.0.1\\@example.com/', IP],
  ['https://127.0.0.1?@example.com/', IP],
  ['https://example.com%40127.0.0.1/', INVALID],

  // Schemes and non-URLs.
  ['http://example.com/', SCHEME],
  ['ftp://example.com/', SCHEME],
  ['file:///etc/passwd', SCHEME],
  ['gopher://example.com/', SCHEME],
  ['ws://example.com/', SCHEME],
  ['data:text/plain,hi', SCHEME],
  ['javascript:alert(1)', SCHEME],
  ['ftp://example.com/', SCHEME, { allowHttp: true }],
  ['//example.com/', INVALID],
  ['/relative/path', INVALID],
  ['example.com', INVALID],
  ['', INVALID],
  ['https://', INVALID],

  // Ports other than the scheme's default.
  ['https://example.com:8443/', PORT],
  ['https://example.com:80/', PORT],
  ['http://example.com:443/', PORT, { allowHttp: true }],
  ['https://example.com:65536/', INVALID],

  // localhost in every spelling.
  ['https://localhost/', LOCALHOST],
  ['https://LOCALHOST/', LOCALHOST],
  ['https://LocalHost./', LOCALHOST],
  ['https://localhost.../', LOCALHOST],
  ['https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/', LOCALHOST],
  ['https://ｌｏｃａｌｈｏｓｔ/', LOCALHOST],
  ['https://app.localhost/', PRIVATE],
  ['https://APP.LOCALHOST./', PRIVATE],

  // Single-label names.
  ['https://intranet/', SINGLE],
  ['https://printer/', SINGLE],
  ['https://metadata/', SINGLE],
  ['https://Intranet./', SINGLE],
  ['https://xn--/', SINGLE],

  // Private suffixes.
  ['https://router.local/', PRIVATE],
  ['https://Router.LOCAL./', PRIVATE],
  ['https://日本.local/', PRIVATE],
  ['https://metadata.google.internal/', PRIVATE],
  ['https://nas.home.arpa/', PRIVATE],
  ['https://1.0.0.127.in-addr.arpa/', PRIVATE],
  ['https://fileserver.lan/', PRIVATE],
  ['https://wiki.corp/', PRIVATE],
  ['https://portal.intranet/', PRIVATE],
  ['https://db.private/', PRIVATE],
  ['https://site.test/', PRIVATE],
  ['https://x.invalid/', PRIVATE],
  ['https://foo.example/', PRIVATE],
  ['https://abcdefghijklmnop.onion/', PRIVATE],
  ['https://foo.alt/', PRIVATE],
  ['https://host.localdomain/', PRIVATE],
  ['https://nas.home/', PRIVATE],

  // blockHosts: exact host, or a leading dot for the domain and its subdomains.
  ['https://mysite.com/', BLOCKED, { blockHosts: ['mysite.com'] }],
  ['https://MySite.COM./', BLOCKED, { blockHosts: ['mysite.com'] }],
  ['https://www.mysite.com/', null, { blockHosts: ['mysite.com'] }],
  ['https://www.mysite.com/', BLOCKED, { blockHosts: ['.mysite.com'] }],
  ['https://a.b.mysite.com/', BLOCKED, { blockHosts: ['.mysite.com'] }],
  ['https://mysite.com/', BLOCKED, { blockHosts: ['.mysite.com'] }],
  ['https://notmysite.com/', null, { blockHosts: ['.mysite.com'] }],
  ['https://mysite.com.evil.net/', null, { blockHosts: ['.mysite.com'] }],
  ['https://api.mysite.com/', BLOCKED, { blockHosts: ['API.MySite.com.'] }],
  ['https://bücher.de/', BLOCKED, { blockHosts: ['xn--bcher-kva.de'] }],
  ['https://xn--bcher-kva.de/', BLOCKED, { blockHosts: ['bücher.de'] }],
  ['https://shop.bücher.de/', BLOCKED, { blockHosts: ['.BÜCHER.de'] }],
];

describe('publicUrlProblem', () => {
  it('has a table of at least 60 URLs', () => {
    expect(table.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table)('%s', (url, expected, policy) => {
    const problem = publicUrlProblem(url, policy);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('accepts a URL object', () => {
    expect(publicUrlProblem(new URL('https://example.com/'))).toBeNull();
    expect(publicUrlProblem(new URL('https://[::1]/'))).toMatch(IP);
  });

  it('never puts the URL itself in the reason', () => {
    expect(publicUrlProblem('https://user:hunter2@example.com/?token=abc')).not.toMatch(/hunter2|token|abc/);
  });

  it.each(['https://mysite.com', 'mysite.com/path', 'user@mysite.com', 'mysite.com:8443', '', '.', 'my site.com'])(
    'refuses the malformed blockHosts entry %j',
    (entry) => {
      expect(() => publicUrlProblem('https://example.com/', { blockHosts: [entry] })).toThrow(TypeError);
    },
  );
});

describe('isIpLiteral', () => {
  it.each(['127.0.0.1', '2130706433', '0x7f.1', '127.1', '0177.0.0.1', '::1', '[::1]', '[::ffff:7f00:1]', 'foo.0x', 'foo.123', '1.2.3.4.'])(
    'reads %s as an address',
    (host) => expect(isIpLiteral(host)).toBe(true),
  );

  it.each(['example.com', '1e100.net', 'a.b.c.1e', 'x0.com', '0x.example', 'localhost'])('reads %s as a name', (host) => {
    expect(isIpLiteral(host)).toBe(false);
  });
});
