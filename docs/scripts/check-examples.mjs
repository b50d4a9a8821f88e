// Type-checks the examples in README.md and the docs (docs/src/content/docs,
// .md and .mdx): every ```ts and ```js block, unless its fence says
// `nocheck` (```ts nocheck, for a fragment that leans on names it does not
// declare). Each block becomes a module in .louise/examples/ and tsc checks
// them against the built package (`louise/*` resolves to lib/ through the
// package's own "exports", as in a site that installed it), with the Worker
// runtime types and a site's Env. An error is reported at its line in the
// Markdown file. `npm run docs:build` runs it first.
//
// A block whose fence names its file (```ts title="src/cms.config.ts", which
// Starlight also shows as the block's file name) is written at that path, in
// a folder per Markdown file, so a later block of the same page can import it
// (`import { posts } from '../cms.config.ts'`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, '.louise', 'examples');
const docsDir = join(root, 'docs', 'src', 'content', 'docs');
// Generated at docs build time from code, not written by hand.
const generated = [join(docsDir, 'api'), join(docsDir, 'reference', 'options.mdx')];

const files = [join(root, 'README.md'), ...walk(docsDir)];
const found = files.flatMap(extract);
const blocks = found.filter((block) => !block.skipped);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const origin = new Map();
for (const [i, block] of blocks.entries()) {
  const page = join(out, `page-${files.indexOf(block.file)}`);
  const path = block.title ? join(page, block.title) : join(page, `example-${String(i).padStart(3, '0')}.${block.lang}`);
  if (!path.startsWith(`${page}/`) || !/\.[cm]?[jt]s$/.test(path))
    fail(`${relative(root, block.file)}:${block.line}: title="${block.title}" must be a relative .ts or .js path.`);
  origin.set(relative(root, path), block);
  mkdirSync(dirname(path), { recursive: true });
  // `export {}` keeps each block a module of its own, so two blocks may declare the same names.
  writeFileSync(path, `${block.code}\nexport {};\n`);
}
writeFileSync(
  join(out, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: 'astro/tsconfigs/strictest',
      compilerOptions: {
        target: 'ES2023',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['@cloudflare/vitest-plugin/types', 'astro/client'],
        allowImportingTsExtensions: true,
        allowJs: true,
        checkJs: true,
        noEmit: true,
        skipLibCheck: true,
        // Examples show one step and may leave a name unused.
        noUnusedLocals: false,
        noUnusedParameters: false,
      },
      // The Worker runtime and Env (`wrangler types`), and a site's own Env additions, as `louise init` sets them up.
      include: ['**/*.ts', '**/*.js', '../../worker-configuration.d.ts', '../../site/env.d.ts'],
    },
    null,
    2,
  ),
);

if (!existsSync(join(root, 'lib', 'integration', 'node', 'index.d.ts'))) fail('the package is not built: run `npm run build:pkg` first.');
if (!existsSync(join(root, 'worker-configuration.d.ts'))) run('npx', ['wrangler', 'types', '--include-runtime=true']);
const tsc = spawnSync('npx', ['tsc', '-p', join(out, 'tsconfig.json'), '--pretty', 'false'], { cwd: root, encoding: 'utf8' });
const report = `${tsc.stdout}${tsc.stderr}`.replace(/(\.louise\/examples\/[^\s(]+)\((\d+),(\d+)\)/g, (whole, name, line, col) => {
  const block = origin.get(name);
  return block ? `${relative(root, block.file)}:${block.line + Number(line)}:${col}` : whole;
});
if (tsc.status !== 0) fail(`examples do not type-check:\n${report.trim()}`);
console.log(
  `docs: ${blocks.length} examples from ${new Set(blocks.map((b) => b.file)).size} files type-check (${found.length - blocks.length} nocheck blocks left out).`,
);

function extract(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*```(ts|js|typescript|javascript)\b(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^\s*```\s*$/.test(line));
    if (end < 0) fail(`${relative(root, file)}:${i + 1}: an unclosed code block.`);
    const lang = open[1].startsWith('t') ? 'ts' : 'js';
    const title = /\btitle="([^"]+)"/.exec(open[2] ?? '')?.[1];
    found.push({ file, line: i + 1, lang, title, code: lines.slice(i + 1, end).join('\n'), skipped: /\bnocheck\b/.test(open[2] ?? '') });
    i = end;
  }
  return found;
}

function walk(dir) {
  if (generated.includes(dir) || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (generated.includes(path)) return [];
    if (entry.isDirectory()) return walk(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed.`);
}

function fail(message) {
  console.error(`docs: ${message}`);
  process.exit(1);
}
