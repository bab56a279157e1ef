// What the portal reads of a tenant, once per change (cache.ts), and how a service is shown.
// A ServiceCard is a service row without its audience lists (userIds, roleIds, deptIds, postIds),
// without its guide texts, and without who wrote it, plus its category's and department's names;
// a signed-in caller's cards add canHandle, refusal (in the caller's language) and collected.
// The audience lists stay on the server: they decide canHandle and are never answered publicly.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  PORTAL_CONFIG_KEYS, serviceCategoryModel, serviceManageModel, type ModelDef,
} from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { isId, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { AuthUser } from '../../http/auth.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import type { Directory } from '../system/directory.ts';
import { PortalCache, PortalTenants, type CacheKind } from './cache.ts';
import { refusalText, ServiceAccess, statDate } from './handling.ts';
import { PORTAL_MSG } from './messages.ts';

export const AUDIENCE_FIELDS = ['userIds', 'roleIds', 'deptIds', 'postIds'] as const;
/** The guide of /portal/service/introduce: answered by the details, not by lists. */
export const GUIDE_FIELDS = [
  'introduce', 'introduceEn', 'materials', 'steps', 'basis', 'basisEn', 'timeLimit', 'timeLimitEn', 'handleAddress', 'handleAddressEn',
  'contactPerson', 'contactPersonEn', 'contactPhone', 'fee', 'feeEn', 'validityStart', 'validityEnd', 'validityDates',
] as const;
/** The long texts of the guide: not kept in the catalogue (the details read them). */
const LONG_FIELDS = new Set(['introduce', 'introduceEn', 'materials', 'steps', 'basis', 'basisEn']);
/** Columns a public answer never carries: the tenant, the deleted flag, who wrote the row. */
const PRIVATE_FIELDS = ['tenantId', 'isDeleted', 'createUser', 'createDept', 'updateUser'] as const;
const CARD_DROPS = new Set<string>([...AUDIENCE_FIELDS, ...GUIDE_FIELDS, ...PRIVATE_FIELDS]);
export const DEFAULT_TENANT = '000000';

const without = (r: Row, drop: ReadonlySet<string>): Row => Object.fromEntries(Object.entries(r).filter(([k]) => !drop.has(k)));
const PRIVATE = new Set<string>(PRIVATE_FIELDS);
/** A row as the public sees it. */
export const publicRow = (r: Row): Row => without(r, PRIVATE);

/** A comma list of ids (serviceIds of a column, a package, a precinct) in its order, each once. */
export const idList = (v: unknown): string[] => [...new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(isId))];

/** A tenant's enabled services and categories as the portal lists them, read once per change. */
export interface Catalog {
  /** enabled services in their order (sort, then id), without the long guide texts */
  services: Row[];
  byId: Map<string, Row>;
  /** enabled categories in their order */
  categories: Row[];
  /** every live category (a service keeps naming its category while that is disabled) */
  categoryById: Map<string, Row>;
  deptNames: Map<string, string>;
}

/** What the caller may do with the services shown (signed in only). */
export interface Viewer {
  user: AuthUser;
  judge: (service: Row) => Message | null;
  collected: Set<string>;
  lang: 'zh' | 'en';
}

/** The portal's reads of a tenant: cached public data, cards, the openPortal gate. */
export class PortalData {
  readonly cache = new PortalCache();
  readonly tenants: PortalTenants;
  readonly access: ServiceAccess;

  constructor(readonly db: Db, readonly directory: Directory) {
    this.tenants = new PortalTenants(db);
    this.access = new ServiceAccess(db, directory);
  }

  /** A cached value of a known tenant (an unknown tenant's reads are not kept). */
  cached<T>(tenantId: string, known: boolean, kind: CacheKind, key: string, load: () => Promise<T>): Promise<T> {
    return known ? this.cache.get(tenantId, kind, key, load) : load();
  }

  /** The tenant a public call serves: the signed-in caller's, else the site's (cache.ts PortalTenants). */
  async siteOf(req: FastifyRequest): Promise<{ tenantId: string; known: boolean }> {
    if (req.user) return { tenantId: req.user.tenantId, known: true };
    const header = req.headers['tenant-id'];
    return this.tenants.resolve(Array.isArray(header) ? header[0] : header, req.headers.host, DEFAULT_TENANT);
  }

