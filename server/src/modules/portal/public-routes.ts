// The public calls of the portal (001 §2.1, §7.2 "Public (no login)"): what /portal/index, /portal/hall
// and /portal/service/introduce show before anyone signs in. The site's tenant is the Tenant-Id
// header, else the tenant bound to the Host's domain, else the default one (a signed-in caller's own
// tenant). While its portal setting openPortal is not 1 every call but config/noLogin/list answers
// 403 门户未开放. Answers come from the per-tenant cache (cache.ts) and never carry a service's audience
// lists nor anything of a person; a signed-in caller's service cards add what they may do with each
// (canHandle, refusal, collected), read for that request only.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  aphorismModel, columnModel, floorModel, newsSourceModel, portalTopMenuModel, precinctModel, searchLogModel, servicePackageModel, serviceRecommendModel,
  shortcutEntranceModel, slideshowModel, slideshowTypeModel, specialServiceColumnModel, specialServiceModel, throughDeptModel, throughTrainModel, urlManageModel,
} from '@campus/schema';
import type { Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ok, type Envelope } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { modelRepo } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../module.ts';
import type { CacheKind } from './cache.ts';
import { idList, pageOf, publicRow, type PortalData } from './catalog.ts';
import { statDate } from './handling.ts';
import { PORTAL_MSG } from './messages.ts';
import { matches } from './service-routes.ts';

const TAG = 'portal';
const B = '/api/blade-portal';
const ID = /^\d{1,19}$/;
const zPage = { current: z.coerce.number().int().min(1).max(1_000_000).optional(), size: z.coerce.number().int().min(1).max(200).optional() };
const pageQuery = z.looseObject(zPage);
const idQuery = z.looseObject({ id: z.string().regex(ID).optional() });
const publicOnly = { public: true } as const;
/** Notices a news floor shows. */
const FLOOR_NEWS = 10;
/** How far back hot searches count. */
const HOT_SEARCH_DAYS = 90;
/** Notices a news column's own page (column/noLogin/detail) lists. */
const COLUMN_NEWS = 50;
const URL_TYPES = ['footer', 'friend', 'floor'] as const;

