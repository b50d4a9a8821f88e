import { describe, expect, it } from 'vitest';
import { louiseWranglerEdits } from './wrangler-edits.ts';

const context = { name: 'site', srcDir: 'src', compatibilityDate: '2026-05-01' };

/** The migrations init would append to a config with these. */
function added(migrations: unknown[]) {
  const { edits } = louiseWranglerEdits({ migrations }, context);
  return edits.filter((edit) => edit.path[0] === 'migrations').map((edit) => edit.value);
}

describe("Louise's Durable Objects in the wrangler config", () => {
  it('gives each class a migration of its own, continuing v<n> in a list of only her own', () => {
    expect(added([])).toEqual([
      { tag: 'v1', new_sqlite_classes: ['RateLimiterObject'] },
      { tag: 'v2', new_sqlite_classes: ['RealtimeObject'] },
    ]);
    expect(added([{ tag: 'v1', new_sqlite_classes: ['RateLimiterObject'] }])).toEqual([{ tag: 'v2', new_sqlite_classes: ['RealtimeObject'] }]);
  });

  it("names hers louise-v<n> among the site's own migrations, after any she added there before", () => {
    const site = { tag: 'v1', new_sqlite_classes: ['Counter'] };
    expect(added([site]).map((m) => (m as { tag: string }).tag)).toEqual(['louise-v1', 'louise-v2']);
    expect(added([site, { tag: 'louise-v1', new_sqlite_classes: ['RateLimiterObject'] }])).toEqual([
      { tag: 'louise-v2', new_sqlite_classes: ['RealtimeObject'] },
    ]);
  });

  it('takes a class renamed to RealtimeObject as declared, and a deleted one of the site as the site own list', () => {
    expect(
      added([
        { tag: 'v1', new_classes: ['RateLimiterObject'] },
        { tag: 'v2', renamed_classes: [{ from: 'Live', to: 'RealtimeObject' }] },
      ]),
    ).toEqual([]);
    expect(
      added([
        { tag: 'a', new_sqlite_classes: ['RateLimiterObject'] },
        { tag: 'b', deleted_classes: ['Old'] },
      ]),
    ).toEqual([{ tag: 'louise-v1', new_sqlite_classes: ['RealtimeObject'] }]);
  });

  it('binds what is missing by name, creating durable_objects once, and adds nothing when both are there', () => {
    const durable = (config: Record<string, unknown>) =>
      louiseWranglerEdits(config, context)
        .edits.filter((edit) => edit.path[0] === 'durable_objects' || edit.path[0] === 'migrations')
        .map(({ path, value }) => ({ path: path.join('.'), value }));
    expect(durable({})).toEqual([
      { path: 'durable_objects', value: { bindings: [{ name: 'RATE_LIMITER', class_name: 'RateLimiterObject' }] } },
      { path: 'durable_objects.bindings', value: { name: 'REALTIME', class_name: 'RealtimeObject' } },
      { path: 'migrations', value: { tag: 'v1', new_sqlite_classes: ['RateLimiterObject'] } },
      { path: 'migrations', value: { tag: 'v2', new_sqlite_classes: ['RealtimeObject'] } },
    ]);
    const done = {
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
    expect(durable(done)).toEqual([]);
  });
});
