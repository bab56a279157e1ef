// The personal data centre (001 §7.2; issue 16 "personalData"): categories an administrator designs
// (获奖情况, 证书资质 …: each a designed form, /api/blade-data/personalCategory, portal_personal) and
// each person's own entries of them (/api/blade-data/personal). An entry's values are checked by the
// category's form with the one form validator (Directory.formErrors, as workflow forms and micro-app
// records are); values of fields the form does not have are not kept. A category whose `multiple` is
// 0 holds one entry per person: saving another replaces it.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { checkDesign, columnsOf, LAYOUT_TYPES, personalDataCategoryModel, personalDataModel, typeOf, type FormOption } from '@campus/schema';
import { dynamic } from '../../db/index.ts';
import { isId, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError, failText } from '../../http/errors.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import { zmsg, type Message } from '../../http/messages.ts';
import { modelRepo, modelResource } from '../../http/model-resource.ts';
import { checkFormPatterns } from '../workflow/service.ts';
import type { RouteFn } from '../module.ts';

export const PERSONAL_MSG = {
  categoryRequired: ['请选择分类', 'Please choose the category'],
  categoryMissing: ['分类不存在或已停用', 'The category does not exist or is disabled'],
  contentRequired: ['请填写内容', 'Please fill in the values'],
  contentInvalid: ['内容须为对象', 'The values must be an object'],
  contentTooLong: ['内容过长', 'The values are too long'],
  entryMissing: ['个人数据不存在', 'The entry does not exist'],
  noFields: ['请设计分类的字段', 'Please design the fields of the category'],
  badForm: ['字段设计不正确：{problems}', 'The fields are not designed correctly: {problems}'],
} as const satisfies Record<string, Message>;

const TAG = 'portal';
const P = personalDataModel.api;
/** How many entries personalData answers at most (a person's own: far fewer in practice). */
const MAX_ENTRIES = 1000;
/** personal data content's column length (the model's) */
const CONTENT_LENGTH = personalDataModel.fields.content.length;

const parseObject = (v: unknown): Row | null => {
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  if (typeof v !== 'string' || !v.trim().startsWith('{')) return null;
  try {
    const o = JSON.parse(v) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Row) : null;
  } catch {
    return null;
  }
};

/** A category's designed form, or null when it has no field to fill. */
export function categoryForm(formContent: unknown): FormOption | null {
  const o = parseObject(formContent) as FormOption | null;
  if (!o || (o.column !== undefined && !Array.isArray(o.column)) || (o.group !== undefined && !Array.isArray(o.group))) return null;
  return valueFields(o).length ? o : null;
}

/** The props of the fields that hold a value (layout entries hold none). */
const valueFields = (o: FormOption) => columnsOf(o).filter((c) => !LAYOUT_TYPES.has(typeOf(c))).map((c) => c.prop);

/** An id as JSON or a form sends it; missing or not an id alike answer the given message. */
const zKey = (m: Message) => z.unknown().refine((v) => (typeof v === 'string' || typeof v === 'number') && isId(String(v)), zmsg(m)).transform(String);
const saveBody = z.object({
  id: z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))).refine((v) => v === undefined || isId(v), zmsg(PERSONAL_MSG.entryMissing)),
  categoryId: zKey(PERSONAL_MSG.categoryRequired),
  content: z.unknown().refine((v) => v !== undefined && v !== null && v !== '', zmsg(PERSONAL_MSG.contentRequired)),
});
const delBody = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  ids: z.union([z.string().max(20000), z.array(z.union([z.string(), z.number()])).max(1000)]).optional(),
});

