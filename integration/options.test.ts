import { describe, expect, it } from 'vitest';
import { defineCms } from './config.ts';
import { parseLouiseOptions } from './options.ts';

describe('parseLouiseOptions', () => {
  it('fills defaults', () => {
    expect(parseLouiseOptions(undefined)).toEqual({ editParam: 'edit', loginPath: '/cms/login', devEditors: true, autoSave: { debounceMs: 800 }, versioned: ['pages'] });
    expect(parseLouiseOptions({ autoSave: false, versioned: ['pages', 'posts'] })).toMatchObject({ autoSave: false, versioned: ['pages', 'posts'] });
  });
  it('names each wrong option', () => {
    expect(() => parseLouiseOptions({ editParam: 'e dit' })).toThrow(/editParam: editParam must be a plain query parameter name/);
    expect(() => parseLouiseOptions({ loginPath: 'login' })).toThrow(/loginPath: loginPath must start with "\/"/);
    expect(() => parseLouiseOptions({ devEditors: 'yes' })).toThrow(/devEditors: devEditors must be true or false/);
    expect(() => parseLouiseOptions({ colour: 'red' })).toThrow(/colour/);
    expect(() => parseLouiseOptions({ autoSave: { debounceMs: 1.5 } })).toThrow(/autoSave.debounceMs must be a whole number of milliseconds/);
    expect(() => parseLouiseOptions({ autoSave: true })).toThrow(/autoSave must be false/);
    expect(() => parseLouiseOptions({ versioned: ['Pages'] })).toThrow(/versioned lists collection slugs/);
  });
});

describe('defineCms', () => {
  it('accepts a valid config and returns it', () => {
    const config = { routes: [async () => undefined], noindex: () => false };
    expect(defineCms(config)).toBe(config);
  });
  it('rejects wrong types with a message naming the key', () => {
    expect(() => defineCms({ routes: ['nope'] } as never)).toThrow(/routes/);
    expect(() => defineCms({ resolveEditor: 'me' } as never)).toThrow(/resolveEditor: resolveEditor must be a function/);
    expect(() => defineCms({ status: { checks: { db: true } } } as never)).toThrow(/status/);
    expect(() => defineCms({ apiGate: { isPublic: [] } } as never)).toThrow(/apiGate.isPublic/);
    expect(() => defineCms({ extra: 1 } as never)).toThrow(/extra/);
  });
});
