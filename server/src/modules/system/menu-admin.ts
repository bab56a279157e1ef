// Menu administration: menus and buttons are platform-wide rows (a tenant sees them through its
// roles and package); top menus group sidebar menus per tenant.
import { z } from 'zod';
import { isId, parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { ADMIN_TENANT } from './menu-service.ts';
import { MSG } from './messages.ts';
import { nest } from './org.ts';
import { checkParent, toTree, withHasChildren } from './tree.ts';
import { likeContains } from '../../db/like.ts';
import { modelResource } from '../../http/model-resource.ts';
import { menuModel, topMenuModel } from '@campus/schema';
import type { TypedApp } from '../../http/contract.ts';

/** Menu tree nodes carry code, alias and category so the page can show them in the reader's language. */
const menuNode = (r: Row) => ({ code: r.code ?? undefined, alias: r.alias ?? undefined, category: r.category });

const platformOnly = (tenantId: string) => { if (tenantId !== ADMIN_TENANT) throw new ApiError(403, 'forbidden'); };

export async function menuAdminRoutes(app: TypedApp, { db, menus }: ModuleDeps) {
  // detail and submit from the model (@campus/schema menuModel: fields, limits, the code unique among
  // the live menus); the lists, trees and remove below. Any tenant reads a menu; only the platform
  // tenant's administrators save one, refused before anything else is checked (hence two calls).
  const menu = modelResource(app, db, menuModel, { tag: 'system', only: ['detail'] });
  modelResource(app, db, menuModel, {
    tag: 'system', only: ['submit'], guard: (ctx) => platformOnly(ctx.tenantId),
    beforeSave: async (_ctx, e) => {
      // none (or empty) is the top, on update too
      e.parentId = e.parentId ? String(e.parentId) : '0';
      await checkParent(db, 'bladeMenu', null, e.id as string | undefined, e.parentId as string);
    },
  });
  const all = () => db.selectFrom('bladeMenu').selectAll().where('isDeleted', '=', 0).orderBy('sort').orderBy('id');
  const menuPerm = { permission: ['menu', 'menu_view'] };

  app.get('/api/blade-system/menu/list', { schema: { tags: ['system'], summary: 'All menus and buttons as a tree (filters code, name)', querystring: z.record(z.string(), z.string()) }, config: menuPerm }, async (req) => {
    const q = req.query;
    let qb = all();
    if (q.name) qb = qb.where('name', 'ilike', likeContains(q.name));
    if (q.code) qb = qb.where('code', 'ilike', likeContains(q.code));
    const rows = await qb.execute();
    return ok(q.name || q.code ? rows : nest(rows));
  });
  const lazy = (categoryOnly?: number) => async (req: { query: { parentId?: string } }) => {
    const parentId = req.query.parentId || '0';
    let qb = all().where('parentId', '=', isId(parentId) ? parentId : '-1');
    if (categoryOnly) qb = qb.where('category', '=', categoryOnly);
    return ok(await withHasChildren(db, 'bladeMenu', null, await qb.execute()));
  };
  const parentQ = z.object({ parentId: z.string().max(19).optional() }).passthrough();
  app.get('/api/blade-system/menu/lazy-list', { schema: { tags: ['system'], summary: 'One level of menus and buttons below parentId', querystring: parentQ }, config: menuPerm }, lazy());
  app.get('/api/blade-system/menu/lazy-menu-list', { schema: { tags: ['system'], summary: 'One level of menus (no buttons) below parentId', querystring: parentQ }, config: menuPerm }, lazy(1));
  app.get('/api/blade-system/menu/menu-list', { schema: { tags: ['system'], summary: 'All menus (no buttons) as a tree' }, config: menuPerm }, async () => ok(nest(await all().where('category', '=', 1).execute())));
  app.get('/api/blade-system/menu/tree', { schema: { tags: ['system'], summary: 'Menus (no buttons) as TreeNodes, e.g. for a parent picker', querystring: z.object({ tenantId: z.string().max(12).optional() }).passthrough() } }, async () =>
    ok(toTree(await all().where('category', '=', 1).execute(), (r) => String(r.name), menuNode)));
  app.post('/api/blade-system/menu/remove', { schema: { tags: ['system'], summary: 'Remove menus without sub-menus', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'menu_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    platformOnly(ctx.tenantId);
    const ids = parseIds(req.query.ids);
    const child = await db.selectFrom('bladeMenu').select('id').where('parentId', 'in', ids).where('id', 'not in', ids).where('isDeleted', '=', 0).executeTakeFirst();
    if (child) throw new ApiError(400, MSG.menuHasChildren);
    await menu.remove(ctx, ids);
    await db.deleteFrom('bladeRoleMenu').where('menuId', 'in', ids).execute();
    menus.clearCache();
    return ok(true);
  });

  // grant trees: what the caller may hand out, and what roles / top menus hold
  const grantable = async (req: Parameters<typeof me>[0]) => {
    const codes = await menus.codes(me(req));
    return (await all().execute()).filter((m) => codes.has(String(m.code)));
  };
  app.get('/api/blade-system/menu/grant-tree', { schema: { tags: ['system'], summary: 'Menus and buttons the caller may grant, with data and API scopes per menu' }, config: { permission: ['role_grant', 'tenant_package_add', 'tenant_package_edit'] } }, async (req) => {
    const rows = await grantable(req);
    const ids = rows.map((r) => String(r.id));
    const scopes = async (table: 'bladeScopeData' | 'bladeScopeApi') => (ids.length ? await db.selectFrom(table).select(['id', 'menuId', 'scopeName']).where('menuId', 'in', ids).where('isDeleted', '=', 0).execute() : []);
    const [data, api] = await Promise.all([scopes('bladeScopeData'), scopes('bladeScopeApi')]);
    const scopeTree = (list: Row[]) => rows.some((r) => r.category === 1)
      ? toTree([...rows.filter((r) => r.category === 1), ...list.map((s) => ({ id: String(s.id), parentId: String(s.menuId), name: s.scopeName, category: 3 }))], (r) => String(r.name ?? ''), menuNode)
      : [];
    return ok({ menu: toTree(rows, (r) => String(r.name), menuNode), dataScope: scopeTree(data), apiScope: scopeTree(api) });
  });
  app.get('/api/blade-system/menu/role-tree-keys', { schema: { tags: ['system'], summary: 'Menu, data scope and API scope ids held by the roles', querystring: z.object({ roleIds: z.string().max(20000).optional() }).passthrough() }, config: { permission: ['role_grant', 'role', 'role_view'] } }, async (req) => {
    const ctx = ctxOf(req);
    const roleIds = String(req.query.roleIds ?? '').split(',').filter(isId);
    if (!roleIds.length) return ok({ menu: [], dataScope: [], apiScope: [] });
    const own = (await scoped(db, ctx.tenantId).selectFrom('bladeRole').select('id').where('id', 'in', roleIds).execute()).map((r) => String(r.id));
    if (!own.length) return ok({ menu: [], dataScope: [], apiScope: [] });
    const menuIds = await db.selectFrom('bladeRoleMenu').select('menuId').distinct().where('roleId', 'in', own).execute();
    const sc = await db.selectFrom('bladeRoleScope').select(['scopeId', 'scopeCategory']).distinct().where('roleId', 'in', own).execute();
    return ok({
      menu: menuIds.map((m) => String(m.menuId)),
      dataScope: sc.filter((s) => s.scopeCategory === 1).map((s) => String(s.scopeId)),
      apiScope: sc.filter((s) => s.scopeCategory === 2).map((s) => String(s.scopeId)),
    });
  });

  // ---- top menus ----
  const top = modelResource(app, db, topMenuModel, { tag: 'system' });
  app.get('/api/blade-system/menu/top-menu', { schema: { tags: ['system'], summary: 'The tenant top menus (status 1) the top bar shows' } }, async (req) =>
    ok(await top.select(ctxOf(req)).where('status', '=', 1).orderBy('sort').execute()));
  app.get('/api/blade-system/menu/grant-top-tree', { schema: { tags: ['system'], summary: 'Menus a top menu can group' }, config: menuPerm }, async (req) =>
    ok({ menu: toTree((await grantable(req)).filter((m) => m.category === 1), (r) => String(r.name), menuNode) }));
  app.get('/api/blade-system/menu/top-tree-keys', { schema: { tags: ['system'], summary: 'Menu ids grouped under the top menus', querystring: z.object({ topMenuIds: z.string().max(20000).optional() }).passthrough() }, config: menuPerm }, async (req) => {
    const ctx = ctxOf(req);
    const ids = String(req.query.topMenuIds ?? '').split(',').filter(isId);
    if (!ids.length) return ok({ menu: [] });
    const own = (await top.select(ctx).where('id', 'in', ids).execute()).map((t) => String(t.id));
    const rows = own.length ? await db.selectFrom('bladeTopMenuSetting').select('menuId').distinct().where('topMenuId', 'in', own).execute() : [];
    return ok({ menu: rows.map((r) => String(r.menuId)) });
  });
  app.post('/api/blade-system/topmenu/grant', {
    schema: { tags: ['system'], summary: 'Set the menus grouped under top menus', querystring: z.object({ topMenuIds: z.string().max(20000).optional(), menuIds: z.string().max(100000).optional() }).passthrough(), body: z.object({ topMenuIds: z.union([z.string(), z.array(z.string())]).optional(), menuIds: z.union([z.string(), z.array(z.string())]).optional() }).optional() },
    config: { permission: 'menu_edit' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const src = { ...req.query, ...req.body };
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).filter(Boolean);
    const topIds = parseIds(list(src.topMenuIds).join(','));
    const menuIds = list(src.menuIds);
    if (!menuIds.every(isId)) throw new ApiError(400, 'invalid', { field: 'menuIds' });
    const own = (await top.select(ctx).where('id', 'in', topIds).execute()).map((t) => String(t.id));
    if (own.length !== topIds.length) throw new ApiError(403, 'forbidden');
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('bladeTopMenuSetting').where('topMenuId', 'in', own).execute();
      for (const topMenuId of own) if (menuIds.length) await tx.insertInto('bladeTopMenuSetting').values(menuIds.map((menuId) => ({ topMenuId, menuId }))).execute();
    });
    return ok(true);
  });
}
