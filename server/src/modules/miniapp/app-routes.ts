// Micro-apps and what the designer gives each (001 §3.1, §3.2, §6, §7.1):
//   /api/appCategory/appCategory     categories: the four calls and tree (read by every user of the tenant)
//   /api/appInfo/appInfo             apps: the four calls, update, getAppInfoById(s), queryAppModelFields
//                                    (the spec does not show their base; placed by analogy with the others)
//   /api/appMenu/appMenu             an app's sidebar menu
//   /api/appDiyOperate/appDiyOperate an app's custom operation buttons
// Management is the app creator's or the administrator role's (001 §6): an app is created by an
// administrator; its creator or any administrator changes it, its menus and its buttons.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { appCategoryModel, appDiyOperateModel, appInfoModel, appMenuModel, checkDesign, columnsOf, formColumnOfItem, miniModelLabel, sourceOfDicUrl, type FormColumn, type FormOption, type ModelDef } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { parseIds, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { isAdministrator, me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelBody, modelRepo, modelResource } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../index.ts';
import { checkParent, toTree } from '../system/tree.ts';
import { whoOf, writeAudit } from './audit.ts';
import { MSG } from './messages.ts';
import { auditRoutes } from './audit-routes.ts';
import { permissionRoutes } from './perm-routes.ts';
import { MiniTables } from './tables.ts';

const TAG = 'miniapp';
const idsQuery = z.object({ ids: z.string().max(20000) });
const idQuery = z.object({ id: z.string().regex(/^\d{1,19}$/) });
const FALLBACK_ICON = '/img/bg/appbackend.png';

/** The first URL of an appIcon (a URL, or a JSON array whose first item is a URL or {value}); the fallback when empty (001 §3.1). */
export function iconUrl(appIcon: unknown): string {
  const text = String(appIcon ?? '').trim();
  if (!text || text === '[]') return FALLBACK_ICON;
  if (!text.startsWith('[')) return text;
  try {
    const first = (JSON.parse(text) as unknown[])[0];
    const url = typeof first === 'string' ? first : (first as { value?: unknown } | undefined)?.value;
    return typeof url === 'string' && url ? url : FALLBACK_ICON;
  } catch {
    return FALLBACK_ICON;
  }
}

