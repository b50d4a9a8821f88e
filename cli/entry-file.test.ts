import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveEntryFile } from './entry-file.ts';

// A project beside a file outside it, with every way out a stored path could try.
const parent = realpathSync(mkdtempSync(join(tmpdir(), 'louise-entry-file-')));
const root = join(parent, 'site');
mkdirSync(join(root, 'src/content/blog/folder.md'), { recursive: true });
writeFileSync(join(root, 'src/content/blog/post.md'), '# Post\n');
writeFileSync(join(root, 'src/content/blog/notes.markdown'), '# Notes\n');
writeFileSync(join(root, 'src/content/blog/data.json'), '{}');
writeFileSync(join(parent, 'outside.md'), '# Outside\n');
symlinkSync(join(parent, 'outside.md'), join(root, 'src/content/blog/out.md'));
symlinkSync(parent, join(root, 'src/content/up'));
symlinkSync(join(root, 'src/content/blog/post.md'), join(root, 'src/content/blog/alias.md'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('resolveEntryFile', () => {
  it('finds a relative Markdown file inside the project, through a link that stays inside', () => {
    expect(resolveEntryFile(root, 'src/content/blog/post.md')).toEqual({ ok: true, path: join(root, 'src/content/blog/post.md') });
    expect(resolveEntryFile(root, './src/content/blog/notes.markdown')).toEqual({ ok: true, path: join(root, 'src/content/blog/notes.markdown') });
    expect(resolveEntryFile(root, 'src/content/blog/alias.md')).toEqual({ ok: true, path: join(root, 'src/content/blog/post.md') });
  });

  it('refuses every other path, saying why', () => {
    const reason = (file: string) => {
      const found = resolveEntryFile(root, file);
      return found.ok ? 'accepted' : found.reason.slice(`its file ${JSON.stringify(file)} `.length);
    };
    expect(reason('')).toBe('is not a file name');
    expect(reason('src/content/blog/post.md\0.md')).toBe('is not a file name');
    expect(reason(join(root, 'src/content/blog/post.md'))).toMatch(/^is an absolute path/);
    expect(reason('C:\\site\\post.md')).toMatch(/^is an absolute path/);
    expect(reason('src\\..\\..\\outside.md')).toMatch(/^goes up out of its folder/);
    expect(reason('src/content/blog/data.json')).toBe('is not a Markdown file (.md or .markdown)');
    expect(reason('src/content/blog/missing.md')).toBe('does not exist in this project');
    expect(reason('src/content/blog/out.md')).toBe('leads out of the project');
    expect(reason('src/content/up/outside.md')).toBe('leads out of the project');
    expect(reason('src/content/blog/folder.md')).toBe('is not a file');
  });

  it('never accepts a path that leads outside the project or to anything but a Markdown file', () => {
    const folder = fc.constantFrom('src/content/blog', 'src/content/up', 'src\\content\\blog', 'src/content', 'site', '..', '.', '', '/');
    const leaf = fc.constantFrom('post.md', 'out.md', 'alias.md', 'outside.md', 'folder.md', 'data.json', 'notes.markdown');
    const path = fc.tuple(fc.array(folder, { maxLength: 4 }), leaf).map(([folders, name]) => [...folders, name].join('/'));
    fc.assert(
      fc.property(path, (file) => {
        const found = resolveEntryFile(root, file);
        if (!found.ok) return;
        const inside = relative(root, found.path);
        expect(inside.startsWith(`..${sep}`)).toBe(false);
        expect(realpathSync(found.path)).toBe(found.path);
        expect(found.path).toMatch(/\.(?:md|markdown)$/);
        expect(found.path).not.toBe(join(parent, 'outside.md'));
      }),
      { numRuns: 500 },
    );
  });
});
