// For multipart.ts: its error type, and parsing a part's header block and
// parameterized header values (Content-Type, Content-Disposition).

/** A multipart body that cannot be parsed (answer 400 with its message). */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

/** Header lines (`Name: value`, obsolete folded continuations joined) by lowercased name; the first of a repeated name wins. */
export function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  let last: string | null = null;
  for (const line of block.split('\r\n')) {
    if (line === '') continue;
    if ((line.startsWith(' ') || line.startsWith('\t')) && last !== null) {
      headers.set(last, `${headers.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('A multipart part has a malformed header line.');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(name)) {
      last = null;
      continue;
    }
    headers.set(name, line.slice(colon + 1).trim());
    last = name;
  }
  return headers;
}

/**
 * Splits `type; a=b; c="d \"e\""` into the lowercased value and its
 * parameters (names lowercased, quoted strings unescaped, the first of a
 * repeated name wins).
 */
export function parseHeaderValue(value: string): [string, Map<string, string>] {
  const params = new Map<string, string>();
  const semi = value.indexOf(';');
  const head = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  let at = semi < 0 ? value.length : semi + 1;
  while (at < value.length) {
    const eq = value.indexOf('=', at);
    const nextSemi = value.indexOf(';', at);
    if (eq < 0 || (nextSemi >= 0 && nextSemi < eq)) {
      at = nextSemi < 0 ? value.length : nextSemi + 1; // a parameter without a value
      continue;
    }
    const name = value.slice(at, eq).trim().toLowerCase();
    let i = eq + 1;
    while (value[i] === ' ' || value[i] === '\t') i++;
    let param = '';
    if (value[i] === '"') {
      for (i++; i < value.length && value[i] !== '"'; i++) param += value[i] === '\\' && i + 1 < value.length ? value[++i] : value[i];
      i++; // the closing quote
      const end = value.indexOf(';', i);
      at = end < 0 ? value.length : end + 1;
    } else {
      const end = value.indexOf(';', i);
      param = value.slice(i, end < 0 ? value.length : end).trim();
      at = end < 0 ? value.length : end + 1;
    }
    if (name && !params.has(name)) params.set(name, param);
  }
  return [head, params];
}
