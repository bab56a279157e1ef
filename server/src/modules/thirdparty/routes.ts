// Third-party services (002 §2, §3, §5, §7):
//   /api/serviceConfig/thirdServiceAuth     service apps (name, authType none/oauth2, token address, credentials ...)
//   /api/serviceConfig/thirdServiceConfig   service configs (internal / external / sqlService)
//   /api/serviceConfig/thirdServiceParams   parameters of a config (constant, variable, combined, API, auth-receipt)
//   /api/thirdService/thirdOauthApp         OAuth apps that get tokens at POST /api/third/comm/getThirdPartyToken
//   /api/thirdService/callService/callApi   the real call; /api/thirdService/thirdApiLog the call log (path not
//                                           shown by the spec, placed here)
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { isId, parseIds, Repo, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { formatDateTime } from '../../db/time.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, idQuery, idsQuery, listQuery, zOptId } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { zmsg, type Message } from '../../http/messages.ts';
import type { Columns } from '../../http/page.ts';
import type { ModuleDeps } from '../index.ts';
import { ADMIN_TENANT } from '../system/menu-service.ts';
import { PARSE_MSG, parseUrl } from '../../sandbox/index.ts';
import { ServiceCaller, SQL_TIMEOUT_MS, HTTP_TIMEOUT_MS, type Caller } from './caller.ts';
import { aesSpec, ENCRYPTIONS, validRsaKey } from './crypto.ts';
import { MSG } from './messages.ts';

const TAG = 'thirdparty';
const req = (m: Message) => ({ error: zmsg(m) });
/** '' from a cleared form control counts as absent */
const blank = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? null : v), s.optional().nullable());
const text = (max: number) => blank(z.string().trim().max(max));
const status = z.coerce.number().int().min(0).max(1).default(1);
const METHODS = ['POST', 'GET', 'PUT', 'DELETE'] as const;
const UNITS = ['hours', 'minutes', 'second'] as const;

