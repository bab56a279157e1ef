// The design and deployment screens have landed (web/src/pages/workflow/design, deployment):
// 流程管理 with 模型设计, 表单设计, 部署管理 and 流程监控 (ids 1600–1604, inserted hidden by
// 0008) are shown with their button rows and granted to every administrator role. Ordinary users
// do not get them. A new database's seed hands administrators every shown menu, so it needs no change.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';

export const WORKFLOW_DESIGN_MENUS = ['1600', '1601', '1602', '1603', '1604'];

export async function up(db: MigrationDb): Promise<void> {
  const rows = await sql<{ id: string }>`select id::text as id from blade_menu
    where id = any(${WORKFLOW_DESIGN_MENUS}::bigint[]) or (category = 2 and parent_id = any(${WORKFLOW_DESIGN_MENUS}::bigint[]))`.execute(db);
  const ids = rows.rows.map((r) => String(r.id));
  if (!ids.length) return;
  await sql`update blade_menu set is_deleted = 0 where id = any(${ids}::bigint[])`.execute(db);
  await sql`insert into blade_role_menu (menu_id, role_id)
    select m.id, r.id
    from blade_menu m cross join blade_role r
    where m.id = any(${ids}::bigint[]) and r.role_alias = 'administrator' and r.is_deleted = 0
    on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
