// Process design and deployment (000 §7): /api/blade-workflow/design/* (models with version
// history and start scope, forms with history, themes, variables, default values, buttons,
// categories), /api/blade-flow/* (models, deployments by upload, state, follow-up of running
// processes, flow chart), /api/flowable/process/queryFlowModelDeploymentIdByKey, the flow
// permission calls and flow logs, and supervision (督办) at /api/blade-workflow/supervision.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  wfButtonModel, wfCategoryModel, wfFlowPermissionDiyModel, wfFormDefaultValuesModel, wfFormHistoryModel, wfFormModel, wfFormThemeModel, wfFormVariableModel,
  wfModelHistoryModel, wfModelModel, wfModelScopeModel, wfSupervisionModel, type ModelDef,
} from '@campus/schema';
import { nextId } from '../../db/ids.ts';
import { isId, parseIds, textOrNull, type Repo, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { jsonBody } from '../../http/json-body.ts';
import { ctxOf, listQuery, resource, zOptId } from '../../http/crud.ts';
import { modelRepo, modelResource } from '../../http/model-resource.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { ADMIN_TENANT } from '../system/menu-service.ts';
import { checkParent } from '../system/tree.ts';
import { assertFilePart } from '../../http/uploads.ts';
import { parseBpmn } from './engine/index.ts';
import { adminGuard, tenantInstances } from './ops-routes.ts';
import { modelView, modelViewQuery, startableKeys, zLooseText } from './process-routes.ts';
import { actorOf, checkFormPatterns, DEFAULT_BUTTON_NAMES, MSG, parseJson, say, UNCLAIMED, WorkflowService, type ModelSettings } from './service.ts';

type Values = Record<string, unknown>;
const D = '/api/blade-workflow/design';
const F = '/api/blade-flow';
const TAG = 'workflow-design';
const zText = (max: number) => z.string().max(max).optional().nullable();
const zJsonText = z.union([z.string().max(2_000_000), z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional().nullable()
  .transform((v) => (v === undefined || v === null || typeof v === 'string' ? v : JSON.stringify(v)));
/** An id as JSON or a form sends it. */
const zKey = z.union([z.string(), z.number()]);
/** Ids as a comma list, one id or an array. */
const zIds = z.union([zKey, z.array(zKey)]).optional();
/** The rows a call acts on: ids in the query (?ids=1,2, or repeated), or in the body as ids, data or id. */
const idsQuery = z.looseObject({ ids: z.union([z.string(), z.array(z.string())]).optional() });
const idsBody = z.looseObject({ ids: zIds, data: zIds, id: zIds });
const idsOf = (q: z.output<typeof idsQuery>, b: z.output<typeof idsBody> | null | undefined): string[] => {
  const raw = q.ids ?? b?.ids ?? b?.data ?? b?.id;
  return parseIds(Array.isArray(raw) ? raw.join(',') : raw);
};

// the bodies of the models' and forms' own submit calls (their fields: @campus/schema wfModelModel, wfFormModel)
const modelBody = z.object({
  id: zOptId, modelKey: z.string().trim().min(1).max(255).regex(/^[A-Za-z_][\w.-]*$/, 'modelKey'), name: z.string().trim().min(1).max(255),
  categoryId: zOptId, icon: zText(500), description: zText(5000), xml: zText(2_000_000), formKey: zText(255), formUrl: zText(500),
  modelType: z.coerce.number().int().min(0).max(9).optional(), settings: zJsonText,
});

export async function designRoutes(parent: TypedApp, wf: WorkflowService): Promise<void> {
  const { db, engine } = wf;

  // readable by everyone of the tenant: the category tree (start page) and the flow permission of a model
  const categories = modelRepo(db, wfCategoryModel);
  parent.get(`${D}/category/tree`, { schema: { tags: [TAG], summary: 'Process categories as a tree [{id, title, value, key, parentId, children}]' } }, async (req) => {
    const rows = await categories.select(ctxOf(req)).orderBy('sort').orderBy('id').execute();
    const nodes = rows.map((r) => ({ id: String(r.id), parentId: String(r.parentId), title: r.name, value: String(r.id), key: String(r.id), name: r.name, sort: r.sort, children: [] as unknown[] }));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const roots: typeof nodes = [];
    for (const n of nodes) (byId.get(n.parentId)?.children ?? roots).push(n);
    return ok(roots);
  });
  parent.get('/api/flowPermissionConfig/flowPermissionConfig/currentUserPermission', {
    schema: { tags: [TAG], summary: 'What the caller may do with a model (modelId): canStart (model scope), canDesign (administrator or design codes)', querystring: z.looseObject({ modelId: z.string().optional() }) },
  }, async (req) => {
    const a = actorOf(req);
    const id = req.query.modelId;
    if (!isId(id)) throw new ApiError(400, 'required', { field: 'modelId' });
    const m = await scoped(db, a.tenantId).selectFrom('wfModel').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
    if (!m) throw new ApiError(404, MSG.modelMissing);
    const codes = await req.server.permissionsOf(a.user);
    const diy = await scoped(db, a.tenantId).selectFrom('wfFlowPermissionDiy').selectAll().where('isDeleted', '=', 0)
      .where((eb) => eb.or([eb('modelId', '=', id), eb('modelKey', '=', String(m.modelKey))])).execute();
    const mine = new Set([a.userId, ...a.groups]);
    const listed = (v: unknown) => String(v ?? '').split(',').some((x) => mine.has(x.trim()));
    return ok({
      modelId: String(m.id), modelKey: m.modelKey, canStart: (await startableKeys(wf, a, [m as Row]))(String(m.modelKey)),
      canDesign: a.admin || codes.has('wf_design_model_edit'), isAdmin: a.admin,
      permissions: diy.filter((d) => listed(d.userIds) || listed(d.roleIds) || listed(d.deptIds)).map((d) => ({ id: String(d.id), name: d.name })),
    });
  });

  // reading needs any design or deployment menu; each write also checks its button code below
  await parent.register(async (app) => {
    app.addHook('onRequest', adminGuard(['wf_design_model', 'wf_design_form', 'deployment', 'deployment_view', 'wf_ops', ...SET_MENUS]));
    designCalls(app, wf, categories);
  });
  await parent.register(async (app) => {
    // the follow-up calls serve the 流程监控 menu (wf_ops) too; the deployment calls check their own codes
    app.addHook('onRequest', adminGuard([...DEPLOYMENT_CODES, 'wf_ops']));
    flowCalls(app, wf);
  });

  // 督办 (supervision): base path not in the spec, placed beside the process calls
  const S = '/api/blade-workflow/supervision';
  const sup = modelRepo(db, wfSupervisionModel);
  const supNarrow = (req: FastifyRequest) => {
    const a = actorOf(req);
    return (qb: ReturnType<Repo['select']>) => (a.admin ? qb : qb.where((eb) => eb.or([eb('createUser', '=', a.userId), sql<boolean>`${a.userId} = any(string_to_array(receivers, ','))`])));
  };
  parent.get(`${S}/list`, { schema: { tags: [TAG], summary: '督办 list (supervision; base path placed here as the spec shows none): paged; filters defKey, defName, instId, nodeKey, status', querystring: listQuery } }, async (req) => {
    const page = await sup.page(ctxOf(req), req.query, supNarrow(req));
    return ok({ ...page, records: await withReceiverNames(wf, actorOf(req).tenantId, page.records) });
  });
  parent.get(`${S}/detail`, { schema: { tags: [TAG], summary: '督办 detail (id)', querystring: z.looseObject({ id: z.string().optional() }) } }, async (req) => {
    const id = req.query.id;
    if (!isId(id)) return ok(null);
    const row = await supNarrow(req)(sup.select(ctxOf(req))).where('id', '=', id).executeTakeFirst();
    return ok(row ? (await withReceiverNames(wf, actorOf(req).tenantId, [row]))[0] : null);
  });
  parent.post(`${S}/remove`, { schema: { tags: [TAG], summary: '督办 remove (ids): stops the reminders (status 4)', querystring: idsQuery, body: idsBody.nullish() } }, async (req) => {
    const a = actorOf(req);
    const ids = idsOf(req.query, req.body);
    let qb = scoped(db, a.tenantId).updateTable('wfSupervision').set({ isDeleted: 1, status: 4, updateTime: sql`now()` }).where('id', 'in', ids);
    if (!a.admin) qb = qb.where('createUser', '=', a.userId);
    await qb.execute();
    await scoped(db, a.tenantId).deleteFrom('wfTimer').where('kind', '=', 'supervision').where('supervisionId', 'in', ids).execute();
    return ok(true);
  });
  const supBody = z.looseObject({
    id: zOptId, instId: z.union([z.string(), z.number()]).transform(String).optional(), nodeKey: z.string().max(255).optional(),
    awaitTime: z.coerce.number().int().min(1), timeCount: z.coerce.number().int().min(1), maxCount: z.coerce.number().int().min(1),
    timeUnit: z.enum(['hour', 'minutes', 'seconds']), receivers: z.union([z.string().min(1).max(5000), z.array(z.string()).min(1)]),
    receiverNames: zText(5000), context: zText(5000), defKey: zText(255), defName: zText(255), instName: zText(255), taskId: zOptId, nodeName: zText(255),
  });
  parent.post(`${S}/submit`, { schema: { tags: [TAG], summary: '督办 add (instId, nodeKey, awaitTime, timeCount, timeUnit hour|minutes|seconds, receivers, maxCount, context; each count at least 1) or update (id: timing, receivers, context)', body: supBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const receivers = (Array.isArray(b.receivers) ? b.receivers : b.receivers.split(',')).map((s) => s.trim()).filter(Boolean);
    if (b.id) {
      const row = await sup.select(ctxOf(req)).where('id', '=', b.id).executeTakeFirst();
      if (!row || (!a.admin && row.createUser !== a.userId)) throw new ApiError(404, MSG.supervisionMissing);
      const saved = await sup.save(ctxOf(req), {
        id: b.id, awaitTime: b.awaitTime, timeCount: b.timeCount, timeUnit: b.timeUnit, maxCount: b.maxCount, receivers: receivers.join(','),
        receiverNames: b.receiverNames ?? row.receiverNames, context: b.context ?? row.context,
      });
      return ok(saved);
    }
    const inst = await wf.instance(a.tenantId, b.instId);
    await wf.assertVisible(a, inst);
    if (!b.nodeKey) throw new ApiError(400, 'required', { field: 'nodeKey' });
    const row = await engine.createSupervision({
      tenantId: a.tenantId, instanceId: String(inst.id), nodeKey: b.nodeKey, awaitTime: b.awaitTime, timeCount: b.timeCount, timeUnit: b.timeUnit,
      receivers, receiverNames: b.receiverNames ?? undefined, maxCount: b.maxCount, context: b.context ?? undefined, createUser: a.userId,
    });
    return ok(row);
  });

  // flow logs: written by the module on every engine event, readable per instance
  resource(parent, db, {
    base: '/api/blade-wfFlowLog/wfFlowLog', tag: TAG, table: 'wf_flow_log', tenant: true,
    columns: { id: 'id', instId: 'id', taskId: 'id', action: 'string', nodeName: 'string', userId: 'string', createTime: 'date' },
    body: z.object({ id: zOptId, instId: z.union([z.string(), z.number()]).transform(String).refine(isId, 'instId'), taskId: zOptId, nodeName: zText(255), action: z.string().min(1).max(32), userId: zText(64), content: zText(5000) }),
    beforeSave: async (ctx, entity) => { await wf.instance(ctx.tenantId, entity.instId); },
  });
  parent.get('/api/blade-wfFlowLog/wfFlowLog/getLogsByInstId', { schema: { tags: [TAG], summary: 'Flow log of an instance (instId), oldest first', querystring: z.looseObject({ instId: z.string().optional() }) } }, async (req) => {
    const a = actorOf(req);
    const inst = await wf.instance(a.tenantId, req.query.instId);
    await wf.assertVisible(a, inst);
    const rows = await scoped(db, a.tenantId).selectFrom('wfFlowLog').selectAll().where('instId', '=', String(inst.id)).where('isDeleted', '=', 0).orderBy('id').execute();
    const names = await wf.names(a.tenantId, rows.map((r) => r.userId as string | null));
    return ok(rows.map((r) => ({ ...r, userName: r.userId ? names.get(String(r.userId)) ?? r.userId : null })));
  });
}

async function withReceiverNames(wf: WorkflowService, tenantId: string, rows: Row[]): Promise<Row[]> {
  const names = await wf.names(tenantId, rows.flatMap((r) => String(r.receivers ?? '').split(',')));
  return rows.map((r) => ({ ...r, receiverNames: r.receiverNames ?? String(r.receivers ?? '').split(',').map((u) => names.get(u) ?? u).join(',') }));
}

/** Deploys a model's diagram: a new definition version, a history row, the model's version and definition updated. */
async function deployModel(wf: WorkflowService, req: FastifyRequest, id: unknown, tenantIds?: string[]): Promise<Row> {
  const a = actorOf(req);
  if (!isId(id)) throw new ApiError(400, 'required', { field: 'id' });
  const m = await scoped(wf.db, a.tenantId).selectFrom('wfModel').selectAll().where('id', '=', id).where('isDeleted', '=', 0).executeTakeFirst();
  if (!m) throw new ApiError(404, MSG.modelMissing);
  if (!m.xml) throw new ApiError(400, MSG.modelNoXml);
  const targets = a.tenantId === ADMIN_TENANT && tenantIds?.length ? tenantIds : [a.tenantId];
  const cat = m.categoryId ? String(m.categoryId) : null;
  let defs: Awaited<ReturnType<typeof wf.engine.deploy>> = [];
  for (const t of targets) {
    const d = await wf.engine.deploy(String(m.xml), { tenantId: t, category: cat, name: String(m.name), resourceName: `${m.modelKey}.bpmn20.xml` });
    if (t === a.tenantId) defs = d;
  }
  if (!defs.length) throw new ApiError(400, MSG.noExecutable);
  const version = Number(m.version) + 1;
  const own = defs.find((d) => d.key === m.modelKey) ?? defs[0]!;
  await wf.db.transaction().execute(async (tx) => {
    await tx.updateTable('wfModel').set({ version, definitionId: own.id, updateUser: a.userId, updateTime: sql`now()` }).where('id', '=', String(m.id)).execute();
    await tx.insertInto('wfModelHistory').values({ id: nextId(), tenantId: a.tenantId, modelId: String(m.id), version, name: m.name, xml: m.xml, settings: m.settings, definitionId: own.id, createUser: a.userId }).execute();
  });
  return { modelId: String(m.id), version, definitions: defs };
}

function designCalls(app: TypedApp, wf: WorkflowService, categories: Repo): void {
  const { db } = wf;
  const models = modelRepo(db, wfModelModel);

  // ---- models ----
  const modelDetailQuery = z.looseObject({ id: z.string().optional(), modelKey: z.string().optional() });
  const modelDetail = async (req: FastifyRequest, q: z.output<typeof modelDetailQuery>) => {
    let qb = models.select(ctxOf(req));
    if (isId(q.id)) qb = qb.where('id', '=', q.id);
    else if (typeof q.modelKey === 'string' && q.modelKey) qb = qb.where('modelKey', '=', q.modelKey);
    else return ok(null);
    const m = await qb.executeTakeFirst();
    return ok(m ? { ...m, settings: parseJson<ModelSettings>(m.settings, {}) } : null);
  };
  const modelSubmit = async (req: FastifyRequest, body: z.output<typeof modelBody>) => {
    if (body.xml) await parseBpmn(body.xml); // refuse a diagram the engine cannot read before storing it
    // submit checks of type SQL meet the executor's parser when saved (and again when they run)
    const settings = typeof body.settings === 'string' && body.settings.trim().startsWith('{') ? parseJson<ModelSettings>(body.settings, {}) : {};
    for (const c of settings.submitValidate ?? []) if (c.validateType === 'sql' && String(c.diySql ?? '').trim()) await wf.userSql.check(String(c.diySql));
    // '' clears the category: the column is a bigint
    return ok(await models.save(ctxOf(req), { ...body, categoryId: body.categoryId === '' ? null : body.categoryId }));
  };
  const deployBody = z.looseObject({ id: zKey.optional(), modelId: zKey.optional(), tenantIds: z.union([z.string(), z.array(zKey)]).optional().catch(undefined) });
  for (const base of [`${D}/model`, `${F}/model`]) {
    app.get(`${base}/list`, { schema: { tags: [TAG], summary: 'Process models; paged; filters modelKey, name, categoryId, modelType', querystring: listQuery } },
      async (req) => ok(await models.page(ctxOf(req), req.query, undefined)));
    app.get(`${base}/detail`, { schema: { tags: [TAG], summary: 'A model by id or modelKey (settings as an object)', querystring: modelDetailQuery } }, (req) => modelDetail(req, req.query));
    app.post(`${base}/submit`, { onRequest: adminGuard(['wf_design_model_add', 'wf_design_model_edit', 'deployment_add']), schema: { tags: [TAG], summary: 'Add or update a model: modelKey, name, categoryId, icon, description, xml, formKey, formUrl, modelType, settings {assigneeRequired, hideComment, comment display, submitValidate[], submitAfter[]}', body: modelBody } }, (req) => modelSubmit(req, req.body));
    app.post(`${base}/remove`, { onRequest: adminGuard(['wf_design_model_delete', 'deployment_delete']), schema: { tags: [TAG], summary: 'Remove models (ids); deployed definitions stay', querystring: idsQuery, body: idsBody.nullish() } },
      async (req) => ok((await models.remove(ctxOf(req), idsOf(req.query, req.body))) > 0));
    app.post(`${base}/deploy`, { onRequest: adminGuard(['wf_design_model_add', 'wf_design_model_edit', 'deployment_add']), schema: { tags: [TAG], summary: 'Deploy a model: id (or modelId); the platform tenant may name tenantIds (comma separated)', body: deployBody } }, async (req) => {
      const b = req.body;
      const tenantIds = typeof b.tenantIds === 'string' ? b.tenantIds.split(',').filter(Boolean) : Array.isArray(b.tenantIds) ? b.tenantIds.map(String) : undefined;
      return ok(await deployModel(wf, req, b.id ?? b.modelId, tenantIds));
    });
  }
  // the rows (ids or id) and the new value of the one field a call changes
  const changeBody = idsBody.extend({ categoryId: zKey.nullish(), icon: z.string().nullish() });
  const changeField = (path: string, field: 'categoryId' | 'icon', repo: 'wfModel' | 'wfForm', summary: string) =>
    app.post(`${D}/${path}`, { onRequest: adminGuard(path.startsWith('form/') ? ['wf_design_form_edit'] : ['wf_design_model_edit']), schema: { tags: [TAG], summary, querystring: idsQuery, body: changeBody } }, async (req) => {
      const a = actorOf(req);
      const b = req.body;
      const value = b[field] ?? null;
      if (field === 'categoryId' && value !== null && value !== '' && !isId(String(value))) throw new ApiError(400, 'invalid', { field });
      const r = await scoped(db, a.tenantId).updateTable(repo).set({ [field]: value === '' ? null : value, updateUser: a.userId, updateTime: sql`now()` })
        .where('id', 'in', idsOf(req.query, b)).where('isDeleted', '=', 0).executeTakeFirst();
      return ok(Number(r.numUpdatedRows) > 0);
    });
  changeField('model/changeCategory', 'categoryId', 'wfModel', 'Move models (ids or id) to categoryId');
  changeField('model/changeIcon', 'icon', 'wfModel', 'Set the icon of a model (id, icon)');
  changeField('form/changeCategory', 'categoryId', 'wfForm', 'Move forms (ids or id) to categoryId');

  // model scope: who may start a model
  modelResource(app, db, wfModelScopeModel, { tag: TAG, only: ['list'] });
  const scopeInput = z.object({
    modelId: z.union([z.string(), z.number()]).transform(String).refine(isId, 'modelId'),
    scopes: z.array(z.object({ scopeType: z.enum(['all', 'user', 'role', 'dept']), val: z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v.join(',') : v)) })).max(500),
  });
  app.post(`${D}/model/scope/submit`, { onRequest: adminGuard(['wf_design_model_edit', 'wf_design_model_add']), schema: { tags: [TAG], summary: 'Replace the start scope of a model. Body JSON (as text/plain or application/json; the original\'s client-side encryption is not used): {modelId, scopes: [{scopeType all|user|role|dept, val}]}' } }, async (req) => {
    const a = actorOf(req);
    const parsed = scopeInput.safeParse(jsonBody(req.body));
    if (!parsed.success) throw new ApiError(400, 'invalid', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
    const { modelId, scopes: list } = parsed.data;
    const m = await models.select(ctxOf(req)).where('id', '=', modelId).executeTakeFirst();
    if (!m) throw new ApiError(404, MSG.modelMissing);
    await db.transaction().execute(async (tx) => {
      await scoped(tx, a.tenantId).deleteFrom('wfModelScope').where('modelId', '=', modelId).execute();
      for (const s of list) await tx.insertInto('wfModelScope').values({ id: nextId(), tenantId: a.tenantId, modelId, scopeType: s.scopeType, val: s.val, createUser: a.userId }).execute();
    });
    return ok(true);
  });

  // model history
  const historyBody = z.looseObject({ id: zKey.optional() });
  // its list (filter modelId) and detail (id); the rows are written by a deploy
  const modelHistory = modelResource(app, db, wfModelHistoryModel, { tag: TAG, only: ['list', 'detail'] });
  app.post(`${D}/model/history/setMainVersion`, { onRequest: adminGuard(['wf_design_model_edit']), schema: { tags: [TAG], summary: 'Make a deployed version (id of a history row) the model\'s main version again: its xml and settings return to the model and it is deployed anew', body: historyBody } }, async (req) => {
    const a = actorOf(req);
    const h = await modelHistory.detail(ctxOf(req), req.body.id);
    if (!h) throw new ApiError(400, MSG.historyMissing);
    await scoped(db, a.tenantId).updateTable('wfModel').set({ xml: textOrNull(h.xml), settings: textOrNull(h.settings), updateUser: a.userId, updateTime: sql`now()` }).where('id', '=', String(h.modelId)).execute();
    return ok(await deployModel(wf, req, String(h.modelId)));
  });

  // ---- forms (with history) ----
  // the list (filters formKey, name, categoryId) as the model says; detail, submit and remove below
  const forms = modelResource(app, db, wfFormModel, { tag: TAG, only: ['list'] });
  app.get(`${D}/form/detail`, { schema: { tags: [TAG], summary: 'A form (id or formKey)', querystring: z.looseObject({ id: z.string().optional(), formKey: z.string().optional() }) } }, async (req) => {
    const q = req.query;
    if (isId(q.id)) return ok(await forms.detail(ctxOf(req), q.id));
    if (typeof q.formKey === 'string' && q.formKey) return ok((await forms.select(ctxOf(req)).where('formKey', '=', q.formKey).executeTakeFirst()) ?? null);
    return ok(null);
  });
  const formBody = z.object({
    id: zOptId, formKey: z.string().trim().min(1).max(255), name: z.string().trim().min(1).max(255), categoryId: zOptId, content: zJsonText, remark: zText(2000),
  });
  app.post(`${D}/form/submit`, { onRequest: adminGuard(['wf_design_form_add', 'wf_design_form_edit']), schema: { tags: [TAG], summary: 'Add or update a form (formKey, name, categoryId, content: the designer option JSON, remark); every save of changed content is a new version in the history', body: formBody } }, async (req) => {
    const ctx = ctxOf(req);
    const b = req.body;
    checkFormPatterns(b.content);
    return ok(await db.transaction().execute(async (tx) => {
      const before = b.id ? await forms.select(ctx, tx).where('id', '=', b.id).executeTakeFirst() : undefined;
      const version = before ? Number(before.version) + (before.content !== b.content ? 1 : 0) : 1;
      const saved = await forms.save(ctx, { ...b, categoryId: b.categoryId === '' ? null : b.categoryId, version }, tx);
      if (!before || before.content !== b.content) {
        await tx.insertInto('wfFormHistory').values({ id: nextId(), tenantId: ctx.tenantId, formId: String(saved.id), version, name: textOrNull(saved.name), content: textOrNull(saved.content), createUser: ctx.userId }).execute();
      }
      return saved;
    }));
  });
  app.post(`${D}/form/remove`, { onRequest: adminGuard(['wf_design_form_delete']), schema: { tags: [TAG], summary: 'Remove forms: ids in the query, or in the body as ids / data', querystring: idsQuery, body: idsBody.nullish() } }, async (req) => ok((await forms.remove(ctxOf(req), idsOf(req.query, req.body))) > 0));
  app.get(`${D}/form/listType`, { schema: { tags: [TAG], summary: 'Form categories with their form counts [{categoryId, categoryName, count}] (uncategorised: categoryId null)' } }, async (req) => {
    const ctx = ctxOf(req);
    const rows = await scoped(db, ctx.tenantId).selectFrom('wfForm as f').leftJoin('wfCategory as c', 'c.id', 'f.categoryId').where('f.isDeleted', '=', 0)
      .select(['f.categoryId', 'c.name as categoryName', sql<string>`count(*)`.as('count')]).groupBy(['f.categoryId', 'c.name']).orderBy('c.name').execute();
    return ok(rows.map((r) => ({ categoryId: r.categoryId === null ? null : String(r.categoryId), categoryName: r.categoryName ?? null, count: Number(r.count) })));
  });
  // a form's versions: list (filter formId) and detail (id); the rows are written by its submit
  const formHistory = modelResource(app, db, wfFormHistoryModel, { tag: TAG, only: ['list', 'detail'] });
  app.post(`${D}/form/history/setMainVersion`, { onRequest: adminGuard(['wf_design_form_edit']), schema: { tags: [TAG], summary: 'Make a form version (id of a history row) the form\'s content again', body: historyBody } }, async (req) => {
    const a = actorOf(req);
    const h = await formHistory.detail(ctxOf(req), req.body.id);
    if (!h) throw new ApiError(400, MSG.historyMissing);
    checkFormPatterns(h.content);
    await scoped(db, a.tenantId).updateTable('wfForm').set({ content: textOrNull(h.content), version: Number(h.version), updateUser: a.userId, updateTime: sql`now()` }).where('id', '=', String(h.formId)).execute();
    return ok(true);
  });

  // ---- the design sets (models: @campus/schema wfFormThemeModel …) ----
  // each set is read by every design screen (the guard of these calls); writing needs its menu's
  // button codes (0021), or the designer's own edit / delete code as before the set screens existed:
  // the codes are checked here, so the routes carry none of their own (permission left out)
  const set = (model: ModelDef, designer: string, beforeSave?: Parameters<typeof modelResource>[3]['beforeSave']) =>
    void app.register(async (sub) => {
      const code = model.permission!;
      const write = adminGuard([`${code}_add`, `${code}_edit`, `${designer}_edit`]);
      const remove = adminGuard([`${code}_delete`, `${designer}_delete`]);
      sub.addHook('onRequest', async (req) => {
        if (req.method !== 'POST') return;
        await (req.url.split('?')[0]!.endsWith('/remove') ? remove : write)(req);
      });
      // a content sent as a JSON document is kept as its text, as for every set before the models (the
      // JSON sets' models say so themselves; a variable's value is any text, so its model cannot)
      sub.addHook('preValidation', async (req) => {
        const b: unknown = req.body;
        if (b && typeof b === 'object' && 'content' in b && b.content !== null && typeof b.content === 'object') Object.assign(b, { content: JSON.stringify(b.content) });
      });
      modelResource(sub, db, model, { tag: TAG, permission: undefined, beforeSave });
    });
  set(wfFormThemeModel, 'wf_design_form');
  set(wfFormVariableModel, 'wf_design_form');
  set(wfFormDefaultValuesModel, 'wf_design_form');
  // one row per engine button (the model refuses a key configured already): the set renames, orders
  // or hides the buttons the engine knows; a display or sort sent as null is left out (kept, or the default)
  set(wfButtonModel, 'wf_design_model', async (_ctx, e) => {
    if (!Object.hasOwn(DEFAULT_BUTTON_NAMES, String(e.buttonKey))) throw new ApiError(400, MSG.buttonUnknown);
    for (const k of ['display', 'sort']) if (e[k] === null) delete e[k];
  });
  modelResource(app, db, wfCategoryModel, {
    tag: TAG,
    // a category without a parent (left out, empty) is a root one; a parent is one of the tenant's
    // categories and never the category itself or one below it
    beforeSave: async (ctx, e) => {
      e.parentId = e.parentId || '0';
      if (e.sort === null) delete e.sort;
      await checkParent(db, 'wfCategory', ctx.tenantId, e.id ? String(e.id) : undefined, String(e.parentId));
    },
  });
  // the model and the users, roles and departments it lists by id (a role may also go by its alias) are the tenant's own
  const diyRefs = [['userIds', 'user'], ['roleIds', 'role'], ['deptIds', 'dept']] as const;
  modelResource(app, db, wfFlowPermissionDiyModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      const sdb = scoped(db, ctx.tenantId);
      if (e.modelId && !(await sdb.selectFrom('wfModel').select('id').where('id', '=', String(e.modelId)).where('isDeleted', '=', 0).executeTakeFirst())) throw new ApiError(400, MSG.modelMissing);
      for (const [field, kind] of diyRefs) {
        const ids = [...new Set(String(e[field] ?? '').split(',').map((x) => x.trim()).filter(isId))];
        if (ids.length && (await wf.directory.existing(ctx.tenantId, kind, ids)).length < ids.length) throw new ApiError(400, 'invalid', { field });
      }
    },
  });
}

/** The menus of the design sets (0021_workflow_sets_menus): theme, variable, default values, buttons. */
const SET_MENUS = ['wf_form_theme', 'wf_form_variable', 'wf_form_default_values', 'wf_button'];
const DEPLOYMENT_CODES = ['deployment', 'deployment_view', 'deployment_add', 'deployment_edit', 'deployment_delete'];

function flowCalls(app: TypedApp, wf: WorkflowService): void {
  const { db, engine } = wf;

  app.get(`${F}/manager/list`, { onRequest: adminGuard(DEPLOYMENT_CODES), schema: { tags: [TAG], summary: 'Deployed definitions of the tenant; paged; filters key (processDefinitionKey), category; latest=1 keeps the newest version of each key', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const q = req.query;
    const s = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    const page = await engine.definitionList({
      tenantId: a.tenantId, key: s(q.key ?? q.processDefinitionKey), category: s(q.category), latestOnly: q.latest === '1',
      current: Math.max(1, Number(q.current ?? 1) || 1), size: Math.min(200, Math.max(1, Number(q.size ?? 10) || 10)),
    });
    const deps = page.records.length ? await db.selectFrom('wfDeployment').selectAll().where('id', 'in', page.records.map((d) => d.deploymentId)).execute() : [];
    const byId = new Map(deps.map((d) => [String(d.id), d]));
    return ok({
      ...page,
      records: page.records.map((d) => ({
        ...d, processDefinitionId: d.id, processDefinitionKey: d.key, suspensionState: d.suspended ? 2 : 1,
        resourceName: byId.get(String(d.deploymentId))?.resourceName ?? null, deploymentTime: byId.get(String(d.deploymentId))?.deployTime ?? d.createTime,
      })),
    });
  });

  // each of these calls takes its parameters in the query or the body (the body wins)
  const changeStateQuery = z.looseObject({ processId: z.string().optional(), processDefinitionId: z.string().optional(), state: z.string().optional() });
  app.post(`${F}/manager/change-state`, { preHandler: adminGuard(['deployment_edit']), schema: { tags: [TAG], summary: 'Suspend or activate a definition: processId (or processDefinitionId), state suspend|active', querystring: changeStateQuery, body: changeStateQuery.extend({ processId: zKey.optional(), processDefinitionId: zKey.optional() }) } }, async (req) => {
    const a = actorOf(req);
    const b = { ...req.query, ...req.body };
    const def = await wf.definition(a.tenantId, { id: b.processId ?? b.processDefinitionId });
    const suspend = b.state === 'suspend' || b.state === 'suspended';
    if (!suspend && b.state !== 'active') throw new ApiError(400, 'invalid', { field: 'state' });
    if (suspend) await engine.suspendDefinition(String(def.id)); else await engine.activateDefinition(String(def.id));
    return ok({ processDefinitionId: String(def.id), suspensionState: suspend ? 2 : 1 });
  });

  app.post(`${F}/manager/deploy-upload`, {
    preHandler: adminGuard(['deployment_add']),
    schema: { tags: [TAG], summary: 'Deploy uploaded BPMN files (multipart: category, tenantIds (platform tenant only, comma separated), files: one or more .bpmn20.xml / .bpmn / .xml). Each executable process becomes a new version of its key.' },
  }, async (req) => {
    const a = actorOf(req);
    if (!req.isMultipart()) throw new ApiError(400, MSG.fileRequired);
    const fields: Values = {};
    const files: { name: string; xml: string }[] = [];
    for await (const part of req.parts({ limits: { files: 20 } })) {
      if (part.type === 'file') {
        assertFilePart(part, 'files');
        const name = part.filename ?? 'process.bpmn';
        const buf = await part.toBuffer();
        if (!/\.(bpmn20\.xml|bpmn|xml)$/i.test(name)) throw new ApiError(400, MSG.fileType);
        files.push({ name, xml: buf.toString('utf8') });
      } else fields[part.fieldname] = part.value;
    }
    if (!files.length) throw new ApiError(400, MSG.fileRequired);
    const category = typeof fields.category === 'string' && fields.category ? fields.category : null;
    const asked = typeof fields.tenantIds === 'string' ? fields.tenantIds.split(',').map((s) => s.trim()).filter(Boolean) : [];
    const tenants = a.tenantId === ADMIN_TENANT && asked.length ? asked : [a.tenantId];
    const out: Row[] = [];
    for (const f of files) {
      const parsed = await parseBpmn(f.xml);
      if (!parsed.processes.some((p) => p.executable)) throw new ApiError(400, MSG.noExecutable);
    }
    for (const t of tenants) {
      for (const f of files) {
        const defs = await engine.deploy(f.xml, { tenantId: t, category, resourceName: f.name });
        out.push(...defs.map((d) => ({ ...d, resourceName: f.name })));
      }
    }
    return ok(out);
  });

  const queryIds = z.union([z.string(), z.array(z.string())]).optional();
  const deploymentQuery = z.looseObject({ deploymentIds: queryIds, deploymentId: queryIds, ids: queryIds });
  app.post(`${F}/manager/delete-deployment`, { preHandler: adminGuard(['deployment_delete']), schema: { tags: [TAG], summary: 'Delete deployments (deploymentIds, comma separated; or ids): refused while a process of it still runs; finished history stays', querystring: deploymentQuery, body: z.looseObject({ deploymentIds: zIds, deploymentId: zIds, ids: zIds }) } }, async (req) => {
    const a = actorOf(req);
    const b = { ...req.query, ...req.body };
    const ids = parseIds(b.deploymentIds ?? b.deploymentId ?? b.ids);
    const defs = await scoped(db, a.tenantId).selectFrom('wfDefinition').select('id').where('deploymentId', 'in', ids).execute();
    const defIds = defs.map((d) => String(d.id));
    if (defIds.length) {
      const running = await db.selectFrom('wfInstance').select('id').where('definitionId', 'in', defIds).where('status', 'in', ['running', 'reject', 'recall']).limit(1).executeTakeFirst();
      if (running) throw new ApiError(400, MSG.deploymentBusy);
    }
    await db.transaction().execute(async (tx) => {
      if (defIds.length) await scoped(tx, a.tenantId).deleteFrom('wfDefinition').where('id', 'in', defIds).execute();
      await scoped(tx, a.tenantId).deleteFrom('wfDeployment').where('id', 'in', ids).execute();
    });
    return ok(true);
  });

  app.get(`${F}/follow/list`, { schema: { tags: [TAG], summary: 'Running processes of the tenant with their current nodes (流程跟踪); paged; filters processDefinitionName, processDefinitionKey, initiator, startTime', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await tenantInstances(db, a.tenantId, req.query, true);
    return ok({ ...page, records: await wf.instanceRows(a.tenantId, page.records as never, say(req, UNCLAIMED)) });
  });
  const deleteInstanceQuery = z.looseObject({ processInstanceId: z.string().optional(), deleteReason: zLooseText });
  app.post(`${F}/follow/delete-process-instance`, { onRequest: adminGuard(['deployment_delete']), schema: { tags: [TAG], summary: 'Delete a running process: processInstanceId, deleteReason', querystring: deleteInstanceQuery, body: deleteInstanceQuery.extend({ processInstanceId: zKey.optional(), deleteReason: zLooseText }) } }, async (req) => {
    const a = actorOf(req);
    const b = { ...req.query, ...req.body };
    const inst = await wf.instance(a.tenantId, b.processInstanceId);
    return ok(await engine.deleteProcess(String(inst.id), a.userId, b.deleteReason));
  });
  app.get(`${F}/process/model-view`, { config: { file: { detail: '/api/blade-workflow/process/detail' } }, schema: { tags: [TAG], summary: 'Flow chart: xml and flow list of processInstanceId, or xml of processDefinitionId', querystring: modelViewQuery } },
    async (req) => ok(await modelView(wf, req, req.query)));
  app.get('/api/flowable/process/queryFlowModelDeploymentIdByKey', { schema: { tags: [TAG], summary: 'The deployment of the newest version of a key (key): {deploymentId, processDefinitionId, version}', querystring: z.looseObject({ key: z.string().optional() }) } }, async (req) => {
    const def = await wf.definition(actorOf(req).tenantId, { key: req.query.key });
    return ok({ deploymentId: String(def.deploymentId), processDefinitionId: String(def.id), version: def.version });
  });
}
