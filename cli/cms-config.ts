// The site's cms.config module, as `louise db seed` and `louise db migrate`
// read it (Node): found in the usual places or named with --config.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from './errors.ts';

const CONFIG_CANDIDATES = ['src/cms.config.ts', 'src/cms.config.js', 'src/cms.config.mjs', 'site/cms.config.ts'];

/** What the CLI reads of a site's `defineCms({ ... })`: already checked by defineCms as the module loaded. */
export interface CliCmsConfig {
  settings?: { defaults?: Record<string, unknown> };
  collections?: readonly { slug: string; versions?: { drafts: true }; search?: unknown }[];
}

/**
 * The cms.config file: `explicit` (must exist), else the first of the usual
 * places; null when there is none and `required` is false.
 */
export function findCmsConfig(cwd: string, explicit: string | undefined, required: boolean): string | null {
  if (explicit) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw new CliError(`--config ${explicit}: there is no such file.`, 2);
    return file;
  }
  const found = CONFIG_CANDIDATES.map((name) => join(cwd, name)).find((file) => existsSync(file));
  if (!found && required) throw new CliError(`No cms.config found (looked for ${CONFIG_CANDIDATES.join(', ')}). Pass --config <file>.`, 2);
  return found ?? null;
}

/** Imports the module and returns its default export (`defineCms(...)`), or `{}` when it has none. */
export async function loadCmsConfig(file: string): Promise<CliCmsConfig> {
  try {
    return ((await import(pathToFileURL(file).href)) as { default?: CliCmsConfig }).default ?? {};
  } catch (error) {
    throw new CliError(`Could not load ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
