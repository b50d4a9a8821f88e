/**
 * Writes edited frontmatter values into a Markdown file's YAML, changing only
 * the lines of the values that changed: the file's comments, key order,
 * quoting, spacing and indentation stay as the author wrote them.
 *
 * The values are set through `yaml`'s Document API (which keeps comments and
 * each scalar's style), but its `toString` also normalizes lines nobody
 * edited (`key:   value`, sequence indentation, flow padding). So the
 * document is printed twice, before and after the edit, and only the lines
 * that differ between those two prints replace their counterparts in the
 * source; every other line is the author's.
 */
import { diffArrays } from 'diff';
import { type Document, isMap, isScalar, isSeq, type Node, parseDocument, type ToStringOptions, type YAMLMap } from 'yaml';

/**
 * The YAML text with `changes` written in: each key (top level, by name) set
 * to its new value (plain objects and arrays are edited item by item), a new
 * key appended, a key whose value is `undefined` deleted. A `Date` is written
 * as a YAML date (`2024-02-01`, or the full ISO time if it has one). `null`
 * when the text is not a YAML mapping (Astro would not have built it either).
 */
export function editFrontmatter(yaml: string, changes: Record<string, unknown>): string | null {
  const doc: Document = parseDocument(yaml);
  if (doc.errors.length > 0 || (doc.contents !== null && !isMap(doc.contents))) return null;
  const options = printOptions(yaml);
  const before = doc.toString(options);
  if (!doc.contents) doc.contents = doc.createNode({});
  const map = doc.contents as YAMLMap;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) map.delete(key);
    else map.set(key, updated(doc, map.get(key, true) as Node | undefined, value));
  }
  const after = doc.toString(options);
  if (after === before) return yaml;
  const result = patchLines(yaml, before, after);
  // The line patch relies on the two prints lining up with the source; if the
  // result does not read back as the edited document, the full print is right.
  return JSON.stringify(parseDocument(result).toJS()) === JSON.stringify(doc.toJS()) ? result : after;
}

