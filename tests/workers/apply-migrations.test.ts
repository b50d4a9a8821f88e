import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { migrateLocalDatabase, seedLocalSettings } from '../../integration/worker/dev-migrations.ts';
import { applyMigrations } from '../../src/db/apply-migrations.ts';

// setup.ts migrated this database the old way (wrangler's d1_migrations), so
// the shipped migrations are what a site that used to migrate with wrangler has.
const shipped = env.TEST_MIGRATIONS.map((migration) => ({
  name: migration.name.replace(/\.sql$/, ''),
  sql: migration.queries.join('\n--> statement-breakpoint\n'),
}));
const recorded = async () => (await env.DB.prepare('SELECT name FROM _louise_migrations ORDER BY name').all<{ name: string }>()).results.map((row) => row.name);
const tables = async () => (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map((row) => row.name);

describe('applyMigrations through the D1 binding (astro dev)', () => {
  it("adopts what wrangler applied, then runs a new migration once, recording each in Louise's table", async () => {
    const adopted = await applyMigrations(env.DB, shipped, 1);
    expect(adopted).toEqual({ adopt: shipped.map((m) => m.name), pending: [] });
    expect(await recorded()).toEqual(shipped.map((m) => m.name));
    expect(await applyMigrations(env.DB, shipped)).toEqual({ adopt: [], pending: [] });

    const next = {
      name: '9999_widgets',
      sql: 'CREATE TABLE `widgets` (`id` integer PRIMARY KEY);\n--> statement-breakpoint\nCREATE INDEX `widgets_idx` ON `widgets` (`id`);',
    };
    const plan = await applyMigrations(env.DB, [...shipped, next]);
    expect(plan.pending.map((m) => m.name)).toEqual(['9999_widgets']);
    expect(await tables()).toContain('widgets');
    expect(await recorded()).toContain('9999_widgets');
    expect((await applyMigrations(env.DB, [...shipped, next])).pending).toEqual([]);
  });

  it('leaves a failing migration unapplied and unrecorded (one batch per migration)', async () => {
    const broken = { name: '9998_broken', sql: 'CREATE TABLE `gadgets` (`id` integer);\n--> statement-breakpoint\nCREATE TABLE `editors` (`id` integer);' };
    await expect(applyMigrations(env.DB, [...shipped, broken])).rejects.toThrow(/table `editors` already exists/);
    expect(await tables()).not.toContain('gadgets');
    expect(await recorded()).not.toContain('9998_broken');
  });

  it('in dev, never throws: a missing binding or a failure is one log line saying what to run', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await migrateLocalDatabase(undefined, shipped);
      expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/no D1 binding named DB.*run `npx louise init`/));
      await migrateLocalDatabase(env.DB, [...shipped, { name: '9997_broken', sql: 'CREATE TABLE `editors` (`id` integer);' }]);
      expect(error).toHaveBeenLastCalledWith(
        expect.stringMatching(/could not apply Louise's migrations .*table `editors` already exists.*npx louise db migrate/),
      );
    } finally {
      error.mockRestore();
    }
  });

  it('in dev, logs what it applied', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await migrateLocalDatabase(env.DB, [...shipped, { name: '9996_gizmos', sql: 'CREATE TABLE `gizmos` (`id` integer);' }]);
      expect(log).toHaveBeenCalledWith('Louise: applied 9996_gizmos to the local database.');
    } finally {
      log.mockRestore();
    }
  });
});

describe('seedLocalSettings (astro dev, after the migrations)', () => {
  it('creates the settings row from the defaults once, then leaves it; never throws', async () => {
    await env.DB.prepare('DELETE FROM site_settings').run();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await seedLocalSettings(env.DB, { defaults: { siteName: 'Seeded' } });
      expect(log).toHaveBeenCalledWith('louise: seeded the site settings in the local database from cms.config.');
      await env.DB.prepare("UPDATE site_settings SET site_name = 'Edited'").run();
      await seedLocalSettings(env.DB, { defaults: { siteName: 'Seeded' } });
      expect(await env.DB.prepare('SELECT site_name FROM site_settings').first('site_name')).toBe('Edited');
      await seedLocalSettings(undefined, { defaults: {} });
      await seedLocalSettings(env.DB, null);
      await seedLocalSettings(
        {
          prepare: () => {
            throw new Error('D1 is down');
          },
        } as never,
        { defaults: {} },
      );
      expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/could not seed the site settings \(D1 is down\).*npx louise db seed/));
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  });
});