  /** The portal settings of a tenant: the keys the portal reads (PORTAL_CONFIG_KEYS) with their values. */
  configs(tenantId: string, known: boolean): Promise<Map<string, string>> {
    return this.cached(tenantId, known, 'content', 'config', async () => {
      const rows = await scoped(this.db, tenantId).selectFrom('bladePortalConfig').select(['configKey', 'configValue'])
        .where('isDeleted', '=', 0).where('configKey', 'in', [...PORTAL_CONFIG_KEYS]).orderBy('sort').orderBy('id').execute();
      return new Map(rows.map((r) => [r.configKey, r.configValue ?? '']));
    });
  }

  /** The tenant of a public call, refused with 403 while its portal is closed (openPortal is not 1). */
  async open(req: FastifyRequest): Promise<{ tenantId: string; known: boolean }> {
    const site = await this.siteOf(req);
    if (!site.known || (await this.configs(site.tenantId, site.known)).get('openPortal')?.trim() !== '1') throw new ApiError(403, PORTAL_MSG.closed);
    return site;
  }

  /** The live rows of a simple portal model, enabled only when it has a status, in the model's order. */
  rows(tenantId: string, known: boolean, model: ModelDef, enabledOnly = true): Promise<Row[]> {
    return this.cached(tenantId, known, 'content', `rows:${model.name}:${enabledOnly ? 1 : 0}`, async () => {
      let qb = dynamic(scoped(this.db, tenantId)).selectFrom(model.table).selectAll().where('isDeleted', '=', 0);
      if (enabledOnly && 'status' in model.fields) qb = qb.where('status', '=', 1);
      for (const o of model.order ?? []) qb = qb.orderBy(o.field, o.dir);
      return (await qb.orderBy('id').limit(5000).execute()) as Row[];
    });
  }

  /** The tenant's enabled services and categories (one read per change). */
  catalog(tenantId: string, known = true): Promise<Catalog> {
    return this.cached(tenantId, known, 'content', 'catalog', async () => {
      const columns = ['id', ...Object.keys(serviceManageModel.fields).filter((f) => !LONG_FIELDS.has(f)), 'createTime', 'updateTime'];
      const [services, categories] = await Promise.all([
        dynamic(scoped(this.db, tenantId)).selectFrom(serviceManageModel.table).select(columns).where('isDeleted', '=', 0).where('status', '=', 1)
          .orderBy('sort').orderBy('id').execute() as Promise<Row[]>,
        dynamic(scoped(this.db, tenantId)).selectFrom(serviceCategoryModel.table).selectAll().where('isDeleted', '=', 0)
          .orderBy('sort').orderBy('id').execute() as Promise<Row[]>,
      ]);
      const deptIds = [...new Set(services.map((s) => String(s.deptId ?? '')).filter(isId))];
      return {
        services, byId: new Map(services.map((s) => [String(s.id), s])),
        categories: categories.filter((c) => Number(c.status) === 1), categoryById: new Map(categories.map((c) => [String(c.id), c])),
        deptNames: await this.deptNames(tenantId, deptIds),
      };
    });
  }

  /** Names of departments by id (those that exist). */
  async deptNames(tenantId: string, ids: string[]): Promise<Map<string, string>> {
    const names = await Promise.all(ids.map(async (id) => [id, (await this.directory.deptNames(tenantId, [id]))[0]] as const));
    return new Map(names.filter((n): n is [string, string] => n[1] !== undefined));
  }

  /** Visits and starts of each service in the last 30 days (hot services and departments). */
  hotCounts(tenantId: string, known = true): Promise<Map<string, number>> {
    return this.cached(tenantId, known, 'stats', 'hot', async () => {
      const since = new Date();
      since.setDate(since.getDate() - 29);
      const rows = await scoped(this.db, tenantId).selectFrom('bladePortalServiceStatistics')
        .select(['serviceId', sql<string>`sum(visit_count + start_count)`.as('n')])
        .where('statDate', '>=', statDate(since)).groupBy('serviceId').execute();
      return new Map(rows.map((r) => [String(r.serviceId), Number(r.n)]));
    });
  }

