// Migrations are TypeScript modules listed here in order; each later module appends its own.
// Kysely's migrator takes a PostgreSQL advisory lock, so several nodes booting at once migrate once.
import { Migrator, sql, type Migration } from 'kysely';
import type { Db } from './index.ts';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0003 from './migrations/0003_workflow.ts';
import * as m0002 from './migrations/0002_message.ts';
import * as m0004 from './migrations/0004_system.ts';
import * as m0005 from './migrations/0005_region.ts';
import * as m0006 from './migrations/0006_log_job.ts';
import * as m0007 from './migrations/0007_resource.ts';
import * as m0010 from './migrations/0010_email.ts';
import * as m0011 from './migrations/0011_develop.ts';
import * as m0014 from './migrations/0014_personal.ts';
import * as m0008 from './migrations/0008_workflow_api.ts';
import * as m0009 from './migrations/0009_thirdparty.ts';
import * as m0012 from './migrations/0012_workflow_perf.ts';
import * as m0013 from './migrations/0013_workflow_menus.ts';
import * as m0016 from './migrations/0016_workflow_engine_events.ts';
import * as m0015 from './migrations/0015_workflow_design_menus.ts';
import * as m0019 from './migrations/0019_workflow_draft_menu.ts';
import * as m0018 from './migrations/0018_list_indexes.ts';
import * as m0021 from './migrations/0021_workflow_sets_menus.ts';
import * as m0020 from './migrations/0020_trigram_search.ts';
import * as m0023 from './migrations/0023_workflow_favourite.ts';
import * as m0024 from './migrations/0024_api_log_retention.ts';
import * as m0022 from './migrations/0022_message_i18n.ts';
import * as m0025 from './migrations/0025_node_lease.ts';

const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0003_workflow': m0003,
  '0002_message': m0002,
  '0004_system': m0004,
  '0005_region': m0005,
  '0006_log_job': m0006,
  '0007_resource': m0007,
  '0010_email': m0010,
  '0011_develop': m0011,
  '0014_personal': m0014,
  '0008_workflow_api': m0008,
  '0009_thirdparty': m0009,
  '0012_workflow_perf': m0012,
  '0013_workflow_menus': m0013,
  '0016_workflow_engine_events': m0016,
  '0015_workflow_design_menus': m0015,
  '0019_workflow_draft_menu': m0019,
  '0018_list_indexes': m0018,
  '0021_workflow_sets_menus': m0021,
  '0020_trigram_search': m0020,
  '0023_workflow_favourite': m0023,
  '0024_api_log_retention': m0024,
  '0022_message_i18n': m0022,
  '0025_node_lease': m0025,
};

export async function migrate(db: Db): Promise<void> {
  // modules land in any order, so a later-numbered migration may already have run
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
}

/** Runs DDL written as plain SQL, one statement at a time (PGlite's extended protocol takes one). */
export async function runStatements(db: Db, statements: string[]): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}

/** Audit columns every business table carries (002 §3). */
export const AUDIT = `create_user bigint, create_dept bigint, create_time timestamptz not null default now(),
  update_user bigint, update_time timestamptz not null default now(), status int not null default 1,
  is_deleted int not null default 0`;
