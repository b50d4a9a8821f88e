import { setOwn } from './own-keys.ts';

/** A settings patch split by where each key may be written. */
export interface SettingsPartition {
  /** Keys listed in `columns`: written to their own column. */
  base: Record<string, unknown>;
  /** Keys listed in `customKeys`: merged into the `custom` JSON object. */
  custom: Record<string, unknown>;
  /** Every other key, in the patch's key order: never written, reported back to the editor. */
  ignored: string[];
}

/**
 * Splits a settings patch (a flat object of key to value, `$base` already
 * taken out) into structured columns, custom keys and ignored keys. Only own
 * keys listed in `columns` reach `base` and only those listed in
 * `customKeys` reach `custom` (a key in both counts as a column); anything
 * else (`id`, `updatedAt`, `custom`, `__proto__`, `constructor`, typos) is
 * ignored. Pure: `patch` is not mutated, values are passed through as they
 * are (they are checked later).
 *
 * @example partitionSettingsPatch({ siteName: 'A', menu: [], id: 2 }, ['siteName'], ['menu'])
 * // { base: { siteName: 'A' }, custom: { menu: [] }, ignored: ['id'] }
 */
export function partitionSettingsPatch(patch: Readonly<Record<string, unknown>>, columns: readonly string[], customKeys: readonly string[]): SettingsPartition {
  const base: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const ignored: string[] = [];
  for (const key of Object.keys(patch)) {
    if (columns.includes(key)) setOwn(base, key, patch[key]);
    else if (customKeys.includes(key)) setOwn(custom, key, patch[key]);
    else ignored.push(key);
  }
  return { base, custom, ignored };
}