/** Whether If-None-Match names the tag (a list, weak or strong, or *). */
const matchesTag = (header: string | string[] | undefined, tag: string): boolean =>
  [header ?? ''].flat().join(',').split(',').map((v) => v.trim().replace(/^W\//, '')).some((v) => v === '*' || v === tag.replace(/^W\//, ''));

export async function publicRoutes(app: TypedApp, { db }: ModuleDeps, data: PortalData): Promise<void> {
  const searchLogs = modelRepo(db, searchLogModel);

  /** The open site of the call, the tenant's catalogue and, for calls answering service cards, the signed-in caller's flags. */
  const site = async (req: FastifyRequest, cards = false) => {
    const { tenantId, known } = await data.open(req);
    const [viewer, cat] = await Promise.all([cards ? data.viewer(req) : null, data.catalog(tenantId, known)]);
    const rows = (model: Parameters<PortalData['rows']>[2]) => data.rows(tenantId, known, model);
    return { tenantId, known, viewer, cat, rows };
  };
  type Site = Awaited<ReturnType<typeof site>>;

  /**
   * An answer of a public call. For an anonymous caller the finished JSON is kept in the tenant's
   * cache (by path with query and language, of the kind its data is: content or stats), so a repeated
   * call neither queries nor builds cards; it goes with an ETag and Cache-Control: no-cache, so a
   * browser asks again each time and gets 304 while nothing changed. A signed-in caller's answer (their
   * flags on the cards) is built for them each time. gated: false for the one call answered while the
   * portal is closed (config/noLogin/list).
   */
  const served = async (req: FastifyRequest, reply: FastifyReply, kind: CacheKind, build: () => Promise<Envelope>, gated = true): Promise<unknown> => {
    if (req.user) return build();
    const { tenantId, known } = gated ? await data.open(req) : await data.siteOf(req);
    if (!known) return build();
    const lang = req.lang;
    const answer = await data.cache.get(tenantId, kind, `json:${lang}:${req.url}`, async () => {
      const env = await build();
      const body = JSON.stringify({ ...env, msg: env.msg ?? t(env.success ? 'success' : 'failure', lang) });
      return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
    });
    reply.header('cache-control', 'no-cache').header('etag', answer.etag).header('vary', 'Accept-Language, Tenant-Id');
    if (matchesTag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(answer.body);
  };

  /** A column with its items: services (kind 1), news (kind 2: its news source's notices) or links (kind 3). */
  const column = async (s: Site, c: Row, all = false): Promise<Row> => {
    const count = all ? Infinity : Number(c.showCount) || 8;
    const kind = Number(c.columnType);
    const out: Row = { ...publicRow(c), services: [], news: [], links: [] };
    if (kind === 1) out.services = data.cardsOf(s.cat, c.serviceIds, s.viewer, count);
    if (kind === 2) {
      const source = (await s.rows(newsSourceModel)).find((n) => String(n.id) === String(c.newsSourceId ?? ''));
      out.newsSource = source ? { name: source.name, nameEn: source.nameEn ?? null, sourceType: source.sourceType, url: source.url ?? null } : null;
      if (!source || source.sourceType === 'notice') out.news = await data.notices(s.tenantId, s.known, text(source?.noticeCategory) || null, all ? COLUMN_NEWS : count);
    }
    if (kind === 3) out.links = (await s.rows(urlManageModel)).filter((u) => u.urlType === 'floor').slice(0, count).map(publicRow);
    return out;
  };
  const withServices = (s: Site, r: Row): Row => ({ ...publicRow(r), services: data.cardsOf(s.cat, r.serviceIds, s.viewer) });

  // ---- settings and the header -----------------------------------------------------------------------
  app.get(`${B}/config/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The site\'s portal settings, paged (default all): { configKey, configValue } of the keys the portal reads (openPortal, subjectPattern, menuPattern, siteName, logo, hero texts, copyright, footerLinks, contacts); answered while the portal is closed too', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const { tenantId, known } = await data.siteOf(req);
    const all = [...(await data.configs(tenantId, known))].map(([configKey, configValue]) => ({ configKey, configValue }));
    return ok(pageOf(all, req.query, 100));
  }, false));
  app.get(`${B}/topMenu/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled top-level menu entries in ascending sort, paged (current, size; status=1 as sent by the header), each with `children`: its enabled entries, nested, in their order', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req);
    const all = (await s.rows(portalTopMenuModel)).map(publicRow);
    // (the screens keep the tree a tree; a loop written around them ends at a depth no header has)
    const under = (parent: string, depth = 0): Row[] => (depth > 8 ? [] : all.filter((m) => String(m.parentId) === parent).map((m) => ({ ...m, children: under(String(m.id), depth + 1) })));
    return ok(pageOf(under('0'), req.query));
  }));

  // ---- the index ---------------------------------------------------------------------------------------
  app.get(`${B}/slideshow/noLogin/getSlideshowTypeAndList`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled slideshow types (one when typeCode is given), each with its enabled slides in order: [{ ...type, list }]', querystring: z.looseObject({ typeCode: z.string().max(64).optional() }) },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req);
    const slides = await s.rows(slideshowModel);
    const types = (await s.rows(slideshowTypeModel)).filter((t) => !req.query.typeCode || t.typeCode === req.query.typeCode);
    return ok(types.map((t) => ({ ...publicRow(t), list: slides.filter((x) => String(x.typeId) === String(t.id)).map(publicRow) })));
  }));
  app.get(`${B}/floor/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled floors of the index in their order' },
  }, async (req, reply) => served(req, reply, 'content', async () => ok((await (await site(req)).rows(floorModel)).map(publicRow))));
  app.get(`${B}/floor/noLogin/detail`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'An enabled floor with its enabled columns (each with services, news or links), its enabled precincts (with services), news (floorType 3: the newest released notices {id, title, category, releaseTime}) and links (floorType 4: link-floor addresses); null when none', querystring: idQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const floor = (await s.rows(floorModel)).find((f) => String(f.id) === req.query.id);
    if (!floor) return ok(null);
    const id = String(floor.id);
    const columns = await Promise.all((await s.rows(columnModel)).filter((c) => String(c.floorId ?? '') === id).map((c) => column(s, c)));
    const precincts = (await s.rows(precinctModel)).filter((p) => String(p.floorId ?? '') === id).map((p) => withServices(s, p));
    const type = Number(floor.floorType);
    return ok({
      ...publicRow(floor), columns, precincts,
      news: type === 3 ? await data.notices(s.tenantId, s.known, null, FLOOR_NEWS) : [],
      links: type === 4 ? (await s.rows(urlManageModel)).filter((u) => u.urlType === 'floor').map(publicRow) : [],
    });
  }));
  app.get(`${B}/column/noLogin/listNoPage`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled columns (of a floor when floorId is given) in their order, each with services (ServiceCards in its order, at most showCount), news (columnType 2) or links (columnType 3)', querystring: z.looseObject({ floorId: z.string().regex(ID).optional() }) },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const list = (await s.rows(columnModel)).filter((c) => !req.query.floorId || String(c.floorId ?? '') === req.query.floorId);
    return ok(await Promise.all(list.map((c) => column(s, c))));
  }));
  app.get(`${B}/column/noLogin/detail`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: `An enabled column for its own page: services (all its enabled services as ServiceCards in its order, not capped at showCount), news (columnType 2: at most ${COLUMN_NEWS}) or links (columnType 3: all); null when none`, querystring: idQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const c = (await s.rows(columnModel)).find((x) => String(x.id) === req.query.id);
    return ok(c ? await column(s, c, true) : null);
  }));
  app.get(`${B}/urlManage/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled links in their order: urlType footer (the footer), friend (partner sites) or floor (link floors); all groups when left out', querystring: z.looseObject({ urlType: z.enum(URL_TYPES).optional() }) },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const rows = await (await site(req)).rows(urlManageModel);
    return ok(rows.filter((u) => !req.query.urlType || u.urlType === req.query.urlType).map(publicRow));
  }));
  app.get(`${B}/precinct/noLogin/detail`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'An enabled precinct with its enabled services (ServiceCards in its order); null when none', querystring: idQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const p = (await s.rows(precinctModel)).find((x) => String(x.id) === req.query.id);
    return ok(p ? withServices(s, p) : null);
  }));
  app.get(`${B}/shortcutEntrance/noLogin/page`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled shortcut entrances, paged, each with its service (a ServiceCard) or null (an entrance to a disabled service without an address of its own is left out)', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    // an entrance to a service no longer enabled, with no address of its own, leads nowhere: left out
    const page = pageOf((await s.rows(shortcutEntranceModel)).filter((r) => r.url || s.cat.byId.has(String(r.serviceId ?? ''))), req.query);
    return ok({ ...page, records: page.records.map((r) => ({ ...publicRow(r), service: data.cardsOf(s.cat, r.serviceId, s.viewer)[0] ?? null })) });
  }));
  app.get(`${B}/aphorism/getRandAphorism`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'One enabled saying at random: { id, content, contentEn, author }, or null' },
  }, async (req) => {
    const list = await (await site(req)).rows(aphorismModel);
    const a = list[Math.floor(Math.random() * list.length)];
    return ok(a ? { id: a.id, content: a.content, contentEn: a.contentEn ?? null, author: a.author ?? null } : null);
  });

  // ---- the hall ----------------------------------------------------------------------------------------
  const categories = (s: Site): Row[] => s.cat.categories.map((c) => ({ ...publicRow(c), serviceCount: s.cat.services.filter((x) => String(x.categoryId) === String(c.id)).length }));
  app.get(`${B}/serviceCategory/noLogin/listNoPage`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled service categories in their order, each with serviceCount (its enabled services)' },
  }, async (req, reply) => served(req, reply, 'content', async () => ok(categories(await site(req)))));
  app.get(`${B}/serviceCategory/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled service categories, paged, each with serviceCount; name filters (contains)', querystring: z.looseObject({ ...zPage, name: z.string().max(100).optional() }) },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const name = (req.query.name ?? '').trim().toLowerCase();
    return ok(pageOf(categories(await site(req)).filter((c) => !name || String(c.name).toLowerCase().includes(name) || String(c.nameEn ?? '').toLowerCase().includes(name)), req.query));
  }));
  app.get(`${B}/throughDept/noLogin/throughDeptListNoPage`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled through-departments in their order, each with deptName and serviceCount (its enabled services)' },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req);
    const rows = await s.rows(throughDeptModel);
    const names = await data.cached(s.tenantId, s.known, 'content', 'throughDeptNames', () => data.deptNames(s.tenantId, rows.map((r) => String(r.deptId))));
    return ok(rows.map((r) => ({ ...publicRow(r), deptName: names.get(String(r.deptId)) ?? null, serviceCount: s.cat.services.filter((x) => String(x.deptId ?? '') === String(r.deptId)).length })));
  }));

  const unionQuery = z.looseObject({
    ...zPage, name: z.string().max(100).optional(), categoryId: z.string().regex(ID).optional(), deptId: z.string().regex(ID).optional(),
    packageId: z.string().regex(ID).optional(), specialServiceId: z.string().regex(ID).optional(),
    handleType: z.enum(['1', '2', '3']).optional(), itemWay: z.enum(['1', '2']).optional(),
  });
  app.get(`${B}/serviceManage/noLogin/listUnion`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled services as ServiceCards, paged: name (contained in name, English name, keywords or summary, any case), categoryId, deptId, packageId (its services in its order), specialServiceId (its own and its columns\' services), handleType, itemWay. A name searched on page 1 is written to the search log. A signed-in caller\'s cards add canHandle, refusal, collected', querystring: unionQuery },
  }, async (req, reply) => {
    const searched = !!(req.query.name ?? '').trim() && (req.query.current ?? 1) === 1;
    return searched ? union(req, req.query) : served(req, reply, 'content', () => union(req, req.query));
  });
  /** listUnion's answer (a name searched on page 1 written to the search log: such calls are not cached). */
  async function union(req: FastifyRequest, q: z.infer<typeof unionQuery>): Promise<Envelope> {
    const s = await site(req, true);
    let list = s.cat.services;
    if (q.packageId) {
      const pack = (await s.rows(servicePackageModel)).find((p) => String(p.id) === q.packageId);
      list = idList(pack?.serviceIds).map((id) => s.cat.byId.get(id)).filter((x): x is Row => !!x);
    }
    if (q.specialServiceId) {
      const listed = new Set((await s.rows(specialServiceColumnModel)).filter((c) => String(c.specialServiceId) === q.specialServiceId).flatMap((c) => idList(c.serviceIds)));
      list = list.filter((x) => String(x.specialServiceId ?? '') === q.specialServiceId || listed.has(String(x.id)));
    }
    list = list.filter((x) => (!q.categoryId || String(x.categoryId) === q.categoryId) && (!q.deptId || String(x.deptId ?? '') === q.deptId)
      && (!q.handleType || String(x.handleType) === q.handleType) && (!q.itemWay || String(x.itemWay) === q.itemWay) && matches(x, q.name ?? ''));
    const page = pageOf(list, q);
    const keyword = (q.name ?? '').trim().replace(/\s+/g, ' ');
    if (keyword && page.current === 1) {
      await searchLogs.save({ tenantId: s.tenantId, userId: req.user?.userId ?? '', deptId: '' }, { keyword, searchType: 'service', resultCount: page.total, userId: req.user?.userId ?? null });
      data.cache.clearStats(s.tenantId);
    }
    return ok({ ...page, records: page.records.map((x) => data.card(s.cat, x, s.viewer)) });
  }
  app.get(`${B}/serviceManage/noLogin/detail`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'An enabled service for /portal/service/introduce: its ServiceCard and guide (introduce, materials, steps, timeLimit, handleAddress, contactPerson, contactPhone, fee, basis, validity fields); null when none', querystring: idQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    return ok(await data.guide(s.tenantId, s.known, req.query.id, s.viewer));
  }));
  app.get(`${B}/searchLog/noLogin/getHotSearch`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: `The most searched words of the last ${HOT_SEARCH_DAYS} days that found something (resultCount > 0): [{ keyword, count }], size 1..50 (default 10)`, querystring: z.looseObject({ size: z.coerce.number().int().min(1).max(50).optional() }) },
  }, async (req, reply) => served(req, reply, 'stats', async () => {
    const s = await site(req);
    const size = req.query.size ?? 10;
    return ok(await data.cached(s.tenantId, s.known, 'stats', `hotSearch:${size}`, async () => {
      const rows = await scoped(db, s.tenantId).selectFrom('bladeSearchLog').select(['keyword', sql<string>`count(*)`.as('count')])
        .where('isDeleted', '=', 0).where('resultCount', '>', 0).where('createTime', '>=', sql<string>`now() - ${`${HOT_SEARCH_DAYS} days`}::interval`)
        .groupBy('keyword').orderBy(sql`count(*)`, 'desc').orderBy(sql`max(create_time)`, 'desc').limit(size).execute();
      return rows.map((r) => ({ keyword: r.keyword, count: Number(r.count) }));
    }));
  }));
  app.get(`${B}/serviceManage/noLogin/getHotService`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled services, hot ones (isHot) first, then by visits and starts of the last 30 days (hotCount), paged: ServiceCard & { hotCount }', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'stats', async () => {
    const s = await site(req, true);
    const hot = await data.hotCounts(s.tenantId, s.known);
    const list = s.cat.services.map((x, i) => ({ x, i, n: hot.get(String(x.id)) ?? 0 }))
      .sort((a, b) => Number(b.x.isHot) - Number(a.x.isHot) || b.n - a.n || a.i - b.i);
    const page = pageOf(list, req.query);
    return ok({ ...page, records: page.records.map(({ x, n }) => ({ ...data.card(s.cat, x, s.viewer), hotCount: n })) });
  }));
  app.get(`${B}/serviceManage/noLogin/getHotDept`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The departments handling enabled services, by their services\' visits and starts of the last 30 days (hotCount), then serviceCount, paged: { deptId, deptName, serviceCount, hotCount }', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'stats', async () => {
    const s = await site(req);
    const hot = await data.hotCounts(s.tenantId, s.known);
    const byDept = new Map<string, { deptId: string; deptName: string; serviceCount: number; hotCount: number }>();
    for (const x of s.cat.services) {
      const deptId = String(x.deptId ?? '');
      const deptName = s.cat.deptNames.get(deptId);
      if (!deptName) continue;
      const d = byDept.get(deptId) ?? { deptId, deptName, serviceCount: 0, hotCount: 0 };
      d.serviceCount++;
      d.hotCount += hot.get(String(x.id)) ?? 0;
      byDept.set(deptId, d);
    }
    return ok(pageOf([...byDept.values()].sort((a, b) => b.hotCount - a.hotCount || b.serviceCount - a.serviceCount || a.deptName.localeCompare(b.deptName)), req.query));
  }));
  app.get(`${B}/serviceManage/noLogin/getServiceCount`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'Counts of the hall: { serviceCount (enabled services), categoryCount (enabled categories), deptCount (departments handling them), onlineCount (handled online: handleType 1 or 3) }' },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const { cat } = await site(req);
    return ok({
      serviceCount: cat.services.length, categoryCount: cat.categories.length,
      deptCount: new Set(cat.services.map((x) => String(x.deptId ?? '')).filter((d) => cat.deptNames.has(d))).size,
      onlineCount: cat.services.filter((x) => [1, 3].includes(Number(x.handleType))).length,
    });
  }));
  app.get(`${B}/specialService/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled special services in their order, paged', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => ok(pageOf((await (await site(req)).rows(specialServiceModel)).map(publicRow), req.query))));
  app.get(`${B}/specialService/noLogin/detail`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'An enabled special service with its columns (each with its enabled services as ServiceCards) and `services`: the enabled services that name it; null when none', querystring: idQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const sp = (await s.rows(specialServiceModel)).find((x) => String(x.id) === req.query.id);
    if (!sp) return ok(null);
    const columns = (await s.rows(specialServiceColumnModel)).filter((c) => String(c.specialServiceId) === String(sp.id)).map((c) => withServices(s, c));
    return ok({ ...publicRow(sp), columns, services: s.cat.services.filter((x) => String(x.specialServiceId ?? '') === String(sp.id)).map((x) => data.card(s.cat, x, s.viewer)) });
  }));
  app.get(`${B}/throughTrain/noLogin/page`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled through-train links in their order, paged; trainType filters', querystring: z.looseObject({ ...zPage, trainType: z.string().max(64).optional() }) },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const rows = (await (await site(req)).rows(throughTrainModel)).filter((r) => !req.query.trainType || r.trainType === req.query.trainType);
    return ok(pageOf(rows.map(publicRow), req.query));
  }));
  app.get(`${B}/servicePackage/noLogin/page`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The enabled service packages in their order, paged, each with its enabled services (ServiceCards in its order)', querystring: pageQuery },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    const page = pageOf(await s.rows(servicePackageModel), req.query);
    return ok({ ...page, records: page.records.map((p) => withServices(s, p)) });
  }));
  app.get(`${B}/serviceRecommend/noLogin/list`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The recommended enabled services in their order: [{ id, serviceId, reason, sort, service: ServiceCard }]' },
  }, async (req, reply) => served(req, reply, 'content', async () => {
    const s = await site(req, true);
    return ok((await s.rows(serviceRecommendModel)).flatMap((r) => {
      const service = data.cardsOf(s.cat, r.serviceId, s.viewer)[0];
      return service ? [{ ...publicRow(r), service }] : [];
    }));
  }));

  // ---- counters ----------------------------------------------------------------------------------------
  app.get(`${B}/serviceStatisticsSum/noLogin/getSumStatistics`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'Visits, starts and favourites of the tenant\'s services in a period (type all | year | month | day, the server\'s calendar), and the enabled services: { visitCount, startCount, collectCount, serviceCount }', querystring: z.looseObject({ type: z.string().max(8).optional() }) },
  }, async (req, reply) => served(req, reply, 'stats', async () => {
    const type = req.query.type || 'all';
    if (!['all', 'year', 'month', 'day'].includes(type)) throw new ApiError(400, PORTAL_MSG.badStatType);
    const s = await site(req);
    const sums = await data.cached(s.tenantId, s.known, 'stats', `sum:${type}`, async () => {
      const today = statDate(new Date());
      const from = { all: '', year: `${today.slice(0, 4)}-01-01`, month: `${today.slice(0, 7)}-01`, day: today }[type as 'all'];
      let qb = scoped(db, s.tenantId).selectFrom('bladePortalServiceStatistics')
        .select([sql<string>`coalesce(sum(visit_count), 0)`.as('visit'), sql<string>`coalesce(sum(start_count), 0)`.as('start'), sql<string>`coalesce(sum(collect_count), 0)`.as('collect')]);
      if (from) qb = qb.where('statDate', '>=', from);
      const r = await qb.executeTakeFirstOrThrow();
      return { visitCount: Number(r.visit), startCount: Number(r.start), collectCount: Number(r.collect) };
    });
    return ok({ ...sums, serviceCount: s.cat.services.length });
  }));
  app.get(`${B}/serviceStatisticsSum/noLogin/getStartedProcessCount`, {
    config: publicOnly,
    schema: { tags: [TAG], summary: 'The tenant\'s process instances (sub-processes aside): { total, today (started since midnight, the server\'s time), finished }' },
  }, async (req, reply) => served(req, reply, 'stats', async () => {
    const s = await site(req);
    return ok(await data.cached(s.tenantId, s.known, 'stats', 'started', async () => {
      const midnight = new Date();
      midnight.setHours(0, 0, 0, 0);
      const r = await scoped(db, s.tenantId).selectFrom('wfInstance').where('parentId', 'is', null).select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where start_time >= ${midnight})`.as('today'),
        sql<string>`count(*) filter (where status = 'finished')`.as('finished'),
      ]).executeTakeFirstOrThrow();
      return { total: Number(r.total), today: Number(r.today), finished: Number(r.finished) };
    }));
  }));
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());
