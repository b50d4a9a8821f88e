// astro.config edits the way `astro add` makes them: magicast (recast under
// the hood) changes the AST and reprints only what changed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builders, generateCode, parseModule, type ProxifiedModule } from 'magicast';
import { getDefaultExportOptions } from 'magicast/helpers';
import { CliError } from './errors.ts';

export const ASTRO_CONFIG_FILES = ['astro.config.mjs', 'astro.config.js', 'astro.config.ts', 'astro.config.mts', 'astro.config.cjs', 'astro.config.cts'];
const LOUISE_IMPORT = 'louise/astro';
const CLOUDFLARE_IMPORT = '@astrojs/cloudflare';

/** The project's astro.config file name, or null. */
export function findAstroConfig(cwd: string): string | null {
  return ASTRO_CONFIG_FILES.find((file) => existsSync(join(cwd, file))) ?? null;
}

export interface AstroConfigInfo {
  /** `@astrojs/cloudflare` is imported and set as the adapter. */
  hasCloudflare: boolean;
  /** `louise()` is in `integrations`. */
  hasLouise: boolean;
  /** `srcDir` relative to the project, without `./` or a trailing `/`; `src` unless the config sets it as a string. */
  srcDir: string;
}

/** What init needs to know about an astro.config. */
export function inspectAstroConfig(code: string, file: string): AstroConfigInfo {
  const mod = parse(code, file);
  const options = getDefaultExportOptions(mod);
  const cloudflare = importedAs(mod, CLOUDFLARE_IMPORT);
  const adapter = options.adapter as { $type?: string; $callee?: string } | undefined;
  const srcDir = typeof options.srcDir === 'string' ? options.srcDir.replace(/^\.\//, '').replace(/\/+$/, '') || 'src' : 'src';
  return {
    hasCloudflare: cloudflare !== null && adapter?.$type === 'function-call' && adapter.$callee === cloudflare,
    hasLouise: hasLouise(mod, options),
    srcDir,
  };
}

/**
 * `import louise from 'louise/astro'` and `louise()` at the end of
 * `integrations`; the code unchanged when both are there. Formatting follows
 * the file (tabs or spaces, quotes) where recast has to print.
 */
export function addLouiseIntegration(code: string, file: string): string {
  const mod = parse(code, file);
  const options = getDefaultExportOptions(mod);
  if (hasLouise(mod, options)) return code;
  let local = importedAs(mod, LOUISE_IMPORT);
  if (!local) {
    local = 'louise';
    mod.imports.$append({ imported: 'default', local, from: LOUISE_IMPORT });
  }
  options.integrations ??= [];
  options.integrations.push(builders.functionCall(local));
  const output = generateCode(mod, { format: formatOf(code) }).code;
  return code.endsWith('\n') && !output.endsWith('\n') ? `${output}\n` : output;
}

function parse(code: string, file: string): ProxifiedModule {
  try {
    const mod = parseModule(code);
    getDefaultExportOptions(mod);
    return mod;
  } catch (error) {
    throw new CliError(
      `Louise could not read ${file} safely (${error instanceof Error ? error.message : String(error)}). Add Louise by hand: import louise from 'louise/astro' and add louise() to integrations.`,
    );
  }
}

/** The local name of the default import from `source`, or null. */
function importedAs(mod: ProxifiedModule, source: string): string | null {
  return mod.imports.$items.find((item) => item.from === source && item.imported === 'default')?.local ?? null;
}

function hasLouise(mod: ProxifiedModule, options: ReturnType<typeof getDefaultExportOptions>): boolean {
  const local = importedAs(mod, LOUISE_IMPORT);
  const elements = (options.integrations?.$ast as { elements?: unknown[] } | undefined)?.elements ?? [];
  return local !== null && elements.some((element) => isCallTo(element, local));
}

function isCallTo(node: unknown, name: string): boolean {
  const call = node as { type?: string; callee?: { type?: string; name?: string } } | null;
  return call?.type === 'CallExpression' && call.callee?.type === 'Identifier' && call.callee.name === name;
}

function formatOf(code: string) {
  const indent = /^([ \t]+)\S/m.exec(code)?.[1] ?? '  ';
  const singles = (code.match(/'/g) ?? []).length;
  const doubles = (code.match(/"/g) ?? []).length;
  // recast measured the file's tabs as 4 columns when it parsed it: print them back the same way.
  return {
    useTabs: indent.startsWith('\t'),
    tabWidth: indent.startsWith('\t') ? 4 : indent.length,
    quote: singles >= doubles ? ('single' as const) : ('double' as const),
    objectCurlySpacing: true,
  };
}
