import { describe, expect, it } from 'vitest';
import type { EditorSession } from '../../src/http/session.ts';
import { decideEditMode, EDIT_COOKIE, noteRendered, type LouiseLocals } from './edit-mode.ts';

const editor: EditorSession = { id: '1', email: 'e@x.test', name: 'E', access: { publish: true } };
const options = { editParam: 'edit', loginPath: '/cms/login' };
const decide = (path: string, who: EditorSession | null, cookie?: string) =>
  decideEditMode(new URL(`https://site.test${path}`), new Request(`https://site.test${path}`, { headers: cookie ? { cookie } : {} }), who, options);

describe('decideEditMode', () => {
  it('a visitor page is never in edit mode and sets nothing', () => {
    expect(decide('/about', null)).toEqual({ kind: 'render', editing: false });
  });
  it('?edit enters edit mode for an editor and remembers it in an HttpOnly cookie', () => {
    const decision = decide('/about?edit', editor);
    expect(decision).toMatchObject({ kind: 'render', editing: true });
    expect(decision.setCookie).toMatch(new RegExp(`^${EDIT_COOKIE}=1; Path=/; HttpOnly; Secure; SameSite=Lax$`));
  });
  it('the cookie keeps an editor in edit mode while navigating', () => {
    expect(decide('/other', editor, `${EDIT_COOKIE}=1`)).toEqual({ kind: 'render', editing: true });
  });
  it('a visitor asking for ?edit is sent to sign in and back', () => {
    expect(decide('/about?edit', null)).toEqual({ kind: 'redirect', location: '/cms/login?next=%2Fabout%3Fedit' });
  });
  it('a stale edit cookie without a session does nothing and is cleared', () => {
    const decision = decide('/about', null, `${EDIT_COOKIE}=1`);
    expect(decision).toMatchObject({ kind: 'render', editing: false });
    expect(decision.setCookie).toContain('Max-Age=0');
  });
  it('?edit=0 leaves edit mode and redirects to the clean URL', () => {
    for (const value of ['0', 'off', 'false', 'NO']) {
      const decision = decide(`/about?x=1&edit=${value}`, editor, `${EDIT_COOKIE}=1`);
      expect(decision).toMatchObject({ kind: 'redirect', location: '/about?x=1' });
      expect(decision.setCookie).toContain(`${EDIT_COOKIE}=; `);
      expect(decision.setCookie).toContain('Max-Age=0');
    }
  });
});

describe('noteRendered', () => {
  it('records revisions by collection:key for an editor in edit mode only', () => {
    const editing: { louise: LouiseLocals } = { louise: { editor: null, editing: true, revs: {}, invalid: {}, sections: {} } };
    noteRendered(editing, 'pages', 7, { title: '0123456789abcdef' });
    noteRendered(editing, 'posts', 'launch', { body: 'fedcba9876543210' });
    expect(editing.louise.revs).toEqual({ 'pages:7': { title: '0123456789abcdef' }, 'posts:launch': { body: 'fedcba9876543210' } });

    const visitor: { louise: LouiseLocals } = { louise: { editor: null, editing: false, revs: {}, invalid: {}, sections: {} } };
    noteRendered(visitor, 'pages', 7, { title: '0123456789abcdef' });
    expect(visitor.louise.revs).toEqual({});
    expect(() => noteRendered({}, 'pages', 7, {})).not.toThrow();
  });
});
