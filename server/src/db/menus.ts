// Menus and their button codes are data each module declares (its descriptor's `menus`; older ones
// were inserted by its migrations), so a menu entry only exists once the screen behind it does.
// Roles with the alias "administrator" receive every menu added.
import { sql } from 'kysely';
import type { Db, MigrationDb } from './index.ts';
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
  /** a root's parent menu (a module's menus under another's, e.g. '1100' 系统管理); '0' (the top level) by default */
  parentId?: string;
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

/** Every code of a menu tree: the menus' and their buttons'. */
export function menuCodes(menus: readonly MenuSeed[]): string[] {
  return menus.flatMap((m) => [m.code, ...(m.buttons ?? []).map(([code]) => code), ...menuCodes(m.children ?? [])]);
}

/**
 * Inserts the declared menus and buttons whose code was never seen (blade_menu_seed, migration
 * 0027), each under its declared parent, and grants them to the administrator roles; every code is
 * then remembered, so what an administrator renames, moves or deletes stays so. One node at a time
 * (a transaction-scoped advisory lock): nodes starting together insert once. Answers the new codes.
 */
export async function syncMenus(db: Db, menus: readonly MenuSeed[]): Promise<string[]> {
  const all = menuCodes(menus);
  if (!all.length) return [];
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(7301)`.execute(tx);
    const seen = new Set((await tx.selectFrom('bladeMenuSeed').select('code').where('code', 'in', all).execute()).map((r) => r.code));
    const added: { id: string; code: string }[] = [];
    const row = (id: string, parentId: string, code: string, name: string, alias: string, path: string, source: string, sort: number, button: boolean, isOpen = 1) =>
      ({ id, parentId, code, name, alias, path, source, sort, category: button ? 2 : 1, action: button ? 1 : 0, isOpen });
    const walk = async (list: readonly MenuSeed[], parentId: string) => {
      for (const m of list) {
        const parent = m.parentId ?? parentId;
        if (!seen.has(m.code)) {
          await tx.insertInto('bladeMenu').values(row(m.id, parent, m.code, m.name, m.alias ?? m.code, m.path, m.source ?? '', m.sort, false, m.isOpen ?? 1)).execute();
          added.push({ id: m.id, code: m.code });
        }
        for (const [i, [code, name, alias]] of (m.buttons ?? []).entries()) {
          if (seen.has(code)) continue;
          const id = nextId();
          await tx.insertInto('bladeMenu').values(row(id, m.id, code, name, alias, '', '', i + 1, true)).execute();
          added.push({ id, code });
        }
        await walk(m.children ?? [], m.id);
      }
    };
    await walk(menus, '0');
    const fresh = [...new Set(all.filter((c) => !seen.has(c)))];
    if (fresh.length) await tx.insertInto('bladeMenuSeed').values(fresh.map((code) => ({ code }))).onConflict((oc) => oc.doNothing()).execute();
    if (added.length) {
      await sql`insert into blade_role_menu (menu_id, role_id)
        select m.id, r.id from blade_menu m cross join blade_role r
        where m.id = any(${added.map((a) => a.id)}::bigint[]) and r.role_alias = 'administrator' and r.is_deleted = 0
        on conflict do nothing`.execute(tx);
    }
    return added.map((a) => a.code);
  });
}
