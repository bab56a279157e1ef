// The operation audit log over HTTP (001 §7.1 /api/appAuditLog/appAuditLog: page, detail, remove,
// submit). An app's entries are its managers' to read; entries are never changed: submit adds a
// note entry only; removing entries (retention) is the administrators'.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appAuditLogModel } from '@campus/schema';
import { parseIds, type Row } from '../../db/repo.ts';
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
  app.get(`${base}/page`, { schema: { tags: [TAG], summary: 'Audit entries, newest first (appId required unless an administrator asks; filters module, operate, bizId, account)', querystring: listQuery } }, async (req) => {
    const appId = String(req.query.appId ?? req.query.appId_equal ?? '');
    if (appId && !ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    if (appId) await appOf(req, appId);
    else if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins);
    return ok(await repo.page(ctxOf(req), req.query, appId ? (qb) => qb.where('appId', '=', appId) : undefined));
  });
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
}
