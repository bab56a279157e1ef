// Services of the hall (001 §3.13, §4, §7.2): their management (list, detail, remove; save, update
// with the checks of each way of handling and each validity mode; a fresh service code), and what a
// signed-in person does with them: the enabled services with what they may handle now, a service's
// guide (a visit recorded), the services handled online, their favourites and visits, feedback, and
// the header's counters (myStatus). Who may handle a service is handling.ts's (ServiceAccess).
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  serviceCategoryModel, serviceCollectModel, serviceFeedbackModel, serviceManageModel, serviceRecommendModel, serviceStatisticsModel,
  serviceVisitModel, specialServiceModel,
} from '@campus/schema';
import { dynamic } from '../../db/index.ts';
import { isId, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelBody, modelRepo, modelResource } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../module.ts';
import { actorOf } from '../workflow/service.ts';
import { AUDIENCE_FIELDS, idList, pageOf, type Catalog, type PortalData, type Viewer } from './catalog.ts';
import { countStatistic, HANDLING_MSG, validityDatesOf } from './handling.ts';
import { PORTAL_MSG, STATUS_NAMES } from './messages.ts';

const TAG = 'portal';
const API = serviceManageModel.api;
const ID = /^\d{1,19}$/;
const zIdText = z.union([z.string(), z.number()]).transform(String);
const pageQuery = z.looseObject({ current: z.coerce.number().int().min(1).max(1_000_000).optional(), size: z.coerce.number().int().min(1).max(200).optional() });
const listQuery = z.looseObject({ categoryId: z.string().regex(ID).optional(), name: z.string().max(100).optional() });
/** Most dates a mode-6 service lists. */
const MAX_DATES = 366;
/** Most services an unpaged list answers. */
const MAX_LIST = 1000;

const pad = (n: number) => String(n).padStart(2, '0');
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** Whether a service matches a search text: name, English name, keywords or summary (either language) contain it (any case). */
export function matches(s: Row, name: string): boolean {
  const q = name.trim().toLowerCase();
  if (!q) return true;
  return [s.name, s.nameEn, s.keywords, s.summary, s.summaryEn].some((v) => typeof v === 'string' && v.toLowerCase().includes(q));
}

/**
 * A service's validity fields as stored for its mode (001 §4): 2 daily hours HH:mm, 4 days of the
 * month 1..31, 5 dates of the year MM-dd (a window may wrap: 22:00-06:00, 25-5, 12-01-02-28), 6 a
 * list of real dates yyyy-MM-dd (sorted, each once); the fields another mode does not use are emptied.
 */
export function normaliseValidity(e: Row): void {
  const mode = Number(e.validityMode ?? 1);
  const start = text(e.validityStart);
  const end = text(e.validityEnd);
  const set = (a: string | null, b: string | null, dates: string | null): void => { Object.assign(e, { validityStart: a, validityEnd: b, validityDates: dates }); };
  if (mode === 2) {
    const hm = (v: string) => {
      const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(v);
      return m ? `${pad(Number(m[1]))}:${m[2]}` : null;
    };
    const [a, b] = [hm(start), hm(end)];
    if (!a || !b) throw new ApiError(400, PORTAL_MSG.dailyHours);
    return set(a, b, null);
  }
  if (mode === 4) {
    const day = (v: string) => (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 31 ? String(Number(v)) : null);
    const [a, b] = [day(start), day(end)];
    if (!a || !b) throw new ApiError(400, PORTAL_MSG.monthDays);
    return set(a, b, null);
  }
  if (mode === 5) {
    const md = (v: string) => {
      const m = /^(\d{1,2})-(\d{1,2})$/.exec(v);
      if (!m) return null;
      const [month, day] = [Number(m[1]), Number(m[2])];
      // (a leap year's calendar: 02-29 is a date of some years)
      if (month < 1 || month > 12 || day < 1 || day > new Date(2024, month, 0).getDate()) return null;
      return `${pad(month)}-${pad(day)}`;
    };
    const [a, b] = [md(start), md(end)];
    if (!a || !b) throw new ApiError(400, PORTAL_MSG.yearDates);
    return set(a, b, null);
  }
  if (mode === 6) {
    const dates = validityDatesOf(e.validityDates);
    if (!dates.length) throw new ApiError(400, PORTAL_MSG.datesRequired);
    for (const d of dates) {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
      const real = m && new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      if (!m || !real || real.getMonth() !== Number(m[2]) - 1 || real.getDate() !== Number(m[3])) throw new ApiError(400, PORTAL_MSG.badDate, { date: d.slice(0, 20) });
    }
    const list = [...new Set(dates)].sort();
    if (list.length > MAX_DATES) throw new ApiError(400, PORTAL_MSG.tooManyDates, { n: MAX_DATES });
    return set(null, null, list.join(','));
  }
  set(null, null, null);
}

