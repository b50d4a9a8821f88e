import * as v from 'valibot';

/** Options of the `louise()` Astro integration; all serializable. */
export const LouiseOptionsSchema = v.strictObject({
  /**
   * Module (path from the project root) whose default export is the runtime
   * configuration made with `defineCms()`: routes, `resolveEditor`, status
   * checks, `noindex`, `apiGate`. Default: `<srcDir>/cms.config.ts` when it
   * exists, else the built-in defaults.
   */
  config: v.optional(v.pipe(v.string('config must be a path string'), v.minLength(1))),
  /** The query parameter that enters edit mode (`?edit`); `?edit=0` leaves it. */
  editParam: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_-]*$/i, 'editParam must be a plain query parameter name')), 'edit'),
  /** Path of the sign-in page the integration adds. */
  loginPath: v.optional(v.pipe(v.string(), v.startsWith('/', 'loginPath must start with "/"')), '/cms/login'),
  /** Create `editor@localhost` and `writer@localhost` on localhost when there are no editors. */
  devEditors: v.optional(v.boolean('devEditors must be true or false'), true),
  /**
   * Auto-save after this idle pause (`{ debounceMs }`, default 800 ms), or
   * `false` for a manual Save button in the edit bar.
   */
  autoSave: v.optional(
    v.union(
      [
        v.literal(false),
        v.strictObject({
          debounceMs: v.pipe(
            v.number(),
            v.integer('autoSave.debounceMs must be a whole number of milliseconds'),
            v.minValue(0, 'autoSave.debounceMs must not be negative'),
          ),
        }),
      ],
      'autoSave must be false or { debounceMs: <non-negative integer> }',
    ),
    { debounceMs: 800 },
  ),
});

export type LouiseOptions = v.InferInput<typeof LouiseOptionsSchema>;
export type ResolvedLouiseOptions = v.InferOutput<typeof LouiseOptionsSchema>;

/** Parses the options once, with an error that names the wrong option. */
export function parseLouiseOptions(input: unknown): ResolvedLouiseOptions {
  if (typeof input === 'object' && input !== null && 'versioned' in input)
    throw new Error(
      'louise(): the versioned option was removed. Declare your collections in cms.config with defineCollection() and list them in defineCms({ collections }): a collection without versions saves live, every other marked field is saved as a draft.',
    );
  const result = v.safeParse(LouiseOptionsSchema, input ?? {});
  if (result.success) return result.output;
  throw new Error(`louise(): invalid options.\n${v.summarize(result.issues)}`);
}
