import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLouiseMigrations } from './migrations.ts';
import { parseLouiseOptions, type LouiseOptions } from './options.ts';

export { defineCms, type CmsConfig } from './config.ts';
export { loadEntry, cmsField, type EntryAstro } from './entries.ts';
export type { Entry, EntryKey } from '../src/content/read-entry.ts';
export type { LouiseOptions } from './options.ts';
export { noteRendered, type LouiseLocals } from './edit-mode.ts';
export { resumeReadSession, type BookmarkCookies } from './read-session.ts';

const CONFIG_ID = 'virtual:louise/config';
const OPTIONS_ID = 'virtual:louise/options';
const MIGRATIONS_ID = 'virtual:louise/migrations';

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
  return {
    name: 'louise',
    hooks: {
      'astro:config:setup'({ config, command, injectRoute, addMiddleware, updateConfig }) {
        dev = command === 'dev';
        const configPath = resolveConfigModule(options.config, config.root, config.srcDir);
        const modules: Record<string, string> = {
          [CONFIG_ID]: configPath ? `export { default } from ${JSON.stringify(configPath)};` : 'export default {};',
          [OPTIONS_ID]: `export default ${JSON.stringify(options)};`,
          // Dev applies them to the local D1 (the middleware, at the warm-up request below); a build ships none.
          [MIGRATIONS_ID]: `export default ${JSON.stringify(dev ? readLouiseMigrations() : [])};`,
        };
        injectRoute({ pattern: '/api/cms/[...path]', entrypoint: new URL('./routes/api.ts', import.meta.url), prerender: false });
        injectRoute({ pattern: options.loginPath, entrypoint: new URL('./pages/login.ts', import.meta.url), prerender: false });
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
