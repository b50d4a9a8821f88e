import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLouiseOptions, type LouiseOptions } from './options.ts';

export { defineCms, type CmsConfig } from './config.ts';
export { loadEntry, cmsField, type EntryAstro } from './entries.ts';
export type { Entry, EntryKey } from '../src/content/read-entry.ts';
export type { LouiseOptions } from './options.ts';
export { noteRendered, type LouiseLocals } from './edit-mode.ts';
export { resumeReadSession, type BookmarkCookies } from './read-session.ts';

const CONFIG_ID = 'virtual:louise/config';
const OPTIONS_ID = 'virtual:louise/options';

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
  return {
    name: 'louise',
    hooks: {
      'astro:config:setup'({ config, injectRoute, addMiddleware, updateConfig }) {
        const configPath = resolveConfigModule(options.config, config.root, config.srcDir);
        const modules: Record<string, string> = {
          [CONFIG_ID]: configPath ? `export { default } from ${JSON.stringify(configPath)};` : 'export default {};',
          [OPTIONS_ID]: `export default ${JSON.stringify(options)};`,
        };
        injectRoute({ pattern: '/api/cms/[...path]', entrypoint: new URL('./routes/api.ts', import.meta.url), prerender: false });
        injectRoute({ pattern: options.loginPath, entrypoint: new URL('./pages/login.astro', import.meta.url), prerender: false });
        addMiddleware({ entrypoint: new URL('./middleware.ts', import.meta.url), order: 'pre' });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'louise:virtual',
                resolveId: (id: string) => (id in modules ? `\0${id}` : undefined),
                load: (id: string) => (id.startsWith('\0') ? modules[id.slice(1)] : undefined),
              },
            ],
          },
        });
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
