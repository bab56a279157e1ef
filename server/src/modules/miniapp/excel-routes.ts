// Excel calls of micro-apps (001 §2.7, §4, §7.1; the spec does not show the appBizData base, placed at
// /api/appBizData/appBizData):
//   POST exportBizData        {appId, queryObj?, sort?, ids?} → .xlsx streamed (数据导出.xlsx / data-export.xlsx); needs view
//   POST exportBizDataFiles   the same body → .zip of the .xlsx and the records' attachments and signatures
//   POST exportBizDataFromAI  an export by AI conditions: refused until AI filters exist (as getBizData's aiSql)
//   GET  importTemplate?appId= → .xlsx with the headings the caller may fill
//   POST importBizData?appId= multipart `file` → {imported, children}; needs add; all or nothing, problems
//                              listed in data.errors [{sheet, row, field, message}] (at most 200)
// and the export templates at /api/blade-appTemplateFiles/appTemplateFiles (list, detail, submit,
// remove: the app's managers change them; exportTemplate fills one for those with the template right).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appTemplateFilesModel } from '@campus/schema';
import { parseIds, type Row } from '../../db/repo.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { modelBody, modelRepo } from '../../http/model-resource.ts';
import { checkXlsx, readImportFile, type ImportLimits } from '../../http/xlsx-guard.ts';
import type { ModuleDeps } from '../index.ts';
import { whoOf, writeAudit } from './audit.ts';
import { BizData, type AppShape } from './biz-data.ts';
import { BizExcel, ImportRefused, XLSX } from './excel.ts';
import { StoredFiles } from './excel-files.ts';
import { ExcelTemplates } from './excel-template.ts';
import { MSG } from './messages.ts';
import { AppPermissions, type AppRights } from './permissions.ts';
import { MiniTables } from './tables.ts';

const TAG = 'miniapp';
const BASE = '/api/appBizData/appBizData';
const ID = /^\d{1,19}$/;
const id = z.union([z.string().regex(ID), z.number().int().nonnegative().transform(String)]);
const idsField = z.union([z.string().max(20000), z.array(id).max(1000).transform((a) => a.join(','))]);
const exportBody = z.object({
  appId: id, sort: z.string().max(80).optional(), ids: idsField.optional(),
  queryObj: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
});
/** An import of a micro-app is streamed and inserted in batches: it takes far larger files than the in-memory imports (the deployment's limits raise these further). */
const APP_IMPORT: ImportLimits = { maxBytes: 64 * 1024 * 1024, maxUncompressedBytes: 1024 * 1024 * 1024, maxRows: 1_000_000 };

