import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { siteSettings } from '../../src/db/schema.ts';
import { saveRoute } from '../../src/drafts/save-route.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { call, countingD1, headerEditor, liveRow, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';

const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor });

describe('D1 round trips per route (a batch is one)', () => {
  it('draft save: 1 without $base, 2 with; publish: 2; versions list: 2; inline save: 1', async () => {
    const counted = countingD1(env.DB);
    const e = { ...env, DB: counted.DB };
    const id = await seedPage({ slug: 'q1', title: 'Live' });
    const measure = async (path: string, options: Parameters<typeof call>[2]) => {
      counted.reset();
      const res = await call(route, path, options, e);
      expect(res.status, path).toBeLessThan(300);
      return counted.count();
    };
    const plain = await measure(`/api/cms/pages/${id}/versions`, { body: { title: 'A' } });
    const based = await measure(`/api/cms/pages/${id}/versions`, { body: { title: 'B', $base: { title: fieldRev('A') } } });
    const publish = await measure(`/api/cms/pages/${id}/publish`, { method: 'POST', body: '' });
    const restore = await measure(`/api/cms/pages/${id}/publish`, { body: { versionId: (await versionRows(id))[0]!.id } });
    const list = await measure(`/api/cms/pages/${id}/versions`, {});
    const inline = saveRoute<Env>({
      resolveEditor: headerEditor,
      collections: { settings: { table: siteSettings, key: () => 1, fields: { tagline: { type: 'text' } } } },
    });
    await env.DB.prepare('INSERT OR IGNORE INTO site_settings (id) VALUES (1)').run();
    counted.reset();
    expect((await call(inline, '/api/cms/save', { body: { field: 'settings:site:tagline', value: 'x' } }, e)).status).toBe(204);
    const save = counted.count();
    console.log(`round trips: draft save ${plain} (with $base ${based}), publish ${publish}, restore ${restore}, versions list ${list}, inline save ${save}`);
    // A save's answer names the fields that now differ from live (#31): the live row is read in the insert's own batch.
    // The versions list names each version's author (#31): one more read, of the editors table, for the page's authors.
    expect({ plain, based, publish, restore, list, save }).toEqual({ plain: 1, based: 2, publish: 2, restore: 2, list: 2, save: 1 });
  });
});

describe('concurrency: many saves landing together on one page', () => {
  it('every stored version is a complete snapshot some single save produced, and no accepted save is lost', async () => {
    const id = await seedPage({ slug: 'busy', title: 't', summary: 's', body: '', paragraphs: ['p0', 'p1', 'p2', 'p3'] });
    // Each save changes one field to a value unique to it; the fields rotate so saves overlap on different fields.
    const saves = Array.from({ length: 40 }, (_, i) => {
      const kind = i % 4;
      if (kind === 0) return { title: `title-${i}` };
      if (kind === 1) return { summary: `summary-${i}` };
      if (kind === 2) return { body: `<p>body-${i}</p>` };
      return { [`paragraphs.${i % 4}`]: `para-${i}` };
    });
    const results = await Promise.all(saves.map((body, i) => call(route, `/api/cms/pages/${id}/versions`, { body, editor: `e${i}` })));
    const accepted = await Promise.all(results.map(async (res) => ({ status: res.status, body: await res.json<{ versionId: number }>() })));
    expect(accepted.every((r) => r.status === 200)).toBe(true);
    const rows = await versionRows(id);
    expect(rows).toHaveLength(saves.length);
    // Replay the saves in version id order: each stored row must equal the previous row plus exactly that save.
    const byVersion = new Map(accepted.map((r, i) => [r.body.versionId, saves[i]!]));
    let state: Record<string, unknown> = { title: 't', summary: 's', body: '', paragraphs: ['p0', 'p1', 'p2', 'p3'] };
    for (const row of rows) {
      const edit = byVersion.get(row.id as number)!;
      const next: Record<string, unknown> = { ...state, paragraphs: [...(state.paragraphs as string[])] };
      for (const [key, value] of Object.entries(edit)) {
        if (key.startsWith('paragraphs.')) (next.paragraphs as string[])[Number(key.split('.')[1])] = value as string;
        else next[key] = value;
      }
      expect({ title: row.title, summary: row.summary, body: row.body, paragraphs: JSON.parse(row.paragraphs as string) }).toEqual(next);
      state = next;
    }
    // Drafts never touch the live row.
    expect((await liveRow(id))?.title).toBe('t');
  });

  it('saves with $base on the same field landing together: exactly one wins per base, the others get 409, none is torn', async () => {
    const id = await seedPage({ slug: 'race', title: 'start' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(route, `/api/cms/pages/${id}/versions`, { body: { title: `t${i}`, $base: { title: fieldRev('start') } } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect(await versionRows(id)).toHaveLength(1);
  });
});
