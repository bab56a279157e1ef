// /api/blade-workflow/ops/*: process monitoring and the administrator's operations on anyone's
// tasks (000 §7 "Workflow operations"), plus process proxies. Every call needs the administrator
// role or one of the ops button codes; every row read or changed belongs to the caller's tenant.
import type { FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { wfProcessProxyModel } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import type { Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { listQuery } from '../../http/crud.ts';
import { modelResource } from '../../http/model-resource.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { filterWhere, parsePageQuery, toPage, type Columns } from '../../http/page.ts';
import { parseBpmn, type InstanceStatus, type TaskView } from './engine/index.ts';
import { assertUser, zLooseText, zPeople } from './process-routes.ts';
import { actorOf, idList, MSG, say, UNCLAIMED, withoutFields, WorkflowService } from './service.ts';

type Values = Record<string, unknown>;
const TAG = 'workflow-ops';
const O = '/api/blade-workflow/ops';

/** Administrator role, or one of the codes (once the ops screens' menus are enabled). */
export function adminGuard(codes: string[]) {
  return async (req: FastifyRequest) => {
    const a = actorOf(req);
    if (a.admin) return;
    const have = await req.server.permissionsOf(a.user);
    if (!codes.some((c) => have.has(c))) throw new ApiError(403, MSG.adminOnly);
  };
}

const TASK_COLUMNS: Columns = {
  taskId: 'id', taskName: 'string', taskDefinitionKey: 'string', processInstanceId: 'id', processDefinitionKey: 'string',
  processDefinitionName: 'string', assignee: 'string', initiator: 'string', category: 'string', createTime: 'date', endTime: 'date', processIsFinished: 'string',
};
const INSTANCE_COLUMNS: Columns = {
  processInstanceId: 'id', processDefinitionKey: 'string', processDefinitionName: 'string', initiator: 'string', category: 'string',
  businessKey: 'string', processIsFinished: 'string', startTime: 'date', createTime: 'date', endTime: 'date',
};

/** Every task of a tenant in a state (active or completed), paged with BladeX filters. */
export async function tenantTasks(db: Db, tenantId: string, state: 'active' | 'completed', query: Values) {
  const pq = parsePageQuery(query, TASK_COLUMNS);
  const sdb = scoped(db, tenantId); // the page query wraps inner: it must run on the scoped db too
  const inner = sdb.selectFrom('wfTask as t').innerJoin('wfInstance as i', 'i.id', 't.instanceId').where('t.state', '=', state)
    .select(['t.id as taskId', 't.name as taskName', 't.taskDefKey as taskDefinitionKey', 't.instanceId as processInstanceId', 't.definitionId as processDefinitionId',
      't.definitionKey as processDefinitionKey', 'i.definitionName as processDefinitionName', 't.category', 'i.businessKey', 'i.initiator', 't.assignee', 't.owner',
      't.delegation', 't.createTime', 't.claimTime', 't.dueDate', 't.endTime', 't.formKey', 't.outcome', 'i.status as processIsFinished', 't.completedBy']);
  return paged(sdb, inner, pq, TASK_COLUMNS, state === 'active' ? 'createTime' : 'endTime') as Promise<{ records: (TaskView & Row)[]; total: number; size: number; current: number; pages: number }>;
}

/** Every top-level instance of a tenant (optionally only running ones), paged with BladeX filters, with its current nodes. */
export async function tenantInstances(db: Db, tenantId: string, query: Values, runningOnly = false) {
  const pq = parsePageQuery(query, INSTANCE_COLUMNS);
  const sdb = scoped(db, tenantId); // the page query wraps inner: it must run on the scoped db too
  let inner = sdb.selectFrom('wfInstance as i').where('i.parentId', 'is', null)
    .select(['i.id as processInstanceId', 'i.definitionId as processDefinitionId', 'i.definitionKey as processDefinitionKey', 'i.definitionName as processDefinitionName',
      'i.category', 'i.businessKey', 'i.initiator', 'i.status as processIsFinished', 'i.startTime', 'i.startTime as createTime', 'i.endTime']);
  if (runningOnly) inner = inner.where('i.status', 'in', ['running', 'reject', 'recall']);
  const page = await paged(sdb, inner, pq, INSTANCE_COLUMNS, 'startTime');
  const ids = page.records.map((r) => String(r.processInstanceId));
  const tasks = ids.length ? await db.selectFrom('wfTask').select(['id', 'instanceId', 'name', 'assignee']).where('instanceId', 'in', ids).where('state', '=', 'active').orderBy('id').execute() : [];
  return {
    ...page,
    records: page.records.map((r) => ({
      ...r, processIsFinished: r.processIsFinished as InstanceStatus,
      currentNodes: tasks.filter((t) => String(t.instanceId) === String(r.processInstanceId)).map((t) => ({ taskId: String(t.id), taskName: t.name as string | null, assignee: t.assignee as string | null })),
    })),
  };
}

async function paged(db: Db, inner: SelectQueryBuilder<any, any, Row>, pq: ReturnType<typeof parsePageQuery>, columns: Columns, defaultSort: string) {
  let qb = db.selectFrom(inner.as('x')).selectAll() as SelectQueryBuilder<any, any, Row>;
  if (pq.filters.length) qb = qb.where((eb) => filterWhere(eb, pq, columns));
  const { n } = (await qb.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: string };
  const order = pq.order.length ? pq.order : [{ field: defaultSort, dir: 'desc' as const }];
  for (const o of order) qb = qb.orderBy(o.field, o.dir);
  const rows = await qb.limit(pq.size).offset((pq.current - 1) * pq.size).execute();
  const fix = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  return toPage(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('Id') && v !== null ? String(v) : fix(v)])) as Row), Number(n), pq);
}

