// Object storage providers, attachments (every stored upload), SMS providers and verification codes.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const RESOURCE_MENUS: MenuSeed[] = [
  {
    id: '1500', code: 'resource', name: '资源管理', alias: 'resource', path: '/resource', source: 'CloudServerOutlined', sort: 93,
    children: [
      { id: '1501', code: 'oss', name: '对象存储', path: '/resource/oss', source: 'CloudUploadOutlined', sort: 1, buttons: [...crudButtons('oss'), ['oss_enable', '启用', 'enable']] },
      { id: '1502', code: 'attach', name: '附件管理', path: '/resource/attach', source: 'PaperClipOutlined', sort: 2, buttons: [['attach_upload', '上传', 'upload'], ['attach_download', '下载', 'download'], ['attach_delete', '删除', 'delete'], ['attach_view', '查看', 'view']] },
      { id: '1503', code: 'sms', name: '短信配置', path: '/resource/sms', source: 'MessageOutlined', sort: 3, buttons: [...crudButtons('sms'), ['sms_enable', '启用', 'enable']] },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_oss (id bigint primary key, tenant_id varchar(12) not null, category int not null default 1, oss_code varchar(32) not null,
      endpoint varchar(255) not null, transform_endpoint varchar(255), access_key varchar(255), secret_key varchar(255),
      bucket_name varchar(255) not null, app_id varchar(255), region varchar(255), remark varchar(255), is_enabled int not null default 0, ${AUDIT})`,
    `create table blade_attach (id bigint primary key, tenant_id varchar(12) not null, link varchar(1000) not null, domain_url varchar(500),
      name varchar(500) not null, original_name varchar(500), extension varchar(12), attach_size int, ${AUDIT})`,
    `create index blade_attach_tenant on blade_attach (tenant_id, create_time desc)`,
    `create table blade_sms (id bigint primary key, tenant_id varchar(12) not null, category int not null default 1, sms_code varchar(32) not null,
      template_id varchar(64), endpoint varchar(500), access_key varchar(255), secret_key varchar(255), region_id varchar(64), sign_name varchar(64),
      remark varchar(255), is_enabled int not null default 0, ${AUDIT})`,
    `create table blade_sms_code (id varchar(64) primary key, tenant_id varchar(12) not null, phone varchar(20) not null, code varchar(12) not null,
      expires_at timestamptz not null, used int not null default 0, create_time timestamptz not null default now())`,
    `create index blade_sms_code_phone on blade_sms_code (tenant_id, phone, create_time desc)`,
  ]);
  await insertMenus(db, RESOURCE_MENUS);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
