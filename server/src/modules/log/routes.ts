// /api/blade-log/error: the error-log screen (read-only) and the client's sendLogs upload.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { me } from '../../http/auth.ts';
import { resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import type { LogService } from './service.ts';

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

  app.post('/api/blade-log/error/sendLogs', {
    bodyLimit: 1024 * 1024,
    schema: { tags: ['log'], summary: 'Upload queued client error logs (array of {type, url, message, stack, time, info})', body: z.array(clientLog).max(200) },
  }, async (req) => ok(await logs.recordClient(me(req), req, req.body as z.infer<typeof clientLog>[])));
}
