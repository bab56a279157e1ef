// Departments, posts and roles of a tenant (002 §7), including the role grants of menus, data
// scopes and API scopes. Lists that the spec shows as trees answer trees.
import { sql } from 'kysely';
import { z } from 'zod';
import { parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import { ctxOf } from '../../http/crud.ts';
import { modelResource } from '../../http/model-resource.ts';
import { deptModel, postModel, roleModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { MSG } from './messages.ts';
import { checkParent, descendants, toTree, withHasChildren } from './tree.ts';
import { likeContains } from '../../db/like.ts';
import type { TypedApp } from '../../http/contract.ts';

const parentQuery = z.object({ parentId: z.string().max(19).optional(), tenantId: z.string().max(12).optional() }).passthrough();

/** A tree entry's parent: none (or empty) is the top (0); a number left empty keeps the stored (or default) value. */
function topLevelOrParent(e: Row): void {
  e.parentId = e.parentId ? String(e.parentId) : '0';
  for (const k of ['sort', 'deptCategory']) if (e[k] === null) delete e[k];
}

export async function orgRoutes(app: TypedApp, { db, menus, scopes }: ModuleDeps) {
  // ---- departments ----
  // detail and submit from the model (@campus/schema deptModel); the lists, trees and remove below
  const dept = modelResource(app, db, deptModel, {
    tag: 'system', only: ['detail', 'submit'],
    beforeSave: async (ctx, e) => {
      topLevelOrParent(e);
      await checkParent(db, 'bladeDept', ctx.tenantId, e.id as string | undefined, e.parentId as string);
      const parent = e.parentId === '0' ? null : await db.selectFrom('bladeDept').select('ancestors').where('id', '=', e.parentId as string).executeTakeFirst();
      e.ancestors = parent ? `${parent.ancestors},${e.parentId}` : '0';
      if (!e.fullName) e.fullName = e.deptName;
    },
  });
  app.get('/api/blade-system/dept/list', { schema: { tags: ['system'], summary: 'Departments as a tree (filters: deptName, fullName)', querystring: z.record(z.string(), z.string()) }, config: { permission: ['dept', 'dept_view'] } }, async (req) => {
    const q = req.query;
    let qb = dept.select(ctxOf(req)).orderBy('sort').orderBy('id');
    if (q.deptName) qb = qb.where('deptName', 'ilike', likeContains(q.deptName));
    if (q.fullName) qb = qb.where('fullName', 'ilike', likeContains(q.fullName));
    const rows = await qb.execute();
    return ok(q.deptName || q.fullName ? rows : nest(rows));
  });
  app.get('/api/blade-system/dept/lazy-list', { schema: { tags: ['system'], summary: 'One level of departments below parentId (0 = top), with hasChildren', querystring: parentQuery }, config: { permission: ['dept', 'dept_view'] } }, async (req) => {
    const u = me(req);
    const parentId = req.query.parentId || '0';
    const rows = await dept.select(ctxOf(req)).where('parentId', '=', /^\d+$/.test(parentId) ? parentId : '-1').orderBy('sort').orderBy('id').execute();
    return ok(await withHasChildren(db, 'bladeDept', u.tenantId, rows));
  });
  app.get('/api/blade-system/dept/tree', { schema: { tags: ['system'], summary: 'All departments of the tenant as TreeNodes', querystring: parentQuery } }, async (req) => {
    const rows = await dept.select(ctxOf(req)).orderBy('sort').orderBy('id').execute();
    return ok(toTree(rows, (r) => String(r.deptName)));
  });
  app.get('/api/blade-system/dept/lazy-tree', { schema: { tags: ['system'], summary: 'One level of department TreeNodes below parentId', querystring: parentQuery } }, async (req) => {
    const u = me(req);
    const parentId = req.query.parentId || '0';
    const rows = await withHasChildren(db, 'bladeDept', u.tenantId, await dept.select(ctxOf(req)).where('parentId', '=', /^\d+$/.test(parentId) ? parentId : '-1').orderBy('sort').orderBy('id').execute());
    return ok(rows.map((r) => ({ id: String(r.id), parentId: String(r.parentId), title: r.deptName, value: String(r.id), key: String(r.id), hasChildren: r.hasChildren })));
  });
  app.post('/api/blade-system/dept/remove', { schema: { tags: ['system'], summary: 'Remove departments without sub-departments or users', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'dept_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const child = await scoped(db, ctx.tenantId).selectFrom('bladeDept').select('id').where('parentId', 'in', ids).where('id', 'not in', ids).where('isDeleted', '=', 0).executeTakeFirst();
    if (child) throw new ApiError(400, MSG.deptHasChildren);
    if (await usedBy(db, ctx.tenantId, 'dept_id', ids)) throw new ApiError(400, MSG.deptHasUsers);
    await dept.remove(ctx, ids);
    return ok(true);
  });

  // ---- posts ----
  const post = modelResource(app, db, postModel, { tag: 'system' });
  app.get('/api/blade-system/post/select', { schema: { tags: ['system'], summary: 'All posts of the tenant (picker)', querystring: parentQuery } }, async (req) =>
    ok(await post.select(ctxOf(req)).select(['id', 'postName', 'postCode', 'category']).orderBy('sort').execute()));

  // ---- roles ----
  // detail and submit from the model (@campus/schema roleModel; the alias unique among the tenant's roles); the lists, trees and remove below
  const role = modelResource(app, db, roleModel, {
    tag: 'system', only: ['detail', 'submit'],
    beforeSave: async (ctx, e) => {
      topLevelOrParent(e);
      await checkParent(db, 'bladeRole', ctx.tenantId, e.id as string | undefined, e.parentId as string);
    },
  });
  app.get('/api/blade-system/role/list', { schema: { tags: ['system'], summary: 'Roles as a tree (filters roleName, roleAlias)', querystring: z.record(z.string(), z.string()) }, config: { permission: ['role', 'role_view'] } }, async (req) => {
    const q = req.query;
    let qb = role.select(ctxOf(req)).orderBy('sort').orderBy('id');
    if (q.roleName) qb = qb.where('roleName', 'ilike', likeContains(q.roleName));
    if (q.roleAlias) qb = qb.where('roleAlias', 'ilike', likeContains(q.roleAlias));
    const rows = await qb.execute();
    return ok(q.roleName || q.roleAlias ? rows : nest(rows));
  });
  app.get('/api/blade-system/role/tree', { schema: { tags: ['system'], summary: 'Roles of the tenant as TreeNodes', querystring: parentQuery } }, async (req) =>
    ok(toTree(await role.select(ctxOf(req)).orderBy('sort').orderBy('id').execute(), (r) => String(r.roleName))));
  app.get('/api/blade-system/role/tree-by-id', { schema: { tags: ['system'], summary: 'Role TreeNodes below (and including) roleId', querystring: z.object({ roleId: z.string().max(19).optional() }).passthrough() } }, async (req) => {
    const { roleId } = req.query;
    const rows = await role.select(ctxOf(req)).orderBy('sort').execute();
    const keep = new Set(roleId && /^\d+$/.test(roleId) ? await descendants(db, 'bladeRole', ctxOf(req).tenantId, [roleId]) : rows.map((r) => String(r.id)));
    return ok(toTree(rows.filter((r) => keep.has(String(r.id))), (r) => String(r.roleName)));
  });
  app.post('/api/blade-system/role/remove', { schema: { tags: ['system'], summary: 'Remove roles not assigned to users and without sub-roles', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'role_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const child = await scoped(db, ctx.tenantId).selectFrom('bladeRole').select('id').where('parentId', 'in', ids).where('id', 'not in', ids).where('isDeleted', '=', 0).executeTakeFirst();
    if (child) throw new ApiError(400, MSG.roleHasChildren);
    if (await usedBy(db, ctx.tenantId, 'role_id', ids)) throw new ApiError(400, MSG.roleHasUsers);
    await role.remove(ctx, ids);
    menus.clearCache();
    return ok(true);
  });

  // grant menus, data scopes and API scopes to roles (replaces what the roles had)
  const idCsv = z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional().transform((v) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean));
  // the query form: comma lists (a repeated key arrives as a list, read as the comma-joined whole)
  const idCsvQuery = z.union([z.string(), z.array(z.string())]).optional().transform((v) => String(v ?? '').split(',').filter(Boolean));
  app.post('/api/blade-system/role/grant', {
    schema: { tags: ['system'], summary: 'Grant menus, data scopes and API scopes to roles (JSON body or query; ids as arrays or comma lists)', querystring: z.object({ roleIds: idCsvQuery, menuIds: idCsvQuery, dataScopeIds: idCsvQuery, apiScopeIds: idCsvQuery }).passthrough(),
      body: z.object({ roleIds: idCsv, menuIds: idCsv, dataScopeIds: idCsv, apiScopeIds: idCsv }).optional(),
    },
    config: { permission: 'role_grant' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const q = req.query, b = req.body;
    const list = (k: 'roleIds' | 'menuIds' | 'dataScopeIds' | 'apiScopeIds') => (b?.[k].length ? b[k] : q[k]);
    const roleIds = parseIds(list('roleIds').join(','));
    const menuIds = list('menuIds'), dataIds = list('dataScopeIds'), apiIds = list('apiScopeIds');
    for (const l of [menuIds, dataIds, apiIds]) if (!l.every((x) => /^\d{1,19}$/.test(x))) throw new ApiError(400, 'invalid', { field: 'ids' });
    const own = await scoped(db, ctx.tenantId).selectFrom('bladeRole').select('id').where('id', 'in', roleIds).where('isDeleted', '=', 0).execute();
    if (own.length !== roleIds.length) throw new ApiError(403, 'forbidden');
    // a tenant can only hand out menus its own administrators could see
    const grantable = await menus.codes({ tenantId: ctx.tenantId, roleIds: me(req).roleIds });
    const menuRows = menuIds.length ? await db.selectFrom('bladeMenu').select(['id', 'code']).where('id', 'in', menuIds).where('isDeleted', '=', 0).execute() : [];
    if (menuRows.some((m) => !grantable.has(String(m.code)))) throw new ApiError(403, 'forbidden');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('bladeRoleMenu').where('roleId', 'in', roleIds).execute();
      await tx.deleteFrom('bladeRoleScope').where('roleId', 'in', roleIds).execute();
      for (const roleId of roleIds) {
        if (menuRows.length) await tx.insertInto('bladeRoleMenu').values(menuRows.map((m) => ({ roleId, menuId: m.id }))).execute();
        if (dataIds.length) await tx.insertInto('bladeRoleScope').values(dataIds.map((scopeId) => ({ roleId, scopeId, scopeCategory: 1 }))).execute();
        if (apiIds.length) await tx.insertInto('bladeRoleScope').values(apiIds.map((scopeId) => ({ roleId, scopeId, scopeCategory: 2 }))).execute();
      }
    });
    menus.clearCache();
    scopes.clearCache();
    return ok(true);
  });
}

/** Rows as a tree through `children` (BladeX's list of tree entities). */
export function nest(rows: Row[]): Row[] {
  const byId = new Map(rows.map((r) => [String(r.id), { ...r, hasChildren: false } as Row]));
  const roots: Row[] = [];
  for (const r of byId.values()) {
    const p = byId.get(String(r.parentId));
    if (p && p !== r) { ((p.children as Row[] | undefined) ?? (p.children = [] as Row[]) as Row[]).push(r); p.hasChildren = true; } else roots.push(r);
  }
  return roots;
}

/** Whether any user of the tenant holds one of ids in its comma list column. */
async function usedBy(db: ModuleDeps['db'], tenantId: string, column: 'dept_id' | 'role_id', ids: string[]): Promise<boolean> {
  const hit = await scoped(db, tenantId).selectFrom('bladeUser').select('id').where('isDeleted', '=', 0)
    .where(sql<boolean>`string_to_array(${sql.ref(column)}, ',') && ${ids}::text[]`).limit(1).executeTakeFirst();
  return hit !== undefined;
}
