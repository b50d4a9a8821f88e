import type { PageMarkdownSource } from '../content/markdown-source.ts';
import type { MarkdownOnPage } from '../content/overlay-html.ts';
import { splitMarker } from '../content/overlay.ts';
import type { MarkdownRegion } from '../db/overlays-schema.ts';
import { splitMarkdownFile } from '../markdown/markdown-file.ts';
import { spliceBody } from '../markdown/body-splice.ts';
import { editStanding, sourceHash, type EditStanding } from '../markdown/source-hash.ts';
import { errorName, reportDegraded } from '../security/degraded.ts';
import { noteSource } from './markdown-sources.ts';
import type { MarkdownSource } from './wire.ts';

/**
 * The body of a Markdown file as Astro's `glob()` loader gives it
 * (`entry.body`): the text after the frontmatter, trimmed. What `source`
 * hashes: `louise content pull` compares `sourceHash(entryBody(fileText))`
 * with a stored edit's `source`.
 */
export function entryBody(fileText: string): string {
  return splitMarkdownFile(fileText).body.trim();
}

/**
 * The standing of a stored edit against the body the deployed page was built
 * with: `fileHash` is that body's hash; `editedFileHash` the hash of the body
 * with the edit spliced in (what a pull would write), which equals the body
 * itself exactly when the deployed file already says what the edit says. Only
 * the body is compared: the page carries the body, not the whole file.
 */
export async function markdownStanding(region: MarkdownRegion & { source: string }, page: PageMarkdownSource): Promise<EditStanding> {
  const [fileHash, editedFileHash] = await Promise.all([sourceHash(page.markdown), sourceHash(spliceBody(page.markdown, region.value))]);
  return editStanding({ fileHash, sourceHash: region.source, editedFileHash });
}

/**
 * For visitors: whether a published Markdown region still overrides the body
 * the page was built with. Only while the deployed body is the one the edit
 * was made against (`applies`): once it is not, the edit was pulled or the
 * file changed since, and either way the file shows until an editor saves
 * again (a newer file is never hidden by an older edit). One hash, no
 * Markdown parsed per request. A region saved without a source (not file-backed) applies.
 */
export async function markdownApplies(region: MarkdownRegion, page: PageMarkdownSource): Promise<boolean> {
  return region.source === undefined || region.source === (await sourceHash(page.markdown));
}

/**
 * The island's `markdown` for the Markdown regions a page showed in edit mode
 * (see `rewriteRegions`' tail): per marker, the work in progress, else the
 * page's body; for a stored edit of a file-backed region its standing, and
 * the file's body when the editor must choose. A region with neither a stored
 * value nor a source in the page is left out (the client starts from the page).
 */
export async function markdownIsland(found: Readonly<Record<string, MarkdownOnPage>>): Promise<Record<string, MarkdownSource>> {
  const island: Record<string, MarkdownSource> = {};
  for (const [marker, { region, page }] of Object.entries(found)) {
    const file = page?.file === undefined ? {} : { file: page.file };
    if (region && page && region.source !== undefined) {
      const standing = await markdownStanding({ ...region, source: region.source }, page);
      island[marker] = { markdown: region.value, ...file, standing, ...(standing === 'choose' ? { fileMarkdown: page.markdown } : {}) };
    } else if (region) island[marker] = { markdown: region.value, ...file };
    else if (page) island[marker] = { markdown: page.markdown, ...file };
  }
  return island;
}

/**
 * Notes, for each file-backed Markdown region a page showed an editor, the
 * file and body hash the page was built with (`noteSource`): what a save of
 * the region is then stored against.
 */
export async function noteMarkdownSources(kv: KVNamespace, found: Readonly<Record<string, MarkdownOnPage>>): Promise<void> {
  for (const [marker, { page }] of Object.entries(found)) {
    const parts = splitMarker(marker);
    if (!page || !parts) continue;
    const hash = await sourceHash(page.markdown);
    await noteSource(kv, parts, parts.field, { hash, ...(page.file === undefined ? {} : { file: page.file }) });
  }
}

/**
 * What edit mode does with the Markdown regions a page showed: notes their
 * sources (a KV failure costs only the note, reported, never the page) and
 * returns the island's `markdown`.
 */
export async function editModeMarkdown(kv: KVNamespace | undefined, found: Readonly<Record<string, MarkdownOnPage>>): Promise<Record<string, MarkdownSource>> {
  if (kv && Object.keys(found).length > 0) {
    try {
      await noteMarkdownSources(kv, found);
    } catch (error) {
      reportDegraded('editor.markdownSource', { error: errorName(error) });
    }
  }
  return markdownIsland(found);
}
