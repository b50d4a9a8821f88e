// Import boundaries (`npm run lint`): no cycles, and the layering of src/.
//
//   security  <  http  <  db  <  content  <  search  <  drafts  <  media, forms, settings  <  editor
//   security  <  markdown (Markdown to safe HTML; Markdown files edited so only what changed changes)
//   markdown  <  drafts (a Markdown region's HTML is rendered when it is saved)
//   content  <  auth;   db  <  health;   drafts  <  realtime;   all of these  <  worker
//   (media, forms and settings never import one another; the louise/content entry,
//   src/content/index.ts, alone keeps re-exporting drafts/merge-draft: ENTRY_REEXPORTS)
//   packages/commerce (its own workspace package: money, carts, provider clients)
//     imports from src/ only security and canonical JSON (COMMERCE_LEAVES below);
//     in src/ only the worker (the Merch limiter's Durable Object) imports it
//   client: browser code, imports nothing from the server side; client/forms (the visitor's) nothing from the editor's
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
const TESTS = ['\\.(test|spec|testing)\\.ts$', '^tests/', '^packages/[^/]+/fakes/'];

/**
 * The src/ areas from the bottom up, each with the areas it may import.
 * Anything else in src/ (or integration/, site/) is off limits to it.
 */
const LAYERS = {
  security: [],
  http: ['security'],
  db: ['http', 'security'],
  content: ['db', 'http', 'security'],
  // Markdown: to safe HTML (micromark, ending in security's sanitizer), and
  // files as text: frontmatter and body edits that change only what changed
  // (`louise content pull`). Pure, low, beside content.
  markdown: ['security'],
  auth: ['content', 'db', 'http', 'security'],
  search: ['content', 'db', 'http', 'security'],
  // The draft/publish core: saves, versions, publish, overlays and the
  // collection's routes (which serve its search route and reindex on writes).
  // (and markdown: a Markdown region is rendered once, when it is saved).
  drafts: ['search', 'content', 'markdown', 'db', 'http', 'security'],
  // The three feature areas beside each other, on top of the drafts core (a
  // media reference lives in overlays; settings and forms reuse its merge and
  // database helpers), never importing one another.
  media: ['drafts', 'content', 'db', 'http', 'security'],
  forms: ['drafts', 'content', 'db', 'http', 'security'],
  settings: ['drafts', 'content', 'db', 'http', 'security'],
  // `louise/editor`, the facade: re-exports the areas' routes and helpers.
  editor: ['media', 'forms', 'settings', 'drafts', 'search', 'content', 'db', 'http', 'security'],
  realtime: ['drafts', 'search', 'content', 'db', 'http', 'security'],
  health: ['http', 'db', 'security'],
  worker: ['security', 'http', 'db', 'content', 'search', 'auth', 'drafts', 'media', 'forms', 'settings', 'editor', 'health'],
  client: [],
};

/**
 * The wire contracts: per area, the JSON shapes its routes answer and the
 * browser client reads (type-only modules importing nothing, so sharing them
 * brings no server code into the client; the imports are erased from its
 * chunks). The route's response `satisfies` the contract and the client's
 * reader is typed from it, so a field renamed on one side only fails
 * `npm run typecheck` (rule wire-contracts-import-nothing keeps them leaves).
 */
const WIRE_CONTRACTS = ['^src/media/wire\\.ts$', '^src/forms/wire\\.ts$', '^src/settings/wire\\.ts$', '^src/search/wire\\.ts$', '^src/drafts/wire\\.ts$'];

/**
 * Single modules an area may import outside its layers: the realtime socket
 * protocol is the contract of both ends (plain valibot, no server code), so
 * the browser's live session validates with the very schemas the object uses;
 * canonical JSON (content/field-rev.ts imports nothing) is the one definition
 * the provider clients' idempotency keys use too (COMMERCE_LEAVES), and the live session checks
 * with it that a flush wrote what a field shows before moving its base; the
 * rich-text tag allowlist (security/rich-tags.ts, imports nothing) is what both
 * the sanitizer keeps and the bar shows of a rich value.
 */
const SHARED = {
  client: [
    '^src/realtime/protocol\\.ts$',
    '^src/content/inline-host\\.ts$',
    '^src/content/field-rev\\.ts$',
    '^src/security/rich-tags\\.ts$',
    // Each area's wire contract (WIRE_CONTRACTS below): types only, importing nothing.
    ...WIRE_CONTRACTS,
  ],
};

/**
 * The modules the edit-mode client's lazy chunks are built from (Vite's
 * manifest lists them; tests/site/size-budget.test.ts gives each its budget).
 */
const LAZY_CHUNKS = [
  '^src/client/fields/rich/rich-editor\\.ts$',
  '^src/client/fields/rich/rich-image\\.ts$',
  '^src/client/fields/markdown/markdown-editor\\.ts$',
  '^src/client/panels/media/media-panel\\.ts$',
  '^src/client/panels/settings/settings-panel\\.ts$',
  '^src/client/panels/inbox/inbox-panel\\.ts$',
  '^src/client/panels/search/search-panel\\.ts$',
  '^src/client/panels/reviews/reviews-panel\\.ts$',
  '^src/client/panels/reviews/ask-review\\.ts$',
  '^src/client/panels/choices/choice-view\\.ts$',
  '^src/client/realtime/realtime-client\\.ts$',
  '^src/client/sections/sections-client\\.ts$',
];

