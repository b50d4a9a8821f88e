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
});

export type LouiseOptions = v.InferInput<typeof LouiseOptionsSchema>;
export type ResolvedLouiseOptions = v.InferOutput<typeof LouiseOptionsSchema>;

/** Parses the options once, with an error that names the wrong option. */
export function parseLouiseOptions(input: unknown): ResolvedLouiseOptions {
  const result = v.safeParse(LouiseOptionsSchema, input ?? {});
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'options'}: ${issue.message}`);
  throw new Error(`louise(): invalid options.\n  - ${problems.join('\n  - ')}`);
}
