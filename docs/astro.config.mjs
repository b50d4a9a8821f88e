// The docs site (Starlight): `npm run docs` serves it, `npm run docs:build`
// builds it into docs/dist. It uses the root's packages (one `npm install`).
// Two pages are generated at build time, so they never drift from the code:
// the options reference (scripts/options-reference.mjs, from the valibot
// schemas) and the API reference (TypeDoc over every entry in package.json
// "exports", through starlight-typedoc).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightTypeDoc, { typeDocSidebarGroup } from 'starlight-typedoc';
import { apiEntryPoints } from './scripts/api-entry-points.mjs';
import { writeOptionsReference } from './scripts/options-reference.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

await writeOptionsReference(root);

export default defineConfig({
  site: 'https://louise.invalid',
  outDir: './dist',
  integrations: [
    starlight({
      title: 'Louise',
      description: pkg.description,
      customCss: ['./src/styles/custom.css'],
      sidebar: [
        { label: 'Start', items: ['getting-started'] },
        {
          label: 'Guides',
          items: [
            'guides/editing',
            'guides/regions-and-collections',
            'guides/rich-text',
            'guides/markdown',
            'guides/media',
            'guides/settings-and-forms',
            'guides/search',
            'guides/sections',
            'guides/realtime',
            'guides/editors',
            'guides/deploy',
            'guides/commerce',
            'guides/contributing',
          ],
        },
        { label: 'Reference', items: ['reference/options', 'reference/entry-points'] },
        typeDocSidebarGroup,
      ],
      plugins: [
        starlightTypeDoc({
          entryPoints: apiEntryPoints(root, pkg),
          tsconfig: `${root}docs/tsconfig.typedoc.json`,
          output: 'api',
          sidebar: { label: 'API reference', collapsed: true },
          typeDoc: {
            // The .d.ts files are tsc's own output, already checked by `npm run typecheck`.
            skipErrorChecking: true,
            excludeInternal: true,
            plugin: [`${root}docs/scripts/typedoc-module-names.mjs`],
            readme: 'none',
            // The sources are lib/*.d.ts, tsc's output: a line there helps nobody.
            disableSources: true,
            // One page per entry point (22), not one per symbol (about 800): the same content, a build minutes faster.
            outputFileStrategy: 'modules',
            gitRevision: 'main',
          },
        }),
      ],
    }),
  ],
});
