// Menus and their button codes are data that each module adds through its own migration,
// so a menu entry only exists once the screen behind it does. Roles with the alias
// "administrator" receive every menu a migration adds.
import { sql } from 'kysely';
import type { MigrationDb } from './index.ts';
import { nextId } from './ids.ts';

export interface MenuSeed {
  id: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  source?: string;
  sort: number;
  isOpen?: 1 | 2;
  children?: MenuSeed[];
  /** [code, name, alias] rows of category 2 under this menu. */
  buttons?: [string, string, string][];
}

/** The four button rows of a list screen: {code}_add, _edit, _delete, _view. */
export const crudButtons = (code: string): [string, string, string][] => [
  [`${code}_add`, '新增', 'add'], [`${code}_edit`, '修改', 'edit'], [`${code}_delete`, '删除', 'delete'], [`${code}_view`, '查看', 'view'],
];

export async function insertMenus(db: MigrationDb, menus: MenuSeed[], parentId = '0', top = true): Promise<string[]> {
  const ids: string[] = [];
  for (const m of menus) {
    await db.insertInto('blade_menu').values({
      id: m.id, parent_id: parentId, code: m.code, name: m.name, alias: m.alias ?? m.code, path: m.path,
      source: m.source ?? '', sort: m.sort, category: 1, action: 0, is_open: m.isOpen ?? 1,
    }).execute();
    ids.push(m.id);
    for (const [i, [code, name, alias]] of (m.buttons ?? []).entries()) {
      const id = nextId();
      await db.insertInto('blade_menu').values({
        id, parent_id: m.id, code, name, alias, path: '', source: '', sort: i + 1, category: 2, action: 1, is_open: 1,
      }).execute();
      ids.push(id);
    }
    ids.push(...(await insertMenus(db, m.children ?? [], m.id, false)));
  }
  // grant the new menus to every administrator role that already exists (later migrations)
  if (top && ids.length) {
    await sql`insert into blade_role_menu (menu_id, role_id)
      select m.id, r.id
      from blade_menu m cross join blade_role r
      where m.id = any(${ids}::bigint[]) and r.role_alias = 'administrator' and r.is_deleted = 0
      on conflict do nothing`.execute(db);
  }
  return ids;
}
