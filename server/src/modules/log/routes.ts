// /api/blade-log/error: the error-log screen (read-only) and the client's sendLogs upload.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { me } from '../../http/auth.ts';
import { resource, zOptId } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import type { LogService } from './service.ts';
import { loggedRequest } from './titles.ts';

const clientLog = z.object({
  type: z.string().max(32).optional(), url: z.string().max(4000).optional(), message: z.string().max(10000).optional(),
  stack: z.string().max(50000).optional(), time: z.union([z.string(), z.number()]).transform(String).optional(),
  info: z.unknown().optional(),
}).passthrough();

export async function logRoutes(app: FastifyInstance, { db, logs }: { db: Db; logs: LogService }) {
  resource(app, db, {
    base: '/api/blade-log/error', tag: 'log', table: 'blade_log_error', tenant: true, softDelete: false, audit: false,
    permission: 'errorLog', only: ['list', 'detail'], body: z.object({}),
    columns: { id: 'id', type: 'string', serviceId: 'string', requestUri: 'string', method: 'string', message: 'string', remoteIp: 'string', createBy: 'string', createTime: 'date' },
    defaultOrder: [{ field: 'createTime', dir: 'desc' }],
  });

  // calls that change something (writes, and GETs a route marks with config.apiLog), with their
  // title, time and outcome (flushed in batches); plain reads, docs and health are left out
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || !req.routeOptions.url || !loggedRequest(req)) return;
    logs.recordApi(req, reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onClose', async () => { await logs.flush(); });

  const readOnly = (base: string, table: string, permission: string, columns: Record<string, 'string' | 'id' | 'number' | 'date'>) => resource(app, db, {
    base, tag: 'log', table, tenant: true, softDelete: false, audit: false, permission, only: ['list', 'detail'], body: z.object({}),
    columns: { id: 'id', createTime: 'date', ...columns }, defaultOrder: [{ field: 'createTime', dir: 'desc' }],
  });
  readOnly('/api/blade-log/usual', 'blade_log_usual', 'usualLog', { logId: 'string', logLevel: 'string', logData: 'string', requestUri: 'string', createBy: 'string', remoteIp: 'string' });
  readOnly('/api/blade-log/api', 'blade_log_api', 'apiLog', { title: 'string', titleEn: 'string', method: 'string', requestUri: 'string', type: 'string', statusCode: 'number', createBy: 'string', remoteIp: 'string' });
  readOnly('/api/blade-portal/userLoginLog', 'blade_log_login', 'loginLog', { account: 'string', userName: 'string', grantType: 'string', success: 'number', remoteIp: 'string' });
  readOnly('/api/blade-log/dataCollectLog', 'blade_data_collect_log', 'usualLog', { source: 'string', target: 'string', success: 'number' });
  resource(app, db, {
    base: '/api/blade-portal/searchLog', tag: 'log', table: 'blade_search_log', tenant: true, permission: 'usualLog',
    columns: { id: 'id', keyword: 'string', searchType: 'string', resultCount: 'number', createTime: 'date' },
    body: z.object({ id: zOptId, keyword: z.string().trim().min(1).max(255), searchType: z.string().max(64).optional().nullable(), resultCount: z.coerce.number().int().min(0).optional() }),
    beforeSave: (ctx, e) => { e.userId = ctx.userId; },
  });

  app.post('/api/blade-log/error/sendLogs', {
    bodyLimit: 1024 * 1024,
    schema: { tags: ['log'], summary: 'Upload queued client error logs (array of {type, url, message, stack, time, info})', body: z.array(clientLog).max(200) },
  }, async (req) => ok(await logs.recordClient(me(req), req, req.body as z.infer<typeof clientLog>[])));
}
