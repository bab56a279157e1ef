// List indexes (issue 7, bench/growth): the first page of the users and notices lists comes off
// one index range, newest first with the id as tie-breaker (the order Repo.page adds for stable
// paging), so fetching the page costs the same at 10k rows as at 1M. Partial on is_deleted = 0
// like every list's filter. blade_user_page replaces blade_user_tenant_time (same leading columns),
// which would only cost every user write. The exact `total` of a page still counts the matching rows.
import type { MigrationDb } from '../index.ts';
import { runStatements } from '../migrate.ts';

export async function up(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create index if not exists blade_user_page on blade_user (tenant_id, create_time desc, id desc) where is_deleted = 0`,
    `drop index if exists blade_user_tenant_time`,
    `create index if not exists blade_notice_page on blade_notice (tenant_id, release_time desc, id desc) where is_deleted = 0`,
  ]);
}

export async function down(db: MigrationDb): Promise<void> {
  await runStatements(db, [
    `create index if not exists blade_user_tenant_time on blade_user (tenant_id, create_time desc)`,
    `drop index if exists blade_user_page`,
    `drop index if exists blade_notice_page`,
  ]);
}
