import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { LIVE_HEADER } from '../../src/drafts/soft-locks.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { composeRoutes } from '../../src/http/compose.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { realtimeSoftLocks } from '../../src/realtime/soft-locks.ts';
import { headerEditor, ORIGIN, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';
import { flushNow, joinPerTest } from './realtime-helpers.ts';

// A page leaving the realtime session saves what the session has not
// confirmed over HTTP (keepalive), on the base it knew, naming its
// connection (LIVE_HEADER): issue 29. The session's own changes from that
// connection are written first and are no conflict; anyone else's still are.

const FIELDS = Object.keys(pagesCollection.fields);
const RENDERED = fieldRev('Live title');
let id: number;
let n = 0;

const join = joinPerTest(() => id);

beforeEach(async () => {
  id = await seedPage({ slug: `leave${++n}`, title: 'Live title', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one'] });
});

const softLocks = realtimeSoftLocks<Env>({ namespace: (e) => e.REALTIME, fields: FIELDS });
const versions = composeRoutes(versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, softLocks }));

/** A draft save over HTTP as `editor`, from the page whose connection is `sid` (none: a save from outside the session). */
function save(body: unknown, editor: string, sid?: string): Promise<Response> {
  const headers: Record<string, string> = {
    origin: ORIGIN,
    'content-type': 'application/json',
    'x-editor': editor,
    ...(sid === undefined ? {} : { [LIVE_HEADER]: sid }),
  };
  return runEditorRoute(versions, new Request(`${ORIGIN}/api/cms/pages/${id}/versions`, { method: 'POST', headers, body: JSON.stringify(body) }), env);
}

const titles = async () => (await versionRows(id)).map((row) => row.title);

describe('a save from a page in the session, on a base behind what the session took from it', () => {
  it('lands after the change the session held for it (its ack had not come back), and nothing older is written later', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'NAV-abc', seq: 1 });
    await a.next('ack');
    const res = await save({ title: 'NAV-abc123', $base: { title: RENDERED } }, 'ana', a.welcome.you.sid);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await titles()).toEqual(['NAV-abc', 'NAV-abc123']);
    await flushNow(id);
    expect(await titles()).toEqual(['NAV-abc', 'NAV-abc123']);
  });

  it('lands after a change the session already wrote (the page had not heard of the flush)', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'NAV-a', seq: 1 });
    await a.next('ack');
    await flushNow(id);
    const res = await save({ title: 'NAV-abc123', $base: { title: RENDERED } }, 'ana', a.welcome.you.sid);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await titles()).toEqual(['NAV-a', 'NAV-abc123']);
  });

  it('sending back unchanged the value stored before the session took a newer one: the session writes its change first, and the save is what stays', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Live title, typed', seq: 1 });
    await a.next('ack');
    // The page typed, then deleted what it typed, and is leaving.
    const res = await save({ title: 'Live title', $base: { title: RENDERED } }, 'ana', a.welcome.you.sid);
    expect(res.status, await res.clone().text()).toBe(200);
    await flushNow(id);
    expect((await titles()).at(-1)).toBe('Live title');
  });

  it('stays a conflict when someone else changed the field after the page’s own change', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Ana typed', seq: 1 });
    await a.next('ack');
    a.send({ v: 1, type: 'release', field: 'title' });
    await flushNow(id);
    expect((await save({ title: 'Bo wrote', $base: { title: fieldRev('Ana typed') } }, 'bo')).status).toBe(200);
    const res = await save({ title: 'Ana again', $base: { title: fieldRev('Ana typed') } }, 'ana', a.welcome.you.sid);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', conflicts: [{ field: 'title', value: 'Bo wrote' }] });
    expect((await titles()).at(-1)).toBe('Bo wrote');
  });

  it('stays a conflict without the header, with another connection, or for another editor naming that connection', async () => {
    const a = await join('ana');
    const other = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'From tab one', seq: 1 });
    await a.next('ack');
    a.send({ v: 1, type: 'release', field: 'title' });
    await flushNow(id);
    const body = { title: 'Stale', $base: { title: RENDERED } };
    expect((await save(body, 'ana')).status).toBe(409);
    expect((await save(body, 'ana', other.welcome.you.sid)).status).toBe(409);
    expect((await save(body, 'bo', a.welcome.you.sid)).status).toBe(409);
    expect(await titles()).toEqual(['From tab one']);
  });

  it('refuses a header that is not a connection id (400), writing nothing', async () => {
    const res = await save({ title: 'x' }, 'ana', 'not-a-sid');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_header' });
    expect(await titles()).toEqual([]);
  });
});
