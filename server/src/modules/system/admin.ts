// The plain admin entities of spec 002: dictionaries (system and business), parameters, tenants and
// their packages, OAuth clients, notices, data and API scopes, personal groups. Each is a resource
// declaration plus what is special about it.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { nextId } from '../../db/ids.ts';
import { isId, parseIds, type Ctx, type Repo } from '../../db/repo.ts';
import { me } from '../../http/auth.ts';
import { ctxOf, resource, zOptId } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, md5 } from '../auth/password.ts';
import type { ModuleDeps } from '../index.ts';
import { ADMIN_TENANT } from './menu-service.ts';
import { MSG } from './messages.ts';
import { zmsg } from '../../http/messages.ts';
import { nest } from './org.ts';
import { toTree } from './tree.ts';
import { likeContains } from '../../db/like.ts';

const opt = (s: z.ZodType) => s.optional().nullable();
const sortNum = z.coerce.number().int().min(0).max(99999).default(1);
const platform = (ctx: Ctx) => { if (ctx.tenantId !== ADMIN_TENANT) throw new ApiError(403, MSG.platformOnly); };

export async function adminRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db, menus } = deps;

  // ---- dictionaries: system (platform-wide) and business (per tenant), parents with children ----
  for (const [base, table, tenant, perm] of [['/api/blade-system/dict', 'blade_dict', false, 'dict'], ['/api/blade-system/dict-biz', 'blade_dict_biz', true, 'dictbiz']] as const) {
    const camelTable = table === 'blade_dict' ? 'bladeDict' : 'bladeDictBiz';
    const dict: Repo = resource(app, db, {
      base, tag: 'system', table, tenant, audit: false, permission: perm, only: ['detail', 'submit'],
      columns: { id: 'id', parentId: 'id', code: 'string', dictKey: 'string', dictValue: 'string', sort: 'number', isSealed: 'number' },
      defaultOrder: [{ field: 'sort', dir: 'asc' }],
      body: z.object({
        id: zOptId, parentId: z.union([z.string().regex(/^\d{1,19}$/), z.literal('')]).optional().nullable().transform((v) => v || '0'),
        code: z.string().trim().max(255).regex(/^([A-Za-z][\w-]*)?$/).optional(), dictKey: opt(z.string().max(255)), dictValue: z.string().trim().min(1).max(255),
        sort: sortNum, remark: opt(z.string().max(255)), isSealed: z.coerce.number().int().min(0).max(1).default(0),
      }),
      beforeSave: async (ctx, e) => {
        if (!tenant) platform(ctx);
        const scoped = (q: any) => (tenant ? q.where('tenantId', '=', ctx.tenantId) : q);
        if (e.parentId === '0') {
          if (!e.code) throw new ApiError(400, 'required', { field: 'code' });
          e.dictKey = '-1';
          let q = scoped(db.selectFrom(camelTable).select('id').where('code', '=', e.code).where('parentId', '=', '0').where('isDeleted', '=', 0));
          if (e.id) q = q.where('id', '<>', e.id);
          if (await q.executeTakeFirst()) throw new ApiError(400, MSG.dictCodeTaken);
        } else {
          const parent = await scoped(db.selectFrom(camelTable).select(['id', 'code']).where('id', '=', e.parentId).where('isDeleted', '=', 0)).executeTakeFirst();
          if (!parent) throw new ApiError(400, MSG.parentMissing);
          e.code = parent.code;
          if (!e.dictKey) throw new ApiError(400, 'required', { field: 'dictKey' });
          let q = scoped(db.selectFrom(camelTable).select('id').where('parentId', '=', e.parentId).where('dictKey', '=', e.dictKey).where('isDeleted', '=', 0));
          if (e.id) q = q.where('id', '<>', e.id);
          if (await q.executeTakeFirst()) throw new ApiError(400, MSG.dictKeyTaken);
        }
      },
    });
    const rows = (ctx: Ctx) => dict.select(ctx).orderBy('sort').orderBy('id');
    const view = { permission: [perm, `${perm}_view`] };
    app.get(`${base}/list`, { schema: { tags: ['system'], summary: 'Dictionary entries as a tree (filters code, dictValue)', querystring: z.record(z.string(), z.string()) }, config: view }, async (req) => {
      const q = req.query as Record<string, string>;
      let qb = rows(ctxOf(req));
      if (q.code) qb = qb.where('code', 'ilike', likeContains(q.code));
      if (q.dictValue) qb = qb.where('dictValue', 'ilike', likeContains(q.dictValue));
      const list = await qb.execute();
      return ok(q.code || q.dictValue ? list : nest(list));
    });
    app.get(`${base}/parent-list`, { schema: { tags: ['system'], summary: 'Dictionaries (parents), paged, filters code/dictValue', querystring: z.record(z.string(), z.string()) }, config: view }, async (req) =>
      ok(await dict.page(ctxOf(req), req.query as Record<string, unknown>, (qb) => qb.where('parentId', '=', '0'))));
    app.get(`${base}/child-list`, { schema: { tags: ['system'], summary: 'Items of one dictionary (parentId), as a tree', querystring: z.object({ parentId: z.string().max(19).optional() }).passthrough() }, config: view }, async (req) => {
      const parentId = (req.query as { parentId?: string }).parentId;
      if (!isId(parentId)) return ok([]);
      const all = await rows(ctxOf(req)).where('parentId', '<>', '0').execute();
      const parent = await dict.detail(ctxOf(req), parentId);
      if (!parent) return ok([]);
      return ok(nest(all.filter((r) => r.code === parent.code)).filter((r) => String(r.parentId) === parentId));
    });
    app.get(`${base}/tree`, { schema: { tags: ['system'], summary: 'Dictionaries (parents) as TreeNodes; with code, that dictionary items', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query as { code?: string };
      let qb = rows(ctxOf(req));
      qb = code ? qb.where('code', '=', code).where('parentId', '<>', '0') : qb.where('parentId', '=', '0');
      return ok(toTree(await qb.execute(), (r) => String(r.dictValue), (r) => ({ dictKey: r.dictKey, code: r.code })));
    });
    app.get(`${base}/dictionary`, { schema: { tags: ['system'], summary: 'Items of the dictionary with this code ({dictKey, dictValue})', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query as { code?: string };
      if (!code) return ok([]);
      return ok(await rows(ctxOf(req)).where('code', '=', code).where('parentId', '<>', '0').execute());
    });
    app.get(`${base}/dictionary-tree`, { schema: { tags: ['system'], summary: 'Items of the dictionary with this code as a tree', querystring: z.object({ code: z.string().max(255).optional() }).passthrough() } }, async (req) => {
      const { code } = req.query as { code?: string };
      if (!code) return ok([]);
      const list = await rows(ctxOf(req)).where('code', '=', code).execute();
      const parent = list.find((r) => String(r.parentId) === '0');
      return ok(nest(list.filter((r) => r !== parent)).filter((r) => !parent || String(r.parentId) === String(parent.id)));
    });
    app.post(`${base}/remove`, { schema: { tags: ['system'], summary: 'Remove dictionary entries (not sealed ones; a parent only without items)', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: `${perm}_delete` } }, async (req) => {
      const ctx = ctxOf(req);
      if (!tenant) platform(ctx);
      const ids = parseIds((req.query as { ids?: string }).ids);
      const found = await dict.select(ctx).where('id', 'in', ids).execute();
      if (found.some((r) => r.isSealed === 1)) throw new ApiError(400, MSG.dictSealed);
      const kids = await dict.select(ctx).where('parentId', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
      if (kids) throw new ApiError(400, MSG.dictHasChildren);
      await dict.remove(ctx, ids);
      return ok(true);
    });
  }

  // ---- parameters ----
  resource(app, db, {
    base: '/api/blade-system/param', tag: 'system', table: 'blade_param', tenant: true, permission: 'param',
    columns: { id: 'id', paramName: 'string', paramKey: 'string', paramValue: 'string', createTime: 'date' },
    body: z.object({
      id: zOptId,
      paramName: z.string({ error: zmsg(MSG.paramName) }).trim().min(1, zmsg(MSG.paramName)).max(255),
      paramKey: z.string({ error: zmsg(MSG.paramKey) }).trim().min(1, zmsg(MSG.paramKey)).max(255),
      paramValue: z.string({ error: zmsg(MSG.paramValue) }).min(1, zmsg(MSG.paramValue)).max(20000),
      remark: opt(z.string().max(255)),
    }),
    beforeSave: async (ctx, e) => {
      let q = db.selectFrom('bladeParam').select('id').where('tenantId', '=', ctx.tenantId).where('paramKey', '=', e.paramKey as string).where('isDeleted', '=', 0);
      if (e.id) q = q.where('id', '<>', e.id as string);
      if (await q.executeTakeFirst()) throw new ApiError(400, MSG.paramKeyTaken);
    },
  });

  // ---- tenant packages and tenants: the platform tenant's administrators only ----
  const pkg = resource(app, db, {
    base: '/api/blade-system/tenant-package', tag: 'system', table: 'blade_tenant_package', permission: 'tenant_package', only: ['list', 'detail', 'submit'], guard: platform,
    columns: { id: 'id', packageName: 'string', createTime: 'date' },
    body: z.object({
      id: zOptId, packageName: z.string({ error: zmsg(MSG.packageName) }).trim().min(1, zmsg(MSG.packageName)).max(50),
      menuId: z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: zmsg(MSG.packageMenus) }).transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean)),
      remark: opt(z.string().max(255)),
    }),
    beforeSave: async (ctx, e) => {
      platform(ctx);
      const ids = e.menuId as string[];
      if (!ids.length) throw new ApiError(400, MSG.packageMenus);
      if (!ids.every(isId)) throw new ApiError(400, 'invalid', { field: 'menuId' });
      e.menuId = ids.join(',');
      menus.clearCache();
    },
  });
  app.post('/api/blade-system/tenant-package/remove', { schema: { tags: ['system'], summary: 'Remove packages no tenant uses', querystring: z.object({ ids: z.string().optional() }).passthrough() }, config: { permission: 'tenant_package_delete' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const ids = parseIds((req.query as { ids?: string }).ids);
    if (await db.selectFrom('bladeTenant').select('id').where('packageId', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst()) throw new ApiError(400, MSG.packageInUse);
    await pkg.remove(ctx, ids);
    return ok(true);
  });

  const tenantBody = z.object({
    id: zOptId, tenantId: opt(z.string().regex(/^\d{6}$/)), tenantName: z.string({ error: zmsg(MSG.tenantName) }).trim().min(1, zmsg(MSG.tenantName)).max(50),
    domainUrl: opt(z.string().max(255)), backgroundUrl: opt(z.string().max(1000)), linkman: opt(z.string().max(20)),
    contactNumber: opt(z.string().max(20)), address: opt(z.string().max(255)), accountNumber: z.coerce.number().int().min(-1).default(-1),
    expireTime: opt(z.string().max(32)), packageId: opt(z.union([z.string().regex(/^\d{1,19}$/), z.literal('')]).transform((v) => v || null)),
    status: z.coerce.number().int().min(0).max(1).default(1),
  });
  const tenants = resource(app, db, {
    base: '/api/blade-system/tenant', tag: 'system', table: 'blade_tenant', permission: 'tenant', only: ['list', 'detail'], guard: platform,
    columns: { id: 'id', tenantId: 'string', tenantName: 'string', linkman: 'string', contactNumber: 'string', domainUrl: 'string', status: 'number', expireTime: 'date', createTime: 'date' },
    body: tenantBody,
  });
  app.post('/api/blade-system/tenant/submit', { schema: { tags: ['system'], summary: 'Add a tenant (with its administrator role, root department, post and admin/123456 account) or update one', body: tenantBody }, config: { permission: ['tenant_add', 'tenant_edit'] } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const e = { ...(req.body as Record<string, unknown>) };
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
    const ids = parseIds((req.query as { ids?: string }).ids);
    if ((await tenants.select(ctx).where('id', 'in', ids).execute()).some((t) => t.tenantId === ADMIN_TENANT)) throw new ApiError(400, MSG.tenantPlatform);
    await tenants.remove(ctx, ids);
    return ok(true);
  });
  app.post('/api/blade-system/tenant/setting', {
    schema: { tags: ['system'], summary: 'Set account quota and expiry of tenants (ids)', querystring: z.object({ ids: z.string().optional(), accountNumber: z.string().optional(), expireTime: z.string().optional() }).passthrough() },
    config: { permission: 'tenant_setting' },
  }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...(req.query as Record<string, string>), ...((req.body as Record<string, string>) ?? {}) };
    const ids = parseIds(q.ids);
    const n = q.accountNumber === undefined || q.accountNumber === '' ? -1 : Number(q.accountNumber);
    if (!Number.isInteger(n) || n < -1) throw new ApiError(400, 'invalid', { field: 'accountNumber' });
    const expire = q.expireTime ? new Date(q.expireTime.replace(' ', 'T')) : null;
    if (expire && Number.isNaN(expire.getTime())) throw new ApiError(400, 'invalid', { field: 'expireTime' });
    await db.updateTable('bladeTenant').set({ accountNumber: n, expireTime: expire?.toISOString() ?? null, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', 'in', ids).execute();
    return ok(true);
  });
  app.post('/api/blade-system/tenant/datasource', { schema: { tags: ['system'], summary: 'Bind a datasource to a tenant', querystring: z.object({ tenantId: z.string().max(12).optional(), datasourceId: z.string().max(19).optional() }).passthrough() }, config: { permission: 'tenant_setting' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...(req.query as Record<string, string>), ...((req.body as Record<string, string>) ?? {}) };
    if (!q.tenantId) throw new ApiError(400, 'required', { field: 'tenantId' });
    if (q.datasourceId && !isId(q.datasourceId)) throw new ApiError(400, 'invalid', { field: 'datasourceId' });
    await db.updateTable('bladeTenant').set({ datasourceId: q.datasourceId || null }).where('tenantId', '=', q.tenantId).where('isDeleted', '=', 0).execute();
    return ok(true);
  });
  app.get('/api/blade-system/tenant/info', { config: { public: true }, schema: { tags: ['system'], summary: 'Public facts of the tenant served at a domain (login page): tenantId, tenantName, backgroundUrl', querystring: z.object({ domain: z.string().max(255).optional() }).passthrough() } }, async (req) => {
    const { domain } = req.query as { domain?: string };
    if (!domain) return ok(null);
    const t = await db.selectFrom('bladeTenant').select(['tenantId', 'tenantName', 'backgroundUrl', 'domainUrl']).where('domainUrl', '=', domain).where('isDeleted', '=', 0).where('status', '=', 1).executeTakeFirst();
    return ok(t ?? null);
  });
  app.get('/api/blade-system/tenant/package-detail', { schema: { tags: ['system'], summary: 'The package of a tenant', querystring: z.object({ tenantId: z.string().max(12).optional() }).passthrough() }, config: { permission: ['tenant', 'tenant_view'] } }, async (req) => {
    platform(ctxOf(req));
    const { tenantId } = req.query as { tenantId?: string };
    const t = tenantId ? await db.selectFrom('bladeTenant').select('packageId').where('tenantId', '=', tenantId).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!t?.packageId) return ok(null);
    return ok(await db.selectFrom('bladeTenantPackage').selectAll().where('id', '=', t.packageId).where('isDeleted', '=', 0).executeTakeFirst() ?? null);
  });
  app.post('/api/blade-system/tenant/package-setting', { schema: { tags: ['system'], summary: 'Give a tenant a package (empty packageId: none)', querystring: z.object({ tenantId: z.string().max(12).optional(), packageId: z.string().max(19).optional() }).passthrough() }, config: { permission: 'tenant_setting' } }, async (req) => {
    const ctx = ctxOf(req);
    platform(ctx);
    const q = { ...(req.query as Record<string, string>), ...((req.body as Record<string, string>) ?? {}) };
    if (!q.tenantId) throw new ApiError(400, 'required', { field: 'tenantId' });
    if (q.packageId && !(isId(q.packageId) && await pkg.detail(ctx, q.packageId))) throw new ApiError(400, 'invalid', { field: 'packageId' });
    await db.updateTable('bladeTenant').set({ packageId: q.packageId || null }).where('tenantId', '=', q.tenantId).where('isDeleted', '=', 0).execute();
    menus.clearCache();
    return ok(true);
  });

  // ---- OAuth clients (platform) ----
  resource(app, db, {
    base: '/api/blade-system/client', tag: 'system', table: 'blade_client', permission: 'client', guard: platform,
    columns: { id: 'id', clientId: 'string', scope: 'string', authorizedGrantTypes: 'string', createTime: 'date' },
    body: z.object({
      id: zOptId, clientId: z.string().trim().min(1).max(48).regex(/^[\w-]+$/), clientSecret: z.string().min(6).max(256),
      resourceIds: opt(z.string().max(256)), scope: z.string().max(256).default('all'),
      authorizedGrantTypes: z.string().min(1).max(256).refine((v) => v.split(',').every((g) => ['password', 'captcha', 'refresh_token', 'sms_code', 'social', 'authorization_code', 'client_credentials', 'implicit'].includes(g.trim())), { message: 'grant' }),
      webServerRedirectUri: opt(z.string().max(256)), authorities: opt(z.string().max(256)),
      accessTokenValidity: z.coerce.number().int().min(60).max(31536000).default(3600), refreshTokenValidity: z.coerce.number().int().min(60).max(31536000).default(604800),
      additionalInformation: opt(z.string().max(4096)), autoapprove: opt(z.string().max(256)), status: z.coerce.number().int().min(0).max(1).default(1),
    }),
    beforeSave: async (ctx, e) => {
      platform(ctx);
      let q = db.selectFrom('bladeClient').select('id').where('clientId', '=', e.clientId as string).where('isDeleted', '=', 0);
      if (e.id) q = q.where('id', '<>', e.id as string);
      if (await q.executeTakeFirst()) throw new ApiError(400, MSG.clientIdTaken);
    },
  });

  // ---- notices (rich text content: the web sanitizes it with DOMPurify on render) ----
  resource(app, db, {
    base: '/api/blade-desk/notice', tag: 'desk', table: 'blade_notice', tenant: true, permission: 'notice',
    columns: { id: 'id', title: 'string', category: 'number', releaseTime: 'date', createTime: 'date' },
    defaultOrder: [{ field: 'releaseTime', dir: 'desc' }],
    body: z.object({ id: zOptId, title: z.string().trim().min(1).max(255), category: z.coerce.number().int().min(1).max(9).default(1), releaseTime: opt(z.string().max(32)), content: opt(z.string().max(200000)) }),
    beforeSave: (_ctx, e) => { if (!e.releaseTime) e.releaseTime = new Date().toISOString(); },
  });

  // ---- data and API scopes (granted to roles through role/grant) ----
  const scopeTypes = z.coerce.number().int().min(1).max(5);
  resource(app, db, {
    base: '/api/blade-system/data-scope', tag: 'system', table: 'blade_scope_data', permission: 'data_scope', guard: platform,
    columns: { id: 'id', menuId: 'id', resourceCode: 'string', scopeName: 'string', scopeType: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId, menuId: z.string().regex(/^\d{1,19}$/), resourceCode: z.string().trim().min(1).max(255), scopeName: z.string().trim().min(1).max(255),
      scopeField: opt(z.string().max(255)), scopeClass: opt(z.string().max(500)),
      scopeColumn: z.enum(['create_dept', 'create_user', 'dept_id', 'id']).default('create_dept'),
      scopeType: scopeTypes, scopeValue: opt(z.string().max(4000)), remark: opt(z.string().max(255)),
    }),
    beforeSave: (ctx) => { platform(ctx); deps.scopes.clearCache(); },
  });
  resource(app, db, {
    base: '/api/blade-system/api-scope', tag: 'system', table: 'blade_scope_api', permission: 'api_scope', guard: platform,
    columns: { id: 'id', menuId: 'id', resourceCode: 'string', scopeName: 'string', scopePath: 'string', scopeType: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId, menuId: z.string().regex(/^\d{1,19}$/), resourceCode: z.string().trim().min(1).max(255), scopeName: z.string().trim().min(1).max(255),
      scopePath: z.string().trim().min(1).max(255).regex(/^\/api\/[\w\-/*.{}]*$/), scopeType: z.coerce.number().int().min(1).max(2).default(1), remark: opt(z.string().max(255)),
    }),
    beforeSave: (ctx) => { platform(ctx); deps.scopes.clearCache(); },
  });

  // ---- personal groups: each user's own groups of people ----
  resource(app, db, {
    base: '/api/personalGroup/personalGroup', tag: 'system', table: 'blade_personal_group', tenant: true, owner: true,
    columns: { id: 'id', groupName: 'string', groupDesc: 'string', createTime: 'date' },
    body: z.object({ id: zOptId, groupName: z.string({ error: zmsg(MSG.groupName) }).trim().min(1, zmsg(MSG.groupName)).max(100), groupDesc: opt(z.string().max(500)), status: z.coerce.number().int().min(0).max(1).default(1) }),
  });
  const items = resource(app, db, {
    base: '/api/personalGroupItem/personalGroupItem', tag: 'system', table: 'blade_personal_group_item', tenant: true, owner: true, only: ['detail', 'remove'],
    columns: { id: 'id', groupId: 'id', userId: 'id', userAccount: 'string', realName: 'string', dept: 'string', createTime: 'date' },
    body: z.object({}),
  });
  app.get('/api/personalGroupItem/personalGroupItem/page', { schema: { tags: ['system'], summary: 'Members of a group (groupId), paged', querystring: z.record(z.string(), z.string()) } }, async (req) =>
    ok(await items.page(ctxOf(req), req.query as Record<string, unknown>)));
  app.post('/api/personalGroupItem/personalGroupItem/addGroupUsers', {
    schema: { tags: ['system'], summary: 'Add users (userIds) to a group (groupId); members already there are kept', body: z.object({ groupId: z.string().regex(/^\d{1,19}$/), userIds: z.union([z.string(), z.array(z.string())]) }) },
  }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body as { groupId: string; userIds: string | string[] };
    const ids = parseIds(Array.isArray(b.userIds) ? b.userIds.join(',') : b.userIds);
    const group = await db.selectFrom('bladePersonalGroup').select('id').where('id', '=', b.groupId).where('tenantId', '=', ctx.tenantId).where('createUser', '=', ctx.userId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!group) throw new ApiError(400, 'noData');
    const people = await db.selectFrom('bladeUser as u').select(['u.id', 'u.account', 'u.realName', 'u.deptId']).where('u.id', 'in', ids).where('u.tenantId', '=', ctx.tenantId).where('u.isDeleted', '=', 0).execute();
    const have = new Set((await db.selectFrom('bladePersonalGroupItem').select('userId').where('groupId', '=', b.groupId).where('isDeleted', '=', 0).execute()).map((r) => String(r.userId)));
    const deptNames = new Map((await db.selectFrom('bladeDept').select(['id', 'deptName']).where('tenantId', '=', ctx.tenantId).execute()).map((d) => [String(d.id), String(d.deptName)]));
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
export async function regionRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const level = async (parentCode: string) => {
    const rows = await db.selectFrom('bladeRegion').selectAll().where('parentCode', '=', parentCode).orderBy('sort').orderBy('code').execute();
    if (!rows.length) return [];
    const kids = await db.selectFrom('bladeRegion').select('parentCode').where('parentCode', 'in', rows.map((r) => r.code as string)).groupBy('parentCode').execute();
    const has = new Set(kids.map((k) => k.parentCode));
    return rows.map((r) => ({ ...r, id: r.code, hasChildren: has.has(r.code) }) as unknown as Record<string, unknown> & { code: string; parentCode: string; name: string; regionLevel: number; hasChildren: boolean });
  };
  const parentCode = z.object({ parentCode: z.string().max(12).regex(/^\d*$/).optional() }).passthrough();
  app.get('/api/blade-system/region/lazy-list', { schema: { tags: ['system'], summary: 'One level of regions below parentCode (00 = provinces), with hasChildren', querystring: parentCode } }, async (req) =>
    ok(await level((req.query as { parentCode?: string }).parentCode || '00')));
  app.get('/api/blade-system/region/lazy-tree', { schema: { tags: ['system'], summary: 'One level of region TreeNodes {id, title, value (code), hasChildren} below parentCode', querystring: parentCode } }, async (req) =>
    ok((await level((req.query as { parentCode?: string }).parentCode || '00')).map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, value: r.code, key: r.code, hasChildren: r.hasChildren, regionLevel: r.regionLevel }))));
  app.get('/api/blade-system/region/detail', { schema: { tags: ['system'], summary: 'A region by code', querystring: z.object({ code: z.string().max(12).optional(), id: z.string().max(12).optional() }).passthrough() } }, async (req) => {
    const q = req.query as { code?: string; id?: string };
    const code = q.code ?? q.id;
    if (!code) return ok(null);
    return ok(await db.selectFrom('bladeRegion').selectAll().where('code', '=', code).executeTakeFirst() ?? null);
  });
  app.post('/api/blade-system/region/submit', {
    schema: { tags: ['system'], summary: 'Add or update a region (code is the key; the parent decides the level)', body: z.object({ code: z.string().regex(/^\d{2,12}$/), parentCode: z.string().regex(/^\d{2,12}$/), name: z.string().trim().min(1).max(64), sort: z.coerce.number().int().min(0).max(99999).default(1), remark: opt(z.string().max(255)) }) },
    config: { permission: 'region' },
  }, async (req) => {
    platform(ctxOf(req));
    const b = req.body as { code: string; parentCode: string; name: string; sort: number; remark?: string };
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
    const codes = String((req.query as { ids?: string }).ids ?? '').split(',').filter((c) => /^\d{2,12}$/.test(c));
    if (!codes.length) throw new ApiError(400, 'idsRequired');
    if (await db.selectFrom('bladeRegion').select('code').where('parentCode', 'in', codes).where('code', 'not in', codes).executeTakeFirst()) throw new ApiError(400, MSG.deptHasChildren);
    await db.deleteFrom('bladeRegion').where('code', 'in', codes).execute();
    return ok(true);
  });
}
