import { env, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev, fieldRevs } from '../../src/content/field-rev.ts';
import { versionsRoute } from '../../src/drafts/versions-route.ts';
import { composeRoutes } from '../../src/http/compose.ts';
import { runEditorRoute } from '../../src/http/route.ts';
import { CLOSE, HEARTBEAT_TIMEOUT_MS, IDLE_CLAIM_MS, MAX_SOCKET_MS, RATE_BURST } from '../../src/realtime/protocol.ts';
import { realtimeSettle, realtimeSoftLocks } from '../../src/realtime/soft-locks.ts';
import { setDegradedSink, type DegradedDetail } from '../../src/security/degraded.ts';
import { call, headerEditor, liveRow, ORIGIN, pagesCollection, seedPage, tables, versionRows } from './content-helpers.ts';
import { flushNow, joinPerTest, live, presenceUntil, settle, stubOf, type TestClient } from './realtime-helpers.ts';

const FIELDS = Object.keys(pagesCollection.fields);
let id: number;
let n = 0;

const join = joinPerTest(() => id);

beforeEach(async () => {
  id = await seedPage({ slug: `rt${++n}`, title: 'Live title', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one'] });
});

/** Attachments of the page's sockets, edited in place (what the object keeps across hibernation). */
async function editAttachments(edit: (attachment: { sid: string; seen: number; claimedAt: number }) => void): Promise<void> {
  await runInDurableObject(stubOf(id), (_instance, state) => {
    for (const ws of state.getWebSockets()) {
      const attachment = ws.deserializeAttachment();
      edit(attachment);
      ws.serializeAttachment(attachment);
    }
  });
}

describe('presence and claims', () => {
  it('welcomes a connection with who is there, and tells the others it joined', async () => {
    const a = await join('ana');
    expect(a.welcome.you).toMatchObject({ id: 'ana', name: 'ana', field: null });
    expect(a.welcome.you.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(a.welcome.peers.map((p) => p.id)).toEqual(['ana']);
    const b = await join('bo');
    expect(b.welcome.peers.map((p) => p.id).sort()).toEqual(['ana', 'bo']);
    const presence = await a.next('presence');
    expect(presence.peers.map((p) => p.id).sort()).toEqual(['ana', 'bo']);
  });

  it('a claim is seen by the others; a second claim of the held field is refused with the holder; release frees it', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'claim', field: 'title' });
    const seen = await presenceUntil(b, (peers) => peers.some((p) => p.field === 'title'));
    expect(seen.find((p) => p.id === 'ana')?.field).toBe('title');

    b.send({ v: 1, type: 'claim', field: 'title' });
    const refused = await b.next('refused');
    expect(refused).toMatchObject({ field: 'title', reason: 'locked', holder: 'ana' });

    a.send({ v: 1, type: 'release', field: 'title' });
    await presenceUntil(b, (peers) => !peers.some((p) => p.field === 'title'));
    b.send({ v: 1, type: 'claim', field: 'title' });
    await presenceUntil(a, (peers) => peers.find((p) => p.id === 'bo')?.field === 'title');
  });

  it('releases the claim of a socket that closes', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'claim', field: 'body' });
    await b.next('presence');
    expect(await stubOf(id).held(['body'])).toEqual({ body: 'ana' });
    a.ws.close(1000, 'tab closed');
    await presenceUntil(b, (peers) => !peers.some((p) => p.id === 'ana'));
    expect(await stubOf(id).held(['body'])).toEqual({});
  });

  it('closes a socket silent past the heartbeat timeout and releases its claim; the others stay', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'claim', field: 'title' });
    await b.next('presence');
    const sid = a.welcome.you.sid;
    await editAttachments((attachment) => {
      if (attachment.sid === sid) attachment.seen = Date.now() - HEARTBEAT_TIMEOUT_MS - 1;
    });
    await flushNow(id);
    expect((await a.closed).code).toBe(CLOSE.timeout);
    await presenceUntil(b, (peers) => !peers.some((p) => p.id === 'ana'));
    expect(await stubOf(id).held(['title'])).toEqual({});
  });

  it('closes a socket open past MAX_SOCKET_MS, so the route checks the session again on reconnect', async () => {
    const a = await join('ana');
    const b = await join('bo');
    const sid = a.welcome.you.sid;
    await editAttachments((attachment) => {
      if (attachment.sid === sid) Object.assign(attachment, { since: Date.now() - MAX_SOCKET_MS - 1 });
    });
    await flushNow(id);
    expect((await a.closed).code).toBe(CLOSE.recheck);
    await presenceUntil(b, (peers) => !peers.some((p) => p.id === 'ana'));
  });

  it('releases a claim left idle', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'claim', field: 'summary' });
    await a.next('presence');
    expect(await stubOf(id).held(['summary'])).toEqual({ summary: 'ana' });
    await editAttachments((attachment) => {
      attachment.claimedAt = Date.now() - IDLE_CLAIM_MS - 1;
    });
    expect(await stubOf(id).held(['summary'])).toEqual({});
  });
});

