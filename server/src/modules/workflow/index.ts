// The workflow module: one engine per server over the shared database, its HTTP calls (process,
// ops, design, flow engine, supervision), type-3 approval messages for task events, a flow log
// of every action, and the timer loop on the leader node.
import { z } from 'zod';
import { nextId } from '../../db/ids.ts';
import { leadership } from '../../db/leader.ts';
import type { TypedApp } from '../../http/contract.ts';
import type { ModuleDeps } from '../index.ts';
import { MessageType } from '../message/service.ts';
import { designRoutes } from './design-routes.ts';
import { endedKey, NOTICES, type NoticeKey } from './notices.ts';
import { WorkflowEngine, type EngineEvent } from './engine/index.ts';
import { opsRoutes } from './ops-routes.ts';
import { processRoutes } from './process-routes.ts';
import { WorkflowService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    workflow: WorkflowEngine;
    /** the workflow service other modules use (starting processes, giving instances their form: formProviders) */
    workflowService: WorkflowService;
  }
}

/** How often due timers (boundary, intermediate, supervision reminders) are fired. */
const TIMER_TICK_MS = 1000;
/** The timer loop's own leader lock (the job scheduler holds another). */
const TIMER_LOCK_KEY = 727_002;

/** The calls that handle a task (body taskId): its notices become read for the caller. */
const HANDLES_TASK = new Set(['completeTask', 'transferTask', 'delegateTask', 'rollbackTask', 'terminateProcess', 'claimTask', 'addMultiInstance', 'deleteMultiInstance']
  .map((p) => `/api/blade-workflow/process/${p}`));
/** The detail page's call (taskId, processInsId). */
const DETAIL_PATH = '/api/blade-workflow/process/detail';
/** What those calls name (in the body of the task calls, the query of the detail page); checked as ids where read. */
const NAMED = z.looseObject({ taskId: z.unknown().optional(), processInsId: z.unknown().optional(), processInstanceId: z.unknown().optional() }).catch({});

/** The detail page of a task, as the message link (§2.2: base64 JSON {taskId, processInsId}). */
export const detailUrl = (taskId: string | null, processInsId: string): string =>
  '/workflow/process/detail/' + Buffer.from(JSON.stringify({ taskId: taskId ?? '', processInsId })).toString('base64');

/** What an engine event becomes as an approval message: recipients and its text (a NOTICES key with its parameters). */
export interface ApprovalNotice { tenantId: string; fromUserId: string; toUserIds: string[]; key: NoticeKey; params: Record<string, string>; taskId: string | null; instanceId: string }

/** Sends one approval notice; by default through the message module (app.messages). */
export type NoticeSender = (n: ApprovalNotice) => Promise<void>;

export async function workflowRoutes(app: TypedApp, deps: ModuleDeps): Promise<void> {
  const { db, config } = deps;
  const engine = new WorkflowEngine(db);
  app.decorate('workflow', engine);
  const wf = new WorkflowService(db, engine, deps.userSql, deps.directory);
  app.decorate('workflowService', wf);

  await processRoutes(app, wf);
  await opsRoutes(app, wf);
  await designRoutes(app, wf);

  // ---- messages (type 3) ---------------------------------------------------------------------
  // each reader sees a notice in their language
  if (app.hasDecorator('messages')) app.messages.addTexts(NOTICES);
  const send: NoticeSender = async (n) => {
    if (!app.hasDecorator('messages')) return;
    const to = await wf.directory.livingUsers(n.tenantId, n.toUserIds);
    if (!to.length) return;
    await app.messages.sendMessage({
      tenantId: n.tenantId, fromUserId: n.fromUserId, title: '', text: { key: n.key, params: n.params }, type: MessageType.approval,
      // a notice about a task is keyed by the task, so handling or opening that task marks it read
      pcUrl: detailUrl(n.taskId, n.instanceId), bizType: n.taskId ? 'task' : 'process', bizKey: n.taskId ?? n.instanceId, toUserIds: to,
    });
  };
  // handling a task marks the caller's notices of that task read; opening its detail page marks
  // those of the task and of the process (copies, results) read: after the call succeeded, before it answers
  app.addHook('onSend', async (req, reply) => {
    const path = req.routeOptions.url;
    if (reply.statusCode !== 200 || !path || !req.user || !app.hasDecorator('messages')) return;
    const handled = HANDLES_TASK.has(path);
    if (!handled && path !== DETAIL_PATH) return;
    const q = NAMED.parse(handled ? req.body : req.query);
    const key = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d{1,19}$/.test(String(v)) ? String(v) : '';
    const who = { tenantId: req.user.tenantId, userId: req.user.userId };
    try {
      await app.messages.readBiz(who, 'task', [key(q.taskId)]);
      if (!handled) await app.messages.readBiz(who, 'process', [key(q.processInsId ?? q.processInstanceId)]);
    } catch (e) {
      app.log.warn({ err: e }, 'workflow notices not marked read');
    }
  });
  wireNotices(engine, wf, (n) => send(n).catch((e: unknown) => app.log.warn({ err: e }, 'workflow notice not sent')));
  wireFlowLog(engine, wf, (e) => app.log.warn({ err: e }, 'workflow flow log not written'));

  // ---- timers on the leader node ---------------------------------------------------------------
  const lead = await leadership(config, TIMER_LOCK_KEY);
  let running: Promise<unknown> | null = null;
  const tick = setInterval(() => {
    if (running || !lead.isLeader()) return;
    running = engine.fireDueTimers().catch((e: unknown) => app.log.warn({ err: e }, 'workflow timers failed')).finally(() => { running = null; });
  }, TIMER_TICK_MS);
  tick.unref();
  app.addHook('onClose', async () => {
    clearInterval(tick);
    await running;
    await lead.close();
  });
}

