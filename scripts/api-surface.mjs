// `node scripts/api-surface.mjs [--json]`: the package's public surface as a
// consumer sees it, from the built declarations (run `npm run build:pkg`
// first): each export of package.json, the names its .d.ts exports, and the
// names exported from more than one entry (each name should have one home).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The package.json exports with types, one per module: a path kept as an
 * alias of another (`louise/commerce/merch` and `louise/commerce/merch-storefront`)
 * is the same module, listed once under its first path with its aliases.
 */
export function apiEntries() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const modules = new Map();
  for (const [path, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.types) continue;
    const name = `${pkg.name}${path.slice(1)}`;
    const known = modules.get(target.types);
    if (known) known.aliases.push(name);
    else modules.set(target.types, { name, types: target.types, aliases: [] });
  }
  return [...modules.values()];
}

/** { entry: sorted exported names } for every module package.json exports with types. */
export function apiSurface() {
  const entries = apiEntries().map((entry) => [entry.name, entry]);
  const files = entries.map(([, entry]) => join(root, entry.types));
  const program = ts.createProgram(files, {
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  });
  const checker = program.getTypeChecker();
  const surface = {};
  entries.forEach(([name], i) => {
    const source = program.getSourceFile(files[i]);
    const symbol = source && checker.getSymbolAtLocation(source);
    surface[name] = symbol
      ? checker
          .getExportsOfModule(symbol)
          .map((s) => s.getName())
          .sort()
      : [];
  });
  return surface;
}

/** Names exported from two or more entries, with those entries. */
export function duplicates(surface) {
  const homes = new Map();
  for (const [entry, names] of Object.entries(surface)) for (const name of names) homes.set(name, [...(homes.get(name) ?? []), entry]);
  return [...homes].filter(([, entries]) => entries.length > 1).sort(([a], [b]) => a.localeCompare(b));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const surface = apiSurface();
  const twice = duplicates(surface);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ surface, duplicates: Object.fromEntries(twice) }, null, 2));
  } else {
    const aliases = Object.fromEntries(apiEntries().map((entry) => [entry.name, entry.aliases]));
    for (const [entry, names] of Object.entries(surface)) {
      const also = aliases[entry].length ? ` [also ${aliases[entry].join(', ')}]` : '';
      console.log(`${entry}${also} (${names.length}): ${names.join(', ')}`);
    }
    if (twice.length) console.log(`\nexported from two or more entries (${twice.length}):\n${twice.map(([n, e]) => `  ${n}: ${e.join(', ')}`).join('\n')}`);
    const total = Object.values(surface).reduce((sum, names) => sum + names.length, 0);
    console.log(
      `\n${Object.keys(surface).length} entries (modules; ${apiEntries().reduce((n, e) => n + e.aliases.length, 0)} more paths are aliases), ${total} exported names (${new Set(Object.values(surface).flat()).size} distinct), ${twice.length} in two or more entries`,
    );
  }
}
