// 个人中心 > 我的分组: every user's own groups of people (personal groups and their members).
import type { MigrationDb } from '../index.ts';
import { sql } from 'kysely';
import { crudButtons, insertMenus, type MenuSeed } from '../menus.ts';

export const PERSONAL_MENUS: MenuSeed[] = [{
  id: '1900', code: 'personal', name: '个人中心', alias: 'personal', path: '/personal', source: 'UserOutlined', sort: 2,
  children: [{ id: '1901', code: 'personalGroup', name: '我的分组', path: '/personal/group', source: 'TeamOutlined', sort: 1, buttons: crudButtons('personalGroup') }],
}];

export async function up(db: MigrationDb): Promise<void> {
  await insertMenus(db, PERSONAL_MENUS);
  // everyone keeps groups of their own, so ordinary users get the screen too
  await sql`insert into blade_role_menu (menu_id, role_id) select m.id, r.id from blade_menu m cross join blade_role r
    where (m.id in (1900, 1901) or m.parent_id = 1901) and r.role_alias = 'user' and r.is_deleted = 0 on conflict do nothing`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
