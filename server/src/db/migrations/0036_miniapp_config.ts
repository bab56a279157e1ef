// The settings of micro-apps: system config (one row per app), standard buttons and option sources
// (001 §3.2, §7.1; @campus/schema appSysConfigModel, appOperateModel, appDataSourceModel).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_sys_config (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      page_size int not null default 10, pre_read_enable int not null default 0, pre_read_compel int not null default 0,
      pre_read_title varchar(100), pre_read_time int not null default 5, pre_read_files text, pre_read_body text,
      watermark int not null default 0, ${AUDIT})`,
    `create unique index blade_app_sys_config_app on blade_app_sys_config (tenant_id, app_id) where is_deleted = 0`,
    `create table blade_app_operate (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      operate_code varchar(16) not null, operate_name varchar(32) not null, operate_name_en varchar(64),
      enabled int not null default 1, sort int not null default 1, ${AUDIT})`,
    `create unique index blade_app_operate_code on blade_app_operate (tenant_id, app_id, operate_code) where is_deleted = 0`,
    `create table blade_app_data_source (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null,
      source_name varchar(64) not null, source_type varchar(8) not null, dict_code varchar(64), sql_content text,
      ref_app_id bigint, ref_field varchar(40), remark varchar(500), ${AUDIT})`,
    `create index blade_app_data_source_app on blade_app_data_source (app_id)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
