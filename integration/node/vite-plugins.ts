import type { ViteUserConfig } from 'astro';
import { fileURLToPath } from 'node:url';

/** Vite's plugin type through Astro (`vite` is Astro's dependency, not the site's). */
type VitePlugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { applyToEnvironment?: unknown }>;

const PARSER_ONLY = '\0louise:htmlparser2-parser';

/**
 * Server-side (Worker) module replacements for what sanitize-html loads but
 * Louise never uses; the browser build is left alone.
 * - `postcss` becomes a stub that throws a clear error (postcss-stub.ts):
 *   sanitize-html calls it only for kept `style` attributes, which no Louise
 *   sanitizer allows.
 * - `htmlparser2`, required from sanitize-html, becomes its `Parser` alone:
 *   sanitize-html uses nothing else, and `require()` of the whole ESM module
 *   would keep its DOM handler, DOM utilities and serializer in the bundle.
 * - `decode-named-character-reference` (micromark's `&name;` decoder, for the
 *   Markdown renderer) becomes src/markdown/named-reference.ts: the same
 *   answers from `entities`, whose table sanitize-html's parser already brings,
 *   instead of a second table of every HTML entity (about 11 KiB gzip).
 */
export function serverStubs(moduleUrl: string = import.meta.url): VitePlugin {
  const extension = moduleUrl.endsWith('.ts') ? '.ts' : '.js';
  const stub = fileURLToPath(new URL(`../worker/postcss-stub${extension}`, moduleUrl));
  const namedReference = fileURLToPath(new URL(`../../src/markdown/named-reference${extension}`, moduleUrl));
  let parser: string | undefined;
  return {
    name: 'louise:server-stubs',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    async resolveId(id, importer) {
      if (id === 'postcss') return stub;
      if (id === 'decode-named-character-reference') return namedReference;
      if (id !== 'htmlparser2' || !importer?.includes('/sanitize-html/')) return undefined;
      const full = await this.resolve(id, importer, { skipSelf: true });
      if (!full || !/[/\\]index\.js$/.test(full.id)) return undefined;
      parser = full.id.replace(/index\.js$/, 'Parser.js');
      return PARSER_ONLY;
    },
    load: (id) => (id === PARSER_ONLY && parser ? `export { Parser } from ${JSON.stringify(parser)};` : undefined),
  };
}

/**
 * Louise's dependencies that are CommonJS or pull CommonJS in, reached through
 * the installed package (`louise > …`): sanitize-html, file-type (its token
 * readers need `ieee754` and `debug`, both CommonJS), and the Markdown parser:
 * under Vite's `development` condition micromark (and so
 * mdast-util-from-markdown) loads its dev build, which imports `debug`.
 * server-dependencies.test.ts finds them from the server code's imports.
 */
const COMMONJS_DEPENDENCIES = ['louise > sanitize-html', 'louise > file-type', 'louise > micromark', 'louise > mdast-util-from-markdown'];

/**
 * Pre-bundles Louise's CommonJS dependencies for the server environments in
 * `astro dev`. Installed under node_modules, Louise's own modules are not
 * scanned for dependencies, so without this workerd would load sanitize-html
 * (or file-type's readers) as they are and fail on `require()` or `exports`. (In this repository the sources are
 * scanned, and it is found either way.)
 */
export function serverDependencies(): VitePlugin {
  return {
    name: 'louise:server-dependencies',
    configEnvironment(name) {
      if (name === 'ssr' || name === 'prerender' || name === 'astro') return { optimizeDeps: { include: COMMONJS_DEPENDENCIES } };
      return undefined;
    },
  };
}
