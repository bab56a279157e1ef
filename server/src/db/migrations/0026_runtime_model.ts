// Models defined at run time (issue 14 item 6; the micro-app builder's models stand on it): each
// tenant's definitions as data, in the same field format as the compiled ones (@campus/schema
// defineModel). Each definition's rows live in a table of their own, dm_<tenant>_<name>.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_runtime_model (id bigint primary key, tenant_id varchar(12) not null, name varchar(40) not null,
      title_zh varchar(64) not null, title_en varchar(64) not null, table_name varchar(63) not null, definition text not null,
      version int not null default 1, ${AUDIT})`,
    `create unique index blade_runtime_model_name on blade_runtime_model (tenant_id, name) where is_deleted = 0`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
