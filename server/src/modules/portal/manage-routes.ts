// The management calls of the portal's entities (001 §7.2; the screens under 门户管理): list, detail,
// submit and remove from each model definition (modelResource) with its permission code, the
// references between them checked on save (a column's floor, a package's services, … of the same
// tenant), and the extras the screens use: updateStatus of floors and precincts, updateSort and the
// unpaged list of columns, the recommendations' order and removal by service, the slideshow types
// with their slides, the through-train by group, the shortcut entrances and packages as a signed-in
// portal page shows them. Services themselves are in service-routes.ts.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  aphorismModel, columnModel, floorModel, newsSourceModel, portalConfigModel, portalTopMenuModel, precinctModel, serviceCategoryModel, serviceManageModel,
  servicePackageModel, serviceRecommendModel, shortcutEntranceModel, slideshowModel, slideshowTypeModel, specialServiceColumnModel, specialServiceModel,
  throughDeptModel, throughTrainModel, urlManageModel, type ModelDef,
} from '@campus/schema';
import { dynamic } from '../../db/index.ts';
import { isId, type Ctx, type Repo, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { modelResource } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../module.ts';
import { idList, pageOf, publicRow, type PortalData } from './catalog.ts';
import { PORTAL_MSG } from './messages.ts';

const TAG = 'portal';
const zIdText = z.union([z.string(), z.number()]).transform(String);
const statusBody = z.looseObject({ id: z.unknown().optional(), status: z.unknown().optional() });
const sortBody = z.unknown();
const pageQuery = z.looseObject({ current: z.coerce.number().int().min(1).max(1_000_000).optional(), size: z.coerce.number().int().min(1).max(200).optional() });

export async function manageRoutes(app: TypedApp, { db, directory }: ModuleDeps, data: PortalData): Promise<void> {
  /** A live row of one of the tenant's tables by id. */
  const exists = async (ctx: Ctx, table: string, id: unknown): Promise<boolean> =>
    isId(String(id ?? '')) && !!(await dynamic(scoped(db, ctx.tenantId)).selectFrom(table).select('id').where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst());
  /** A reference field: empty, or a live row of the table (else 400 with the message). */
  const refers = async (ctx: Ctx, e: Row, field: string, table: string, message: Message, required = false) => {
    const v = e[field];
    if (v === undefined || v === null || v === '') {
      if (required) throw new ApiError(400, message);
      return;
    }
    if (!(await exists(ctx, table, v))) throw new ApiError(400, message);
  };
  /** A list of services (serviceIds): each a live service of the tenant, kept in order, each once. */
  const serviceList = async (ctx: Ctx, e: Row) => {
    if (e.serviceIds === undefined || e.serviceIds === null) return;
    const ids = idList(e.serviceIds);
    if (ids.length) {
      const found = await dynamic(scoped(db, ctx.tenantId)).selectFrom(serviceManageModel.table).select('id').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
      if (found.length !== ids.length) throw new ApiError(400, PORTAL_MSG.unknownServices);
    }
    e.serviceIds = ids.length ? ids.join(',') : null;
  };
  const names = async (ctx: Ctx, ids: unknown[]): Promise<Map<string, Row>> => {
    const want = [...new Set(ids.map(String).filter(isId))];
    if (!want.length) return new Map();
    const rows = await dynamic(scoped(db, ctx.tenantId)).selectFrom(serviceManageModel.table).select(['id', 'name', 'nameEn', 'status']).where('id', 'in', want).where('isDeleted', '=', 0).execute();
    return new Map(rows.map((r) => [String(r.id), r as Row]));
  };
  /** Adds serviceName / serviceNameEn to rows that name one service. */
  const withServiceName = async (ctx: Ctx, rows: Row[]) => {
    const byId = await names(ctx, rows.map((r) => r.serviceId));
    return rows.map((r) => ({ ...r, serviceName: byId.get(String(r.serviceId))?.name ?? null, serviceNameEn: byId.get(String(r.serviceId))?.nameEn ?? null }));
  };

  // ---- the entities, from their models ---------------------------------------------------------------
  modelResource(app, db, portalConfigModel, { tag: TAG });
  const topMenus = modelResource(app, db, portalTopMenuModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      const parent = String(e.parentId ?? '0') || '0';
      e.parentId = parent;
      if (parent === '0') return;
      if (!(await exists(ctx, portalTopMenuModel.table, parent))) throw new ApiError(400, PORTAL_MSG.noParentMenu);
      // not under itself: walk up from the new parent
      if (e.id) {
        const all = await topMenus.select(ctx).execute();
        const parentOf = new Map(all.map((m) => [String(m.id), String(m.parentId)]));
        for (let at: string | undefined = parent, n = 0; at && at !== '0' && n < 1000; at = parentOf.get(at), n++) {
          if (at === String(e.id)) throw new ApiError(400, PORTAL_MSG.menuLoop);
        }
      }
    },
  });
  const slideTypes = modelResource(app, db, slideshowTypeModel, { tag: TAG });
  const slides = modelResource(app, db, slideshowModel, {
    tag: TAG, beforeSave: (ctx, e) => refers(ctx, e, 'typeId', slideshowTypeModel.table, PORTAL_MSG.noSlideshowType, true),
  });
  modelResource(app, db, serviceCategoryModel, { tag: TAG });
  const recommends = modelResource(app, db, serviceRecommendModel, {
    tag: TAG, beforeSave: (ctx, e) => refers(ctx, e, 'serviceId', serviceManageModel.table, PORTAL_MSG.noService, true),
    decorate: withServiceName,
  });
  const packages = modelResource(app, db, servicePackageModel, { tag: TAG, beforeSave: serviceList });
  modelResource(app, db, throughDeptModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      if (!(await directory.existing(ctx.tenantId, 'dept', [e.deptId])).length) throw new ApiError(400, PORTAL_MSG.noDept);
    },
    decorate: async (ctx, rows) => {
      const depts = await data.deptNames(ctx.tenantId, [...new Set(rows.map((r) => String(r.deptId ?? '')).filter(isId))]);
      return rows.map((r) => ({ ...r, deptName: depts.get(String(r.deptId)) ?? null }));
    },
  });
  const trains = modelResource(app, db, throughTrainModel, { tag: TAG });
  const floors = modelResource(app, db, floorModel, { tag: TAG });
  const columns = modelResource(app, db, columnModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      await refers(ctx, e, 'floorId', floorModel.table, PORTAL_MSG.noFloor);
      await refers(ctx, e, 'newsSourceId', newsSourceModel.table, PORTAL_MSG.noNewsSource);
      await serviceList(ctx, e);
    },
  });
  const precincts = modelResource(app, db, precinctModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      await refers(ctx, e, 'floorId', floorModel.table, PORTAL_MSG.noFloor);
      await serviceList(ctx, e);
    },
  });
  const shortcuts = modelResource(app, db, shortcutEntranceModel, {
    tag: TAG, beforeSave: (ctx, e) => refers(ctx, e, 'serviceId', serviceManageModel.table, PORTAL_MSG.noService),
  });
  modelResource(app, db, specialServiceModel, { tag: TAG });
  modelResource(app, db, specialServiceColumnModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      await refers(ctx, e, 'specialServiceId', specialServiceModel.table, PORTAL_MSG.noSpecial, true);
      await serviceList(ctx, e);
    },
  });
  modelResource(app, db, urlManageModel, { tag: TAG });
  modelResource(app, db, newsSourceModel, { tag: TAG });
  modelResource(app, db, aphorismModel, { tag: TAG });

  // ---- extras ------------------------------------------------------------------------------------------
  /** POST <api>/updateStatus { id, status }: switches one row on (1) or off (0). */
  const updateStatus = (model: ModelDef, repo: Repo) => app.post(`${model.api}/updateStatus`, {
    schema: { tags: [TAG], summary: `Switch one ${model.name} on or off: body { id, status: 0 | 1 }; answers the row`, body: statusBody },
    config: { permission: `${model.permission}_edit` },
  }, async (req) => {
    const { id, status } = req.body;
    if (!isId(String(id ?? ''))) throw new ApiError(400, 'invalid', { field: 'id' });
    if (!['0', '1'].includes(String(status))) throw new ApiError(400, PORTAL_MSG.badStatus);
    return ok(await repo.save(ctxOf(req), { id: String(id), status: Number(status) }));
  });
  updateStatus(floorModel, floors);
  updateStatus(precinctModel, precincts);

  /** POST <api>/updateSort [{ id, sort }]: the order of the rows a screen dragged, all or none. */
  const updateSort = (model: ModelDef, repo: Repo) => app.post(`${model.api}/updateSort`, {
    schema: { tags: [TAG], summary: `Save the order of ${model.name} rows: body [{ id, sort }] (sort 0..99999); all or none`, body: sortBody },
    config: { permission: `${model.permission}_edit` },
  }, async (req) => {
    const whole = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,5}$/.test(v)) ? Number(v) : NaN);
    const body: unknown[] = Array.isArray(req.body) ? req.body.slice(0, 1001) : [];
    const list = body.map((x) => (x && typeof x === 'object' ? x as Row : {})).map((x) => ({ id: String(x.id ?? ''), sort: whole(x.sort) }));
    if (list.length > 1000) throw new ApiError(400, PORTAL_MSG.badSortList);
    if (!list.length || list.some((x) => !isId(x.id) || !Number.isInteger(x.sort) || x.sort < 0 || x.sort > 99999)) throw new ApiError(400, PORTAL_MSG.badSortList);
    const ctx = ctxOf(req);
    await db.transaction().execute(async (tx) => { for (const x of list) await repo.save(ctx, x, tx); });
    return ok(true);
  });
  updateSort(columnModel, columns);
  updateSort(serviceRecommendModel, recommends);

  app.get(`${columnModel.api}/listNoPage`, {
    schema: { tags: [TAG], summary: 'Every column (enabled and disabled), of one floor when floorId is given, in their order (the column screen)', querystring: z.looseObject({ floorId: z.string().regex(/^\d{1,19}$/).optional() }) },
    config: { permission: ['portal_column_view', 'portal_column'] },
  }, async (req) => {
    let qb = columns.select(ctxOf(req));
    if (req.query.floorId) qb = qb.where('floorId', '=', req.query.floorId);
    return ok(await qb.orderBy('sort').orderBy('id').limit(5000).execute());
  });

  app.post(`${serviceRecommendModel.api}/deleteByServiceId`, {
    schema: { tags: [TAG], summary: 'Stop recommending a service: serviceId (query or body)', querystring: z.looseObject({ serviceId: z.string().max(19).optional() }), body: z.looseObject({ serviceId: zIdText.optional() }).nullish() },
    config: { permission: 'portal_service_delete' },
  }, async (req) => {
    const serviceId = String(req.query.serviceId ?? req.body?.serviceId ?? '');
    if (!isId(serviceId)) throw new ApiError(400, 'required', { field: 'serviceId' });
    const ctx = ctxOf(req);
    const ids = (await recommends.select(ctx).where('serviceId', '=', serviceId).execute()).map((r) => String(r.id));
    return ok({ removed: ids.length ? await recommends.remove(ctx, ids) : 0 });
  });

  app.get(`${slideshowModel.api}/getSlideshowTypeAndList`, {
    schema: { tags: [TAG], summary: 'Slideshow types (one when id is given) each with all its slides, enabled and disabled, in their order: [{ ...type, list }] (the slideshow screen)', querystring: z.looseObject({ id: z.string().regex(/^\d{1,19}$/).optional() }) },
    config: { permission: ['portal_slideshow_view', 'portal_slideshow'] },
  }, async (req) => {
    const ctx = ctxOf(req);
    let qb = slideTypes.select(ctx);
    if (req.query.id) qb = qb.where('id', '=', req.query.id);
    const types = await qb.orderBy('sort').orderBy('id').execute();
    const all = types.length ? await slides.select(ctx).where('typeId', 'in', types.map((t) => String(t.id))).orderBy('sort').orderBy('id').execute() : [];
    return ok(types.map((t) => ({ ...t, list: all.filter((s) => String(s.typeId) === String(t.id)) })));
  });

  // ---- the signed-in portal's pages (any user of the tenant; enabled rows only) ----------------------
  app.get(`${throughTrainModel.api}/getThroughTrainTypeAndList`, {
    schema: { tags: [TAG], summary: 'The enabled through-train links by group, groups in the order of their first link: [{ trainType, trainTypeEn, list }] (any signed-in user)' },
  }, async (req) => {
    const rows = await trains.select(ctxOf(req)).where('status', '=', 1).orderBy('sort').orderBy('id').limit(5000).execute();
    const groups = new Map<string, { trainType: string; trainTypeEn: string | null; list: Row[] }>();
    for (const r of rows) {
      const key = String(r.trainType);
      if (!groups.has(key)) groups.set(key, { trainType: key, trainTypeEn: (r.trainTypeEn as string | null) ?? null, list: [] });
      const g = groups.get(key)!;
      if (!g.trainTypeEn && r.trainTypeEn) g.trainTypeEn = String(r.trainTypeEn);
      g.list.push(publicRow(r));
    }
    return ok([...groups.values()]);
  });

  const viewerCards = async (req: FastifyRequest) => {
    const viewer = await data.viewer(req);
    const cat = await data.catalog(me(req).tenantId);
    return { viewer, cat };
  };
  app.get(`${shortcutEntranceModel.api}/listNoPage`, {
    schema: { tags: [TAG], summary: 'The enabled shortcut entrances in their order, each with its service as a ServiceCard (canHandle, refusal, collected) or null (any signed-in user)' },
  }, async (req) => {
    const { viewer, cat } = await viewerCards(req);
    const rows = await shortcuts.select(ctxOf(req)).where('status', '=', 1).orderBy('sort').orderBy('id').limit(5000).execute();
    return ok(rows.filter((r) => r.url || cat.byId.has(String(r.serviceId ?? ''))).map((r) => ({ ...publicRow(r), service: data.cardsOf(cat, r.serviceId, viewer)[0] ?? null })));
  });
  app.get(`${servicePackageModel.api}/page`, {
    schema: { tags: [TAG], summary: 'The enabled service packages, paged (current, size), each with its enabled services as ServiceCards (canHandle, refusal, collected) (any signed-in user)', querystring: pageQuery },
  }, async (req) => {
    const { viewer, cat } = await viewerCards(req);
    const rows = await packages.select(ctxOf(req)).where('status', '=', 1).orderBy('sort').orderBy('id').limit(5000).execute();
    const page = pageOf(rows, req.query);
    return ok({ ...page, records: page.records.map((p) => ({ ...publicRow(p), services: data.cardsOf(cat, p.serviceIds, viewer) })) });
  });
}
