// Messages the server sends (workflow task notices, copies, reminders, results) reach each reader in
// their language: the message keeps the key of its text and the key's parameters, and is rendered
// per reader (HTTP: Accept-Language, WebSocket: the connection's language). A message without a key
// (typed by a person, or written before this) shows its stored title and content.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `alter table blade_message add column msg_key varchar(64)`,
    // the key's parameters as a JSON object of strings
    `alter table blade_message add column msg_params text`,
    // the recipient's view carries them too (new columns go last: create or replace keeps the others)
    `create or replace view blade_message_inbox as
      select m.id, mu.id as receive_id, mu.tenant_id, mu.user_id, mu.is_read, mu.read_time, mu.is_deleted,
        m.title, m.content, m.type, m.pc_url, m.app_url, m.biz_type, m.biz_key,
        m.create_user, m.create_user_name, m.create_dept, m.create_time, m.msg_key, m.msg_params
      from blade_message_user mu join blade_message m on m.id = mu.message_id and m.is_deleted = 0`,
  ]);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
