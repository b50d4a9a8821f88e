/**
 * Pay's form encoding read back, the way Pay's servers read it: bracket keys
 * become nested objects (`metadata[a]=1`), indexed keys become arrays
 * (`expand[0]=x`, `a[]` appends), every leaf is a string. Anything a server
 * would refuse or read two ways (the same key twice, a key that is both a
 * value and an object, gaps in an array's indexes) throws `FormDecodeError`,
 * which the fake reports as a contract violation.
 */
export class FormDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormDecodeError';
  }
}

export type FormTree = { [key: string]: FormNode };
export type FormNode = string | FormNode[] | FormTree;

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const head = key.slice(0, open);
  const rest = key.slice(open);
  const parts = [head];
  const re = /\[([^[\]]*)\]/gy;
  let consumed = 0;
  for (let m = re.exec(rest); m !== null; m = re.exec(rest)) {
    parts.push(m[1] ?? '');
    consumed = re.lastIndex;
  }
  if (head === '' || consumed !== rest.length) throw new FormDecodeError(`malformed key ${JSON.stringify(key)}`);
  return parts;
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormDecodeError(`bad percent-encoding in ${JSON.stringify(text)}`);
  }
}

type Raw = { [key: string]: Raw | string };

/** Objects whose keys are exactly 0..n-1 are arrays (Pay's indexed arrays); gaps are refused. */
function arrays(node: Raw | string, where: string): FormNode {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const numeric = keys.length > 0 && keys.every((k) => /^(0|[1-9]\d*)$/.test(k));
  if (numeric) {
    const indexes = keys.map(Number).sort((a, b) => a - b);
    if (indexes.some((n, i) => n !== i)) throw new FormDecodeError(`array ${where} has gaps in its indexes (${indexes.join(',')})`);
    return indexes.map((i) => arrays(node[String(i)] as Raw | string, `${where}[${i}]`));
  }
  const out: FormTree = {};
  for (const k of keys) out[k] = arrays(node[k] as Raw | string, `${where}[${k}]`);
  return out;
}

export function decodePayForm(text: string): FormTree {
  const root: Raw = {};
  if (text === '') return {};
  for (const pair of text.split('&')) {
    if (pair === '') throw new FormDecodeError('empty pair (a stray &)');
    const eq = pair.indexOf('=');
    const key = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decodeComponent(pair.slice(eq + 1));
    const path = keyPath(key);
    let node: Raw = root;
    path.forEach((rawPart, depth) => {
      // `a[]` appends: the next free index.
      const part = rawPart === '' && depth > 0 ? String(Object.keys(node).length) : rawPart;
      if (UNSAFE_KEYS.has(part)) throw new FormDecodeError(`unsafe key ${JSON.stringify(key)}`);
      const last = depth === path.length - 1;
      const existing = Object.hasOwn(node, part) ? node[part] : undefined;
      if (last) {
        if (existing !== undefined) throw new FormDecodeError(`${key} is sent twice or is both a value and an object`);
        node[part] = value;
        return;
      }
      if (typeof existing === 'string') throw new FormDecodeError(`${key} is both a value and an object`);
      const next: Raw = existing ?? {};
      node[part] = next;
      node = next;
    });
  }
  const out: FormTree = {};
  for (const [k, v] of Object.entries(root)) out[k] = arrays(v, k);
  return out;
}
