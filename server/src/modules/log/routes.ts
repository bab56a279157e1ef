// The log screens' calls, each served from its model (@campus/schema models/log.ts): the error, usual,
// API, login and data-collect logs are read-only (list and detail, newest first); the portal's search
// history is full CRUD. Also the client's sendLogs upload and the API log's recording hook.
import { z } from 'zod';
import { apiLogModel, dataCollectLogModel, errorLogModel, loginLogModel, searchLogModel, usualLogModel } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ok } from '../../http/envelope.ts';
import { modelResource } from '../../http/model-resource.ts';
import type { LogService } from './service.ts';
import { loggedRequest } from './titles.ts';

const clientLog = z.object({
  type: z.string().max(32).optional(), url: z.string().max(4000).optional(), message: z.string().max(10000).optional(),
  stack: z.string().max(50000).optional(), time: z.union([z.string(), z.number()]).transform(String).optional(),
  info: z.unknown().optional(),
}).passthrough();

export async function logRoutes(app: TypedApp, { db, logs }: { db: Db; logs: LogService }) {
  // calls that change something (writes, and GETs a route marks with config.apiLog), with their
  // title, time and outcome (flushed in batches); plain reads, docs and health are left out
  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || !req.routeOptions.url || !loggedRequest(req)) return;
    logs.recordApi(req, reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onClose', async () => { await logs.flush(); });

  // written by the server (service.ts), never by a body
  for (const model of [errorLogModel, usualLogModel, apiLogModel, loginLogModel, dataCollectLogModel]) {
    modelResource(app, db, model, { tag: 'log', only: ['list', 'detail'] });
  }
  modelResource(app, db, searchLogModel, { tag: 'log', beforeSave: (ctx, e) => { e.userId = ctx.userId; } });

  app.post('/api/blade-log/error/sendLogs', {
    bodyLimit: 1024 * 1024,
    schema: { tags: ['log'], summary: 'Upload queued client error logs (array of {type, url, message, stack, time, info})', body: z.array(clientLog).max(200) },
  }, async (req) => ok(await logs.recordClient(me(req), req, req.body)));
}