interface EntityDef {
  base: string;
  table: string;
  /** menu codes whose _view/_add/_edit/_delete buttons open the four calls */
  codes: string[];
  columns: Columns;
  body?: z.ZodObject<z.ZodRawShape>;
  defaultOrder?: { field: string; dir: 'asc' | 'desc' }[];
  beforeSave?: (ctx: Ctx, e: Row) => Promise<void> | void;
  afterSave?: (ctx: Ctx, row: Row) => Promise<void> | void;
  afterRemove?: (ctx: Ctx, ids: string[]) => Promise<void> | void;
  /** narrows a list by query keys the BladeX filters do not cover exactly */
  narrow?: (q: Record<string, unknown>) => ((qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>) | undefined;
  /** adds fields to listed rows (e.g. token state) */
  decorate?: (ctx: Ctx, rows: Row[]) => Promise<Row[]>;
  readOnly?: boolean;
  summary: string;
}

/** list / detail / submit / remove of a tenant's table, opened by the buttons of one or more screens. */
function entity(app: TypedApp, db: ModuleDeps['db'], def: EntityDef): Repo {
  const repo = new Repo(db, { table: def.table, tenant: true, columns: def.columns, defaultOrder: def.defaultOrder });
  const codes = (suffix: string) => def.codes.map((c) => `${c}_${suffix}`);
  app.get(`${def.base}/list`, { schema: { tags: [TAG], summary: `${def.summary}: paged list with BladeX filters`, querystring: listQuery }, config: { permission: [...codes('view'), ...def.codes] } }, async (req) => {
    const ctx = ctxOf(req);
    const page = await repo.page(ctx, req.query, def.narrow?.(req.query));
    return ok(def.decorate ? { ...page, records: await def.decorate(ctx, page.records) } : page);
  });
  app.get(`${def.base}/detail`, { schema: { tags: [TAG], summary: `${def.summary}: one row by id (data null when missing)`, querystring: idQuery }, config: { permission: [...codes('view'), ...def.codes] } }, async (req) => {
    const ctx = ctxOf(req);
    const row = await repo.detail(ctx, req.query.id);
    return ok(row && def.decorate ? (await def.decorate(ctx, [row]))[0] : row);
  });
  if (def.readOnly || !def.body) return repo;
  app.post(`${def.base}/submit`, { schema: { tags: [TAG], summary: `${def.summary}: insert (no id) or update (id)`, body: def.body }, config: { permission: [...codes('add'), ...codes('edit')] } }, async (req) => {
    const ctx = ctxOf(req);
    const e: Row = { ...req.body };
    const held = await app.permissionsOf(me(req));
    if (!codes(e.id ? 'edit' : 'add').some((c) => held.has(c))) throw new ApiError(403, 'forbidden');
    await def.beforeSave?.(ctx, e);
    const row = await repo.save(ctx, e);
    await def.afterSave?.(ctx, row);
    return ok(row);
  });
  app.post(`${def.base}/remove`, { schema: { tags: [TAG], summary: `${def.summary}: remove rows by ids=1,2`, querystring: idsQuery }, config: { permission: codes('delete') } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    await repo.remove(ctx, ids);
    await def.afterRemove?.(ctx, ids);
    return ok(true);
  });
  return repo;
}

const callerOf = (r: FastifyRequest): Caller => {
  const u = me(r);
  return { tenantId: u.tenantId, userId: u.userId, deptId: u.deptId, roleIds: u.roleIds, roleName: u.roleName, account: u.account, realName: u.realName };
};

const httpUrl = (v: unknown) => /^https?:\/\/[^\s/]+/i.test(String(v ?? ''));
const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function thirdpartyRoutes(app: TypedApp, { db, auth, egress, userSql }: ModuleDeps) {
  const caller = new ServiceCaller(db, egress, userSql);

  // ---- internal services a config can name (className) ----
  caller.register({
    name: 'currentUser', description: '当前用户信息（账号、姓名、租户、部门、角色） / The calling user (account, name, tenant, department, roles)',
    run: async (c) => {
      const u = await scoped(db, c.tenantId).selectFrom('bladeUser').select(['id', 'account', 'realName', 'name', 'email', 'phone', 'deptId', 'roleId', 'postId']).where('id', '=', c.userId).executeTakeFirst();
      return { userId: c.userId, tenantId: c.tenantId, account: c.account, realName: u?.realName ?? c.realName, name: u?.name ?? '', email: u?.email ?? '', phone: u?.phone ?? '', deptId: c.deptId, roleId: c.roleIds.join(','), roleName: c.roleName, postId: u?.postId ?? '' };
    },
  });
  caller.register({
    name: 'serverTime', description: '服务器当前时间（格式化时间、毫秒时间戳、时区） / The server time (formatted, epoch milliseconds, time zone)',
    run: async () => {
      const now = new Date();
      return { time: formatDateTime(now), timestamp: now.getTime(), iso: now.toISOString(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    },
  });
  caller.register({
    name: 'tenantInfo', description: '当前租户信息（名称、联系人、域名、到期时间） / The calling tenant (name, contact, domain, expiry)',
    run: async (c) => (await scoped(db, c.tenantId).selectFrom('bladeTenant').select(['tenantId', 'tenantName', 'linkman', 'contactNumber', 'domainUrl', 'expireTime']).where('isDeleted', '=', 0).executeTakeFirst()) ?? null,
  });

  // ---- service apps: the rows of thirdServiceAuth (screens 服务应用 and 服务认证) ----
  const apps = entity(app, db, {
    base: '/api/serviceConfig/thirdServiceAuth', table: 'blade_third_service_auth', codes: ['thirdApp', 'thirdAuth'], summary: 'Third-party service apps (auth none / oauth2)',
    columns: { id: 'id', name: 'string', authType: 'string', url: 'string', status: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId,
      name: z.string(req(MSG.appName)).trim().min(1, zmsg(MSG.appName)).max(100),
      authType: z.enum(['none', 'oauth2'], req(MSG.authType)),
      url: text(1000), appidKey: text(100), appidValue: text(500), secretKey: text(100), secretValue: text(1000),
      requestType: blank(z.enum(METHODS)).transform((v) => v ?? 'POST'),
      parameterPosition: blank(z.coerce.number().int().min(1).max(3)).transform((v) => v ?? 3),
      backDataType: blank(z.enum(['json', 'xml'])).transform((v) => v ?? 'json'),
      cacheKey: text(200), dataKey: text(200), successKey: text(200), successValue: text(200), validityKey: text(200),
      validityUnit: blank(z.enum(UNITS)).transform((v) => v ?? 'second'),
      status, description: text(500),
    }),
    beforeSave: (_ctx, e) => {
      if (e.authType === 'oauth2') {
        if (!e.url) throw new ApiError(400, MSG.authUrl);
        if (!httpUrl(e.url)) throw new ApiError(400, MSG.urlInvalid);
      } else if (e.url && !httpUrl(e.url)) throw new ApiError(400, MSG.urlInvalid);
    },
    afterSave: (ctx, row) => caller.clearCache(ctx.tenantId, 'auth', [String(row.id)]),
    afterRemove: (ctx, ids) => caller.clearCache(ctx.tenantId, 'auth', ids),
    decorate: async (ctx, rows) => {
      const state = await caller.tokenState(ctx.tenantId, rows.filter((r) => r.authType === 'oauth2').map((r) => String(r.id)));
      return rows.map((r) => {
        const s = state.get(String(r.id));
        return { ...r, tokenFetchedAt: s?.fetchedAt ?? null, tokenExpiresAt: s?.expiresAt ?? null, tokenPreview: s?.token ?? null };
      });
    },
  });
  const appCodes = ['thirdApp', 'thirdApp_view', 'thirdAuth', 'thirdAuth_view', 'thirdConfig', 'thirdConfig_view', 'thirdConfig_add', 'thirdConfig_edit'];
  app.get('/api/serviceConfig/thirdServiceAuth/listNoPage', {
    schema: { tags: [TAG], summary: 'Service apps for pickers: [{id, name, authType}] (status=1: enabled ones only)', querystring: z.object({ status: z.string().max(1).optional() }).passthrough() },
    config: { permission: appCodes },
  }, async (r) => {
    let qb = apps.select(ctxOf(r)).clearSelect().select(['id', 'name', 'authType', 'status']).orderBy('id', 'desc');
    const s = r.query.status;
    if (s === '0' || s === '1') qb = qb.where('status', '=', Number(s));
    return ok(await qb.execute());
  });
  app.post('/api/thirdService/serviceAuth/token', {
    schema: { tags: [TAG], summary: 'Placed here (not shown by the spec): request a fresh token for an oauth2 service app now (id); answers its state', querystring: idQuery },
    config: { permission: ['thirdAuth_token'] },
  }, async (r) => {
    const ctx = ctxOf(r);
    const id = r.query.id;
    if (!isId(id)) throw new ApiError(400, 'invalid', { field: 'id' });
    const row = await apps.detail(ctx, id);
    if (!row) throw new ApiError(400, MSG.authMissing);
    if (row.authType !== 'oauth2') throw new ApiError(400, 'invalid', { field: 'authType' });
    await caller.token(callerOf(r), await caller.appById(callerOf(r), id), true);
    const s = (await caller.tokenState(ctx.tenantId, [id])).get(id);
    return ok({ tokenFetchedAt: s?.fetchedAt ?? null, tokenExpiresAt: s?.expiresAt ?? null, tokenPreview: s?.token ?? null });
  });
  app.post('/api/thirdService/serviceAuth/clear-token', {
    schema: { tags: [TAG], summary: 'Placed here (not shown by the spec): forget the cached tokens of service apps (ids)', querystring: idsQuery },
    config: { permission: ['thirdAuth_token'] },
  }, async (r) => {
    await caller.clearCache(ctxOf(r).tenantId, 'auth', parseIds(r.query.ids));
    return ok(true);
  });

  // ---- service configs ----
  const CONFIG_FIELDS: Record<string, string[]> = {
    internal: ['className'],
    sqlService: ['dataSourceId', 'sqlContent'],
    external: ['url', 'requestType', 'backDataType', 'dataKey', 'successKey', 'successValue', 'cacheKey', 'validityKey', 'validityUnit'],
  };
  const configs = entity(app, db, {
    base: '/api/serviceConfig/thirdServiceConfig', table: 'blade_third_service_config', codes: ['thirdConfig'],
    summary: `Third-party service configs (internal: registered handler; external: HTTP, ${HTTP_TIMEOUT_MS / 1000} s time-out; sqlService: one read-only SELECT, ${SQL_TIMEOUT_MS / 1000} s time-out, platform tenant only)`,
    columns: { id: 'id', name: 'string', serviceType: 'string', serviceAuthId: 'id', url: 'string', status: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId,
      name: z.string(req(MSG.name)).trim().min(1, zmsg(MSG.name)).max(100),
      serviceType: z.enum(['internal', 'external', 'sqlService'], req(MSG.serviceType)),
      serviceAuthId: blank(z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).transform(String)),
      className: text(200), dataSourceId: text(64), sqlContent: blank(z.string().max(20000)),
      url: text(1000),
      requestType: blank(z.enum(METHODS, req(MSG.requestType))),
      backDataType: blank(z.enum(['json', 'xml', 'str'], req(MSG.backDataType))),
      dataKey: text(200), successKey: text(200), successValue: text(200), cacheKey: text(200), validityKey: text(200),
      validityUnit: blank(z.enum(UNITS)),
      beforeApiId: blank(z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()]).transform(String)),
      status, description: text(500),
    }),
    beforeSave: async (ctx, e) => {
      const type = String(e.serviceType);
      // fields of the other service types are not kept
      for (const [t, fields] of Object.entries(CONFIG_FIELDS)) if (t !== type) for (const f of fields) e[f] = null;
      if (type === 'internal') {
        if (!e.className) throw new ApiError(400, MSG.className);
        if (!caller.handlers.has(String(e.className))) throw new ApiError(400, MSG.unknownClass, { name: String(e.className) });
      } else if (type === 'sqlService') {
        if (!e.dataSourceId) throw new ApiError(400, MSG.dataSourceId);
        if (e.dataSourceId === 'master') {
          if (ctx.tenantId !== ADMIN_TENANT) throw new ApiError(403, MSG.sqlPlatformOnly);
        } else if (!isIdLike(e.dataSourceId) || !(await scoped(db, ctx.tenantId).selectFrom('bladeDatasource').select('id').where('id', '=', String(e.dataSourceId)).where('isDeleted', '=', 0).executeTakeFirst())) {
          throw new ApiError(400, MSG.sqlDataSource);
        }
        if (!e.sqlContent || !String(e.sqlContent).trim()) throw new ApiError(400, MSG.sqlContent);
        // the parser's verdict when it is saved; the same executor checks it again on every call
        const ds = e.dataSourceId === 'master' ? undefined : await db.selectFrom('bladeDatasource').select('url').where('id', '=', String(e.dataSourceId)).executeTakeFirst();
        try {
          await userSql.check(String(e.sqlContent), ds ? parseUrl(String(ds.url)).kind : 'platform');
        } catch (err) {
          throw err instanceof ApiError && err.key === PARSE_MSG.oneSelect ? new ApiError(400, MSG.sqlOnlySelect) : err;
        }
      } else {
        if (!e.serviceAuthId) throw new ApiError(400, MSG.serviceAuthId);
        if (!e.url) throw new ApiError(400, MSG.url);
        if (!httpUrl(e.url)) throw new ApiError(400, MSG.urlInvalid);
        if (!e.requestType) throw new ApiError(400, MSG.requestType);
        if (!e.backDataType) throw new ApiError(400, MSG.backDataType);
        if (e.backDataType !== 'str') {
          if (!e.dataKey) throw new ApiError(400, MSG.dataKey);
          if (!e.successKey) throw new ApiError(400, MSG.successKey);
          if (!e.successValue) throw new ApiError(400, MSG.successValue);
        }
        if (!e.validityUnit) e.validityUnit = 'second';
      }
      if (e.serviceAuthId && !(await apps.detail(ctx, e.serviceAuthId))) throw new ApiError(400, MSG.authMissing);
      if (e.beforeApiId) {
        if (e.id && String(e.beforeApiId) === String(e.id)) throw new ApiError(400, MSG.beforeSelf);
        if (!(await configs.detail(ctx, e.beforeApiId))) throw new ApiError(400, MSG.beforeMissing);
      }
    },
    afterSave: (ctx, row) => caller.clearCache(ctx.tenantId, 'config', [String(row.id)]),
    afterRemove: async (ctx, ids) => {
      await caller.clearCache(ctx.tenantId, 'config', ids);
      await scoped(db, ctx.tenantId).updateTable('bladeThirdServiceParams').set({ isDeleted: 1, updateUser: ctx.userId || null, updateTime: sql`now()` })
        .where('thirdServiceId', 'in', ids).where('isDeleted', '=', 0).execute();
    },
  });
  app.get('/api/serviceConfig/thirdServiceConfig/listNoPage', {
    schema: { tags: [TAG], summary: 'Service configs for pickers: [{id, name, serviceType}] (status=1: enabled ones only)', querystring: z.object({ status: z.string().max(1).optional() }).passthrough() },
    config: { permission: ['thirdConfig', 'thirdConfig_view'] },
  }, async (r) => {
    let qb = configs.select(ctxOf(r)).clearSelect().select(['id', 'name', 'serviceType', 'status']).orderBy('id', 'desc');
    const s = r.query.status;
    if (s === '0' || s === '1') qb = qb.where('status', '=', Number(s));
    return ok(await qb.execute());
  });

  // ---- parameters of a config ----
  const paramCodes = ['thirdConfig', 'thirdConfig_params'];
  const params = entity(app, db, {
    base: '/api/serviceConfig/thirdServiceParams', table: 'blade_third_service_params', codes: ['thirdConfig'],
    summary: 'Parameters of a service config (type 1 constant, 2 variable, 3 combined, 4 API, 5 auth-receipt; encryption UrlEncode/Base64/MD5/SHA1 (hex of value+key)/AES (16/24/32-char key: ECB, key:iv: CBC; Base64)/RSA (PEM public key, PKCS#1 v1.5; Base64))',
    columns: { id: 'id', thirdServiceId: 'id', name: 'string', type: 'number', parameterPosition: 'number', sort: 'number', status: 'number', createTime: 'date' },
    defaultOrder: [{ field: 'sort', dir: 'asc' }, { field: 'id', dir: 'asc' }],
    narrow: (q) => (isId(q.thirdServiceId) ? (qb) => qb.where('thirdServiceId', '=', q.thirdServiceId as string) : undefined),
    body: z.object({
      id: zOptId,
      thirdServiceId: z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative()], req(MSG.paramService)).transform(String),
      name: z.string(req(MSG.paramName)).trim().min(1, zmsg(MSG.paramName)).max(100),
      type: z.coerce.number(req(MSG.paramType)).int().min(1, zmsg(MSG.paramType)).max(5, zmsg(MSG.paramType)),
      paramValue: blank(z.string().max(2000)), joinSymbol: blank(z.string().max(20)),
      containParamName: blank(z.coerce.number().int().min(0).max(1)).transform((v) => v ?? 0),
      encryptionMode: blank(z.enum(ENCRYPTIONS)), secretKey: blank(z.string().max(10000)),
      parameterPosition: blank(z.coerce.number().int().min(1).max(3)).transform((v) => v ?? 1),
      sort: blank(z.coerce.number().int().min(1, zmsg(MSG.paramSort)).max(99999)).transform((v) => v ?? 1),
      status, description: text(500),
    }),
    beforeSave: async (ctx, e) => {
      if (!(await configs.detail(ctx, e.thirdServiceId))) throw new ApiError(400, MSG.configMissing);
      const mode = e.encryptionMode as string | null;
      if (mode === 'AES') {
        if (!e.secretKey) throw new ApiError(400, MSG.paramSecret, { mode });
        if (!aesSpec(String(e.secretKey))) throw new ApiError(400, MSG.paramAesKey);
      }
      if (mode === 'RSA') {
        if (!e.secretKey) throw new ApiError(400, MSG.paramSecret, { mode });
        if (!validRsaKey(String(e.secretKey))) throw new ApiError(400, MSG.paramRsaKey);
      }
    },
    afterSave: (ctx, row) => caller.clearCache(ctx.tenantId, 'config', [String(row.thirdServiceId)]),
  });
  app.get('/api/serviceConfig/thirdServiceParams/ascs', {
    schema: { tags: [TAG], summary: 'All parameters of a service config (thirdServiceId) in call order: sort ascending, not paged', querystring: z.object({ thirdServiceId: z.string().max(19).optional() }).passthrough() },
    config: { permission: [...paramCodes, 'thirdConfig_view'] },
  }, async (r) => {
    const id = r.query.thirdServiceId;
    let qb = params.select(ctxOf(r));
    if (id !== undefined && id !== '') {
      if (!isId(id)) throw new ApiError(400, 'invalid', { field: 'thirdServiceId' });
      qb = qb.where('thirdServiceId', '=', id);
    }
    return ok(await qb.orderBy('sort').orderBy('id').limit(1000).execute());
  });

  // ---- OAuth apps and the token they get ----
  const zTime = blank(z.string().max(32).refine((v) => !Number.isNaN(Date.parse(v.replace(' ', 'T'))), { message: 'invalid date' }));
  const oauth = entity(app, db, {
    base: '/api/thirdService/thirdOauthApp', table: 'blade_third_oauth_app', codes: ['thirdOauth'], summary: 'OAuth apps (appId/appSecret sign in at POST /api/third/comm/getThirdPartyToken)',
    columns: { id: 'id', name: 'string', appId: 'string', status: 'number', createTime: 'date' },
    body: z.object({
      id: zOptId,
      name: z.string(req(MSG.oauthName)).trim().min(1, zmsg(MSG.oauthName)).max(100),
      appId: z.string(req(MSG.oauthAppId)).trim().min(1, zmsg(MSG.oauthAppId)).max(64),
      appSecret: z.string(req(MSG.oauthAppSecret)).trim().min(1, zmsg(MSG.oauthAppSecret)).max(128),
      tokenValidTime: blank(z.coerce.number().int().min(100, zmsg(MSG.oauthValidTime)).max(31536000)).transform((v) => v ?? 7200),
      validStartDate: zTime, validEntDate: zTime, status, description: text(500),
    }),
    beforeSave: async (ctx, e) => {
      let q = scoped(db, ctx.tenantId).selectFrom('bladeThirdOauthApp').select('id').where('appId', '=', String(e.appId)).where('isDeleted', '=', 0);
      if (e.id) q = q.where('id', '<>', String(e.id));
      if (await q.executeTakeFirst()) throw new ApiError(400, MSG.oauthAppIdTaken);
      const at = (v: unknown) => (v ? Date.parse(String(v).replace(' ', 'T')) : NaN);
      if (e.validStartDate && e.validEntDate && at(e.validEntDate) < at(e.validStartDate)) throw new ApiError(400, MSG.oauthDates);
      for (const k of ['validStartDate', 'validEntDate']) if (e[k]) e[k] = new Date(at(e[k])).toISOString();
    },
  });
  app.get('/api/thirdService/thirdOauthApp/noPageList', {
    schema: { tags: [TAG], summary: 'OAuth apps for pickers: [{id, name, appId, status}]', querystring: z.object({ status: z.string().max(1).optional() }).passthrough() },
    config: { permission: ['thirdOauth', 'thirdOauth_view'] },
  }, async (r) => {
    let qb = oauth.select(ctxOf(r)).clearSelect().select(['id', 'name', 'appId', 'status']).orderBy('id', 'desc');
    const s = r.query.status;
    if (s === '0' || s === '1') qb = qb.where('status', '=', Number(s));
    return ok(await qb.execute());
  });

  // POST /api/third/comm/getThirdPartyToken (auth module) signs in `uid` (an account or user id of the
  // tenant in the Tenant-Id header) for an enabled OAuth app within its validity, given appId + appSecret.
  auth.registerGrant('third_party', async ({ tenantId, params: p }) => {
    const appId = String(p.appId ?? p.app_id ?? '');
    const appSecret = String(p.appSecret ?? p.app_secret ?? '');
    if (!appId) throw new ApiError(400, MSG.oauthAppId);
    if (!appSecret) throw new ApiError(400, MSG.oauthAppSecret);
    const row = await scoped(db, tenantId).selectFrom('bladeThirdOauthApp').selectAll().where('appId', '=', appId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row || !safeEqual(String(row.appSecret), appSecret)) throw new ApiError(400, MSG.oauthRefused);
    const now = Date.now();
    const time = (v: unknown) => (v ? Date.parse(String(v).replace(' ', 'T')) : NaN);
    if (Number(row.status) !== 1 || time(row.validStartDate) > now || time(row.validEntDate) < now) throw new ApiError(400, MSG.oauthDisabled);
    const uid = String(p.uid ?? p.account ?? p.userId ?? '').trim();
    if (!uid) throw new ApiError(400, MSG.oauthUid);
    let user = await auth.userByAccount(tenantId, uid);
    if (!user && isId(uid)) user = await auth.userById(tenantId, uid);
    if (!user) throw new ApiError(400, MSG.oauthUser, { uid });
    // the app's tokenValidTime (seconds, at least 100) is how long its access tokens live
    const seconds = Number(row.tokenValidTime);
    return { user, accessSeconds: Number.isFinite(seconds) && seconds >= 100 ? seconds : undefined };
  });

  // ---- the call ----
  app.get('/api/thirdService/callService/callApi', {
    schema: {
      tags: [TAG],
      summary: 'Call a service config (serviceConfigId); other query keys are the call variables. Answers the data (dataKey) of the answer. Any signed-in user of the tenant; every call writes a third-party API log row',
      querystring: z.object({ serviceConfigId: z.string().max(19).optional() }).passthrough(),
    },
  }, async (r) => {
    const q = r.query;
    const id = q.serviceConfigId;
    if (!id) throw new ApiError(400, 'required', { field: 'serviceConfigId' });
    if (!isId(id)) throw new ApiError(400, 'invalid', { field: 'serviceConfigId' });
    const vars: Record<string, string> = {};
    for (const [k, v] of Object.entries(q)) if (k !== 'serviceConfigId' && k !== '_t') vars[k] = Array.isArray(v) ? String(v[v.length - 1]) : String(v);
    return ok(await caller.call(callerOf(r), id, vars));
  });
  app.get('/api/thirdService/callService/handlers', {
    schema: { tags: [TAG], summary: 'Placed here (not shown by the spec): the internal services a config may name as className, [{name, description}]' },
    config: { permission: ['thirdConfig', 'thirdConfig_view', 'thirdConfig_add', 'thirdConfig_edit'] },
  }, async () => ok([...caller.handlers.values()].map((h) => ({ name: h.name, description: h.description }))));

  // ---- the call log (read-only) ----
  entity(app, db, {
    base: '/api/thirdService/thirdApiLog', table: 'blade_third_api_log', codes: ['thirdApiLog'], readOnly: true,
    summary: 'Placed here (path not shown by the spec): third-party API call log, read-only; filters platformName, apiName, apiUrl, apiParams, apiResponse, status (1 success, 0 failure), createTime',
    columns: { id: 'id', serviceConfigId: 'id', platformName: 'string', apiName: 'string', apiUrl: 'string', apiMethod: 'string', apiParams: 'string', apiResponse: 'string', apiTime: 'number', status: 'number', createTime: 'date' },
    defaultOrder: [{ field: 'createTime', dir: 'desc' }],
  });
}

const isIdLike = (v: unknown) => typeof v === 'string' && /^\d{1,19}$/.test(v);