/** Subscribes the notices of §2.8/§8: new tasks to assignees and candidates, copies, urges, supervision reminders, ends to the initiator. */
export function wireNotices(engine: WorkflowEngine, wf: WorkflowService, send: (n: ApprovalNotice) => Promise<void> | void): void {
  const procName = async (instanceId: string) => {
    const r = await wf.db.selectFrom('wfInstance').select(['definitionName', 'definitionKey', 'initiator']).where('id', '=', instanceId).executeTakeFirst();
    return { name: String(r?.definitionName ?? r?.definitionKey ?? ''), initiator: (r?.initiator as string | null) ?? '' };
  };
  engine.on('taskCreated', async (e) => {
    const p = await procName(e.instanceId);
    const to = e.assignee ? [e.assignee] : [...e.candidateUsers, ...(await wf.directory.groupMembers(e.tenantId, e.candidateGroups))];
    await send({ tenantId: e.tenantId, fromUserId: p.initiator, toUserIds: to, key: 'wf.task.new', params: { process: p.name, task: e.taskName ?? '' }, taskId: e.taskId, instanceId: e.instanceId });
  });
  // 自选知会人 (customUserMsg): the people the initiator chose for this node; a link without the task (they only look)
  engine.on('taskCreated', async (e) => {
    const r = await wf.reachedNotice(e.taskId);
    if (!r) return;
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: p.initiator, toUserIds: r.users, key: 'wf.reached', params: { process: p.name, node: r.nodeName }, taskId: null, instanceId: e.instanceId });
  });
  engine.on('taskAssigned', async (e) => {
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: '', toUserIds: [e.assignee], key: 'wf.task.assigned', params: { process: p.name, task: e.taskName ?? '' }, taskId: e.taskId, instanceId: e.instanceId });
  });
  engine.on('copied', async (e) => {
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: e.fromUser ?? '', toUserIds: e.users, key: 'wf.copied', params: { process: p.name }, taskId: null, instanceId: e.instanceId });
  });
  engine.on('urged', async (e) => {
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: e.fromUser, toUserIds: e.receivers, key: 'wf.urged', params: { process: p.name }, taskId: e.taskId, instanceId: e.instanceId });
  });
  engine.on('supervised', async (e) => {
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: '', toUserIds: e.receivers, ...(e.context ? { key: 'wf.supervised.text', params: { process: p.name, text: e.context } } : { key: 'wf.supervised', params: { process: p.name, count: String(e.runCount) } }), taskId: e.taskId, instanceId: e.instanceId });
  });
  engine.on('processEnded', async (e) => {
    if (!e.initiator) return;
    const p = await procName(e.instanceId);
    await send({ tenantId: e.tenantId, fromUserId: '', toUserIds: [e.initiator], key: endedKey(e.status), params: { process: p.name }, taskId: null, instanceId: e.instanceId });
  });
}

/** One wf_flow_log row per engine event (read by /api/blade-wfFlowLog/wfFlowLog/getLogsByInstId). */
function wireFlowLog(engine: WorkflowEngine, wf: WorkflowService, onError: (e: unknown) => void): void {
  const write = (e: EngineEvent, action: string, userId: string | null, taskId: string | null, nodeName: string | null, content: string) =>
    wf.db.insertInto('wfFlowLog').values({ id: nextId(), tenantId: e.tenantId, instId: e.instanceId, taskId, nodeName, action, userId, content }).execute().then(() => undefined, onError);
  engine.on('taskCreated', (e) => write(e, 'create', e.assignee, e.taskId, e.taskName, e.assignee ? `assignee ${e.assignee}` : `candidates ${[...e.candidateUsers, ...e.candidateGroups].join(',')}`));
  engine.on('taskCompleted', (e) => write(e, e.outcome, e.user, e.taskId, e.taskName, e.outcome));
  engine.on('taskAssigned', (e) => write(e, e.action, e.assignee, e.taskId, e.taskName, `${e.action} → ${e.assignee}`));
  engine.on('copied', (e) => write(e, 'copy', e.fromUser, e.taskId, null, e.users.join(',')));
  engine.on('urged', (e) => write(e, 'urge', e.fromUser, e.taskId, null, e.receivers.join(',')));
  engine.on('processEnded', (e) => write(e, 'end', null, null, null, e.status));
}
