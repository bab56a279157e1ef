// The workflow module's own tables around the engine: model and form designs (with version
// history), form themes / variables / default values, buttons, categories, model scopes (who may
// start), flow permissions, flow logs, drafts, the leave sample and process proxies; plus the
// workflow menus and button codes, inserted hidden (is_deleted = 1) until their screens land.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const WORKFLOW_MENUS: MenuSeed[] = [
  {
    id: '1600', code: 'workflow', name: '流程管理', alias: 'workflow', path: '/workflow', source: 'ApartmentOutlined', sort: 60,
    children: [
      { id: '1601', code: 'wf_design_model', name: '模型设计', path: '/workflow/design/model', source: 'NodeIndexOutlined', sort: 1, buttons: crudButtons('wf_design_model') },
      { id: '1602', code: 'wf_design_form', name: '表单设计', path: '/workflow/design/form', source: 'FormOutlined', sort: 2, buttons: crudButtons('wf_design_form') },
      { id: '1603', code: 'deployment', name: '部署管理', path: '/workflow/deployment', source: 'CloudUploadOutlined', sort: 3, buttons: crudButtons('deployment') },
      { id: '1604', code: 'wf_ops', name: '流程监控', path: '/workflow/ops', source: 'MonitorOutlined', sort: 4 },
    ],
  },
  {
    id: '1610', code: 'wf_process', name: '我的事务', alias: 'process', path: '/workflow/process', source: 'AuditOutlined', sort: 61,
    children: [
      { id: '1611', code: 'wf_process_list', name: '发起流程', path: '/workflow/process/list', source: 'PlayCircleOutlined', sort: 1 },
      { id: '1612', code: 'wf_process_todo', name: '我的待办', path: '/workflow/process/todo', source: 'ScheduleOutlined', sort: 2 },
      { id: '1613', code: 'wf_process_claim', name: '待签收', path: '/workflow/process/claim', source: 'InboxOutlined', sort: 3 },
      { id: '1614', code: 'wf_process_send', name: '我发起的', path: '/workflow/process/send', source: 'SendOutlined', sort: 4,
        buttons: [['wf_process_send_detail', '详情', 'detail'], ['wf_process_send_follow', '流程图', 'follow']] },
      { id: '1615', code: 'wf_process_done', name: '我的已办', path: '/workflow/process/done', source: 'CheckCircleOutlined', sort: 5 },
      { id: '1616', code: 'wf_process_copy', name: '抄送我的', path: '/workflow/process/copy', source: 'CopyOutlined', sort: 6 },
      { id: '1617', code: 'wf_process_draft', name: '草稿箱', path: '/workflow/process/draft', source: 'FileTextOutlined', sort: 7 },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table wf_category (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      name varchar(64) not null, sort int not null default 0, ${AUDIT})`,
    `create table wf_model (id bigint primary key, tenant_id varchar(12) not null, model_key varchar(255) not null,
      name varchar(255) not null, category_id bigint, icon varchar(500), description text, xml text, form_key varchar(255),
      form_url varchar(500), model_type int not null default 0, version int not null default 0, settings text,
      definition_id bigint, ${AUDIT})`,
    `create unique index wf_model_key on wf_model (tenant_id, model_key) where is_deleted = 0`,
    `create table wf_model_history (id bigint primary key, tenant_id varchar(12) not null, model_id bigint not null,
      version int not null, name varchar(255), xml text, settings text, definition_id bigint, ${AUDIT})`,
    `create index wf_model_history_model on wf_model_history (model_id, version desc)`,
    `create table wf_model_scope (id bigint primary key, tenant_id varchar(12) not null, model_id bigint not null,
      scope_type varchar(16) not null, val text not null, ${AUDIT})`,
    `create index wf_model_scope_model on wf_model_scope (model_id)`,
    `create table wf_form (id bigint primary key, tenant_id varchar(12) not null, form_key varchar(255) not null,
      name varchar(255) not null, category_id bigint, content text, remark text, version int not null default 1, ${AUDIT})`,
    `create unique index wf_form_key on wf_form (tenant_id, form_key) where is_deleted = 0`,
    `create table wf_form_history (id bigint primary key, tenant_id varchar(12) not null, form_id bigint not null,
      version int not null, name varchar(255), content text, ${AUDIT})`,
    `create index wf_form_history_form on wf_form_history (form_id, version desc)`,
    `create table wf_form_theme (id bigint primary key, tenant_id varchar(12) not null, name varchar(255) not null, content text, ${AUDIT})`,
    `create table wf_form_variable (id bigint primary key, tenant_id varchar(12) not null, name varchar(255) not null,
      prop varchar(255), content text, ${AUDIT})`,
    `create table wf_form_default_values (id bigint primary key, tenant_id varchar(12) not null, name varchar(255) not null,
      content text, ${AUDIT})`,
    `create table wf_button (id bigint primary key, tenant_id varchar(12) not null, button_key varchar(64) not null,
      name varchar(64) not null, display int not null default 1, sort int not null default 0, ${AUDIT})`,
    `create table wf_flow_permission_diy (id bigint primary key, tenant_id varchar(12) not null, model_id bigint,
      model_key varchar(255), name varchar(255), user_ids text, role_ids text, dept_ids text, ${AUDIT})`,
    `create table wf_flow_log (id bigint primary key, tenant_id varchar(12) not null, inst_id bigint not null, task_id bigint,
      node_name varchar(255), action varchar(32) not null, user_id varchar(64), content text, ${AUDIT})`,
    `create index wf_flow_log_inst on wf_flow_log (inst_id, id)`,
    `create table wf_draft (id bigint primary key, tenant_id varchar(12) not null, process_def_id bigint,
      process_def_key varchar(255), title varchar(255), form_key varchar(255), variables text, ${AUDIT})`,
    `create index wf_draft_user on wf_draft (tenant_id, create_user)`,
    `create table wf_leave (id bigint primary key, tenant_id varchar(12) not null, process_instance_id bigint,
      leave_type varchar(32), start_time timestamptz, end_time timestamptz, days numeric(6,1), reason text, ${AUDIT})`,
    `create table wf_process_proxy (id bigint primary key, tenant_id varchar(12) not null, user_id bigint not null,
      proxy_user_id bigint not null, process_def_key varchar(255), start_time timestamptz, end_time timestamptz, remark text, ${AUDIT})`,
  ]);
  // the screens do not exist yet: the menus are present but hidden until the lead enables them
  const ids = await insertMenus(db, WORKFLOW_MENUS);
  await sql`update blade_menu set is_deleted = 1 where id = any(${ids}::bigint[])`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
