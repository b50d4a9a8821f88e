import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPeers, installedVersion, louisePeers, satisfiesCaret } from './peer-versions.ts';

const root = mkdtempSync(join(tmpdir(), 'louise-peers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("Louise's peer ranges", () => {
  it('reads the ranges the package publishes', () => {
    expect(louisePeers()).toEqual({ astro: '^7.2', '@astrojs/cloudflare': '^14' });
  });

  it('judges caret ranges as npm does for released versions; a prerelease is below its release', () => {
    expect(['7.2.0', '7.2.4', '7.3.5', '7.10.0'].map((v) => satisfiesCaret(v, '^7.2'))).toEqual([true, true, true, true]);
    expect(['7.0.4', '7.1.9', '8.0.0', '6.9.0', '7.2.0-beta.1'].map((v) => satisfiesCaret(v, '^7.2'))).toEqual([false, false, false, false, false]);
    expect(['14.0.0', '14.3.3', '13.9.0', '15.0.0'].map((v) => satisfiesCaret(v, '^14'))).toEqual([true, true, false, false]);
    expect(satisfiesCaret('7.2.1', '^7.2.2')).toBe(false);
    expect(satisfiesCaret('7.3.0', '^7.2.2')).toBe(true);
  });

  it('finds the installed version where Node would, a workspace root included', () => {
    const site = join(root, 'workspace', 'packages', 'site');
    mkdirSync(join(root, 'workspace', 'node_modules', 'astro'), { recursive: true });
    mkdirSync(site, { recursive: true });
    writeFileSync(join(root, 'workspace', 'node_modules', 'astro', 'package.json'), '{ "name": "astro", "version": "7.0.4" }');
    expect(installedVersion(site, 'astro')).toBe('7.0.4');
    expect(installedVersion(site, '@astrojs/cloudflare')).toBeNull();
  });

  it('says what to run for each peer out of range; a missing adapter is fine (init adds it)', () => {
    const versions: Record<string, string | null> = { astro: '7.3.5', '@astrojs/cloudflare': null };
    const installed = (_cwd: string, name: string) => versions[name] ?? null;
    expect(() => checkPeers('/site', installed)).not.toThrow();
    versions['@astrojs/cloudflare'] = '13.1.0';
    versions['astro'] = '7.0.4';
    expect(() => checkPeers('/site', installed)).toThrow(
      "Louise needs astro ^7.2; this project has 7.0.4. Run: npm install astro@^7.2 (npx @astrojs/upgrade updates Astro's official integrations with it).\n" +
        'Louise needs @astrojs/cloudflare ^14; this project has 13.1.0. Run: npm install @astrojs/cloudflare@^14.\n' +
        'Then run `npx louise init` again. Nothing was changed.',
    );
    versions['astro'] = null;
    versions['@astrojs/cloudflare'] = null;
    expect(() => checkPeers('/site', installed)).toThrow('Astro is not installed in /site. Run: npm install');
  });
});
