// The plain admin entities of spec 002: dictionaries (system and business), parameters, tenants and
// their packages, OAuth clients, notices, data and API scopes, personal groups. Each is a resource
// declaration plus what is special about it.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { nextId } from '../../db/ids.ts';
import { isId, parseIds, type Ctx, type Repo } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import { ctxOf, zOpt } from '../../http/crud.ts';
import { modelBody, modelResource } from '../../http/model-resource.ts';
import { apiScopeModel, clientModel, dataScopeModel, dictBizModel, dictModel, noticeModel, paramModel, personalGroupItemModel, personalGroupModel, tenantModel, tenantPackageModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, md5 } from '../auth/password.ts';
import type { ModuleDeps } from '../index.ts';
import { ADMIN_TENANT } from './menu-service.ts';
import { MSG } from './messages.ts';
import { nest } from './org.ts';
import { toTree } from './tree.ts';
import { likeContains } from '../../db/like.ts';
import type { TypedApp } from '../../http/contract.ts';

/** a value the query or the body (JSON or form) may carry, read as the handlers read it: String(v) */
const text = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).transform(String).nullish();
const platform = (ctx: Ctx) => { if (ctx.tenantId !== ADMIN_TENANT) throw new ApiError(403, MSG.platformOnly); };

export async function adminRoutes(app: TypedApp, deps: ModuleDeps) {
  const { db, menus } = deps;

  // ---- dictionaries: system (platform-wide) and business (per tenant), parents with children ----
  // (detail and submit from the models, @campus/schema dictModel / dictBizModel; the lists, trees and remove below)
  for (const model of [dictModel, dictBizModel]) {
    const { api: base, tenant } = model;
    // (both have codes of their own: dict_*, dictbiz_*)
    const perm = model.permission!;
    const camelTable = model === dictModel ? 'bladeDict' : 'bladeDictBiz';
    const dict: Repo = modelResource(app, db, model, {
      tag: 'system', only: ['detail', 'submit'],
      beforeSave: async (ctx, e) => {
        if (!tenant) platform(ctx);
        // no parent (or an empty one): a dictionary
        e.parentId = e.parentId ? String(e.parentId) : '0';
        // business dictionaries are the tenant's; system dictionaries the platform's
        const from = tenant ? scoped(db, ctx.tenantId) : db;
        if (e.parentId === '0') {
          if (!e.code) throw new ApiError(400, 'required', { field: 'code' });
          e.dictKey = '-1';
          let q = from.selectFrom(camelTable).select('id').where('code', '=', String(e.code)).where('parentId', '=', '0').where('isDeleted', '=', 0);
          if (e.id) q = q.where('id', '<>', String(e.id));
          if (await q.executeTakeFirst()) throw new ApiError(400, MSG.dictCodeTaken);
        } else {
          const parent = await from.selectFrom(camelTable).select(['id', 'code']).where('id', '=', String(e.parentId)).where('isDeleted', '=', 0).executeTakeFirst();
          if (!parent) throw new ApiError(400, MSG.parentMissing);
          e.code = parent.code;
          if (!e.dictKey) throw new ApiError(400, 'required', { field: 'dictKey' });
          let q = from.selectFrom(camelTable).select('id').where('parentId', '=', String(e.parentId)).where('dictKey', '=', String(e.dictKey)).where('isDeleted', '=', 0);
          if (e.id) q = q.where('id', '<>', String(e.id));
          if (await q.executeTakeFirst()) throw new ApiError(400, MSG.dictKeyTaken);
        }
      },
    });
    const rows = (ctx: Ctx) => dict.select(ctx).orderBy('sort').orderBy('id');
    const view = { permission: [perm, `${perm}_view`] };
    app.get(`${base}/list`, { schema: { tags: ['system'], summary: 'Dictionary entries as a tree (filters code, dictValue)', querystring: z.record(z.string(), z.string()) }, config: view }, async (req) => {
      const q = req.query;
      let qb = rows(ctxOf(req));
      if (q.code) qb = qb.where('code', 'ilike', likeContains(q.code));
      if (q.dictValue) qb = qb.where('dictValue', 'ilike', likeContains(q.dictValue));
      const list = await qb.execute();
      return ok(q.code || q.dictValue ? list : nest(list));
    });
    app.get(`${base}/parent-list`, { schema: { tags: ['system'], summary: 'Dictionaries (parents), paged, filters code/dictValue', querystring: z.record(z.string(), z.string()) }, config: view }, async (req) =>
      ok(await dict.page(ctxOf(req), req.query, (qb) => qb.where('parentId', '=', '0'))));
    app.get(`${base}/child-list`, { schema: { tags: ['system'], summary: 'Items of one dictionary (parentId), as a tree', querystring: z.object({ parentId: z.string().max(19).optional() }).passthrough() }, config: view }, async (req) => {
      const { parentId } = req.query;
      if (!isId(parentId)) return ok([]);
      const all = await rows(ctxOf(req)).where('parentId', '<>', '0').execute();
      const parent = await dict.detail(ctxOf(req), parentId);
      if (!parent) return ok([]);
      return ok(nest(all.filter((r) => r.code === parent.code)).filter((r) => String(r.parentId) === parentId));
    });
    app.get(`${base}/tree`, { schema: { tags: ['system'], summary: 'Dictionaries (parents) as TreeNodes; with code, that dictionary items', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query;
      let qb = rows(ctxOf(req));
      qb = code ? qb.where('code', '=', code).where('parentId', '<>', '0') : qb.where('parentId', '=', '0');
      return ok(toTree(await qb.execute(), (r) => String(r.dictValue), (r) => ({ dictKey: r.dictKey, code: r.code })));
    });
    app.get(`${base}/dictionary`, { schema: { tags: ['system'], summary: 'Items of the dictionary with this code ({dictKey, dictValue})', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query;
      if (!code) return ok([]);
      return ok(await rows(ctxOf(req)).where('code', '=', code).where('parentId', '<>', '0').execute());
    });
    app.get(`${base}/dictionary-tree`, { schema: { tags: ['system'], summary: 'Items of the dictionary with this code as a tree', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query;
      if (!code) return ok([]);
      const list = await rows(ctxOf(req)).where('code', '=', code).execute();
      const parent = list.find((r) => String(r.parentId) === '0');
      return ok(nest(list.filter((r) => r !== parent)).filter((r) => !parent || String(r.parentId) === String(parent.id)));
    });
    app.post(`${base}/remove`, { schema: { tags: ['system'], summary: 'Remove dictionary entries (not sealed ones; a parent only without items)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: `${perm}_delete` } }, async (req) => {
      const ctx = ctxOf(req);
      if (!tenant) platform(ctx);
      const ids = parseIds(req.query.ids);
      const found = await dict.select(ctx).where('id', 'in', ids).execute();
      if (found.some((r) => r.isSealed === 1)) throw new ApiError(400, MSG.dictSealed);
      const kids = await dict.select(ctx).where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
      if (kids) throw new ApiError(400, MSG.dictHasChildren);
      await dict.remove(ctx, ids);
      return ok(true);
    });
  }

  // ---- parameters ----
  modelResource(app, db, paramModel, { tag: 'system' });

  // ---- tenant packages and tenants: the platform tenant's administrators only ----
  const pkg = modelResource(app, db, tenantPackageModel, {
    tag: 'system', only: ['list', 'detail', 'submit'], guard: platform,
    beforeSave: async (ctx, e) => {
      platform(ctx);
      const ids = String(e.menuId ?? '').split(',').filter(Boolean);
      if (!ids.length) throw new ApiError(400, MSG.packageMenus);
      if (!ids.every(isId)) throw new ApiError(400, 'invalid', { field: 'menuId' });
      e.menuId = ids.join(',');
      menus.clearCache();
    },
  });
  app.post('/api/blade-system/tenant-package/remove', { schema: { tags: ['system'], summary: 'Remove packages no tenant uses', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'tenant_package_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const ids = parseIds(req.query.ids);
    if (await db.selectFrom('bladeTenant').select('id').where('packageId', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst()) throw new ApiError(400, MSG.packageInUse);
    await pkg.remove(ctx, ids);
    return ok(true);
  });

  const tenantBody = modelBody(tenantModel);
  const tenants = modelResource(app, db, tenantModel, { tag: 'system', only: ['list', 'detail'], guard: platform });
  app.post('/api/blade-system/tenant/submit', { schema: { tags: ['system'], summary: 'Add a tenant (with its administrator role, root department, post and admin/123456 account) or update one', body: tenantBody }, config: { permission: ['tenant_add', 'tenant_edit'] } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const e = { ...req.body };
    if (!(await app.permissionsOf(me(req))).has(e.id ? 'tenant_edit' : 'tenant_add')) throw new ApiError(403, 'forbidden');
    if (e.expireTime === '') e.expireTime = null;
    if (e.id) {
      delete e.tenantId; // the tenant id is the key of every row of the tenant: fixed once made
      menus.clearCache();
      return ok(await tenants.save(ctx, e));
    }
    const adminPassword = await hashPassword(md5('123456'));
    return ok(await db.transaction().execute(async (tx) => {
      let tenantId = String(e.tenantId ?? '');
      for (let i = 0; !tenantId && i < 20; i++) {
        const candidate = String(randomInt(100000, 1000000));
        if (!(await tx.selectFrom('bladeTenant').select('id').where('tenantId', '=', candidate).executeTakeFirst())) tenantId = candidate;
      }
      if (await tx.selectFrom('bladeTenant').select('id').where('tenantId', '=', tenantId).where('isDeleted', '=', 0).executeTakeFirst()) throw new ApiError(400, 'duplicate', { field: 'tenantId' });
      const row = await tenants.save(ctx, { ...e, tenantId }, tx);
      const roleId = nextId(), deptId = nextId(), postId = nextId();
      await tx.insertInto('bladeRole').values({ id: roleId, tenantId, parentId: '0', roleName: '管理员', roleAlias: 'administrator', sort: 1, createUser: ctx.userId }).execute();
      await tx.insertInto('bladeDept').values({ id: deptId, tenantId, parentId: '0', ancestors: '0', deptName: String(e.tenantName), fullName: String(e.tenantName), sort: 1, createUser: ctx.userId }).execute();
      await tx.insertInto('bladePost').values({ id: postId, tenantId, category: 1, postCode: 'admin', postName: '管理员', sort: 1, createUser: ctx.userId }).execute();
      await tx.insertInto('bladeUser').values({ id: nextId(), tenantId, account: 'admin', password: adminPassword, name: '管理员', realName: '管理员', roleId, deptId, postId, createUser: ctx.userId }).execute();
      await sql`insert into blade_role_menu (menu_id, role_id) select id, ${roleId} from blade_menu where is_deleted = 0 on conflict do nothing`.execute(tx);
      for (const [configKey, info] of [['sysConfig', { indexTitle: String(e.tenantName), webHomeUrl: '', sysLogo: '', sysIcon: '' }], ['casConfig', { enable: false }]] as const) {
        await tx.insertInto('bladeSystemConfig').values({ id: nextId(), tenantId, configKey, configInfo: JSON.stringify(info) }).execute();
      }
      return row;
    }));
  });
  app.post('/api/blade-system/tenant/remove', { schema: { tags: ['system'], summary: 'Remove tenants (never the platform tenant)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'tenant_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const ids = parseIds(req.query.ids);
    if ((await tenants.select(ctx).where('id', 'in', ids).execute()).some((t) => t.tenantId === ADMIN_TENANT)) throw new ApiError(400, MSG.tenantPlatform);
    await tenants.remove(ctx, ids);
    return ok(true);
  });
  app.post('/api/blade-system/tenant/setting', {
    schema: {
      tags: ['system'], summary: 'Set account quota and expiry of tenants (ids), in query or body',
      querystring: z.object({ ids: z.string().optional(), accountNumber: z.string().optional(), expireTime: z.string().optional() }).passthrough(),
      body: z.object({ ids: text, accountNumber: text, expireTime: z.string().nullish() }).nullish(),
    },
    config: { permission: 'tenant_setting' },
  }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...req.query, ...req.body };
    const ids = parseIds(q.ids);
    const n = q.accountNumber === undefined || q.accountNumber === '' ? -1 : Number(q.accountNumber);
    if (!Number.isInteger(n) || n < -1) throw new ApiError(400, 'invalid', { field: 'accountNumber' });
    const expire = q.expireTime ? new Date(q.expireTime.replace(' ', 'T')) : null;
    if (expire && Number.isNaN(expire.getTime())) throw new ApiError(400, 'invalid', { field: 'expireTime' });
    await db.updateTable('bladeTenant').set({ accountNumber: n, expireTime: expire?.toISOString() ?? null, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', 'in', ids).execute();
    return ok(true);
  });
  app.post('/api/blade-system/tenant/datasource', { schema: { tags: ['system'], summary: 'Bind a datasource to a tenant (query or body)', querystring: z.object({ tenantId: z.string().max(12).optional(), datasourceId: z.string().max(19).optional() }).passthrough(), body: z.object({ tenantId: text, datasourceId: text }).nullish() }, config: { permission: 'tenant_setting' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...req.query, ...req.body };
    if (!q.tenantId) throw new ApiError(400, 'required', { field: 'tenantId' });
    if (q.datasourceId && !isId(q.datasourceId)) throw new ApiError(400, 'invalid', { field: 'datasourceId' });
    await db.updateTable('bladeTenant').set({ datasourceId: q.datasourceId || null }).where('tenantId', '=', q.tenantId).where('isDeleted', '=', 0).execute();
    return ok(true);
  });
  app.get('/api/blade-system/tenant/info', { config: { public: true }, schema: { tags: ['system'], summary: 'Public facts of the tenant served at a domain (login page): tenantId, tenantName, backgroundUrl', querystring: z.object({ domain: z.string().max(255).optional() }).passthrough() } }, async (req) => {
    const { domain } = req.query;
    if (!domain) return ok(null);
    const t = await db.selectFrom('bladeTenant').select(['tenantId', 'tenantName', 'backgroundUrl', 'domainUrl']).where('domainUrl', '=', domain).where('isDeleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    return ok(t ?? null);
  });
  app.get('/api/blade-system/tenant/package-detail', { schema: { tags: ['system'], summary: 'The package of a tenant', querystring: z.object({ tenantId: z.string().max(12).optional() }).passthrough() }, config: { permission: ['tenant', 'tenant_view'] } }, async (req) => {
    platform(ctxOf(req));
    const { tenantId } = req.query;
    const t = tenantId ? await db.selectFrom('bladeTenant').select('packageId').where('tenantId', '=', tenantId).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!t?.packageId) return ok(null);
    return ok(await db.selectFrom('bladeTenantPackage').selectAll().where('id', '=', t.packageId).where('isDeleted', '=', 0).executeTakeFirst() ?? null);
  });
  app.post('/api/blade-system/tenant/package-setting', { schema: { tags: ['system'], summary: 'Give a tenant a package (empty packageId: none; query or body)', querystring: z.object({ tenantId: z.string().max(12).optional(), packageId: z.string().max(19).optional() }).passthrough(), body: z.object({ tenantId: text, packageId: text }).nullish() }, config: { permission: 'tenant_setting' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...req.query, ...req.body };
    if (!q.tenantId) throw new ApiError(400, 'required', { field: 'tenantId' });
    if (q.packageId && !(isId(q.packageId) && await pkg.detail(ctx, q.packageId))) throw new ApiError(400, 'invalid', { field: 'packageId' });
    await db.updateTable('bladeTenant').set({ packageId: q.packageId || null }).where('tenantId', '=', q.tenantId).where('isDeleted', '=', 0).execute();
    menus.clearCache();
    return ok(true);
  });

  // ---- OAuth clients (platform) ----
  modelResource(app, db, clientModel, { tag: 'system', guard: platform });

  // ---- notices (rich text content: the web sanitizes it with DOMPurify on render) ----
  modelResource(app, db, noticeModel, {
    tag: 'desk',
    beforeSave: (_ctx, e) => { if (!e.releaseTime) e.releaseTime = new Date().toISOString(); },
  });

  // ---- data and API scopes (granted to roles through role/grant) ----
  const scopeHooks = { tag: 'system', guard: platform, beforeSave: (ctx: Ctx) => { platform(ctx); deps.scopes.clearCache(); } };
  modelResource(app, db, dataScopeModel, scopeHooks);
  modelResource(app, db, apiScopeModel, scopeHooks);

  // ---- personal groups: each user's own groups of people ----
  modelResource(app, db, personalGroupModel, { tag: 'system' });
  // members come in through addGroupUsers (below): the model serves their detail and removal
  const items = modelResource(app, db, personalGroupItemModel, { tag: 'system', only: ['detail', 'remove'] });
  app.get('/api/personalGroupItem/personalGroupItem/page', { schema: { tags: ['system'], summary: 'Members of a group (groupId), paged', querystring: z.record(z.string(), z.string()) } }, async (req) =>
    ok(await items.page(ctxOf(req), req.query)));
  app.post('/api/personalGroupItem/personalGroupItem/addGroupUsers', {
    schema: { tags: ['system'], summary: 'Add users (userIds) to a group (groupId); members already there are kept', body: z.object({ groupId: z.string().regex(/^\d{1,19}$/), userIds: z.union([z.string(), z.array(z.string())]) }) },
  }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    const ids = parseIds(Array.isArray(b.userIds) ? b.userIds.join(',') : b.userIds);
    const group = await scoped(db, ctx.tenantId).selectFrom('bladePersonalGroup').select('id').where('id', '=', b.groupId).where('createUser', '=', ctx.userId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!group) throw new ApiError(400, 'noData');
    const people = await scoped(db, ctx.tenantId).selectFrom('bladeUser as u').select(['u.id', 'u.account', 'u.realName', 'u.deptId']).where('u.id', 'in', ids).where('u.isDeleted', '=', 0).execute();
    const have = new Set((await db.selectFrom('bladePersonalGroupItem').select('userId').where('groupId', '=', b.groupId).where('isDeleted', '=', 0).execute()).map((r) => String(r.userId)));
    const deptNames = new Map((await scoped(db, ctx.tenantId).selectFrom('bladeDept').select(['id', 'deptName']).execute()).map((d) => [String(d.id), String(d.deptName)]));
    let added = 0;
    for (const p of people) {
      if (have.has(String(p.id))) continue;
      await items.save(ctx, { groupId: b.groupId, userId: p.id, userAccount: p.account, realName: p.realName, dept: String(p.deptId ?? '').split(',').map((d) => deptNames.get(d)).filter(Boolean).join(',') });
      added++;
    }
    return ok(added);
  });
}

/** Regions (002 §3): lazy levels by parentCode (00 = provinces); the platform maintains them. */
export async function regionRoutes(app: TypedApp, { db }: ModuleDeps) {
  const level = async (parentCode: string) => {
    const rows = await db.selectFrom('bladeRegion').selectAll().where('parentCode', '=', parentCode).orderBy('sort').orderBy('code').execute();
    if (!rows.length) return [];
    const kids = await db.selectFrom('bladeRegion').select('parentCode').where('parentCode', 'in', rows.map((r) => r.code as string)).groupBy('parentCode').execute();
    const has = new Set(kids.map((k) => k.parentCode));
    return rows.map((r) => ({ ...r, id: r.code, hasChildren: has.has(r.code) }) as unknown as Record<string, unknown> & { code: string; parentCode: string; name: string; regionLevel: number; hasChildren: boolean });
  };
  const parentCode = z.object({ parentCode: z.string().max(12).regex(/^\d*$/).optional() }).passthrough();
  app.get('/api/blade-system/region/lazy-list', { schema: { tags: ['system'], summary: 'One level of regions below parentCode (00 = provinces), with hasChildren', querystring: parentCode } }, async (req) =>
    ok(await level(req.query.parentCode || '00')));
  app.get('/api/blade-system/region/lazy-tree', { schema: { tags: ['system'], summary: 'One level of region TreeNodes {id, title, value (code), hasChildren} below parentCode', querystring: parentCode } }, async (req) =>
    ok((await level(req.query.parentCode || '00')).map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, value: r.code, key: r.code, hasChildren: r.hasChildren, regionLevel: r.regionLevel }))));
  app.get('/api/blade-system/region/detail', { schema: { tags: ['system'], summary: 'A region by code', querystring: z.object({ code: z.string().max(12).optional(), id: z.string().max(12).optional() }).passthrough() } }, async (req) => {
    const q = req.query;
    const code = q.code ?? q.id;
    if (!code) return ok(null);
    return ok(await db.selectFrom('bladeRegion').selectAll().where('code', '=', code).executeTakeFirst() ?? null);
  });
  app.post('/api/blade-system/region/submit', {
    schema: { tags: ['system'], summary: 'Add or update a region (code is the key; the parent decides the level)', body: z.object({ code: z.string().regex(/^\d{2,12}$/), parentCode: z.string().regex(/^\d{2,12}$/), name: z.string().trim().min(1).max(64), sort: z.coerce.number().int().min(0).max(99999).default(1), remark: zOpt(z.string().max(255)) }) },
    config: { permission: 'region' },
  }, async (req) => {
    platform(ctxOf(req));
    const b = req.body;
    const parent = b.parentCode === '00' ? null : await db.selectFrom('bladeRegion').selectAll().where('code', '=', b.parentCode).executeTakeFirst();
    if (b.parentCode !== '00' && !parent) throw new ApiError(400, MSG.parentMissing);
    if (!b.code.startsWith(parent ? String(parent.code) : '')) throw new ApiError(400, 'invalid', { field: 'code' });
    const levelNo = parent ? Number(parent.regionLevel) + 1 : 1;
    const names = { provinceCode: parent?.provinceCode ?? b.code, provinceName: parent?.provinceName ?? b.name, cityCode: levelNo === 2 ? b.code : parent?.cityCode ?? null, cityName: levelNo === 2 ? b.name : parent?.cityName ?? null, districtCode: levelNo === 3 ? b.code : parent?.districtCode ?? null, districtName: levelNo === 3 ? b.name : parent?.districtName ?? null };
    const row = { code: b.code, parentCode: b.parentCode, ancestors: parent ? `${parent.ancestors},${parent.code}` : '00', name: b.name, regionLevel: levelNo, sort: b.sort, remark: b.remark ?? null, ...names };
    await db.insertInto('bladeRegion').values(row).onConflict((oc) => oc.column('code').doUpdateSet({ name: b.name, sort: b.sort, remark: b.remark ?? null })).execute();
    return ok(row);
  });
  app.post('/api/blade-system/region/remove', { schema: { tags: ['system'], summary: 'Remove regions (ids = codes) without sub-regions', querystring: z.object({ ids: z.string().max(2000).optional() }).passthrough() }, config: { permission: 'region' } }, async (req) => {
    platform(ctxOf(req));
    const codes = String(req.query.ids ?? '').split(',').filter((c) => /^\d{2,12}$/.test(c));
    if (!codes.length) throw new ApiError(400, 'idsRequired');
    if (await db.selectFrom('bladeRegion').select('code').where('parentCode', 'in', codes).where('code', 'not in', codes).executeTakeFirst()) throw new ApiError(400, MSG.deptHasChildren);
    await db.deleteFrom('bladeRegion').where('code', 'in', codes).execute();
    return ok(true);
  });
}
