// Logs (usual, API, login, portal search, data collection) and scheduled jobs with their run logs.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { insertMenus, type MenuSeed } from '../menus.ts';

export const LOG_MENUS: MenuSeed[] = [
  { id: '1202', code: 'usualLog', name: '通用日志', path: '/log/usual', source: 'ProfileOutlined', sort: 2, buttons: [['usualLog_view', '查看', 'view']] },
  { id: '1203', code: 'apiLog', name: '接口日志', path: '/log/api', source: 'ApiOutlined', sort: 3, buttons: [['apiLog_view', '查看', 'view']] },
  { id: '1204', code: 'loginLog', name: '登录日志', path: '/log/login', source: 'LoginOutlined', sort: 4, buttons: [['loginLog_view', '查看', 'view']] },
];

export const JOB_MENUS: MenuSeed[] = [
  {
    id: '1400', code: 'job', name: '任务调度', alias: 'job', path: '/job', source: 'ScheduleOutlined', sort: 92,
    children: [
      { id: '1401', code: 'quartzJob', name: '定时任务', path: '/job/quartz', source: 'FieldTimeOutlined', sort: 1,
        buttons: [['quartzJob_add', '新增', 'add'], ['quartzJob_edit', '修改', 'edit'], ['quartzJob_delete', '删除', 'delete'], ['quartzJob_view', '查看', 'view'], ['quartzJob_run', '执行一次', 'run']] },
      { id: '1402', code: 'quartzJobLog', name: '任务日志', path: '/job/log', source: 'HistoryOutlined', sort: 2, buttons: [['quartzJobLog_view', '查看', 'view'], ['quartzJobLog_delete', '删除', 'delete']] },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_log_usual (id bigint primary key, tenant_id varchar(12) not null, service_id varchar(32), server_host varchar(255),
      server_ip varchar(255), env varchar(255), log_level varchar(10), log_id varchar(100), log_data text, method varchar(10),
      request_uri text, remote_ip varchar(255), method_class varchar(255), method_name varchar(255), user_agent varchar(1000),
      params text, time varchar(64), create_by varchar(64), create_time timestamptz not null default now())`,
    `create index blade_log_usual_time on blade_log_usual (tenant_id, create_time desc)`,
    `create table blade_log_api (id bigint primary key, tenant_id varchar(12) not null, service_id varchar(32), server_host varchar(255),
      server_ip varchar(255), env varchar(255), type varchar(2) not null default '1', title varchar(255), method varchar(10),
      request_uri text, user_agent varchar(1000), remote_ip varchar(255), method_class varchar(255), method_name varchar(255),
      params text, status_code int, time varchar(64), create_by varchar(64), create_time timestamptz not null default now())`,
    `create index blade_log_api_time on blade_log_api (tenant_id, create_time desc)`,
    `create table blade_log_login (id bigint primary key, tenant_id varchar(12) not null, user_id bigint, account varchar(64),
      user_name varchar(64), login_type varchar(32), grant_type varchar(32), success int not null default 1, message varchar(500),
      remote_ip varchar(255), user_agent varchar(1000), create_time timestamptz not null default now())`,
    `create index blade_log_login_time on blade_log_login (tenant_id, create_time desc)`,
    `create table blade_search_log (id bigint primary key, tenant_id varchar(12) not null, keyword varchar(255) not null,
      search_type varchar(64), result_count int, user_id bigint, ${AUDIT})`,
    `create table blade_data_collect_log (id bigint primary key, tenant_id varchar(12) not null, source varchar(255), target varchar(255),
      collect_count int, success int not null default 1, message text, duration_ms int, create_time timestamptz not null default now())`,
    `create table blade_quartz_job (id bigint primary key, tenant_id varchar(12) not null, job_name varchar(64) not null,
      job_packet varchar(32) not null default 'sys', invoke_target varchar(500) not null, cron_expression varchar(255) not null,
      misfire_policy int not null default 1, concurrent int not null default 1, remark varchar(500), last_fire_time timestamptz,
      next_fire_time timestamptz, ${AUDIT})`,
    `create table blade_quartz_job_log (id bigint primary key, tenant_id varchar(12) not null, job_id bigint, job_name varchar(64),
      job_group varchar(32), invoke_target varchar(500), job_message text, exception_info text, start_time timestamptz,
      end_time timestamptz, duration_ms int, ${AUDIT})`,
    `create index blade_quartz_job_log_time on blade_quartz_job_log (tenant_id, create_time desc)`,
  ]);
  await insertMenus(db, LOG_MENUS, '1200');
  await insertMenus(db, JOB_MENUS);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
