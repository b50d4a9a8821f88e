import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettingsApi, type SettingField } from './settings-api.ts';
import { createSettingsSession } from './settings-session.ts';

const fields: SettingField[] = [
  { key: 'siteName', kind: 'text', label: 'Site name' },
  { key: 'tagline', kind: 'text', label: 'Tagline' },
  { key: 'menu', kind: 'links', label: 'Menu' },
  { key: 'extra', kind: 'json', label: 'Extra' },
];
const values = { siteName: 'Louise', tagline: 'Edit in place', menu: [{ label: 'Home', href: '/' }], extra: null };
const revs = { siteName: 'r1', tagline: 't1', menu: 'm1', extra: 'e1' };

type Reply = (body: Record<string, unknown>) => { status: number; body: unknown };

/**
 * The settings route as far as the client sees it: records each PATCH body
 * and answers with `reply` (default: saved, with a fresh revision per key).
 */
function route() {
  const bodies: Array<Record<string, unknown>> = [];
  const replies: Reply[] = [];
  let n = 1;
  const saved: Reply = (body) => {
    const key = Object.keys(body).find((k) => k !== '$base')!;
    n++;
    return { status: 200, body: { settings: {}, revs: { ...revs, [key]: `${key}-${n}`, other: 'x' }, ignored: [] } };
  };
  const fetch = (async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    const { status, body: answer } = (replies.shift() ?? saved)(body);
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { bodies, replies, api: createSettingsApi({ apiBase: '/api/cms', fetch }) };
}

function session(extra: { onForbidden?: (message: string) => void } = {}) {
  const r = route();
  const changes: string[] = [];
  const s = createSettingsSession({ fields, values, revs, save: r.api.save, onChange: (key) => changes.push(key), ...extra });
  return { ...r, s, changes };
}

/** Lets the fake route's answers land. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the settings save flow', () => {
  it('saves a changed key once after 800 ms idle, with its $base, and builds the next save on the answer’s revision', async () => {
    const { s, bodies } = session();
    s.edit('siteName', 'L');
    await vi.advanceTimersByTimeAsync(500);
    s.edit('siteName', 'Lo');
    await vi.advanceTimersByTimeAsync(799);
    expect(bodies).toHaveLength(0);
    expect(s.view('siteName').mark).toBe('dirty');
    expect(s.status()).toEqual({ tone: 'busy', text: 'Saving…' });
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(bodies).toEqual([{ siteName: 'Lo', $base: { siteName: 'r1' } }]);
    expect(s.view('siteName')).toEqual({ mark: 'saved', note: 'Saved' });
    expect(s.status()).toEqual({ tone: 'ok', text: 'Saved' });
    s.edit('siteName', 'Lou');
    await vi.advanceTimersByTimeAsync(800);
    await settle();
    expect(bodies[1]).toEqual({ siteName: 'Lou', $base: { siteName: 'siteName-2' } });
    expect(s.unsaved()).toBe(false);
  });

  it('sends one PATCH per changed key, each with only its own key and base; another key’s revision in an answer is not taken', async () => {
    const { s, bodies } = session();
    s.edit('siteName', 'A');
    s.edit('menu', [{ label: 'Blog', href: '/blog' }]);
    await vi.advanceTimersByTimeAsync(800);
    await settle();
    expect(bodies).toHaveLength(2);
    expect(bodies).toContainEqual({ siteName: 'A', $base: { siteName: 'r1' } });
    expect(bodies).toContainEqual({ menu: [{ label: 'Blog', href: '/blog' }], $base: { menu: 'm1' } });
    s.edit('tagline', 'New');
    await vi.advanceTimersByTimeAsync(800);
    await settle();
    expect(bodies[2]).toEqual({ tagline: 'New', $base: { tagline: 't1' } });
  });

  it('sends nothing for an edit back to the loaded value', async () => {
    const { s, bodies } = session();
    expect(s.status()).toBeNull();
    s.edit('siteName', 'X');
    expect(s.status()).toEqual({ tone: 'busy', text: 'Saving…' });
    s.edit('siteName', 'Louise');
    await vi.advanceTimersByTimeAsync(2000);
    expect(bodies).toHaveLength(0);
    expect(s.view('siteName').mark).toBe('idle');
    expect(s.status()).toEqual({ tone: 'idle', text: 'No unsaved changes.' });
  });

  it('flush saves at once without waiting for the pause', async () => {
    const { s, bodies } = session();
    s.edit('tagline', 'Now');
    const done = s.flush();
    await settle();
    expect(await done).toBe(true);
    expect(bodies).toEqual([{ tagline: 'Now', $base: { tagline: 't1' } }]);
  });

  it('409: shows their value, keeps mine by resending over their revision', async () => {
    const { s, bodies, replies } = session();
    replies.push(() => ({ status: 409, body: { error: 'conflict', conflicts: [{ field: 'siteName', value: 'Theirs', rev: 'r5' }] } }));
    s.edit('siteName', 'Mine');
    await vi.advanceTimersByTimeAsync(800);
    await settle();
    expect(s.view('siteName')).toMatchObject({ mark: 'conflict', theirs: 'Theirs' });
    expect(s.status()).toEqual({ tone: 'problem', text: 'Site name was changed by someone else: choose Keep mine or Take theirs.' });
    expect(s.unsaved()).toBe(true);
    // Waiting for the editor: further pauses send nothing.
    await vi.advanceTimersByTimeAsync(5000);
    expect(bodies).toHaveLength(1);
    const kept = s.keepMine('siteName');
    await settle();
    expect(await kept).toBe(true);
    expect(bodies[1]).toEqual({ siteName: 'Mine', $base: { siteName: 'r5' } });
    expect(s.view('siteName').mark).toBe('saved');
  });

  it('409: take theirs shows their value and builds the next save on their revision', async () => {
    const { s, bodies, replies } = session();
    replies.push(() => ({ status: 409, body: { error: 'conflict', conflicts: [{ field: 'tagline', value: 'Theirs', rev: 't7' }] } }));
    s.edit('tagline', 'Mine');
    await s.flush();
    expect(s.takeTheirs('tagline')).toBe('Theirs');
    expect(s.view('tagline').mark).not.toBe('conflict');
    expect(s.unsaved()).toBe(false);
    s.edit('tagline', 'Later');
    await s.flush();
    expect(bodies[1]).toEqual({ tagline: 'Later', $base: { tagline: 't7' } });
  });

  it('422: the violation shows next to the field, the text stays, and the next edit saves again', async () => {
    const { s, bodies, replies } = session();
    replies.push(() => ({ status: 422, body: { error: 'validation', violations: [{ field: 'menu.0.href', message: 'Use a relative or https URL' }] } }));
    const bad = [{ label: 'Evil', href: 'javascript:alert(1)' }];
    s.edit('menu', bad);
    await s.flush();
    expect(s.view('menu')).toEqual({ mark: 'invalid', note: 'Not saved: Use a relative or https URL.' });
    expect(s.status()).toEqual({ tone: 'problem', text: 'Menu: Not saved: Use a relative or https URL.' });
    expect(s.value('menu')).toEqual(bad);
    expect(s.unsaved()).toBe(true);
    // A refused value is not retried when the connection returns.
    s.retry();
    await settle();
    expect(bodies).toHaveLength(1);
    s.edit('menu', [{ label: 'Good', href: '/good' }]);
    await s.flush();
    expect(bodies[1]).toEqual({ menu: [{ label: 'Good', href: '/good' }], $base: { menu: 'm1' } });
    expect(s.view('menu').mark).toBe('saved');
  });

  it('a failed connection keeps the text, says so, and retries when asked', async () => {
    const { s, bodies, replies } = session();
    replies.push(() => ({ status: 503, body: {} }));
    s.edit('siteName', 'Offline');
    expect(await s.flush()).toBe(false);
    expect(s.view('siteName')).toMatchObject({ mark: 'error' });
    expect(s.view('siteName').note).toContain('The server failed (503).');
    s.retry();
    await settle();
    expect(bodies).toHaveLength(2);
    expect(s.view('siteName').mark).toBe('saved');
  });

  it('403: tells the panel this editor may not change settings', async () => {
    const forbidden = vi.fn();
    const { s, replies } = session({ onForbidden: forbidden });
    replies.push(() => ({ status: 403, body: { error: 'forbidden' } }));
    s.edit('siteName', 'No');
    await s.flush();
    expect(forbidden).toHaveBeenCalledWith('You may not change site settings.');
    expect(s.view('siteName')).toEqual({ mark: 'invalid', note: 'Not saved: You may not change site settings.' });
    expect(s.unsaved()).toBe(true);
  });

  it('text that cannot be sent (invalid JSON) is held: nothing goes out, it counts as unsaved and says why', async () => {
    const { s, bodies, changes } = session();
    s.hold('extra', 'Not valid JSON: fix it and it saves.');
    expect(changes).toContain('extra');
    await vi.advanceTimersByTimeAsync(2000);
    expect(await s.flush()).toBe(false);
    expect(bodies).toHaveLength(0);
    expect(s.view('extra')).toEqual({ mark: 'held', note: 'Not valid JSON: fix it and it saves.' });
    expect(s.status()?.tone).toBe('problem');
    s.edit('extra', { a: 1 });
    expect(await s.flush()).toBe(true);
    expect(bodies).toEqual([{ extra: { a: 1 }, $base: { extra: 'e1' } }]);
  });

  it('refuses a key it does not have', () => {
    const { s } = session();
    expect(() => s.edit('nope', 1)).toThrow(/No setting "nope"/);
  });
});
