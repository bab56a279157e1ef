// The portal's to-do centre (001 §7.2; issue 16 "Signed-in portal"): /api/todoCenter/tcTask and
// /api/todoCenter/tcInstance over the workflow engine's real tasks and instances. The lists are the
// engine's own (the rows of /api/blade-workflow/process/todoList, doneList and sendList, built by the
// same WorkflowService row builders), each row with the service it came from (serviceName) when the
// instance was started from a portal service. The rally lists group the same sets by process, in
// SQL, a page of groups at a time. tcInstance holds each person's request records (their own rows).
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { serviceManageModel, tcInstanceModel } from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { isId, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { likeContains } from '../../db/like.ts';
import { timeParam } from '../../db/time.ts';
import { listQuery } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import type { Message } from '../../http/messages.ts';
import { modelResource } from '../../http/model-resource.ts';
import type { ListQuery } from '../workflow/engine/index.ts';
import { listQueryOf } from '../workflow/process-routes.ts';
import { actorOf, say, UNCLAIMED, type Actor, type WorkflowService } from '../workflow/service.ts';
import type { RouteFn } from '../module.ts';
import { HANDLING_MSG } from './handling.ts';

export const TODO_MSG = {
  instanceNotMine: ['流程实例不存在或不是您发起的', 'The process instance does not exist or was not started by you'],
  recorded: ['该流程实例已有办件记录', 'This process instance already has a request record'],
} as const satisfies Record<string, Message>;

const TAG = 'portal';
const TASK = '/api/todoCenter/tcTask';
const INSTANCE = tcInstanceModel.api;

/** A group of a rally list: one process, how many of the caller's items it holds and the newest one's time. */
export interface RallyGroup { processDefKey: string; processDefinitionName: string | null; category: string | null; icon: string | null; count: number; latestTime: string | null }

/** The service each instance (or the root instance it runs under) was started from, in the reader's language. */
export async function serviceNames(db: Db, tenantId: string, instanceIds: string[], lang: 'zh' | 'en'): Promise<Map<string, { serviceId: string; serviceName: string }>> {
  const out = new Map<string, { serviceId: string; serviceName: string }>();
  const ids = [...new Set(instanceIds.filter(isId))];
  if (!ids.length) return out;
  const roots = await scoped(db, tenantId).selectFrom('wfInstance').select(['id', 'rootId']).where('id', 'in', ids).execute();
  const rootOf = new Map(roots.map((r) => [String(r.id), String(r.rootId ?? r.id)]));
  const wanted = [...new Set([...ids, ...rootOf.values()])];
  // a record removed from the person's list still says where the instance came from; the first record wins
  const rows = (await sql<{ processInstanceId: string; serviceId: string; serviceName: string | null; name: string | null; nameEn: string | null }>`
    select tc.process_instance_id, tc.service_id, tc.service_name, s.name, s.name_en
    from ${sql.table(tcInstanceModel.table)} tc left join ${sql.table(serviceManageModel.table)} s on s.id = tc.service_id and s.tenant_id = tc.tenant_id
    where tc.tenant_id = ${tenantId} and tc.process_instance_id = any(${wanted}::bigint[])
    order by tc.create_time, tc.id`.execute(db)).rows;
  const byInstance = new Map<string, { serviceId: string; serviceName: string }>();
  for (const r of rows) {
    const key = String(r.processInstanceId);
    if (byInstance.has(key)) continue;
    const name = (lang === 'en' ? r.nameEn || r.name : r.name) || r.serviceName || '';
    byInstance.set(key, { serviceId: String(r.serviceId), serviceName: name });
  }
  for (const id of ids) {
    const hit = byInstance.get(id) ?? byInstance.get(rootOf.get(id) ?? id);
    if (hit) out.set(id, hit);
  }
  return out;
}

/** Rows with serviceId / serviceName (null when the instance came from no service). */
async function withServices(db: Db, tenantId: string, rows: Row[], lang: 'zh' | 'en'): Promise<Row[]> {
  const names = await serviceNames(db, tenantId, rows.map((r) => String(r.processInstanceId ?? '')), lang);
  return rows.map((r) => {
    const s = names.get(String(r.processInstanceId ?? ''));
    return { ...r, serviceId: s?.serviceId ?? null, serviceName: s?.serviceName ?? null };
  });
}

/** Which of the caller's items a rally list groups: the FROM, WHERE and the time and name columns of one set. */
interface RallySet { from: RawBuilder<unknown>; where: RawBuilder<unknown>; key: string; name: string; category: string; time: string; filterName: string; version: string }

/** The caller's open tasks (the engine's todoList: assigned to them, or offered to them or their groups and unclaimed). */
const todoSet = (a: Actor): RallySet => ({
  from: sql`wf_task t join wf_instance i on i.id = t.instance_id`,
  where: sql`t.tenant_id = ${a.tenantId} and t.state = 'active' and (t.assignee = ${a.userId} or (t.assignee is null and exists (
    select 1 from wf_identity_link l where l.task_id = t.id and (l.user_id = ${a.userId} or l.group_id = any(${a.groups}::text[])))))`,
  key: 't.definition_key', name: 'i.definition_name', category: 't.category', time: 't.create_time', filterName: 't.name', version: 'i.definition_version',
});
/** The tasks the caller completed (the engine's doneList). */
const doneSet = (a: Actor): RallySet => ({
  from: sql`wf_task t join wf_instance i on i.id = t.instance_id`,
  where: sql`t.tenant_id = ${a.tenantId} and t.state = 'completed' and t.completed_by = ${a.userId}`,
  key: 't.definition_key', name: 'i.definition_name', category: 't.category', time: 't.end_time', filterName: 't.name', version: 'i.definition_version',
});
/** Copies sent to the caller (the engine's copyList). */
const copySet = (a: Actor): RallySet => ({
  from: sql`wf_copy c join wf_instance i on i.id = c.instance_id`,
  where: sql`c.tenant_id = ${a.tenantId} and c.user_id = ${a.userId}`,
  key: 'i.definition_key', name: 'i.definition_name', category: 'i.category', time: 'c.create_time', filterName: 'i.definition_name', version: 'i.definition_version',
});
/** The processes the caller started (the engine's sendList: top-level instances). */
const sendSet = (a: Actor): RallySet => ({
  from: sql`wf_instance i`,
  where: sql`i.tenant_id = ${a.tenantId} and i.initiator = ${a.userId} and i.parent_id is null`,
  key: 'i.definition_key', name: 'i.definition_name', category: 'i.category', time: 'i.start_time', filterName: 'i.definition_name', version: 'i.definition_version',
});

/**
 * One page of a set's groups by process, newest group first, with the number of groups: two
 * statements whatever the set's size (grouped in the database, never loaded row by row).
 */
async function rally(wf: WorkflowService, set: RallySet, q: ListQuery): Promise<{ records: RallyGroup[]; total: number; size: number; current: number; pages: number }> {
  const ref = (c: string) => sql.raw(c);
  const conds: RawBuilder<unknown>[] = [set.where];
  if (q.definitionKey) conds.push(sql`${ref(set.key)} = ${q.definitionKey}`);
  if (q.category) conds.push(sql`${ref(set.category)} = ${q.category}`);
  if (q.name) conds.push(sql`${ref(set.filterName)} like ${likeContains(q.name)}`);
  if (q.createdAfter) conds.push(sql`${ref(set.time)} > ${timeParam(q.createdAfter)}`);
  if (q.createdBefore) conds.push(sql`${ref(set.time)} < ${timeParam(q.createdBefore)}`);
  const where = sql.join(conds, sql` and `);
  const size = q.size ?? 10;
  const current = q.current ?? 1;
  // a page far past any list's end is empty (its offset never reaches the database as a number it cannot read)
  const offset = (current - 1) * size;
  const far = !Number.isSafeInteger(offset) || offset > 1_000_000_000;
  const [count, rows] = await Promise.all([
    sql<{ n: string | number }>`select count(distinct ${ref(set.key)}) as n from ${set.from} where ${where}`.execute(wf.db),
    far ? { rows: [] } : sql<{ processDefKey: string; processDefinitionName: string | null; category: string | null; count: string | number; latestTime: string | null }>`
      select ${ref(set.key)} as process_def_key,
        (array_agg(${ref(set.name)} order by ${ref(set.version)} desc, ${ref(set.time)} desc nulls last))[1] as process_definition_name,
        (array_agg(${ref(set.category)} order by ${ref(set.version)} desc, ${ref(set.time)} desc nulls last))[1] as category,
        count(*) as count, max(${ref(set.time)}) as latest_time
      from ${set.from} where ${where}
      group by ${ref(set.key)}
      order by max(${ref(set.time)}) desc nulls last, ${ref(set.key)}
      limit ${size} offset ${offset}`.execute(wf.db),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  const models = await wf.models(q.tenantId, rows.rows.map((r) => String(r.processDefKey)));
  const records = rows.rows.map((r) => ({
    processDefKey: String(r.processDefKey), processDefinitionName: r.processDefinitionName, category: r.category,
    icon: (models.get(String(r.processDefKey))?.icon as string | null | undefined) ?? null, count: Number(r.count), latestTime: r.latestTime,
  }));
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

const langOf = (req: FastifyRequest): 'zh' | 'en' => (req.lang === 'en' ? 'en' : 'zh');

export const todoRoutes: RouteFn = async (app, deps) => {
  if (!app.hasDecorator('workflowService')) return;
  const wf = app.workflowService;
  const { db } = deps;
  const { engine } = wf;
  const FILTERS = 'paged (current, size); filters processDefKey, category, createTime_dategt / createTime_datelt';

  // ---- tasks -----------------------------------------------------------------------------------

  const taskList = (path: string, summary: string, run: (q: ListQuery) => ReturnType<typeof engine.todoList>) =>
    app.get(`${TASK}/${path}`, { schema: { tags: [TAG], summary, querystring: listQuery } }, async (req) => {
      const a = actorOf(req);
      const page = await run(listQueryOf(a, req.query));
      return ok({ ...page, records: await withServices(db, a.tenantId, await wf.taskRows(a.tenantId, page.records), langOf(req)) });
    });
  taskList('getMyTodoList', `待办: the caller's open tasks (as /api/blade-workflow/process/todoList), each with serviceId and serviceName when its process was started from a portal service; ${FILTERS}, taskName`, (q) => engine.todoList(q));
  taskList('getMyDoneList', `已办: the tasks the caller completed, newest first (as /api/blade-workflow/process/doneList), with serviceId / serviceName; ${FILTERS}, taskName`, (q) => engine.doneList(q));

  const rallyList = (base: string, path: string, summary: string, set: (a: Actor) => RallySet) =>
    app.get(`${base}/${path}`, { schema: { tags: [TAG], summary, querystring: listQuery } }, async (req) => {
      const a = actorOf(req);
      return ok(await rally(wf, set(a), listQueryOf(a, req.query)));
    });
  const GROUP = 'Page of groups { processDefKey, processDefinitionName, category, icon, count, latestTime }, the newest group first';
  rallyList(TASK, 'getMyTodoRallyList', `待办 by process: ${GROUP} (latestTime: the newest task's creation); ${FILTERS}, taskName`, todoSet);
  rallyList(TASK, 'getMyDoneRallyList', `已办 by process: ${GROUP} (latestTime: the newest completion); ${FILTERS}, taskName`, doneSet);
  rallyList(TASK, 'getMyCopyRallyList', `抄送我的 by process: ${GROUP} (latestTime: the newest copy); ${FILTERS}, processDefinitionName`, copySet);

  // ---- instances -------------------------------------------------------------------------------

  app.get(`${INSTANCE}/getMySendList`, {
    schema: { tags: [TAG], summary: `我发起的: the processes the caller started (as /api/blade-workflow/process/sendList), with serviceId / serviceName; ${FILTERS}, processDefinitionName`, querystring: listQuery },
  }, async (req) => {
    const a = actorOf(req);
    const page = await engine.sendList(listQueryOf(a, req.query));
    const rows = await wf.instanceRows(a.tenantId, page.records as never, say(req, UNCLAIMED));
    return ok({ ...page, records: await withServices(db, a.tenantId, rows, langOf(req)) });
  });
  rallyList(INSTANCE, 'getMySendRallyList', `我发起的 by process: ${GROUP} (latestTime: the newest start); ${FILTERS}, processDefinitionName`, sendSet);

  // the caller's own request records: a record names an instance the caller started and a service bound to its process
  modelResource(app, db, tcInstanceModel, {
    tag: TAG,
    beforeSave: async (ctx, e) => {
      const inst = await scoped(db, ctx.tenantId).selectFrom('wfInstance').select(['id', 'initiator', 'definitionKey', 'definitionName'])
        .where('id', '=', String(e.processInstanceId)).executeTakeFirst();
      if (!inst || inst.initiator !== ctx.userId) throw new ApiError(400, TODO_MSG.instanceNotMine);
      const t = dynamic(scoped(db, ctx.tenantId));
      const service = await t.selectFrom(serviceManageModel.table).select(['id', 'name', 'itemHandle']).where('id', '=', String(e.serviceId)).where('isDeleted', '=', 0).executeTakeFirst();
      if (!service) throw new ApiError(400, HANDLING_MSG.serviceMissing);
      if (String(service.itemHandle ?? '') !== inst.definitionKey) throw new ApiError(400, HANDLING_MSG.wrongProcess);
      let other = t.selectFrom(tcInstanceModel.table).select('id').where('processInstanceId', '=', String(inst.id)).where('isDeleted', '=', 0);
      if (e.id) other = other.where('id', '<>', String(e.id));
      if (await other.executeTakeFirst()) throw new ApiError(400, TODO_MSG.recorded);
      // the names come from the service and the instance, never from the body
      e.serviceName = String(service.name ?? '');
      e.processDefKey = inst.definitionKey;
      if (!e.title) e.title = inst.definitionName ?? inst.definitionKey;
    },
  });
};