  /** The released notices of the tenant, newest first (a news column's or floor's items: no content). */
  notices(tenantId: string, known: boolean, category: string | null, size: number): Promise<Row[]> {
    return this.cached(tenantId, known, 'content', `notices:${category ?? ''}:${size}`, async () => {
      let qb = scoped(this.db, tenantId).selectFrom('bladeNotice').select(['id', 'title', 'category', 'releaseTime'])
        .where('isDeleted', '=', 0).where((eb) => eb.or([eb('releaseTime', 'is', null), eb('releaseTime', '<=', sql<string>`now()`)]));
      if (category !== null) qb = qb.where('category', '=', Number(category));
      const rows = await qb.orderBy('releaseTime', 'desc').orderBy('id', 'desc').limit(size).execute();
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    });
  }

  /** What a signed-in caller may do with services (null for an anonymous caller). */
  async viewer(req: FastifyRequest): Promise<Viewer | null> {
    const user = req.user;
    if (!user) return null;
    const [judge, collects] = await Promise.all([
      this.access.judge(user.tenantId, user),
      scoped(this.db, user.tenantId).selectFrom('bladePortalServiceCollect').select('serviceId').where('isDeleted', '=', 0).where('createUser', '=', user.userId).execute(),
    ]);
    return { user, judge: (s) => judge(s), collected: new Set(collects.map((c) => String(c.serviceId))), lang: req.lang === 'en' ? 'en' : 'zh' };
  }

  /** A service as a card: without audience lists, guide and writers, with its category and department names (and the viewer's flags). */
  card(cat: Catalog, s: Row, viewer: Viewer | null): Row {
    const category = cat.categoryById.get(String(s.categoryId ?? ''));
    const out: Row = {
      ...without(s, CARD_DROPS),
      categoryName: (category?.name as string | undefined) ?? null, categoryNameEn: (category?.nameEn as string | null | undefined) ?? null,
      deptName: cat.deptNames.get(String(s.deptId ?? '')) ?? null,
    };
    if (viewer) {
      const refusal = viewer.judge(s);
      Object.assign(out, { canHandle: refusal === null, refusal: refusalText(refusal, viewer.lang), collected: viewer.collected.has(String(s.id)) });
    }
    return out;
  }

  /** The enabled services among ids, in the ids' order, as cards. */
  cardsOf(cat: Catalog, ids: unknown, viewer: Viewer | null, max = Infinity): Row[] {
    return idList(ids).map((id) => cat.byId.get(id)).filter((s): s is Row => !!s).slice(0, max).map((s) => this.card(cat, s, viewer));
  }

  /** An enabled service with its guide (the long texts read now), as a card plus its guide fields; null when none. */
  async guide(tenantId: string, known: boolean, id: unknown, viewer: Viewer | null): Promise<Row | null> {
    if (!isId(String(id ?? ''))) return null;
    const cat = await this.catalog(tenantId, known);
    const s = cat.byId.get(String(id));
    if (!s) return null;
    const long = await this.cached(tenantId, known, 'content', `guide:${String(id)}`, async () =>
      (await dynamic(scoped(this.db, tenantId)).selectFrom(serviceManageModel.table).select([...LONG_FIELDS]).where('id', '=', String(id)).executeTakeFirst()) as Row | undefined);
    const guide = Object.fromEntries(GUIDE_FIELDS.map((f) => [f, (LONG_FIELDS.has(f) ? long?.[f] : s[f]) ?? null]));
    return { ...this.card(cat, s, viewer), validityMode: s.validityMode, ...guide };
  }
}

/** Pages a list in memory (the cached lists are small): current from 1, size 1..200 (default 10). */
export function pageOf<T>(list: T[], q: { current?: number; size?: number }, defaultSize = 10): { records: T[]; total: number; size: number; current: number; pages: number } {
  const size = Math.min(Math.max(q.size ?? defaultSize, 1), 200);
  const current = Math.max(q.current ?? 1, 1);
  return { records: list.slice((current - 1) * size, current * size), total: list.length, size, current, pages: Math.ceil(list.length / size) };
}
