import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { CMS_CONFIG_SOURCE, WORKER_SOURCE } from './init-files.ts';
import { runInit, type InitOptions } from './init.ts';

// Astro's blog starter as `astro add cloudflare` leaves it: tabs, other
// integrations, and the wrangler.jsonc stub Astro writes (with its invalid
// name for a scoped package).
const ASTRO_CONFIG = `// @ts-check

import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

import cloudflare from '@astrojs/cloudflare';

// https://astro.build/config
export default defineConfig({
\tsite: 'https://example.com',
\tintegrations: [mdx(), sitemap()],
\tadapter: cloudflare(),
});
`;

const ASTRO_STUB_WRANGLER = `{
\t"$schema": "./node_modules/wrangler/config-schema.json",
\t"compatibility_date": "2026-10-12",
\t"compatibility_flags": ["global_fetch_strictly_public"],
\t"name": "@example/blog",
\t"main": "@astrojs/cloudflare/entrypoints/server",
\t"assets": {
\t\t"directory": "./dist",
\t\t"binding": "ASSETS"
\t},
\t"observability": {
\t\t"enabled": true
\t}
}`;

/** The other files an earlier init (before the realtime session) left, the Worker exporting only RateLimiterObject. */
const EARLIER_INIT = {
  'astro.config.mjs': ASTRO_CONFIG.replace(
    "import cloudflare from '@astrojs/cloudflare';",
    "import cloudflare from '@astrojs/cloudflare';\nimport louise from 'louise/astro';",
  ).replace('sitemap()],', 'sitemap(), louise()],'),
  'src/worker.ts': `// The site's Worker: Louise around Astro's handler, and the Durable Object classes wrangler binds.
import { handle } from '@astrojs/cloudflare/handler';
import { louiseWorker } from 'louise/astro/worker';

export { RateLimiterObject } from 'louise/astro/worker';

export default louiseWorker(handle);
`,
  'src/cms.config.ts': CMS_CONFIG_SOURCE,
  'src/env.d.ts': '/// <reference types="astro/client" />\n/// <reference types="louise/astro/types" />\n',
  '.gitignore': '.wrangler/\n.dev.vars*\n',
};

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'louise-init-'));
  dirs.push(dir);
  const all = {
    'package.json': '{ "name": "@example/blog", "type": "module" }\n',
    'node_modules/astro/package.json': '{ "name": "astro", "version": "7.3.5" }\n',
    'astro.config.mjs': ASTRO_CONFIG,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

async function init(cwd: string, overrides: Partial<InitOptions> = {}) {
  const lines: string[] = [];
  const changes = await runInit({
    cwd,
    yes: true,
    log: (line) => lines.push(line),
    confirm: () => Promise.reject(new Error('asked with --yes')),
    astroAdd: () => Promise.reject(new Error('astro add called for a project that has the adapter')),
    compatibilityDate: async () => '2026-05-01',
    ...overrides,
  });
  return { changes, output: lines.join('\n') };
}

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

/** What init adds to the blog starter's wrangler config besides its D1 database: assets, KV, R2, and the Durable Objects (each class in a migration of its own). */
const INIT_ADDS = {
  assets: { directory: './dist/client', binding: 'ASSETS' },
  kv_namespaces: [{ binding: 'KV' }],
  r2_buckets: [{ binding: 'MEDIA', bucket_name: 'example-blog-media' }],
  durable_objects: {
    bindings: [
      { name: 'RATE_LIMITER', class_name: 'RateLimiterObject' },
      { name: 'REALTIME', class_name: 'RealtimeObject' },
    ],
  },
  migrations: [
    { tag: 'v1', new_sqlite_classes: ['RateLimiterObject'] },
    { tag: 'v2', new_sqlite_classes: ['RealtimeObject'] },
  ],
};

describe('louise init', () => {
  it('sets up the blog starter, then finds nothing to do on a second run', async () => {
    const dir = project({ 'wrangler.jsonc': ASTRO_STUB_WRANGLER, '.gitignore': 'dist/\nnode_modules/\n' });
    const first = await init(dir);
    expect(first.changes.map((change) => change.file).sort()).toEqual(
      ['.gitignore', 'astro.config.mjs', 'src/cms.config.ts', 'src/env.d.ts', 'src/worker.ts', 'wrangler.jsonc'].sort(),
    );
    expect(first.output).toContain('updated wrangler.jsonc: name "@example/blog" → "example-blog"');
    expect(first.output).toContain('created src/worker.ts');

    expect(parseJsonc(read(dir, 'wrangler.jsonc'))).toEqual({
      $schema: './node_modules/wrangler/config-schema.json',
      compatibility_date: '2026-10-12',
      compatibility_flags: ['global_fetch_strictly_public', 'nodejs_compat'],
      name: 'example-blog',
      main: './src/worker.ts',
      observability: { enabled: true },
      d1_databases: [{ binding: 'DB', database_name: 'example-blog' }],
      ...INIT_ADDS,
    });
    // The file's tabs are kept for what init adds.
    expect(read(dir, 'wrangler.jsonc')).toMatch(/\n\t"d1_databases": \[/);
    expect(read(dir, 'src/worker.ts')).toBe(WORKER_SOURCE);
    // Every class the config binds is exported: wrangler refuses to start otherwise.
    expect(WORKER_SOURCE).toContain("export { RateLimiterObject } from 'louise/astro/worker';\nexport { RealtimeObject } from 'louise/astro/worker';\n");
    expect(read(dir, 'src/cms.config.ts')).toBe(CMS_CONFIG_SOURCE);
    expect(read(dir, 'src/env.d.ts')).toBe('/// <reference types="astro/client" />\n/// <reference types="louise/astro/types" />\n');
    expect(read(dir, '.gitignore')).toBe("dist/\nnode_modules/\n\n# wrangler's local state and local secrets\n.wrangler/\n.dev.vars*\n");

    const before = snapshot(dir);
    const second = await init(dir);
    expect(second.changes).toEqual([]);
    expect(second.output).toBe('Louise is already set up; nothing changed.');
    expect(snapshot(dir)).toEqual(before);
  });

  it('adds louise() after the other integrations, changing only that line and the import', async () => {
    const dir = project({ 'wrangler.jsonc': ASTRO_STUB_WRANGLER });
    await init(dir);
    const after = read(dir, 'astro.config.mjs');
    expect(after).toContain("import louise from 'louise/astro';");
    expect(after).toContain('\tintegrations: [mdx(), sitemap(), louise()],');
    const removed = ASTRO_CONFIG.split('\n').filter((line) => !after.split('\n').includes(line));
    expect(removed).toEqual(['\tintegrations: [mdx(), sitemap()],']);
  });

  it('merges into a wrangler.jsonc with comments, keeping them and the site own bindings', async () => {
    const wrangler = `// My site's Worker.
{
  "name": "my-site",
  "main": "./src/worker.ts",
  "compatibility_date": "2026-01-01", // pinned on purpose
  "compatibility_flags": ["nodejs_compat"],
  "assets": { "directory": "./dist/client", "binding": "ASSETS", "run_worker_first": ["/api/*"] },
  /* Our analytics database, with our own migrations. */
  "d1_databases": [{ "binding": "ANALYTICS", "database_name": "analytics", "database_id": "abc", "migrations_dir": "db/migrations" }],
  "kv_namespaces": [{ "binding": "SESSION" }],
  "migrations": [{ "tag": "v1", "new_sqlite_classes": ["Counter"] }],
  "durable_objects": { "bindings": [{ "name": "COUNTER", "class_name": "Counter" }] }
}
`;
    const dir = project({ 'wrangler.jsonc': wrangler, 'src/worker.ts': WORKER_SOURCE });
    await init(dir);
    const text = read(dir, 'wrangler.jsonc');
    for (const comment of ["// My site's Worker.", '// pinned on purpose', '/* Our analytics database, with our own migrations. */'])
      expect(text).toContain(comment);
    const config = parseJsonc(text);
    expect(config.main).toBe('./src/worker.ts');
    expect(config.compatibility_date).toBe('2026-01-01');
    expect(config.compatibility_flags).toEqual(['nodejs_compat']);
    // The site's own rule stays; Louise adds none here (louise() lists the prerendered pages in the built Worker's config).
    expect(config.assets.run_worker_first).toEqual(['/api/*']);
    expect(config.d1_databases).toEqual([
      { binding: 'ANALYTICS', database_name: 'analytics', database_id: 'abc', migrations_dir: 'db/migrations' },
      { binding: 'DB', database_name: 'example-blog' },
    ]);
    expect(config.kv_namespaces).toEqual([{ binding: 'SESSION' }, { binding: 'KV' }]);
    expect(config.durable_objects.bindings).toEqual([
      { name: 'COUNTER', class_name: 'Counter' },
      { name: 'RATE_LIMITER', class_name: 'RateLimiterObject' },
      { name: 'REALTIME', class_name: 'RealtimeObject' },
    ]);
    // Among the site's own migrations, Louise's are named as hers.
    expect(config.migrations).toEqual([
      { tag: 'v1', new_sqlite_classes: ['Counter'] },
      { tag: 'louise-v1', new_sqlite_classes: ['RateLimiterObject'] },
      { tag: 'louise-v2', new_sqlite_classes: ['RealtimeObject'] },
    ]);
    expect((await init(dir)).changes).toEqual([]);
  });

  it('merges into a wrangler.toml as text: comments kept, valid TOML, idempotent', async () => {
    const toml = `# My site
name = "my-site"
main = "@astrojs/cloudflare/entrypoints/server"
compatibility_flags = [ "global_fetch_strictly_public" ] # strict fetch

# The site's own database
[[d1_databases]]
binding = "ANALYTICS"
database_name = "analytics"
migrations_dir = "db/migrations"

[assets]
directory = "./dist/client" # client build
`;
    const dir = project({ 'wrangler.toml': toml });
    await init(dir);
    const text = read(dir, 'wrangler.toml');
    for (const comment of ['# My site', '# strict fetch', "# The site's own database", '# client build']) expect(text).toContain(comment);
    expect(parseToml(text)).toEqual({
      name: 'my-site',
      main: './src/worker.ts',
      compatibility_date: '2026-05-01',
      compatibility_flags: ['global_fetch_strictly_public', 'nodejs_compat'],
      d1_databases: [
        { binding: 'ANALYTICS', database_name: 'analytics', migrations_dir: 'db/migrations' },
        { binding: 'DB', database_name: 'example-blog' },
      ],
      ...INIT_ADDS,
    });
    expect(existsSync(join(dir, 'wrangler.jsonc'))).toBe(false);
    const second = await init(dir);
    expect(second.changes).toEqual([]);
  });

  it('says what to add by hand to a wrangler.toml it cannot edit in place, on every run', async () => {
    const dir = project({ 'wrangler.toml': 'name = "site"\nd1_databases = [ { binding = "OTHER", database_name = "other" } ]\n' });
    const first = await init(dir);
    expect(first.output).toContain('Add to wrangler.toml by hand (Louise could not edit these in place):\n\n[[d1_databases]]\nbinding = "DB"');
    expect(parseToml(read(dir, 'wrangler.toml'))['main']).toBe('./src/worker.ts');
    const second = await init(dir);
    expect(second.changes).toEqual([]);
    expect(second.output).toContain('Add to wrangler.toml by hand');
    expect(second.output).toContain('Louise is already set up; nothing changed.');
  });

  it('adds REALTIME and a migration of its own to a site an earlier init set up, leaving the deployed migration as it was', async () => {
    const wrangler = `{
\t"$schema": "./node_modules/wrangler/config-schema.json",
\t"name": "example-blog",
\t"main": "./src/worker.ts",
\t"compatibility_date": "2026-05-01",
\t"compatibility_flags": ["nodejs_compat"],
\t"assets": { "directory": "./dist/client", "binding": "ASSETS", "run_worker_first": ["/*", "!/_astro/*", "!/_louise/*"] },
\t"d1_databases": [{ "binding": "DB", "database_name": "example-blog", "database_id": "0a1b2c" }],
\t"kv_namespaces": [{ "binding": "KV", "id": "3d4e5f" }],
\t"r2_buckets": [{ "binding": "MEDIA", "bucket_name": "example-blog-media" }],
\t"durable_objects": { "bindings": [{ "name": "RATE_LIMITER", "class_name": "RateLimiterObject" }] },
\t// deployed: never change
\t"migrations": [{ "tag": "v1", "new_sqlite_classes": ["RateLimiterObject"] }]
}
`;
    const dir = project({ 'wrangler.jsonc': wrangler, ...EARLIER_INIT });
    const first = await init(dir);
    expect(first.changes.map((change) => [change.file, change.summary])).toEqual([
      [
        'wrangler.jsonc',
        "assets.run_worker_first without /* !/_astro/* !/_louise/* (an earlier init's; louise() now sends the prerendered pages to the built Worker), " +
          'Durable Object binding REALTIME (RealtimeObject), Durable Object migration v2 (RealtimeObject)',
      ],
    ]);
    const text = read(dir, 'wrangler.jsonc');
    expect(text).toContain('// deployed: never change');
    const config = parseJsonc(text);
    expect(config).toEqual({
      ...parseJsonc(wrangler),
      assets: INIT_ADDS.assets,
      durable_objects: INIT_ADDS.durable_objects,
      migrations: INIT_ADDS.migrations,
    });
    // The earlier rule reached `astro dev` too (404 for Vite's client, styles and public/): the site owner is told why it went.
    expect(first.output).toContain("made `astro dev` answer 404 for Vite's client, your styles and public/ files");
    // The Worker it wrote then is the site's now: left alone, with the one line it lacks printed.
    expect(read(dir, 'src/worker.ts')).toBe(EARLIER_INIT['src/worker.ts']);
    expect(first.output).toContain(
      "Your Worker entry ./src/worker.ts does not export every Durable Object class your wrangler config binds. Add to that file:\n\n  export { RealtimeObject } from 'louise/astro/worker';",
    );
    expect(first.output).not.toContain("export { RateLimiterObject } from 'louise/astro/worker';");

    const before = snapshot(dir);
    const second = await init(dir);
    expect(second.changes).toEqual([]);
    expect(second.output).toContain("  export { RealtimeObject } from 'louise/astro/worker';");
    expect(second.output).toContain('Louise is already set up; nothing changed.');
    expect(snapshot(dir)).toEqual(before);
    // Once the line is added, nothing is left to say.
    writeFileSync(join(dir, 'src/worker.ts'), WORKER_SOURCE);
    expect((await init(dir)).output).toBe('Louise is already set up; nothing changed.');
  });

  it('adds REALTIME to a wrangler.toml an earlier init set up: the old text kept as it was, two tables appended', async () => {
    const toml = `name = "example-blog"
main = "./src/worker.ts"
compatibility_date = "2026-05-01"
compatibility_flags = [ "nodejs_compat" ]

[assets]
directory = "./dist/client"
binding = "ASSETS"
run_worker_first = [ "/*", "!/_astro/*", "!/_louise/*" ]

[[d1_databases]]
binding = "DB"
database_name = "example-blog"

[[kv_namespaces]]
binding = "KV"

[[r2_buckets]]
binding = "MEDIA"
bucket_name = "example-blog-media"

[[durable_objects.bindings]]
name = "RATE_LIMITER"
class_name = "RateLimiterObject"

[[migrations]]
tag = "v1" # deployed
new_sqlite_classes = [ "RateLimiterObject" ]
`;
    const dir = project({ 'wrangler.toml': toml, ...EARLIER_INIT, 'src/worker.ts': WORKER_SOURCE });
    const { changes, output } = await init(dir);
    expect(changes.map((change) => change.file)).toEqual(['wrangler.toml']);
    expect(output).not.toContain('Add to');
    const text = read(dir, 'wrangler.toml');
    // The old text as it was, less the earlier init's run_worker_first line.
    const kept = toml.replace('run_worker_first = [ "/*", "!/_astro/*", "!/_louise/*" ]\n', '');
    expect(text.slice(0, kept.length)).toBe(kept);
    const config = parseToml(text);
    expect(config['assets']).toEqual(INIT_ADDS.assets);
    expect(config['durable_objects']).toEqual(INIT_ADDS.durable_objects);
    expect(config['migrations']).toEqual(INIT_ADDS.migrations);
    expect((await init(dir)).changes).toEqual([]);
  });

  it("takes an earlier init's run_worker_first out of a list that has the site's own rules too, keeping those", async () => {
    const wrangler = `{
  "name": "example-blog",
  "main": "./src/worker.ts",
  "compatibility_date": "2026-05-01",
  "compatibility_flags": ["nodejs_compat"],
  "assets": { "directory": "./dist/client", "binding": "ASSETS", "run_worker_first": ["/api/*", "/*", "!/_astro/*", "!/_louise/*"] }
}
`;
    const dir = project({ 'wrangler.jsonc': wrangler, 'src/worker.ts': WORKER_SOURCE });
    await init(dir);
    expect(parseJsonc(read(dir, 'wrangler.jsonc')).assets).toEqual({ directory: './dist/client', binding: 'ASSETS', run_worker_first: ['/api/*'] });
    expect((await init(dir)).changes).toEqual([]);
  });

  it('stops on an Astro older than its peer range, says what to run, and changes nothing', async () => {
    const dir = project({ 'wrangler.jsonc': ASTRO_STUB_WRANGLER, 'node_modules/astro/package.json': '{ "name": "astro", "version": "7.0.4" }\n' });
    const before = snapshot(dir);
    await expect(init(dir)).rejects.toThrow(
      "Louise needs astro ^7.2; this project has 7.0.4. Run: npm install astro@^7.2 (npx @astrojs/upgrade updates Astro's official integrations with it).\n" +
        'Then run `npx louise init` again. Nothing was changed.',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it("leaves a site's own Worker entry alone and says exactly what to add to it", async () => {
    const own = 'export default { fetch: () => new Response("mine") };\n';
    const dir = project({ 'wrangler.jsonc': '{ "name": "mine", "main": "./worker/index.ts" }\n', 'worker/index.ts': own });
    const { output } = await init(dir);
    expect(parseJsonc(read(dir, 'wrangler.jsonc')).main).toBe('./worker/index.ts');
    expect(read(dir, 'worker/index.ts')).toBe(own);
    expect(existsSync(join(dir, 'src/worker.ts'))).toBe(false);
    expect(output).toContain("Your wrangler config's main is ./worker/index.ts, so Louise left it alone. Add to that file:");
    expect(output).toContain(
      [
        "  import { louiseWorker } from 'louise/astro/worker';",
        "  export { RateLimiterObject } from 'louise/astro/worker';",
        "  export { RealtimeObject } from 'louise/astro/worker';",
      ].join('\n'),
    );
    expect(output).toContain('export default louiseWorker(handle);');
    // Its wrangler config binds both classes all the same: the lines above are what makes it start.
    expect(parseJsonc(read(dir, 'wrangler.jsonc')).durable_objects.bindings.map((b: { name: string }) => b.name)).toEqual(['RATE_LIMITER', 'REALTIME']);
    // Still said on the next run, which changes nothing.
    const second = await init(dir);
    expect(second.changes).toEqual([]);
    expect(second.output).toContain('so Louise left it alone');
    expect(second.output).toContain('Louise is already set up; nothing changed.');
  });

  it('creates wrangler.jsonc when there is none, and runs astro add when the adapter is missing', async () => {
    const bare = ASTRO_CONFIG.replace("\nimport cloudflare from '@astrojs/cloudflare';\n", '').replace('\tadapter: cloudflare(),\n', '');
    const dir = project({ 'astro.config.mjs': bare });
    let added = 0;
    const astroAdd = async (cwd: string) => {
      added++;
      // What `astro add cloudflare` does to the config (it writes no wrangler.jsonc in this fake).
      writeFileSync(join(cwd, 'astro.config.mjs'), ASTRO_CONFIG);
    };
    const { output } = await init(dir, { astroAdd });
    expect(added).toBe(1);
    expect(output).toContain('Adding the Cloudflare adapter: npx astro add cloudflare --yes');
    expect(output).toContain('created wrangler.jsonc');
    const config = parseJsonc(read(dir, 'wrangler.jsonc'));
    expect(config).toMatchObject({ name: 'example-blog', main: './src/worker.ts', compatibility_date: '2026-05-01', compatibility_flags: ['nodejs_compat'] });
    expect((await init(dir)).changes).toEqual([]);
  });

  it('without --yes shows the plan and asks once; no means nothing is written', async () => {
    const dir = project({ 'wrangler.jsonc': ASTRO_STUB_WRANGLER });
    const before = snapshot(dir);
    const questions: string[] = [];
    const { changes, output } = await init(dir, {
      yes: false,
      confirm: async (question) => {
        questions.push(question);
        return false;
      },
    });
    expect(questions).toHaveLength(1);
    expect(output).toContain('Louise will:\n  - update astro.config.mjs');
    expect(output).toContain('  - create src/worker.ts');
    expect(output).toContain('Nothing changed.');
    expect(changes).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('says what to do outside an Astro project', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'louise-init-empty-'));
    dirs.push(dir);
    await expect(init(dir)).rejects.toThrow('No astro.config here (' + dir + "). Run `npx louise init` in your Astro project's folder.");
  });
});

function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of ['astro.config.mjs', 'wrangler.jsonc', 'wrangler.toml', '.gitignore', 'src/worker.ts', 'src/cms.config.ts', 'src/env.d.ts']) {
    if (existsSync(join(dir, file))) files[file] = read(dir, file);
  }
  return files;
}
