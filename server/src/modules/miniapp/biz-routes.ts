// Business data of a micro-app (001 §7.1 appBizData; the spec does not show the base, placed at
// /api/appBizData/appBizData): lists (getBizData, list), a record with its child rows (detail,
// getBizDetail), saving (saveBizData, saveBizChildData, batchUpdateBizData), removing (removeBizData,
// removeBizChildData: status-1 records only), the recycle bin (regainBizData, regainUpdateBizData,
// childOneToMoreRegainList), child rows (getBizChileData as the spec spells it, childOneToMoreList),
// and what the app's shell shows (queryAppPermissionInfo). Every call asks the one evaluator
// (permissions.ts) what the caller may do: no access is 403 "Sorry, you have no access to this
// application"; reads need view, saving add or edit, removing and restoring delete; records outside
// the caller's range are not found, hidden fields are in no answer and are never written.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { jsonBody } from '../../http/json-body.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import type { ModuleDeps } from '../index.ts';
import { sourceOptions } from './config-routes.ts';
import { BizData, DATA_STATUS, type AppShape } from './biz-data.ts';
import { whoOf, writeAudit } from './audit.ts';
import { MSG } from './messages.ts';
import { AppPermissions, fieldRight, type AppRights } from './permissions.ts';
import { MiniTables } from './tables.ts';
import { bizFormRoutes } from './biz-form.ts';
import { BizProcess } from './biz-process.ts';

const TAG = 'miniapp';
const BASE = '/api/appBizData/appBizData';
const id = z.union([z.string().regex(/^\d{1,19}$/), z.number().int().nonnegative().transform(String)]);
const paging = { current: z.coerce.number().int().min(1).optional(), size: z.coerce.number().int().min(1).max(200).optional() };
const listBody = z.object({ appId: id, ...paging, sort: z.string().max(80).optional(), queryObj: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional() });
const idsField = z.union([z.string().max(20000), z.array(id).max(1000).transform((a) => a.join(','))]);

