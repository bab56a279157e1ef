// E-mail (002 §7 "E-mail"): mailbox configs (receiving over POP3), sending platforms (SMTP),
// templates with ${var} placeholders, send strategies on a cron, the address book, the outbox
// (every mail sent or tried, with its outcome) and the inbox (mail fetched by sync or entered).
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const EMAIL_MENUS: MenuSeed[] = [
  {
    id: '1800', code: 'email', name: '邮件管理', alias: 'email', path: '/email', source: 'MailOutlined', sort: 94,
    children: [
      { id: '1801', code: 'emailOutbox', name: '发件箱', path: '/email/outbox', source: 'SendOutlined', sort: 1, buttons: [...crudButtons('emailOutbox'), ['emailOutbox_send', '发送', 'send']] },
      { id: '1802', code: 'emailInbox', name: '收件箱', path: '/email/inbox', source: 'InboxOutlined', sort: 2, buttons: crudButtons('emailInbox') },
      { id: '1803', code: 'emailTemplate', name: '邮件模板', path: '/email/template', source: 'FileTextOutlined', sort: 3, buttons: [...crudButtons('emailTemplate'), ['emailTemplate_copy', '复制', 'copy']] },
      { id: '1804', code: 'emailStrategy', name: '发送策略', path: '/email/strategy', source: 'FieldTimeOutlined', sort: 4, buttons: [...crudButtons('emailStrategy'), ['emailStrategy_send', '立即发送', 'send']] },
      { id: '1805', code: 'emailPlatform', name: '邮件平台', path: '/email/platform', source: 'CloudServerOutlined', sort: 5, buttons: [...crudButtons('emailPlatform'), ['emailPlatform_enable', '启用', 'enable'], ['emailPlatform_copy', '复制', 'copy']] },
      { id: '1806', code: 'emailConfig', name: '邮箱配置', path: '/email/config', source: 'SettingOutlined', sort: 6, buttons: [...crudButtons('emailConfig'), ['emailConfig_enable', '启用', 'enable'], ['emailConfig_sync', '同步收件', 'sync']] },
      { id: '1807', code: 'emailAddress', name: '地址簿', path: '/email/address', source: 'ContactsOutlined', sort: 7, buttons: crudButtons('emailAddress') },
    ],
  },
];

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_email_platform (id bigint primary key, tenant_id varchar(12) not null, platform_name varchar(64) not null,
      host varchar(255) not null, port int not null, secure int not null default 0, username varchar(255), password varchar(500),
      from_address varchar(255) not null, from_name varchar(64), is_enabled int not null default 0, remark varchar(500), ${AUDIT})`,
    `create table blade_email_config (id bigint primary key, tenant_id varchar(12) not null, config_name varchar(64) not null,
      email_address varchar(255) not null, protocol varchar(8) not null default 'pop3', host varchar(255) not null, port int not null,
      secure int not null default 1, username varchar(255), password varchar(500), platform_id bigint, is_enabled int not null default 0,
      last_sync_time timestamptz, last_sync_message varchar(1000), remark varchar(500), ${AUDIT})`,
    `create table blade_email_template (id bigint primary key, tenant_id varchar(12) not null, template_name varchar(64) not null,
      template_code varchar(64) not null, subject varchar(255) not null, content text not null, params_example text, remark varchar(500), ${AUDIT})`,
    `create table blade_email_strategy (id bigint primary key, tenant_id varchar(12) not null, strategy_name varchar(64) not null,
      template_id bigint not null, platform_id bigint, to_user text not null, cc_user text, params text, cron_expression varchar(255) not null,
      last_send_time timestamptz, last_send_status int, remark varchar(500), ${AUDIT})`,
    `create table blade_email_address (id bigint primary key, tenant_id varchar(12) not null, name varchar(64) not null,
      email varchar(255) not null, group_name varchar(64), phone varchar(32), sort int not null default 1, remark varchar(500), ${AUDIT})`,
    `create table blade_email_outbox (id bigint primary key, tenant_id varchar(12) not null, platform_id bigint, template_id bigint,
      strategy_id bigint, from_address varchar(255), to_user text, cc_user text, bcc_user text, subject varchar(255), content text, params text,
      attachments text, send_status int not null default 0, send_time timestamptz, error_message text, message_id varchar(255), ${AUDIT})`,
    `create index blade_email_outbox_tenant on blade_email_outbox (tenant_id, create_time desc)`,
    `create table blade_email_inbox (id bigint primary key, tenant_id varchar(12) not null, config_id bigint, message_uid varchar(255),
      from_address varchar(255), from_name varchar(255), to_user text, cc_user text, subject varchar(1000), content text,
      attachments text, receive_time timestamptz, is_read int not null default 0, remark varchar(500), ${AUDIT})`,
    `create index blade_email_inbox_tenant on blade_email_inbox (tenant_id, receive_time desc)`,
    `create unique index blade_email_inbox_uid on blade_email_inbox (tenant_id, config_id, message_uid) where message_uid is not null`,
  ]);
  await insertMenus(db, EMAIL_MENUS);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
