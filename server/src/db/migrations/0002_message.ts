// Personal messages (000 §3 Message, §4 "Message read state"): one row per message sent, one row
// per recipient holding that recipient's read state. A department (type 2) or role (type 4)
// broadcast is fanned out to its members at send time, so a later member never sees an old
// broadcast and removing a member never hides what was already delivered.
import type { MigrationDb } from '../index.ts';
import { AUDIT, runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table blade_message (id bigint primary key, tenant_id varchar(12) not null, title varchar(255) not null,
      content text not null default '', type int not null default 1, pc_url varchar(1000), app_url varchar(1000),
      biz_type varchar(64), biz_key varchar(128), receive_dept_id bigint, receive_role_id bigint,
      create_user_name varchar(64), ${AUDIT})`,
    // my/sendList: a sender's messages, newest first (ids are time-ordered snowflakes)
    `create index blade_message_sender on blade_message (tenant_id, create_user, id desc) where is_deleted = 0`,
    // other modules find the messages of one business record (e.g. a process instance)
    `create index blade_message_biz on blade_message (tenant_id, biz_type, biz_key) where biz_key is not null`,
    // is_read: 0 read, 1 unread (both readings of the spec agree on that)
    `create table blade_message_user (id bigint primary key, tenant_id varchar(12) not null, message_id bigint not null,
      user_id bigint not null, is_read int not null default 1, read_time timestamptz, is_deleted int not null default 0,
      create_time timestamptz not null default now())`,
    `create unique index blade_message_user_pair on blade_message_user (message_id, user_id)`,
    // my/list: my messages, newest first (message ids are time-ordered snowflakes)
    `create index blade_message_user_inbox on blade_message_user (user_id, message_id desc) where is_deleted = 0`,
    // the bell: my unread, newest first, and its count
    `create index blade_message_user_unread on blade_message_user (user_id, message_id desc) where is_deleted = 0 and is_read = 1`,
    // a recipient's view of its messages: one row per (message, recipient), id = the message id,
    // is_deleted = removed from that recipient's inbox
    `create view blade_message_inbox as
      select m.id, mu.id as receive_id, mu.tenant_id, mu.user_id, mu.is_read, mu.read_time, mu.is_deleted,
        m.title, m.content, m.type, m.pc_url, m.app_url, m.biz_type, m.biz_key,
        m.create_user, m.create_user_name, m.create_dept, m.create_time
      from blade_message_user mu join blade_message m on m.id = mu.message_id and m.is_deleted = 0`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, ['drop view blade_message_inbox', 'drop table blade_message_user', 'drop table blade_message']);
}
