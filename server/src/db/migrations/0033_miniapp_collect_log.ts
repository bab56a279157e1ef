// The micro-apps' data-collection log (001 §3.4; @campus/schema appCollectLogModel).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_collect_log (id bigint primary key, tenant_id varchar(12) not null, app_id bigint, biz_code varchar(64), biz_name varchar(64),
      table_name varchar(64), source varchar(8), method varchar(8), type varchar(8), collect_status int, old_data text, new_data text,
      collect_info varchar(2000), ${AUDIT})`,
    `create index blade_app_collect_log_app on blade_app_collect_log (tenant_id, app_id, create_time)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
