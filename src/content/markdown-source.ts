import * as v from 'valibot';

/**
 * The attribute a file-backed Markdown region carries in the page
 * (`cmsEntry(Astro, entry, 'body')`): the entry's raw body and its file, for
 * the Worker to build the editor's island and to tell whether a stored edit
 * still applies to the deployed file. Base64 of UTF-8 JSON, so no character
 * of it needs escaping in an attribute (HTMLRewriter reads attribute values
 * without decoding entities). The Worker removes it for every viewer.
 */
export const MARKDOWN_SOURCE_ATTRIBUTE = 'data-cms-source';

/** What the page says of a file-backed Markdown region: the body as built, and its file relative to the project root. */
export interface PageMarkdownSource {
  /** The entry's raw body (`entry.body`). */
  markdown: string;
  /** The entry's file, relative to the project root (`entry.filePath`), when it is one. */
  file?: string;
  /** The entry's frontmatter as JSON (`entry.data`; a day as `2026-03-02`), from which the Worker builds the Post details panel. */
  data?: Record<string, unknown>;
}

const Source = v.strictObject({
  markdown: v.string(),
  file: v.exactOptional(v.string()),
  data: v.exactOptional(v.record(v.string(), v.unknown())),
});

/** The attribute value for a region's source (see {@link MARKDOWN_SOURCE_ATTRIBUTE}). */
export function encodeMarkdownSource(source: PageMarkdownSource): string {
  const bytes = new TextEncoder().encode(JSON.stringify(source));
  let binary = '';
  // In slices: one String.fromCharCode over a whole 100 KB post would overflow the call stack's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The source an attribute value holds, or null for anything else (a page's markup is not trusted to be well formed). */
export function decodeMarkdownSource(raw: string | null): PageMarkdownSource | null {
  if (!raw) return null;
  try {
    const binary = atob(raw);
    // A plain loop: Uint8Array.from with a mapping function is ten times slower, and visitors' pages pay this.
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const parsed = v.safeParse(Source, JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