export const personalRoutes: RouteFn = async (app, deps) => {
  const { db, directory } = deps;
  const entries = modelRepo(db, personalDataModel);
  const langOf = (req: FastifyRequest): 'zh' | 'en' => (req.lang === 'en' ? 'en' : 'zh');

  /** An enabled category of the caller's tenant, or null. */
  const enabledCategory = async (tenantId: string, id: string): Promise<Row | null> =>
    ((await dynamic(scoped(db, tenantId)).selectFrom(personalDataCategoryModel.table).selectAll()
      .where('id', '=', id).where('isDeleted', '=', 0).where('status', '=', 1).executeTakeFirst()) as Row | undefined) ?? null;

  const entryOut = (r: Row) => ({ id: String(r.id), categoryId: String(r.categoryId), content: parseObject(r.content) ?? {}, createTime: r.createTime, updateTime: r.updateTime ?? null });

  app.get(`${P}/personalDataCategory`, {
    schema: { tags: [TAG], summary: '个人数据分类: the enabled categories of the tenant in their order, each with its fields (formContent, the designed form as JSON text), multiple (0: one entry) and the caller\'s count of entries' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const t = dynamic(scoped(db, ctx.tenantId));
    const [cats, counts] = await Promise.all([
      t.selectFrom(personalDataCategoryModel.table).select(['id', 'name', 'nameEn', 'icon', 'formContent', 'multiple', 'sort'])
        .where('isDeleted', '=', 0).where('status', '=', 1).orderBy('sort').orderBy('id').execute(),
      t.selectFrom(personalDataModel.table).select(['categoryId', sql<string>`count(*)`.as('n')])
        .where('isDeleted', '=', 0).where('createUser', '=', ctx.userId).groupBy('categoryId').execute(),
    ]);
    const countOf = new Map(counts.map((c) => [String(c.categoryId), Number(c.n)]));
    return ok(cats.map((c) => ({ ...c, id: String(c.id), count: countOf.get(String(c.id)) ?? 0 })));
  });

  app.get(`${P}/personalData`, {
    schema: {
      tags: [TAG], summary: `个人数据: the caller's own entries (of one category with categoryId, else of all), newest first, at most ${MAX_ENTRIES}: [{ id, categoryId, content (an object), createTime, updateTime }]`,
      querystring: z.object({ categoryId: z.string().max(19).optional().refine((v) => !v || isId(v), zmsg(PERSONAL_MSG.categoryRequired)) }),
    },
  }, async (req) => {
    const ctx = ctxOf(req);
    let qb = entries.select(ctx);
    if (req.query.categoryId) qb = qb.where('categoryId', '=', req.query.categoryId);
    const rows = await qb.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(MAX_ENTRIES).execute();
    return ok(rows.map(entryOut));
  });

  app.post(`${P}/savePersonalData`, {
    schema: {
      tags: [TAG], body: saveBody,
      summary: '保存个人数据: { id? (one of the caller\'s entries), categoryId (an enabled category), content (an object, or its JSON text) }. The values are checked by the category\'s form '
        + '(the one form validator; 400 with every problem joined by " | ", nothing stored) and only its fields are kept; in a category with multiple 0 a new entry replaces the caller\'s one. Answers the entry.',
    },
  }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    const category = await enabledCategory(ctx.tenantId, b.categoryId);
    if (!category) throw new ApiError(400, PERSONAL_MSG.categoryMissing);
    const form = categoryForm(category.formContent);
    if (!form) throw new ApiError(400, PERSONAL_MSG.noFields);
    assertJsonDepth(b.content);
    const given = parseObject(b.content);
    if (!given) throw new ApiError(400, PERSONAL_MSG.contentInvalid);
    const values: Row = {};
    for (const prop of valueFields(form)) if (given[prop] !== undefined) values[prop] = given[prop];
    const errors = await directory.formErrors(ctx.tenantId, form, values, langOf(req));
    if (errors.length) throw failText(errors.join(' | '));
    const content = JSON.stringify(values);
    if (content.length > CONTENT_LENGTH) throw new ApiError(400, PERSONAL_MSG.contentTooLong);
    const saved = await db.transaction().execute(async (tx) => {
      let id = b.id;
      if (id) {
        const mine = await entries.select(ctx, tx).where('id', '=', id).executeTakeFirst();
        if (!mine || String(mine.categoryId) !== b.categoryId) throw new ApiError(400, PERSONAL_MSG.entryMissing);
      } else if (Number(category.multiple) === 0) {
        // one entry per person: two saves at once wait for each other, so the second replaces the first
        await sql`select pg_advisory_xact_lock(hashtext(${`personal:${ctx.tenantId}:${ctx.userId}:${b.categoryId}`}))`.execute(tx);
        const one = await entries.select(ctx, tx).where('categoryId', '=', b.categoryId).orderBy('createTime', 'desc').orderBy('id', 'desc').executeTakeFirst();
        id = one ? String(one.id) : undefined;
      }
      return entries.save(ctx, { ...(id ? { id } : {}), categoryId: b.categoryId, content }, tx);
    });
    return ok(entryOut(saved));
  });

  app.post(`${P}/delPersonalData`, {
    schema: { tags: [TAG], body: delBody, summary: '删除个人数据: { id } or { ids } (a comma list or an array): the caller\'s own entries among them are removed; 400 when none of them is the caller\'s' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const list = [...new Set([req.body.id, ...(Array.isArray(req.body.ids) ? req.body.ids : String(req.body.ids ?? '').split(','))]
      .map((x) => String(x ?? '').trim()).filter(Boolean))];
    if (!list.length) throw new ApiError(400, 'idsRequired');
    if (!list.every(isId)) throw new ApiError(400, PERSONAL_MSG.entryMissing);
    const removed = await entries.remove(ctx, list);
    if (!removed) throw new ApiError(400, PERSONAL_MSG.entryMissing);
    return ok(removed);
  });

  // the categories: a designed form each (fields with props, patterns the server can run)
  modelResource(app, db, personalDataCategoryModel, {
    tag: TAG,
    beforeSave: (_ctx, e) => {
      if (e.id && e.formContent === undefined) return;
      const o = parseObject(e.formContent) as FormOption | null;
      if (!o || !categoryForm(o)) throw new ApiError(400, PERSONAL_MSG.noFields);
      const problems = checkDesign(o);
      if (problems.length) throw new ApiError(400, PERSONAL_MSG.badForm, { problems: problems.map((p) => ('prop' in p ? p.prop : p.label || p.kind)).join(', ').slice(0, 200) });
      checkFormPatterns(e.formContent);
    },
  });
};
