// Developer tools: datasources (tested by a real connection), data models read from a
// datasource's catalogue, code generation into a zip of this project's own style, rules,
// and form data sources whose SQL runs read-only with a time-out (sandbox/sql.ts).
import { z } from 'zod';
import { isId, parseIds, type Ctx } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { ctxOf, zOpt } from '../../http/crud.ts';
import { modelBody, modelResource } from '../../http/model-resource.ts';
import { codeModel, datasourceModel, devModelModel, formSourceModel, modelPrototypeModel, ruleModel } from '@campus/schema';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { parseUrl, type DatasourceConfig } from '../../sandbox/index.ts';
import type { ModuleDeps } from '../index.ts';
import { generateModule } from './codegen.ts';
import { PATTERN_MSG, userPatternProblem } from '../../http/user-regex.ts';

export const MSG = {
  datasourceMissing: ['数据源不存在', 'No such datasource'],
  ruleInvalid: ['规则内容不是合法的正则表达式', 'The rule is not a valid regular expression'],
} as const satisfies Record<string, Message>;


export async function developRoutes(app: TypedApp, { db, userSql }: ModuleDeps) {
  // datasource connections (pooled, through the egress policy) belong to the one user-SQL executor
  const sql = userSql.datasources;

  const datasources = modelResource(app, db, datasourceModel, {
    tag: 'develop',
    beforeSave: (_ctx, e) => {
      const u = parseUrl(String(e.url));
      e.driverClass = u.kind === 'postgres' ? 'org.postgresql.Driver' : 'com.mysql.cj.jdbc.Driver';
    },
  });
  /** The datasource with its password (never sent to clients). */
  const datasource = async (ctx: Ctx, id: unknown): Promise<DatasourceConfig> => {
    if (!isId(id)) throw new ApiError(400, MSG.datasourceMissing);
    const row = await scoped(db, ctx.tenantId).selectFrom('bladeDatasource').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!row) throw new ApiError(400, MSG.datasourceMissing);
    return { id: String(row.id), url: String(row.url), username: row.username as string | null, password: row.password as string | null };
  };
  app.get('/api/blade-develop/datasource/select', { schema: { tags: ['develop'], summary: 'Datasources of the tenant (id, name) for pickers' } }, async (req) =>
    ok(await datasources.select(ctxOf(req)).clearSelect().select(['id', 'name', 'url', 'driverClass']).orderBy('name').execute()));
  app.post('/api/blade-develop/datasource/dataSourceTest', {
    schema: { tags: ['develop'], summary: 'Connect and run select 1: either {id} of a saved datasource or {url, username, password} (plain JSON; the original encrypted it)', body: z.object({ id: z.string().max(19).optional(), url: z.string().max(500).optional(), username: zOpt(z.string().max(100)), password: zOpt(z.string().max(255)) }) },
    config: { permission: 'datasource_test' },
  }, async (req) => {
    const b = req.body;
    const ctx = ctxOf(req);
    const ds = b.url ? { id: 'test', url: b.url, username: b.username, password: b.password ?? (b.id ? (await datasource(ctx, b.id)).password : null) } : await datasource(ctx, b.id);
    await sql.test(ds);
    return ok(true);
  });

  // ---- data models: tables and columns from a datasource's catalogue ----
  const catalogue = async (ctx: Ctx, datasourceId: unknown, tableName?: string) => {
    const ds = await datasource(ctx, datasourceId);
    const u = parseUrl(ds.url);
    const schemaCond = u.kind === 'postgres' ? "table_schema = current_schema()" : 'table_schema = database()';
    if (!tableName) {
      return sql.query(ds, `select table_name as "tableName", table_type as "tableType" from information_schema.tables where ${schemaCond} order by table_name`.replace(/"/g, u.kind === 'mysql' ? '`' : '"'), {}, { platformWritten: true });
    }
    const q = `select column_name as "name", data_type as "type", is_nullable as "nullable", ordinal_position as "position" from information_schema.columns where ${schemaCond} and table_name = #{table} order by ordinal_position`;
    return sql.query(ds, q.replace(/"/g, u.kind === 'mysql' ? '`' : '"'), { table: tableName }, { platformWritten: true });
  };
  app.get('/api/blade-develop/model/table-list', { schema: { tags: ['develop'], summary: 'Tables of a datasource', querystring: z.object({ datasourceId: z.string().max(19).optional() }).passthrough() }, config: { permission: ['model', 'model_view', 'code'] } }, async (req) =>
    ok(await catalogue(ctxOf(req), req.query.datasourceId)));
  app.get('/api/blade-develop/model/table-info', { schema: { tags: ['develop'], summary: 'Columns of a table (datasourceId, tableName)', querystring: z.object({ datasourceId: z.string().max(19).optional(), tableName: z.string().max(64).optional() }).passthrough() }, config: { permission: ['model', 'model_view', 'code'] } }, async (req) => {
    const q = req.query;
    if (!q.tableName) throw new ApiError(400, 'required', { field: 'tableName' });
    return ok(await catalogue(ctxOf(req), q.datasourceId, q.tableName));
  });
  const models = modelResource(app, db, devModelModel, { tag: 'develop', beforeSave: async (ctx, e) => { await datasource(ctx, e.datasourceId); } });
  app.get('/api/blade-develop/model/select', { schema: { tags: ['develop'], summary: 'Models of the tenant for pickers' } }, async (req) =>
    ok(await models.select(ctxOf(req)).clearSelect().select(['id', 'modelName', 'modelTable']).execute()));
  // detail and remove from the model (@campus/schema modelPrototypeModel); a model's list is read and saved whole below
  const protos = modelResource(app, db, modelPrototypeModel, { tag: 'develop', only: ['detail', 'remove'] });
  app.get('/api/blade-develop/model/model-prototype', { schema: { tags: ['develop'], summary: 'Column prototypes of a model (modelId); unsaved ones come from the table catalogue', querystring: z.object({ modelId: z.string().max(19).optional() }).passthrough() }, config: { permission: ['model', 'model_view'] } }, async (req) => {
    const ctx = ctxOf(req);
    const model = await models.detail(ctx, req.query.modelId);
    if (!model) return ok([]);
    const saved = await protos.select(ctx).where('modelId', '=', String(model.id)).orderBy('sort').execute();
    if (saved.length) return ok(saved);
    const cols = await catalogue(ctx, model.datasourceId, String(model.modelTable));
    return ok(cols.map((c, i) => ({
      modelId: model.id, jdbcName: c.name, jdbcType: c.type, comment: c.name, propertyName: camel(String(c.name)), propertyType: tsType(String(c.type)),
      isList: 1, isForm: ['id', 'tenant_id', 'is_deleted', 'create_time', 'update_time', 'create_user', 'update_user', 'create_dept'].includes(String(c.name)) ? 0 : 1,
      isRow: 0, componentType: 'input', isRequired: c.nullable === 'NO' ? 1 : 0, isQuery: 0, queryType: 'like', sort: i + 1,
    })));
  });
  const protoBody = modelBody(modelPrototypeModel);
  app.post('/api/blade-develop/model/model-prototype/submit-list', {
    schema: { tags: ['develop'], summary: 'Save all column prototypes of a model (replacing the saved ones)', body: z.array(protoBody).min(1).max(500) },
    config: { permission: ['model_add', 'model_edit'] },
  }, async (req) => {
    const ctx = ctxOf(req);
    const list = req.body;
    const modelIds = [...new Set(list.map((p) => String(p.modelId)))];
    if (modelIds.length !== 1 || !(await models.detail(ctx, modelIds[0]))) throw new ApiError(400, 'invalid', { field: 'modelId' });
    await db.transaction().execute(async (tx) => {
      await scoped(tx, ctx.tenantId).deleteFrom('bladeModelPrototype').where('modelId', '=', modelIds[0]).execute();
      for (const p of list) await protos.save(ctx, { ...p, id: undefined }, tx);
    });
    return ok(true);
  });

  // ---- code generation ----
  const codes = modelResource(app, db, codeModel, { tag: 'develop', beforeSave: async (ctx, e) => { await datasource(ctx, e.datasourceId); } });
  app.post('/api/blade-develop/code/copy', {
    schema: {
      tags: ['develop'], summary: 'Copy a code generation record (id in the query, else in a body)',
      querystring: z.object({ id: z.string().max(19).optional() }).passthrough(), body: z.looseObject({ id: z.string().max(19).optional() }).nullish(),
    },
    config: { permission: 'code_add' },
  }, async (req) => {
    const ctx = ctxOf(req);
    const row = await codes.detail(ctx, req.query.id ?? req.body?.id);
    if (!row) throw new ApiError(400, 'noData');
    const { id: _id, createTime: _c, updateTime: _u, ...rest } = row;
    return ok(await codes.save(ctx, { ...rest, codeName: `${row.codeName}_copy` }));
  });
  app.post('/api/blade-develop/code/gen-code', {
    schema: { tags: ['develop'], summary: 'Generate a zip per record (ids) in this project style: the entity as one model definition, its migration, a server module and a React page that serve and show it; system=saber is accepted for compatibility', querystring: z.object({ ids: z.string().max(4000).optional(), system: z.string().max(32).optional() }).passthrough() },
    config: { permission: 'code_gen', file: { detail: '/api/blade-develop/code/detail' } },
  }, async (req, reply) => {
    const ctx = ctxOf(req);
    const ids = parseIds(req.query.ids);
    // loaded with the first generated zip, not at boot
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    for (const id of ids) {
      const rec = await codes.detail(ctx, id);
      if (!rec) continue;
      const columns = await catalogue(ctx, rec.datasourceId, String(rec.tableName));
      for (const [path, text] of Object.entries(generateModule(rec, columns))) zip.file(path, text);
    }
    if (!Object.keys(zip.files).length) throw new ApiError(400, 'noData');
    const buf = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent('generated-code.zip')}`);
    return reply.type('application/zip').send(buf);
  });

  // ---- rules: reusable validation patterns for designed forms ----
  const rules = modelResource(app, db, ruleModel, {
    tag: 'develop',
    beforeSave: (_ctx, e) => {
      const pattern = String(e.ruleContent);
      try { new RegExp(pattern); } catch { throw new ApiError(400, MSG.ruleInvalid); }
      // the server runs designers' patterns in RE2 (linear time): what it cannot run is refused here
      const detail = userPatternProblem(pattern);
      if (detail !== null) throw new ApiError(400, PATTERN_MSG.unsafe, { pattern: pattern.slice(0, 300), detail });
    },
  });
  app.get('/api/blade-ruleManager/rule/getRulesByIds', { schema: { tags: ['develop'], summary: 'Rules by ids (comma list)', querystring: z.object({ ids: z.string().max(4000).optional() }).passthrough() } }, async (req) => {
    const ids = String(req.query.ids ?? '').split(',').filter(isId);
    return ok(ids.length ? await rules.select(ctxOf(req)).where('id', 'in', ids).execute() : []);
  });

  // ---- form data sources ----
  const sources = modelResource(app, db, formSourceModel, {
    tag: 'develop', only: ['list', 'detail', 'submit'],
    beforeSave: async (ctx, e) => { const ds = await datasource(ctx, e.datasourceId); await userSql.check(String(e.sqlContent), parseUrl(ds.url).kind); },
  });
  app.get('/api/blade-formSource/formSource/getSourceList', { schema: { tags: ['develop'], summary: 'All form data sources (id, name) for pickers' } }, async (req) =>
    ok(await sources.select(ctxOf(req)).clearSelect().select(['id', 'name', 'sourceType']).orderBy('name').execute()));
  app.get('/api/blade-formSource/formSource/remove', { schema: { tags: ['develop'], summary: 'Remove form data sources (GET with ids, as the original)', querystring: z.object({ ids: z.string().max(4000).optional() }).passthrough() }, config: { permission: 'formSource_delete', apiLog: true } }, async (req) => {
    await sources.remove(ctxOf(req), parseIds(req.query.ids));
    return ok(true);
  });
  app.post('/api/blade-formSource/formSource/executeDataSource', {
    schema: { tags: ['develop'], summary: 'Run a read-only SQL against a datasource: {sourceType sql, dataSourceId, sqlContent, requestParams (object or JSON)}; #{name} binds a parameter. Plain JSON (the original encrypted it).', body: z.object({ sourceType: z.literal('sql').default('sql'), dataSourceId: z.string().max(19), sqlContent: z.string().min(1).max(20000), requestParams: z.union([z.string().max(20000), z.record(z.string(), z.unknown())]).optional() }) },
  }, async (req) => {
    const b = req.body;
    let params: Record<string, unknown> = {};
    if (typeof b.requestParams === 'string' && b.requestParams.trim()) { try { params = JSON.parse(b.requestParams); } catch { throw new ApiError(400, 'invalid', { field: 'requestParams' }); } } else if (b.requestParams && typeof b.requestParams === 'object') params = b.requestParams;
    const ctx = ctxOf(req);
    return ok(await userSql.query({ tenantId: ctx.tenantId, datasource: await datasource(ctx, b.dataSourceId), sql: b.sqlContent, params, timeoutMs: 5000, maxRows: 5000 }));
  });
}

const camel = (s: string) => s.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
function tsType(t: string): string {
  if (/int|numeric|decimal|double|float|real/i.test(t)) return 'number';
  if (/bool/i.test(t)) return 'boolean';
  if (/date|time/i.test(t)) return 'date';
  return 'string';
}
