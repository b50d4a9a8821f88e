// `npx louise content pull [--remote] [--dry-run]`: the published edits of
// file-backed entries (cmsEntry) written into the site's Markdown files, so
// they can be committed; a deploy of the pulled file then stops the edit from
// overriding it (editStanding says `pulled`). A file that changed after the
// edit was made is never overwritten: the editor chooses on the page.
import { readFileSync, writeFileSync } from 'node:fs';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import * as v from 'valibot';
import { editStanding, sourceHash, splitMarkdownFile, writeEditIntoFile, type EntryEdit } from '../src/markdown/index.ts';
import { resolveTarget, wranglerD1, type D1Executor, type D1Target, type OpenD1 } from './d1.ts';
import { resolveEntryFile } from './entry-file.ts';
import { CliError, parseCommandArgs } from './errors.ts';

export const CONTENT_USAGE = `Write the published edits of your Markdown entries (content collections edited
on the page through cmsEntry) into their files, ready to commit:

  npx louise content pull              from the local database (what astro dev uses)
  npx louise content pull --remote     from the deployed database
  npx louise content pull --dry-run    write nothing; print what would change as a diff

Options: --binding <name> (default DB), --persist-to <dir> (local state folder).
Only the lines an edit changed are rewritten. A file that changed after the
edit was made is left alone: open its page in edit mode and choose there.`;

/** A parsed `content pull`: which database, and whether to write. */
export interface ContentPullCommand extends D1Target {
  dryRun: boolean;
}

/** Parses `content ...` arguments; CliError (exit 2) with the usage on bad input. */
export function parseContentArgs(argv: string[], cwd: string): ContentPullCommand {
  const parsed = parseCommandArgs(argv, OPTIONS, CONTENT_USAGE);
  const [command, extra] = parsed.positionals;
  if (command !== 'pull') throw new CliError(`${command ? `Unknown command "content ${command}".` : 'No command given.'}\n\n${CONTENT_USAGE}`, 2);
  if (extra !== undefined) throw new CliError(`Unexpected argument "${extra}".\n\n${CONTENT_USAGE}`, 2);
  const { remote = false, 'dry-run': dryRun = false, binding = 'DB', 'persist-to': persistTo } = parsed.values;
  if (remote && persistTo) throw new CliError('--persist-to is for the local database; drop it with --remote.', 2);
  return { cwd, remote, binding, persistTo, dryRun };
}

const OPTIONS = { remote: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, binding: { type: 'string' }, 'persist-to': { type: 'string' } } as const;

// The stored shape of an entry's published regions (issue 32's contract): the
// body as Markdown with the file it came from, frontmatter keys as text, or
// as values (dates, tags, flags) that the server checked against the schema.
const MarkdownBody = v.object({ type: v.literal('markdown'), value: v.string(), source: v.optional(v.string()), file: v.string() });
// A frontmatter region records the entry's file too (the server notes it at save from the body's source), so
// an entry whose body nobody edited is still pulled.
const FrontmatterValue = v.variant('type', [
  v.object({ type: v.literal('text'), value: v.string(), file: v.optional(v.string()) }),
  v.object({
    type: v.literal('value'),
    value: v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(v.string())]),
    date: v.optional(v.literal(true)),
    file: v.optional(v.string()),
  }),
]);
const Region = v.object({ type: v.string() });

/**
 * The published documents of file-backed entries: a Markdown body, or a
 * region recording the entry's file (frontmatter edits alone). The JSON test
 * keeps one malformed row from failing the query.
 */
export const PUBLISHED_MARKDOWN_SQL =
  'SELECT collection, key, regions FROM overlays WHERE published_version_id IS NOT NULL ' +
  "AND CASE WHEN json_valid(regions) THEN json_extract(regions, '$.body.type') = 'markdown' OR EXISTS (SELECT 1 FROM json_each(regions) AS region " +
  "WHERE region.type = 'object' AND json_type(region.value, '$.file') = 'text') END ORDER BY collection, key";

