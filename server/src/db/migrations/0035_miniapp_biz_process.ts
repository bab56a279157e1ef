// The link between a micro-app record and the process instances it was sent through (001 §4;
// @campus/schema appBizProcessModel): one row per submission, the newest being the record's current process.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_biz_process (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null, table_name varchar(64) not null,
      record_id bigint not null, process_instance_id bigint not null, data_status int not null default 3, ${AUDIT})`,
    `create unique index blade_app_biz_process_instance on blade_app_biz_process (process_instance_id)`,
    `create index blade_app_biz_process_record on blade_app_biz_process (tenant_id, app_id, record_id, create_time)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
