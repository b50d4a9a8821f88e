// Import boundaries (`npm run lint`): no cycles, and the layering of src/.
//
//   security  <  http  <  db  <  content  <  search  <  editor;  auth     health  commerce  <  worker
//   security  <  commerce (money, signatures, carts)  <  commerce/pay (and the other provider clients)
//   client: browser code, imports nothing from the server side
//   integration/ (the Astro adapter) sits on top of src/; site/ is a consumer
//   and goes through the package's public exports (`louise/...`) only.
//   Inside it: integration/node runs in Astro's Node process (config and build
//   time), integration/worker in workerd (request time), integration/client in
//   the browser; the files directly in integration/ (the config's and options'
//   schemas, the virtual modules' types) are read by both sides.
//   node may import worker (it injects its routes); worker never imports node.
//   cli/ (the `louise` command, Node) sits on top of both; nothing imports it.
//
// Test files (`*.test.ts`, `*.spec.ts`, tests/) may import anything from src/.
// type-only imports count like any other: a type from a higher area is still a
// dependency on it (tsPreCompilationDeps below).
//
// Not covered: .astro files (dependency-cruiser does not parse them). The
// site's .astro imports are checked by Biome's noRestrictedImports instead
// (see biome.jsonc).

/** Test code (and `*.testing.ts` helpers, which the package build leaves out), exempt from the layering rules. */
const TESTS = ['\\.(test|spec|testing)\\.ts$', '^tests/'];

/**
 * The src/ areas from the bottom up, each with the areas it may import.
 * Anything else in src/ (or integration/, site/) is off limits to it.
 */
const LAYERS = {
  security: [],
  http: ['security'],
  db: ['http', 'security'],
  content: ['db', 'http', 'security'],
  auth: ['content', 'db', 'http', 'security'],
  search: ['content', 'db', 'http', 'security'],
  editor: ['search', 'content', 'db', 'http', 'security'],
  realtime: ['editor', 'search', 'content', 'db', 'http', 'security'],
  health: ['http', 'db', 'security'],
  worker: ['security', 'http', 'db', 'content', 'search', 'auth', 'editor', 'health', 'commerce'],
  client: [],
  commerce: ['security'],
};

/**
 * Single modules an area may import outside its layers: the realtime socket
 * protocol is the contract of both ends (plain valibot, no server code), so
 * the browser's live session validates with the very schemas the object uses;
 * canonical JSON (content/field-rev.ts imports nothing) is the one definition
 * the provider clients' idempotency keys use too, and the live session checks
 * with it that a flush wrote what a field shows before moving its base; the
 * rich-text tag allowlist (security/rich-tags.ts, imports nothing) is what both
 * the sanitizer keeps and the bar shows of a rich value.
 */
const SHARED = {
  client: ['^src/realtime/protocol\\.ts$', '^src/content/inline-host\\.ts$', '^src/content/field-rev\\.ts$', '^src/security/rich-tags\\.ts$'],
  commerce: ['^src/content/field-rev\\.ts$'],
};

const layerRules = Object.entries(LAYERS).map(([area, allowed]) => ({
  name: `layer-${area}`,
  severity: 'error',
  comment:
    allowed.length === 0
      ? `src/${area} imports nothing from src/ outside itself${area === 'client' ? ' (browser code: nothing server-side)' : ''}.`
      : `src/${area} may import only ${allowed.map((a) => `src/${a}`).join(', ')} from src/.`,
  from: { path: `^src/${area}/`, pathNot: TESTS },
  to: { path: '^src/', pathNot: [`^src/${area}/`, ...allowed.map((a) => `^src/${a}/`), ...(SHARED[area] ?? [])] },
}));

/**
 * The Node builtins a Worker-side file may import: those workerd implements
 * under `nodejs_compat` (which `louise init` sets). Anything else (fs,
 * child_process, http, os...) exists only in Astro's Node process.
 */
const WORKERS_NODE_BUILTINS = ['assert', 'async_hooks', 'buffer', 'crypto', 'diagnostics_channel', 'events', 'path', 'stream', 'string_decoder', 'util'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only ones included.',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'src-not-to-unknown-area',
      severity: 'error',
      comment: 'Every folder in src/ needs its place in the layering (LAYERS above) before it may import anything.',
      from: { path: '^src/', pathNot: [...Object.keys(LAYERS).map((a) => `^src/${a}/`), ...TESTS] },
      to: {},
    },
    {
      name: 'src-not-to-integration-or-site',
      severity: 'error',
      comment: 'src/ is the toolkit: it never imports the Astro adapter (integration/) or the demo site (site/).',
      from: { path: '^src/' },
      to: { path: '^(integration|site)/' },
    },
    {
      name: 'nothing-to-cli',
      severity: 'error',
      comment: 'cli/ is the `louise` command: it may import src/ and integration/, never the other way round.',
      from: { path: '^(src|integration|site)/' },
      to: { path: '^cli/' },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Shipped code never imports test code or fixtures.',
      from: { path: '^(src|integration|site|cli)/', pathNot: TESTS },
      to: { path: TESTS },
    },
    {
      name: 'integration-worker-not-node',
      severity: 'error',
      comment:
        "integration/worker runs in workerd at request time: it never imports integration/node (Astro's Node process: the integration, Vite plugins, build steps).",
      from: { path: '^integration/worker/', pathNot: TESTS },
      to: { path: '^integration/node/' },
    },
    {
      name: 'integration-worker-workers-builtins',
      severity: 'error',
      comment: `integration/worker runs in workerd: of Node's builtins only those Workers implements (${WORKERS_NODE_BUILTINS.join(', ')}).`,
      from: { path: '^integration/worker/', pathNot: TESTS },
      to: { dependencyTypes: ['core'], pathNot: `^(node:)?(${WORKERS_NODE_BUILTINS.join('|')})(/|$)` },
    },
    {
      name: 'integration-shared-not-node',
      severity: 'error',
      comment: 'The files directly in integration/ are read by both sides (the Worker too): they never import integration/node.',
      from: { path: '^integration/[^/]+$', pathNot: TESTS },
      to: { path: '^integration/node/' },
    },
    {
      name: 'integration-client-only-src-client',
      severity: 'error',
      comment: 'integration/client is browser code: from src/ it may import only src/client.',
      from: { path: '^integration/client/', pathNot: TESTS },
      to: { path: '^(src|integration|site)/', pathNot: ['^src/client/', '^integration/client/'] },
    },
    {
      name: 'client-no-server-modules',
      severity: 'error',
      comment: 'Browser code imports no Workers runtime modules and no server-side packages.',
      from: { path: '^(src|integration)/client/', pathNot: TESTS },
      to: {
        path: ['^cloudflare:', 'node_modules/(astro|@astrojs|drizzle-orm|jose|sanitize-html|wrangler|@cloudflare)/'],
      },
    },
    {
      name: 'client-no-core-modules',
      severity: 'error',
      comment: 'Browser code imports no Node builtins.',
      from: { path: '^(src|integration)/client/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'site-only-public-exports',
      severity: 'error',
      comment: "site/ uses the package's public exports (`louise/...`), never relative imports into src/ or integration/.",
      from: { path: '^site/' },
      to: { path: '^(src|integration)/', dependencyTypes: ['local'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|lib|\\.astro|\\.wrangler|\\.louise|playwright-report|test-results)/|worker-configuration\\.d\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    // `louise/...` in site/ and tests resolves through package.json "exports"
    // (a package may import itself by name) to the built package in lib/,
    // which is generated and not cruised: the site's dependency ends at the
    // public export, and src/ and integration/ are checked as sources.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
