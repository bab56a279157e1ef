// Users to and from Excel (exceljs): export of the filtered list, a template, and import that
// creates (or with isCovered=1 also updates) accounts by department, role and post NAMES.
import type { FastifyReply } from 'fastify';
import type ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { z } from 'zod';
import { userModel } from '@campus/schema';
import { nextId } from '../../db/ids.ts';
import { isId } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ctxOf } from '../../http/crud.ts';
import { modelRepo } from '../../http/model-resource.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { t } from '../../http/messages.ts';
import { checkXlsx, readImportFile, type ImportLimits } from '../../http/xlsx-guard.ts';
import { hashPassword, md5 } from '../auth/password.ts';
import type { ModuleDeps } from '../index.ts';
import { MSG } from './messages.ts';
import { likeContains } from '../../db/like.ts';
import type { TypedApp } from '../../http/contract.ts';

const COLUMNS = [
  { key: 'account', zh: '账号', en: 'Account', width: 16 },
  { key: 'realName', zh: '姓名', en: 'Name', width: 14 },
  { key: 'name', zh: '昵称', en: 'Nickname', width: 14 },
  { key: 'email', zh: '邮箱', en: 'E-mail', width: 24 },
  { key: 'phone', zh: '手机', en: 'Phone', width: 14 },
  { key: 'sex', zh: '性别', en: 'Sex', width: 8 },
  { key: 'deptName', zh: '部门', en: 'Department', width: 20 },
  { key: 'roleName', zh: '角色', en: 'Role', width: 20 },
  { key: 'postName', zh: '岗位', en: 'Post', width: 16 },
] as const;
const F = userModel.fields;
/** The sex labels a sheet shows and reads (the model's options, in Chinese as the sheet always was). */
const SEX = Object.fromEntries(F.sex.options.map((o) => [o.value, o.label[0]])) as Record<number, string>;
/** A cell's text as the column takes it: the model's checks of account and phone, its lengths. */
const ACCOUNT = new RegExp(F.account.pattern), PHONE = new RegExp(F.phone.pattern);
const cut = (v: string, f: { length: number }) => v.slice(0, f.length);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sendBook(reply: FastifyReply, book: ExcelJS.Workbook, fileName: string) {
  const buf = Buffer.from(await book.xlsx.writeBuffer());
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  return reply.type(XLSX).send(buf);
}

/** exceljs, loaded at the first Excel call: it is ~0.6 s of CPU at every start otherwise */
const workbook = async (): Promise<ExcelJS.Workbook> => new (await import('exceljs')).default.Workbook();

