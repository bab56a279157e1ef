// The first workflow screens have landed (web/src/pages/workflow): 我的事务 with 发起流程, 我的待办,
// 待签收, 我发起的 (and its 详情 / 流程图 buttons), 我的已办 and 抄送我的 are shown, and granted to
// every administrator and ordinary-user role so users see their own lists. 草稿箱 and the designer,
// deployment and monitoring menus stay hidden until their screens exist.
import { sql } from 'kysely';
import type { MigrationDb } from '../index.ts';

/** 我的事务 and the menus whose screens exist. */
export const WORKFLOW_SCREEN_MENUS = ['1610', '1611', '1612', '1613', '1614', '1615', '1616'];

/** The menus plus their button rows (category 2, e.g. wf_process_send_detail / _follow). */
async function menuIds(db: MigrationDb): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id::text as id from blade_menu
    where id = any(${WORKFLOW_SCREEN_MENUS}::bigint[]) or (category = 2 and parent_id = any(${WORKFLOW_SCREEN_MENUS}::bigint[]))`.execute(db);
  return rows.rows.map((r) => String(r.id));
}

/** Grants the shown workflow menus to every administrator and ordinary-user role that exists. */
export async function grantWorkflowMenus(db: MigrationDb): Promise<void> {
  const ids = await menuIds(db);
  if (!ids.length) return;
  await sql`insert into blade_role_menu (menu_id, role_id)
    select m.id, r.id
    from blade_menu m cross join blade_role r
    where m.id = any(${ids}::bigint[]) and r.role_alias in ('administrator', 'user') and r.is_deleted = 0
    on conflict do nothing`.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  const ids = await menuIds(db);
  if (!ids.length) return;
  await sql`update blade_menu set is_deleted = 0 where id = any(${ids}::bigint[])`.execute(db);
  await grantWorkflowMenus(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
