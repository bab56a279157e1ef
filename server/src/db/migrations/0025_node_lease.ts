// Id-generator worker ids (db/ids.ts, 10 bits): each running node holds a lease on one, claimed at
// boot, kept alive by a heartbeat and deleted when the node stops (db/worker.ts). A lease whose
// heartbeat is older than the stale limit belongs to a node that died and is handed out again.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create table if not exists blade_node_lease (worker_id int primary key check (worker_id between 0 and 1023),
      token varchar(64) not null, host varchar(255) not null, pid int not null, configured int not null default 0,
      claimed_at timestamptz not null default now(), heartbeat timestamptz not null default now())`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, [`drop table if exists blade_node_lease`]);
}
