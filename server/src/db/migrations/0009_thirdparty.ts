// Third-party services (002 §2, §3): service apps (authentication of a remote platform, the rows of
// /api/serviceConfig/thirdServiceAuth), service configs, their parameters, OAuth apps that may ask
// this platform for tokens, the API call log and the cache of tokens and results.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const THIRDPARTY_MENUS: MenuSeed[] = [
  {
    id: '2900', code: 'thirdparty', name: '第三方服务', alias: 'thirdparty', path: '/thirdparty', source: 'ApiOutlined', sort: 94,
    children: [
      { id: '2901', code: 'thirdApp', name: '服务应用', path: '/thirdparty/app', source: 'AppstoreOutlined', sort: 1, buttons: crudButtons('thirdApp') },
      { id: '2902', code: 'thirdConfig', name: '服务配置', path: '/thirdparty/config', source: 'SettingOutlined', sort: 2,
        buttons: [...crudButtons('thirdConfig'), ['thirdConfig_params', '服务参数', 'params'], ['thirdConfig_call', '调用测试', 'call']] },
      { id: '2903', code: 'thirdAuth', name: '服务认证', path: '/thirdparty/auth', source: 'SafetyCertificateOutlined', sort: 3,
        buttons: [...crudButtons('thirdAuth'), ['thirdAuth_token', '获取令牌', 'token']] },
      { id: '2904', code: 'thirdOauth', name: 'OAuth应用', path: '/thirdparty/oauth', source: 'KeyOutlined', sort: 4, buttons: crudButtons('thirdOauth') },
      { id: '2905', code: 'thirdApiLog', name: '接口调用日志', path: '/thirdparty/log', source: 'FileSearchOutlined', sort: 5, buttons: [['thirdApiLog_view', '查看', 'view']] },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_third_service_auth (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      auth_type varchar(16) not null default 'none', url varchar(1000), appid_key varchar(100), appid_value varchar(500),
      secret_key varchar(100), secret_value varchar(1000), request_type varchar(10) not null default 'POST',
      parameter_position int not null default 3, back_data_type varchar(8) not null default 'json', cache_key varchar(200),
      data_key varchar(200), success_key varchar(200), success_value varchar(200), validity_key varchar(200),
      validity_unit varchar(10) not null default 'second', description varchar(500), ${AUDIT})`,
    `create index blade_third_service_auth_t on blade_third_service_auth (tenant_id)`,
    `create table blade_third_service_config (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      service_type varchar(16) not null, service_auth_id bigint, class_name varchar(200), data_source_id varchar(64),
      sql_content text, url varchar(1000), request_type varchar(10), back_data_type varchar(8), data_key varchar(200),
      success_key varchar(200), success_value varchar(200), cache_key varchar(200), validity_key varchar(200),
      validity_unit varchar(10), before_api_id bigint, description varchar(500), ${AUDIT})`,
    `create index blade_third_service_config_t on blade_third_service_config (tenant_id)`,
    `create table blade_third_service_params (id bigint primary key, tenant_id varchar(12) not null, third_service_id bigint not null,
      name varchar(100) not null, type int not null default 1, param_value varchar(2000), join_symbol varchar(20),
      contain_param_name int not null default 0, encryption_mode varchar(16), secret_key text, parameter_position int not null default 1,
      sort int not null default 1, description varchar(500), ${AUDIT})`,
    `create index blade_third_service_params_s on blade_third_service_params (tenant_id, third_service_id, sort)`,
    `create table blade_third_oauth_app (id bigint primary key, tenant_id varchar(12) not null, name varchar(100) not null,
      app_id varchar(64) not null, app_secret varchar(128) not null, token_valid_time int not null default 7200,
      valid_start_date timestamptz, valid_ent_date timestamptz, description varchar(500), ${AUDIT})`,
    `create index blade_third_oauth_app_a on blade_third_oauth_app (tenant_id, app_id)`,
    `create table blade_third_api_log (id bigint primary key, tenant_id varchar(12) not null, service_config_id bigint,
      platform_name varchar(100), api_name varchar(100), api_url varchar(1000), api_method varchar(10), api_header text,
      api_params text, api_response text, api_time int, ${AUDIT})`,
    `create index blade_third_api_log_time on blade_third_api_log (tenant_id, create_time desc)`,
    // tokens of oauth2 service apps (kind auth) and cached results of service configs (kind config)
    `create table blade_third_service_cache (tenant_id varchar(12) not null, kind varchar(8) not null, owner_id bigint not null,
      cache_key varchar(300) not null, value text not null, expires_at timestamptz not null, create_time timestamptz not null default now(),
      primary key (tenant_id, kind, owner_id, cache_key))`,
  ]);
  await insertMenus(db, THIRDPARTY_MENUS);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