/** One entry's published edit as `content pull` reads it. */
export interface StoredEntryEdit {
  /** The overlay document, `collection:key`. */
  doc: string;
  file: string;
  /** bodyHash of the file the edit was made against; absent when the server could not tell. */
  source: string | undefined;
  edit: EntryEdit;
}

/** A stored document read into an edit, or why it cannot be pulled. */
export function storedEntryEdit(doc: string, regions: unknown): { ok: true; stored: StoredEntryEdit } | { ok: false; reason: string } {
  if (typeof regions !== 'object' || regions === null) return { ok: false, reason: 'its stored regions are not an object' };
  const hasBody = Object.hasOwn(regions, 'body');
  const body = hasBody ? v.safeParse(MarkdownBody, (regions as Record<string, unknown>)['body']) : null;
  if (body && !body.success) return { ok: false, reason: 'its body is not stored as Markdown with the file it came from' };
  const data: Record<string, unknown> = {};
  const files = new Set<string>(body?.success ? [body.output.file] : []);
  for (const [field, region] of Object.entries(regions)) {
    if (field === 'body') continue;
    const parsed = v.safeParse(FrontmatterValue, region);
    if (!parsed.success) {
      const type = v.safeParse(Region, region);
      return { ok: false, reason: `its region "${field}" is ${type.success ? `of type ${type.output.type}` : 'malformed'}, not a frontmatter text` };
    }
    const value = frontmatterValue(parsed.output);
    if (value instanceof Date && Number.isNaN(value.getTime()))
      return { ok: false, reason: `its region "${field}" is marked a date but holds ${JSON.stringify(parsed.output.value)}` };
    data[field] = value;
    if (parsed.output.file !== undefined) files.add(parsed.output.file);
  }
  // One file per entry: regions naming another (a renamed file between saves) are not guessed between.
  if (files.size > 1) return { ok: false, reason: `its regions name two files (${[...files].join(', ')})` };
  const [file] = files;
  if (file === undefined) return { ok: false, reason: 'it has no Markdown body nor a region recording the file it was made against' };
  if (!body?.success) return { ok: true, stored: { doc, file, source: undefined, edit: { data } } };
  const { value, source } = body.output;
  return { ok: true, stored: { doc, file, source, edit: { body: value, data } } };
}

/**
 * A stored frontmatter region as the value to write: a date as a `Date`
 * (`editFrontmatter` writes a YAML date, as Astro's own date fields read
 * back), `null` as `undefined` (the key removed: an optional field left
 * empty, which Zod's `.optional()`/`.default()` take where `null` fails).
 */
function frontmatterValue(region: v.InferOutput<typeof FrontmatterValue>): unknown {
  if (region.type === 'text') return region.value;
  if (region.value === null) return undefined;
  if (region.type === 'value' && region.date && typeof region.value === 'string') {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(region.value);
    return new Date(day ? `${region.value}T00:00:00Z` : region.value);
  }
  return region.value;
}

/** What pulling one edit came to: `problem` outcomes make the command fail. */
export interface PullOutcome {
  doc: string;
  outcome: 'written' | 'would-write' | 'pulled' | 'problem';
  message: string;
  /** The unified diff of a dry run. */
  diff?: string;
}