export async function bizRoutes(app: TypedApp, { db, directory, userSql }: ModuleDeps) {
  const tables = new MiniTables(db);
  // a field naming one of the app's option sources takes what the source answers the saving person
  const data = new BizData(db, tables, directory, sourceOptions({ db, directory, userSql }).values);
  const permissions = new AppPermissions(db);
  // records of a process-bound app go through its process (biz-process.ts); without the workflow module, none is
  const processes = app.hasDecorator('workflowService') ? new BizProcess(db, data, tables, permissions, app.workflowService) : null;
  processes?.attach((e) => app.log.warn({ err: e }, 'micro-app record status not updated from its process'));

  /** The caller's rights in the app (403 without access, 400 for no such app of the tenant). */
  const rightsFor = async (req: FastifyRequest, appId: string) => {
    const found = await permissions.inApp(me(req).tenantId, appId, me(req));
    if (!found.rights.access) throw new ApiError(403, MSG.noAppAccess);
    return found;
  };
  /** The app's tables and the caller's rights, which must include the operation (400 for an app not designed yet). */
  const shapeFor = async (req: FastifyRequest, appId: string, operate: 'view' | 'save' | 'delete' | 'print'): Promise<{ shape: AppShape; rights: AppRights }> => {
    const { rights } = await rightsFor(req, appId);
    const ok = operate === 'save' ? rights.operates.has('add') || rights.operates.has('edit') : rights.operates.has(operate);
    if (!ok) throw new ApiError(403, MSG.noOperate);
    return { shape: await data.shape(me(req).tenantId, appId), rights };
  };
  const records = (page: unknown) => ok({ records: page });
  // the app's form with the caller's field rights (biz-form.ts)
  await bizFormRoutes(app, { db, directory }, BASE, processes);

  app.get(`${BASE}/queryAppPermissionInfo`, { schema: { tags: [TAG], summary: 'What the app\'s shell shows the caller: its menus (tree), custom buttons, operations and main table', querystring: z.object({ appId: id }) } }, async (req) => {
    const tenantId = me(req).tenantId;
    const { rights, app: appRow } = await rightsFor(req, req.query.appId);
    const [menus, buttons] = await Promise.all([
      scoped(db, tenantId).selectFrom('bladeAppMenu').select(['id', 'parentId', 'menuName', 'menuRouter', 'menuIcon', 'menuAlias', 'sort']).where('appId', '=', appRow.id).where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute(),
      scoped(db, tenantId).selectFrom('bladeAppDiyOperate').select(['id', 'btnName', 'btnUrl', 'btnIcon', 'sort']).where('appId', '=', appRow.id).where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute(),
    ]);
    const byParent = new Map<string, Row[]>();
    for (const m of menus) {
      const k = String(m.parentId ?? '0');
      byParent.set(k, [...(byParent.get(k) ?? []), m as Row]);
    }
    const known = new Set(menus.map((m) => String(m.id)));
    const tree = (rows: Row[]): Row[] => rows.map((m) => ({ ...m, children: tree(byParent.get(String(m.id)) ?? []) }));
    const roots = menus.filter((m) => !m.parentId || !known.has(String(m.parentId))) as Row[];
    const [main] = appRow.modelId ? await tables.models(db, tenantId, [appRow.modelId]) : [];
    // the field rights of the main model and its children, by field name (child fields under their sub-table prop)
    const fieldPermissions: Row = {};
    if (main) {
      const shape = main.tableStatus > 0 ? await data.shape(tenantId, req.query.appId) : null;
      for (const p of shape ? [shape.main, ...shape.children] : []) {
        // a field hidden from the caller is not named at all (it is in none of their answers)
        const rightsOfPart = Object.fromEntries(p.items.filter((it) => !fieldRight(rights, p.model.id, it.fieldName).hide)
          .map((it) => [it.fieldName, { ...fieldRight(rights, p.model.id, it.fieldName), search: !!it.searchable && fieldRight(rights, p.model.id, it.fieldName).search }]));
        if (p === shape!.main) Object.assign(fieldPermissions, rightsOfPart);
        else fieldPermissions[p.prop] = rightsOfPart;
      }
    }
    return ok({
      appMenu: tree(roots), tableName: main && main.tableStatus > 0 ? main.modelTable : null, manager: rights.manager,
      // custom buttons: those granted (custom:<id>), all for the app's managers
      perDiyOperate: buttons.filter((b) => rights.manager || rights.operates.has(`custom:${b.id}`)),
      operates: [...rights.operates].filter((o) => !o.startsWith('custom')), fieldPermissions,
    });
  });

  app.get(`${BASE}/getBizData`, { schema: { tags: [TAG], summary: 'A page of the app\'s records (current, size, appId, sort "field" or "field desc", queryObj: JSON of searchable fields); answers data.records {total, records}', querystring: listBody.extend({ aiSql: z.string().max(4000).optional() }) } }, async (req) => {
    if (req.query.aiSql) throw new ApiError(400, MSG.aiSqlLater);
    const { shape, rights } = await shapeFor(req, req.query.appId, 'view');
    return records(await data.page(ctxOf(req), shape, req.query, rights));
  });
  app.post(`${BASE}/list`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'The same page as getBizData, asked with a body', body: listBody } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'view');
    return records(await data.page(ctxOf(req), shape, req.body, rights));
  });

  // the workshop's cards (001 §7.1; its screens come with the dashboards): the spec's client sends the
  // body encrypted as text, this server takes the JSON itself, as text/plain or application/json
  const portraitQuery = z.object({
    appId: id,
    dimensions: z.array(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,47}(:(day|month|year))?$/)).max(3).default([]),
    measures: z.array(z.object({ agg: z.enum(['count', 'sum', 'avg', 'min', 'max']), field: z.string().max(48).optional() })).min(1).max(6).default([{ agg: 'count' }]),
    queryObj: z.unknown().optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  });
  app.post('/api/blade-model/model-table/queryAppDataForPortrait', { config: { apiLog: false }, schema: { tags: [TAG], summary: 'Figures of an app\'s records for a workshop card. Body JSON (text/plain or application/json; the original\'s encryption is not used): {appId, dimensions: up to 3 field names (a date field or createTime with :day, :month or :year), measures: [{agg count|sum|avg|min|max, field: a number field}] (default count), queryObj: the list\'s filters, limit (100, at most 1000)}; the caller\'s view right, range and field rights apply (a hidden field cannot be grouped or summed). Answers {dimensions, measures ("count", "sum:field"…), rows: [{<dimension>: value, <measure>: number}]}, largest first' } }, async (req) => {
    const parsed = portraitQuery.safeParse(jsonBody(req.body));
    if (!parsed.success) throw new ApiError(400, 'invalid', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
    const { shape, rights } = await shapeFor(req, parsed.data.appId, 'view');
    return ok(await data.aggregate(ctxOf(req), shape, parsed.data, rights));
  });

  const childList = z.object({ appId: id, ...paging, tableName: z.string().max(48), foreignKey: id, queryObj: z.unknown().optional() });
  app.get(`${BASE}/getBizChileData`, { schema: { tags: [TAG], summary: 'A page of a record\'s rows of one child table (tableName, foreignKey: the record\'s key); name spelt as in the spec', querystring: childList } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.query.appId, 'view');
    return records(await data.childPage(ctxOf(req), shape, req.query.tableName, req.query.foreignKey, req.query, rights));
  });
  app.post(`${BASE}/childOneToMoreList`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'The same page of child rows, asked with a body', body: childList } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'view');
    return records(await data.childPage(ctxOf(req), shape, req.body.tableName, req.body.foreignKey, req.body, rights));
  });
  app.post(`${BASE}/childOneToMoreRegainList`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'A page of a record\'s removed child rows of one child table', body: childList } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'delete');
    return records(await data.childPage(ctxOf(req), shape, req.body.tableName, req.body.foreignKey, req.body, rights, true));
  });

  const oneRecord = z.object({ appId: id, id });
  for (const path of ['detail', 'getBizDetail']) {
    app.post(`${BASE}/${path}`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'A record with its child rows (data null when missing)', body: oneRecord } }, async (req) => {
      const { shape, rights } = await shapeFor(req, req.body.appId, 'view');
      const r = await data.detail(ctxOf(req), shape, req.body.id, rights);
      // the record's current process (null: never sent through one), for the data screen's link to its detail page
      if (r) r.processInstanceId = (await processes?.instancesOf(me(req).tenantId, shape.appId, [req.body.id]))?.get(req.body.id) ?? null;
      return ok(r);
    });
  }

  // printing (001 §2.7): the current page, all, or the chosen records (all and chosen ask for size 99999)
  app.post(`${BASE}/queryBizPrintPage`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'The records to print as a list: a page as getBizData (size up to 99999 for "all"), with the fields the caller may see', body: listBody.extend({ size: z.coerce.number().int().min(1).max(99999).optional() }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'print');
    return records(await data.page(ctxOf(req), shape, req.body, rights, 99999));
  });
  app.post(`${BASE}/queryBizPrintData`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'The chosen records (ids) with their child rows, to print with a form template', body: z.object({ appId: id, ids: idsField }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'print');
    const ids = parseIds(req.body.ids);
    if (ids.length > 500) throw new ApiError(400, MSG.tooManyToPrint);
    const out = [];
    for (const rid of ids) {
      const r = await data.detail(ctxOf(req), shape, rid, rights);
      if (r) out.push(r);
    }
    return ok(out);
  });

  const record = z.record(z.string().max(64), z.unknown());
  // what a start of the app's process may carry (as /api/blade-workflow/process/startProcess takes them)
  const people = z.union([z.string().max(4000), z.array(id).max(200)]).optional();
  const choices = { assignee: people, copyUser: people, customUserTask: z.union([z.string().max(20000), z.record(z.string(), z.unknown())]).optional(), customUserMsg: z.union([z.string().max(20000), z.record(z.string(), z.unknown())]).optional() };
  app.post(`${BASE}/saveBizData`, { schema: { tags: [TAG], summary: 'Add (no {TABLE}_ID) or change a record in status 1 with its child rows ({child}_dynamic: rows with their key change, without are added, isDeleted 1 removes); checked by the app\'s form, all or nothing. A new record of an app bound to a process (processDefKey) is saved in status 3 and starts the process as the caller (variables: its fields; assignee, copyUser, customUserTask, customUserMsg as startProcess takes them); the answer adds id and processInstanceId', body: z.object({ appId: id, data: record, ...choices }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'save');
    const isNew = [undefined, null, ''].includes(req.body.data[shape.main.upper.id] as string | null | undefined);
    const key = isNew && processes ? await processes.boundKey(me(req).tenantId, shape.appId) : null;
    if (key) return ok(await processes!.saveNew(req, shape, key, rights, req.body.data, req.body));
    return ok(await data.save(ctxOf(req), shape, req.body.data, req.lang, rights, whoOf(req)));
  });
  app.post(`${BASE}/submitBizProcess`, { schema: { tags: [TAG], summary: 'Send records (ids) in status 1, 4 or 5 through the app\'s bound process again (status 3, a new instance each, started as the caller; assignee, copyUser, customUserTask, customUserMsg as startProcess takes them); others are skipped with a warning. Needs add or edit', body: z.object({ appId: id, ids: idsField, ...choices }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'save');
    const key = processes ? await processes.boundKey(me(req).tenantId, shape.appId) : null;
    if (!key) throw new ApiError(400, MSG.noProcessBound);
    const ids = parseIds(req.body.ids);
    const r = await processes!.submit(req, shape, key, rights, ids, req.body);
    return ok(r, r.skipped ? t(MSG.submitSkipped, req.lang, { n: r.skipped }) : t(MSG.processSubmitted, req.lang, { n: r.submitted }));
  });
  app.post(`${BASE}/saveBizChildData`, { schema: { tags: [TAG], summary: 'Add or change one child row of a record in status 1 (tableName, foreignKey, data)', body: z.object({ appId: id, tableName: z.string().max(48), foreignKey: id, data: record }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'save');
    const c = shape.children.find((x) => x.prop === req.body.tableName || x.model.modelTable === req.body.tableName);
    if (!c) throw new ApiError(400, MSG.noChildTable);
    const saved = await data.save(ctxOf(req), shape, { [shape.main.upper.id]: req.body.foreignKey, [c.prop]: [req.body.data] }, req.lang, rights, whoOf(req));
    return ok(saved);
  });
  app.post(`${BASE}/batchUpdateBizData`, { schema: { tags: [TAG], summary: 'Set the same field values on several records in status 1 (ids, data); each checked by the app\'s form', body: z.object({ appId: id, ids: idsField, data: record }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'save');
    const ctx = ctxOf(req);
    const fields = Object.fromEntries(Object.entries(req.body.data).filter(([k]) => shape.main.items.some((it) => it.fieldName === k)));
    let updated = 0;
    for (const rid of parseIds(req.body.ids)) {
      const row = await data.detail(ctx, shape, rid, rights);
      if (!row || Number(row[shape.main.upper.dataStatus]) !== DATA_STATUS.normal) continue;
      await data.save(ctx, shape, { ...fields, [shape.main.upper.id]: rid }, req.lang, rights, whoOf(req));
      updated++;
    }
    return ok({ updated });
  });

  const idsBody = z.object({ appId: id, ids: idsField });
  app.post(`${BASE}/removeBizData`, { schema: { tags: [TAG], summary: 'Remove records (ids) in status 1 with their child rows; others are skipped with a warning', body: idsBody } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'delete');
    const r = await data.remove(ctxOf(req), shape, parseIds(req.body.ids), rights, whoOf(req));
    // the spec's warning: only normal records are removed (the others stay, counted)
    return ok(r, r.skipped ? t(MSG.skippedNotNormal, req.lang, { n: r.skipped }) : undefined);
  });
  app.post(`${BASE}/removeBizChildData`, { schema: { tags: [TAG], summary: 'Remove child rows (ids) of one child table (tableName) of records in status 1', body: z.object({ appId: id, tableName: z.string().max(48), ids: idsField }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'delete');
    const c = shape.children.find((x) => x.prop === req.body.tableName || x.model.modelTable === req.body.tableName);
    if (!c) throw new ApiError(400, MSG.noChildTable);
    const ctx = ctxOf(req);
    const ids = parseIds(req.body.ids);
    const rows = await c.repo.select(ctx).where(c.key, 'in', ids).execute();
    const parents = new Set(rows.map((r) => String(r[c.parentKey!])));
    for (const p of parents) {
      const main = await data.detail(ctx, shape, p, rights);
      if (!main || Number(main[shape.main.upper.dataStatus]) !== DATA_STATUS.normal) throw new ApiError(400, MSG.onlyNormalEdit);
    }
    const who = whoOf(req);
    const removed = await db.transaction().execute(async (tx) => {
      for (const r of rows) await writeAudit(tx, who, { appId: shape.appId, module: 'dataManagement', bizId: String(r[c.parentKey!]), operate: 'update', before: { [c.prop]: [data.present(c, r, rights)] }, after: { [c.prop]: [] } });
      return c.repo.remove(ctx, rows.map((r) => String(r[c.key])), tx);
    });
    return ok({ removed });
  });
  app.post(`${BASE}/regainBizData`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'A page of removed records (the recycle bin), newest removal first', body: z.object({ appId: id, ...paging }) } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'delete');
    return records(await data.removedPage(ctxOf(req), shape, req.body, rights));
  });
  app.post(`${BASE}/regainUpdateBizData`, { schema: { tags: [TAG], summary: 'Bring removed records (ids) back with their child rows', body: idsBody } }, async (req) => {
    const { shape, rights } = await shapeFor(req, req.body.appId, 'delete');
    return ok({ restored: await data.restore(ctxOf(req), shape, parseIds(req.body.ids), rights, whoOf(req)) });
  });
}
