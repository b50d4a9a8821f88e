import { describe, expect, it } from 'vitest';
import { fakeFetch, jsonResponse } from '../../core/fake-fetch.testing.ts';
import { createInboxApi, fieldLabel, formOptionText, readSubmission, submissionEntries, valueText } from './inbox-api.ts';

const json = jsonResponse;

const item = { id: 3, form: 'contact', data: { name: 'Ada', email: 'ada@example.com', message: 'Hi' }, createdAt: 1_700_000_000_000, readAt: null };

describe('createInboxApi', () => {
  it('lists the forms with their counts', async () => {
    const { seen, fetch } = fakeFetch(() =>
      json(200, { forms: [{ name: 'contact', total: 4, unread: 2 }, { name: 'quote', total: 'x', unread: 9 }, { name: '' }, null] }),
    );
    const answer = await createInboxApi({ apiBase: '/api/cms/', fetch }).forms();
    expect(seen[0]!.url).toBe('/api/cms/submissions');
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(answer).toEqual({
      ok: true,
      value: [
        { name: 'contact', total: 4, unread: 2 },
        { name: 'quote', total: 0, unread: 0 },
      ],
    });
  });

  it('lists a form’s submissions with limit and cursor, narrowing each item', async () => {
    const { seen, fetch } = fakeFetch(() =>
      json(200, { items: [item, { id: 'x' }, { ...item, id: 4, data: ['no'], readAt: 1_700_000_100_000 }], nextCursor: 'c2' }),
    );
    const api = createInboxApi({ apiBase: '/api/cms', fetch });
    const answer = await api.list('contact us', { limit: 20, cursor: 'c1' });
    expect(seen[0]!.url).toBe('/api/cms/submissions/contact%20us?limit=20&cursor=c1');
    expect(answer).toEqual({ ok: true, value: { items: [item, { ...item, id: 4, data: {}, readAt: 1_700_000_100_000 }], nextCursor: 'c2' } });
    await api.list('contact');
    expect(seen[1]!.url).toBe('/api/cms/submissions/contact');
  });

  it('marks read or unread with PATCH ?id= { read }', async () => {
    const { seen, fetch } = fakeFetch(() => json(200, { ...item, readAt: 1_700_000_200_000 }));
    const api = createInboxApi({ apiBase: '/api/cms', fetch });
    const answer = await api.mark('contact', 3, true);
    expect(seen[0]!.url).toBe('/api/cms/submissions/contact?id=3');
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({ read: true });
    expect(answer).toEqual({ ok: true, value: { ...item, readAt: 1_700_000_200_000 } });
  });

  it('says when a mark answer is not a submission, or failed', async () => {
    const replies = [() => json(200, { nope: true }), () => json(401, {})];
    const api = createInboxApi({ apiBase: '/api/cms', fetch: fakeFetch(() => replies.shift()!()).fetch });
    expect(await api.mark('contact', 3, false)).toEqual({ ok: false, message: 'The server answered with something that is not a submission.' });
    expect(await api.mark('contact', 3, false)).toEqual({ ok: false, message: 'Your session has ended: sign in again in another tab.' });
  });

  it('deletes with DELETE ?id=: 204 deleted, 404 already gone, other failures in words', async () => {
    const replies = [() => new Response(null, { status: 204 }), () => json(404, { error: 'not_found' }), () => json(500, {})];
    const { seen, fetch } = fakeFetch(() => replies.shift()!());
    const api = createInboxApi({ apiBase: '/api/cms', fetch });
    expect(await api.remove('contact', 3)).toEqual({ ok: true, value: 'deleted' });
    expect(seen[0]).toMatchObject({ url: '/api/cms/submissions/contact?id=3', init: { method: 'DELETE' } });
    expect(await api.remove('contact', 3)).toEqual({ ok: true, value: 'gone' });
    expect(await api.remove('contact', 3)).toEqual({ ok: false, message: 'The server failed (500).' });
  });

  it('links the CSV export of a form', () => {
    expect(createInboxApi({ apiBase: '/api/cms' }).csvUrl('a/b')).toBe('/api/cms/submissions/a%2Fb?format=csv');
  });
});

describe('submission text', () => {
  it('reads a submission field by field', () => {
    expect(readSubmission({ ...item, id: 0 })).toBeNull();
    expect(readSubmission({ id: 2, createdAt: 'then', readAt: -1 })).toEqual({ id: 2, form: '', data: {}, createdAt: 0, readAt: null });
  });

  it('labels keys in words and shows values as plain text, markup included as typed', () => {
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('phone_number')).toBe('Phone number');
    expect(fieldLabel('email')).toBe('Email');
    expect(fieldLabel('__')).toBe('__');
    expect(valueText(['a', 2, true])).toBe('a, 2, Yes');
    expect(valueText({ x: 1 })).toBe('{"x":1}');
    expect(valueText(null)).toBe('');
    expect(submissionEntries({ name: '<img src=x onerror=alert(1)>', newsletter: false, age: 42 })).toEqual([
      ['Name', '<img src=x onerror=alert(1)>'],
      ['Newsletter', 'No'],
      ['Age', '42'],
    ]);
  });

  it('words a form with its counts', () => {
    expect(formOptionText({ name: 'contact', total: 4, unread: 2 })).toBe('contact (2 unread, 4 in all)');
    expect(formOptionText({ name: 'quote', total: 1, unread: 0 })).toBe('quote (1 in all)');
  });
});