/** What the operations read: the task, instance or definition they act on and what each takes. */
const opBody = z.looseObject({
  taskId: z.union([z.string(), z.number()]).transform(String).optional(),
  processInstanceId: z.union([z.string(), z.number()]).transform(String).optional(),
  processDefinitionId: z.union([z.string(), z.number()]).transform(String).optional(),
  comment: zLooseText,
  // completeTask: anything but false or 'false' passes; variables an object
  pass: z.union([z.boolean(), z.string(), z.number()]).optional().catch(undefined),
  variables: z.record(z.string(), z.unknown()).optional().catch(undefined),
  // changeTaskStatus: suspended / suspend / 2 suspends, anything else activates
  status: z.union([z.string(), z.number()]).optional().catch(undefined),
  // the person (assignee, or userId) or the people (copyUser, or assignee)
  assignee: zPeople, userId: zPeople, copyUser: zPeople,
  // rollbackTask: a node of getBackNodes, or previous / initiator
  nodeId: zLooseText,
});
type OpBody = z.output<typeof opBody>;

export async function opsRoutes(parent: TypedApp, wf: WorkflowService): Promise<void> {
  // an encapsulated context, so the administrator guard covers every ops route (proxy CRUD included)
  await parent.register(async (app) => {
    app.addHook('onRequest', adminGuard(['wf_ops']));
    opsCalls(app, wf);
  });
}

