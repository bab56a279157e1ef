// Performs a configured service call (GET /api/thirdService/callService/callApi):
//   external   an HTTP request (fetch, 10 s time-out) with the configured parameters placed in the
//              url / header / body and encrypted as configured; an oauth2 service app's token is
//              fetched first and cached by its cacheKey / validityKey / validityUnit
//   sqlService one read-only SELECT against the platform database (READ ONLY transaction with a
//              statement time-out); answers a single value
//   internal   a handler registered in this process, named by className
// Every call (and every token request) writes a row of the third-party API log.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { scoped, tenantSql, TENANT } from '../../db/tenant-scope.ts';
import { nextId } from '../../db/ids.ts';
import type { Row } from '../../db/repo.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { ADMIN_TENANT } from '../system/menu-service.ts';
import type { DatasourceConfig, UserSql } from '../../sandbox/index.ts';
import { Egress } from '../../net/egress.ts';
import { encrypt } from './crypto.ts';
import { MSG } from './messages.ts';
import { parseXml } from './xml.ts';

export const HTTP_TIMEOUT_MS = 10_000;
export const SQL_TIMEOUT_MS = 5_000;
const MAX_ANSWER = 2 * 1024 * 1024;
const LOG_TEXT = 20_000;
const MAX_DEPTH = 3;

export interface Caller {
  tenantId: string;
  userId: string;
  deptId: string;
  roleIds: string[];
  roleName: string;
  account: string;
  realName: string;
}

export interface InternalService {
  /** the className a service config names */
  name: string;
  /** "中文 / English" */
  description: string;
  run(caller: Caller, query: Record<string, string>, db: Db): Promise<unknown>;
}

/** A refusal worth a log row: the message and what to record as the answer. */
class CallFailure extends Error {
  constructor(readonly key: Message, readonly params: Record<string, string | number> = {}) {
    super(key[1].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? '')));
  }
}

interface LogEntry {
  configId?: string | null;
  platformName: string;
  apiName: string;
  apiUrl: string;
  apiMethod: string;
  apiHeader: Record<string, string>;
  apiParams: unknown;
}

/** Value at a dot path (a.b.0.c, a[0].b) of a parsed answer. */
export function pick(obj: unknown, path: string | null | undefined): unknown {
  if (!path) return obj;
  let cur: unknown = obj;
  for (const part of path.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean)) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    const o = cur as Record<string, unknown>;
    if (Object.hasOwn(o, part) || Array.isArray(o)) cur = o[part];
    else {
      // an XML element written with a namespace prefix (soap:Body) is found by its local name (Body) when only one matches
      const named = Object.keys(o).filter((k) => k.endsWith(':' + part) && !k.startsWith('@'));
      cur = named.length === 1 ? o[named[0]!] : undefined;
    }
  }
  return cur;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const clip = (s: string) => (s.length > LOG_TEXT ? s.slice(0, LOG_TEXT) + '…' : s);
const unitSeconds = (unit: unknown) => (unit === 'hours' ? 3600 : unit === 'minutes' ? 60 : 1);
/** Authorization-like header values are logged shortened. */
const maskHeaders = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, /^(authorization|blade-auth|token|x-token|access[-_]token)$/i.test(k) && v.length > 12 ? v.slice(0, 12) + '…' : v]));

export class ServiceCaller {
  readonly handlers = new Map<string, InternalService>();
  private pendingTokens = new Map<string, Promise<Row>>();
  /**
   * egress: the server's policy (deps.egress); without one, no private or loopback address is reached.
   * userSql: the one executor of tenants' SQL (deps.userSql), for SQL services.
   */
  constructor(private readonly db: Db, private readonly egress: Egress, private readonly userSql: UserSql) {}

  register(s: InternalService) {
    this.handlers.set(s.name, s);
  }

