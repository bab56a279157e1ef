// Trees of parent/child rows (departments, roles, menus, dictionaries) in BladeX's TreeNode shape
// {id, parentId, title, value, key, hasChildren, children} that antd's Tree and TreeSelect read.
import { sql } from 'kysely';
import { dynamic, type Db } from '../../db/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
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

/**
 * Where a tree's rows come from: a tenant's (`tenantId`, through the tenant scope) or, for a
 * platform table such as the menus (`null`), the whole table.
 */
type Owner = string | null;
const rowsOf = (db: Db, owner: Owner) => (owner === null ? db : scoped(db, owner));

/** Refuses a parent that is the row itself or below it (a cycle would hide rows from every tree). */
export async function checkParent(db: Db, table: string, owner: Owner, id: string | undefined, parentId: string | undefined): Promise<void> {
  if (!parentId || parentId === '0') return;
  if (!/^\d{1,19}$/.test(parentId)) throw new ApiError(400, 'invalid', { field: 'parentId' });
  const from = rowsOf(db, owner);
  const parent = await dynamic(from).selectFrom(table).select('id').where('id', '=', parentId).where('isDeleted', '=', 0).executeTakeFirst();
  if (!parent) throw new ApiError(400, MSG.parentMissing);
  if (!id) return;
  // walk up from the new parent; meeting the row itself means a cycle (built, not raw, so the
  // tenant scope filters both sides of the recursion)
  const hit = await dynamic(from)
    .withRecursive('up(id, parentId, depth)', (q) => q.selectFrom(table).select(['id', 'parentId', sql<number>`0`.as('depth')]).where('id', '=', parentId)
      .unionAll(q.selectFrom(`${table} as t`).innerJoin('up', 'up.parentId', 't.id').select(['t.id', 't.parentId', sql<number>`up.depth + 1`.as('depth')]).where('up.depth', '<', 64)))
    .selectFrom('up').select('id').where('id', '=', id).limit(1).executeTakeFirst();
  if (hit) throw new ApiError(400, MSG.parentLoop);
}

/** ids of the owner's rows below the given ones (inclusive), following parent_id. */
export async function descendants(db: Db, table: string, owner: Owner, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await dynamic(rowsOf(db, owner))
    .withRecursive('down(id, depth)', (q) => q.selectFrom(table).select(['id', sql<number>`0`.as('depth')]).where('id', 'in', ids)
      .unionAll(q.selectFrom(`${table} as t`).innerJoin('down', 't.parentId', 'down.id').select(['t.id', sql<number>`down.depth + 1`.as('depth')])
        .where('down.depth', '<', 64).where('t.isDeleted', '=', 0)))
    .selectFrom('down').select('id').distinct().execute();
  return rows.map((x) => String(x.id));
}

/** Marks hasChildren on a lazy level. */
export async function withHasChildren(db: Db, table: string, owner: Owner, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const ids = rows.map((r) => String(r.id));
  const kids = await dynamic(rowsOf(db, owner)).selectFrom(table).select('parentId').where('parentId', 'in', ids).where('isDeleted', '=', 0).groupBy('parentId').execute();
  const has = new Set(kids.map((k) => String(k.parentId)));
  return rows.map((r) => ({ ...r, hasChildren: has.has(String(r.id)) }));
}
