// Every rule in .dependency-cruiser.cjs fires: one small tree in a temp dir,
// laid out like the repository (src/<area>/, integration/, site/, cli/,
// tests/), holds one violating import per rule and one allowed import per
// layer, each from its own file; a single cruise with the real rule set
// must report exactly the expected rule for every violating file and
// nothing for the allowed ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { ICruiseOptions, ICruiseResult, IForbiddenRuleType } from 'dependency-cruiser';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The part of a rule this test reads (every rule in the config has a name, a from and a to). */
interface Rule {
  name: string;
  from: { path?: string; pathNot?: string | string[] };
  to: { path?: string | string[]; pathNot?: string | string[] };
}
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: Rule[]; options?: ICruiseOptions };
const ruleNames = config.forbidden.map((rule) => rule.name);
const layerRules = config.forbidden.filter((rule) => /^layer-[a-z]+$/.test(rule.name));
const areas = layerRules.map((rule) => rule.name.slice('layer-'.length));

/** The areas (and single shared modules) a layer rule lets its area import, read back from the rule itself. */
function allowedBy(rule: Rule): { areas: string[]; files: string[] } {
  const pathNot = [rule.to.pathNot ?? []].flat();
  return {
    areas: pathNot.flatMap((p) => /^\^src\/([a-z-]+)\/$/.exec(p)?.[1] ?? []),
    files: pathNot.filter((p) => p.endsWith('$')).map((p) => p.slice(1, -1).replaceAll('\\.', '.')),
  };
}

/** A file of the tree: its relative path and the specifiers it imports. */
interface Case {
  file: string;
  imports: string[];
  /** The one rule this file breaks, or null when it must be clean. */
  rule: string | null;
  /** Import with `import()` instead of a static import. */
  dynamic?: boolean;
}

const cases: Case[] = [];
const targets = new Set<string>();

/** `from` imports the repository-relative `to` (written as a relative `.ts` specifier). */
function spec(from: string, to: string): string {
  const path = relative(dirname(from), to);
  return path.startsWith('.') ? path : `./${path}`;
}

function add(file: string, to: string[], rule: string | null, dynamic = false): void {
  for (const target of to) if (!target.includes(':') && target !== file) targets.add(target);
  cases.push({ file, imports: to.map((t) => (t.includes(':') ? t : spec(file, t))), rule, dynamic });
}

for (const rule of layerRules) {
  const area = rule.name.slice('layer-'.length);
  const allowed = allowedBy(rule);
  const others = allowed.areas.filter((a) => a !== area);
  // Forbidden: the first area this one may not import.
  const forbidden = areas.find((a) => a !== area && !allowed.areas.includes(a));
  if (forbidden) add(`src/${area}/breaks-layer.ts`, [`src/${forbidden}/target.ts`], rule.name);
  // Allowed: every area below it and every shared module, or a module of its own when it may import nothing else.
  const fine = [...others.map((a) => `src/${a}/target.ts`), ...allowed.files];
  add(`src/${area}/keeps-layer.ts`, fine.length > 0 ? fine : [`src/${area}/target.ts`], null);
}

// The new areas by name: siblings never import one another, the drafts core
// none of them, and what sits below drafts not drafts.
for (const [from, to] of [
  ['media', 'forms'],
  ['forms', 'settings'],
  ['settings', 'media'],
  ['drafts', 'media'],
  ['drafts', 'editor'],
  ['search', 'drafts'],
  ['realtime', 'media'],
  ['realtime', 'editor'],
]) {
  add(`src/${from}/to-${to}.ts`, [`src/${to}/target.ts`], `layer-${from}`);
}

// A public entry's allowance: only the entry, only the listed modules.
for (const rule of config.forbidden.filter((r) => /^layer-[a-z]+-entry$/.test(r.name))) {
  const area = rule.name.slice('layer-'.length, -'-entry'.length);
  const entry = (rule.from.path ?? '').slice(1, -1).replaceAll('\\.', '.');
  const { files } = allowedBy(rule);
  const layerFiles = allowedBy(layerRules.find((r) => r.name === `layer-${area}`) as Rule).files;
  const reexported = files.filter((f) => !layerFiles.includes(f));
  if (reexported.length === 0) throw new Error(`${rule.name} allows nothing beyond layer-${area}`);
  const outside = areas.find((a) => a !== area && !allowedBy(rule).areas.includes(a)) as string;
  add(entry, [...reexported, `src/${outside}/target.ts`], rule.name);
  // The same modules from any other file of the area break its layer.
  add(`src/${area}/not-the-entry.ts`, reexported, `layer-${area}`);
}

