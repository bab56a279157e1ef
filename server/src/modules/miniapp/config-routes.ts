// The settings of a micro-app (001 §3.2, §7.1; contract "App settings" of issue 15):
//   /api/appSysConfig/appSysConfig     detail?appId (defaults when never saved), submit: page size,
//                                      pre-read notice (≤ 3 attachments of ≤ 10 MB), watermark
//   /api/appOperate/appOperate         the standard buttons' labels, order and on/off (list, detail,
//                                      submit, remove, batchSubmit; buttons?appId: all ten as the
//                                      data screen shows them to the caller)
//   /api/appDataSource/appDataSource   option sources of select fields (list, detail, submit, remove,
//                                      options?id, preview): a dictionary (through the organisation
//                                      directory), one SELECT (only through the user-SQL executor:
//                                      read-only, the caller's tenant, time-limited) or the values of
//                                      a field of another app of the tenant (BizData, the caller's rights)
// The app's creator or the administrator role change them (the one evaluator's `manager`); anyone
// with access to the app reads them. Every change is in the app's audit log (module appDesign).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  APP_OPERATE_DEFAULTS, APP_PAGE_SIZES, PRE_READ_MAX_BYTES, PRE_READ_MAX_FILES, appDataSourceModel, appOperateModel, appSysConfigModel, kindRefusal, sourceOfDicUrl,
  type AppSysConfig, type PreReadFile,
} from '@campus/schema';
import { parseIds, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me, type AuthUser } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { modelBody, modelRepo } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../index.ts';
import { whoOf, writeAudit } from './audit.ts';
import { BizData, type SourceValues } from './biz-data.ts';
import { MSG } from './messages.ts';
import { AppPermissions, fieldRight, type AppRights } from './permissions.ts';
import { MiniTables } from './tables.ts';

export const CONFIG_MSG = {
  badPageSize: ['每页条数须为 10、30、50、100 或 200', 'Rows per page must be 10, 30, 50, 100 or 200'],
  badReadTime: ['阅读时长须在 1 到 9999 秒之间', 'The reading time must be from 1 to 9999 seconds'],
  preReadTitle: ['启用预读时请输入预读标题', 'Please enter the pre-read title when pre-read is on'],
  tooManyFiles: ['相关附件最多 {n} 个', 'At most {n} attachments'],
  badFile: ['相关附件须有文件名和以 http(s) 或 / 开头的地址', 'Each attachment needs a file name and an http(s) address or a path of this site'],
  illegalFile: ['不允许上传此类附件：{name}', 'This kind of file is not allowed: {name}'],
  fileTooLarge: ['附件“{name}”超过 10 MB', 'The attachment "{name}" is larger than 10 MB'],
  unknownOperate: ['不支持的按钮：{code}', 'No such button: {code}'],
  operateTaken: ['按钮“{code}”已经配置过', 'The button "{code}" is already set'],
  noSource: ['数据源不存在', 'The option source does not exist'],
  notOfApp: ['该设置不属于此应用', 'This setting does not belong to the app'],
  dictNeeded: ['请选择字典', 'Please choose the dictionary'],
  noDict: ['字典“{code}”不存在', 'The dictionary "{code}" does not exist'],
  sqlNeeded: ['请输入 SQL 语句', 'Please enter the SQL statement'],
  sqlColumns: ['SQL 查询须返回 label 和 value 两列', 'The SQL query must answer the columns label and value'],
  refNeeded: ['请选择引用的应用和字段', 'Please choose the app and the field to read'],
  noRefField: ['应用“{app}”没有字段“{field}”', 'The app "{app}" has no field "{field}"'],
  refHidden: ['您无权查看应用“{app}”的字段“{field}”', 'You may not see the field "{field}" of the app "{app}"'],
} satisfies Record<string, Message>;

const TAG = 'miniapp';
const ID = /^\d{1,19}$/;
const zId = z.union([z.string().regex(ID), z.number().int().nonnegative().transform(String)]);
const appQuery = z.object({ appId: z.string().regex(ID) });
const idQuery = z.object({ id: z.string().regex(ID) });
const idsQuery = z.object({ ids: z.string().max(20000) });
const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).optional();
/** A 0/1 setting as stored (undefined: left out, keeps its value). */
const bit = (v: boolean | number | string | undefined) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);
/** Most options a source answers. */
const MAX_OPTIONS = 1000;
const LINK = /^(https?:\/\/\S+|\/\S*)$/;
/** Which right shows each standard button (import adds records, export and copy read them, batch edit changes them). */
const RIGHT_OF: Record<string, string> = { import: 'add', export: 'view', copy: 'add', batchEdit: 'edit' };
const CODES = new Set<string>(APP_OPERATE_DEFAULTS.map((o) => o.operateCode));