async function sheet(lang: 'zh' | 'en') {
  const book = await workbook();
  const ws = book.addWorksheet(lang === 'en' ? 'Users' : '用户');
  ws.columns = COLUMNS.map((c) => ({ header: lang === 'en' ? c.en : c.zh, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true };
  return { book, ws };
}

export async function userExcelRoutes(app: TypedApp, { db, menus, config }: ModuleDeps) {
  const limits: ImportLimits = { maxBytes: config.importMaxBytes, maxUncompressedBytes: config.importMaxUncompressedBytes, maxRows: config.importMaxRows };
  /** the users as the user list reads them: the caller's tenant, narrowed by the data scope of resource "user" */
  const users = modelRepo(db, userModel, { dataScope: 'user' });
  const names = async (tenantId: string) => {
    const tenant = scoped(db, tenantId);
    const [d, r, p] = await Promise.all([
      tenant.selectFrom('bladeDept').select(['id', 'deptName as name']).where('isDeleted', '=', 0).execute(),
      tenant.selectFrom('bladeRole').select(['id', 'roleName as name']).where('isDeleted', '=', 0).execute(),
      tenant.selectFrom('bladePost').select(['id', 'postName as name']).where('isDeleted', '=', 0).execute(),
    ]);
    const map = (rows: { id: unknown; name: unknown }[]) => ({ byId: new Map(rows.map((x) => [String(x.id), String(x.name)])), byName: new Map(rows.map((x) => [String(x.name), String(x.id)])) });
    return { dept: map(d), role: map(r), post: map(p) };
  };

  app.get('/api/blade-system/user/export-user', {
    schema: { tags: ['system'], summary: 'The users (filters account, realName) as an xlsx file', querystring: z.object({ account: z.string().max(45).optional(), realName: z.string().max(30).optional() }).passthrough() },
    config: { permission: 'user_export', file: { detail: '/api/blade-system/user/list' } },
  }, async (req, reply) => {
    const ctx = ctxOf(req);
    const q = req.query;
    let qb = (await users.scoped(ctx)).where('status', '<>', 2).orderBy('account').limit(100_000);
    if (q.account) qb = qb.where('account', 'ilike', likeContains(q.account));
    if (q.realName) qb = qb.where('realName', 'ilike', likeContains(q.realName));
    const [rows, n] = await Promise.all([qb.execute(), names(ctx.tenantId)]);
    const { book, ws } = await sheet(req.lang);
    const label = (m: Map<string, string>, csv: unknown) => String(csv ?? '').split(',').map((id) => m.get(id)).filter(Boolean).join(',');
    for (const u of rows) {
      ws.addRow({ account: u.account, realName: u.realName, name: u.name, email: u.email, phone: u.phone, sex: SEX[Number(u.sex)] ?? '',
        deptName: label(n.dept.byId, u.deptId), roleName: label(n.role.byId, u.roleId), postName: label(n.post.byId, u.postId) });
    }
    return sendBook(reply, book, req.lang === 'en' ? 'users.xlsx' : '用户数据.xlsx');
  });

  app.get('/api/blade-system/user/export-template', { schema: { tags: ['system'], summary: 'An empty xlsx with the import columns' }, config: { permission: 'user_import', file: { detail: '/api/blade-system/user/list' } } }, async (req, reply) =>
    sendBook(reply, (await sheet(req.lang)).book, req.lang === 'en' ? 'user-template.xlsx' : '用户导入模板.xlsx'));

  app.post('/api/blade-system/user/import-user', {
    schema: { tags: ['system'], summary: 'Import users from xlsx (multipart file); isCovered=1 updates existing accounts, otherwise they are skipped. New accounts get the initial password. Answers {created, updated, skipped, errors}. A file past IMPORT_MAX_BYTES (10 MB), IMPORT_MAX_UNCOMPRESSED_BYTES once unzipped (50 MB) or IMPORT_MAX_ROWS data rows (10,000) is refused with 400 and nothing is imported', querystring: z.object({ isCovered: z.enum(['0', '1']).optional() }).passthrough() },
    config: { permission: 'user_import' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const { file, buf } = await readImportFile(req, 'file', limits);
    if (!/\.xlsx$/i.test(file.filename)) throw new ApiError(400, MSG.importBadFile);
    // sizes and rows checked on the zip itself, before exceljs inflates and parses it
    await checkXlsx(buf, limits, new ApiError(400, MSG.importBadFile));
    const book = await workbook();
    try {
      await book.xlsx.load(buf as unknown as ArrayBuffer);
    } catch {
      throw new ApiError(400, MSG.importBadFile);
    }
    const ws = book.worksheets[0];
    if (!ws || ws.rowCount < 2) throw new ApiError(400, MSG.importEmpty);
    // columns by header text (zh or en), so a re-ordered sheet still imports
    const col = new Map<string, number>();
    ws.getRow(1).eachCell((cell, i) => {
      const h = String(cell.value ?? '').trim();
      const c = COLUMNS.find((x) => x.zh === h || x.en.toLowerCase() === h.toLowerCase());
      if (c) col.set(c.key, i);
    });
    if (!col.has('account') || !col.has('realName')) throw new ApiError(400, MSG.importBadFile);
    const covered = req.query.isCovered === '1';
    const n = await names(ctx.tenantId);
    const tenant = scoped(db, ctx.tenantId);
    const param = await tenant.selectFrom('bladeParam').select('paramValue').where('paramKey', '=', 'account.initPassword').where('isDeleted', '=', 0).executeTakeFirst();
    const initial = await hashPassword(md5(String(param?.paramValue ?? '123456')));
    const result = { created: 0, updated: 0, skipped: 0, errors: [] as string[] };
    const ids = (m: Map<string, string>, v: string, what: string) => {
      const out: string[] = [];
      for (const name of v.split(/[,，]/).map((s) => s.trim()).filter(Boolean)) {
        const id = m.get(name);
        if (!id) throw new Error(`${what}「${name}」`);
        out.push(id);
      }
      return out.join(',');
    };
    // the rows present (checkXlsx capped their number), not 2..rowCount: a lone row numbered 1,000,000 is one row
    const present: number[] = [];
    ws.eachRow((_, r) => { if (r > 1) present.push(r); });
    for (const r of present) {
      const row = ws.getRow(r);
      const cell = (k: string) => { const i = col.get(k); const v = i ? row.getCell(i).value : null; return String((v && typeof v === 'object' && 'text' in v ? v.text : v) ?? '').trim(); };
      const account = cell('account');
      if (!account && !cell('realName')) continue;
      try {
        if (!ACCOUNT.test(account) || account.length > F.account.length) throw new Error(t('invalid', req.lang, { field: 'account' }));
        if (!cell('realName')) throw new Error(t('required', req.lang, { field: 'realName' }));
        const phone = cell('phone');
        if (phone && !PHONE.test(phone)) throw new Error(t('invalid', req.lang, { field: 'phone' }));
        const sexText = cell('sex');
        const values = {
          realName: cut(cell('realName'), F.realName), name: cut(cell('name'), F.name) || null, email: cut(cell('email'), F.email) || null, phone: phone || null,
          sex: Number(Object.entries(SEX).find(([, v]) => v === sexText)?.[0] ?? 3),
          deptId: ids(n.dept.byName, cell('deptName'), '部门'), roleId: ids(n.role.byName, cell('roleName'), '角色'), postId: ids(n.post.byName, cell('postName'), '岗位'),
        };
        const existing = await tenant.selectFrom('bladeUser').select('id').where('account', '=', account).where('isDeleted', '=', 0).executeTakeFirst();
        if (existing) {
          if (!covered) { result.skipped++; continue; }
          await tenant.updateTable('bladeUser').set({ ...values, updateUser: ctx.userId, updateTime: sql`now()` }).where('id', '=', String(existing.id)).execute();
          result.updated++;
        } else {
          await tenant.insertInto('bladeUser').values({ id: nextId(), tenantId: ctx.tenantId, account, password: initial, ...values, createUser: ctx.userId, createDept: ctx.deptId.split(',').find(isId) ?? null }).execute();
          result.created++;
        }
      } catch (e) {
        result.errors.push(t(MSG.importRow, req.lang, { row: r, msg: (e as Error).message }));
      }
    }
    menus.clearCache();
    return ok(result);
  });
}
