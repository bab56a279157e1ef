// Data models of the micro-app builder (001 §7.1):
//   /api/blade-model/model          models: the four calls, listByIds, table-list, table-info, readTable,
//                                   model-prototype, submit-list (a model's fields at once), createTable,
//                                   changeCategory, initFields
//   /api/blade-modelitem/model_item their fields: the four calls, listByModel, buildModelItemColumns,
//                                   buildModelColumnsWithChildren (the designed-form columns of the data screen)
// Only the administrator role designs (001 §6); every call is refused to others before it runs.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { formColumnOfItem, miniModelItemModel, miniModelModel, snake } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import { parseIds, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { isAdministrator, me } from '../../http/auth.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { modelBody, modelResource } from '../../http/model-resource.ts';
import type { ModuleDeps } from '../index.ts';
import { modelColumns } from './app-routes.ts';
import { whoOf } from './audit.ts';
import { MSG } from './messages.ts';
import { fieldNameProblem, isSearchableType, keyColumns, MiniTables, physicalTable, type ItemRow, type ModelRow } from './tables.ts';

const TAG = 'miniapp';
const idParam = z.string().regex(/^\d{1,19}$/);
const idsParam = z.string().max(20000);

/** The columns every table of a model has besides its fields (model-prototype): read-only, made by createTable. */
const PROTOTYPE = (table: string, parent?: string) => [
  { fieldName: `${table}_id`, fieldLabel: '主键', fieldLabelEn: 'Key', fieldType: 'bigint' },
  ...(parent ? [{ fieldName: `${parent}_id`, fieldLabel: '主表记录', fieldLabelEn: 'Main record', fieldType: 'bigint' }] : []),
  { fieldName: `${table}_data_status`, fieldLabel: '数据状态', fieldLabelEn: 'Data status', fieldType: 'int' },
  { fieldName: `${table}_data_from`, fieldLabel: '数据来源', fieldLabelEn: 'Data source', fieldType: 'varchar(16)' },
  { fieldName: 'tenant_id', fieldLabel: '租户', fieldLabelEn: 'Tenant', fieldType: 'varchar(12)' },
  { fieldName: 'create_user', fieldLabel: '创建人', fieldLabelEn: 'Created by', fieldType: 'bigint' },
  { fieldName: 'create_dept', fieldLabel: '创建部门', fieldLabelEn: 'Created in', fieldType: 'bigint' },
  { fieldName: 'create_time', fieldLabel: '创建时间', fieldLabelEn: 'Created', fieldType: 'timestamptz' },
  { fieldName: 'update_user', fieldLabel: '修改人', fieldLabelEn: 'Changed by', fieldType: 'bigint' },
  { fieldName: 'update_time', fieldLabel: '修改时间', fieldLabelEn: 'Changed', fieldType: 'timestamptz' },
  { fieldName: 'status', fieldLabel: '状态', fieldLabelEn: 'Status', fieldType: 'int' },
  { fieldName: 'is_deleted', fieldLabel: '已删除', fieldLabelEn: 'Deleted', fieldType: 'int' },
];

export async function miniModelRoutes(root: TypedApp, { db }: ModuleDeps) {
  const tables = new MiniTables(db);
  await root.register(async (app) => {
    app.addHook('preValidation', async (req: FastifyRequest) => {
      if (!isAdministrator(req)) throw new ApiError(403, MSG.onlyAdmins);
    });
    modelRoutes(app, db, tables);
    itemRoutes(app, db, tables);
  });
}

const modelById = async (db: Db, tables: MiniTables, tenantId: string, id: string): Promise<ModelRow> => {
  const [m] = await tables.models(db, tenantId, [id]);
  if (!m) throw new ApiError(400, MSG.noModel);
  return m;
};

/** The physical table's columns with the field each is (none: a key or common column). */
async function tableInfo(db: Db, tables: MiniTables, tenantId: string, m: ModelRow) {
  const parent = m.parentId ? (await tables.models(db, tenantId, [m.parentId]))[0] : undefined;
  const table = physicalTable(tenantId, m);
  const columns = await tables.columns(db, table);
  const items = await tables.items(db, tenantId, m.id);
  const byColumn = new Map(items.map((it) => [snake(it.fieldName), it]));
  return {
    modelId: m.id, modelName: m.modelName, tableName: m.modelTable + (m.parentId ? '_dynamic' : ''), created: columns.length > 0, tableStatus: m.tableStatus,
    keys: keyColumns(m, parent),
    columns: columns.map((c) => ({ ...c, fieldName: byColumn.get(c.name)?.fieldName ?? null, fieldLabel: byColumn.get(c.name)?.fieldLabel ?? null })),
    // fields added or changed since the table was made: createTable applies them
    pending: items.filter((it) => !columns.some((c) => c.name === snake(it.fieldName))).map((it) => it.fieldName),
  };
}

