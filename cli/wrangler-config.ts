// The site's wrangler config: found in the project folder, read as JSON(C)
// or TOML. Edits go through wrangler-jsonc.ts / wrangler-toml.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { CliError } from './errors.ts';

export type WranglerFormat = 'json' | 'jsonc' | 'toml';
export type WranglerConfig = Record<string, unknown>;

export interface WranglerConfigFile {
  /** File name in the project folder, e.g. `wrangler.jsonc`. */
  file: string;
  format: WranglerFormat;
  text: string;
  config: WranglerConfig;
}

/** In wrangler's own order of preference. */
export const WRANGLER_FILES: readonly { file: string; format: WranglerFormat }[] = [
  { file: 'wrangler.json', format: 'json' },
  { file: 'wrangler.jsonc', format: 'jsonc' },
  { file: 'wrangler.toml', format: 'toml' },
];

/** The project's wrangler config, or null when it has none. */
export function findWranglerConfig(cwd: string): WranglerConfigFile | null {
  for (const { file, format } of WRANGLER_FILES) {
    const path = join(cwd, file);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    return { file, format, text, config: parseWranglerConfig(text, format, file) };
  }
  return null;
}

/** Parses a wrangler config; a syntax error becomes a CliError naming the file and line. */
export function parseWranglerConfig(text: string, format: WranglerFormat, file: string): WranglerConfig {
  if (format === 'toml') {
    try {
      return parseToml(text) as WranglerConfig;
    } catch (error) {
      throw new CliError(`${file} is not valid TOML: ${error instanceof Error ? error.message : String(error)}\nFix it, then run the command again.`);
    }
  }
  const errors: ParseError[] = [];
  const config: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first) {
    const line = text.slice(0, first.offset).split('\n').length;
    throw new CliError(`${file} is not valid JSON: ${printParseErrorCode(first.error)} on line ${line}. Fix it, then run the command again.`);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw new CliError(`${file} must hold an object ({ ... }).`);
  return config as WranglerConfig;
}

export interface D1DatabaseConfig {
  binding: string;
  database_name?: string;
  database_id?: string;
}

/** The `d1_databases` entry with this binding, or null. */
export function d1Database(config: WranglerConfig, binding: string): D1DatabaseConfig | null {
  const list = Array.isArray(config['d1_databases']) ? (config['d1_databases'] as unknown[]) : [];
  const found = list.find((entry) => isRecord(entry) && entry['binding'] === binding);
  return (found as D1DatabaseConfig | undefined) ?? null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The project's config, or a CliError that says to run `npx louise init`. */
export function requireWranglerConfig(cwd: string): WranglerConfigFile {
  const found = findWranglerConfig(cwd);
  if (!found)
    throw new CliError(
      `No wrangler config (wrangler.jsonc, wrangler.json or wrangler.toml) in ${cwd}. Run this in your site's folder, or run \`npx louise init\` first.`,
    );
  return found;
}

/** Reads a file when it exists. */
export function readIfExists(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}
