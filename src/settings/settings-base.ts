import { DRAFT_BASE_KEY, fieldRev } from '../content/field-rev.ts';
import type { Conflict } from '../drafts/merge-draft.ts';
import { HttpError, json } from '../http/errors.ts';
import { requireEditor } from '../http/guard.ts';
import { jsonObject, parseBody } from '../http/parse-body.ts';
import { answering, matchPath, type EditorRoute } from '../http/route.ts';
import type { EditorSession, ResolveEditor } from '../http/session.ts';
import { copyOwn, isJsonObject, ownValue, setOwn } from './own-keys.ts';

/** A settings body split: the values to write, and the revisions they were edited from. */
export interface SettingsBody {
  values: Record<string, unknown>;
  /** Key to the revision the editor loaded (`$base`); undefined when the body has none. */
  base: Record<string, string> | undefined;
}

/** Longest revision accepted in `$base` (fieldRev gives 16 characters). */
const MAX_REV = 64;

/**
 * Takes `$base` out of a flat settings body. `$base` must be an object of
 * key to revision string (400 `invalid_body` otherwise). Pure.
 */
export function splitSettingsBody(body: Readonly<Record<string, unknown>>): SettingsBody {
  const values = copyOwn(body);
  delete values[DRAFT_BASE_KEY];
  const raw = ownValue(body, DRAFT_BASE_KEY);
  if (raw === undefined) return { values, base: undefined };
  const problem = `${DRAFT_BASE_KEY} must be an object of setting key to the revision you loaded (from revs)`;
  if (!isJsonObject(raw)) throw new HttpError(400, 'invalid_body', `${problem}.`);
  const base: Record<string, string> = {};
  for (const key of Object.keys(raw)) {
    const rev = raw[key];
    if (typeof rev !== 'string' || rev.length > MAX_REV) throw new HttpError(400, 'invalid_body', `${problem}; ${DRAFT_BASE_KEY}.${key} is not one.`);
    setOwn(base, key, rev);
  }
  return { values, base };
}

/** The 409 answer for stale settings: `{ error: 'conflict', conflicts: [{ field, value, rev }] }` with the current values. */
export function settingsConflict(
  conflicts: readonly Conflict[],
  message = 'Someone else changed these settings since you loaded them; review their values and save again.',
): HttpError {
  return new HttpError(409, 'conflict', message, { conflicts: conflicts.map(({ field, value, rev }) => ({ field, value, rev })) });
}

/** Another write landed between our read and our write, twice in a row. */
export const RACE_MESSAGE = 'Another save changed the settings at the same moment; reload them and save again.';

/** The 409 after losing that race twice: each key the save touched, with its value and revision as they stand now. */
export function raceConflict(keys: readonly string[], current: (key: string) => unknown): HttpError {
  return settingsConflict(
    keys.map((field) => {
      const value = current(field);
      return { field, value, rev: fieldRev(value) };
    }),
    RACE_MESSAGE,
  );
}

const METHODS = ['GET', 'HEAD', 'PATCH', 'POST'];
const Body = jsonObject('The body must be a JSON object of setting key to value, with an optional $base.');

/**
 * The HTTP side both settings routes share: at `path`, `GET`/`HEAD` for any
 * editor answer `read(env)`; `PATCH`/`POST` (same origin, the publish right:
 * settings are live at once) answer `write(env, editor, body)` with the body
 * a JSON object whose keys are kept exactly as sent (`__proto__` included,
 * for the allowlist to name); 405 with `allow` otherwise.
 */
export function settingsHttp<E>(
  name: string,
  options: { path: string; resolveEditor: ResolveEditor<E> },
  read: (env: E) => Promise<unknown>,
  write: (env: E, editor: EditorSession, body: Record<string, unknown>) => Promise<unknown>,
): EditorRoute<E> {
  const route: EditorRoute<E> = async (request, env) => {
    if (!matchPath(options.path, new URL(request.url).pathname)) return undefined;
    const method = request.method;
    if (!METHODS.includes(method))
      throw new HttpError(405, 'method_not_allowed', 'Use GET to read the settings and PATCH to change them.', {}, { allow: METHODS.join(', ') });
    if (method === 'GET' || method === 'HEAD') {
      await requireEditor(request, env, options.resolveEditor);
      return json(await read(env));
    }
    const editor = await requireEditor(request, env, options.resolveEditor, { publish: true });
    return json(await write(env, editor, await parseBody(request, Body)));
  };
  return answering(Object.defineProperty(route, 'name', { value: name }));
}
