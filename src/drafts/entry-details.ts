import type { MarkdownOnPage } from '../content/overlay-html.ts';
import { splitMarker } from '../content/overlay.ts';
import type { OverlayRegions } from '../db/overlays-schema.ts';
import { detailFields } from '../markdown/frontmatter-details.ts';
import type { CollectionSchemas } from '../markdown/frontmatter-schema.ts';
import type { OverlayDoc } from './overlay-store.ts';
import type { DetailField } from './wire.ts';

/**
 * The island's `details` for edit mode: per entry whose body the page
 * showed with its frontmatter (`cmsEntry`'s `data-cms-source`) and whose
 * collection has a schema, the frontmatter keys the Post details panel
 * edits: every key of the schema not marked on the page (`revs` lists the
 * marked ones), valued from the stored work in progress (text and value
 * regions) over the page's data. Entries with nothing to list are left out,
 * so the bar offers Post details only where there is something to edit.
 */
export async function detailsIsland(
  schemas: Readonly<CollectionSchemas>,
  found: Readonly<Record<string, MarkdownOnPage>>,
  revs: Readonly<Record<string, Record<string, string>>>,
  regionsOf: (doc: OverlayDoc) => Promise<OverlayRegions | null>,
): Promise<Record<string, DetailField[]>> {
  const island: Record<string, DetailField[]> = {};
  for (const [marker, { page }] of Object.entries(found)) {
    const parts = splitMarker(marker);
    const schema = parts ? schemas[parts.collection] : undefined;
    if (!parts || !schema || !page?.data) continue;
    const doc = `${parts.collection}:${parts.key}`;
    if (Object.hasOwn(island, doc)) continue;
    const data: Record<string, unknown> = { ...page.data };
    for (const [key, region] of Object.entries((await regionsOf(parts)) ?? {}))
      if (key !== 'body' && (region.type === 'value' || region.type === 'text')) data[key] = region.value;
    const fields = detailFields(schema, data, Object.keys(revs[doc] ?? {}));
    if (fields.length > 0) island[doc] = fields;
  }
  return island;
}