function modelRoutes(t: TypedApp, db: Db, tables: MiniTables) {
  const app = t;
  modelResource(app, db, miniModelModel, {
    tag: TAG, only: ['list', 'detail', 'submit'],
    beforeSave: async (ctx, e: Row) => {
      if (e.parentId) {
        const [parent] = await tables.models(db, ctx.tenantId, [String(e.parentId)]);
        if (!parent || parent.parentId || parent.id === e.id) throw new ApiError(400, MSG.parentMissing);
        if (!e.relation) throw new ApiError(400, MSG.relationNeeded);
      } else {
        e.parentId = null;
        e.relation = null;
      }
      if (!e.id) return;
      const old = await modelById(db, tables, ctx.tenantId, String(e.id));
      // a model with a table keeps its table name and place: its rows are in that table
      if (old.tableStatus > 0 && (old.modelTable !== e.modelTable || String(old.parentId ?? '') !== String(e.parentId ?? ''))) throw new ApiError(400, MSG.tableFixed);
    },
  });

  t.post(`${miniModelModel.api}/remove`, { schema: { tags: [TAG], summary: 'Remove models (ids): their fields go with them, and their tables when empty; a model with child models or rows is refused', querystring: z.object({ ids: idsParam }) } }, async (req) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    await db.transaction().execute(async (tx) => {
      const models = await tables.models(tx, ctx.tenantId, ids);
      for (const m of models) {
        const child = await scoped(tx, ctx.tenantId).selectFrom('bladeMiniModel').select('id').where('parentId', '=', m.id).where('isDeleted', '=', 0).where('id', 'not in', ids).executeTakeFirst();
        if (child) throw new ApiError(400, MSG.hasChildren, { model: m.modelName });
      }
      // children first: their tables refer to their main model's
      models.sort((a, b) => Number(!!b.parentId) - Number(!!a.parentId));
      for (const m of models) {
        await tables.dropIfEmpty(tx, ctx.tenantId, m);
        await scoped(tx, ctx.tenantId).updateTable('bladeMiniModelItem').set({ isDeleted: 1 }).where('modelId', '=', m.id).execute();
        await scoped(tx, ctx.tenantId).updateTable('bladeMiniModel').set({ isDeleted: 1, updateUser: ctx.userId || null, updateTime: sql<string>`now()` }).where('id', '=', m.id).execute();
      }
    });
    return ok(true);
  });

  t.get(`${miniModelModel.api}/listByIds`, { schema: { tags: [TAG], summary: 'Models by ids (comma separated), the tenant\'s only', querystring: z.object({ ids: idsParam }) } }, async (req) =>
    ok(await tables.models(db, me(req).tenantId, parseIds(req.query.ids))));

  t.get(`${miniModelModel.api}/table-list`, { schema: { tags: [TAG], summary: 'The tenant\'s models that have a table (datasourceId: the platform database only, as app tables live there)', querystring: z.object({ datasourceId: z.string().max(19).optional() }) } }, async (req) => {
    const rows = await scoped(db, me(req).tenantId).selectFrom('bladeMiniModel').select(['id', 'modelName', 'modelTable', 'parentId'])
      .where('isDeleted', '=', 0).where('tableStatus', '>', 0).orderBy('modelTable').execute();
    return ok(rows.map((r) => ({ modelId: r.id, modelName: r.modelName, tableName: r.modelTable + (r.parentId ? '_dynamic' : ''), parentId: r.parentId })));
  });

  t.get(`${miniModelModel.api}/table-info`, { schema: { tags: [TAG], summary: 'The columns of a model\'s table (modelId, or tableName as table-list names it)', querystring: z.object({ modelId: idParam.optional(), tableName: z.string().max(48).optional(), datasourceId: z.string().max(19).optional() }) } }, async (req) => {
    const tenantId = me(req).tenantId;
    let id = req.query.modelId;
    if (!id && req.query.tableName) {
      const name = req.query.tableName.replace(/_dynamic$/, '');
      id = (await scoped(db, tenantId).selectFrom('bladeMiniModel').select('id').where('modelTable', '=', name).where('isDeleted', '=', 0).executeTakeFirst())?.id;
    }
    if (!id) throw new ApiError(400, MSG.noModel);
    return ok(await tableInfo(db, tables, tenantId, await modelById(db, tables, tenantId, id)));
  });

  t.get(`${miniModelModel.api}/readTable`, { schema: { tags: [TAG], summary: 'A model\'s table as the database has it: columns, keys, fields not yet in it', querystring: z.object({ modelId: idParam }) } }, async (req) => {
    const tenantId = me(req).tenantId;
    const info = await tableInfo(db, tables, tenantId, await modelById(db, tables, tenantId, req.query.modelId));
    if (!info.created) throw new ApiError(400, MSG.noTable);
    return ok(info);
  });

  t.get(`${miniModelModel.api}/model-prototype`, { schema: { tags: [TAG], summary: 'The columns createTable gives every table of a model besides its fields (modelId: that model\'s names; else the pattern with {table})', querystring: z.object({ modelId: idParam.optional() }) } }, async (req) => {
    if (!req.query.modelId) return ok(PROTOTYPE('{table}'));
    const tenantId = me(req).tenantId;
    const m = await modelById(db, tables, tenantId, req.query.modelId);
    const parent = m.parentId ? (await tables.models(db, tenantId, [m.parentId]))[0] : undefined;
    return ok(PROTOTYPE(m.modelTable, parent?.modelTable));
  });

  const itemBody = modelBody(miniModelItemModel).omit({ modelId: true });
  t.post(`${miniModelModel.api}/submit-list`, {
    schema: { tags: [TAG], summary: 'Save a model\'s fields at once (modelId, items: with id changed, without added); all or none', body: z.object({ modelId: idParam, items: z.array(itemBody).min(1).max(200) }) },
  }, async (req) => {
    const ctx = ctxOf(req);
    const saved = await db.transaction().execute(async (tx) => {
      const m = await modelById(tx, tables, ctx.tenantId, req.body.modelId);
      const out = [];
      for (const it of req.body.items) out.push(await saveItem(tx, tables, ctx, m, { ...it, modelId: m.id }));
      return out;
    });
    return ok(saved);
  });

  t.get(`${miniModelModel.api}/createTable`, { config: { apiLog: true }, schema: { tags: [TAG], summary: 'Make or alter the tables of these models (modelIds, comma separated) in one transaction; a change that would lose data is refused', querystring: z.object({ modelIds: idsParam }) } }, async (req) =>
    ok(await tables.createTables(ctxOf(req), parseIds(req.query.modelIds), whoOf(req))));

  t.post(`${miniModelModel.api}/changeCategory`, { schema: { tags: [TAG], summary: 'Move models (ids) into a category', querystring: z.object({ ids: idsParam, category: z.string().trim().max(64) }) } }, async (req) => {
    const ctx = ctxOf(req);
    await scoped(db, ctx.tenantId).updateTable('bladeMiniModel').set({ category: req.query.category || null, updateUser: ctx.userId || null, updateTime: sql<string>`now()` })
      .where('id', 'in', parseIds(req.query.ids)).where('isDeleted', '=', 0).execute();
    return ok(true);
  });

  t.post(`${miniModelModel.api}/initFields`, { schema: { tags: [TAG], summary: 'Give each model (ids) a field for every column of its table that has none (a table altered outside the designer)', querystring: z.object({ ids: idsParam }) } }, async (req) => {
    const ctx = ctxOf(req);
    const added = await db.transaction().execute(async (tx) => {
      let n = 0;
      for (const m of await tables.models(tx, ctx.tenantId, parseIds(req.query.ids))) {
        const info = await tableInfo(tx, tables, ctx.tenantId, m);
        const system = new Set(['tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted', ...Object.values(info.keys)]);
        let sort = (await tables.items(tx, ctx.tenantId, m.id)).reduce((x, it) => Math.max(x, it.sort), 0);
        for (const c of info.columns) {
          if (system.has(c.name) || c.fieldName) continue;
          const fieldName = c.name.replace(/_([a-z0-9])/g, (_, x: string) => x.toUpperCase());
          await saveItem(tx, tables, ctx, m, { modelId: m.id, fieldName, fieldLabel: c.name, ...typeOfColumn(c.type), required: c.nullable ? 0 : 1, searchable: 0, sort: ++sort });
          n++;
        }
      }
      return n;
    });
    return ok({ added });
  });
}

