// The micro-app builder's data models and their fields (001 §7.1 blade-model / blade-modelitem;
// @campus/schema miniModelModel, miniModelItemModel). The tables a model describes are made by
// createTable at run time (modules/miniapp/tables.ts), not here.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_mini_model (id bigint primary key, tenant_id varchar(12) not null, model_name varchar(64) not null,
      model_table varchar(36) not null, category varchar(64), parent_id bigint, relation varchar(8),
      table_status int not null default 0, table_version int not null default 0, remark varchar(500), ${AUDIT})`,
    `create unique index blade_mini_model_table on blade_mini_model (tenant_id, model_table) where is_deleted = 0`,
    `create index blade_mini_model_parent on blade_mini_model (parent_id)`,
    `create table blade_mini_model_item (id bigint primary key, tenant_id varchar(12) not null, model_id bigint not null,
      field_name varchar(40) not null, field_label varchar(64) not null, field_label_en varchar(64), field_type varchar(16) not null,
      length int, scale int, required int not null default 0, searchable int not null default 0, pattern varchar(500),
      pattern_message varchar(200), dict_code varchar(64), default_value varchar(500), sort int not null default 1, ${AUDIT})`,
    `create unique index blade_mini_model_item_name on blade_mini_model_item (model_id, field_name) where is_deleted = 0`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
