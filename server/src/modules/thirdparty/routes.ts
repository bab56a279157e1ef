// Third-party services (002 §2, §3, §5, §7):
//   /api/serviceConfig/thirdServiceAuth     service apps (name, authType none/oauth2, token address, credentials ...)
//   /api/serviceConfig/thirdServiceConfig   service configs (internal / external / sqlService)
//   /api/serviceConfig/thirdServiceParams   parameters of a config (constant, variable, combined, API, auth-receipt)
//   /api/thirdService/thirdOauthApp         OAuth apps that get tokens at POST /api/third/comm/getThirdPartyToken
//   /api/thirdService/callService/callApi   the real call; /api/thirdService/thirdApiLog the call log (path not
//                                           shown by the spec, placed here)
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { isId, parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { formatDateTime } from '../../db/time.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, idQuery, idsQuery } from '../../http/crud.ts';
import { modelResource } from '../../http/model-resource.ts';
import { thirdApiLogModel, thirdOauthAppModel, thirdServiceAuthModel, thirdServiceConfigModel, thirdServiceParamsModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { ModuleDeps } from '../index.ts';
import { ADMIN_TENANT } from '../system/menu-service.ts';
import { PARSE_MSG, parseUrl } from '../../sandbox/index.ts';
import { ServiceCaller, type Caller } from './caller.ts';
import { aesSpec, validRsaKey } from './crypto.ts';
import { MSG } from './messages.ts';

const TAG = 'thirdparty';

/** '' from a cleared form control counts as absent (null), as it always has */
const blanksToNull = (e: Row) => { for (const k of Object.keys(e)) if (e[k] === '') e[k] = null; };
/** fields a body left out (or null) get their default: on update too, as they always have */
const fillDefaults = (e: Row, defaults: Record<string, unknown>) => { for (const [k, v] of Object.entries(defaults)) if (e[k] === undefined || e[k] === null) e[k] = v; };

const callerOf = (r: FastifyRequest): Caller => {
  const u = me(r);
  return { tenantId: u.tenantId, userId: u.userId, deptId: u.deptId, roleIds: u.roleIds, roleName: u.roleName, account: u.account, realName: u.realName };
};

const httpUrl = (v: unknown) => /^https?:\/\/[^\s/]+/i.test(String(v ?? ''));
const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export async function thirdpartyRoutes(app: TypedApp, { db, auth, egress, userSql, directory }: ModuleDeps) {
  const caller = new ServiceCaller(db, egress, userSql);

  // ---- internal services a config can name (className) ----
  caller.register({
    name: 'currentUser', description: '当前用户信息（账号、姓名、租户、部门、角色） / The calling user (account, name, tenant, department, roles)',
    run: async (c) => {
      const u = await directory.profile(c.tenantId, c.userId);
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
    run: (c) => directory.tenantCard(c.tenantId),
  });

  // ---- service apps: the rows of thirdServiceAuth (screens 服务应用 and 服务认证) ----
  // the model (@campus/schema thirdServiceAuthModel) checks the fields; the secret is never sent back
  const apps = modelResource(app, db, thirdServiceAuthModel, {
    tag: TAG, permission: ['thirdApp', 'thirdAuth'],
    beforeSave: (_ctx, e) => {
      blanksToNull(e);
      fillDefaults(e, { requestType: 'POST', parameterPosition: 3, backDataType: 'json', validityUnit: 'second' });
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
  // the model (thirdServiceConfigModel) checks the fields; each service type's own are required here (internal: a
  // registered handler; external: HTTP, HTTP_TIMEOUT_MS; sqlService: one read-only SELECT, SQL_TIMEOUT_MS, platform tenant only)
  const configs = modelResource(app, db, thirdServiceConfigModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      blanksToNull(e);
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
  // the model (thirdServiceParamsModel) checks the fields; the config, and the keys of AES and RSA, here.
  // A list by thirdServiceId is that config's parameters exactly (the BladeX filter alone would match it as text)
  const params = modelResource(app, db, thirdServiceParamsModel, {
    tag: TAG,
    listNarrow: (qb, q) => (isId(q.thirdServiceId) ? qb.where('thirdServiceId', '=', q.thirdServiceId) : qb),
    beforeSave: async (ctx, e) => {
      blanksToNull(e);
      fillDefaults(e, { containParamName: 0, parameterPosition: 1, sort: 1 });
      if (!(await configs.detail(ctx, e.thirdServiceId))) throw new ApiError(400, MSG.configMissing);
      const mode = e.encryptionMode as string | null;
      if (mode === 'AES' || mode === 'RSA') {
        // an update that leaves the key empty keeps the stored one (the model's secret), which is checked then
        let key = e.secretKey;
        if (key === undefined && e.id) key = (await params.select(ctx).clearSelect().select('secretKey').where('id', '=', String(e.id)).executeTakeFirst())?.secretKey;
        if (!key) throw new ApiError(400, MSG.paramSecret, { mode });
        if (mode === 'AES' && !aesSpec(String(key))) throw new ApiError(400, MSG.paramAesKey);
        if (mode === 'RSA' && !validRsaKey(String(key))) throw new ApiError(400, MSG.paramRsaKey);
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
    // (the keys stay on the server, as in the list)
    return ok((await qb.orderBy('sort').orderBy('id').limit(1000).execute()).map((row) => params.out(row)));
  });

  // ---- OAuth apps and the token they get ----
  // the model (thirdOauthAppModel) checks the fields and that the app id is the tenant's only one; the secret is never sent back
  const oauth = modelResource(app, db, thirdOauthAppModel, {
    tag: TAG,
    beforeSave: async (_ctx, e) => {
      blanksToNull(e);
      fillDefaults(e, { tokenValidTime: 7200 });
      // an update leaving the secret empty keeps it; a new app needs one
      if (!e.id && !e.appSecret) throw new ApiError(400, MSG.oauthAppSecret);
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
  modelResource(app, db, thirdApiLogModel, { tag: TAG, only: ['list', 'detail'] });
}

const isIdLike = (v: unknown) => typeof v === 'string' && /^\d{1,19}$/.test(v);
