import { runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldRev } from '../../src/content/field-rev.ts';
import { seedPage, versionRows } from './content-helpers.ts';
import { flushNow, joinPerTest, settle, stubOf } from './realtime-helpers.ts';

// Issue 37: what a connection is told when it joins (every accepted change,
// with its revision), and a change built on a value the connection never saw
// is refused as a conflict instead of replacing a newer accepted one.

let id: number;
let n = 0;
const OLD = fieldRev('Live title');

const join = joinPerTest(() => id);

beforeEach(async () => {
  id = await seedPage({ slug: `rtjoin${++n}`, title: 'Live title', summary: 'Live summary', body: '<p>live</p>', paragraphs: ['one'] });
});

/** The object forgets everything it held in memory; only storage remains (as after an eviction or restart). */
async function evict(): Promise<void> {
  await runInDurableObject(stubOf(id), (instance) => {
    Object.assign(instance, { pending: null, page: undefined });
  });
}

describe('joining', () => {
  it('welcomes a connection with every pending change and its revision, also after the object was evicted', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'New from Ana', seq: 1, base: OLD });
    const ack = await a.next('ack');
    const b = await join('ana');
    expect(b.welcome).toMatchObject({ pending: { title: 'New from Ana' }, revs: { title: ack.rev } });
    await evict();
    const c = await join('bo');
    expect(c.welcome).toMatchObject({ pending: { title: 'New from Ana' }, revs: { title: fieldRev('New from Ana') } });
  });

  it('welcomes a connection with the stored value of a field the session already wrote (the page may have been rendered before the write)', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'Written by the session', seq: 1, base: OLD });
    await a.next('ack');
    await flushNow(id);
    const b = await join('bo');
    expect(b.welcome).toMatchObject({ pending: {}, written: { title: 'Written by the session' }, revs: { title: fieldRev('Written by the session') } });
  });

  it('an update carries the revision of the value, the base of the receiver`s next change', async () => {
    const a = await join('ana');
    const b = await join('bo');
    a.send({ v: 1, type: 'set', field: 'title', value: 'By Ana', seq: 1, base: OLD });
    expect(await b.next('update')).toMatchObject({ field: 'title', value: 'By Ana', rev: fieldRev('By Ana') });
  });
});

describe('stale changes', () => {
  it('a change built on the value before a pending one is refused as a conflict with both values; the pending one stays', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'New from Ana', seq: 1, base: OLD });
    await a.next('ack');
    a.send({ v: 1, type: 'release', field: 'title' });
    const b = await join('ana');
    b.send({ v: 1, type: 'set', field: 'title', value: 'Live title, typed on in B', seq: 1, base: OLD });
    expect(await b.next('refused')).toMatchObject({ seq: 1, field: 'title', reason: 'conflict', value: 'New from Ana', rev: fieldRev('New from Ana') });
    await settle();
    expect(a.received.some((m) => m.type === 'update')).toBe(false);
    await flushNow(id);
    expect((await versionRows(id))[0]?.title).toBe('New from Ana');
  });

  it('the same after the object was evicted, and after the pending change was written', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'New from Ana', seq: 1, base: OLD });
    await a.next('ack');
    a.send({ v: 1, type: 'release', field: 'title' });
    await settle();
    await evict();
    const b = await join('bo');
    b.send({ v: 1, type: 'set', field: 'title', value: 'Stale in B', seq: 1, base: OLD });
    expect(await b.next('refused')).toMatchObject({ reason: 'conflict', value: 'New from Ana' });
    await flushNow(id);
    b.send({ v: 1, type: 'set', field: 'title', value: 'Stale in B', seq: 2, base: OLD });
    expect(await b.next('refused')).toMatchObject({ seq: 2, reason: 'conflict', value: 'New from Ana', rev: fieldRev('New from Ana') });
    // Keep mine: sent again over the revision the conflict showed, it is accepted.
    b.send({ v: 1, type: 'set', field: 'title', value: 'Stale in B', seq: 3, base: fieldRev('New from Ana') });
    expect(await b.next('ack')).toMatchObject({ seq: 3 });
    await flushNow(id);
    expect((await versionRows(id)).at(-1)?.title).toBe('Stale in B');
  });

  it('a connection typing on its own change is never refused, though its sets go out before the acks come back', async () => {
    const a = await join('ana');
    for (let seq = 1; seq <= 4; seq++) a.send({ v: 1, type: 'set', field: 'title', value: `Typing ${seq}`, seq, base: OLD });
    for (let seq = 1; seq <= 4; seq++) expect(await a.next('ack')).toMatchObject({ seq });
    await flushNow(id);
    a.send({ v: 1, type: 'set', field: 'title', value: 'Typing 5', seq: 5, base: OLD });
    expect(await a.next('ack')).toMatchObject({ seq: 5 });
    expect(a.received.some((m) => m.type === 'refused')).toBe(false);
  });

  it('a change built on the revision the welcome gave is accepted', async () => {
    const a = await join('ana');
    a.send({ v: 1, type: 'set', field: 'title', value: 'New from Ana', seq: 1, base: OLD });
    await a.next('ack');
    a.send({ v: 1, type: 'release', field: 'title' });
    const b = await join('bo');
    b.send({ v: 1, type: 'set', field: 'title', value: 'New from Ana, and Bo', seq: 1, base: b.welcome.revs.title });
    expect(await b.next('ack')).toMatchObject({ seq: 1 });
  });
});
