// Shared by the catalog and inventory tests. Test-only: not part of the package.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPosSpecDir } from '../../../tests/fakes/pos/contract.ts';
import { createFakePos, type FakePos, type FakePosOptions } from '../../../tests/fakes/pos/fake-pos.ts';

/**
 * The published pos-openapi.json (2025-08-20) references
 * `CatalogModifierToggleOverrideType` (five fields of CatalogItemModifierListInfo
 * and CatalogModifierOverride) without defining it, so no schema that reaches
 * `CatalogObject` compiles. Its values are in those fields' descriptions:
 * `YES`, `NO`, `NOT_SET`. Until the contract loader fills the gap itself,
 * catalog tests load a copy with that one definition added.
 */
const MISSING = { CatalogModifierToggleOverrideType: { type: 'string', enum: ['YES', 'NO', 'NOT_SET'] } };

let dir: string | undefined;

function patchedSpecDir(): string {
  if (dir) return dir;
  const spec = JSON.parse(readFileSync(join(defaultPosSpecDir(), 'pos-openapi.json'), 'utf8')) as { components: { schemas: Record<string, unknown> } };
  for (const [name, schema] of Object.entries(MISSING)) spec.components.schemas[name] ??= schema;
  dir = join(tmpdir(), `louise-pos-spec-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `pos-openapi.json.${Math.random().toString(36).slice(2)}`);
  writeFileSync(temp, JSON.stringify(spec));
  renameSync(temp, join(dir, 'pos-openapi.json'));
  return dir;
}

/** `createFakePos` over the spec with the missing catalog definition added. */
export function createCatalogFakePos(options: FakePosOptions = {}): FakePos {
  return createFakePos({ ...options, specDir: patchedSpecDir() });
}
