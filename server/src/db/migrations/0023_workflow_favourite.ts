// 发起流程 favourites: the processes each user marked (by process key, so a new version stays a
// favourite), per tenant and user. Recently used needs no table: it is the user's own instances.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table wf_favourite (tenant_id varchar(12) not null, user_id bigint not null, process_def_key varchar(255) not null,
      create_time timestamptz not null default now(), primary key (tenant_id, user_id, process_def_key))`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
