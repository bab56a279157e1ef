// Who may use a micro-app (001 §3.2, §6, §7.1):
//   /api/appPermission/appPermission                 permission groups of an app (its managers'), and
//                                                    changePermission(appId, userId): what that person may do
//   /api/blade-appPermissionScope/appPermissionScope field rights of a group, and batchSubmit (a group's at once)
//   /api/appInfo/appInfo/myApp                       the published apps the caller may open (the app center),
//                                                    getMyApp: a page of them (the chooser dialog)
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_OPERATES, appInfoModel, appPermissionModel, appPermissionScopeModel } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { parseIds, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelBody, modelRepo } from '../../http/model-resource.ts';
import type { Directory } from '../system/directory.ts';
import { appParts, iconUrl } from './app-routes.ts';
import { whoOf, writeAudit } from './audit.ts';
import { MSG } from './messages.ts';
import { AppPermissions, matches } from './permissions.ts';

const TAG = 'miniapp';
const ID = /^\d{1,19}$/;
const idParam = z.string().regex(ID);

export async function permissionRoutes(app: TypedApp, { db, directory, appOf }: { db: Db; directory: Directory; appOf: (req: FastifyRequest, id: string) => Promise<Row> }) {
  const permissions = new AppPermissions(db);
  const scopes = modelRepo(db, appPermissionScopeModel);
  const groups = modelRepo(db, appPermissionModel);

  // ---- permission groups: operations of the app's own, grantees of the tenant ----
  appParts(app, db, appPermissionModel, appOf, async (ctx, body) => {
    const buttons = new Set((await scoped(db, ctx.tenantId).selectFrom('bladeAppDiyOperate').select('id').where('appId', '=', String(body.appId)).where('isDeleted', '=', 0).execute()).map((b) => `custom:${b.id}`));
    const operates = String(body.operates ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    const unknown = operates.filter((o) => !(APP_OPERATES as readonly string[]).includes(o) && !buttons.has(o));
    if (unknown.length) throw new ApiError(400, MSG.badOperate, { operates: unknown.join(', ').slice(0, 100) });
    body.operates = [...new Set(operates)].join(',');
    for (const [field, kind] of [['userIds', 'user'], ['roleIds', 'role'], ['deptIds', 'dept']] as const) {
      const list = String(body[field] ?? '').split(',').map((x) => x.trim()).filter(Boolean);
      if (list.some((x) => !ID.test(x))) throw new ApiError(400, 'invalid', { field });
      const found = new Set(await directory.existing(ctx.tenantId, kind, list));
      const missing = list.filter((x) => !found.has(x));
      if (missing.length) throw new ApiError(400, MSG.notOfTenant, { field });
      body[field] = list.join(',') || null;
    }
    const posts = String(body.postIds ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    if (posts.some((x) => !ID.test(x))) throw new ApiError(400, 'invalid', { field: 'postIds' });
    body.postIds = posts.join(',') || null;
  });

  // ---- field rights ----
  /** The group of the tenant (400) whose app the caller manages (403). */
  const groupOf = async (req: FastifyRequest, permissionId: string): Promise<Row> => {
    const g = await groups.detail(ctxOf(req), permissionId);
    if (!g) throw new ApiError(400, MSG.noPermission);
    await appOf(req, String(g.appId));
    return g;
  };
  /** A field right must name a field of the app's main model or of one of its child models. */
  const checkScope = async (ctx: Ctx, group: Row, s: Row) => {
    const appRow = await scoped(db, ctx.tenantId).selectFrom('bladeAppInfo').select('modelId').where('id', '=', String(group.appId)).executeTakeFirst();
    const main = appRow?.modelId;
    const model = main ? await scoped(db, ctx.tenantId).selectFrom('bladeMiniModel').select(['id', 'parentId']).where('id', '=', String(s.modelId)).where('isDeleted', '=', 0).executeTakeFirst() : undefined;
    if (!model || (model.id !== main && model.parentId !== main)) throw new ApiError(400, MSG.notAppField, { field: String(s.fieldName).slice(0, 40) });
    const item = await scoped(db, ctx.tenantId).selectFrom('bladeMiniModelItem').select('id').where('modelId', '=', model.id).where('fieldName', '=', String(s.fieldName)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!item) throw new ApiError(400, MSG.notAppField, { field: String(s.fieldName).slice(0, 40) });
  };
  const base = appPermissionScopeModel.api;
  app.get(`${base}/list`, { schema: { tags: [TAG], summary: 'The field rights of a permission group (permissionId required), paged', querystring: z.object({ permissionId: idParam }).passthrough() } }, async (req) => {
    await groupOf(req, req.query.permissionId);
    return ok(await scopes.page(ctxOf(req), req.query, (qb) => qb.where('permissionId', '=', req.query.permissionId)));
  });
  app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'One field right (data null when missing)', querystring: z.object({ id: idParam }) } }, async (req) => {
    const row = await scopes.detail(ctxOf(req), req.query.id);
    if (row) await groupOf(req, String(row.permissionId));
    return ok(row);
  });
  app.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change one field right of a group', body: modelBody(appPermissionScopeModel) } }, async (req) => {
    const ctx = ctxOf(req);
    const body = req.body;
    const group = await groupOf(req, String(body.permissionId));
    await checkScope(ctx, group, body);
    if (body.id) {
      const old = await scopes.detail(ctx, String(body.id));
      if (!old || String(old.permissionId) !== String(body.permissionId)) throw new ApiError(400, 'noData');
    } else if (await scoped(db, ctx.tenantId).selectFrom('bladeAppPermissionScope').select('id').where('permissionId', '=', String(body.permissionId)).where('modelId', '=', String(body.modelId)).where('fieldName', '=', String(body.fieldName)).where('isDeleted', '=', 0).executeTakeFirst()) {
      throw new ApiError(400, MSG.scopeTaken, { field: String(body.fieldName) });
    }
    const before = body.id ? await scopes.detail(ctx, String(body.id)) : null;
    return ok(await db.transaction().execute(async (tx) => {
      const saved = await scopes.save(ctx, body, tx);
      await writeAudit(tx, whoOf(req), { appId: String(group.appId), module: 'permission', bizId: String(group.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    }));
  });
  app.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove field rights (ids)', querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const rows: { row: Row; group: Row }[] = [];
    for (const id of ids) {
      const row = await scopes.detail(ctx, id);
      if (row) rows.push({ row, group: await groupOf(req, String(row.permissionId)) });
    }
    return ok({ removed: await db.transaction().execute(async (tx) => {
      for (const { row, group } of rows) await writeAudit(tx, whoOf(req), { appId: String(group.appId), module: 'permission', bizId: String(group.id), operate: 'del', before: row });
      return scopes.remove(ctx, ids, tx);
    }) });
  });
  const scopeItem = modelBody(appPermissionScopeModel).omit({ id: true, permissionId: true });
  app.post(`${base}/batchSubmit`, { schema: { tags: [TAG], summary: 'Set a group\'s field rights at once (permissionId, scopes: one per field); the fields left out are fully open again', body: z.object({ permissionId: idParam, scopes: z.array(scopeItem).max(2000) }) } }, async (req) => {
    const ctx = ctxOf(req);
    const group = await groupOf(req, req.body.permissionId);
    const seen = new Set<string>();
    for (const s of req.body.scopes) {
      await checkScope(ctx, group, s);
      const k = `${s.modelId}:${s.fieldName}`;
      if (seen.has(k)) throw new ApiError(400, MSG.scopeTaken, { field: String(s.fieldName) });
      seen.add(k);
    }
    const before = await scoped(db, ctx.tenantId).selectFrom('bladeAppPermissionScope').select(['modelId', 'fieldName', 'hide', 'disabled', 'display', 'search'])
      .where('permissionId', '=', req.body.permissionId).where('isDeleted', '=', 0).execute();
    await db.transaction().execute(async (tx) => {
      await scoped(tx, ctx.tenantId).updateTable('bladeAppPermissionScope').set({ isDeleted: 1 }).where('permissionId', '=', req.body.permissionId).where('isDeleted', '=', 0).execute();
      for (const s of req.body.scopes) await scopes.save(ctx, { ...s, permissionId: req.body.permissionId }, tx);
      await writeAudit(tx, whoOf(req), { appId: String(group.appId), module: 'permission', bizId: req.body.permissionId, operate: 'update', before, after: req.body.scopes });
    });
    return ok(true);
  });

  // ---- what a person may do; the apps they may open ----
  app.get(`${appPermissionModel.api}/changePermission`, { schema: { tags: [TAG], summary: 'What a person (userId; the caller, or anyone for the app\'s managers) may do in an app: access, operations, record range', querystring: z.object({ appId: idParam, userId: idParam }) } }, async (req) => {
    const u = me(req);
    const appRow = await scoped(db, u.tenantId).selectFrom('bladeAppInfo').select(['id', 'createUser']).where('id', '=', req.query.appId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!appRow) throw new ApiError(400, MSG.noApp);
    if (req.query.userId !== u.userId) await appOf(req, appRow.id);
    const who = req.query.userId === u.userId ? u : await personOf(directory, u.tenantId, req.query.userId);
    if (!who) throw new ApiError(400, MSG.notOfTenant, { field: 'userId' });
    const r = await permissions.rightsOf(u.tenantId, appRow, who);
    return ok({ access: r.access, manager: r.manager, operates: [...r.operates], dataScope: r.rows });
  });
  /** The published apps the caller may open (those they manage or a permission group grants them), with their icons, at most 1000. */
  const openApps = async (req: FastifyRequest, query: { appName?: string; categoryId?: string }) => {
    const u = me(req);
    let q = scoped(db, u.tenantId).selectFrom('bladeAppInfo').select(['id', 'appName', 'appDesc', 'appIcon', 'categoryId', 'createUser', 'sort'])
      .where('isDeleted', '=', 0).where('appStatus', '=', 1).orderBy('sort').orderBy('id');
    if (query.appName) q = q.where('appName', 'like', `%${query.appName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.categoryId) q = q.where('categoryId', '=', query.categoryId);
    const rows = await q.limit(1000).execute();
    const open = new Set<string>();
    const admin = u.roleName.split(',').includes('administrator');
    const granted = rows.length && !admin ? await scoped(db, u.tenantId).selectFrom('bladeAppPermission').select(['appId', 'userIds', 'roleIds', 'deptIds', 'postIds', 'operates'])
      .where('appId', 'in', rows.map((r) => r.id)).where('isDeleted', '=', 0).execute() : [];
    for (const g of granted) if (String(g.operates ?? '').trim() && matches(g, u)) open.add(String(g.appId));
    return rows.filter((r) => admin || String(r.createUser) === u.userId || open.has(r.id)).map((r) => ({ ...r, appId: r.id, iconUrl: iconUrl(r.appIcon) }));
  };
  app.get(`${appInfoModel.api}/myApp`, { schema: { tags: [TAG], summary: 'The published apps the caller may open (the app center): those they manage or a permission group grants them, with their icons', querystring: z.object({ appName: z.string().max(64).optional(), categoryId: idParam.optional() }) } }, async (req) =>
    ok(await openApps(req, req.query)));
  // the chooser dialog 选择微应用 (001 §2.6, §7.1 getMyApp: current, size, appName; its base not shown, placed beside myApp)
  app.get(`${appInfoModel.api}/getMyApp`, { schema: { tags: [TAG], summary: 'A page of the published apps the caller may open, for the chooser dialog (current, size up to 54, appName, categoryId)', querystring: z.object({ current: z.coerce.number().int().min(1).max(100000).default(1), size: z.coerce.number().int().min(1).max(54).default(9), appName: z.string().max(64).optional(), categoryId: idParam.optional() }) } }, async (req) => {
    const all = await openApps(req, req.query);
    const { current, size } = req.query;
    return ok({ records: all.slice((current - 1) * size, current * size), total: all.length, size, current, pages: Math.ceil(all.length / size) });
  });
}

/** A person of the tenant as the evaluator reads them (their roles' aliases for the administrator check). */
async function personOf(directory: Directory, tenantId: string, userId: string) {
  const p = await directory.profile(tenantId, userId);
  if (!p) return null;
  const roleIds = p.roleId.split(',').filter(Boolean);
  return { userId: p.id, roleIds, deptId: p.deptId, postId: p.postId, roleName: (await directory.roleAliases(tenantId, roleIds)).join(',') };
}