describe('live updates and coalesced persistence', () => {
  it('acknowledges a change to its sender and broadcasts it to the others, not back to the sender', async () => {
    const a = await join('ana');
    const b = await join('bo');
    const c = await join('cy');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Typed by Ana', seq: 1 });
    expect(await a.next('ack')).toMatchObject({ seq: 1 });
    for (const other of [b, c]) expect(await other.next('update')).toMatchObject({ field: 'title', value: 'Typed by Ana', by: a.welcome.you.sid });
    await settle();
    expect(a.received.some((m) => m.type === 'update')).toBe(false);
    // A late joiner sees what is pending.
    const d = await join('dee');
    expect(d.welcome.pending).toEqual({ title: 'Typed by Ana' });
  });

  it('flushes the changes of several editors as one draft version through the draft write path, and broadcasts its revisions', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'set', field: 'title', value: 'T1', seq: 1 });
    await a.next('ack');
    a.send({ v: 1, type: 'set', field: 'title', value: 'T2', seq: 2 });
    await a.next('ack');
    b.send({ v: 1, type: 'set', field: 'summary', value: 'S by Bo', seq: 1 });
    await b.next('ack');
    expect(await versionRows(id)).toHaveLength(0);

    await flushNow(id);
    const rows = await versionRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'T2', summary: 'S by Bo', body: '<p>live</p>', created_by: 'bo' });
    expect((await liveRow(id))?.title).toBe('Live title');
    const expected = fieldRevs({ title: 'T2', summary: 'S by Bo', body: '<p>live</p>', paragraphs: ['one'] }, FIELDS);
    for (const client of [a, b]) expect(await client.next('saved')).toMatchObject({ revs: expected, versionId: rows[0]?.id });

    // Nothing left: a second alarm writes nothing more.
    await flushNow(id);
    expect(await versionRows(id)).toHaveLength(1);
  });

  it('sanitizes rich text like any draft save, and broadcasts only the sanitized value', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'set', field: 'body', value: '<p>ok<script>alert(1)</script><img src=x onerror=alert(1)></p>', seq: 1 });
    const ack = await a.next('ack');
    const update = await b.next('update');
    expect(String(update.value)).not.toMatch(/script|onerror/);
    expect(ack.rev).toBe(fieldRev(update.value));
    await flushNow(id);
    const [row] = await versionRows(id);
    expect(row?.body).not.toMatch(/script|onerror/);
  });

  it('loses nothing it acknowledged when the object is evicted before the flush', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'summary', value: 'Kept across eviction', seq: 1 });
    await a.next('ack');
    await runInDurableObject(stubOf(id), async (instance, state) => {
      // Acknowledged means stored.
      expect(await state.storage.get('p:summary')).toMatchObject({ value: 'Kept across eviction' });
      // Evicted: the instance's memory is gone; only storage remains.
      Object.assign(instance, { pending: null, page: undefined });
    });
    await flushNow(id);
    const [row] = await versionRows(id);
    expect(row?.summary).toBe('Kept across eviction');
  });

  it('keeps the changes when a flush fails, says so, and writes them on the retry', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Survives an outage', seq: 1 });
    await a.next('ack');
    await env.DB.exec('ALTER TABLE pages_versions RENAME TO pages_versions_away');
    try {
      await flushNow(id);
      const failed = await a.next('failed');
      expect(failed.fields).toEqual(['title']);
      expect(failed.message).toMatch(/kept/);
    } finally {
      await env.DB.exec('ALTER TABLE pages_versions_away RENAME TO pages_versions');
    }
    await runInDurableObject(stubOf(id), async (_instance, state) => {
      expect(await state.storage.get('p:title')).toMatchObject({ value: 'Survives an outage' });
      expect(await state.storage.get('flushAt')).toBeGreaterThan(Date.now());
    });
    await flushNow(id);
    const [row] = await versionRows(id);
    expect(row?.title).toBe('Survives an outage');
    await a.next('saved');
  });

  it('refuses a change to a field another editor holds, and an invalid value; neither is stored or broadcast', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'claim', field: 'title' });
    await b.next('presence');
    b.send({ v: 1, type: 'set', field: 'title', value: 'Bo overwrites', seq: 7 });
    expect(await b.next('refused')).toMatchObject({ seq: 7, reason: 'locked', holder: 'ana' });
    b.send({ v: 1, type: 'set', field: 'paragraphs', value: { not: 'a list' }, seq: 8 });
    expect(await b.next('refused')).toMatchObject({ seq: 8, reason: 'invalid' });
    await settle();
    expect(a.received.some((m) => m.type === 'update')).toBe(false);
    await runInDurableObject(stubOf(id), async (_instance, state) => {
      expect([...(await state.storage.list({ prefix: 'p:' })).keys()]).toEqual([]);
    });
  });
});