function opsCalls(app: TypedApp, wf: WorkflowService): void {
  const { engine, db } = wf;

  app.get(`${O}/list`, { schema: { tags: [TAG], summary: 'Running tasks of the tenant; paged; BladeX filters on taskName, processDefinitionName, processDefinitionKey, assignee, category, createTime', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await tenantTasks(db, a.tenantId, 'active', req.query);
    return ok({ ...page, records: await wf.taskRows(a.tenantId, page.records) });
  });
  app.get(`${O}/doneList`, { schema: { tags: [TAG], summary: 'Completed tasks of the tenant; paged; same filters plus endTime', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await tenantTasks(db, a.tenantId, 'completed', req.query);
    const rows = await wf.taskRows(a.tenantId, page.records);
    const names = await wf.names(a.tenantId, page.records.map((r) => r.completedBy as string | null));
    return ok({ ...page, records: rows.map((r) => ({ ...r, completedByName: r.completedBy ? names.get(String(r.completedBy)) ?? r.completedBy : null })) });
  });
  app.get(`${O}/processList`, { schema: { tags: [TAG], summary: 'Processes of the tenant with their current nodes; paged; filters on processDefinitionName, processDefinitionKey, initiator, processIsFinished, startTime/createTime', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await tenantInstances(db, a.tenantId, req.query);
    return ok({ ...page, records: await wf.instanceRows(a.tenantId, page.records as never, say(req, UNCLAIMED)) });
  });
  app.get(`${O}/processNodes`, { schema: { tags: [TAG], summary: 'User-task nodes of a process (processInstanceId, processDefinitionId or taskId), for dispatch and rollback: [{nodeId, nodeName, current}]', querystring: z.looseObject({ processInstanceId: z.string().optional(), processDefinitionId: z.string().optional(), taskId: z.string().optional() }) } }, async (req) => {
    const a = actorOf(req);
    const q = req.query;
    let instanceId = q.processInstanceId ?? '';
    if (!instanceId && q.taskId) instanceId = String((await wf.task(a.tenantId, q.taskId)).instanceId);
    const inst = instanceId ? await wf.instance(a.tenantId, instanceId) : null;
    const def = await wf.definition(a.tenantId, { id: inst?.definitionId ?? q.processDefinitionId });
    const parsed = await parseBpmn(String(def.xml));
    const proc = parsed.processes.find((p) => p.id === def.key) ?? parsed.processes[0];
    const current = inst ? new Set((await db.selectFrom('wfTask').select('taskDefKey').where('instanceId', '=', String(inst.id)).where('state', '=', 'active').execute()).map((r) => String(r.taskDefKey))) : new Set<string>();
    return ok([...(proc?.nodes.values() ?? [])].filter((n) => n.type === 'userTask').map((n) => ({ nodeId: n.id, nodeName: n.name || n.id, current: current.has(n.id) })));
  });

  // ---- operations ----------------------------------------------------------------------------

  /** The task of the tenant and who acts for it: its assignee when it has one (the operation runs in that person's place). */
  const taskOf = async (req: FastifyRequest, b: OpBody) => {
    const a = actorOf(req);
    const t = await wf.task(a.tenantId, b.taskId);
    return { a, b, t, id: String(t.id), actingAs: (t.assignee as string | null) ?? a.userId, comment: b.comment };
  };
  const op = (path: string, summary: string, run: (req: FastifyRequest, b: OpBody) => Promise<unknown>) =>
    app.post(`${O}/${path}`, { schema: { tags: [TAG], summary, body: opBody } }, async (req) => ok(await run(req, req.body)));

  op('completeTask', 'Complete a task in its assignee\'s place: taskId, pass, comment, variables', async (req, body) => {
    const { b, id, actingAs, comment, a, t } = await taskOf(req, body);
    const pass = !(b.pass === false || b.pass === 'false');
    // an instance another module gives its form (a micro-app record's): the values it takes are checked before and handed over after, as on the task page
    const provided = pass && b.variables ? await wf.instanceForm(a.tenantId, String(t.instanceId), a.user, req.lang === 'en' ? 'en' : 'zh') : null;
    const variables = provided ? withoutFields(b.variables!, [...provided.form.hidden, ...provided.form.readOnly]) : b.variables;
    if (provided) await provided.provider.checkPassing?.(req, String(t.instanceId), id, variables!);
    const r = await engine.completeTask(id, actingAs, { pass, comment, variables, groups: a.groups });
    if (provided) await provided.provider.taskPassed?.(req, String(t.instanceId), id, variables!);
    return r;
  });
  op('changeTaskStatus', 'Suspend or activate the definition of a task or process (taskId or processInstanceId or processDefinitionId; status suspended|active). New starts of a suspended definition are refused.', async (req, b) => {
    const a = actorOf(req);
    let defId: unknown = b.processDefinitionId;
    if (b.taskId) defId = (await wf.task(a.tenantId, b.taskId)).definitionId;
    else if (b.processInstanceId) defId = (await wf.instance(a.tenantId, b.processInstanceId)).definitionId;
    const def = await wf.definition(a.tenantId, { id: defId });
    const suspend = b.status === 'suspended' || b.status === 'suspend' || b.status === 2 || b.status === '2';
    if (suspend) await engine.suspendDefinition(String(def.id)); else await engine.activateDefinition(String(def.id));
    return { processDefinitionId: String(def.id), suspended: suspend };
  });
  const target = async (req: FastifyRequest, b: OpBody) => {
    const x = await taskOf(req, b);
    const to = idList(x.b.assignee ?? x.b.userId)[0];
    if (!to) throw new ApiError(400, MSG.assigneeRequired);
    await assertUser(wf, x.a.tenantId, to);
    return { ...x, to };
  };
  op('changeTaskAssignee', '变更审核人: taskId, assignee, comment', async (req, b) => { const x = await target(req, b); return engine.changeTaskAssignee(x.id, x.a.userId, x.to, x.comment); });
  op('dispatchTask', '调度: taskId, assignee, comment', async (req, b) => { const x = await target(req, b); return engine.dispatchTask(x.id, x.a.userId, x.to, x.comment); });
  op('transferTask', '转办 in the assignee\'s place: taskId, assignee, comment', async (req, b) => {
    const x = await target(req, b);
    return x.t.assignee ? engine.transferTask(x.id, x.actingAs, x.to, x.comment, x.a.groups) : engine.dispatchTask(x.id, x.a.userId, x.to, x.comment);
  });
  op('delegateTask', '委托 in the assignee\'s place: taskId, assignee, comment', async (req, b) => { const x = await target(req, b); return engine.delegateTask(x.id, x.actingAs, x.to, x.comment, x.a.groups); });
  op('copyTask', '抄送: taskId, copyUser (user ids), comment', async (req, b) => {
    const x = await taskOf(req, b);
    const users = idList(x.b.copyUser ?? x.b.assignee);
    if (!users.length) throw new ApiError(400, MSG.assigneeRequired);
    for (const u of users) await assertUser(wf, x.a.tenantId, u);
    return engine.copyTask(x.id, x.a.userId, users, x.comment);
  });
  app.post(`${O}/urgeTask`, { schema: { tags: [TAG], summary: '催办: processInstanceId (or taskId)', body: opBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const instId = b.processInstanceId ?? (b.taskId ? (await wf.task(a.tenantId, b.taskId)).instanceId : undefined);
    const inst = await wf.instance(a.tenantId, instId);
    const r = await engine.urgeTask(String(inst.id), a.userId, b.comment);
    return ok(r, say(req, r.receivers.length ? MSG.urged : MSG.urgedNobody));
  });
  op('terminateProcess', '终止: processInstanceId (or taskId), comment', async (req, b) => {
    const a = actorOf(req);
    const instId = b.processInstanceId ?? (b.taskId ? (await wf.task(a.tenantId, b.taskId)).instanceId : undefined);
    const inst = await wf.instance(a.tenantId, instId);
    return engine.terminateProcess({ instanceId: String(inst.id) }, a.userId, b.comment);
  });
  op('rollbackTask', '退回 in the assignee\'s place: taskId, nodeId, comment', async (req, b) => {
    const x = await taskOf(req, b);
    const nodeId = x.b.nodeId ?? '';
    const to = nodeId === 'previous' || nodeId === 'initiator' ? nodeId : undefined;
    return engine.rollbackTask(x.id, x.actingAs, { nodeId: to ? undefined : nodeId, to, comment: x.comment, groups: x.a.groups });
  });
  op('addMultiInstance', '加签 in the assignee\'s place: taskId, assignee (user ids), comment', async (req, b) => {
    const x = await taskOf(req, b);
    const users = idList(x.b.assignee);
    if (!users.length) throw new ApiError(400, MSG.assigneeRequired);
    for (const u of users) await assertUser(wf, x.a.tenantId, u);
    return engine.addMultiInstance(x.id, x.actingAs, users, x.comment);
  });
  op('deleteMultiInstance', '减签 in the assignee\'s place: taskId, assignee (user ids to remove), comment', async (req, b) => {
    const x = await taskOf(req, b);
    const users = idList(x.b.assignee);
    if (!users.length) throw new ApiError(400, MSG.assigneeRequired);
    return engine.deleteMultiInstance(x.id, x.actingAs, users, x.comment);
  });
  op('deleteProcess', '删除流程: processInstanceId, comment (history stays readable; status deleted)', async (req, b) => {
    const a = actorOf(req);
    const inst = await wf.instance(a.tenantId, b.processInstanceId);
    return engine.deleteProcess(String(inst.id), a.userId, b.comment);
  });

  // ---- proxies (流程代理: someone handles another's tasks for a while) ------------------------

  modelResource(app, db, wfProcessProxyModel, {
    tag: TAG,
    beforeSave: async (ctx, entity) => {
      if (entity.status === null) delete entity.status; // (a cleared status keeps its value; the column is not null)
      for (const k of ['userId', 'proxyUserId'] as const) await assertUser(wf, ctx.tenantId, String(entity[k]));
    },
  });
}