const attachment = (reply: FastifyReply, name: string, ext: string, type: string) =>
  reply.header('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}.${ext}`).type(type);

export async function excelRoutes(app: TypedApp, { db, directory, config, egress }: ModuleDeps) {
  const tables = new MiniTables(db);
  const data = new BizData(db, tables, directory);
  const permissions = new AppPermissions(db);
  const xl = new BizExcel(db, data, directory);
  const files = new StoredFiles(db, config.uploadDir, egress);
  const templates = new ExcelTemplates(db, data, directory, files);
  const limits: ImportLimits = {
    maxBytes: Math.max(config.importMaxBytes, APP_IMPORT.maxBytes),
    maxUncompressedBytes: Math.max(config.importMaxUncompressedBytes, APP_IMPORT.maxUncompressedBytes),
    maxRows: Math.max(config.importMaxRows, APP_IMPORT.maxRows),
  };

  /** The caller's rights in the app (403 without access or without the operation, 400 for no app of the tenant). */
  const rightsFor = async (req: FastifyRequest, appId: string, operate?: string): Promise<AppRights> => {
    const { rights } = await permissions.inApp(me(req).tenantId, appId, me(req));
    if (!rights.access) throw new ApiError(403, MSG.noAppAccess);
    if (operate && !rights.manager && !rights.operates.has(operate)) throw new ApiError(403, MSG.noOperate);
    return rights;
  };
  const shapeFor = async (req: FastifyRequest, appId: string, operate: string): Promise<{ shape: AppShape; rights: AppRights }> => {
    const rights = await rightsFor(req, appId, operate);
    return { shape: await data.shape(me(req).tenantId, appId), rights };
  };
  /** The keys of the records an export takes: the chosen ones, or all the query matches (checked before anything is sent). */
  const keysOf = (req: FastifyRequest, shape: AppShape, rights: AppRights, body: { queryObj?: unknown; sort?: unknown; ids?: string }) =>
    data.matchingKeys(ctxOf(req), shape, { queryObj: body.queryObj, sort: body.sort, ids: body.ids ? parseIds(body.ids) : undefined }, rights);
  const fileOf = { file: { detail: `${BASE}/getBizData` } } as const;

  app.post(`${BASE}/exportBizData`, {
    config: { apiLog: false, ...fileOf },
    schema: { tags: [TAG], summary: 'The records as .xlsx, streamed: all the query matches (queryObj, sort as getBizData; no page limit) or the chosen ids. Sheet 1 the records (ID, the fields the caller sees, status), one sheet per child model (first column: the record\'s ID). Needs view', body: exportBody },
  }, async (req, reply) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'view');
    const keys = await keysOf(req, shape, rights, req.body);
    // how many records are coming (the size is not known before the end): the page's progress counts them
    reply.header('X-Record-Count', String(keys.length));
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    xl.writeExport(out, ctxOf(req), shape, rights, keys, req.lang).then(() => out.end(), (e) => { req.log.error({ err: e }, 'export failed'); out.destroy(e); });
    return attachment(reply, t(MSG.exportFileName, req.lang), 'xlsx', XLSX).send(out);
  });

  app.post(`${BASE}/exportBizDataFiles`, {
    config: { apiLog: false, ...fileOf },
    schema: { tags: [TAG], summary: 'The export (.xlsx) with the records\' attachments and signatures in a .zip, a folder per record ID (the same body as exportBizData). Needs view', body: exportBody },
  }, async (req, reply) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'view');
    const keys = await keysOf(req, shape, rights, req.body);
    const { stream, done } = await templates.zipExport(ctxOf(req), shape, rights, keys, req.lang, xl);
    stream.on('end', () => void done()).on('error', () => void done()).on('close', () => void done());
    return attachment(reply, t(MSG.exportFileName, req.lang), 'zip', 'application/zip').send(stream);
  });

  app.post(`${BASE}/exportBizDataFromAI`, {
    config: { apiLog: false, ...fileOf },
    schema: { tags: [TAG], summary: 'An export of the records an AI condition selects: refused (400) until AI conditions come (as getBizData with aiSql)', body: z.object({ appId: id, aiSql: z.string().max(4000).optional() }).passthrough() },
  }, async (req) => {
    await rightsFor(req, req.body.appId, 'view');
    throw new ApiError(400, MSG.aiExportLater);
  });

  app.get(`${BASE}/importTemplate`, {
    config: fileOf,
    schema: { tags: [TAG], summary: 'An .xlsx with the headings the caller may fill: the main sheet, then one per child model (first column: the main sheet\'s row number). Needs add', querystring: z.object({ appId: id }) },
  }, async (req, reply) => {
    const { shape, rights } = await shapeFor(req, req.query.appId, 'add');
    return attachment(reply, `${shape.appName}-${t(MSG.importTemplateName, req.lang)}`, 'xlsx', XLSX).send(await xl.template(shape, rights, req.lang));
  });

  /**
   * How far the caller's imports have got, by the key the page chose (progressKey), for its progress
   * bar: rows read of the file's rows. Kept on the node that runs the import, 10 minutes past its end.
   */
  const progress = new Map<string, { total: number; read: number; state: 'running' | 'done' | 'failed'; ends: number }>();
  const progressOf = (req: FastifyRequest, key: string) => `${me(req).tenantId}:${me(req).userId}:${key}`;
  const KEY = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
  app.get(`${BASE}/importProgress`, { schema: { tags: [TAG], summary: 'How far an import of the caller (importBizData with the same progressKey) has got: {total, read (rows of all sheets), state running | done | failed}; data null before it starts', querystring: z.object({ progressKey: KEY }) } }, async (req) => {
    const p = progress.get(progressOf(req, req.query.progressKey));
    return ok(p ? { total: p.total, read: p.read, state: p.state } : null);
  });

  app.post(`${BASE}/importBizData`, {
    schema: {
      tags: [TAG], summary: 'Import records from an .xlsx (multipart field file): headings map to fields by label (zh or en) or field name; child sheets attach by their first column (the record\'s ID from an export, or its row in the main sheet). Every row is checked by the app\'s form; all or nothing; answers {imported, children}, or 400 with data.errors [{sheet, row, field, message}] (at most 200). Needs add',
      querystring: z.object({ appId: id, progressKey: KEY.optional() }),
    },
  }, async (req, reply) => {
    const { shape, rights } = await shapeFor(req, req.query.appId, 'add');
    const { file, buf } = await readImportFile(req, 'file', limits);
    if (!/\.xlsx$/i.test(file.filename)) throw new ApiError(400, MSG.importBadFile);
    const { rows } = await checkXlsx(buf, limits, new ApiError(400, MSG.importBadFile));
    const now = Date.now();
    for (const [k, p] of progress) if (p.ends && p.ends < now) progress.delete(k);
    const tracked = req.query.progressKey ? { total: rows, read: 0, state: 'running' as const, ends: 0 } : null;
    if (tracked) progress.set(progressOf(req, req.query.progressKey!), tracked);
    const finish = (state: 'done' | 'failed') => { if (tracked) Object.assign(tracked, { state, ends: Date.now() + 10 * 60_000 }, state === 'done' ? { read: rows } : {}); };
    try {
      const result = await xl.importBook(buf, ctxOf(req), shape, rights, req.lang, whoOf(req), file.filename, tracked ? (n) => { tracked.read = Math.min(rows, n); } : undefined);
      finish('done');
      return ok(result);
    } catch (e) {
      finish('failed');
      if (e instanceof ImportRefused) {
        return reply.code(400).type('application/json; charset=utf-8').send({ code: 400, success: false, data: { errors: e.errors, total: e.total }, msg: t(MSG.importFailed, req.lang, { n: e.total }) });
      }
      if (e instanceof ApiError) throw e;
      const code = (e as { code?: unknown }).code;
      // what the database refused (a value past a column's length or range): the file's to fix
      if (typeof code === 'string' && /^22/.test(code)) throw new ApiError(400, MSG.importValueRefused, { reason: String((e as Error).message).slice(0, 200) });
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) throw e;
      // exceljs could not read it: a damaged or foreign file
      req.log.warn({ err: e }, 'import file unreadable');
      throw new ApiError(400, MSG.importBadFile);
    }
  });

  // ---- export templates ----
  const repo = modelRepo(db, appTemplateFilesModel);
  const base = appTemplateFilesModel.api;
  const mayUse = (r: AppRights) => r.manager || r.operates.has('template');
  const rightsIn = async (req: FastifyRequest, appId: string) => (await permissions.inApp(me(req).tenantId, appId, me(req))).rights;
  const manage = async (req: FastifyRequest, appId: string) => {
    if (!(await rightsIn(req, appId)).manager) throw new ApiError(403, MSG.onlyAdmins);
  };

  app.get(`${base}/list`, { schema: { tags: [TAG], summary: 'An app\'s export templates (appId; filters templateName, templateType, status); its managers see all, those with the template right the enabled ones', querystring: listQuery } }, async (req) => {
    const q = req.query;
    const appId = String(q.appId ?? q.appId_equal ?? '');
    if (!ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    const rights = await rightsIn(req, appId);
    if (!mayUse(rights)) throw new ApiError(403, rights.access ? MSG.noOperate : MSG.noAppAccess);
    return ok(await repo.page(ctxOf(req), q, (qb) => {
      const x = qb.where('appId', '=', appId);
      return rights.manager ? x : x.where('status', '=', 1);
    }));
  });
  app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'One export template (data null when missing)', querystring: z.object({ id: z.string().regex(ID) }) } }, async (req) => {
    const row = await repo.detail(ctxOf(req), req.query.id);
    if (!row) return ok(null);
    const rights = await rightsIn(req, String(row.appId));
    if (!mayUse(rights) || (!rights.manager && Number(row.status) !== 1)) throw new ApiError(403, MSG.noOperate);
    return ok(row);
  });
  app.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change an export template of an app (its creator or an administrator); fileLink: an .xlsx uploaded through put-file, checked to be readable', body: modelBody(appTemplateFilesModel) } }, async (req) => {
    const ctx = ctxOf(req);
    const body = req.body;
    await manage(req, String(body.appId));
    const before = body.id ? await repo.detail(ctx, String(body.id)) : null;
    if (body.id && (!before || String(before.appId) !== String(body.appId))) throw new ApiError(400, 'noData');
    if (!before || before.fileLink !== body.fileLink) {
      const buf = await files.read(ctx.tenantId, String(body.fileLink ?? ''));
      if (!buf) throw new ApiError(400, MSG.templateFileMissing);
      if (!(await templates.readable(buf))) throw new ApiError(400, MSG.templateBadFile);
    }
    return ok(await db.transaction().execute(async (tx) => {
      const saved = await repo.save(ctx, body, tx);
      await writeAudit(tx, whoOf(req), { appId: String(body.appId), module: 'appDesign', bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    }));
  });
  app.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove export templates (ids; their apps\' creators or administrators)', querystring: z.object({ ids: z.string().max(20000) }) } }, async (req) => {
    const ctx = ctxOf(req);
    const rows: Row[] = [];
    for (const rid of parseIds(req.query.ids)) {
      const row = await repo.detail(ctx, rid);
      if (row) { await manage(req, String(row.appId)); rows.push(row); }
    }
    if (!rows.length) return ok({ removed: 0 });
    return ok({ removed: await db.transaction().execute(async (tx) => {
      for (const r of rows) await writeAudit(tx, whoOf(req), { appId: String(r.appId), module: 'appDesign', bizId: String(r.id), operate: 'del', before: r });
      return repo.remove(ctx, rows.map((r) => String(r.id)), tx);
    }) });
  });
  app.post(`${base}/exportTemplate`, {
    config: { apiLog: false, file: { detail: `${base}/detail` } },
    schema: { tags: [TAG], summary: 'An export template filled with records (templateId; ids, or all that queryObj / sort match): a list template repeats its ${field} row per record, a form template makes a sheet per record (at most 500) and repeats ${child.field} rows per child row. Needs the template right', body: exportBody.extend({ templateId: id }) },
  }, async (req, reply) => {
    const ctx = ctxOf(req);
    const { shape, rights } = await shapeFor(req, req.body.appId, 'template');
    const tpl = await repo.detail(ctx, req.body.templateId);
    if (!tpl || String(tpl.appId) !== shape.appId || (!rights.manager && Number(tpl.status) !== 1)) throw new ApiError(400, MSG.templateMissing);
    const buf = await files.read(ctx.tenantId, String(tpl.fileLink));
    if (!buf) throw new ApiError(400, MSG.templateFileMissing);
    const keys = await keysOf(req, shape, rights, req.body);
    const filled = await templates.fillTemplate(buf, tpl.templateType === 'form' ? 'form' : 'list', ctx, shape, rights, keys, req.lang);
    const name = String(tpl.fileName ?? '').replace(/\.xlsx$/i, '') || String(tpl.templateName);
    return attachment(reply, name, 'xlsx', XLSX).send(filled);
  });
}