describe('hostile messages close only the sender', () => {
  const cases: [string, (client: TestClient) => void, number][] = [
    ['bad JSON', (c) => c.ws.send('{"v":1,"type":'), CLOSE.malformed],
    ['an unknown type', (c) => c.send({ v: 1, type: 'publish' }), CLOSE.malformed],
    ['another protocol version', (c) => c.send({ v: 2, type: 'ping' }), CLOSE.malformed],
    ['a 1 MB message', (c) => c.send({ v: 1, type: 'set', field: 'body', value: 'x'.repeat(1_000_000), seq: 1 }), CLOSE.tooBig],
    ['a claim of a field the page does not have', (c) => c.send({ v: 1, type: 'claim', field: 'published_version_id' }), CLOSE.malformed],
    ['a claim of a prototype key', (c) => c.send({ v: 1, type: 'claim', field: '__proto__' }), CLOSE.malformed],
    [
      'a set naming its own editor (identity spoofing)',
      (c) => c.send({ v: 1, type: 'set', field: 'title', value: 'x', seq: 1, editor: 'bo' }),
      CLOSE.malformed,
    ],
    ['a binary frame', (c) => c.ws.send(new Uint8Array([1, 2, 3])), CLOSE.malformed],
  ];
  for (const [what, send, code] of cases)
    it(`${what}: closes that socket (${code}); the object and the others carry on`, async () => {
      const a = await join('ana');
      const b = await join('bo');
      send(a);
      const closed = await a.closed;
      expect(closed.code).toBe(code);
      expect(closed.reason.length).toBeGreaterThan(0);
      await presenceUntil(b, (peers) => !peers.some((p) => p.id === 'ana'));
      b.send({ v: 1, type: 'set', field: 'title', value: 'Still working', seq: 1 });
      expect(await b.next('ack')).toMatchObject({ seq: 1 });
      await runInDurableObject(stubOf(id), async (_instance, state) => {
        expect(await state.storage.get('p:title')).toMatchObject({ value: 'Still working', editor: { id: 'bo' } });
      });
    });

  it('closes a connection past its message rate', async () => {
    const a = await join('ana');
    for (let i = 0; i < RATE_BURST + 20; i++) a.send({ v: 1, type: 'ping' });
    expect((await a.closed).code).toBe(CLOSE.rate);
  });
});

describe('the live route', () => {
  const open = (headers: Record<string, string>, path = `/api/cms/pages/${id}/live`) => runEditorRoute(live, new Request(`${ORIGIN}${path}`, { headers }), env);

  it('refuses a visitor (401), another site (403), a plain GET (426), a missing row (404)', async () => {
    expect((await open({ upgrade: 'websocket', origin: ORIGIN })).status).toBe(401);
    expect((await open({ upgrade: 'websocket', origin: 'https://evil.test', 'x-editor': 'ana' })).status).toBe(403);
    expect((await open({ upgrade: 'websocket', 'x-editor': 'ana' })).status).toBe(403);
    expect((await open({ origin: ORIGIN, 'x-editor': 'ana' })).status).toBe(426);
    expect((await open({ upgrade: 'websocket', origin: ORIGIN, 'x-editor': 'ana' }, '/api/cms/pages/999999/live')).status).toBe(404);
  });

  it('the object refuses a connection that did not come through the route', async () => {
    const res = await stubOf(id).fetch('https://live.louise/connect', { headers: { upgrade: 'websocket' } });
    expect(res.status).toBe(400);
  });
});

