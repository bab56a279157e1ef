// The operation audit log over HTTP (001 §7.1 /api/appAuditLog/appAuditLog: page, detail, remove,
// submit) and the data-collection log (/api/blade-changeRecord/change_record: list, detail, remove;
// read-only, 001 §2.7). An app's entries are its managers' to read; entries are never changed: the
// audit log's submit adds a note entry only; removing entries (retention) is the administrators'.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appAuditLogModel, appCollectLogModel } from '@campus/schema';
import { parseIds, type Repo, type Row } from '../../db/repo.ts';
import { isAdministrator, me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelRepo } from '../../http/model-resource.ts';
import type { Db } from '../../db/index.ts';
import { MSG } from './messages.ts';

const TAG = 'miniapp';
const ID = /^\d{1,19}$/;

export function auditRoutes(app: TypedApp, db: Db, appOf: (req: FastifyRequest, id: string) => Promise<Row>) {
  const repo = modelRepo(db, appAuditLogModel);
  const base = appAuditLogModel.api;
  /** An entry the caller may read: an administrator any of the tenant's; an app's manager that app's. */
  const readable = async (req: FastifyRequest, row: Row | null) => {
    if (row && !isAdministrator(req)) {
      if (!row.appId) throw new ApiError(403, MSG.onlyAdmins);
      await appOf(req, String(row.appId));
    }
    return row;
  };
  /** A page of a log: one app's entries for its managers, any of the tenant's for an administrator (no appId). */
  const appPage = async (req: FastifyRequest & { query: Row }, log: Repo) => {
    const appId = String(req.query.appId ?? req.query.appId_equal ?? '');
    if (appId && !ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    if (appId) await appOf(req, appId);
    else if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins);
    return ok(await log.page(ctxOf(req), req.query, appId ? (qb) => qb.where('appId', '=', appId) : undefined));
  };
  app.get(`${base}/page`, { schema: { tags: [TAG], summary: 'Audit entries, newest first (appId required unless an administrator asks; filters module, operate, bizId, account)', querystring: listQuery } }, (req) => appPage(req, repo));
  app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'One audit entry with its before and after (data null when missing)', querystring: z.object({ id: z.string().regex(ID) }) } }, async (req) =>
    ok(await readable(req, await repo.detail(ctxOf(req), req.query.id))));
  app.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add a note entry to an app\'s log (appId, bizId, operateAfter: the note); entries are never changed', body: z.object({ id: z.string().max(20).optional(), appId: z.string().regex(ID), module: z.enum(['appDesign', 'permission', 'dataManagement']), bizId: z.string().max(64).optional(), operateAfter: z.string().max(2000) }) } }, async (req) => {
    if (req.body.id) throw new ApiError(400, MSG.auditFixed);
    await appOf(req, req.body.appId);
    return ok(await repo.save(ctxOf(req), { appId: req.body.appId, module: req.body.module, bizId: req.body.bizId ?? null, operate: 'note', operateAfter: req.body.operateAfter, account: me(req).account, ipAddress: req.ip }));
  });
  app.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove audit entries (ids; administrators: the log\'s retention)', querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins);
    return ok({ removed: await repo.remove(ctxOf(req), parseIds(req.query.ids)) });
  });

  // ---- the data-collection log: written by the platform only ----
  const collect = modelRepo(db, appCollectLogModel);
  const cbase = appCollectLogModel.api;
  app.get(`${cbase}/list`, { schema: { tags: [TAG], summary: 'Collection entries, newest first (appId required unless an administrator asks; filters bizCode, tableName, source, method, type, collectStatus)', querystring: listQuery } }, (req) => appPage(req, collect));
  app.get(`${cbase}/detail`, { schema: { tags: [TAG], summary: 'One collection entry with its old and new data (data null when missing)', querystring: z.object({ id: z.string().regex(ID) }) } }, async (req) =>
    ok(await readable(req, await collect.detail(ctxOf(req), req.query.id))));
  app.post(`${cbase}/submit`, { schema: { tags: [TAG], summary: 'Refused: the collection log is written by the platform as data is collected (read-only)', body: z.object({}).passthrough() } }, async () => {
    throw new ApiError(400, MSG.collectReadOnly);
  });
  app.post(`${cbase}/remove`, { schema: { tags: [TAG], summary: 'Remove collection entries (ids; administrators: the log\'s retention)', querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins);
    return ok({ removed: await collect.remove(ctxOf(req), parseIds(req.query.ids)) });
  });
}