/** Pulls one stored edit into its file under `root` (or, in a dry run, says what would change). */
export async function pullEntryEdit(root: string, stored: StoredEntryEdit, dryRun: boolean): Promise<PullOutcome> {
  const { doc, file } = stored;
  const problem = (message: string): PullOutcome => ({ doc, outcome: 'problem', message: `${file} (${doc}): not written: ${message}` });
  const found = resolveEntryFile(root, file);
  if (!found.ok) return { doc, outcome: 'problem', message: `${doc}: not pulled: ${found.reason}.` };
  const text = readUtf8(found.path);
  if (text === null) return problem('it is not UTF-8 text; writing it back would change characters nobody edited.');
  const edited = writeEditIntoFile(text, stored.edit);
  if (edited === null) return problem('its frontmatter is not a YAML mapping, so the edit cannot be written into it.');
  const [fileHash, editedFileHash] = await Promise.all([bodyHash(text), bodyHash(edited)]);
  // Without a recorded source, any file that does not already say what the edit says counts as changed.
  const standing = editStanding({ fileHash, editedFileHash, sourceHash: stored.source ?? '' });
  if (edited === text) return { doc, outcome: 'pulled', message: `${file} (${doc}): already in the file.` };
  if (standing === 'choose')
    return problem(
      stored.source === undefined
        ? 'the edit does not record which version of the file it was made against. Open the page in edit mode and choose between the file and the edit.'
        : 'the file changed after the edit was made. Open the page in edit mode and choose between the file and the edit.',
    );
  // `applies`, or `pulled` for the body alone (frontmatter values still to write): the body is left as it is then.
  // Without a body edit it is always `pulled`: its frontmatter keys are written whatever the body became since.
  if (dryRun)
    return {
      doc,
      outcome: 'would-write',
      message: `${file} (${doc}): would be written:`,
      diff: createTwoFilesPatch(file, file, text, edited, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY }),
    };
  try {
    writeFileSync(found.path, edited);
  } catch (error) {
    return problem(`it could not be written (${error instanceof Error ? error.message : String(error)}).`);
  }
  return { doc, outcome: 'written', message: `${file} (${doc}): written.` };
}

/** The file's text, or null when its bytes are not UTF-8 (read as such, a Latin-1 file would be written back with U+FFFD in place of its accents). */
function readUtf8(path: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * What a stored edit's `source` hashes: the entry's body as Astro's glob
 * loader gives it (`entry.body`: after the frontmatter, trimmed), the one
 * text the page carries for the Worker to compare (the server's `entryBody`).
 * Frontmatter changed since the edit does not count as a changed file: the
 * pull rewrites only the edited keys.
 */
export function bodyHash(fileText: string): Promise<string> {
  return sourceHash(splitMarkdownFile(fileText).body.trim());
}

/** Reads the published Markdown edits of the target's database; documents that cannot be read become problems. */
export function readEntryEdits(d1: D1Executor): { edits: StoredEntryEdit[]; problems: PullOutcome[] } {
  const rows = d1.command(`${PUBLISHED_MARKDOWN_SQL};`)[0]?.results ?? [];
  const edits: StoredEntryEdit[] = [];
  const problems: PullOutcome[] = [];
  for (const row of rows) {
    const doc = `${String(row['collection'])}:${String(row['key'])}`;
    const read = storedEntryEdit(doc, JSON.parse(String(row['regions'])));
    if (read.ok) edits.push(read.stored);
    else problems.push({ doc, outcome: 'problem', message: `${doc}: not pulled: ${read.reason}.` });
  }
  return { edits, problems };
}

export interface ContentIo {
  cwd: string;
  log: (line: string) => void;
  error: (line: string) => void;
  openD1?: OpenD1 | undefined;
}

/** The `content` command: one line per edit (a diff under each in a dry run); a CliError when any could not be pulled. */
export async function runContent(argv: string[], io: ContentIo): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) return io.log(CONTENT_USAGE);
  const target = parseContentArgs(argv, io.cwd);
  const { label } = resolveTarget(target);
  const { edits, problems } = readEntryEdits((io.openD1 ?? wranglerD1)(target));
  const outcomes = [...problems];
  for (const stored of edits) outcomes.push(await pullEntryEdit(io.cwd, stored, target.dryRun));
  if (outcomes.length === 0) return io.log(`No published edits of Markdown files in ${label}.`);
  for (const outcome of outcomes) {
    if (outcome.outcome === 'problem') io.error(outcome.message);
    else io.log(outcome.diff ? `${outcome.message}\n${outcome.diff.trimEnd()}` : outcome.message);
  }
  const failed = outcomes.filter((outcome) => outcome.outcome === 'problem').length;
  if (failed > 0) throw new CliError(`${failed} of ${outcomes.length} published edits in ${label} could not be pulled (see above).`);
  const count = (outcome: PullOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
  io.log(
    target.dryRun
      ? `Dry run: ${count('would-write')} of ${outcomes.length} published edits in ${label} would be written; nothing was written.`
      : `Pulled ${count('written')} of ${outcomes.length} published edits from ${label}; ${count('pulled')} already in their files.`,
  );
}
