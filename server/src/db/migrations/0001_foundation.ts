// Foundation tables: tenants, people and their organisation, menus and grants, OAuth clients,
// dictionaries, system config, client/server error logs, and the session bookkeeping
// (revoked tokens, captchas, signing secret). Column sets follow SpringBlade's entities.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { insertMenus, type MenuSeed } from '../menus.ts';

export const FOUNDATION_MENUS: MenuSeed[] = [
  { id: '1001', code: 'home', name: '首页', alias: 'home', path: '/wel/index', source: 'HomeOutlined', sort: 1 },
  {
    id: '1100', code: 'system', name: '系统管理', alias: 'system', path: '/system', source: 'SettingOutlined', sort: 90,
    children: [
      {
        id: '1101', code: 'systemConfig', name: '系统配置', alias: 'systemConfig', path: '/system/config', source: 'ControlOutlined', sort: 1,
        buttons: [['systemConfig_add', '新增', 'add'], ['systemConfig_edit', '修改', 'edit'], ['systemConfig_delete', '删除', 'delete'], ['systemConfig_view', '查看', 'view']],
      },
    ],
  },
  {
    id: '1200', code: 'log', name: '日志管理', alias: 'log', path: '/log', source: 'FileTextOutlined', sort: 91,
    children: [
      { id: '1201', code: 'errorLog', name: '错误日志', alias: 'errorLog', path: '/log/error', source: 'BugOutlined', sort: 1, buttons: [['errorLog_view', '查看', 'view']] },
    ],
  },
  {
    id: '1300', code: 'tool', name: '开发工具', alias: 'tool', path: '/tool', source: 'ToolOutlined', sort: 99,
    children: [
      { id: '1301', code: 'apiDocs', name: '接口文档', alias: 'apiDocs', path: '/api/docs/static/index.html', source: 'ApiOutlined', sort: 1 },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_tenant (id bigint primary key, tenant_id varchar(12) not null, tenant_name varchar(50) not null,
      domain_url varchar(255), background_url varchar(1000), linkman varchar(20), contact_number varchar(20),
      address varchar(255), account_number int not null default -1, expire_time timestamptz, package_id bigint,
      datasource_id bigint, license_key varchar(1000), ${AUDIT})`,
    `create unique index blade_tenant_tenant_id on blade_tenant (tenant_id) where is_deleted = 0`,
    `create table blade_tenant_package (id bigint primary key, package_name varchar(50) not null, menu_id text not null default '',
      remark varchar(255), ${AUDIT})`,
    `create table blade_user (id bigint primary key, tenant_id varchar(12) not null, code varchar(12), user_type int not null default 1,
      account varchar(45) not null, password varchar(255) not null, name varchar(20), real_name varchar(30), avatar varchar(500),
      email varchar(45), phone varchar(45), birthday timestamptz, sex int, role_id text not null default '', dept_id text not null default '',
      post_id text not null default '', oauth_id varchar(64), user_ext text, fail_count int not null default 0, lock_until timestamptz,
      ${AUDIT})`,
    `create unique index blade_user_account on blade_user (tenant_id, account) where is_deleted = 0`,
    `create table blade_role (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      role_name varchar(255) not null, sort int not null default 1, role_alias varchar(255) not null, ${AUDIT})`,
    `create index blade_role_tenant on blade_role (tenant_id)`,
    `create table blade_dept (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      ancestors text not null default '0', dept_category int not null default 1, dept_name varchar(45) not null,
      full_name varchar(45), sort int not null default 1, remark varchar(255), ${AUDIT})`,
    `create index blade_dept_tenant on blade_dept (tenant_id, parent_id)`,
    `create table blade_post (id bigint primary key, tenant_id varchar(12) not null, category int not null default 1,
      post_code varchar(12) not null, post_name varchar(64) not null, sort int not null default 1, remark varchar(255), ${AUDIT})`,
    `create table blade_menu (id bigint primary key, parent_id bigint not null default 0, code varchar(255) not null,
      name varchar(255) not null, alias varchar(255), path varchar(255), source varchar(255), sort int not null default 1,
      category int not null default 1, action int not null default 0, is_open int not null default 1, component varchar(255),
      remark varchar(255), ${AUDIT})`,
    `create unique index blade_menu_code on blade_menu (code) where is_deleted = 0`,
    `create table blade_role_menu (id bigserial primary key, menu_id bigint not null, role_id bigint not null)`,
    `create unique index blade_role_menu_pair on blade_role_menu (role_id, menu_id)`,
    `create table blade_client (id bigint primary key, client_id varchar(48) not null, client_secret varchar(256) not null,
      resource_ids varchar(256), scope varchar(256) not null default 'all', authorized_grant_types varchar(256) not null,
      web_server_redirect_uri varchar(256), authorities varchar(256), access_token_validity int not null default 3600,
      refresh_token_validity int not null default 604800, additional_information varchar(4096), autoapprove varchar(256),
      ${AUDIT})`,
    `create unique index blade_client_client_id on blade_client (client_id) where is_deleted = 0`,
    `create table blade_dict (id bigint primary key, parent_id bigint not null default 0, code varchar(255) not null,
      dict_key varchar(255), dict_value varchar(255), sort int not null default 1, remark varchar(255),
      is_sealed int not null default 0, is_deleted int not null default 0)`,
    `create index blade_dict_code on blade_dict (code, parent_id)`,
    `create table blade_system_config (id bigint primary key, tenant_id varchar(12) not null, config_key varchar(64) not null,
      config_info text not null default '{}', remark varchar(255), ${AUDIT})`,
    `create unique index blade_system_config_key on blade_system_config (tenant_id, config_key) where is_deleted = 0`,
    `create table blade_log_error (id bigint primary key, tenant_id varchar(12) not null, type varchar(16) not null default 'server',
      service_id varchar(32), server_host varchar(255), server_ip varchar(255), env varchar(255), method varchar(10),
      request_uri text, user_agent varchar(1000), stack_trace text, exception_name varchar(255), message text,
      line_number int, remote_ip varchar(255), method_class varchar(255), file_name varchar(1000), method_name varchar(255),
      params text, time varchar(64), create_by varchar(64), create_time timestamptz not null default now())`,
    `create index blade_log_error_time on blade_log_error (tenant_id, create_time desc)`,
    `create table blade_token_revoked (jti varchar(64) primary key, expires_at timestamptz not null)`,
    `create table blade_captcha (key varchar(64) primary key, code varchar(16) not null, expires_at timestamptz not null)`,
    `create table blade_secret (name varchar(64) primary key, value text not null)`,
  ]);
  await insertMenus(db, FOUNDATION_MENUS);
}

export async function down(): Promise<void> {
  throw new Error('the foundation migration cannot be undone');
}