/** The field type closest to a column's (initFields). */
function typeOfColumn(type: string): Row {
  const varchar = /^character varying\((\d+)\)$/.exec(type);
  if (varchar) return { fieldType: 'string', length: Math.min(Number(varchar[1]), 4000) };
  const numeric = /^numeric(?:\(\d+,(\d+)\))?$/.exec(type);
  if (numeric) return { fieldType: 'decimal', scale: Math.min(Number(numeric[1] ?? 2), 10) };
  if (/^(integer|smallint|bigint)$/.test(type)) return { fieldType: 'int' };
  if (type === 'date') return { fieldType: 'date' };
  if (type.startsWith('timestamp')) return { fieldType: 'datetime' };
  return { fieldType: 'text' };
}

/** Checks a field of a model (its name free, not a key column or reserved word; searchable only where an index serves) and saves it; the model's table is then out of date. */
async function saveItem(db: Db, tables: MiniTables, ctx: { tenantId: string; userId: string; deptId: string }, m: ModelRow, e: Row): Promise<Row> {
  const parent = m.parentId ? (await tables.models(db, ctx.tenantId, [m.parentId]))[0] : undefined;
  if (fieldNameProblem(String(e.fieldName), m, parent)) throw new ApiError(400, MSG.reservedField, { field: String(e.fieldName) });
  if (Number(e.searchable) === 1 && !isSearchableType(String(e.fieldType))) throw new ApiError(400, MSG.notSearchable, { type: String(e.fieldType) });
  let taken = scoped(db, ctx.tenantId).selectFrom('bladeMiniModelItem').select('id').where('modelId', '=', m.id).where('fieldName', '=', String(e.fieldName)).where('isDeleted', '=', 0);
  if (e.id) taken = taken.where('id', '<>', String(e.id));
  if (await taken.executeTakeFirst()) throw new ApiError(400, MSG.fieldTaken, { field: String(e.fieldName) });
  const repo = tables.itemRepo(db);
  if (e.id && !(await repo.detail(ctx, String(e.id)))) throw new ApiError(400, 'noData');
  const saved = await repo.save(ctx, e);
  if (m.tableStatus === 1) await scoped(db, ctx.tenantId).updateTable('bladeMiniModel').set({ tableStatus: 2 }).where('id', '=', m.id).execute();
  return saved;
}

