// Developer tools (002 §7 "Datasource", "Code generation", "Rule and form source"): datasources,
// code generation records, data models with their column prototypes, rules, form data sources.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const DEVELOP_MENUS: MenuSeed[] = [
  { id: '1302', code: 'datasource', name: '数据源管理', path: '/tool/datasource', source: 'DatabaseOutlined', sort: 2, buttons: [...crudButtons('datasource'), ['datasource_test', '连接测试', 'test']] },
  { id: '1303', code: 'code', name: '代码生成', path: '/tool/code', source: 'CodeOutlined', sort: 3, buttons: [...crudButtons('code'), ['code_gen', '生成', 'gen']] },
  { id: '1304', code: 'model', name: '数据模型', path: '/tool/model', source: 'TableOutlined', sort: 4, buttons: crudButtons('model') },
  { id: '1305', code: 'rule', name: '规则管理', path: '/tool/rule', source: 'CheckSquareOutlined', sort: 5, buttons: crudButtons('rule') },
  { id: '1306', code: 'formSource', name: '表单数据源', path: '/tool/formSource', source: 'FunctionOutlined', sort: 6, buttons: [...crudButtons('formSource'), ['formSource_execute', '执行', 'execute']] },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_datasource (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      driver_class varchar(100), url varchar(500) not null, username varchar(100), password varchar(255), remark varchar(255), ${AUDIT})`,
    `create table blade_code (id bigint primary key, tenant_id varchar(12) not null, datasource_id bigint, model_id bigint,
      service_name varchar(64), code_name varchar(64) not null, table_name varchar(64) not null, table_prefix varchar(64),
      pk_name varchar(32) not null default 'id', package_name varchar(500), base_mode int not null default 1, wrap_mode int not null default 1,
      api_path varchar(500), web_path varchar(500), ${AUDIT})`,
    `create table blade_model (id bigint primary key, tenant_id varchar(12) not null, datasource_id bigint not null, model_name varchar(64) not null,
      model_code varchar(64) not null, model_table varchar(64) not null, model_class varchar(64), model_remark varchar(500), ${AUDIT})`,
    `create table blade_model_prototype (id bigint primary key, tenant_id varchar(12) not null, model_id bigint not null, jdbc_name varchar(64) not null,
      jdbc_type varchar(64), comment varchar(255), property_type varchar(64), property_name varchar(64), is_list int not null default 1,
      is_form int not null default 1, is_row int not null default 0, component_type varchar(32) not null default 'input', dict_code varchar(64),
      is_required int not null default 0, is_query int not null default 0, query_type varchar(16) not null default 'like', sort int not null default 1, ${AUDIT})`,
    `create index blade_model_prototype_model on blade_model_prototype (model_id)`,
    `create table blade_rule (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null, rule_type varchar(16) not null default 'regex',
      rule_content text not null, message varchar(255), remark varchar(255), ${AUDIT})`,
    `create table blade_form_source (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null, source_type varchar(16) not null default 'sql',
      datasource_id bigint, sql_content text, request_params text, remark varchar(255), ${AUDIT})`,
  ]);
  await insertMenus(db, DEVELOP_MENUS, '1300');
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