describe('realtimeSoftLocks against the real object', () => {
  const softLocks = realtimeSoftLocks<Env>({ namespace: (e) => e.REALTIME, fields: FIELDS });
  const versions = composeRoutes(versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, softLocks }));
  const save = (body: unknown, editor: string) => call(versions, `/api/cms/pages/${id}/versions`, { body, editor, publish: false });

  it('423 for a held field; the holder saves; an unchanged held field and other fields pass', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'claim', field: 'title' });
    await a.next('presence');
    const refused = await save({ title: 'Bo overwrites' }, 'bo');
    expect(refused.status).toBe(423);
    expect(await refused.json()).toMatchObject({ error: 'locked', locked: ['title'] });
    expect(await versionRows(id)).toHaveLength(0);
    expect((await save({ title: 'Live title', summary: 'Bo summary' }, 'bo')).status).toBe(200);
    expect((await save({ title: 'Ana saves' }, 'ana')).status).toBe(200);
  });

  it("a plain save after the session's own (a tab's keepalive save) lands after it, on the revision the ack gave", async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Through the session', seq: 1 });
    const ack = await a.next('ack');
    expect(ack.rev).toBe(fieldRev('Through the session'));
    const res = await call(versions, `/api/cms/pages/${id}/versions`, { body: { title: 'Then over HTTP', $base: { title: ack.rev } }, editor: 'ana' });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await versionRows(id);
    expect(rows.map((row) => row.title)).toEqual(['Through the session', 'Then over HTTP']);
    // Nothing pending is left to overwrite it later.
    await flushNow(id);
    expect(await versionRows(id)).toHaveLength(2);
  });

  it('fails open when the object cannot answer: the save proceeds and editor.softLocks is reported', async () => {
    const reports: [string, DegradedDetail][] = [];
    setDegradedSink((event, detail) => reports.push([event, detail]));
    try {
      const broken = realtimeSoftLocks<Env>({
        namespace: () => ({
          idFromName: () => {
            throw new Error('binding gone');
          },
          get: () => {
            throw new Error('unreachable');
          },
        }),
        fields: FIELDS,
      });
      const route = versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, softLocks: broken });
      const res = await call(route, `/api/cms/pages/${id}/versions`, { body: { title: 'Saved anyway' }, editor: 'bo', publish: false });
      expect(res.status).toBe(200);
      expect(reports.map(([event]) => event)).toEqual(['editor.softLocks']);
    } finally {
      setDegradedSink(null);
    }
  });

  it('a site without the binding has no locks and reports nothing', async () => {
    const none = realtimeSoftLocks<Env>({ namespace: () => undefined, fields: FIELDS });
    expect(
      await none.held(env, { collection: 'pages', id }, ['title'], headerEditor(new Request(ORIGIN, { headers: { 'x-editor': 'bo' } }), env) as never),
    ).toEqual({});
  });
});

describe('publish and discard settle the session first', () => {
  const settle = realtimeSettle<Env>((e) => e.REALTIME);
  const versions = composeRoutes(versionsRoute<Env>({ ...tables, config: pagesCollection, resolveEditor: headerEditor, settle }));

  it('Publish right after an acknowledged change publishes it (the object writes it first)', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Published at once', seq: 1 });
    await a.next('ack');
    const res = await call(versions, `/api/cms/pages/${id}/publish`, { body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await liveRow(id))?.title).toBe('Published at once');
    await a.next('saved');
    // Nothing pending is left to be written again later.
    await runInDurableObject(stubOf(id), async (_instance, state) => {
      expect([...(await state.storage.list({ prefix: 'p:' })).keys()]).toEqual([]);
    });
  });

  it('the version history includes an acknowledged change the object had not written yet', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'summary', value: 'Listed at once', seq: 1 });
    const ack = await a.next('ack');
    const listed = await (await call(versions, `/api/cms/pages/${id}/versions`)).json<{
      items: { data: Record<string, unknown> }[];
      revs: Record<string, string>;
    }>();
    expect(listed.items[0]?.data.summary).toBe('Listed at once');
    expect(listed.revs.summary).toBe(ack.rev);
  });

  it('Discard throws away the changes the session had not written yet', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'summary', value: 'Discard me', seq: 1 });
    await a.next('ack');
    const res = await call(versions, `/api/cms/pages/${id}/discard`, { body: { versionId: null } });
    expect(res.status).toBe(204);
    await flushNow(id);
    expect(await versionRows(id)).toHaveLength(0);
  });

  it('a discard refused for its body drops nothing', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'summary', value: 'Kept', seq: 1 });
    await a.next('ack');
    expect((await call(versions, `/api/cms/pages/${id}/discard`, { body: {} })).status).toBe(400);
    await flushNow(id);
    expect((await versionRows(id))[0]?.summary).toBe('Kept');
  });
});