function itemRoutes(t: TypedApp, db: Db, tables: MiniTables) {
  const app = t;
  const base = miniModelItemModel.api;
  const itemCtx = (req: FastifyRequest) => ctxOf(req);
  modelResource(app, db, miniModelItemModel, {
    tag: TAG, only: ['list', 'detail'],
  });
  t.post(`${base}/submit`, { schema: { tags: [TAG], summary: 'Add (no id) or change a field of a model; its table changes at the next createTable', body: modelBody(miniModelItemModel) } }, async (req) => {
    const ctx = itemCtx(req);
    const m = await modelById(db, tables, ctx.tenantId, String(req.body.modelId));
    return ok(await saveItem(db, tables, ctx, m, req.body));
  });
  t.post(`${base}/remove`, { schema: { tags: [TAG], summary: 'Remove fields (ids); their columns go at the next createTable (refused there while they hold data)', querystring: z.object({ ids: idsParam }) } }, async (req) => {
    const ctx = itemCtx(req);
    const ids = parseIds(req.query.ids);
    const rows = await scoped(db, ctx.tenantId).selectFrom('bladeMiniModelItem').select(['modelId']).where('id', 'in', ids).where('isDeleted', '=', 0).execute();
    await tables.itemRepo(db).remove(ctx, ids);
    const modelIds = [...new Set(rows.map((r) => r.modelId))];
    if (modelIds.length) await scoped(db, ctx.tenantId).updateTable('bladeMiniModel').set({ tableStatus: 2 }).where('id', 'in', modelIds).where('tableStatus', '=', 1).execute();
    return ok(true);
  });
  const byModel = z.object({ modelId: idParam });
  t.get(`${base}/listByModel`, { schema: { tags: [TAG], summary: 'A model\'s fields in order (modelId)', querystring: byModel } }, async (req) => {
    const tenantId = me(req).tenantId;
    const m = await modelById(db, tables, tenantId, req.query.modelId);
    return ok(await tables.items(db, tenantId, m.id));
  });
  const columnsOf = (items: ItemRow[], lang: 'zh' | 'en') => items.map((it) => formColumnOfItem(it, lang));
  t.get(`${base}/buildModelItemColumns`, { schema: { tags: [TAG], summary: 'A model\'s fields as the columns of the designed form and data screen (modelId), in the reader\'s language', querystring: byModel } }, async (req) => {
    const tenantId = me(req).tenantId;
    const m = await modelById(db, tables, tenantId, req.query.modelId);
    return ok(columnsOf(await tables.items(db, tenantId, m.id), req.lang));
  });
  t.get(`${base}/buildModelColumnsWithChildren`, { schema: { tags: [TAG], summary: 'A main model\'s columns with each child model as a sub-table column (dynamic; one-to-one or one-to-many) (modelId)', querystring: byModel } }, async (req) =>
    ok(await modelColumns(db, tables, me(req).tenantId, req.query.modelId, req.lang)));
}

