import { existsSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { parse } from '../worker/postcss-stub.ts';
import { serverStubs } from './vite-plugins.ts';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = serverStubs();
const applies = plugin.applyToEnvironment as (environment: unknown) => boolean;
const resolveId = plugin.resolveId as Hook;
const load = plugin.load as Hook;

describe('serverStubs', () => {
  it('applies to the server (Worker) build only, never to browser code', () => {
    expect(applies({ config: { consumer: 'server' } })).toBe(true);
    expect(applies({ config: { consumer: 'client' } })).toBe(false);
  });

  it('resolves postcss to the stub, from anywhere', async () => {
    const stub = await resolveId.call({}, 'postcss', '/x/node_modules/sanitize-html/index.js');
    expect(stub).toMatch(/postcss-stub\.ts$/);
    expect(existsSync(stub as string)).toBe(true);
    expect(await resolveId.call({}, 'postcss-value-parser', '/x/node_modules/sanitize-html/index.js')).toBeUndefined();
  });

  it('narrows htmlparser2 to its Parser for sanitize-html only, leaving other importers alone', async () => {
    const context = { resolve: vi.fn(async () => ({ id: '/x/node_modules/htmlparser2/dist/index.js' })) };
    expect(await resolveId.call(context, 'htmlparser2', '/x/src/other.ts')).toBeUndefined();
    const id = await resolveId.call(context, 'htmlparser2', '/x/node_modules/sanitize-html/index.js');
    expect(id).toMatch(/^\0/);
    expect(load.call({}, id)).toBe('export { Parser } from "/x/node_modules/htmlparser2/dist/Parser.js";');
    expect(load.call({}, '/x/other.js')).toBeUndefined();
  });

  it("resolves micromark's entity decoder to the one over `entities` (its table is already in the Worker), from anywhere", async () => {
    const drop = await resolveId.call({}, 'decode-named-character-reference', '/x/node_modules/micromark-util-decode-string/index.js');
    expect(drop).toMatch(/src[/\\]markdown[/\\]named-reference\.ts$/);
    expect(existsSync(drop as string)).toBe(true);
    const { decodeNamedCharacterReference } = await import(drop as string);
    expect(decodeNamedCharacterReference('AElig')).toBe('Æ');
    expect(decodeNamedCharacterReference('notanentity')).toBe(false);
    expect(await resolveId.call({}, 'decode-named-character-reference/index.dom.js', '/x/a.js')).toBeUndefined();
  });

  it('keeps the real htmlparser2 when its layout is not the expected one', async () => {
    const context = { resolve: async () => ({ id: '/x/node_modules/htmlparser2/lib/main.cjs' }) };
    expect(await resolveId.call(context, 'htmlparser2', '/x/node_modules/sanitize-html/index.js')).toBeUndefined();
  });
});

describe('the postcss stub', () => {
  it('fails loudly if anything ever parses CSS in the Worker', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => parse()).toThrow(/postcss is not bundled into the Worker.*allows `style` attributes/);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
