// The micro-apps' operation audit log (001 §3.6; @campus/schema appAuditLogModel).
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_audit_log (id bigint primary key, tenant_id varchar(12) not null, app_id bigint, module varchar(32) not null,
      biz_id varchar(64), account varchar(64), operate varchar(16) not null, operate_before text, operate_after text, ip_address varchar(64),
      error_info varchar(2000), create_time timestamptz not null default now(), is_deleted int not null default 0)`,
    `create index blade_app_audit_log_app on blade_app_audit_log (tenant_id, app_id, create_time)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
