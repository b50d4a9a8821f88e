// The Markdown file a stored edit names, checked before it is read or written.
// The path comes from the database, which editors write to, so it is trusted
// no more than a request: only a relative `.md`/`.markdown` file that is
// really inside the project (after following symbolic links) is ever touched.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep, win32 } from 'node:path';

/** The file's real path inside `root`, or why it is refused (a sentence that names the path). */
export type EntryFile = { ok: true; path: string } | { ok: false; reason: string };

/** Checks `file` (relative to `root`, as `entry.filePath` gives it) and finds it. */
export function resolveEntryFile(root: string, file: string): EntryFile {
  const refuse = (why: string): EntryFile => ({ ok: false, reason: `its file ${JSON.stringify(file)} ${why}` });
  if (file === '' || file.includes('\0')) return refuse('is not a file name');
  if (isAbsolute(file) || win32.isAbsolute(file)) return refuse('is an absolute path; only paths relative to the project are pulled');
  if (file.split(/[\\/]/).includes('..')) return refuse('goes up out of its folder (..); only paths inside the project are pulled');
  if (!/\.(?:md|markdown)$/i.test(file)) return refuse('is not a Markdown file (.md or .markdown)');
  const realRoot = realpathSync(root);
  const joined = join(realRoot, file);
  if (!existsSync(joined)) return refuse('does not exist in this project');
  // A symbolic link may point anywhere: the file it leads to must be inside the project too.
  const real = realpathSync(joined);
  const inside = relative(realRoot, real);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return refuse('leads out of the project');
  if (!statSync(real).isFile()) return refuse('is not a file');
  return { ok: true, path: real };
}
