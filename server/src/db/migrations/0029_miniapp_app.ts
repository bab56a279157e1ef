// Micro-apps, their categories, menus and custom operation buttons (001 §3.1, §3.2, §7.1;
// @campus/schema appInfoModel, appCategoryModel, appMenuModel, appDiyOperateModel).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_app_category (id bigint primary key, tenant_id varchar(12) not null, category_name varchar(64) not null,
      parent_id bigint, icon varchar(500), sort int not null default 1, remark varchar(500), ${AUDIT})`,
    `create index blade_app_category_tenant on blade_app_category (tenant_id, sort)`,
    `create table blade_app_info (id bigint primary key, tenant_id varchar(12) not null, app_name varchar(64) not null, app_desc varchar(500),
      app_icon varchar(1000), category_id bigint, model_id bigint, form_option text, process_def_key varchar(255),
      app_status int not null default 0, sort int not null default 1, ${AUDIT})`,
    `create index blade_app_info_tenant on blade_app_info (tenant_id, sort)`,
    `create table blade_app_menu (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null, parent_id bigint,
      menu_name varchar(64) not null, menu_router varchar(255) not null, menu_icon varchar(64), menu_alias varchar(64), sort int not null default 1, ${AUDIT})`,
    `create index blade_app_menu_app on blade_app_menu (app_id)`,
    `create table blade_app_diy_operate (id bigint primary key, tenant_id varchar(12) not null, app_id bigint not null, btn_name varchar(64) not null,
      btn_url varchar(1000) not null, btn_icon varchar(64), sort int not null default 1, ${AUDIT})`,
    `create index blade_app_diy_operate_app on blade_app_diy_operate (app_id)`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