/** Print options that follow the source where `yaml` lets us choose: no folding, its indentation, sequence indentation and flow padding. */
function printOptions(yaml: string): ToStringOptions {
  // The first nested mapping's indentation: what an edited nested line must be indented by to stay in its map.
  const nested = /^[^\s#][^\n]*:[ \t]*(?:#[^\n]*)?\r?\n( +)[^\s#-]/m.exec(yaml)?.[1];
  return {
    lineWidth: 0,
    indent: nested?.length ?? 2,
    // `key:\n- item` (sequence at the key's indentation) rather than `key:\n  - item`.
    indentSeq: !/^([ \t]*)[^\s#-][^\n]*:[ \t]*(#[^\n]*)?\r?\n\1- /m.test(yaml),
    flowCollectionPadding: /[[{] +[^\s\]}]/.test(yaml),
  };
}

/** The node for `value`: the existing one edited in place where the shapes match (so it keeps its style), a new one otherwise. */
function updated(doc: Document, node: Node | undefined, value: unknown): Node {
  const plain = plainValue(value);
  if (isScalar(node) && typeof node.value === typeof plain && (plain === null || typeof plain !== 'object')) {
    node.value = plain;
    return node;
  }
  if (isMap(node) && isPlainObject(plain)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key !== 'string' || !(key in plain)) node.delete(pair.key);
    }
    for (const [key, item] of Object.entries(plain)) {
      if (item === undefined) node.delete(key);
      else node.set(key, updated(doc, node.get(key, true) as Node | undefined, item));
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(plain)) {
    plain.forEach((item, i) => {
      node.set(i, updated(doc, node.get(i, true) as Node | undefined, item));
    });
    node.items.splice(plain.length);
    return node;
  }
  return doc.createNode(plain);
}

/** Dates as YAML writes them (a day when the time is midnight UTC), recursively; everything else as is. */
function plainValue(value: unknown): unknown {
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (Array.isArray(value)) return value.map(plainValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainValue(v)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The source with the lines that changed between `before` and `after` (two
 * prints of the document) written in. Anchors are lines of `before` found
 * unchanged both in the source and in `after`; between two anchors the
 * source's lines stay unless that stretch of `before` changed, in which case
 * `after`'s lines replace them.
 */
function patchLines(source: string, before: string, after: string): string {
  const eol = source.includes('\r\n') ? '\r\n' : '\n';
  const ours = source.split(/(?<=\n)/);
  const printed = lines(before);
  const edited = lines(after);
  // Up to spacing (`key:   value` prints as `key: value`): the more lines match, the fewer blank lines are matched by chance.
  const inSource = alignment(
    printed,
    ours.map((line) => line.replace(/\r?\n$/, '')),
    (a, b) => spacing(a) === spacing(b),
  );
  const inEdited = alignment(printed, edited);
  const anchors = [-1, ...printed.flatMap((_, b) => (inSource[b] !== undefined && inEdited[b] !== undefined ? [b] : [])), printed.length];
  const at = (index: (number | undefined)[], b: number, end: number) => (b < 0 ? -1 : b >= printed.length ? end : (index[b] as number));

  let out = '';
  for (let k = 1; k < anchors.length; k++) {
    const [a, next] = [anchors[k - 1] as number, anchors[k] as number];
    const stretch = printed.slice(a + 1, next);
    const replacement = edited.slice(at(inEdited, a, edited.length) + 1, at(inEdited, next, edited.length));
    const written = ours.slice(at(inSource, a, ours.length) + 1, at(inSource, next, ours.length));
    out += rewrite(stretch, replacement, written, eol);
    if (next < printed.length) out += ours[inSource[next] as number];
  }
  return out;
}

/**
 * A stretch of the source between two anchors, given how the print of that
 * stretch changed. Unchanged: the source's lines. Changed: the print's lines
 * are matched with the source's up to spacing; a line the edit kept is the
 * source's, a line it changed or added is the edit's, and source lines the
 * print has no line for (a leading blank line) stay where they were.
 */
function rewrite(printed: string[], edited: string[], written: string[], eol: string): string {
  if (printed.length === edited.length && printed.every((line, i) => line === edited[i])) return written.join('');
  const inWritten = alignment(
    printed,
    written.map((line) => line.replace(/\r?\n$/, '')),
    // Indentation too: between two anchors, `- item` and `  - item` are the same item.
    (a, b) => spacing(a).trim() === spacing(b).trim(),
  );
  const matched = new Set(inWritten.filter((j) => j !== undefined));
  let out = '';
  let w = 0;
  const keepUnmatchedBefore = (j: number) => {
    for (; w < j; w++) if (!matched.has(w)) out += written[w];
  };
  let b = 0;
  // How much deeper the source indents than the print, at the last line both have: a
  // new line follows the source (`yaml` cannot print `key:\n- item` with a 4-space indent).
  let shift = 0;
  for (const change of removedFirst(diffArrays(printed, edited))) {
    const count = change.count ?? change.value.length;
    if (change.added) {
      out += change.value.map((line) => reindent(line, shift) + eol).join('');
      continue;
    }
    for (let k = 0; k < count; k++, b++) {
      const j = inWritten[b];
      if (j !== undefined) {
        keepUnmatchedBefore(j);
        w = j + 1;
      }
      if (change.removed) continue;
      if (j === undefined) out += (printed[b] as string) + eol;
      else {
        shift = indentOf(written[j] as string) - indentOf(printed[b] as string);
        out += written[j];
      }
    }
  }
  keepUnmatchedBefore(written.length);
  return out;
}

/** A diff's changes with each removal before the addition that replaces it, so the source lines kept around a changed line stay on the same side of it. */
function removedFirst<T extends { added?: boolean; removed?: boolean }>(changes: T[]): T[] {
  const out = [...changes];
  for (let k = 1; k < out.length; k++) {
    const [prev, here] = [out[k - 1] as T, out[k] as T];
    if (prev.added && here.removed) [out[k - 1], out[k]] = [here, prev];
  }
  return out;
}

/** A line up to its spacing after the indentation (which stays significant: it places the line in its parent). */
const spacing = (line: string) => line.replace(/(\S)\s+/g, '$1 ').trimEnd();

const indentOf = (line: string) => /^ */.exec(line)?.[0].length ?? 0;

function reindent(line: string, shift: number): string {
  return shift >= 0 ? ' '.repeat(shift) + line : line.slice(Math.min(-shift, indentOf(line)));
}

/** A print's lines, without their endings (a print always ends with one). */
function lines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

/** For each line of `from`, the index of the line of `to` it is matched with by a line diff, if any. */
function alignment(from: string[], to: string[], comparator?: (a: string, b: string) => boolean): (number | undefined)[] {
  const index: (number | undefined)[] = [];
  let [f, t] = [0, 0];
  for (const change of diffArrays(from, to, comparator ? { comparator } : {})) {
    const count = change.count ?? change.value.length;
    if (change.added) t += count;
    else if (change.removed) f += count;
    else for (let k = 0; k < count; k++) index[f++] = t++;
  }
  return index;
}