  /** Calls the tenant's service config; answers its data or throws (after logging) an ApiError. */
  async call(caller: Caller, configId: string, query: Record<string, string>, depth = 0, seen: string[] = []): Promise<unknown> {
    if (depth > MAX_DEPTH || seen.includes(configId)) throw new ApiError(400, MSG.beforeLoop);
    const config = await scoped(this.db, caller.tenantId).selectFrom('bladeThirdServiceConfig').selectAll()
      .where('id', '=', configId).where('isDeleted', '=', 0).executeTakeFirst() as Row | undefined;
    if (!config) throw new ApiError(400, MSG.configMissing);
    if (Number(config.status) !== 1) throw new ApiError(400, MSG.configDisabled, { name: String(config.name) });
    switch (config.serviceType) {
      case 'internal': return this.internal(caller, config, query);
      case 'sqlService': return this.sqlService(caller, config, query, depth, seen);
      default: return this.external(caller, config, query, depth, seen);
    }
  }

  // ---------------------------------------------------------------- internal
  private async internal(caller: Caller, config: Row, query: Record<string, string>): Promise<unknown> {
    const entry: LogEntry = { configId: String(config.id), platformName: '平台内部服务', apiName: String(config.name), apiUrl: `internal:${config.className}`, apiMethod: 'CALL', apiHeader: {}, apiParams: query };
    return this.logged(caller, entry, async () => {
      const h = this.handlers.get(String(config.className));
      if (!h) throw new CallFailure(MSG.unknownClass, { name: String(config.className) });
      const data = await h.run(caller, query, this.db);
      return { data, answer: text(data) };
    });
  }

