// Print templates of micro-apps and people's pinned apps (001 §3.5, §7.1; @campus/schema
// appPrintTemplateModel, myAppModel).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_print_template (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      template_name varchar(64) not null, template_type varchar(8) not null, print_address varchar(500), is_center varchar(1) not null default 'N',
      template_json text not null, ${AUDIT})`,
    `create index blade_app_print_template_app on blade_app_print_template (app_id)`,
    `create table blade_my_app (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null, sort int not null default 1, ${AUDIT})`,
    `create unique index blade_my_app_user on blade_my_app (tenant_id, create_user, app_id) where is_deleted = 0`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
