// Printing and pinned apps (001 §2.7, §3.5, §7.1):
//   /api/appPrintTemplate/appPrintTemplate  an app's print templates: its managers change them; whoever
//                                           may print in the app reads the enabled ones
//   /api/blade-portal/myApp                 a person's pinned apps (their own rows), getMyAppList with the apps' cards
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appPrintTemplateModel, myAppModel } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelBody, modelRepo, modelResource } from '../../http/model-resource.ts';
import { iconUrl } from './app-routes.ts';
import { whoOf, writeAudit } from './audit.ts';
import { MSG } from './messages.ts';
import { AppPermissions, type AppRights } from './permissions.ts';

const TAG = 'miniapp';
const ID = /^\d{1,19}$/;

export function printRoutes(app: TypedApp, db: Db) {
  const permissions = new AppPermissions(db);
  const templates = modelRepo(db, appPrintTemplateModel);
  /** The caller's rights in a live app of the tenant (400: none such). */
  const rightsIn = async (req: FastifyRequest, appId: string): Promise<AppRights> => (await permissions.inApp(me(req).tenantId, appId, me(req))).rights;
  const mayPrint = (r: AppRights) => r.manager || r.operates.has('print');
  const base = appPrintTemplateModel.api;

  app.get(`${base}/list`, { schema: { tags: [TAG], summary: 'An app\'s print templates (appId or appBizId_equal; filters templateType, status); its managers see all, those who may print the enabled ones', querystring: listQuery } }, async (req) => {
    const q = req.query;
    const appId = String(q.appId ?? q.appId_equal ?? q.appBizId ?? q.appBizId_equal ?? '');
    if (!ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    const rights = await rightsIn(req, appId);
    if (!mayPrint(rights)) throw new ApiError(403, rights.access ? MSG.noOperate : MSG.noAppAccess);
    return ok(await templates.page(ctxOf(req), q, (qb) => {
      const x = qb.where('appId', '=', appId);
      return rights.manager ? x : x.where('status', '=', 1);
    }));
  });
  app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'One print template (data null when missing)', querystring: z.object({ id: z.string().regex(ID) }) } }, async (req) => {
    const row = await templates.detail(ctxOf(req), req.query.id);
    if (!row) return ok(null);
    const rights = await rightsIn(req, String(row.appId));
    if (!mayPrint(rights) || (!rights.manager && Number(row.status) !== 1)) throw new ApiError(403, MSG.noOperate);
    return ok(row);
  });
  const manage = async (req: FastifyRequest, appId: string) => {
    if (!(await rightsIn(req, appId)).manager) throw new ApiError(403, MSG.onlyAdmins);
  };
  app.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change a print template of an app (its creator or an administrator)', body: modelBody(appPrintTemplateModel) } }, async (req) => {
    const ctx = ctxOf(req);
    const body = req.body;
    await manage(req, String(body.appId));
    const before = body.id ? await templates.detail(ctx, String(body.id)) : null;
    if (body.id && (!before || String(before.appId) !== String(body.appId))) throw new ApiError(400, 'noData');
    return ok(await db.transaction().execute(async (tx) => {
      const saved = await templates.save(ctx, body, tx);
      await writeAudit(tx, whoOf(req), { appId: String(body.appId), module: 'appDesign', bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    }));
  });
  app.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove print templates (ids; their apps\' creators or administrators)', querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const rows: Row[] = [];
    for (const id of ids) {
      const row = await templates.detail(ctx, id);
      if (row) { await manage(req, String(row.appId)); rows.push(row); }
    }
    if (!rows.length) return ok({ removed: 0 });
    return ok({ removed: await db.transaction().execute(async (tx) => {
      for (const r of rows) await writeAudit(tx, whoOf(req), { appId: String(r.appId), module: 'appDesign', bizId: String(r.id), operate: 'del', before: r });
      return templates.remove(ctx, rows.map((r) => String(r.id)), tx);
    }) });
  });

  // ---- pinned apps: a person's own, only apps they may open ----
  modelResource(app, db, myAppModel, {
    tag: TAG,
    beforeSave: async (_ctx, e, req) => {
      if (!(await rightsIn(req, String(e.appId))).access) throw new ApiError(403, MSG.noAppAccess);
      const mine = await scoped(db, me(req).tenantId).selectFrom('bladeMyApp').select('id').where('createUser', '=', me(req).userId).where('appId', '=', String(e.appId)).where('isDeleted', '=', 0).executeTakeFirst();
      if (mine && mine.id !== e.id) throw new ApiError(400, MSG.alreadyPinned);
    },
  });
  app.get(`${myAppModel.api}/getMyAppList`, { schema: { tags: [TAG], summary: 'The caller\'s pinned apps in their order, with each app\'s name and icon; apps they may no longer open are left out' } }, async (req) => {
    const u = me(req);
    const t = scoped(db, u.tenantId);
    const pins = await t.selectFrom('bladeMyApp').select(['id', 'appId', 'sort']).where('createUser', '=', u.userId).where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute();
    if (!pins.length) return ok([]);
    const apps = await t.selectFrom('bladeAppInfo').select(['id', 'appName', 'appDesc', 'appIcon', 'createUser', 'appStatus']).where('id', 'in', pins.map((p) => p.appId)).where('isDeleted', '=', 0).execute();
    const out = [];
    for (const p of pins) {
      const a = apps.find((x) => x.id === p.appId);
      if (!a || !(await permissions.rightsOf(u.tenantId, a, u)).access) continue;
      out.push({ id: p.id, appId: a.id, sort: p.sort, appName: a.appName, appDesc: a.appDesc, appIcon: a.appIcon, iconUrl: iconUrl(a.appIcon), appStatus: a.appStatus });
    }
    return ok(out);
  });
}
