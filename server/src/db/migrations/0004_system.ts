// System administration (spec 002): parameters, business dictionaries, data and API scopes with
// their role grants, top menus, notices, personal groups; menus and buttons of the admin screens.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const SYSTEM_MENUS: MenuSeed[] = [
  {
    id: '1110', code: 'systemOrg', name: '组织机构', alias: 'org', path: '/org', source: 'ApartmentOutlined', sort: 80,
    children: [
      { id: '1111', code: 'user', name: '用户管理', path: '/system/user', source: 'UserOutlined', sort: 1,
        buttons: [...crudButtons('user'), ['user_reset', '重置密码', 'reset'], ['user_role', '角色配置', 'role'], ['user_unlock', '账号解封', 'unlock'], ['user_import', '导入', 'import'], ['user_export', '导出', 'export'], ['user_audit', '注册审核', 'audit']] },
      { id: '1112', code: 'dept', name: '部门管理', path: '/system/dept', source: 'ClusterOutlined', sort: 2, buttons: crudButtons('dept') },
      { id: '1113', code: 'post', name: '岗位管理', path: '/system/post', source: 'IdcardOutlined', sort: 3, buttons: crudButtons('post') },
    ],
  },
  {
    id: '1120', code: 'authority', name: '权限管理', alias: 'authority', path: '/authority', source: 'SafetyOutlined', sort: 81,
    children: [
      { id: '1121', code: 'role', name: '角色管理', path: '/authority/role', source: 'TeamOutlined', sort: 1, buttons: [...crudButtons('role'), ['role_grant', '权限设置', 'grant']] },
      { id: '1122', code: 'data_scope', name: '数据权限', path: '/authority/datascope', source: 'DatabaseOutlined', sort: 2, buttons: crudButtons('data_scope') },
      { id: '1123', code: 'api_scope', name: '接口权限', path: '/authority/apiscope', source: 'ApiOutlined', sort: 3, buttons: crudButtons('api_scope') },
    ],
  },
];

/** Screens under the existing 系统管理 menu (1100). */
export const SYSTEM_CHILD_MENUS: MenuSeed[] = [
  { id: '1102', code: 'menu', name: '菜单管理', path: '/system/menu', source: 'MenuOutlined', sort: 2, buttons: crudButtons('menu') },
  { id: '1103', code: 'dict', name: '系统字典', path: '/system/dict', source: 'BookOutlined', sort: 3, buttons: crudButtons('dict') },
  { id: '1104', code: 'dictbiz', name: '业务字典', path: '/system/dictbiz', source: 'ReadOutlined', sort: 4, buttons: crudButtons('dictbiz') },
  { id: '1105', code: 'param', name: '参数管理', path: '/system/param', source: 'SlidersOutlined', sort: 5, buttons: crudButtons('param') },
  { id: '1106', code: 'tenant', name: '租户管理', path: '/system/tenant', source: 'BankOutlined', sort: 6, buttons: [...crudButtons('tenant'), ['tenant_setting', '授权配置', 'setting']] },
  { id: '1107', code: 'tenant_package', name: '租户产品包', path: '/system/tenantpackage', source: 'AppstoreOutlined', sort: 7, buttons: [['tenant_package_add', '新增', 'add'], ['tenant_package_edit', '修改', 'edit'], ['tenant_package_delete', '删除', 'delete']] },
  { id: '1108', code: 'client', name: '应用管理', path: '/system/client', source: 'KeyOutlined', sort: 8, buttons: crudButtons('client') },
  { id: '1109', code: 'notice', name: '通知公告', path: '/desk/notice', source: 'NotificationOutlined', sort: 9, buttons: crudButtons('notice') },
  { id: '1114', code: 'region', name: '行政区划', path: '/system/region', source: 'EnvironmentOutlined', sort: 10 },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_param (id bigint primary key, tenant_id varchar(12) not null, param_name varchar(255) not null,
      param_key varchar(255) not null, param_value text not null, remark varchar(255), ${AUDIT})`,
    `create unique index blade_param_key on blade_param (tenant_id, param_key) where is_deleted = 0`,
    `create table blade_dict_biz (id bigint primary key, tenant_id varchar(12) not null, parent_id bigint not null default 0,
      code varchar(255) not null, dict_key varchar(255), dict_value varchar(255), sort int not null default 1, remark varchar(255),
      is_sealed int not null default 0, is_deleted int not null default 0)`,
    `create index blade_dict_biz_code on blade_dict_biz (tenant_id, code, parent_id)`,
    `create table blade_scope_data (id bigint primary key, menu_id bigint, resource_code varchar(255) not null, scope_name varchar(255) not null,
      scope_field varchar(255), scope_class varchar(500), scope_column varchar(255) not null default 'create_dept',
      scope_type int not null default 1, scope_value text, remark varchar(255), ${AUDIT})`,
    `create table blade_scope_api (id bigint primary key, menu_id bigint, resource_code varchar(255) not null, scope_name varchar(255) not null,
      scope_path varchar(255) not null, scope_type int not null default 1, remark varchar(255), ${AUDIT})`,
    `create table blade_role_scope (id bigserial primary key, scope_category int not null, scope_id bigint not null, role_id bigint not null)`,
    `create unique index blade_role_scope_pair on blade_role_scope (scope_category, role_id, scope_id)`,
    `create table blade_top_menu (id bigint primary key, tenant_id varchar(12) not null, code varchar(255), name varchar(255) not null,
      source varchar(255), path varchar(255), sort int not null default 1, ${AUDIT})`,
    `create table blade_top_menu_setting (id bigserial primary key, top_menu_id bigint not null, menu_id bigint not null)`,
    `create unique index blade_top_menu_setting_pair on blade_top_menu_setting (top_menu_id, menu_id)`,
    `create table blade_notice (id bigint primary key, tenant_id varchar(12) not null, title varchar(255) not null, category int not null default 1,
      release_time timestamptz, content text, ${AUDIT})`,
    `create table blade_personal_group (id bigint primary key, tenant_id varchar(12) not null, group_name varchar(100) not null,
      group_desc varchar(500), ${AUDIT})`,
    `create table blade_personal_group_item (id bigint primary key, tenant_id varchar(12) not null, group_id bigint not null, user_id bigint not null,
      user_account varchar(45), real_name varchar(30), dept varchar(255), ${AUDIT})`,
    `create unique index blade_personal_group_member on blade_personal_group_item (group_id, user_id) where is_deleted = 0`,
    `create index blade_user_tenant_time on blade_user (tenant_id, create_time desc)`,
  ]);
  await insertMenus(db, SYSTEM_MENUS);
  await insertMenus(db, SYSTEM_CHILD_MENUS, '1100');
  // personal groups are every user's own: grant the view to the ordinary role too (see seed)
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
