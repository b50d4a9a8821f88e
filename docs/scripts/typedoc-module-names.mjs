// TypeDoc plugin: names each module of the API reference by its import
// specifier (`louise/astro`) instead of its file path in lib/
// (`integration`), and orders them as package.json "exports" does.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, ReflectionKind } from 'typedoc';
import { apiEntries } from './api-entry-points.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** @param {import('typedoc').Application} app */
export function load(app) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const entries = Object.entries(apiEntries(root, pkg));
  // TypeDoc names a module by its path from the entry points' common folder, without `index` and the extension.
  const base = commonDir(entries.map(([, file]) => file));
  const bySpecifier = new Map(
    entries.map(([specifier, file]) => [
      relative(base, file)
        .replace(/\.d\.ts$/, '')
        .replace(/(^|\/)index$/, ''),
      specifier,
    ]),
  );
  const order = entries.map(([specifier]) => specifier);
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const mod of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const specifier = bySpecifier.get(mod.name);
      if (specifier) mod.name = specifier;
      else app.logger.warn(`typedoc-module-names: no package export for module ${mod.name}`);
    }
    context.project.children?.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  });
}

function commonDir(files) {
  let dir = dirname(files[0]);
  while (!files.every((file) => file.startsWith(`${dir}/`))) dir = dirname(dir);
  return dir;
}