export async function serviceRoutes(app: TypedApp, { db, directory }: ModuleDeps, data: PortalData): Promise<void> {
  const collects = modelRepo(db, serviceCollectModel);
  const visits = modelRepo(db, serviceVisitModel);
  const recommends = modelRepo(db, serviceRecommendModel);

  /** Category and department names on management rows. */
  const withNames = async (ctx: Ctx, rows: Row[]): Promise<Row[]> => {
    const categories = await scoped(db, ctx.tenantId).selectFrom('bladePortalServiceCategory').select(['id', 'name', 'nameEn'])
      .where('id', 'in', [...new Set(rows.map((r) => String(r.categoryId ?? '')).filter(isId)), '0']).execute();
    const byId = new Map(categories.map((c) => [String(c.id), c]));
    const depts = await data.deptNames(ctx.tenantId, [...new Set(rows.map((r) => String(r.deptId ?? '')).filter(isId))]);
    return rows.map((r) => ({ ...r, categoryName: byId.get(String(r.categoryId))?.name ?? null, categoryNameEn: byId.get(String(r.categoryId))?.nameEn ?? null, deptName: depts.get(String(r.deptId)) ?? null }));
  };

  // ---- management ----------------------------------------------------------------------------------
  const services = modelResource(app, db, serviceManageModel, {
    tag: TAG, only: ['list', 'detail', 'remove'], decorate: withNames,
    // a removed service is recommended no more
    afterRemove: async (ctx, ids) => {
      const rows = await recommends.select(ctx).where('serviceId', 'in', ids).execute();
      if (rows.length) await recommends.remove(ctx, rows.map((r) => String(r.id)));
    },
  });

  /** A fresh service code: FW + the day + 4 digits, used by no live service of the tenant. */
  const freshCode = async (ctx: Ctx): Promise<string> => {
    const now = new Date();
    const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
    for (let i = 0; i < 50; i++) {
      const code = `FW${day}${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
      if (!(await services.select(ctx).where('serviceCode', '=', code).executeTakeFirst())) return code;
    }
    // ten thousand codes a day nearly used up: a longer tail
    return `FW${day}${String(Date.now()).slice(-8)}`;
  };

  /** The checks of a service before it is written (the body already holds the model's types and lengths). */
  const checkService = async (ctx: Ctx, e: Row): Promise<void> => {
    const live = (table: string, id: unknown) => dynamic(scoped(db, ctx.tenantId)).selectFrom(table).select('id').where('id', '=', String(id)).where('isDeleted', '=', 0).executeTakeFirst();
    if (!(await live(serviceCategoryModel.table, e.categoryId))) throw new ApiError(400, PORTAL_MSG.noCategory);
    if (e.deptId && !(await directory.existing(ctx.tenantId, 'dept', [e.deptId])).length) throw new ApiError(400, PORTAL_MSG.noDept);
    if (e.specialServiceId && !(await live(specialServiceModel.table, e.specialServiceId))) throw new ApiError(400, PORTAL_MSG.noSpecial);
    // the way it is handled: a process deployed in the tenant, or an external address
    if (Number(e.itemWay) === 1) {
      const key = text(e.itemHandle);
      if (!key) throw new ApiError(400, PORTAL_MSG.processRequired);
      const deployed = await scoped(db, ctx.tenantId).selectFrom('wfDefinition').select('id').where('key', '=', key).executeTakeFirst();
      if (!deployed) throw new ApiError(400, PORTAL_MSG.processMissing, { key: key.slice(0, 64) });
      Object.assign(e, { itemHandle: key, itemUrl: null });
    } else {
      if (!text(e.itemUrl)) throw new ApiError(400, PORTAL_MSG.urlRequired);
      e.itemHandle = null;
    }
    normaliseValidity(e);
    // the audience: people, roles, departments and posts of the tenant, each once
    const lists: Record<(typeof AUDIENCE_FIELDS)[number], string[]> = { userIds: [], roleIds: [], deptIds: [], postIds: [] };
    for (const f of AUDIENCE_FIELDS) {
      if (e[f] === undefined) continue;
      lists[f] = idList(e[f]);
      e[f] = lists[f].length ? lists[f].join(',') : null;
    }
    const known = async (kind: 'user' | 'role' | 'dept', ids: string[]) => !ids.length || (await directory.existing(ctx.tenantId, kind, ids)).length === ids.length;
    if (!(await known('user', lists.userIds))) throw new ApiError(400, PORTAL_MSG.unknownPeople);
    if (!(await known('role', lists.roleIds))) throw new ApiError(400, PORTAL_MSG.unknownRoles);
    if (!(await known('dept', lists.deptIds))) throw new ApiError(400, PORTAL_MSG.unknownDepts);
    if (lists.postIds.length) {
      // (the directory has no post lookup of this kind: posts are read where they live, within the tenant)
      const posts = await scoped(db, ctx.tenantId).selectFrom('bladePost').select('id').where('id', 'in', lists.postIds).where('isDeleted', '=', 0).execute();
      if (posts.length !== lists.postIds.length) throw new ApiError(400, PORTAL_MSG.unknownPosts);
    }
    // its code: given and free, or made now; an update that leaves it out keeps it
    const code = text(e.serviceCode);
    if (!code) {
      if (e.id) delete e.serviceCode;
      else e.serviceCode = await freshCode(ctx);
    } else {
      let q = services.select(ctx).where('serviceCode', '=', code);
      if (e.id) q = q.where('id', '<>', String(e.id));
      if (await q.executeTakeFirst()) throw new ApiError(400, PORTAL_MSG.codeTaken);
      e.serviceCode = code;
    }
  };
  const body = modelBody(serviceManageModel);
  const write = async (req: FastifyRequest, e: Row) => {
    const ctx = ctxOf(req);
    await checkService(ctx, e);
    return ok(await services.save(ctx, e));
  };
  const FIELDS = 'name, nameEn, categoryId, deptId, specialServiceId, itemWay (1 process: itemHandle = a processDefKey deployed in the tenant; 2 link: itemUrl), openWay, '
    + 'handleType, guide fields, audience userIds/roleIds/deptIds/postIds (comma lists), validityMode with validityStart/validityEnd (2 HH:mm, 4 day 1-31, 5 MM-dd) or validityDates (6 yyyy-MM-dd list), isHot, sort, status';
  app.post(`${API}/save`, { schema: { tags: [TAG], summary: `Add a service (no id): ${FIELDS}; serviceCode made when left out`, body }, config: { permission: 'portal_service_add' } }, async (req) => {
    if (req.body.id) throw new ApiError(400, PORTAL_MSG.saveWithId);
    return write(req, { ...req.body });
  });
  app.post(`${API}/update`, { schema: { tags: [TAG], summary: `Change a service (id required): ${FIELDS}`, body }, config: { permission: 'portal_service_edit' } }, async (req) => {
    if (!req.body.id) throw new ApiError(400, PORTAL_MSG.updateNeedsId);
    return write(req, { ...req.body });
  });
  app.post(`${API}/submit`, { schema: { tags: [TAG], summary: 'Add (no id, portal_service_add) or change (id, portal_service_edit) a service, as save and update', body }, config: { permission: ['portal_service_add', 'portal_service_edit'] } }, async (req) => {
    const held = await app.permissionsOf(me(req));
    if (!held.has(req.body.id ? 'portal_service_edit' : 'portal_service_add')) throw new ApiError(403, 'forbidden');
    return write(req, { ...req.body });
  });
  app.get(`${API}/getRandomId`, {
    schema: { tags: [TAG], summary: 'A fresh service code no service of the tenant uses: { serviceCode } (FW + yyyyMMdd + 4 digits)' },
    config: { permission: ['portal_service_add', 'portal_service_edit'] },
  }, async (req) => ok({ serviceCode: await freshCode(ctxOf(req)) }));

  // statistics per service and day: read-only (the server counts)
  modelResource(app, db, serviceStatisticsModel, {
    tag: TAG, only: ['list', 'detail'],
    decorate: async (ctx, rows) => {
      const named = await dynamic(scoped(db, ctx.tenantId)).selectFrom(serviceManageModel.table).select(['id', 'name', 'nameEn'])
        .where('id', 'in', [...new Set(rows.map((r) => String(r.serviceId)).filter(isId)), '0']).execute();
      const byId = new Map(named.map((s) => [String(s.id), s]));
      return rows.map((r) => ({ ...r, serviceName: byId.get(String(r.serviceId))?.name ?? null, serviceNameEn: byId.get(String(r.serviceId))?.nameEn ?? null }));
    },
  });

  // ---- a signed-in person and the services -------------------------------------------------------------
  const mine = async (req: FastifyRequest): Promise<{ viewer: Viewer; cat: Catalog; ctx: Ctx }> => {
    const [viewer, cat] = await Promise.all([data.viewer(req), data.catalog(me(req).tenantId)]);
    return { viewer: viewer!, cat, ctx: ctxOf(req) };
  };
  /** An enabled service of the caller's tenant, or 400. */
  const enabled = (cat: Catalog, id: unknown): Row => {
    const s = isId(String(id ?? '')) ? cat.byId.get(String(id)) : undefined;
    if (!s) throw new ApiError(400, HANDLING_MSG.serviceMissing);
    return s;
  };
  /** A visit of the caller: the day's visit count and their visit record. */
  const recordVisit = async (ctx: Ctx, serviceId: string) => {
    await db.transaction().execute(async (tx) => {
      await visits.save(ctx, { serviceId, visitType: 1 }, tx);
      await countStatistic(tx, ctx.tenantId, serviceId, 'visitCount');
    });
    data.cache.clearStats(ctx.tenantId);
  };

  app.get(`${API}/listNoPage`, {
    schema: { tags: [TAG], summary: 'The enabled services (of a category; name searches name, English name, keywords and summary) as ServiceCards with canHandle, refusal, collected; at most 1000', querystring: listQuery },
  }, async (req) => {
    const { viewer, cat } = await mine(req);
    const list = cat.services.filter((s) => (!req.query.categoryId || String(s.categoryId) === req.query.categoryId) && matches(s, req.query.name ?? ''));
    return ok(list.slice(0, MAX_LIST).map((s) => data.card(cat, s, viewer)));
  });
  app.get('/api/blade-portal/serviceOnlineHandle/listNoPage', {
    schema: { tags: [TAG], summary: 'The enabled services handled online (handleType 1 or 3) that the caller may handle now (canHandle true), as ServiceCards; categoryId, name filter', querystring: listQuery },
  }, async (req) => {
    const { viewer, cat } = await mine(req);
    const list = cat.services.filter((s) => [1, 3].includes(Number(s.handleType)) && (!req.query.categoryId || String(s.categoryId) === req.query.categoryId) && matches(s, req.query.name ?? ''));
    return ok(list.map((s) => data.card(cat, s, viewer)).filter((c) => c.canHandle === true).slice(0, MAX_LIST));
  });
  app.get(`${API}/getDetailByServiceId`, {
    schema: { tags: [TAG], summary: 'An enabled service\'s card and guide (materials, steps, time limit, office, contact, fee, basis, validity) with canHandle, refusal, collected; records the caller\'s visit', querystring: z.looseObject({ serviceId: z.string().regex(ID).optional() }) },
  }, async (req) => {
    const { viewer, ctx } = await mine(req);
    const detail = await data.guide(ctx.tenantId, true, req.query.serviceId, viewer);
    if (!detail) throw new ApiError(400, HANDLING_MSG.serviceMissing);
    await recordVisit(ctx, String(detail.id));
    return ok(detail);
  });
  app.get(`${API}/getVisitService`, {
    schema: { tags: [TAG], summary: 'The enabled services the caller visited, the latest visit first, paged: ServiceCard & { lastVisitTime }', querystring: pageQuery },
  }, async (req) => {
    const { viewer, cat, ctx } = await mine(req);
    const rows = await scoped(db, ctx.tenantId).selectFrom('bladePortalServiceVisit').select(['serviceId', sql<string>`max(create_time)`.as('lastVisitTime')])
      .where('createUser', '=', ctx.userId).where('isDeleted', '=', 0).groupBy('serviceId').orderBy(sql`max(create_time)`, 'desc').limit(MAX_LIST).execute();
    const list = rows.filter((r) => cat.byId.has(String(r.serviceId))).map((r) => ({ ...data.card(cat, cat.byId.get(String(r.serviceId))!, viewer), lastVisitTime: r.lastVisitTime }));
    return ok(pageOf(list, req.query));
  });

  app.post('/api/blade-portal/serviceCollect/updateCollect', {
    schema: { tags: [TAG], summary: 'Make a service one of the caller\'s favourites, or no longer: body { serviceId }; answers { collected }', body: z.looseObject({ serviceId: zIdText.optional() }) },
  }, async (req) => {
    const ctx = ctxOf(req);
    const serviceId = String(req.body.serviceId ?? '');
    if (!isId(serviceId)) throw new ApiError(400, 'required', { field: 'serviceId' });
    const had = await collects.select(ctx).where('serviceId', '=', serviceId).execute();
    if (had.length) {
      await collects.remove(ctx, had.map((r) => String(r.id)));
      return ok({ collected: false });
    }
    enabled(await data.catalog(ctx.tenantId), serviceId);
    try {
      await collects.save(ctx, { serviceId });
      await countStatistic(db, ctx.tenantId, serviceId, 'collectCount');
      data.cache.clearStats(ctx.tenantId);
    } catch (e) {
      // the same person's second click at once: the unique index kept one favourite
      if (!(await collects.select(ctx).where('serviceId', '=', serviceId).executeTakeFirst())) throw e;
    }
    return ok({ collected: true });
  });
  app.post('/api/blade-portal/serviceStatisticsSum/updateStatistics', {
    schema: { tags: [TAG], summary: 'Record the caller\'s visit of an enabled service: body { serviceId, type: "visit" } (the day\'s visit count and a visit record)', body: z.looseObject({ serviceId: zIdText.optional(), type: z.string().max(16).optional() }) },
  }, async (req) => {
    const ctx = ctxOf(req);
    if ((req.body.type ?? 'visit') !== 'visit') throw new ApiError(400, PORTAL_MSG.badVisitType);
    const s = enabled(await data.catalog(ctx.tenantId), req.body.serviceId);
    await recordVisit(ctx, String(s.id));
    return ok(true);
  });

  // favourites and visits: each person's own rows
  modelResource(app, db, serviceCollectModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      enabled(await data.catalog(ctx.tenantId), e.serviceId);
      let q = collects.select(ctx).where('serviceId', '=', String(e.serviceId));
      if (e.id) q = q.where('id', '<>', String(e.id));
      if (await q.executeTakeFirst()) throw new ApiError(400, PORTAL_MSG.alreadyCollected);
    },
    decorate: async (ctx, rows) => {
      const cat = await data.catalog(ctx.tenantId);
      return rows.map((r) => ({ ...r, service: data.cardsOf(cat, r.serviceId, null)[0] ?? null }));
    },
  });
  modelResource(app, db, serviceVisitModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => { enabled(await data.catalog(ctx.tenantId), e.serviceId); },
    decorate: async (ctx, rows) => {
      const cat = await data.catalog(ctx.tenantId);
      return rows.map((r) => ({ ...r, service: data.cardsOf(cat, r.serviceId, null)[0] ?? null }));
    },
  });

  // feedback: anyone signed in adds their own; the feedback screen (portal_feedback) reads, answers, removes
  const feedback = modelResource(app, db, serviceFeedbackModel, {
    tag: TAG, only: ['list', 'detail', 'remove'],
    decorate: async (ctx, rows) => {
      const named = await dynamic(scoped(db, ctx.tenantId)).selectFrom(serviceManageModel.table).select(['id', 'name', 'nameEn'])
        .where('id', 'in', [...new Set(rows.map((r) => String(r.serviceId)).filter(isId)), '0']).execute();
      const byId = new Map(named.map((s) => [String(s.id), s]));
      return rows.map((r) => ({ ...r, serviceName: byId.get(String(r.serviceId))?.name ?? null, serviceNameEn: byId.get(String(r.serviceId))?.nameEn ?? null }));
    },
  });
  app.post(`${serviceFeedbackModel.api}/submit`, {
    schema: { tags: [TAG], summary: 'Without id: the caller\'s feedback on an enabled service { serviceId, rating 1-5, content, contactPhone } (anyone signed in). With id: the answer { id, reply } (portal_feedback_edit)', body: modelBody(serviceFeedbackModel) },
  }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    if (!b.id) {
      enabled(await data.catalog(ctx.tenantId), b.serviceId);
      return ok(await feedback.save(ctx, { serviceId: b.serviceId, rating: b.rating, content: b.content, contactPhone: b.contactPhone ?? null, replyStatus: 0 }));
    }
    if (!(await app.permissionsOf(me(req))).has('portal_feedback_edit')) throw new ApiError(403, 'forbidden');
    const before = await feedback.detail(ctx, b.id);
    if (!before) throw new ApiError(400, 'noData');
    if (String(before.serviceId) !== String(b.serviceId) || String(before.content) !== String(b.content)) throw new ApiError(400, PORTAL_MSG.feedbackEdit);
    const reply = text(b.reply);
    if (!reply) throw new ApiError(400, PORTAL_MSG.replyRequired);
    return ok(await feedback.save(ctx, { id: String(b.id), reply, replyTime: sql`now()`, replyStatus: 1 }));
  });

  // ---- the header's counters ------------------------------------------------------------------------
  app.get('/api/blade-portal/myStatus/getMyStatusList', {
    schema: { tags: [TAG], summary: 'The caller\'s counters for the portal header: [{ key: todo|done|send|copy|collect|message, name, nameEn, count, path }] (tasks from the workflow engine, unread messages)' },
  }, async (req) => {
    const a = actorOf(req);
    const q = { tenantId: a.tenantId, userId: a.userId, groups: a.groups, current: 1, size: 1 };
    const engine = app.workflow;
    const [todo, done, send, copy, collect, unread] = await Promise.all([
      engine.todoList(q).then((p) => p.total), engine.doneList(q).then((p) => p.total), engine.sendList(q).then((p) => p.total), engine.copyList(q).then((p) => p.total),
      collects.select(ctxOf(req)).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow().then((r) => Number((r as { n: string }).n)),
      app.hasDecorator('messages') ? app.messages.topList(ctxOf(req), 1).then((t) => t.unReadCount) : Promise.resolve(0),
    ]);
    const PATHS = { todo: '/portal/todo/center/todoRally', done: '/portal/todo/center/doneRally', send: '/portal/todo/center/sendRally', copy: '/portal/todo/center/copyRally', collect: '/portal/work/center', message: '/portal/work/center' };
    const counts = { todo, done, send, copy, collect, message: unread };
    return ok((Object.keys(STATUS_NAMES) as (keyof typeof STATUS_NAMES)[]).map((key) => ({ key, name: STATUS_NAMES[key][0], nameEn: STATUS_NAMES[key][1], count: counts[key], path: PATHS[key] })));
  });
}
