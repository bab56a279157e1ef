// 草稿箱 (/workflow/process/draft, menu 1617 inserted hidden by 0008) has its screen now: shown,
// and granted to every administrator and ordinary-user role, as 0013 does for the other lists.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';

export const DRAFT_MENU = '1617';

/** Grants 草稿箱 to every administrator and ordinary-user role that exists (the seed calls it for new databases). */
export async function grantDraftMenu(db: MigrationDb): Promise<void> {
  await sql`insert into blade_role_menu (menu_id, role_id)
    select m.id, r.id
    from blade_menu m cross join blade_role r
    where m.id = ${DRAFT_MENU}::bigint and m.is_deleted = 0 and r.role_alias in ('administrator', 'user') and r.is_deleted = 0
    on conflict do nothing`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  await sql`update blade_menu set is_deleted = 0 where id = ${DRAFT_MENU}::bigint`.execute(db);
  await grantDraftMenu(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
