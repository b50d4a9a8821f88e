// `npm run build:pkg`: the package as a site installs it, in lib/ (gitignored;
// src/, integration/ and cli/ stay the source of truth):
//   lib/src/<area>/, lib/packages/commerce/src/,
//   lib/integration/{node,worker}/, lib/cli/     JavaScript + .d.ts (tsc)
//   lib/integration/**/*.astro (+ .astro.d.ts),
//   lib/integration/virtual.d.ts                copied, `./x.ts` imports -> `./x.js`
//   lib/editor/editor.js (+ lazy chunks)         the edit-mode client (Vite)
//   lib/editor/.vite/manifest.json               its chunks by source module (size budgets)
// Incremental: each step runs only when its inputs changed (content hashes
// in .louise/build, plus tsc's own incremental state), and outputs whose
// source is gone are removed. `--clean` starts from nothing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
/** A package's command-line entry, run with this Node (no npx start-up per step). */
const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const LIB = join(root, 'lib');
const STATE = join(root, '.louise', 'build');
const RUNTIME_TYPES = join(STATE, 'runtime.d.ts');
const EDITOR_OUT = join(LIB, 'editor');
const EDITOR_STAMP = join(STATE, 'editor.hash');
const EDITOR_MANIFEST = join(EDITOR_OUT, '.vite', 'manifest.json');
const EDITOR_SOURCES = ['src/client', 'integration/client'];
// packages/commerce/src compiles into lib/packages/commerce/src: its relative imports of src/security stay valid in lib/.
const COMPILED_ROOTS = ['src', 'packages/commerce/src', 'integration', 'cli'];
/** Our own relative `.ts` specifiers in import/export statements and `import()` types. */
const RELATIVE_TS = /(['"])(\.\.?\/[^'"\n]*?)\.ts\1/g;

const started = performance.now();
if (process.argv.includes('--clean')) {
  rmSync(LIB, { recursive: true, force: true });
  rmSync(STATE, { recursive: true, force: true });
}
// tsc -p --incremental (and our stamps) trust the state files, not the outputs: a deleted lib/ must mean a full emit.
for (const [project, state, output] of [
  ['tsconfig.build.json', 'server.tsbuildinfo', 'integration/node/index.js'],
  ['tsconfig.build.client.json', 'client.tsbuildinfo', 'src/client/index.js'],
]) {
  if (existsSync(join(LIB, output))) continue;
  rmSync(join(STATE, state), { force: true });
  rmSync(join(STATE, `${project}.hash`), { force: true });
}
mkdirSync(STATE, { recursive: true });
try {
  await runtimeTypes();
  await Promise.all([tsc('tsconfig.build.json'), tsc('tsconfig.build.client.json'), editorBundle()]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
copyTemplates();
rewriteDeclarations();
removeOrphans();
console.log(`louise: lib/ built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Workers runtime types for the server build, without the repo site's Env. */
async function runtimeTypes() {
  const config = join(root, 'wrangler.jsonc');
  if (existsSync(RUNTIME_TYPES) && statSync(RUNTIME_TYPES).mtimeMs >= statSync(config).mtimeMs) return;
  await exec(process.execPath, [bin('wrangler', 'bin/wrangler.js'), 'types', '--include-env=false', relative(root, RUNTIME_TYPES)], { quiet: true });
}

/**
 * tsc, skipped when nothing it reads changed since its last success (a
 * no-op `tsc --incremental` still costs seconds of program loading).
 */
async function tsc(project) {
  const inputs = [
    ...COMPILED_ROOTS.flatMap((dir) => walk(join(root, dir))),
    ...['tsconfig.json', 'tsconfig.client.json', project, 'package-lock.json'].map((f) => join(root, f)),
  ];
  const stamp = join(STATE, `${project}.hash`);
  const hash = hashFiles([...inputs.filter(existsSync), RUNTIME_TYPES]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  rmSync(stamp, { force: true });
  await exec(process.execPath, [bin('typescript', 'bin/tsc'), '-p', project]);
  writeFileSync(stamp, hash);
}

/**
 * The edit-mode client as a prebuilt asset the integration serves at
 * `/_louise/`: the entry under the fixed name `editor.js`, Lexical and the
 * rich-text editor as a lazy chunk beside it.
 */
async function editorBundle() {
  const hash = hashFiles([...EDITOR_SOURCES.flatMap((dir) => walk(join(root, dir))), join(root, 'package-lock.json'), fileURLToPath(import.meta.url)]);
  const built = [join(EDITOR_OUT, 'editor.js'), EDITOR_MANIFEST, EDITOR_STAMP].every((file) => existsSync(file));
  if (built && readFileSync(EDITOR_STAMP, 'utf8') === hash) return;
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    base: '/_louise/',
    build: {
      outDir: EDITOR_OUT,
      emptyOutDir: true,
      assetsDir: '',
      target: 'es2022',
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      // .vite/manifest.json: each chunk by its source module, which the size budgets read
      // (the integration serves and copies only the flat `*.js` names, never this file).
      manifest: true,
      rolldownOptions: {
        input: { editor: join(root, 'integration/client/edit-entry.ts') },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  writeFileSync(EDITOR_STAMP, hash);
}

/** .astro components and pages and the virtual-module types, which tsc does not emit. */
function copyTemplates() {
  const sources = walk(join(root, 'integration')).filter((file) => /\.astro$|\.astro\.d\.ts$|\/virtual\.d\.ts$/.test(file));
  for (const file of sources) {
    const out = join(LIB, relative(root, file));
    const text = readFileSync(file, 'utf8').replace(RELATIVE_TS, '$1$2.js$1');
    if (existsSync(out) && readFileSync(out, 'utf8') === text) continue;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  }
}

/** tsc rewrites `.ts` specifiers in JavaScript but keeps them in declarations; consumers get `.js` in both. */
function rewriteDeclarations() {
  for (const file of COMPILED_ROOTS.flatMap((dir) => walk(join(LIB, dir)))) {
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(RELATIVE_TS, '$1$2.js$1');
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/** Outputs whose source was deleted or renamed (incremental tsc leaves them behind). */
function removeOrphans() {
  for (const file of COMPILED_ROOTS.flatMap((dir) => walk(join(LIB, dir)))) {
    const copied = join(root, relative(LIB, file));
    const compiled = copied.replace(/(\.d\.ts|\.js)$/, '.ts');
    if (existsSync(copied) || (existsSync(compiled) && !/\.(test|spec)\.ts$/.test(compiled))) continue;
    rmSync(file);
  }
}

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

function exec(command, args, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`louise: \`${command} ${args.join(' ')}\` failed (exit ${code}); see its output above.`)),
    );
  });
}
