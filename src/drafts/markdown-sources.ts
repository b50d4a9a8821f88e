import * as v from 'valibot';
import type { OverlayDoc } from './overlay-store.ts';

/**
 * What a file-backed Markdown region was last shown to an editor against:
 * its file (relative to the project root) and the `sourceHash` of the body
 * the deployed page was built with. The Worker notes it when it renders the
 * region in edit mode, from the page's own markup (`cmsEntry`); a save of
 * the region stores it beside the edit, so the client never names a file or
 * a hash. One KV key per region; no expiry (a deploy rewrites it on the next
 * edit-mode view).
 */
export interface NotedSource {
  file?: string;
  hash: string;
}

const Noted = v.strictObject({ file: v.exactOptional(v.string()), hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)) });

const sourceKey = (doc: OverlayDoc, field: string) => `louise:markdown-source:${doc.collection}:${doc.key}:${field}`;

/** The source noted for a region, or null (never noted, or KV holds something else). */
export async function notedSource(kv: KVNamespace, doc: OverlayDoc, field: string): Promise<NotedSource | null> {
  const parsed = v.safeParse(Noted, await kv.get(sourceKey(doc, field), 'json'));
  return parsed.success ? parsed.output : null;
}

/** Notes a region's source; written only when it changed, so an editor's page views cost a KV read, not a write. */
export async function noteSource(kv: KVNamespace, doc: OverlayDoc, field: string, source: NotedSource): Promise<void> {
  const known = await notedSource(kv, doc, field);
  if (known && known.hash === source.hash && known.file === source.file) return;
  await kv.put(sourceKey(doc, field), JSON.stringify(source));
}
