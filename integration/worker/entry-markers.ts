import { encodeMarkdownSource, MARKDOWN_SOURCE_ATTRIBUTE } from '../../src/content/markdown-source.ts';
import { isOverlayKey, isRegionName, OVERLAY_COLLECTION } from '../../src/content/overlay.ts';

/** What `cmsEntry` reads of an entry of an Astro content collection (as `getCollection()` and `getEntry()` return it). */
export interface CollectionEntryLike {
  /** The entry's id in its collection (`first-post`): the overlay document's key. */
  id: string;
  /** The collection's name (`blog`): the overlay document's collection. */
  collection: string;
  /** The frontmatter, as the collection's schema parsed it. */
  data: object;
  /** The raw Markdown after the frontmatter (a `glob()` loader's `.md` entry; absent with `retainBody: false`). */
  body?: string | undefined;
  /** The entry's file, relative to the project root (`src/content/blog/first-post.md`). */
  filePath?: string | undefined;
}

/** A field `cmsEntry` marks: the Markdown `body`, or a frontmatter key of the collection's schema. */
export type EntryField<E extends CollectionEntryLike> = 'body' | (keyof E['data'] & string);

/** A project-relative path: no leading slash or drive, no `..` segment, no control character. Anything else is left out (the CLI re-checks every path too). */
const isRelativePath = (path: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  path.length > 0 && !/^(?:[\\/]|[A-Za-z]:)/.test(path) && !path.split(/[\\/]/).includes('..') && !/[\u0000-\u001f\u007f]/.test(path);

/**
 * The attributes that make a content-collection entry's field editable in
 * place, to spread on the element that shows it. The entry is the overlay
 * document `<collection>:<entry.id>`:
 *
 * - `'body'`: a Markdown region (`data-cms-type="markdown"`) holding the
 *   rendered `<Content />`, plus `data-cms-source`: the raw `entry.body`,
 *   `entry.filePath` and `entry.data` (as JSON), from which the Worker builds
 *   the editor's Markdown and the Post details panel, and tells whether a
 *   stored edit still applies to the deployed file.
 * - a frontmatter key (`'title'`, `'description'`): a text region.
 *
 * Published edits show for visitors on prerendered and on-demand pages alike:
 * the Worker (or the middleware) applies them and removes every marker and
 * the source, so visitors' HTML carries none of them. That is why the markers
 * are returned for every viewer: the rewriter needs them to find the region.
 * Throws a TypeError for an entry without a Markdown body (`body`) or whose
 * collection or id cannot name an overlay document.
 *
 * @example
 * ---
 * const { post } = Astro.props; // a CollectionEntry<'blog'>
 * const { Content } = await render(post);
 * ---
 * <h1 {...cmsEntry(Astro, post, 'title')}>{post.data.title}</h1>
 * <div {...cmsEntry(Astro, post, 'body')}><Content /></div>
 */
export function cmsEntry<E extends CollectionEntryLike>(_astro: { locals: App.Locals }, entry: E, field: EntryField<E>): Record<string, string> {
  if (!OVERLAY_COLLECTION.test(entry.collection))
    throw new TypeError(`cmsEntry(): the collection name ${JSON.stringify(entry.collection)} cannot name a region (letters, digits, - and _, 64 at most).`);
  if (!isOverlayKey(entry.id))
    throw new TypeError(`cmsEntry(): the entry id ${JSON.stringify(entry.id.slice(0, 60))} is too long or holds control characters.`);
  if (!isRegionName(field)) throw new TypeError(`cmsEntry(): ${JSON.stringify(field)} cannot name a region (an identifier, 64 characters at most).`);
  const marker = `${entry.collection}:${entry.id}:${field}`;
  if (field !== 'body') return { 'data-cms-field': marker };
  if (typeof entry.body !== 'string')
    throw new TypeError(
      `cmsEntry(): ${entry.collection}/${entry.id} has no Markdown body (a glob() loader of .md files keeps it, unless retainBody is false).`,
    );
  const file = typeof entry.filePath === 'string' && isRelativePath(entry.filePath) ? { file: entry.filePath } : {};
  const source = encodeMarkdownSource({ markdown: entry.body, ...file, data: jsonData(entry.data) });
  return { 'data-cms-field': marker, 'data-cms-type': 'markdown', [MARKDOWN_SOURCE_ATTRIBUTE]: source };
}

/**
 * The entry's frontmatter as JSON, for the Post details panel: a date at
 * midnight UTC (how Astro reads a YAML day) as `2026-03-02`, the value a date
 * input shows and `detailFields` writes; any other date as its ISO string.
 * What JSON cannot hold (a bigint, a function) is left out rather than
 * failing the page's build.
 */
function jsonData(data: object): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(data, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      if (raw instanceof Date) {
        const iso = Number.isNaN(raw.getTime()) ? null : raw.toISOString();
        return iso?.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
      }
      return typeof value === 'bigint' ? undefined : value;
    }),
  );
}
