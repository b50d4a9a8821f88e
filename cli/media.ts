// `npx louise media add <file...>`: puts files into the site's media library
// (the R2 bucket bound as MEDIA and the `media` registry in D1), locally or
// --remote, with the same checks as an upload through the editor: the type
// from the bytes, the size limit, an image's intrinsic size. Identical bytes
// are stored once, so running it again changes nothing.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { measureImage } from '../src/media/measure.ts';
import { sniffMedia } from '../src/media/sniff.ts';
import { sha256Hex } from '../src/security/crypto.ts';
import { MAX_UPLOAD_BYTES } from '../src/media/limits.ts';
import { d1Command, resolveTarget, wranglerBin, type D1Target } from './d1.ts';
import { sqlString } from './editor-commands.ts';
import { CliError, parseCommandArgs } from './errors.ts';
import { isRecord, requireWranglerConfig } from './wrangler-config.ts';

export const MEDIA_USAGE = `Add files to your site's media library (the R2 bucket bound as MEDIA and
the registry in D1 binding DB; the local ones by default, --remote for the deployed ones):

  npx louise media add <file...> [--alt "text"] [--caption "text"] [--remote]

Options: --persist-to <dir> (local state folder). Each file is checked like an
upload in the editor (type from its bytes, size limit, image size); a file
already in the library is left as it is. Prints each asset's URL.`;

export interface MediaAddOptions {
  files: string[];
  alt: string;
  caption: string;
  target: D1Target;
}

/** Parses `media ...` arguments; CliError (exit 2) with the usage on bad input. */
export function parseMediaArgs(argv: string[], cwd: string): MediaAddOptions {
  const parsed = parseCommandArgs(argv, OPTIONS, MEDIA_USAGE);
  const [command, ...files] = parsed.positionals;
  if (command !== 'add') throw new CliError(`${command ? `Unknown command "media ${command}".` : 'No command given.'}\n\n${MEDIA_USAGE}`, 2);
  if (files.length === 0) throw new CliError(`Name at least one file.\n\n${MEDIA_USAGE}`, 2);
  const { remote = false, 'persist-to': persistTo, alt = '', caption = '' } = parsed.values;
  if (remote && persistTo) throw new CliError('--persist-to is for the local bucket and database; drop it with --remote.', 2);
  return { files: files.map((file) => resolve(cwd, file)), alt: alt.trim(), caption: caption.trim(), target: { cwd, remote, binding: 'DB', persistTo } };
}

const OPTIONS = { remote: { type: 'boolean' }, 'persist-to': { type: 'string' }, alt: { type: 'string' }, caption: { type: 'string' } } as const;

/** One file made ready for the library: what the registry row records. */
export interface PreparedAsset {
  file: string;
  key: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
}

/** Checks a file like an upload and names its content-addressed key; a CliError says why a file is refused. */
export async function prepareAsset(file: string): Promise<PreparedAsset> {
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw new CliError(`${file} does not exist.`, 2);
  if (size === 0) throw new CliError(`${file} is empty.`, 2);
  if (size > MAX_UPLOAD_BYTES) throw new CliError(`${file} is larger than the ${MAX_UPLOAD_BYTES / 1024 / 1024} MB upload limit.`, 2);
  const bytes = new Uint8Array(readFileSync(file));
  const sniffed = await sniffMedia(bytes);
  if (!sniffed.ok)
    throw new CliError(
      `${file} is ${sniffed.detected ?? 'of an unknown type'}, which the media library does not take (images, MP4/WebM video, MP3/OGG/WAV audio, PDF).`,
      2,
    );
  const { type, ext, kind } = sniffed.media;
  let size2d: { width: number | null; height: number | null } = { width: null, height: null };
  if (kind === 'image') {
    const measured = measureImage(bytes);
    if (!measured.ok) throw new CliError(`${file}: ${measured.message}`, 2);
    size2d = { width: measured.width, height: measured.height };
  }
  const sha256 = await sha256Hex(bytes);
  return { file, key: `${sha256}.${ext}`, type, bytes: size, ...size2d, sha256 };
}

/** The registry row for a prepared file; a file already there (same bytes) is left alone. */
export function insertAssetSql(asset: PreparedAsset, fields: { alt: string; caption: string; now: number }): string {
  const size = (n: number | null) => (n === null ? 'NULL' : String(n));
  return (
    'INSERT OR IGNORE INTO media (key, type, bytes, width, height, alt, caption, sha256, filename, uploaded_by, created_at) VALUES (' +
    [sqlString(asset.key), sqlString(asset.type), asset.bytes, size(asset.width), size(asset.height), sqlString(fields.alt), sqlString(fields.caption)]
      .concat([sqlString(asset.sha256), sqlString(basename(asset.file)), sqlString('louise media add'), fields.now])
      .join(', ') +
    `); SELECT id, key FROM media WHERE sha256 = ${sqlString(asset.sha256)};`
  );
}

/** Runs `media add`: each file into the bucket, then its registry row; logs each asset's URL. */
export async function runMedia(argv: string[], cwd: string, log: (line: string) => void): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return log(MEDIA_USAGE);
  const options = parseMediaArgs(argv, cwd);
  const { label } = resolveTarget(options.target);
  const bucket = mediaBucket(cwd);
  for (const file of options.files) {
    const asset = await prepareAsset(file);
    putObject(options.target, bucket, asset);
    const rows = d1Command(options.target, insertAssetSql(asset, { alt: options.alt, caption: options.caption, now: Date.now() })).at(-1)?.results ?? [];
    const stored = rows[0];
    if (!stored) throw new CliError(`${file} was put in the bucket but its registry row is missing. Run \`npx louise db migrate\` and try again.`);
    log(`${basename(file)} → /media/${String(stored['key'])} (asset ${String(stored['id'])}, ${label})`);
  }
}

/** The bucket bound as MEDIA in the wrangler config, or a CliError saying to run init. */
function mediaBucket(cwd: string): string {
  const { file, config } = requireWranglerConfig(cwd);
  const list = Array.isArray(config['r2_buckets']) ? (config['r2_buckets'] as unknown[]) : [];
  const found = list.find((entry) => isRecord(entry) && entry['binding'] === 'MEDIA') as { bucket_name?: unknown } | undefined;
  if (typeof found?.bucket_name !== 'string') throw new CliError(`${file} has no R2 bucket with binding MEDIA. Run \`npx louise init\` to add it.`, 2);
  return found.bucket_name;
}

function putObject(target: D1Target, bucket: string, asset: PreparedAsset): void {
  const where = target.remote ? ['--remote'] : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
  const args = ['r2', 'object', 'put', `${bucket}/${asset.key}`, '--file', asset.file, '--content-type', asset.type, ...where];
  const result = spawnSync(process.execPath, [wranglerBin(target.cwd), ...args], {
    cwd: target.cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  });
  if (result.error) throw new CliError(`Could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) {
    const detail = `${result.stdout}\n${result.stderr}`
      .split('\n')
      .filter((line) => /error|✘/i.test(line))
      .slice(0, 4)
      .join('\n');
    const hint = target.remote
      ? 'Check that you are logged in (npx wrangler whoami) and that the bucket exists.'
      : 'Check your wrangler config, then try again.';
    throw new CliError(`wrangler could not put ${basename(asset.file)} into the bucket ${bucket}.${detail ? `\n${detail}` : ''}\n${hint}`);
  }
}