// dependency-cruiser reports a cycle once, at the import that closes it as it walks.
add('src/security/cycle-a.ts', ['src/security/cycle-b.ts'], 'no-circular');
const cycleB = { file: 'src/security/cycle-b.ts', imports: ['./cycle-a.ts'] };
add('src/no-such-area/x.ts', ['src/security/target.ts'], 'src-not-to-unknown-area');
add('src/security/to-integration.ts', ['integration/target.ts'], 'src-not-to-integration-or-site');
add('integration/to-cli.ts', ['cli/target.ts'], 'nothing-to-cli');
add('src/security/to-tests.ts', ['tests/target.ts'], 'not-to-tests');
// The integration's Worker side (workerd) never reaches its Node side, nor a builtin workerd lacks.
add('integration/worker/to-node.ts', ['integration/node/target.ts'], 'integration-worker-not-node');
add('integration/worker/to-fs.ts', ['node:fs'], 'integration-worker-workers-builtins');
add('integration/worker/keeps-builtins.ts', ['node:buffer', 'integration/worker/target.ts', 'integration/target.ts'], null);
add('integration/to-node.ts', ['integration/node/target.ts'], 'integration-shared-not-node');
add('integration/node/keeps-both.ts', ['integration/worker/target.ts', 'node:fs'], null);
add('integration/client/to-server.ts', ['src/security/target.ts'], 'integration-client-only-src-client');
add('integration/client/keeps-client.ts', ['src/client/target.ts', 'integration/client/target.ts'], null);
add('src/client/to-workers.ts', ['cloudflare:workers'], 'client-no-server-modules');
add('src/client/to-node.ts', ['node:fs'], 'client-no-core-modules');
add('site/to-src.ts', ['src/security/target.ts'], 'site-only-public-exports');
// The visitor's form code and the edit-mode client ship apart; a lazy chunk is entered only with import().
add('src/client/forms/to-core.ts', ['src/client/core/target.ts'], 'client-forms-visitor-only');
add('src/client/core/to-forms.ts', ['src/client/forms/target.ts'], 'client-editor-not-forms');
add('src/client/core/to-lazy.ts', ['src/client/panels/media/media-panel.ts'], 'client-lazy-chunks-stay-lazy');
add('src/client/core/keeps-lazy.ts', ['src/client/panels/media/media-panel.ts'], null, true);
// Commerce (its own workspace package) takes from src/ only the declared leaves; only the worker imports it; crypto imports nothing.
add('packages/commerce/src/to-drafts.ts', ['src/drafts/target.ts'], 'commerce-only-declared-leaves');
add('packages/commerce/src/keeps-leaves.ts', ['src/security/target.ts', 'src/content/field-rev.ts'], null);
add('src/drafts/to-commerce.ts', ['packages/commerce/src/target.ts'], 'only-worker-to-commerce');
add('src/worker/keeps-commerce.ts', ['packages/commerce/src/target.ts'], null);
add('src/security/crypto.ts', ['src/security/target.ts'], 'crypto-is-a-leaf');
// A wire contract (shared with the browser client) imports nothing.
add('src/media/wire.ts', ['src/media/target.ts'], 'wire-contracts-import-nothing');
// Tests may import anything.
add('src/security/keeps.test.ts', ['src/drafts/target.ts', 'tests/target.ts'], null);

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'louise-depcruise-'));
  const write = (file: string, body: string): void => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), body);
  };
  for (const target of targets) if (target !== cycleB.file) write(target, 'export const value = 1;\n');
  for (const c of [...cases, cycleB])
    write(
      c.file,
      'dynamic' in c && c.dynamic
        ? `export const value = [${c.imports.map((s) => `import('${s}')`).join(', ')}];\n`
        : `${c.imports.map((s, i) => `import { value as v${i} } from '${s}';`).join('\n')}\nexport const value = [${c.imports.map((_, i) => `v${i}`).join(', ')}];\n`,
    );
  const { tsConfig: _, ...options } = config.options ?? {};
  const output = await cruise(['src', 'packages', 'integration', 'site', 'cli', 'tests'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden as IForbiddenRuleType[] },
  });
  result = output.output as ICruiseResult;
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The rules reported for imports made by `file`. */
function reported(file: string): string[] {
  return [...new Set((result.summary.violations ?? []).filter((v) => v.from === file).map((v) => v.rule.name))].sort();
}

describe('dependency rules', () => {
  it('covers every rule in the config', () => {
    const covered = new Set(cases.flatMap((c) => c.rule ?? []));
    expect([...covered].sort()).toEqual([...ruleNames].sort());
  });

  it('has a layer for every area the config names, the new ones included', () => {
    expect(areas).toEqual(expect.arrayContaining(['content', 'drafts', 'media', 'forms', 'settings', 'editor', 'realtime', 'worker']));
  });

  for (const c of cases) {
    it(c.rule ? `${c.file} breaks ${c.rule}` : `${c.file} is clean`, () => {
      expect(reported(c.file)).toEqual(c.rule ? [c.rule] : []);
    });
  }
});
