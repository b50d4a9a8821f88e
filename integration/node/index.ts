import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLouiseMigrations } from './migrations.ts';
import { readCollectionSchemas } from './collection-schemas.ts';
import { copyEditorAssets, EDITOR_BASE, editorAssets, serveEditorAssets } from './editor-assets.ts';
import { parseLouiseOptions, type LouiseOptions } from '../options.ts';
import { serverDependencies, serverStubs } from './vite-plugins.ts';
import { routePrerenderedPages } from './worker-routing.ts';

import { DEFAULT_MEDIA_URL } from '../config.ts';

export { defineCms, type CmsConfig, type MediaConfig, type SearchOptions, type SettingsOptions } from '../config.ts';
export { loadEntry, loadSettings, type EntryAstro, type SettingLink } from '../worker/page-data.ts';
export { cmsField, cmsImage, cmsSections, cmsBlock, cmsSetting, type BlockMarkers, type ImageAttributes } from '../worker/markers.ts';
export { cmsEntry, type CollectionEntryLike, type EntryField } from '../worker/entry-markers.ts';
export { cmsForm, type FormView, type FormAstro } from '../worker/form-view.ts';
export { loadSearch, type SearchAstro, type SiteSearch } from '../worker/search-view.ts';
export type { LouiseOptions } from '../options.ts';
export { noteRendered, type LouiseLocals } from '../worker/edit-mode.ts';
export { resumeReadSession, type BookmarkCookies } from '../worker/read-session.ts';

const CONFIG_ID = 'virtual:louise/config';
const OPTIONS_ID = 'virtual:louise/options';
const MIGRATIONS_ID = 'virtual:louise/migrations';
const EDITOR_ID = 'virtual:louise/editor';
const COLLECTIONS_ID = 'virtual:louise/collections';
/** The route and middleware entrypoints (Worker-side, in ../worker), relative to this module: `.ts` in the sources, `.js` in the package (lib/). */
const entry = (path: string) => new URL(`${path}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * The Louise Astro integration: the `/api/cms/*` endpoint, the sign-in page,
 * the middleware (API gate, edit mode, security headers) and the virtual
 * modules that carry the site's configuration to them.
 *
 * @example
 * export default defineConfig({ integrations: [louise()], adapter: cloudflare() });
 */
export default function louise(input: LouiseOptions = {}): AstroIntegration {
  const options = parseLouiseOptions(input);
  let dev = false;
  const editor = editorAssets();
  let clientDir: URL | undefined;
  let built: { serverDir: URL; publicDir: URL; base: string; staticDirs: string[] } | undefined;
  return {
    name: 'louise',
    hooks: {
      'astro:config:setup'({ config, command, injectRoute, addMiddleware, updateConfig }) {
        dev = command === 'dev';
        const configPath = resolveConfigModule(options.config, config.root, config.srcDir);
        const modules: Record<string, string | (() => string)> = {
          [CONFIG_ID]: configPath ? `export { default } from ${JSON.stringify(configPath)};` : 'export default {};',
          [OPTIONS_ID]: `export default ${JSON.stringify(options)};`,
          // Dev applies them to the local D1 (the middleware, at the warm-up request below); a build ships none.
          [MIGRATIONS_ID]: `export default ${JSON.stringify(dev ? readLouiseMigrations() : [])};`,
          [EDITOR_ID]: `export const EDITOR_SCRIPT_SRC = ${JSON.stringify(editor.src)};`,
          // Read when first loaded, after `astro sync` wrote them (dev and build sync first); a dev restart reads them again.
          [COLLECTIONS_ID]: () => `export default ${JSON.stringify(readCollectionSchemas(config.root))};`,
        };
        injectRoute({ pattern: '/api/cms/[...path]', entrypoint: entry('../worker/routes/api'), prerender: false });
        injectRoute({ pattern: options.loginPath, entrypoint: entry('../worker/pages/login'), prerender: false });
        injectRoute({ pattern: `${DEFAULT_MEDIA_URL}[...key]`, entrypoint: entry('../worker/routes/media'), prerender: false });
        addMiddleware({ entrypoint: entry('../worker/middleware'), order: 'pre' });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'louise:virtual',
                resolveId: (id: string) => (id in modules ? `\0${id}` : undefined),
                load: (id: string) => {
                  const module = id.startsWith('\0') ? modules[id.slice(1)] : undefined;
                  return typeof module === 'function' ? module() : module;
                },
              },
              serverStubs(),
              serverDependencies(),
            ],
          },
        });
      },
      'astro:config:done'({ config }) {
        clientDir = config.build.client;
        built = { serverDir: config.build.server, publicDir: config.publicDir, base: config.base, staticDirs: [config.build.assets, EDITOR_BASE] };
      },
      // The edit-mode client is a prebuilt asset at /_louise/ (so the Worker can add it to prerendered pages too).
      'astro:server:setup'({ server }) {
        server.middlewares.use(serveEditorAssets(editor));
      },
      'astro:build:done'({ dir, logger }) {
        if (clientDir) copyEditorAssets(editor, clientDir, logger);
        // Prerendered pages reach the Worker in the built config only: `astro dev` reads the site's own.
        if (built) routePrerenderedPages({ ...built, clientDir: dir }, logger);
      },
      'astro:server:start'({ address, logger }) {
        if (!dev) return;
        // One request through the middleware, so pending migrations are applied as the server starts, not on the first visit.
        const host = ['::', '0.0.0.0'].includes(address.address) ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
        fetch(`http://${host}:${address.port}/`).catch((error: unknown) => logger.debug(`warm-up request failed: ${String(error)}`));
      },
    },
  };
}

function resolveConfigModule(explicit: string | undefined, root: URL, srcDir: URL): string | null {
  if (explicit) {
    const path = fileURLToPath(new URL(explicit, root));
    if (!existsSync(path)) throw new Error(`louise(): the config module ${explicit} does not exist (looked for ${path}).`);
    return path;
  }
  for (const name of ['cms.config.ts', 'cms.config.js', 'cms.config.mjs']) {
    const path = fileURLToPath(new URL(name, srcDir));
    if (existsSync(path)) return path;
  }
  return null;
}
