// Error logs: server errors recorded as they happen, client errors uploaded in batches (sendLogs).
import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Db, NewRowOf } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import type { AuthUser } from '../../http/auth.ts';
import { apiTitle } from './titles.ts';

export interface ClientLog { type?: string; url?: string; message?: string; stack?: string; time?: string; info?: unknown }

const cut = (v: unknown, n: number) => (v === undefined || v === null ? null : String(typeof v === 'object' ? JSON.stringify(v) : v).slice(0, n));

type ApiLogRow = NewRowOf<'bladeLogApi'>;

/** Who a sign-in call is for (no token yet): the account it names, as the login log keeps it. */
function signInAccount(req: FastifyRequest): string | null {
  const from = (v: unknown) => (v && typeof v === 'object' && typeof (v as { username?: unknown }).username === 'string' ? (v as { username: string }).username : null);
  return cut(from(req.query) ?? from(req.body), 64);
}

/** Query parameters that carry secrets (sign-in passwords, tokens) are kept out of the log. */
const SECRET = /pass|secret|token|captcha|code_?value/i;
function redact(query: string | null): string | null {
  if (!query) return query;
  return query.split('&').map((kv) => {
    const [k] = kv.split('=', 1);
    let name = k;
    try { name = decodeURIComponent(k); } catch { /* keep it raw */ }
    return SECRET.test(name) ? `${k}=***` : kv;
  }).join('&');
}

export class LogService {
  private apiBuffer: ApiLogRow[] = [];
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly db: Db) {}

  /**
   * A call that changed something (routes.ts decides: writes and GETs marked apiLog), recorded with
   * its short title in both languages (titles.ts), time and outcome. Rows are written in batches
   * (every second or 200 calls) so logging never adds a write to the request itself.
   */
  recordApi(req: FastifyRequest, statusCode: number, ms: number): void {
    const u = req.user;
    const route = req.routeOptions.url ?? '';
    const [zh, en] = apiTitle(req.method, route) ?? [null, null];
    this.apiBuffer.push({
      id: nextId(), tenantId: u?.tenantId ?? String(req.headers['tenant-id'] ?? '000000').slice(0, 12), serviceId: 'api', serverHost: hostname(),
      type: statusCode < 400 ? '1' : '2', title: cut(zh, 255), titleEn: cut(en, 255), method: req.method,
      requestUri: cut(req.url.split('?')[0], 2000), userAgent: cut(req.headers['user-agent'], 1000), remoteIp: req.ip,
      methodClass: cut(route, 255), params: cut(redact(req.url.split('?')[1] ?? null), 4000), statusCode, time: String(Math.round(ms)),
      createBy: u?.account ?? signInAccount(req),
    });
    if (this.apiBuffer.length >= 200) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), 1000);
  }

  async flush(): Promise<void> {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.flushing) await this.flushing;
    const rows = this.apiBuffer;
    this.apiBuffer = [];
    if (!rows.length) return;
    this.flushing = this.db.insertInto('bladeLogApi').values(rows).execute().then(() => undefined, () => undefined);
    await this.flushing;
    this.flushing = null;
  }

  /** A sign-in attempt, right or wrong (login log screen). */
  async recordLogin(req: FastifyRequest, p: { tenantId: string; userId?: string; account?: string; userName?: string; grantType: string; success: boolean; message?: string }): Promise<void> {
    await this.db.insertInto('bladeLogLogin').values({
      id: nextId(), tenantId: p.tenantId.slice(0, 12), userId: p.userId ?? null, account: cut(p.account, 64), userName: cut(p.userName, 64),
      loginType: 'web', grantType: cut(p.grantType, 32), success: p.success ? 1 : 0, message: cut(p.message, 500),
      remoteIp: req.ip, userAgent: cut(req.headers['user-agent'], 1000),
    }).execute().catch((e) => req.log.error({ err: e }, 'could not record the login log'));
  }

  /** A business event worth keeping (who did what), shown on the usual-log screen. */
  async recordUsual(req: FastifyRequest, logId: string, data: unknown, level: 'info' | 'warn' | 'error' = 'info'): Promise<void> {
    const u = req.user;
    await this.db.insertInto('bladeLogUsual').values({
      id: nextId(), tenantId: u?.tenantId ?? '000000', serviceId: 'api', serverHost: hostname(), logLevel: level, logId: cut(logId, 100),
      logData: cut(data, 20000), method: req.method, requestUri: cut(req.url.split('?')[0], 2000), remoteIp: req.ip,
      userAgent: cut(req.headers['user-agent'], 1000), createBy: u?.account ?? null,
    }).execute().catch((e) => req.log.error({ err: e }, 'could not record the usual log'));
  }

  async recordClient(user: AuthUser, req: FastifyRequest, entries: ClientLog[]): Promise<number> {
    const rows = entries.slice(0, 200).map((e) => ({
      id: nextId(), tenantId: user.tenantId, type: 'client', serviceId: 'web', serverHost: hostname(), method: 'CLIENT',
      requestUri: cut(e.url, 2000), userAgent: cut(req.headers['user-agent'], 1000), stackTrace: cut(e.stack, 20000),
      message: cut(e.message, 4000), remoteIp: req.ip, params: cut(e.info, 4000), time: cut(e.time, 64), createBy: user.account,
    }));
    if (rows.length) await this.db.insertInto('bladeLogError').values(rows).execute();
    return rows.length;
  }

  /** Never throws: a failure to log must not hide the original error. */
  recordServer(req: FastifyRequest, err: Error): void {
    const u = req.user;
    this.db.insertInto('bladeLogError').values({
      id: nextId(), tenantId: u?.tenantId ?? '000000', type: 'server', serviceId: 'api', serverHost: hostname(),
      method: req.method, requestUri: cut(req.url, 2000), userAgent: cut(req.headers['user-agent'], 1000),
      stackTrace: cut(err.stack, 20000), exceptionName: cut(err.name, 255), message: cut(err.message, 4000),
      remoteIp: req.ip, createBy: u?.account ?? null,
    }).execute().catch((e) => req.log.error({ err: e }, 'could not record the error log'));
  }
}