const sysConfigBody = z.object({
  appId: zId,
  pageSize: z.coerce.number().optional(),
  preRead: z.object({
    enable: flag, compelRead: flag,
    title: z.string().max(100).nullish(),
    readTime: z.coerce.number().optional(),
    relationFiles: z.array(z.object({ name: z.string().max(255), link: z.string().max(1000), size: z.coerce.number().nonnegative().optional() })).max(50).nullish(),
    body: z.string().max(200000).nullish(),
  }).optional(),
  watermark: flag,
});
const operateRow = z.object({
  operateCode: z.string().max(16), operateName: z.string().trim().min(1).max(32), operateNameEn: z.string().trim().max(64).nullish(),
  enabled: z.coerce.number().int().min(0).max(1).optional(), sort: z.coerce.number().int().min(0).max(99999).optional(),
});

/**
 * The options of the micro-apps' option sources: what options?id answers, and (values) what a saved
 * record's field naming /api/appDataSource/appDataSource/options?id=… is checked against — a source of
 * the record's own app, answered for the saving person; one it cannot answer offers no value.
 */
export function sourceOptions({ db, directory, userSql }: Pick<ModuleDeps, 'db' | 'directory' | 'userSql'>): { of: (ctx: Ctx, user: AuthUser, s: Row) => Promise<{ label: string; value: string }[]>; values: SourceValues } {
  const permissions = new AppPermissions(db);
  const data = new BizData(db, new MiniTables(db), directory);
  const sources = modelRepo(db, appDataSourceModel);
  /** The options of a source for this person (400 with a clear message when it cannot answer). */
  const of = async (ctx: Ctx, user: AuthUser, s: Row): Promise<{ label: string; value: string }[]> => {
    if (s.sourceType === 'dict') {
      const code = String(s.dictCode ?? '').trim();
      if (!code) throw new ApiError(400, CONFIG_MSG.dictNeeded);
      const list = await directory.dictOptions(code);
      if (!list) throw new ApiError(400, CONFIG_MSG.noDict, { code: code.slice(0, 64) });
      return list.slice(0, MAX_OPTIONS);
    }
    if (s.sourceType === 'sql') {
      const text = String(s.sqlContent ?? '').trim();
      if (!text) throw new ApiError(400, CONFIG_MSG.sqlNeeded);
      const rows = await userSql.query({ tenantId: ctx.tenantId, sql: text, maxRows: MAX_OPTIONS });
      if (rows.length && !('label' in rows[0] && 'value' in rows[0])) throw new ApiError(400, CONFIG_MSG.sqlColumns);
      return rows.map((r) => ({ label: String(r.label ?? ''), value: String(r.value ?? '') }));
    }
    // another app's field, read with the caller's rights there: view, the field not hidden, their record range
    const refAppId = String(s.refAppId ?? '');
    const field = String(s.refField ?? '');
    if (!ID.test(refAppId) || !field) throw new ApiError(400, CONFIG_MSG.refNeeded);
    const rights = await permissions.inApp(ctx.tenantId, refAppId, user).then((x) => x.rights);
    if (!rights.access) throw new ApiError(403, MSG.noAppAccess);
    if (!rights.operates.has('view')) throw new ApiError(403, MSG.noOperate);
    const shape = await data.shape(ctx.tenantId, refAppId);
    if (!shape.main.items.some((it) => it.fieldName === field)) throw new ApiError(400, CONFIG_MSG.noRefField, { app: shape.appName, field: field.slice(0, 40) });
    if (fieldRight(rights, shape.main.model.id, field).hide) throw new ApiError(403, CONFIG_MSG.refHidden, { app: shape.appName, field });
    const page = await data.page(ctx, shape, { current: 1, size: MAX_OPTIONS, sort: field }, rights, MAX_OPTIONS);
    const seen = new Set<string>();
    for (const r of page.records) {
      const v = r[field];
      if (v !== null && v !== undefined && v !== '') seen.add(String(v));
    }
    return [...seen].map((v) => ({ label: v, value: v }));
  };

  const values: SourceValues = (ctx, user, appId) => async (urls) => {
    const out = new Map<string, ReadonlySet<string>>();
    for (const url of urls) {
      const id = sourceOfDicUrl(url);
      const row = id ? await sources.detail(ctx, id) : undefined;
      if (!row || String(row.appId) !== appId) continue;
      try {
        out.set(url, new Set((await of(ctx, user, row)).map((o) => o.value)));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e; // it cannot answer this person: no value of it is accepted
      }
    }
    return out;
  };
  return { of, values };
}