/**
 * What packages/commerce (the workspace package behind `louise/commerce/*`,
 * tests and fakes included) may import from the CMS: nothing but these.
 * - src/security, the bottom layer (it imports nothing from src/ outside
 *   itself, so depending on it brings in no CMS code). It holds the one crypto
 *   module, security/crypto.ts (HMAC sign/verify, SHA-256, constant-time
 *   compare), which imports nothing from src/ (rule crypto-is-a-leaf): the provider clients sign and
 *   verify webhooks with the very functions auth and forms use, and commerce
 *   needs no crypto of its own nor a separate package for it. The upstream
 *   fetch, the model-HTML sanitizer and the local-host check are there too.
 * - canonical JSON (content/field-rev.ts, imports nothing), which Pos's
 *   idempotency keys hash.
 * The package's relative imports of these compile into lib/ beside lib/src/,
 * so the published tarball stays self-contained.
 */
const COMMERCE_LEAVES = ['^src/security/', '^src/content/field-rev\\.ts$'];

/**
 * A public entry (an area's index.ts) that keeps re-exporting, under its old
 * entry, a module that moved to a higher area: `louise/content` has always
 * exported the draft merge rules (`mergeDraft`, `parseDraftBody`...), which
 * now live in src/drafts. Only the entry file gets the allowance, never the
 * area's other modules (rule `layer-<area>-entry`).
 */
const ENTRY_REEXPORTS = {
  content: { entry: 'src/content/index.ts', modules: ['^src/drafts/merge-draft\\.ts$'] },
};

/** The `to.pathNot` of an area: itself, the areas below it, its shared modules. */
const allowedFor = (area) => [`^src/${area}/`, ...LAYERS[area].map((a) => `^src/${a}/`), ...(SHARED[area] ?? [])];

/** A file path as an exact-match pattern. */
const exactPath = (path) => `^${path.replace(/[.]/g, '\\.')}$`;

const layerRules = Object.entries(LAYERS).flatMap(([area, allowed]) => {
  const comment =
    allowed.length === 0
      ? `src/${area} imports nothing from src/ outside itself${area === 'client' ? ' (browser code: nothing server-side)' : ''}.`
      : `src/${area} may import only ${allowed.map((a) => `src/${a}`).join(', ')} from src/.`;
  const entry = ENTRY_REEXPORTS[area];
  const rule = {
    name: `layer-${area}`,
    severity: 'error',
    comment,
    from: { path: `^src/${area}/`, pathNot: [...TESTS, ...(entry ? [exactPath(entry.entry)] : [])] },
    to: { path: '^src/', pathNot: allowedFor(area) },
  };
  if (!entry) return [rule];
  return [
    rule,
    {
      name: `layer-${area}-entry`,
      severity: 'error',
      comment: `${entry.entry} (a public entry): as src/${area}, plus the modules it has always re-exported (ENTRY_REEXPORTS).`,
      from: { path: exactPath(entry.entry) },
      to: { path: '^src/', pathNot: [...allowedFor(area), ...entry.modules] },
    },
  ];
});

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
      name: 'commerce-only-declared-leaves',
      severity: 'error',
      comment: 'packages/commerce imports from the CMS only src/security and canonical JSON (COMMERCE_LEAVES); never integration/, site/, cli/, tests/.',
      from: { path: '^packages/commerce/' },
      to: { path: '^(src|integration|site|cli|tests)/', pathNot: COMMERCE_LEAVES },
    },
    {
      name: 'crypto-is-a-leaf',
      severity: 'error',
      comment: 'security/crypto.ts (HMAC, SHA-256, constant-time compare) imports nothing from the repository: every area and packages/commerce use it.',
      from: { path: '^src/security/crypto\\.ts$' },
      to: { path: '^(src|packages|integration|site|cli|tests)/' },
    },
    {
      name: 'wire-contracts-import-nothing',
      severity: 'error',
      comment: 'A wire contract (src/<area>/wire.ts) imports nothing from the repository: the browser client shares it.',
      from: { path: WIRE_CONTRACTS },
      to: { path: '^(src|packages|integration|site|cli|tests)/' },
    },
    {
      name: 'only-worker-to-commerce',
      severity: 'error',
      comment: 'Of the toolkit, only src/worker (the Merch limiter Durable Object) imports packages/commerce; sites use `louise/commerce/...`.',
      from: { path: '^(src|integration|cli)/', pathNot: ['^src/worker/', ...TESTS] },
      to: { path: '^packages/commerce/' },
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
      from: { path: '^(src|packages|integration|site|cli)/', pathNot: TESTS },
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
      name: 'client-forms-visitor-only',
      severity: 'error',
      comment:
        "src/client/forms is the visitor's browser code (`louise/client/forms`): it imports nothing else from src/, so a public page never loads the editor's client.",
      from: { path: '^src/client/forms/', pathNot: TESTS },
      to: { path: '^(src|integration)/', pathNot: '^src/client/forms/' },
    },
    {
      name: 'client-editor-not-forms',
      severity: 'error',
      comment: "The edit-mode client does not import the visitor's form code (src/client/forms); each ships on its own.",
      from: { path: '^(src|integration)/client/', pathNot: ['^src/client/forms/', ...TESTS] },
      to: { path: '^src/client/forms/' },
    },
    {
      name: 'client-lazy-chunks-stay-lazy',
      severity: 'error',
      comment:
        'Each lazy chunk of the edit-mode client (its own folder of src/client) is entered only with import(): a static import would pull it into the core the first page load pays for (types may be imported).',
      from: { path: '^(src|integration)/client/', pathNot: TESTS },
      to: { path: LAZY_CHUNKS, dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'] },
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
