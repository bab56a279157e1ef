// Error logs: server errors recorded as they happen, client errors uploaded in batches (sendLogs).
import { hostname } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import type { AuthUser } from '../../http/auth.ts';

export interface ClientLog { type?: string; url?: string; message?: string; stack?: string; time?: string; info?: unknown }

const cut = (v: unknown, n: number) => (v === undefined || v === null ? null : String(typeof v === 'object' ? JSON.stringify(v) : v).slice(0, n));

export class LogService {
  constructor(private readonly db: Db) {}

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
