// Workflow performance (issue 5): the todo list's page comes straight off one index range, newest
// first with the id as tie-breaker, so its cost stays flat however many tasks the table holds. It
// replaces wf_task_todo (same leading columns), which would only cost every task write.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create index if not exists wf_task_todo_page on wf_task (tenant_id, assignee, create_time desc, id desc) where state = 'active'`,
    `drop index if exists wf_task_todo`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create index if not exists wf_task_todo on wf_task (tenant_id, assignee, create_time desc) where state = 'active'`,
    `drop index if exists wf_task_todo_page`,
  ]);
}