export async function configRoutes(app: TypedApp, { db, directory, userSql }: ModuleDeps) {
  const permissions = new AppPermissions(db);
  const options = sourceOptions({ db, directory, userSql });
  const configs = modelRepo(db, appSysConfigModel);
  const operates = modelRepo(db, appOperateModel);
  const sources = modelRepo(db, appDataSourceModel);

  /** The caller's rights in a live app of the tenant (400: none such); read: access (403 "no access"), manage: its creator or an administrator (403). */
  const rightsIn = async (req: FastifyRequest, appId: string, need: 'read' | 'manage'): Promise<AppRights> => {
    const { rights } = await permissions.inApp(me(req).tenantId, appId, me(req));
    if (need === 'manage' && !rights.manager) throw new ApiError(403, MSG.onlyAdmins);
    if (!rights.access) throw new ApiError(403, MSG.noAppAccess);
    return rights;
  };
  const audited = async <T extends Row>(req: FastifyRequest, appId: string, before: Row | null, write: (tx: typeof db) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (tx) => {
      const saved = await write(tx);
      await writeAudit(tx, whoOf(req), { appId, module: 'appDesign', bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
      return saved;
    });

  // ---- system config: one row per app ----
  const configOf = async (ctx: Ctx, appId: string): Promise<Row | null> =>
    (await configs.select(ctx).where('appId', '=', appId).executeTakeFirst()) ?? null;
  const present = (appId: string, r: Row | null): AppSysConfig => {
    let files: unknown = [];
    try { files = r?.preReadFiles ? JSON.parse(String(r.preReadFiles)) : []; } catch { files = []; }
    return {
      id: r?.id ? String(r.id) : null, appId, pageSize: Number(r?.pageSize ?? 10), watermark: Number(r?.watermark ?? 0),
      preRead: {
        enable: Number(r?.preReadEnable ?? 0), compelRead: Number(r?.preReadCompel ?? 0), title: (r?.preReadTitle as string | null) ?? '',
        readTime: Number(r?.preReadTime ?? 5), relationFiles: Array.isArray(files) ? (files as PreReadFile[]) : [], body: (r?.preReadBody as string | null) ?? '',
      },
    };
  };
  app.get(`${appSysConfigModel.api}/detail`, { schema: { tags: [TAG], summary: 'An app\'s settings {appId, pageSize, preRead {enable, compelRead, title, readTime, relationFiles [{name, link}], body}, watermark}; defaults when never saved (anyone with access to the app)', querystring: appQuery } }, async (req) => {
    await rightsIn(req, req.query.appId, 'read');
    return ok(present(req.query.appId, await configOf(ctxOf(req), req.query.appId)));
  });
  app.post(`${appSysConfigModel.api}/submit`, { schema: { tags: [TAG], summary: 'Save an app\'s settings (the shape detail answers; parts left out keep their values; the app\'s creator or an administrator)', body: sysConfigBody } }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    await rightsIn(req, b.appId, 'manage');
    const before = await configOf(ctx, b.appId);
    const row: Row = { appId: b.appId };
    if (before) row.id = before.id;
    if (b.pageSize !== undefined) {
      if (!(APP_PAGE_SIZES as readonly number[]).includes(b.pageSize)) throw new ApiError(400, CONFIG_MSG.badPageSize);
      row.pageSize = b.pageSize;
    }
    if (b.watermark !== undefined) row.watermark = bit(b.watermark);
    const p = b.preRead;
    if (p) {
      const readTime = p.readTime ?? Number(before?.preReadTime ?? 5);
      if (!Number.isInteger(readTime) || readTime < 1 || readTime > 9999) throw new ApiError(400, CONFIG_MSG.badReadTime);
      const title = (p.title ?? '').trim();
      const enable = bit(p.enable) ?? Number(before?.preReadEnable ?? 0);
      if (enable && !title) throw new ApiError(400, CONFIG_MSG.preReadTitle);
      const files = p.relationFiles ?? [];
      if (files.length > PRE_READ_MAX_FILES) throw new ApiError(400, CONFIG_MSG.tooManyFiles, { n: PRE_READ_MAX_FILES });
      for (const f of files) {
        if (!f.name.trim() || !LINK.test(f.link)) throw new ApiError(400, CONFIG_MSG.badFile);
        if (kindRefusal({ name: f.name }, {})) throw new ApiError(400, CONFIG_MSG.illegalFile, { name: f.name.slice(0, 80) });
        // the stored size of an uploaded attachment of the tenant, else the size the screen reports
        const attach = await scoped(db, ctx.tenantId).selectFrom('bladeAttach').select('attachSize').where('link', '=', f.link).where('isDeleted', '=', 0).executeTakeFirst();
        const size = Number(attach?.attachSize ?? f.size ?? 0);
        if (size > PRE_READ_MAX_BYTES) throw new ApiError(400, CONFIG_MSG.fileTooLarge, { name: f.name.slice(0, 80) });
      }
      Object.assign(row, {
        preReadEnable: enable, preReadCompel: bit(p.compelRead) ?? Number(before?.preReadCompel ?? 0), preReadTitle: title || null, preReadTime: readTime,
        preReadFiles: JSON.stringify(files.map((f) => ({ name: f.name.trim(), link: f.link, ...(f.size !== undefined ? { size: f.size } : {}) }))),
        preReadBody: p.body ?? null,
      });
    }
    const saved = await audited(req, b.appId, before, (tx) => configs.save(ctx, row, tx));
    return ok(present(b.appId, saved));
  });

  // ---- standard buttons ----
  const operateOf = async (req: FastifyRequest, id: string, need: 'read' | 'manage'): Promise<Row | null> => {
    const row = await operates.detail(ctxOf(req), id);
    if (row) await rightsIn(req, String(row.appId), need);
    return row;
  };
  /** Checks a button row of the app (a known code, set once per app) and saves it with its audit entry. */
  const saveOperate = async (req: FastifyRequest, appId: string, body: Row, tx: typeof db): Promise<Row> => {
    const ctx = ctxOf(req);
    const code = String(body.operateCode ?? '');
    if (!CODES.has(code)) throw new ApiError(400, CONFIG_MSG.unknownOperate, { code: code.slice(0, 16) });
    const same = await operates.select(ctx, tx).where('appId', '=', appId).where('operateCode', '=', code).executeTakeFirst();
    let before: Row | null = null;
    if (body.id) {
      // inside the transaction (PGlite has one connection: a read beside it would wait for it)
      before = (await operates.select(ctx, tx).where('id', '=', String(body.id)).executeTakeFirst()) ?? null;
      if (!before) throw new ApiError(400, 'noData');
      if (String(before.appId) !== appId) throw new ApiError(400, CONFIG_MSG.notOfApp);
      if (same && same.id !== before.id) throw new ApiError(400, CONFIG_MSG.operateTaken, { code });
    } else if (same) {
      throw new ApiError(400, CONFIG_MSG.operateTaken, { code });
    }
    const saved = await operates.save(ctx, { ...body, appId, operateCode: code }, tx);
    await writeAudit(tx, whoOf(req), { appId, module: 'appDesign', bizId: String(saved.id), operate: before ? 'update' : 'add', before, after: saved });
    return saved;
  };
  app.get(`${appOperateModel.api}/list`, { schema: { tags: [TAG], summary: 'The button rows saved for an app (appId required), paged; a button without a row has its default label, order and is on', querystring: listQuery } }, async (req) => {
    const appId = String(req.query.appId ?? req.query.appId_equal ?? '');
    if (!ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    await rightsIn(req, appId, 'read');
    return ok(await operates.page(ctxOf(req), req.query, (qb) => qb.where('appId', '=', appId)));
  });
  app.get(`${appOperateModel.api}/buttons`, { schema: { tags: [TAG], summary: 'All ten standard buttons of an app as the data screen shows them: saved label, order and on/off over the defaults, and visible (on and the caller holds the right)', querystring: appQuery } }, async (req) => {
    const rights = await rightsIn(req, req.query.appId, 'read');
    const saved = await operates.select(ctxOf(req)).where('appId', '=', req.query.appId).execute();
    const out = APP_OPERATE_DEFAULTS.map((d, i) => {
      const r = saved.find((x) => x.operateCode === d.operateCode);
      const enabled = r ? Number(r.enabled) : 1;
      const right = RIGHT_OF[d.operateCode] ?? d.operateCode;
      return {
        id: r?.id ?? null, operateCode: d.operateCode, operateName: (r?.operateName as string | undefined) ?? d.operateName,
        operateNameEn: (r?.operateNameEn as string | null | undefined) || d.operateNameEn, enabled, sort: r ? Number(r.sort) : i + 1,
        visible: enabled === 1 && (rights.manager || rights.operates.has(right)),
      };
    });
    return ok(out.sort((a, b) => a.sort - b.sort || CODE_ORDER(a.operateCode) - CODE_ORDER(b.operateCode)));
  });
  app.get(`${appOperateModel.api}/detail`, { schema: { tags: [TAG], summary: 'One button row (data null when missing)', querystring: idQuery } }, async (req) => ok(await operateOf(req, req.query.id, 'read')));
  app.post(`${appOperateModel.api}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change a button row of an app: operateCode add|edit|delete|view|print|template|import|export|copy|batchEdit, once per app', body: modelBody(appOperateModel) } }, async (req) => {
    const appId = String(req.body.appId);
    await rightsIn(req, appId, 'manage');
    return ok(await db.transaction().execute((tx) => saveOperate(req, appId, req.body, tx)));
  });
  app.post(`${appOperateModel.api}/batchSubmit`, { schema: { tags: [TAG], summary: 'Save an app\'s button rows at once (appId, operates: [{operateCode, operateName, operateNameEn, enabled, sort}]); each code once', body: z.object({ appId: zId, operates: z.array(operateRow).max(CODES.size) }) } }, async (req) => {
    const { appId, operates: rows } = req.body;
    await rightsIn(req, appId, 'manage');
    const codes = rows.map((r) => r.operateCode);
    const twice = codes.find((c, i) => codes.indexOf(c) !== i);
    if (twice) throw new ApiError(400, CONFIG_MSG.operateTaken, { code: twice.slice(0, 16) });
    const ctx = ctxOf(req);
    const saved = await operates.select(ctx).where('appId', '=', appId).execute();
    return ok(await db.transaction().execute(async (tx) => {
      const out: Row[] = [];
      for (const r of rows) {
        const have = saved.find((x) => x.operateCode === r.operateCode);
        out.push(await saveOperate(req, appId, { ...r, ...(have ? { id: have.id } : {}) }, tx));
      }
      return out;
    }));
  });
  app.post(`${appOperateModel.api}/remove`, { schema: { tags: [TAG], summary: 'Remove button rows (ids): those buttons are back to their defaults', querystring: idsQuery } }, async (req) => {
    const ctx = ctxOf(req);
    const rows: Row[] = [];
    for (const id of parseIds(req.query.ids)) {
      const r = await operateOf(req, id, 'manage');
      if (r) rows.push(r);
    }
    if (!rows.length) return ok({ removed: 0 });
    return ok({ removed: await db.transaction().execute(async (tx) => {
      for (const r of rows) await writeAudit(tx, whoOf(req), { appId: String(r.appId), module: 'appDesign', bizId: String(r.id), operate: 'del', before: r });
      return operates.remove(ctx, rows.map((r) => String(r.id)), tx);
    }) });
  });

  // ---- option sources ----
  /** What a reader who does not manage the app sees of a source: not its SQL. */
  const sourceFor = (r: Row, rights: AppRights): Row => (rights.manager ? r : { ...r, sqlContent: null });
  const sourceOf = async (req: FastifyRequest, id: string, need: 'read' | 'manage'): Promise<{ row: Row; rights: AppRights } | null> => {
    const row = await sources.detail(ctxOf(req), id);
    if (!row) return null;
    return { row, rights: await rightsIn(req, String(row.appId), need) };
  };

  /** The options of a source for the caller (400 with a clear message when it cannot answer). */
  const optionsOf = (req: FastifyRequest, s: Row) => options.of(ctxOf(req), me(req), s);

  /** What a source of each type needs, checked when it is saved (the SQL by the executor's parser and one run). */
  const checkSource = async (req: FastifyRequest, b: Row): Promise<{ label: string; value: string }[]> => {
    const ctx = ctxOf(req);
    if (b.sourceType === 'dict') {
      Object.assign(b, { sqlContent: null, refAppId: null, refField: null });
    } else if (b.sourceType === 'sql') {
      if (!String(b.sqlContent ?? '').trim()) throw new ApiError(400, CONFIG_MSG.sqlNeeded);
      await userSql.check(String(b.sqlContent));
      Object.assign(b, { dictCode: null, refAppId: null, refField: null });
    } else if (b.sourceType === 'app') {
      if (!b.refAppId || !b.refField) throw new ApiError(400, CONFIG_MSG.refNeeded);
      const ref = await scoped(db, ctx.tenantId).selectFrom('bladeAppInfo').select('id').where('id', '=', String(b.refAppId)).where('isDeleted', '=', 0).executeTakeFirst();
      if (!ref) throw new ApiError(400, MSG.noApp);
      Object.assign(b, { dictCode: null, sqlContent: null });
    } else {
      throw new ApiError(400, 'invalid', { field: 'sourceType' });
    }
    // one run answers what is wrong with it now (no such dictionary, a refused statement, a missing field)
    return optionsOf(req, b);
  };

  const dsBody = modelBody(appDataSourceModel);
  app.get(`${appDataSourceModel.api}/list`, { schema: { tags: [TAG], summary: 'An app\'s option sources (appId required), paged, filters sourceName, sourceType (anyone with access to the app; the SQL only for its managers)', querystring: listQuery } }, async (req) => {
    const appId = String(req.query.appId ?? req.query.appId_equal ?? '');
    if (!ID.test(appId)) throw new ApiError(400, 'invalid', { field: 'appId' });
    const rights = await rightsIn(req, appId, 'read');
    const page = await sources.page(ctxOf(req), req.query, (qb) => qb.where('appId', '=', appId));
    return ok({ ...page, records: page.records.map((r) => sourceFor(r, rights)) });
  });
  app.get(`${appDataSourceModel.api}/detail`, { schema: { tags: [TAG], summary: 'One option source (data null when missing)', querystring: idQuery } }, async (req) => {
    const found = await sourceOf(req, req.query.id, 'read');
    return ok(found ? sourceFor(found.row, found.rights) : null);
  });
  app.get(`${appDataSourceModel.api}/options`, { schema: { tags: [TAG], summary: 'The options of a source as [{label, value}] (at most 1000), for a select field\'s dicUrl; anyone with access to the source\'s app', querystring: idQuery } }, async (req) => {
    const found = await sourceOf(req, req.query.id, 'read');
    if (!found) throw new ApiError(400, CONFIG_MSG.noSource);
    return ok(await optionsOf(req, found.row));
  });
  app.post(`${appDataSourceModel.api}/preview`, { config: { apiLog: false }, schema: { tags: [TAG], summary: 'The options a source would answer, before it is saved (the app\'s creator or an administrator)', body: dsBody } }, async (req) => {
    await rightsIn(req, String(req.body.appId), 'manage');
    const b: Row = { ...req.body };
    return ok(await checkSource(req, b));
  });
  app.post(`${appDataSourceModel.api}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change an option source: sourceType dict (dictCode), sql (sqlContent: one SELECT answering label, value) or app (refAppId, refField)', body: dsBody } }, async (req) => {
    const ctx = ctxOf(req);
    const b: Row = { ...req.body };
    const appId = String(b.appId);
    await rightsIn(req, appId, 'manage');
    const before = b.id ? (await sources.detail(ctx, String(b.id))) ?? null : null;
    if (b.id && !before) throw new ApiError(400, 'noData');
    if (before && String(before.appId) !== appId) throw new ApiError(400, CONFIG_MSG.notOfApp);
    await checkSource(req, b);
    return ok(await audited(req, appId, before, (tx) => sources.save(ctx, b, tx)));
  });
  app.post(`${appDataSourceModel.api}/remove`, { schema: { tags: [TAG], summary: 'Remove option sources (ids; their apps\' creators or administrators)', querystring: idsQuery } }, async (req) => {
    const ctx = ctxOf(req);
    const rows: Row[] = [];
    for (const id of parseIds(req.query.ids)) {
      const found = await sourceOf(req, id, 'manage');
      if (found) rows.push(found.row);
    }
    if (!rows.length) return ok({ removed: 0 });
    return ok({ removed: await db.transaction().execute(async (tx) => {
      for (const r of rows) await writeAudit(tx, whoOf(req), { appId: String(r.appId), module: 'appDesign', bizId: String(r.id), operate: 'del', before: r });
      return sources.remove(ctx, rows.map((r) => String(r.id)), tx);
    }) });
  });
}

const CODE_ORDER = (code: string) => APP_OPERATE_DEFAULTS.findIndex((d) => d.operateCode === code);
