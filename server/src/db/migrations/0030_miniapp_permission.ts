// Who may use a micro-app and how (001 §3.2, §6; @campus/schema appPermissionModel,
// appPermissionScopeModel): permission groups and their field rights.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_permission (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      permission_name varchar(64) not null, user_ids varchar(4000), role_ids varchar(2000), dept_ids varchar(2000), post_ids varchar(2000),
      operates varchar(2000), data_scope varchar(8) not null default 'all', ${AUDIT})`,
    `create index blade_app_permission_app on blade_app_permission (app_id)`,
    `create table blade_app_permission_scope (id bigint primary key, tenant_id varchar(12) not null, permission_id bigint not null,
      model_id bigint not null, field_name varchar(40) not null, hide int not null default 0, disabled int not null default 0,
      display int not null default 1, search int not null default 1, ${AUDIT})`,
    `create unique index blade_app_permission_scope_field on blade_app_permission_scope (permission_id, model_id, field_name) where is_deleted = 0`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
