// Trees of parent/child rows (departments, roles, menus, dictionaries) in BladeX's TreeNode shape
// {id, parentId, title, value, key, hasChildren, children} that antd's Tree and TreeSelect read.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Row } from '../../db/repo.ts';
import { ApiError } from '../../http/errors.ts';
import { MSG } from './messages.ts';

export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  value: string;
  key: string;
  hasChildren: boolean;
  children?: TreeNode[];
  [extra: string]: unknown;
}

export function toTree(rows: Row[], titleOf: (r: Row) => string, extra: (r: Row) => Row = () => ({})): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const r of rows) {
    const id = String(r.id);
    nodes.set(id, { ...extra(r), id, parentId: String(r.parentId ?? '0'), title: titleOf(r), value: id, key: id, hasChildren: false });
  }
  const roots: TreeNode[] = [];
  for (const n of nodes.values()) {
    const p = nodes.get(n.parentId);
    if (p && p !== n) {
      (p.children ??= []).push(n);
      p.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}

/** Refuses a parent that is the row itself or below it (a cycle would hide rows from every tree). */
export async function checkParent(db: Db, table: string, id: string | undefined, parentId: string | undefined, scope: (qb: any) => any = (q) => q): Promise<void> {
  if (!parentId || parentId === '0') return;
  if (!/^\d{1,19}$/.test(parentId)) throw new ApiError(400, 'invalid', { field: 'parentId' });
  const parent = await scope(db.selectFrom(table).select('id').where('id', '=', parentId).where('isDeleted', '=', 0)).executeTakeFirst();
  if (!parent) throw new ApiError(400, MSG.parentMissing);
  if (!id) return;
  // walk up from the new parent; meeting the row itself means a cycle
  const r = await sql<{ id: string }>`with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${sql.table(snake(table))} where id = ${parentId}
      union all select t.id, t.parent_id, up.depth + 1 from ${sql.table(snake(table))} t join up on t.id = up.parent_id where up.depth < 64)
    select id from up where id = ${id} limit 1`.execute(db);
  if (r.rows.length) throw new ApiError(400, MSG.parentLoop);
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

/** ids of the rows below the given ones (inclusive), following parent_id. */
export async function descendants(db: Db, table: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await sql<{ id: string }>`with recursive down(id, depth) as (
      select id, 0 from ${sql.table(snake(table))} where id = any(${ids}::bigint[])
      union all select t.id, down.depth + 1 from ${sql.table(snake(table))} t join down on t.parent_id = down.id where down.depth < 64 and t.is_deleted = 0)
    select distinct id from down`.execute(db);
  return r.rows.map((x) => String(x.id));
}

/** Marks hasChildren on a lazy level. */
export async function withHasChildren(db: Db, table: string, rows: Row[], scope: (qb: any) => any = (q) => q): Promise<Row[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => String(r.id));
  const kids = await scope(db.selectFrom(table).select('parentId').where('parentId', 'in', ids).where('isDeleted', '=', 0).groupBy('parentId')).execute();
  const has = new Set(kids.map((k: Row) => String(k.parentId)));
  return rows.map((r) => ({ ...r, hasChildren: has.has(String(r.id)) }));
}