export async function appRoutes(app: TypedApp, { db, directory }: ModuleDeps) {
  const tables = new MiniTables(db);
  const apps = modelRepo(db, appInfoModel);
  const adminOnly = (req: FastifyRequest) => { if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins); };

  /** The tenant's live app, or 400; `manage`: the caller must be its creator or an administrator (403). */
  const appOf = async (req: FastifyRequest, id: string, manage = true): Promise<Row> => {
    const row = await apps.detail(ctxOf(req), id);
    if (!row) throw new ApiError(400, MSG.noApp);
    if (manage && !isAdministrator(req) && String(row.createUser) !== me(req).userId) throw new ApiError(403, MSG.onlyAdmins);
    return row;
  };

  // ---- categories ----
  modelResource(app, db, appCategoryModel, {
    tag: TAG,
    only: ['list', 'detail', 'submit'],
    beforeSave: async (ctx, e, req) => {
      adminOnly(req);
      await checkParent(db, appCategoryModel.table, ctx.tenantId, e.id as string | undefined, (e.parentId as string | null) ?? undefined);
    },
  });
  app.post(`${appCategoryModel.api}/remove`, { schema: { tags: [TAG], summary: 'Remove categories (ids); one with sub-categories or apps is refused', querystring: idsQuery } }, async (req) => {
    adminOnly(req);
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const t = scoped(db, ctx.tenantId);
    if (await t.selectFrom('bladeAppCategory').select('id').where('parentId', 'in', ids).where('id', 'not in', ids).where('isDeleted', '=', 0).executeTakeFirst()) throw new ApiError(400, MSG.categoryHasChildren);
    if (await t.selectFrom('bladeAppInfo').select('id').where('categoryId', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst()) throw new ApiError(400, MSG.categoryHasApps);
    await modelRepo(db, appCategoryModel).remove(ctx, ids);
    return ok(true);
  });
  app.get(`${appCategoryModel.api}/tree`, { schema: { tags: [TAG], summary: 'The caller\'s tenant\'s categories as a tree (tenantId: only the caller\'s own is answered)', querystring: z.object({ tenantId: z.string().max(12).optional() }) } }, async (req) => {
    const rows = await scoped(db, me(req).tenantId).selectFrom('bladeAppCategory').select(['id', 'parentId', 'categoryName', 'icon', 'sort'])
      .where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute();
    return ok(toTree(rows as Row[], (r) => String(r.categoryName), (r) => ({ categoryName: r.categoryName, icon: r.icon, sort: r.sort })));
  });

  // ---- apps ----
  const infoBody = modelBody(appInfoModel);
  /** Checks what an app refers to (its category and main model are the tenant's; its form a sound design) and saves it. */
  const saveApp = async (req: FastifyRequest, body: Row) => {
    const ctx = ctxOf(req);
    if (body.id) await appOf(req, String(body.id));
    else adminOnly(req);
    const t = scoped(db, ctx.tenantId);
    if (body.categoryId && !(await t.selectFrom('bladeAppCategory').select('id').where('id', '=', String(body.categoryId)).where('isDeleted', '=', 0).executeTakeFirst())) throw new ApiError(400, MSG.noCategory);
    if (body.modelId) {
      const [m] = await tables.models(db, ctx.tenantId, [String(body.modelId)]);
      if (!m || m.parentId) throw new ApiError(400, MSG.notMainModel);
    }
    if (body.formOption) {
      const option = JSON.parse(String(body.formOption)) as FormOption;
      const problems = option && typeof option === 'object' && Array.isArray(option.column ?? []) ? checkDesign(option, { optionSources: true }) : [{ kind: 'propMissing', label: '' }];
      // an option address that names no dictionary: no value of the field could be checked, said plainly
      const badUrl = problems.find((p) => p.kind === 'dicUrlInvalid');
      if (badUrl) throw new ApiError(400, MSG.dicUrlNotDict, { field: 'prop' in badUrl ? badUrl.prop : '' });
      if (problems.length) throw new ApiError(400, MSG.badForm, { problems: problems.map((p) => ('prop' in p ? p.prop : p.kind)).join(', ').slice(0, 200) });
      // an option source a field names must be one of this app's (of the tenant, not removed)
      const named = (cols: FormColumn[]): [string, string][] => cols.flatMap((c) => [
        ...(sourceOfDicUrl(c.dicUrl) ? [[c.prop, sourceOfDicUrl(c.dicUrl)!] as [string, string]] : []), ...named(c.children?.column ?? []),
      ]);
      const wanted = named(columnsOf(option));
      const own = wanted.length && body.id
        ? new Set((await t.selectFrom('bladeAppDataSource').select('id').where('appId', '=', String(body.id)).where('isDeleted', '=', 0).where('id', 'in', wanted.map((w) => w[1])).execute()).map((r) => String(r.id)))
        : new Set<string>();
      const foreign = wanted.find(([, id]) => !own.has(id));
      if (foreign) throw new ApiError(400, MSG.dicUrlNotOfApp, { field: foreign[0] });
    }
    const before = body.id ? await apps.detail(ctx, String(body.id)) : null;
    return db.transaction().execute(async (tx) => {
      const saved = await apps.save(ctx, body, tx);
      await writeAudit(tx, whoOf(req), { appId: String(saved.id), module: 'appDesign', bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    });
  };
  app.get(`${appInfoModel.api}/list`, { schema: { tags: [TAG], summary: 'The apps the caller manages (administrators: all of the tenant\'s; others: those they created), paged, filters appName, appDesc, categoryId, appStatus', querystring: listQuery } }, async (req) => {
    const narrow = isAdministrator(req) ? undefined : (qb: Parameters<NonNullable<Parameters<typeof apps.page>[2]>>[0]) => qb.where('createUser', '=', me(req).userId);
    const page = await apps.page(ctxOf(req), req.query, narrow);
    return ok({ ...page, records: page.records.map((r) => ({ ...r, iconUrl: iconUrl(r.appIcon) })) });
  });
  app.get(`${appInfoModel.api}/detail`, { schema: { tags: [TAG], summary: 'An app with its design (its creator or an administrator)', querystring: idQuery } }, async (req) => {
    const row = await appOf(req, req.query.id);
    return ok({ ...row, iconUrl: iconUrl(row.appIcon) });
  });
  app.post(`${appInfoModel.api}/submit`, { schema: { tags: [TAG], summary: 'Add an app (administrators) or change one (its creator or an administrator)', body: infoBody } }, async (req) => ok(await saveApp(req, req.body)));
  app.post(`${appInfoModel.api}/update`, { schema: { tags: [TAG], summary: 'Change an app (id required; its creator or an administrator)', body: infoBody.required({ id: true }) } }, async (req) => ok(await saveApp(req, req.body)));
  app.post(`${appInfoModel.api}/remove`, { schema: { tags: [TAG], summary: 'Remove apps (ids) with their menus and buttons (their creator or an administrator)', querystring: idsQuery } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const before: Row[] = [];
    for (const id of ids) before.push(await appOf(req, id));
    // (read before the transaction: on PGlite's one connection a read outside it would wait for it forever)
    await db.transaction().execute(async (tx) => {
      for (const row of before) await writeAudit(tx, whoOf(req), { appId: String(row.id), module: 'appDesign', bizId: String(row.id), operate: 'del', before: row });
      await apps.remove(ctx, ids, tx);
      await scoped(tx, ctx.tenantId).updateTable('bladeAppMenu').set({ isDeleted: 1 }).where('appId', 'in', ids).execute();
      await scoped(tx, ctx.tenantId).updateTable('bladeAppDiyOperate').set({ isDeleted: 1 }).where('appId', 'in', ids).execute();
    });
    return ok(true);
  });
  /** What the shell and the app center show of an app: no design, no process key. */
  const publicInfo = (r: Row) => ({ id: r.id, appId: r.id, appName: r.appName, appDesc: r.appDesc, appIcon: r.appIcon, iconUrl: iconUrl(r.appIcon), categoryId: r.categoryId, appStatus: r.appStatus, createUser: r.createUser, hasTable: !!r.modelId });
  const infoColumns = ['id', 'appName', 'appDesc', 'appIcon', 'categoryId', 'appStatus', 'createUser', 'modelId'] as const;
  app.get(`${appInfoModel.api}/getAppInfoById`, { schema: { tags: [TAG], summary: 'An app\'s name, icon and creator as the shell shows them (appId; any user of the tenant)', querystring: z.object({ appId: z.string().regex(/^\d{1,19}$/) }) } }, async (req) => {
    const row = await scoped(db, me(req).tenantId).selectFrom('bladeAppInfo').select(infoColumns).where('id', '=', req.query.appId).where('isDeleted', '=', 0).executeTakeFirst();
    return ok(row ? publicInfo(row) : null);
  });
  app.get(`${appInfoModel.api}/getAppInfoByIds`, { schema: { tags: [TAG], summary: 'Several apps as getAppInfoById answers them (ids, comma separated), in the order asked', querystring: idsQuery } }, async (req) => {
    const ids = parseIds(req.query.ids);
    const rows = await scoped(db, me(req).tenantId).selectFrom('bladeAppInfo').select(infoColumns).where('id', 'in', ids).where('isDeleted', '=', 0).execute();
    const byId = new Map(rows.map((r) => [String(r.id), publicInfo(r)]));
    return ok(ids.map((id) => byId.get(id)).filter(Boolean));
  });
  app.get(`${appInfoModel.api}/queryAppModelFields`, { schema: { tags: [TAG], summary: 'The fields of an app\'s main model and its child models as designed-form columns (id; its creator or an administrator)', querystring: idQuery } }, async (req) => {
    const row = await appOf(req, req.query.id);
    if (!row.modelId) return ok({ modelId: null, column: [] });
    return ok(await modelColumns(db, tables, me(req).tenantId, String(row.modelId), req.lang));
  });

  // ---- an app's menus and buttons: its creator's or an administrator's ----
  for (const model of [appMenuModel, appDiyOperateModel] as ModelDef[]) appParts(app, db, model, appOf);
  await permissionRoutes(app, { db, directory, appOf });
  auditRoutes(app, db, appOf);
}

/** A main model's columns with each child model as a sub-table column (shared with buildModelColumnsWithChildren). */
export async function modelColumns(db: Db, tables: MiniTables, tenantId: string, modelId: string, lang: 'zh' | 'en') {
  const [m] = await tables.models(db, tenantId, [modelId]);
  if (!m) throw new ApiError(400, MSG.noModel);
  const children = await scoped(db, tenantId).selectFrom('bladeMiniModel').select(['id', 'modelName', 'modelNameEn', 'modelTable', 'relation'])
    .where('parentId', '=', m.id).where('isDeleted', '=', 0).orderBy('createTime').orderBy('id').execute();
  const sub = [];
  for (const c of children) {
    sub.push({ prop: `${c.modelTable}_dynamic`, label: miniModelLabel(c, lang), type: 'dynamic', relation: c.relation, modelId: c.id, children: { column: (await tables.items(db, tenantId, c.id)).map((it) => formColumnOfItem(it, lang)) } });
  }
  return { modelId: m.id, tableName: m.modelTable, column: [...(await tables.items(db, tenantId, m.id)).map((it) => formColumnOfItem(it, lang)), ...sub] };
}

/** The four calls of an app's menus, buttons or permission groups, each checked against the app it belongs to; check: what else a body must satisfy. */
export function appParts(app: TypedApp, db: Db, model: ModelDef, appOf: (req: FastifyRequest, id: string) => Promise<Row>, check?: (ctx: Ctx, body: Row) => Promise<void>) {
  const repo = modelRepo(db, model);
  const auditModule = model.name === 'appPermission' ? 'permission' : 'appDesign';
  const rowOf = async (ctx: Ctx, req: FastifyRequest, id: string) => {
    const row = await repo.detail(ctx, id);
    if (row) await appOf(req, String(row.appId));
    return row;
  };
  app.get(`${model.api}/list`, { schema: { tags: [TAG], summary: `${model.title[1]} of an app (appId required), paged`, querystring: listQuery } }, async (req) => {
    const appId = String(req.query.appId ?? req.query.appId_equal ?? '');
    if (!/^\d{1,19}$/.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    await appOf(req, appId);
    return ok(await repo.page(ctxOf(req), req.query, (qb) => qb.where('appId', '=', appId)));
  });
  app.get(`${model.api}/detail`, { schema: { tags: [TAG], summary: `One of ${model.title[1].toLowerCase()} (data null when missing)`, querystring: idQuery } }, async (req) =>
    ok(await rowOf(ctxOf(req), req, req.query.id)));
  app.post(`${model.api}/submit`, { schema: { tags: [TAG], summary: `Add (no id) or change one of ${model.title[1].toLowerCase()}`, body: modelBody(model) } }, async (req) => {
    const ctx = ctxOf(req);
    const body = req.body;
    await appOf(req, String(body.appId));
    if (body.id) {
      const old = await rowOf(ctx, req, String(body.id));
      if (!old) throw new ApiError(400, 'noData');
      if (String(old.appId) !== String(body.appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    }
    if (model === appMenuModel && body.parentId) {
      const parent = await repo.detail(ctx, String(body.parentId));
      if (!parent || String(parent.appId) !== String(body.appId) || parent.id === body.id) throw new ApiError(400, MSG.badParentMenu);
    }
    await check?.(ctx, body);
    const before = body.id ? await repo.detail(ctx, String(body.id)) : null;
    return ok(await db.transaction().execute(async (tx) => {
      const saved = await repo.save(ctx, body, tx);
      await writeAudit(tx, whoOf(req), { appId: String(body.appId), module: auditModule, bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    }));
  });
  app.post(`${model.api}/remove`, { schema: { tags: [TAG], summary: `Remove ${model.title[1].toLowerCase()} (ids)`, querystring: idsQuery } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    const rows: (Row | null)[] = [];
    for (const id of ids) rows.push(await rowOf(ctx, req, id));
    await db.transaction().execute(async (tx) => {
      for (const r of rows) if (r) await writeAudit(tx, whoOf(req), { appId: String(r.appId), module: auditModule, bizId: String(r.id), operate: 'del', before: r });
      await repo.remove(ctx, ids, tx);
      // a removed menu's sub-menus go with it
      if (model === appMenuModel) await scoped(tx, ctx.tenantId).updateTable('bladeAppMenu').set({ isDeleted: 1, updateTime: sql<string>`now()` }).where('parentId', 'in', ids).execute();
    });
    return ok(true);
  });
}
