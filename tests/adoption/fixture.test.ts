// The adoption stage's site is Astro's blog starter exactly as Astro ships it:
// the copy in tests/fixtures (committed so a plain clone runs the stage) must
// stay byte-identical to the project's shared fixture wherever that is beside
// the repository (CI's ../shared), and keep its upstream licence.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const copy = join(repo, 'tests', 'fixtures', 'astro-blog-starter');
const shared = join(repo, '..', 'shared', 'fixtures', 'astro-blog-starter');

/** Every file under `dir`, as relative path -> contents. */
function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path).toString('base64'));
    }
  };
  walk(dir);
  return files;
}

describe('the adopted blog starter', () => {
  it('is the starter with its MIT licence', () => {
    expect(readFileSync(join(copy, 'LICENSE.upstream'), 'utf8')).toMatch(/^MIT License/);
    expect(JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')).dependencies).toHaveProperty('astro');
  });

  it.runIf(existsSync(shared))('is byte-identical to ../shared/fixtures/astro-blog-starter', () => {
    expect(tree(copy)).toEqual(tree(shared));
  });
});
