// The small files `louise init` creates or extends: the Worker entry, the
// cms.config, the env.d.ts types and .gitignore. Pure: text in, text out.
import { DURABLE_OBJECTS } from './wrangler-edits.ts';

/** One file init writes: `before` null means it is created. */
export interface FileChange {
  /** Path relative to the project. */
  file: string;
  before: string | null;
  after: string;
  /** What changed, for the plan and the summary. */
  summary: string;
}

/** The line that re-exports each Durable Object class wrangler binds (wrangler refuses a binding whose class the entry lacks). */
const CLASS_EXPORTS = DURABLE_OBJECTS.map(({ className, module }) => ({ className, line: `export { ${className} } from '${module}';` }));

export const WORKER_SOURCE = `// The site's Worker: Louise around Astro's handler, and the Durable Object classes wrangler binds.
import { handle } from '@astrojs/cloudflare/handler';
import { louiseWorker } from 'louise/astro/worker';

${CLASS_EXPORTS.map((entry) => entry.line).join('\n')}

export default louiseWorker(handle);
`;

/**
 * What a Worker entry init did not write (a site's own `main`, or a
 * `src/worker.ts` that was there already) must gain, printed instead of
 * editing it: all of it without `louiseWorker`, else the class exports it
 * lacks (an entry from an earlier init lacks `RealtimeObject`). Null when it
 * has everything.
 */
export function workerInstructions(main: string, source: string | null): string | null {
  const exports = CLASS_EXPORTS.filter((entry) => !source?.includes(entry.className)).map((entry) => `  ${entry.line}`);
  if (source?.includes('louiseWorker')) {
    if (exports.length === 0) return null;
    return [`Your Worker entry ${main} does not export every Durable Object class your wrangler config binds. Add to that file:`, '', ...exports].join('\n');
  }
  return [
    `Your wrangler config's main is ${main}, so Louise left it alone. Add to that file:`,
    '',
    "  import { louiseWorker } from 'louise/astro/worker';",
    ...exports,
    '',
    "  and wrap the fetch handler you export with louiseWorker, e.g. with Astro's handler:",
    "  import { handle } from '@astrojs/cloudflare/handler';",
    '  export default louiseWorker(handle);',
  ].join('\n');
}

export const CMS_CONFIG_SOURCE = `// Louise's runtime configuration: who may edit, your collections and routes.
// The options are described in the README (node_modules/louise/README.md).
import { defineCms } from 'louise/astro';

export default defineCms({});
`;

export const CMS_CONFIG_FILES = ['cms.config.ts', 'cms.config.js', 'cms.config.mjs'];

const LOUISE_TYPES = '/// <reference types="louise/astro/types" />';

/** env.d.ts with Louise's types (Astro.locals.louise, the virtual modules); null when already there. */
export function envTypes(before: string | null): string | null {
  if (before === null) return `/// <reference types="astro/client" />\n${LOUISE_TYPES}\n`;
  if (before.includes(LOUISE_TYPES) || before.includes("<reference types='louise/astro/types'")) return null;
  const lines = before.split('\n');
  // Triple-slash references only count above any code: put it after the last leading one.
  let at = 0;
  while (at < lines.length && /^\s*\/\/\//.test(lines[at] as string)) at++;
  lines.splice(at, 0, LOUISE_TYPES);
  return lines.join('\n');
}

export const GITIGNORE_LINES = ['.wrangler/', '.dev.vars*'];

/** .gitignore with wrangler's local state and the local secrets; null when both are ignored already. */
export function gitignore(before: string | null): { after: string; added: string[] } | null {
  const present = new Set((before ?? '').split(/\r?\n/).map((line) => line.trim().replace(/^\//, '')));
  const alias: Record<string, string[]> = { '.wrangler/': ['.wrangler/', '.wrangler', '.wrangler/*'], '.dev.vars*': ['.dev.vars*', '.dev.vars.*'] };
  const added = GITIGNORE_LINES.filter((line) => !(alias[line] ?? [line]).some((form) => present.has(form)));
  if (added.length === 0) return null;
  const base = before === null || before === '' ? '' : before.endsWith('\n') ? `${before}\n` : `${before}\n\n`;
  return { after: `${base}# wrangler's local state and local secrets\n${added.join('\n')}\n`, added };
}
