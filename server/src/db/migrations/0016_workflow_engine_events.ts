// Workflow engine events (issue 5): the message and signal start events of the newest version of
// each process (a message or a signal starts those definitions), and the outbox of engine events:
// written in the transaction of the action that raised them, handed to listeners after commit and
// deleted then, so a crash between commit and delivery does not lose them (delivered at least once).
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table if not exists wf_start_event (id bigint primary key, tenant_id varchar(12) not null, definition_id bigint not null,
      definition_key varchar(255) not null, event_type varchar(16) not null, event_name varchar(255) not null, activity_id varchar(255) not null)`,
    `create index if not exists wf_start_event_name on wf_start_event (tenant_id, event_type, event_name)`,
    `create index if not exists wf_start_event_key on wf_start_event (tenant_id, definition_key)`,
    `create table if not exists wf_outbox (id bigint primary key, tenant_id varchar(12) not null, kind varchar(32) not null,
      payload text not null, create_time timestamptz not null)`,
    `create index if not exists wf_outbox_time on wf_outbox (create_time, id)`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, [`drop table if exists wf_outbox`, `drop table if exists wf_start_event`]);
}
