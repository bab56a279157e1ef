// Migrations are TypeScript modules, each owned by the module whose tables it makes: a module's
// descriptor lists its own (modules/<area>/module.ts), and the core's are below. migrate() gathers
// them and Kysely applies them in their global name (= numeric) order, recording each name in
// kysely_migration. Kysely's migrator takes a PostgreSQL advisory lock, so several nodes booting at
// once migrate once.
import { sql, type QueryExecutorProvider } from 'kysely';
import { Migrator, type Migration, type MigratorProps } from 'kysely/migration';
import type { Db } from './index.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0025 from './migrations/0025_node_lease.ts';
import * as m0027 from './migrations/0027_menu_seed.ts';
import { loadTenantTables } from './tenant-scope.ts';

/** Where migrations come from: the core, and each module's descriptor. */
export interface MigrationSource {
  name: string;
  migrations?: Readonly<Record<string, Migration>>;
}

/** The core's own tables: tenants, people, menus and grants, sessions (0001); node leases of the id generator (0025); menu codes seen (0027). */
export const core: MigrationSource = {
  name: 'core',
  migrations: {
    '0001_foundation': m0001,
    '0025_node_lease': m0025,
    '0027_menu_seed': m0027,
  },
};

/** The core's and the modules' migrations by name; a name declared twice throws, naming both owners. */
export function collectMigrations(sources: readonly MigrationSource[]): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  const owner = new Map<string, string>();
  for (const s of [core, ...sources]) {
    for (const [name, m] of Object.entries(s.migrations ?? {})) {
      if (owner.has(name)) throw new Error(`migration ${name} is declared by ${owner.get(name)} and ${s.name}`);
      owner.set(name, s.name);
      all[name] = m;
    }
  }
  return all;
}

/** Brings the database up to date with the core's and these modules' migrations (modules/index.ts). */
export async function migrate(db: Db, modules: readonly MigrationSource[]): Promise<void> {
  await applyMigrations(db, collectMigrations(modules));
  // the schema is now known: the tables scoped(db, tenantId) confines to a tenant (those with tenant_id)
  await loadTenantTables(db);
}

/** Applies the migrations not yet recorded in kysely_migration; a failure throws, naming the migration. */
export async function applyMigrations(db: MigratorProps['db'], migrations: Record<string, Migration>): Promise<void> {
  // modules land in any order, so a later-numbered migration may already have run
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
}

/** Runs DDL written as plain SQL, one statement at a time (PGlite's extended protocol takes one). */
export async function runStatements(db: QueryExecutorProvider, statements: string[]): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}

/** Audit columns every business table carries (002 §3). */
export const AUDIT = `create_user bigint, create_dept bigint, create_time timestamptz not null default now(),
  update_user bigint, update_time timestamptz not null default now(), status int not null default 1,
  is_deleted int not null default 0`;