  // ---------------------------------------------------------------- SQL
  private async sqlService(caller: Caller, config: Row, query: Record<string, string>, depth: number, seen: string[]): Promise<unknown> {
    // a configured datasource of the tenant, or (platform tenant only) the platform database
    const external = String(config.dataSourceId ?? 'master') !== 'master';
    if (!external && caller.tenantId !== ADMIN_TENANT) throw new ApiError(403, MSG.sqlPlatformOnly);
    const serviceParams = await this.params(caller, String(config.id));
    const before = config.beforeApiId ? await this.call(caller, String(config.beforeApiId), query, depth + 1, [...seen, String(config.id)]) : undefined;
    const entry: LogEntry = { configId: String(config.id), platformName: '平台数据库', apiName: String(config.name), apiUrl: `sql:${config.dataSourceId || 'master'}`, apiMethod: 'SQL', apiHeader: {}, apiParams: {} };
    return this.logged(caller, entry, async () => {
      const values = new Map<string, string>([['tenantId', caller.tenantId], ['userId', caller.userId], ['deptId', caller.deptId], ['account', caller.account]]);
      for (const [k, v] of Object.entries(query)) values.set(k, v);
      for (const p of serviceParams) {
        const v = this.resolve(p, query, values, before, undefined);
        if (v !== undefined) values.set(String(p.name), encrypt(p.encryptionMode as string, v, p.secretKey as string));
      }
      let datasource: DatasourceConfig | undefined;
      if (external) {
        const ds = await scoped(this.db, caller.tenantId).selectFrom('bladeDatasource').selectAll().where('id', '=', String(config.dataSourceId)).where('isDeleted', '=', 0).executeTakeFirst();
        if (!ds) throw new CallFailure(MSG.sqlDataSource);
        datasource = { id: String(ds.id), url: String(ds.url), username: ds.username as string | null, password: ds.password as string | null };
      }
      const statement = String(config.sqlContent ?? '');
      const missing = [...statement.matchAll(/#\{\s*(\w+)\s*\}/g)].map((m) => m[1]!).find((name) => !values.has(name));
      if (missing) throw new CallFailure(MSG.missingVariable, { name: missing });
      const params = Object.fromEntries(values);
      entry.apiParams = { sql: statement, params: external ? params : Object.fromEntries([...statement.matchAll(/#\{\s*(\w+)\s*\}/g)].map((m) => [m[1]!, values.get(m[1]!)])) };
      let rows: Row[];
      try {
        // the platform database: the caller's tenant's rows only (sandbox/platform.ts)
        rows = await this.userSql.query({ tenantId: caller.tenantId, datasource, sql: statement, params, timeoutMs: SQL_TIMEOUT_MS, maxRows: 2 });
      } catch (e) {
        throw new CallFailure(MSG.sqlFailed, { detail: (e as Error).message });
      }
      if (rows.length > 1) throw new CallFailure(MSG.sqlOneValue);
      const row = rows[0];
      const cols = row ? Object.keys(row) : [];
      const data = !row ? null : cols.length === 1 ? row[cols[0]] : row;
      return { data, answer: text(data) };
    });
  }

  // ---------------------------------------------------------------- external HTTP
  private async external(caller: Caller, config: Row, query: Record<string, string>, depth: number, seen: string[]): Promise<unknown> {
    const app = config.serviceAuthId ? await this.app(caller, String(config.serviceAuthId)) : undefined;
    const params = await this.params(caller, String(config.id));
    const method = String(config.requestType || 'GET').toUpperCase();
    const entry: LogEntry = { configId: String(config.id), platformName: String(app?.name ?? ''), apiName: String(config.name), apiUrl: String(config.url ?? ''), apiMethod: method, apiHeader: {}, apiParams: query };

    // a cached answer of this config for the same variables
    const cacheKey = config.cacheKey ? `${config.cacheKey}:${JSON.stringify(Object.entries(query).sort())}` : '';
    if (cacheKey) {
      const hit = await this.cached(caller.tenantId, 'config', String(config.id), cacheKey);
      if (hit !== undefined) return this.logged(caller, { ...entry, apiHeader: { 'x-cache': 'hit' } }, async () => ({ data: hit, answer: text(hit) }));
    }

    let before: unknown;
    let tokenAnswer: Row | undefined;
    try {
      before = config.beforeApiId ? await this.call(caller, String(config.beforeApiId), query, depth + 1, [...seen, String(config.id)]) : undefined;
      tokenAnswer = app && app.authType === 'oauth2' ? await this.token(caller, app) : undefined;
    } catch (e) {
      // the call never went out: record why
      return this.logged(caller, entry, async () => { throw e; });
    }

    return this.logged(caller, entry, async () => {
      const url = new URL(String(config.url));
      const headers: Record<string, string> = {};
      const body: Record<string, string> = {};
      const place = (position: unknown, name: string, value: string) => {
        const pos = Number(position);
        if (pos === 2) headers[name] = value;
        else if (pos === 3 && method !== 'GET' && method !== 'DELETE') body[name] = value;
        else url.searchParams.set(name, value);
      };
      // app-level credentials of an app without oauth2 (API-key style)
      if (app && app.authType !== 'oauth2') {
        if (app.appidKey) place(app.parameterPosition, String(app.appidKey), String(app.appidValue ?? ''));
        if (app.secretKey) place(app.parameterPosition, String(app.secretKey), String(app.secretValue ?? ''));
      }
      const values = new Map<string, string>();
      let tokenPlaced = false;
      for (const p of params) {
        const raw = this.resolve(p, query, values, before, tokenAnswer);
        if (raw === undefined) continue;
        values.set(String(p.name), raw);
        if (Number(p.type) === 5) tokenPlaced = true;
        place(p.parameterPosition, String(p.name), encrypt(p.encryptionMode as string, raw, p.secretKey as string));
      }
      if (tokenAnswer && !tokenPlaced) headers.Authorization = `Bearer ${text(pick(tokenAnswer, String(app!.cacheKey || 'access_token')))}`;
      const hasBody = Object.keys(body).length > 0;
      if (hasBody) headers['Content-Type'] = 'application/json';
      entry.apiUrl = url.toString();
      entry.apiHeader = maskHeaders(headers);
      entry.apiParams = { query: Object.fromEntries(url.searchParams), ...(hasBody ? { body } : {}) };
      const answerText = await this.fetchText(url, method, headers, hasBody ? JSON.stringify(body) : undefined);
      const data = readAnswer(answerText, config);
      if (cacheKey) {
        const seconds = validitySeconds(config, answerText, config.backDataType);
        if (seconds > 0) await this.store(caller.tenantId, 'config', String(config.id), cacheKey, data, seconds);
      }
      return { data, answer: answerText };
    });
  }

  /** The token answer of an oauth2 service app: cached until its validity ends, else requested once. */
  async token(caller: Caller, app: Row, force = false): Promise<Row> {
    const key = String(app.cacheKey || 'access_token');
    if (!force) {
      const hit = await this.cached(caller.tenantId, 'auth', String(app.id), key);
      if (hit !== undefined) return hit as Row;
    }
    const pendingKey = `${caller.tenantId}:${app.id}`;
    const pending = this.pendingTokens.get(pendingKey);
    if (pending) return pending;
    const p = this.requestToken(caller, app, key).finally(() => this.pendingTokens.delete(pendingKey));
    this.pendingTokens.set(pendingKey, p);
    return p;
  }

  private async requestToken(caller: Caller, app: Row, key: string): Promise<Row> {
    const method = String(app.requestType || 'POST').toUpperCase();
    const entry: LogEntry = { platformName: String(app.name), apiName: '获取令牌', apiUrl: String(app.url ?? ''), apiMethod: method, apiHeader: {}, apiParams: {} };
    return this.logged(caller, entry, async () => {
      const url = new URL(String(app.url));
      const headers: Record<string, string> = {};
      const body: Record<string, string> = {};
      const creds: [string, string][] = [];
      if (app.appidKey) creds.push([String(app.appidKey), String(app.appidValue ?? '')]);
      if (app.secretKey) creds.push([String(app.secretKey), String(app.secretValue ?? '')]);
      const pos = Number(app.parameterPosition);
      for (const [k, v] of creds) {
        if (pos === 2) headers[k] = v;
        else if (pos === 3 && method !== 'GET' && method !== 'DELETE') body[k] = v;
        else url.searchParams.set(k, v);
      }
      const hasBody = Object.keys(body).length > 0;
      if (hasBody) headers['Content-Type'] = 'application/json';
      entry.apiUrl = url.toString();
      entry.apiHeader = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, k === app.secretKey ? '******' : v]));
      entry.apiParams = { query: Object.fromEntries([...url.searchParams].map(([k, v]) => [k, k === app.secretKey ? '******' : v])), ...(hasBody ? { body: { ...body, ...(app.secretKey && String(app.secretKey) in body ? { [String(app.secretKey)]: '******' } : {}) } } : {}) };
      const answerText = await this.fetchText(url, method, headers, hasBody ? JSON.stringify(body) : undefined);
      const data = readAnswer(answerText, app);
      const answer: Row = data && typeof data === 'object' ? (data as Row) : { [key]: data };
      const token = pick(answer, key);
      if (token === undefined || token === null || token === '') throw new CallFailure(MSG.noToken, { key });
      let seconds = validitySeconds(app, answerText, app.backDataType);
      if (seconds <= 0) seconds = 3600; // an answer without a validity is kept an hour
      await this.store(caller.tenantId, 'auth', String(app.id), key, answer, Math.max(1, seconds - Math.min(60, Math.floor(seconds / 10))));
      return { data: answer, answer: answerText };
    }) as Promise<Row>;
  }

  private async fetchText(url: URL, method: string, headers: Record<string, string>, body: string | undefined): Promise<string> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CallFailure(MSG.urlInvalid);
    let res: Response;
    try {
      // the egress policy: the host (and every redirect's) resolved, checked and pinned
      res = await this.egress.fetch(url, { method, headers, body, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    } catch (e) {
      if (e instanceof ApiError) throw new CallFailure(e.key as Message, e.params); // refused by the egress policy: its message, logged with the host
      const err = e as Error;
      if (err.name === 'TimeoutError' || err.name === 'AbortError') throw new CallFailure(MSG.timeout, { ms: HTTP_TIMEOUT_MS });
      throw new CallFailure(MSG.callFailed, { detail: (err.cause as Error | undefined)?.message ?? err.message });
    }
    const buf = Buffer.from(await res.arrayBuffer());
    const answer = buf.subarray(0, MAX_ANSWER).toString('utf8');
    if (!res.ok) throw Object.assign(new CallFailure(MSG.httpStatus, { status: res.status }), { answer });
    return answer;
  }

  /** One parameter's value before encryption (undefined: left out, e.g. a variable the call did not send). */
  private resolve(p: Row, query: Record<string, string>, values: Map<string, string>, before: unknown, tokenAnswer: Row | undefined): string | undefined {
    const pv = String(p.paramValue ?? '');
    switch (Number(p.type)) {
      case 1: return pv;
      case 2: {
        const v = query[pv || String(p.name)];
        return v === undefined ? undefined : v;
      }
      case 3: {
        // parts separated by commas; {name} is an earlier parameter, a call variable or timestamp/nonce
        const parts = pv.split(',').map((s) => s.trim()).filter((s) => s !== '');
        const out = parts.map((part) => {
          const m = /^\{(\w+)\}$/.exec(part);
          if (!m) return part;
          const name = m[1];
          const v = values.get(name) ?? query[name] ?? builtin(name, values);
          if (v === undefined) throw new CallFailure(MSG.missingVariable, { name });
          return Number(p.containParamName) === 1 ? `${name}=${v}` : v;
        });
        return out.join(String(p.joinSymbol ?? ''));
      }
      case 4: {
        const v = pick(before, pv);
        return v === undefined ? undefined : text(v);
      }
      case 5: {
        if (!tokenAnswer) return undefined;
        // a plain path (access_token) or a template (Bearer {access_token})
        if (pv.includes('{')) return pv.replace(/\{([\w.[\]]+)\}/g, (_, k: string) => text(pick(tokenAnswer, k)));
        const v = pick(tokenAnswer, pv || 'access_token');
        return v === undefined ? undefined : text(v);
      }
      default: return undefined;
    }
  }

  private async app(caller: Caller, id: string): Promise<Row> {
    const app = await scoped(this.db, caller.tenantId).selectFrom('bladeThirdServiceAuth').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst() as Row | undefined;
    if (!app) throw new ApiError(400, MSG.authMissing);
    if (Number(app.status) !== 1) throw new ApiError(400, MSG.appDisabled, { name: String(app.name) });
    return app;
  }

  private params(caller: Caller, configId: string): Promise<Row[]> {
    return scoped(this.db, caller.tenantId).selectFrom('bladeThirdServiceParams').selectAll().where('thirdServiceId', '=', configId)
      .where('isDeleted', '=', 0).where('status', '=', 1).orderBy('sort').orderBy('id').execute() as Promise<Row[]>;
  }

  async appById(caller: Caller, id: string): Promise<Row> {
    return this.app(caller, id);
  }

  // ---------------------------------------------------------------- cache
  private async cached(tenantId: string, kind: string, ownerId: string, key: string): Promise<unknown> {
    const r = await tenantSql<{ value: string }>`select value from blade_third_service_cache
      where tenant_id = ${TENANT} and kind = ${kind} and owner_id = ${ownerId} and cache_key = ${key} and expires_at > now()`.execute(scoped(this.db, tenantId));
    return r.rows[0] ? JSON.parse(r.rows[0].value) : undefined;
  }

  private async store(tenantId: string, kind: string, ownerId: string, key: string, value: unknown, seconds: number) {
    await tenantSql`insert into blade_third_service_cache (tenant_id, kind, owner_id, cache_key, value, expires_at)
      values (${TENANT}, ${kind}, ${ownerId}, ${key}, ${JSON.stringify(value ?? null)}, now() + make_interval(secs => ${seconds}))
      on conflict (tenant_id, kind, owner_id, cache_key) do update set value = excluded.value, expires_at = excluded.expires_at, create_time = now()`.execute(scoped(this.db, tenantId));
  }

  async clearCache(tenantId: string, kind: 'auth' | 'config', ownerIds: string[]) {
    if (!ownerIds.length) return;
    await scoped(this.db, tenantId).deleteFrom('bladeThirdServiceCache').where('kind', '=', kind).where('ownerId', 'in', ownerIds).execute();
  }

  /** Token state of oauth2 apps: when the cached token was fetched and until when it is kept. */
  async tokenState(tenantId: string, appIds: string[]): Promise<Map<string, { fetchedAt: string; expiresAt: string; token: string }>> {
    const out = new Map<string, { fetchedAt: string; expiresAt: string; token: string }>();
    if (!appIds.length) return out;
    const rows = await scoped(this.db, tenantId).selectFrom('bladeThirdServiceCache').select(['ownerId', 'cacheKey', 'value', 'createTime', 'expiresAt'])
      .where('kind', '=', 'auth').where('ownerId', 'in', appIds).where('expiresAt', '>', sql<string>`now()`).execute();
    for (const r of rows) {
      const token = text(pick(JSON.parse(String(r.value)), String(r.cacheKey)));
      out.set(String(r.ownerId), { fetchedAt: String(r.createTime), expiresAt: String(r.expiresAt), token: token.length > 10 ? token.slice(0, 6) + '…' + token.slice(-4) : '******' });
    }
    return out;
  }

  // ---------------------------------------------------------------- log
  /** Runs one outgoing call and writes its log row, success or not; refusals become ApiErrors. */
  private async logged<T>(caller: Caller, entry: LogEntry, run: () => Promise<{ data: T; answer: string }>): Promise<T> {
    const started = performance.now();
    try {
      const { data, answer } = await run();
      await this.log(caller, entry, clip(answer), Math.round(performance.now() - started), 1);
      return data;
    } catch (e) {
      const ms = Math.round(performance.now() - started);
      const answer = (e as { answer?: string }).answer;
      const message = e instanceof CallFailure ? e.message : e instanceof ApiError ? e.message : (e as Error).message;
      await this.log(caller, entry, clip(answer ? `${message}\n${answer}` : message), ms, 0);
      if (e instanceof CallFailure) throw new ApiError(400, e.key, e.params);
      if (e instanceof ApiError) throw e;
      throw new ApiError(400, MSG.callFailed, { detail: (e as Error).message });
    }
  }

  private async log(caller: Caller, entry: LogEntry, answer: string, ms: number, status: 0 | 1) {
    try {
      await this.db.insertInto('bladeThirdApiLog').values({
        id: nextId(), tenantId: caller.tenantId, serviceConfigId: entry.configId ?? null, platformName: entry.platformName.slice(0, 100),
        apiName: entry.apiName.slice(0, 100), apiUrl: entry.apiUrl.slice(0, 1000), apiMethod: entry.apiMethod.slice(0, 10),
        apiHeader: JSON.stringify(entry.apiHeader), apiParams: clip(text(entry.apiParams)), apiResponse: answer, apiTime: ms, status,
        createUser: caller.userId || null, createDept: caller.deptId.split(',')[0] || null, updateUser: caller.userId || null,
      }).execute();
    } catch {
      // a log row must never turn a finished call into a failure
    }
  }
}

const builtin = (name: string, values: Map<string, string>): string | undefined => {
  if (name === 'timestamp') {
    const v = String(Date.now());
    values.set('timestamp', v); // the same instant wherever it is used again
    return v;
  }
  if (name === 'nonce') {
    const v = randomUUID().replace(/-/g, '');
    values.set('nonce', v);
    return v;
  }
  return undefined;
};

/** json / xml / str answer, checked against successKey = successValue, narrowed to dataKey. */
function readAnswer(answerText: string, cfg: Row): unknown {
  const type = String(cfg.backDataType || 'json');
  if (type === 'str') return answerText;
  let parsed: unknown;
  try {
    parsed = type === 'xml' ? parseXml(answerText) : JSON.parse(answerText);
  } catch {
    throw Object.assign(new CallFailure(MSG.badAnswer, { type }), { answer: answerText });
  }
  if (cfg.successKey) {
    const got = pick(parsed, String(cfg.successKey));
    if (text(got) !== String(cfg.successValue ?? '')) throw Object.assign(new CallFailure(MSG.notSuccess, { key: String(cfg.successKey), value: text(got) }), { answer: answerText });
  }
  return cfg.dataKey ? pick(parsed, String(cfg.dataKey)) : parsed;
}

/** validityKey: a number (fixed validity) or the answer's field holding it; times validityUnit. */
function validitySeconds(cfg: Row, answerText: string, type: unknown): number {
  const vk = String(cfg.validityKey ?? '').trim();
  if (!vk) return 0;
  let n: number;
  if (/^\d+(\.\d+)?$/.test(vk)) n = Number(vk);
  else {
    let parsed: unknown;
    try {
      parsed = type === 'xml' ? parseXml(answerText) : JSON.parse(answerText);
    } catch {
      return 0;
    }
    n = Number(pick(cfg.dataKey ? pick(parsed, String(cfg.dataKey)) ?? parsed : parsed, vk) ?? pick(parsed, vk));
  }
  return Number.isFinite(n) && n > 0 ? Math.floor(n * unitSeconds(cfg.validityUnit)) : 0;
}
