// The engine's public API: deployment, the approval operations of the spec and the task and
// instance queries. Every operation is one database transaction that locks the instance tree it
// touches, so concurrent actions on one task serialize and exactly one of them wins. Events go to
// subscribers only after the transaction committed.
import { sql } from 'kysely';
import { nextId } from '../../../db/ids.ts';
import type { Db } from '../../../db/index.ts';
import { timeParam } from '../../../db/time.ts';
import type { Value } from './expression.ts';
import { BpmnError, M, WorkflowError } from './messages.ts';
import { initiatorNodeOf, modelOf, parseBpmn, reachFlat, type FieldRight, type FlowNode } from './model.ts';
import { Session, TABLES as T, type EngineEvent, type ListenerHandler, type RuntimeOptions, type ServiceHandler } from './runtime.ts';
import {
  loadDefinition, PREPARE_SQL, traitsOf, type CommentRow, type CommentType, type CopyRow, type DefinitionRow, type ExecRow, type InstanceState,
  type InstanceStatus, type SupervisionRow, type TaskRow,
} from './store.ts';
import { addUnits } from './timer.ts';
import { LIST_COUNT_CAP } from '@campus/contracts';
import { likeContains } from '../../../db/like.ts';
import { scoped, TENANT } from '../../../db/tenant-scope.ts';

export type { EngineEvent, ServiceHandler, ServiceContext, ListenerHandler, ListenerContext } from './runtime.ts';
export { BpmnError } from './messages.ts';
export type { InstanceStatus, CommentType } from './store.ts';

/** Buttons a node may offer; a node without a `buttons` setting offers all of them. */
export const BUTTONS = [
  'wf_pass', 'wf_reject', 'wf_rollback', 'wf_terminate', 'wf_transfer', 'wf_delegate', 'wf_add_instance',
  'wf_delete_instance', 'wf_copy', 'wf_urge', 'wf_withdraw', 'wf_print',
] as const;

export interface EngineOptions {
  /** the clock for task and history times and for arming timers (tests inject their own) */
  clock?: () => Date;
  handlers?: Record<string, ServiceHandler>;
  /** execution and task listener handlers by the name the model gives (class, delegateExpression, expression) */
  listeners?: Record<string, ListenerHandler>;
  scriptLimits?: Partial<RuntimeOptions['scriptLimits']>;
}

/** Starting by a message: the message name picks the process. */
export interface MessageStartInput { tenantId: string; initiator?: string | null; businessKey?: string | null; variables?: Record<string, Value> }

export interface DeployInput { tenantId: string; category?: string | null; name?: string | null; resourceName?: string | null }
export interface DefinitionView {
  id: string; key: string; version: number; name: string | null; category: string | null; deploymentId: string;
  tenantId: string; suspended: boolean; createTime: string;
}
export interface StartInput {
  tenantId: string;
  definitionId?: string;
  definitionKey?: string;
  initiator: string;
  businessKey?: string | null;
  variables?: Record<string, Value>;
  /** the chosen approver of the first approval node (指定审核人) */
  assignee?: string;
  copyUsers?: string[];
  comment?: string;
}
export interface TaskView {
  taskId: string; taskName: string | null; taskDefinitionKey: string; processInstanceId: string; processDefinitionId: string;
  processDefinitionKey: string; processDefinitionName: string | null; category: string | null; businessKey: string | null;
  initiator: string | null; assignee: string | null; owner: string | null; delegation: string | null; createTime: string;
  claimTime: string | null; dueDate: string | null; endTime: string | null; formKey: string | null; outcome: string | null;
  processIsFinished: InstanceStatus;
}
export interface ActionResult { instanceId: string; status: InstanceStatus; tasks: TaskView[] }
export interface CompleteInput {
  pass?: boolean;
  comment?: string;
  /** 修改说明: the owner passing a process that came back to them records the comment as explainComment */
  commentType?: 'explainComment';
  variables?: Record<string, Value>;
  attachments?: unknown[];
  /** the chosen approver of the next node */
  assignee?: string;
  copyUsers?: string[];
  /** groups of the acting user (for tasks offered to candidate groups) */
  groups?: string[];
}
export interface Page<T> { records: T[]; total: number; size: number; current: number; pages: number }
export interface ListQuery {
  tenantId: string; userId: string; groups?: string[]; current?: number; size?: number; definitionKey?: string; name?: string; category?: string;
  /** create (task) or start (instance) time bounds, exclusive (BladeX createTime_dategt / _datelt) */
  createdAfter?: Date; createdBefore?: Date;
}
export interface InstanceView {
  processInstanceId: string; processDefinitionId: string; processDefinitionKey: string; processDefinitionName: string | null;
  category: string | null; businessKey: string | null; initiator: string | null; processIsFinished: InstanceStatus;
  startTime: string; endTime: string | null; currentNodes: { taskId: string; taskName: string | null; assignee: string | null }[];
}
export interface HistoryComment { action: string | null; type: CommentType; fullMessage: string | null; userId: string | null; time: string; attachments: unknown[] }
export interface HistoryEntry {
  historyActivityId: string; historyActivityName: string | null; historyActivityType: string; taskId: string | null;
  assignee: string | null; assigneeName: string | null; createTime: string; endTime: string | null; endReason: string | null;
  comments: HistoryComment[];
}
export interface TaskConfig { buttons: string[]; fieldRights: Record<string, FieldRight>; formKey: string | null }
export interface SupervisionInput {
  tenantId: string; instanceId: string; nodeKey: string; awaitTime: number; timeCount: number;
  timeUnit: 'hour' | 'minutes' | 'seconds'; receivers: string[]; receiverNames?: string; maxCount: number; context?: string; createUser?: string;
}

type EventName = EngineEvent['type'];
/** events the engine acts on itself after commit (besides any subscriber) */
const INTERNAL_EVENTS = new Set<EventName>(['signalThrown', 'messageThrown']);
/** the outbox rows a recovery drain takes: older than this (the live path delivers and deletes sooner) */
const OUTBOX_GRACE_MS = 60_000;
const STALE = /wf-stale-definition/;
type Handler<E extends EventName> = (e: Extract<EngineEvent, { type: E }>) => void | Promise<void>;
const ACTIVE_STATUSES: InstanceStatus[] = ['running', 'reject', 'recall'];

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export class WorkflowEngine {
  private readonly clock: () => Date;
  private readonly rt: RuntimeOptions;
  private readonly listeners = new Map<EventName, Set<(e: EngineEvent) => void | Promise<void>>>();

  constructor(private readonly db: Db, opts: EngineOptions = {}) {
    this.clock = opts.clock ?? (() => new Date());
    this.rt = {
      handlers: new Map(Object.entries(opts.handlers ?? {})),
      listeners: new Map(Object.entries(opts.listeners ?? {})),
      scriptLimits: { timeoutMs: 1000, memoryBytes: 16 * 1024 * 1024, ...opts.scriptLimits },
    };
  }

  // ---- plumbing ------------------------------------------------------------------------------

  /** Subscribes to an event; handlers run after the action committed (errors are the handler's). */
  on<E extends EventName>(event: E, handler: Handler<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const h = handler as (e: EngineEvent) => void | Promise<void>;
    set.add(h);
    return () => set.delete(h);
  }

  /** A service-task handler by the name the model gives (class, delegateExpression, expression, decisionRef, type). */
  registerHandler(name: string, handler: ServiceHandler): void {
    this.rt.handlers.set(name, handler);
  }

  /** An execution or task listener handler by the name the model gives (class, delegateExpression, expression). */
  registerListener(name: string, handler: ListenerHandler): void {
    this.rt.listeners.set(name, handler);
  }

  /**
   * Runs an action as one transaction on one connection. lazy (a start, which locks nothing it
   * did not create): BEGIN waits until something needs it; when the action's writes are one
   * statement, that statement alone is the transaction (two round trips in all).
   */
  private async act<R>(fn: (s: Session) => Promise<R>, now = this.clock(), lazy = false): Promise<R> {
    // outbox rows delivered by earlier actions are deleted by this action's write (no round trip of their own)
    this.rt.traits ??= await traitsOf(this.db);
    if (!this.rt.traits.multi && !this.prepared) {
      // PGlite: one session for the whole database, so its lock statements are prepared once
      await sql.raw(PREPARE_SQL).execute(this.db);
      this.prepared = true;
    }
    const delivered = this.delivered.splice(0);
    let out: { result: R; events: EngineEvent[]; outboxId: string | null };
    try {
      out = await this.db.connection().execute(async (conn) => {
        const s = new Session(conn, now, this.rt);
        if (!lazy) await s.begin();
        try {
          const result = await fn(s);
          // waiting conditional events see what the action armed and set; a firing changes the answer
          if (await s.settleConditions()) {
            const st = this.resultStates.get(result as object);
            if (st) Object.assign(result as object, this.result(s, st));
          }
          // the events someone acts on go to the outbox in the same transaction (a crash before they
          // are delivered loses none): one row per action, its events as an array when there are several
          const kept = s.events.filter((e) => INTERNAL_EVENTS.has(e.type) || this.listeners.get(e.type)?.size);
          let outboxId: string | null = null;
          if (kept.length) {
            outboxId = nextId();
            const one = kept.length === 1;
            s.uow.insert('wfOutbox', { id: outboxId, tenantId: kept[0]!.tenantId, kind: one ? kept[0]!.type : 'batch', payload: JSON.stringify(one ? kept[0] : kept), createTime: now });
          }
          for (const id of delivered) s.uow.remove('wfOutbox', { id });
          const committed = await s.flush(true);
          if (s.begun && !committed) await sql`commit`.execute(conn);
          return { result, events: s.events, outboxId };
        } catch (e) {
          if (s.begun) await sql`rollback`.execute(conn).catch(() => undefined);
          // a BPMN error a listener raised where nothing catches it
          if (e instanceof BpmnError) throw new WorkflowError(M.errorUncaught, { code: e.code, node: '-' });
          throw e;
        }
      });
    } catch (e) {
      this.delivered.push(...delivered);
      throw e;
    }
    await this.deliver(out.events, out.outboxId ? [out.outboxId] : []);
    return out.result;
  }

  private prepared = false;
  /** (tenant, key or id) → the definition a start used (see getDefinitionIn) */
  private readonly startDefs = new Map<string, string>();
  /** outbox ids whose events were delivered; deleted by the next action or shortly after */
  private readonly delivered: string[] = [];
  private deleteTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Hands committed events to the engine itself (signals, messages) and to the subscribers; then
   * the outbox rows that held them count as delivered.
   */
  private async deliver(events: EngineEvent[], outboxIds: string[]): Promise<void> {
    for (const e of events) {
      try {
        if (e.type === 'signalThrown') await this.sendSignal(e.name, { tenantId: e.tenantId });
        else if (e.type === 'messageThrown') await this.correlateMessage(e.name, { tenantId: e.tenantId, businessKey: e.businessKey ?? undefined });
      } catch { /* a delivery that fails (e.g. a started process's error) never undoes the thrower's committed action */ }
      for (const h of this.listeners.get(e.type) ?? []) {
        try { await h(e); } catch { /* a listener's failure never undoes a committed action */ }
      }
    }
    this.delivered.push(...outboxIds);
    if (this.delivered.length && !this.deleteTimer) {
      // when no further action comes soon to carry the delete, it goes on its own
      this.deleteTimer = setTimeout(() => { this.deleteTimer = null; void this.deleteDelivered(); }, 1000);
      this.deleteTimer.unref?.();
    }
  }

  private async deleteDelivered(): Promise<void> {
    const ids = this.delivered.splice(0);
    if (!ids.length) return;
    try {
      await this.db.deleteFrom('wfOutbox').where('id', 'in', ids).execute();
    } catch { /* database gone (shutdown): a recovery drain would deliver them once more */ }
  }

  /**
   * Delivers outbox events that were committed but never delivered (the process stopped between
   * commit and delivery): those older than a minute, 100 at a time. Each is leased (its time moved
   * to now) before delivery and deleted after, so a drain that dies half-way delivers it again
   * later rather than never (at least once). fireDueTimers calls it on every round.
   */
  async drainOutbox(now: Date = this.clock()): Promise<number> {
    await this.deleteDelivered();
    const cutoff = new Date(now.getTime() - OUTBOX_GRACE_MS);
    const rows = (await sql<{ id: string; payload: string }>`update wf_outbox set create_time = ${now} where id in (
      select id from wf_outbox where create_time <= ${cutoff} order by create_time, id limit 100 for update skip locked) returning id, payload`
      .execute(this.db)).rows;
    if (!rows.length) return 0;
    rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    // a row holds one event, or an action's events as an array
    await this.deliver(rows.flatMap((r) => JSON.parse(r.payload) as EngineEvent | EngineEvent[]), rows.map((r) => r.id));
    await this.deleteDelivered();
    return rows.length;
  }

  private async lockTask(s: Session, taskId: string): Promise<{ st: InstanceState; task: TaskRow; exec: ExecRow; node: FlowNode }> {
    const st = await s.loadByTask(taskId);
    if (!st) throw new WorkflowError(M.taskMissing, {}, 404);
    const task = st.tasks.get(taskId);
    if (!task) throw new WorkflowError(M.taskHandled);
    if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
    const exec = st.execs.get(task.executionId ?? '');
    if (!exec) throw new WorkflowError(M.taskHandled);
    return { st, task, exec, node: st.model.nodes.get(task.taskDefKey)! };
  }

  private assertHandler(st: InstanceState, task: TaskRow, user: string, groups: string[] = []): void {
    if (task.assignee === user) return;
    if (task.assignee === null && this.isCandidate(st, task, user, groups)) return;
    throw new WorkflowError(M.notAssignee, {}, 403);
  }

  // a task the model gives to nobody (no assignee, no candidates) is open to whoever may see it
  private isCandidate(st: InstanceState, task: TaskRow, user: string, groups: string[]): boolean {
    const links = st.links.get(task.id) ?? [];
    if (!links.length) return true;
    return links.some((l) => l.userId === user || (l.groupId !== null && groups.includes(l.groupId)));
  }

  private requireButton(node: FlowNode, button: (typeof BUTTONS)[number]): void {
    if (node.buttons && !node.buttons.includes(button)) throw new WorkflowError(M.buttonNotAllowed, { button }, 403);
  }

  /** Field rights of a node: unwritable fields refused; required ones checked unless the task is rejected (a rejection fills nothing in). */
  private checkFields(node: FlowNode, variables: Record<string, Value> | undefined, requireValues = true): void {
    const rights = node.fieldRights;
    if (!rights) return;
    for (const [field, r] of Object.entries(rights)) {
      const v = variables?.[field];
      if (variables && Object.hasOwn(variables, field) && !r.writable) throw new WorkflowError(M.fieldNotWritable, { field }, 403);
      if (requireValues && r.required && (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length))) throw new WorkflowError(M.fieldRequired, { field });
    }
  }

  private touch(s: Session, task: TaskRow, p: Partial<TaskRow> = {}): void {
    s.uow.patch(T.task, task, { ...p, touched: true, version: task.version + 1 });
  }

  private addCopies(s: Session, st: InstanceState, task: TaskRow | null, fromUser: string | null, users: string[] | undefined, message?: string): void {
    const list = [...new Set((users ?? []).filter(Boolean))];
    if (!list.length) return;
    for (const u of list) {
      s.uow.insert(T.copy, {
        id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, taskId: task?.id ?? null, nodeId: task?.taskDefKey ?? null,
        nodeName: task?.name ?? null, fromUser, userId: u, isRead: 0, createTime: s.now,
      } satisfies CopyRow);
    }
    s.comment(st, 'copyComment', { taskId: task?.id ?? null, activityId: task?.taskDefKey ?? null, userId: fromUser, action: 'copy', message: message ?? list.join(',') });
    s.events.push({ type: 'copied', tenantId: st.inst.tenantId, instanceId: st.inst.id, taskId: task?.id ?? null, fromUser, users: list });
  }

  private result(s: Session, st: InstanceState): ActionResult {
    const tasks: TaskView[] = [];
    for (const state of s.states.values()) {
      for (const t of state.tasks.values()) tasks.push(taskView(t, state.inst.businessKey, state.inst.initiator, state.inst.status, state.def.name));
    }
    const out = { instanceId: st.inst.id, status: st.inst.status, tasks };
    this.resultStates.set(out, st);
    return out;
  }

  /** the instance each action result describes (recomputed when conditional events fire at the end of the action) */
  private readonly resultStates = new WeakMap<object, InstanceState>();

  private setStatus(s: Session, st: InstanceState, status: InstanceStatus): void {
    if (st.inst.status !== status) s.uow.patch(T.instance, st.inst, { status, version: st.inst.version + 1 });
  }

  // ---- definitions ---------------------------------------------------------------------------

  /** Deploys a BPMN file: each executable process becomes a new version of its key. */
  async deploy(xml: string, input: DeployInput): Promise<DefinitionView[]> {
    const parsed = await parseBpmn(xml);
    return this.act(async (s) => {
      const deploymentId = nextId();
      await s.tx.insertInto('wfDeployment').values({
        id: deploymentId, tenantId: input.tenantId, name: input.name ?? parsed.processes[0]!.name, category: input.category ?? null,
        resourceName: input.resourceName ?? null, deployTime: s.now,
      }).execute();
      const out: DefinitionView[] = [];
      const tx = scoped(s.tx, input.tenantId);
      for (const p of parsed.processes.filter((x) => x.executable)) {
        // versions of one key serialize through a transaction-scoped advisory lock
        await sql`select pg_advisory_xact_lock(hashtext(${`wf_def:${input.tenantId}:${p.id}`}))`.execute(s.tx);
        const last = (await tx.selectFrom('wfDefinition').select(['version']).where('key', '=', p.id)
          .orderBy('version', 'desc').limit(1).executeTakeFirst()) as { version: number } | undefined;
        const row = {
          id: nextId(), tenantId: input.tenantId, deploymentId, key: p.id, version: (last?.version ?? 0) + 1,
          name: parsed.processes.length === 1 && input.name ? input.name : p.name, category: input.category ?? null,
          description: p.documentation ?? null, xml, suspended: false, createTime: s.now,
        };
        await s.tx.insertInto('wfDefinition').values(row).execute();
        // message and signal starts belong to the newest version of a key only
        await tx.deleteFrom('wfStartEvent').where('definitionKey', '=', p.id).execute();
        for (const ev of p.eventStarts) {
          if (ev.kind === 'message') {
            const other = (await tx.selectFrom('wfStartEvent').select(['definitionKey'])
              .where('eventType', '=', 'message').where('eventName', '=', ev.name).executeTakeFirst()) as { definitionKey: string } | undefined;
            if (other) throw new WorkflowError(M.bpmnInvalid, { detail: `the message ${ev.name} already starts the process ${other.definitionKey}` });
          }
          await s.tx.insertInto('wfStartEvent').values({
            id: nextId(), tenantId: input.tenantId, definitionId: row.id, definitionKey: p.id, eventType: ev.kind, eventName: ev.name, activityId: ev.id,
          }).execute();
        }
        out.push(defView(row));
      }
      return out;
    });
  }

  async suspendDefinition(definitionId: string): Promise<void> {
    await this.db.updateTable('wfDefinition').set({ suspended: true }).where('id', '=', definitionId).execute();
  }

  async activateDefinition(definitionId: string): Promise<void> {
    await this.db.updateTable('wfDefinition').set({ suspended: false }).where('id', '=', definitionId).execute();
  }

  /** Definitions of a tenant, newest first; latestOnly keeps the newest version of each key. */
  async definitionList(q: { tenantId: string; category?: string; key?: string; latestOnly?: boolean; current?: number; size?: number }): Promise<Page<DefinitionView>> {
    let qb = scoped(this.db, q.tenantId).selectFrom('wfDefinition as d');
    if (q.category) qb = qb.where('d.category', '=', q.category);
    if (q.key) qb = qb.where('d.key', '=', q.key);
    if (q.latestOnly) qb = qb.where(sql<boolean>`d.version = (select max(x.version) from wf_definition x where x.tenant_id = ${TENANT} and x.key = d.key)`);
    return page(qb, q, (b) => b.select(['d.id', 'd.key', 'd.version', 'd.name', 'd.category', 'd.deploymentId', 'd.tenantId', 'd.suspended', 'd.createTime'])
      .orderBy('d.createTime', 'desc').orderBy('d.id', 'desc'), (r) => r as unknown as DefinitionView);
  }

  /** A definition by id, or the newest version of a key. */
  async getDefinition(q: { id?: string; key?: string; tenantId?: string }): Promise<DefinitionRow> {
    let row: DefinitionRow | undefined;
    if (q.id) row = (await this.db.selectFrom('wfDefinition').selectAll().where('id', '=', q.id).executeTakeFirst()) as DefinitionRow | undefined;
    else if (q.key) {
      // without a tenant: the platform's own lookups (a key is unique per tenant, the newest wins)
      const qb = (q.tenantId ? scoped(this.db, q.tenantId) : this.db).selectFrom('wfDefinition').selectAll().where('key', '=', q.key);
      row = (await qb.orderBy('version', 'desc').limit(1).executeTakeFirst()) as DefinitionRow | undefined;
    }
    if (!row) throw new WorkflowError(M.definitionMissing, {}, 404);
    return row;
  }

  // ---- starting ------------------------------------------------------------------------------

  /** Starts an instance; the initiator's first node (if the model has one) is passed this once. */
  async startProcess(input: StartInput): Promise<ActionResult> {
    try {
      return await this.startOnce(input, true);
    } catch (e) {
      // the remembered definition was replaced by a newer version or suspended: ask again
      if (!(e instanceof Error) || !STALE.test(e.message)) throw e;
      this.startDefs.clear();
      return this.startOnce(input, false);
    }
  }

  private async startOnce(input: StartInput, cached: boolean): Promise<ActionResult> {
    return this.act(async (s) => {
      const def = await this.getDefinitionIn(s.tx, input, cached ? s : undefined);
      if (def.suspended) throw new WorkflowError(M.definitionSuspended);
      const st = await s.createInstance(def, { tenantId: input.tenantId, initiator: input.initiator, businessKey: input.businessKey ?? null });
      s.nextAssignee = input.assignee || undefined;
      const initNode = initiatorNodeOf(st.model);
      await s.startInstance(st, input.initiator, input.variables ?? {});
      const first = initNode && [...st.tasks.values()].find((t) => t.taskDefKey === initNode.id && t.assignee === input.initiator);
      if (first && initNode) {
        // the initiator's own node is the application just submitted: pass it without a task in the todo list
        const i = s.events.findIndex((e) => e.type === 'taskCreated' && e.taskId === first.id);
        if (i >= 0) s.events.splice(i, 1);
        if (input.comment) s.comment(st, 'comment', { taskId: first.id, activityId: first.taskDefKey, userId: input.initiator, action: 'start', message: input.comment });
        if (initNode.taskListeners) await s.fireTaskListeners(st, first, initNode, 'complete');
        s.finishTask(st, first, 'completed', 'pass', input.initiator);
        s.sourceTaskId = first.id;
        s.setVar(st, s.root(st).id, 'pass', true);
        await s.completeActivity(st, st.execs.get(first.executionId!)!, initNode);
      }
      this.addCopies(s, st, null, input.initiator, input.copyUsers);
      return this.result(s, st);
    }, this.clock(), true);
  }

  /** Starts the process whose message start event waits for this message (newest version of its key). */
  async startByMessage(name: string, input: MessageStartInput): Promise<ActionResult> {
    const ev = (await scoped(this.db, input.tenantId).selectFrom('wfStartEvent').select(['definitionId', 'activityId'])
      .where('eventType', '=', 'message').where('eventName', '=', name).orderBy('id', 'desc').limit(1).executeTakeFirst()) as { definitionId: string; activityId: string } | undefined;
    if (!ev) throw new WorkflowError(M.messageStartMissing, { name }, 404);
    return this.startAt(ev.definitionId, ev.activityId, input);
  }

  private async startAt(definitionId: string, startId: string, input: MessageStartInput): Promise<ActionResult> {
    return this.act(async (s) => {
      const def = await this.getDefinitionIn(s.tx, { tenantId: input.tenantId, definitionId });
      if (def.suspended) throw new WorkflowError(M.definitionSuspended);
      const st = await s.createInstance(def, { tenantId: input.tenantId, initiator: input.initiator ?? null, businessKey: input.businessKey ?? null });
      await s.startInstance(st, input.initiator ?? null, input.variables ?? {}, startId);
      return this.result(s, st);
    }, this.clock(), true);
  }

  // which definition (and whether it is suspended) is read each time; the rest of a definition
  // never changes once deployed and comes from the cache
  private async getDefinitionIn(tx: Db, input: { tenantId: string; definitionId?: string; definitionKey?: string }, s?: Session): Promise<DefinitionRow> {
    // PostgreSQL: a start remembers which definition a key (or id) named; its write checks, in the
    // same round trip, that it is still the newest version and not suspended (else the start is
    // asked again): one round trip less per start
    const ck = `${input.tenantId}\u0000${input.definitionId ? 'id' : 'key'}\u0000${input.definitionId ?? input.definitionKey ?? ''}`;
    const remembered = s && this.rt.traits?.multi ? this.startDefs.get(ck) : undefined;
    if (remembered && s) {
      s.startGuard = { definitionId: remembered, tenantId: input.tenantId, key: input.definitionId ? undefined : input.definitionKey };
      return { ...(await loadDefinition(tx, remembered)), suspended: false };
    }
    let row: { id: string; suspended: boolean } | undefined;
    // every start asks this (PGlite always, PostgreSQL once per key): the tenant clause is written
    // here, not added by the scope plugin, to keep the query tree walk off the start's hot path
    if (input.definitionId) row = (await tx.selectFrom('wfDefinition').select(['id', 'suspended']).where('id', '=', input.definitionId).where('tenantId', '=', input.tenantId).executeTakeFirst()) as typeof row;
    else if (input.definitionKey) {
      row = (await tx.selectFrom('wfDefinition').select(['id', 'suspended']).where('tenantId', '=', input.tenantId).where('key', '=', input.definitionKey)
        .orderBy('version', 'desc').limit(1).executeTakeFirst()) as typeof row;
    }
    if (!row) throw new WorkflowError(M.definitionMissing, {}, 404);
    if (s && !row.suspended) {
      if (this.startDefs.size > 1000) this.startDefs.clear();
      this.startDefs.set(ck, row.id);
    }
    return { ...(await loadDefinition(tx, row.id)), suspended: row.suspended };
  }

  // ---- completing ----------------------------------------------------------------------------

  /**
   * Pass or reject a task. Reject (pass=false) follows the node's rejectTarget: 'initiator' (the
   * default) returns to the initiator's first node, assigned to the initiator, with the instance
   * status 'reject'; a model without such a node ends with status 'reject'. 'previous' goes to the
   * previous node, a node id to that node, 'end' ends the instance with status 'reject'.
   * Completing a delegated task resolves it back to its owner instead.
   */
  async completeTask(taskId: string, user: string, input: CompleteInput = {}): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, exec, node } = await this.lockTask(s, taskId);
      this.assertHandler(st, task, user, input.groups);
      const pass = input.pass !== false;
      this.requireButton(node, pass ? 'wf_pass' : 'wf_reject');
      this.checkFields(node, input.variables, pass);
      const attachments = input.attachments?.length ? JSON.stringify(input.attachments) : null;
      if (task.delegation === 'pending' && task.owner) {
        s.comment(st, 'delegateComment', { taskId: task.id, activityId: task.taskDefKey, userId: user, action: 'resolve', message: input.comment ?? null, attachments });
        s.setVars(st, input.variables);
        this.touch(s, task, { assignee: task.owner, delegation: 'resolved' });
        s.events.push({ type: 'taskAssigned', tenantId: task.tenantId, instanceId: task.instanceId, taskId: task.id, taskName: task.name ?? '', assignee: task.owner, action: 'resolve' });
        return this.result(s, st);
      }
      s.sourceTaskId = task.id;
      s.nextAssignee = input.assignee || undefined;
      const type = !pass ? 'rollbackComment' : input.commentType === 'explainComment' ? 'explainComment' : 'comment';
      s.comment(st, type, { taskId: task.id, activityId: task.taskDefKey, userId: user, action: pass ? 'pass' : 'reject', message: input.comment ?? null, attachments });
      this.addCopies(s, st, task, user, input.copyUsers);
      s.setVars(st, { ...(input.variables ?? {}), pass });
      if (node.taskListeners) await s.fireTaskListeners(st, task, node, 'complete');
      s.finishTask(st, task, 'completed', pass ? 'pass' : 'reject', user);
      s.events.push({ type: 'taskCompleted', tenantId: task.tenantId, instanceId: task.instanceId, taskId: task.id, taskName: task.name ?? '', user, outcome: pass ? 'pass' : 'reject' });
      if (pass) {
        if (node.initiatorNode && st.inst.status !== 'running') this.setStatus(s, st, 'running');
        await s.completeActivity(st, exec, node);
      } else {
        s.endActivity(st, (a) => a.taskId === task.id, 'reject');
        await this.reject(s, st, task, exec, node);
      }
      return this.result(s, st);
    });
  }

  private async reject(s: Session, st: InstanceState, task: TaskRow, exec: ExecRow, node: FlowNode): Promise<void> {
    const target = node.rejectTarget ?? 'initiator';
    if (target === 'end') return s.endInstance(st, 'reject', 'reject');
    if (target === 'previous') {
      const prev = await this.previousNode(s, st, task);
      if (!prev) return s.endInstance(st, 'reject', 'reject');
      return this.moveBack(s, st, exec, prev, 'reject');
    }
    if (target !== 'initiator') return this.moveBack(s, st, exec, target, 'reject');
    const init = initiatorNodeOf(st.model);
    if (!init || init.id === node.id) return s.endInstance(st, 'reject', 'reject');
    await this.moveBack(s, st, exec, init.id, 'reject');
    this.setStatus(s, st, 'reject');
  }

  /** Rolls back to a node, handing its new task to whoever handled that node last. */
  private async moveBack(s: Session, st: InstanceState, exec: ExecRow, targetId: string, reason: string): Promise<void> {
    const target = st.model.nodes.get(targetId);
    if (!target) throw new WorkflowError(M.backNodeInvalid, { node: targetId });
    if (target.initiatorNode && st.inst.initiator) s.assigneeFor.set(targetId, st.inst.initiator);
    else {
      const last = (await s.tx.selectFrom('wfTask').select(['completedBy']).where('instanceId', '=', st.inst.id).where('taskDefKey', '=', targetId)
        .where('state', '=', 'completed').orderBy('id', 'desc').limit(1).executeTakeFirst()) as { completedBy: string | null } | undefined;
      if (last?.completedBy) s.assigneeFor.set(targetId, last.completedBy);
    }
    s.nextAssignee = undefined;
    await s.rollbackTo(st, exec, targetId, reason);
  }

  // ---- rollback ------------------------------------------------------------------------------

  /** Nodes this instance actually passed and from which the task's node is reachable, in the order first passed. */
  async getBackNodes(taskId: string): Promise<{ nodeId: string; nodeName: string }[]> {
    const task = (await this.db.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst()) as TaskRow | undefined;
    if (!task) throw new WorkflowError(M.taskMissing, {}, 404);
    const def = await loadDefinition(this.db, task.definitionId);
    return this.backNodes(this.db, await modelOf(def.id, def.key, def.xml), task);
  }

  private async backNodes(db: Db, model: Awaited<ReturnType<typeof modelOf>>, task: TaskRow): Promise<{ nodeId: string; nodeName: string }[]> {
    const rows = (await db.selectFrom('wfTask').select(['taskDefKey', sql<string>`min(id)`.as('first')]).where('instanceId', '=', task.instanceId)
      .where('state', '=', 'completed').where('outcome', '=', 'pass').groupBy('taskDefKey').orderBy(sql`min(id)`).execute()) as { taskDefKey: string }[];
    const out: { nodeId: string; nodeName: string }[] = [];
    for (const r of rows) {
      if (r.taskDefKey === task.taskDefKey) continue;
      const n = model.nodes.get(r.taskDefKey);
      if (!n || !reachFlat(model, n.id).has(task.taskDefKey)) continue;
      out.push({ nodeId: n.id, nodeName: n.name || n.id });
    }
    return out;
  }

  private async previousNode(s: Session, st: InstanceState, task: TaskRow): Promise<string | undefined> {
    const back = await this.backNodes(s.tx, st.model, task);
    if (!back.length) return undefined;
    const allowed = new Set(back.map((b) => b.nodeId));
    if (task.sourceTaskId) {
      const src = (await s.tx.selectFrom('wfTask').select(['taskDefKey']).where('id', '=', task.sourceTaskId).executeTakeFirst()) as { taskDefKey: string } | undefined;
      if (src && allowed.has(src.taskDefKey)) return src.taskDefKey;
    }
    const last = (await s.tx.selectFrom('wfTask').select(['taskDefKey']).where('instanceId', '=', st.inst.id).where('state', '=', 'completed')
      .where('outcome', '=', 'pass').where('id', '<', task.id).where('taskDefKey', 'in', [...allowed]).orderBy('id', 'desc').limit(1)
      .executeTakeFirst()) as { taskDefKey: string } | undefined;
    return last?.taskDefKey;
  }

  /**
   * Rolls the task back to a node this instance passed (nodeId), to the previous node
   * (to: 'previous') or to the initiator's first node (to: 'initiator', status 'reject').
   */
  async rollbackTask(taskId: string, user: string, input: { nodeId?: string; to?: 'previous' | 'initiator'; comment?: string; groups?: string[] }): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, exec, node } = await this.lockTask(s, taskId);
      this.assertHandler(st, task, user, input.groups);
      this.requireButton(node, 'wf_rollback');
      let target = input.nodeId;
      if (input.to === 'previous') target = await this.previousNode(s, st, task);
      if (input.to === 'initiator') target = initiatorNodeOf(st.model)?.id;
      if (!target) throw new WorkflowError(input.to === 'previous' ? M.noPreviousNode : M.backNodeInvalid, { node: str(input.nodeId ?? input.to) });
      const allowed = await this.backNodes(s.tx, st.model, task);
      if (!allowed.some((b) => b.nodeId === target)) throw new WorkflowError(M.backNodeInvalid, { node: target });
      s.comment(st, 'rollbackComment', { taskId: task.id, activityId: task.taskDefKey, userId: user, action: 'rollback', message: input.comment ?? null });
      await s.taskEndsUncompleted(st, task);
      s.finishTask(st, task, 'completed', 'rollback', user);
      s.endActivity(st, (a) => a.taskId === task.id, 'rollback');
      s.events.push({ type: 'taskCompleted', tenantId: task.tenantId, instanceId: task.instanceId, taskId: task.id, taskName: task.name ?? '', user, outcome: 'rollback' });
      await this.moveBack(s, st, exec, target, 'rollback');
      if (st.model.nodes.get(target)?.initiatorNode) this.setStatus(s, st, 'reject');
      return this.result(s, st);
    });
  }

  // ---- ending --------------------------------------------------------------------------------

  /** Terminates the instance of a task (by its handler) or an instance (administrators). */
  async terminateProcess(target: { taskId?: string; instanceId?: string }, user: string, comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      let st: InstanceState;
      if (target.taskId) {
        const locked = await this.lockTask(s, target.taskId);
        st = locked.st;
        this.assertHandler(st, locked.task, user);
        this.requireButton(locked.node, 'wf_terminate');
        s.comment(st, 'terminateComment', { taskId: locked.task.id, activityId: locked.task.taskDefKey, userId: user, action: 'terminate', message: comment ?? null });
        await s.taskEndsUncompleted(st, locked.task);
        s.finishTask(st, locked.task, 'completed', 'terminate', user);
        s.endActivity(st, (a) => a.taskId === locked.task.id, 'terminated');
      } else {
        st = await s.load(target.instanceId ?? '');
        if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
        s.comment(st, 'terminateComment', { userId: user, action: 'terminate', message: comment ?? null });
      }
      await s.endInstance(st, 'terminated', 'terminated');
      return this.result(s, st);
    });
  }

  /** Deletes an instance (status deleted); its history stays readable. */
  async deleteProcess(instanceId: string, user: string, reason?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      if (st.inst.status === 'deleted') throw new WorkflowError(M.instanceNotRunning);
      s.comment(st, 'deleteProcessComment', { userId: user, action: 'delete', message: reason ?? null });
      if (ACTIVE_STATUSES.includes(st.inst.status)) await s.endInstance(st, 'deleted', 'deleted');
      else this.setStatus(s, st, 'deleted');
      return this.result(s, st);
    });
  }

  /**
   * The owner revokes a submission: 'wf_withdraw_end' (撤销) ends the instance with status
   * withdraw; 'wf_withdraw_start' (撤回) returns it to the owner's first node with status recall
   * (a model without an initiator node ends with status recall; the owner starts anew).
   */
  async revokeSubmission(instanceId: string, user: string, withdrawType: 'wf_withdraw_end' | 'wf_withdraw_start', comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
      if (st.inst.initiator !== user) throw new WorkflowError(M.notOwner, {}, 403);
      if (withdrawType !== 'wf_withdraw_end' && withdrawType !== 'wf_withdraw_start') throw new WorkflowError(M.withdrawTypeInvalid);
      s.comment(st, 'withdrawComment', { userId: user, action: withdrawType, message: comment ?? null });
      const init = initiatorNodeOf(st.model);
      if (withdrawType === 'wf_withdraw_end' || !init) {
        await s.endInstance(st, withdrawType === 'wf_withdraw_end' ? 'withdraw' : 'recall', withdrawType);
        return this.result(s, st);
      }
      const from = [...st.execs.values()].find((e) => e.parentId !== null && e.state !== 'scope') ?? [...st.execs.values()].find((e) => e.parentId !== null);
      if (!from) throw new WorkflowError(M.instanceNotRunning);
      for (const t of [...st.tasks.values()]) await s.cancelTask(st, t, 'recall');
      await this.moveBack(s, st, from, init.id, 'recall');
      this.setStatus(s, st, 'recall');
      return this.result(s, st);
    });
  }

  /**
   * The assignee of a finished task takes it back while every task its completion created is
   * untouched (not claimed, commented, transferred or delegated): those tasks go, and the task's
   * node is active again for the same user.
   */
  async withdrawTask(taskId: string, user: string, comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const done = (await s.tx.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst()) as TaskRow | undefined;
      if (!done || done.state !== 'completed' || done.completedBy !== user || done.outcome !== 'pass') throw new WorkflowError(M.withdrawNothing);
      const st = await s.load(done.instanceId);
      if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
      const next = [...st.tasks.values()].filter((t) => t.sourceTaskId === taskId);
      if (!next.length) throw new WorkflowError(M.withdrawNothing);
      if (next.some((t) => t.touched || t.claimTime !== null || t.delegation !== null)) throw new WorkflowError(M.withdrawNotAllowed);
      const from = st.execs.get(next[0]!.executionId!);
      if (!from) throw new WorkflowError(M.withdrawNothing);
      s.comment(st, 'withdrawComment', { taskId, activityId: done.taskDefKey, userId: user, action: 'withdraw', message: comment ?? null });
      for (const t of next) await s.cancelTask(st, t, 'withdraw');
      s.assigneeFor.set(done.taskDefKey, user);
      await s.rollbackTo(st, from, done.taskDefKey, 'withdraw');
      return this.result(s, st);
    });
  }

  /**
   * The owner's or a handler's later explanation (修改说明 / processCommentUpForm): writes the text
   * into the form field `prop` of the instance and records it as a comment of the task.
   */
  async commentOnForm(taskId: string, user: string, prop: string, comment: string): Promise<void> {
    await this.act(async (s) => {
      const task = (await s.tx.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst()) as TaskRow | undefined;
      if (!task) throw new WorkflowError(M.taskMissing, {}, 404);
      const st = await s.load(task.instanceId);
      if (task.assignee !== user && task.completedBy !== user && st.inst.initiator !== user) throw new WorkflowError(M.notAssignee, {}, 403);
      s.comment(st, 'comment', { taskId: task.id, activityId: task.taskDefKey, userId: user, action: 'explainComment', message: comment });
      if (!prop) return;
      const root = [...st.execs.values()].find((e) => e.parentId === null);
      if (root) { s.setVar(st, root.id, prop, comment); return; }
      // an ended instance keeps its variables on its former root execution
      const r = await s.tx.updateTable('wfVariable').set({ value: JSON.stringify(comment) }).where('instanceId', '=', st.inst.id).where('name', '=', prop).executeTakeFirst();
      if (!Number(r.numUpdatedRows)) {
        await s.tx.insertInto('wfVariable').values({ id: nextId(), instanceId: st.inst.id, executionId: st.inst.id, name: prop, value: JSON.stringify(comment) }).execute();
      }
    });
  }

  // ---- reassigning ---------------------------------------------------------------------------

  private async reassign(taskId: string, user: string, toUser: string, kind: 'transfer' | 'delegate' | 'dispatch' | 'assignee', comment?: string, groups?: string[]): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, node } = await this.lockTask(s, taskId);
      if (kind === 'transfer' || kind === 'delegate') {
        this.assertHandler(st, task, user, groups);
        this.requireButton(node, kind === 'transfer' ? 'wf_transfer' : 'wf_delegate');
      }
      if (!toUser) throw new WorkflowError(M.assigneeRequired);
      const type: CommentType = kind === 'transfer' ? 'transferComment' : kind === 'delegate' ? 'delegateComment' : kind === 'dispatch' ? 'dispatchComment' : 'assigneeComment';
      s.comment(st, type, { taskId: task.id, activityId: task.taskDefKey, userId: user, action: kind, message: comment ?? null });
      const p: Partial<TaskRow> = { assignee: toUser };
      if (kind === 'delegate') { p.owner = task.owner ?? task.assignee ?? user; p.delegation = 'pending'; }
      this.touch(s, task, p);
      for (const l of st.links.get(task.id) ?? []) s.uow.remove(T.link, l);
      st.links.delete(task.id);
      for (const a of st.openActs) if (a.taskId === task.id) s.uow.patch(T.activity, a, { assignee: toUser });
      await this.assigned(s, st, task, node);
      s.events.push({ type: 'taskAssigned', tenantId: task.tenantId, instanceId: task.instanceId, taskId: task.id, taskName: task.name ?? '', assignee: task.assignee ?? toUser, action: kind });
      return this.result(s, st);
    });
  }

  /** Runs a node's assignment listeners after its task changed hands; one may hand it on once more. */
  private async assigned(s: Session, st: InstanceState, task: TaskRow, node: FlowNode): Promise<void> {
    if (!node.taskListeners) return;
    const chosen = await s.fireTaskListeners(st, task, node, 'assignment');
    if (chosen !== undefined && chosen !== task.assignee) {
      s.uow.patch(T.task, task, { assignee: chosen });
      for (const a of st.openActs) if (a.taskId === task.id) s.uow.patch(T.activity, a, { assignee: chosen });
    }
  }

  transferTask(taskId: string, user: string, toUser: string, comment?: string, groups?: string[]): Promise<ActionResult> {
    return this.reassign(taskId, user, toUser, 'transfer', comment, groups);
  }
  delegateTask(taskId: string, user: string, toUser: string, comment?: string, groups?: string[]): Promise<ActionResult> {
    return this.reassign(taskId, user, toUser, 'delegate', comment, groups);
  }
  /** An administrator moves a task to another person (调度). */
  dispatchTask(taskId: string, operator: string, toUser: string, comment?: string): Promise<ActionResult> {
    return this.reassign(taskId, operator, toUser, 'dispatch', comment);
  }
  /** An administrator changes the assignee (变更审核人). */
  changeTaskAssignee(taskId: string, operator: string, toUser: string, comment?: string): Promise<ActionResult> {
    return this.reassign(taskId, operator, toUser, 'assignee', comment);
  }

  /** The delegate hands a delegated task back to its owner. */
  async resolveTask(taskId: string, user: string, comment?: string): Promise<ActionResult> {
    return this.completeTask(taskId, user, { pass: true, comment });
  }

  /** A candidate takes a task offered to several people or groups. */
  async claimTask(taskId: string, user: string, groups: string[] = []): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, node } = await this.lockTask(s, taskId);
      if (task.assignee === user) return this.result(s, st);
      if (task.assignee) throw new WorkflowError(M.alreadyClaimed);
      if (!this.isCandidate(st, task, user, groups)) throw new WorkflowError(M.notCandidate, {}, 403);
      this.touch(s, task, { assignee: user, claimTime: s.now });
      for (const a of st.openActs) if (a.taskId === task.id) s.uow.patch(T.activity, a, { assignee: user });
      await this.assigned(s, st, task, node);
      return this.result(s, st);
    });
  }

  // ---- signers -------------------------------------------------------------------------------

  /** 加签: more approvers on a parallel or sequential multi-instance node. */
  async addMultiInstance(taskId: string, user: string, assignees: string[], comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, exec, node } = await this.lockTask(s, taskId);
      this.assertHandler(st, task, user);
      this.requireButton(node, 'wf_add_instance');
      const root = exec.parentId ? st.execs.get(exec.parentId) : undefined;
      if (!root?.isMiRoot || !node.multiInstance) throw new WorkflowError(M.notMultiInstance);
      const users = [...new Set(assignees.filter(Boolean))];
      if (!users.length) throw new WorkflowError(M.assigneeRequired);
      const items = [...((s.getLocal(st, root.id, '__miCollection') as Value[] | undefined) ?? [])];
      const total = Number(s.getLocal(st, root.id, 'nrOfInstances') ?? items.length);
      s.comment(st, 'addMultiInstanceComment', { taskId: task.id, activityId: task.taskDefKey, userId: user, action: 'addMultiInstance', message: comment ?? users.join(',') });
      this.touch(s, task);
      s.setVar(st, root.id, 'nrOfInstances', total + users.length);
      if (node.multiInstance.sequential) {
        s.setVar(st, root.id, '__miCollection', [...items, ...users]);
      } else {
        s.setVar(st, root.id, '__miCollection', [...items, ...users]);
        s.setVar(st, root.id, 'nrOfActiveInstances', Number(s.getLocal(st, root.id, 'nrOfActiveInstances') ?? 0) + users.length);
        for (let i = 0; i < users.length; i++) {
          s.forceAssignee = users[i];
          await s.startMiChild(st, root, node, items.length + i, users[i]);
        }
        s.forceAssignee = undefined;
      }
      return this.result(s, st);
    });
  }

  /** 减签: removes approvers who have not handled the multi-instance node yet. */
  async deleteMultiInstance(taskId: string, user: string, assignees: string[], comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, exec, node } = await this.lockTask(s, taskId);
      this.assertHandler(st, task, user);
      this.requireButton(node, 'wf_delete_instance');
      const root = exec.parentId ? st.execs.get(exec.parentId) : undefined;
      if (!root?.isMiRoot || !node.multiInstance) throw new WorkflowError(M.notMultiInstance);
      const remove = new Set(assignees);
      let items = [...((s.getLocal(st, root.id, '__miCollection') as Value[] | undefined) ?? [])];
      let total = Number(s.getLocal(st, root.id, 'nrOfInstances') ?? items.length);
      const completed = Number(s.getLocal(st, root.id, 'nrOfCompletedInstances') ?? 0);
      const siblings = [...st.tasks.values()].filter((t) => {
        const e = st.execs.get(t.executionId ?? '');
        return e?.parentId === root.id && t.assignee !== null && remove.has(t.assignee);
      });
      let removed = 0;
      let restartAt: number | undefined;
      if (node.multiInstance.sequential) {
        const current = exec.loopCounter ?? 0;
        const kept = items.filter((v, i) => i <= current || !remove.has(String(v)));
        removed = items.length - kept.length;
        items = kept;
        for (const t of siblings) { // the active signer of a sequential node
          await s.cancelTree(st, st.execs.get(t.executionId!)!, 'deleteMultiInstance');
          items.splice(current, 1);
          removed++;
          restartAt = current;
        }
      } else {
        for (const t of siblings) {
          const e = st.execs.get(t.executionId!)!;
          await s.cancelTree(st, e, 'deleteMultiInstance');
          removed++;
        }
        s.setVar(st, root.id, 'nrOfActiveInstances', Math.max(0, Number(s.getLocal(st, root.id, 'nrOfActiveInstances') ?? 0) - removed));
      }
      if (!removed) throw new WorkflowError(M.signerMissing);
      if (total - removed < 1) throw new WorkflowError(M.lastSigner);
      total -= removed;
      s.setVar(st, root.id, 'nrOfInstances', total);
      s.setVar(st, root.id, '__miCollection', items);
      s.comment(st, 'deleteMultiInstanceComment', { taskId: task.id, activityId: task.taskDefKey, userId: user, action: 'deleteMultiInstance', message: comment ?? [...remove].join(',') });
      if (task.state === 'active') this.touch(s, task);
      if (restartAt !== undefined) {
        if (restartAt < items.length) await s.startMiChild(st, root, node, restartAt, items[restartAt]);
        else await s.finishMulti(st, root, node);
      } else if (!node.multiInstance.sequential && s.children(st, root.id).length === 0) {
        await s.finishMulti(st, root, node);
      } else if (completed >= total) {
        await s.finishMulti(st, root, node);
      }
      return this.result(s, st);
    });
  }

  // ---- copy, urge ----------------------------------------------------------------------------

  /** 抄送: copies the instance to people (they see it in their copy list). */
  async copyTask(taskId: string, user: string, users: string[], comment?: string): Promise<ActionResult> {
    return this.act(async (s) => {
      const { st, task, node } = await this.lockTask(s, taskId);
      this.requireButton(node, 'wf_copy');
      this.addCopies(s, st, task, user, users, comment);
      return this.result(s, st);
    });
  }

  /** 催办: reminds every current handler of the instance; answers who was reminded. */
  async urgeTask(instanceId: string, user: string, comment?: string): Promise<{ receivers: string[] }> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
      const all = new Set<string>();
      for (const t of st.tasks.values()) {
        const receivers = t.assignee ? [t.assignee] : (st.links.get(t.id) ?? []).map((l) => l.userId).filter((u): u is string => !!u);
        if (!receivers.length) continue;
        receivers.forEach((r) => all.add(r));
        s.comment(st, 'urgeComment', { taskId: t.id, activityId: t.taskDefKey, userId: user, action: 'urge', message: comment ?? null });
        s.events.push({ type: 'urged', tenantId: t.tenantId, instanceId: t.instanceId, taskId: t.id, fromUser: user, receivers });
      }
      return { receivers: [...all] };
    });
  }

  /**
   * Sets process variables of a running instance (instance level). Waiting conditional events of
   * the instance are evaluated afterwards, like after every action.
   */
  async setVariables(instanceId: string, variables: Record<string, Value>): Promise<ActionResult> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      if (!ACTIVE_STATUSES.includes(st.inst.status)) throw new WorkflowError(M.instanceNotRunning);
      s.setVars(st, variables);
      return this.result(s, st);
    });
  }

  // ---- events and timers ---------------------------------------------------------------------

  /**
   * Delivers a message to one waiting catch event, receive task, message boundary event or
   * event-based gateway (by instance or business key); when none waits and no instance was named,
   * starts the process with a message start event for it. Answers how many instances it moved or started.
   */
  async correlateMessage(name: string, q: { tenantId: string; instanceId?: string; businessKey?: string; variables?: Record<string, Value> }): Promise<number> {
    const db = scoped(this.db, q.tenantId);
    let qb = db.selectFrom('wfEventSubscription as s').innerJoin('wfInstance as i', 'i.id', 's.instanceId')
      .select(['s.id', 's.instanceId']).where('s.eventType', '=', 'message').where('s.eventName', '=', name);
    if (q.instanceId) qb = qb.where('s.instanceId', '=', q.instanceId);
    if (q.businessKey) qb = qb.where('i.businessKey', '=', q.businessKey);
    const hit = (await qb.orderBy('s.id').limit(1).executeTakeFirst()) as { id: string; instanceId: string } | undefined;
    if (hit) return this.deliverEvent(hit.id, hit.instanceId, q.variables);
    if (q.instanceId) return 0;
    const start = (await db.selectFrom('wfStartEvent').select(['definitionId', 'activityId'])
      .where('eventType', '=', 'message').where('eventName', '=', name).orderBy('id', 'desc').limit(1).executeTakeFirst()) as { definitionId: string; activityId: string } | undefined;
    if (!start) return 0;
    await this.startAt(start.definitionId, start.activityId, { tenantId: q.tenantId, businessKey: q.businessKey ?? null, variables: q.variables });
    return 1;
  }

  /**
   * Broadcasts a signal to the tenant: every waiting signal catch event, signal boundary event and
   * event-based gateway, and a new instance of every process (newest version, not suspended) with a
   * signal start event for it. Answers how many instances it moved or started.
   */
  async sendSignal(name: string, q: { tenantId: string; variables?: Record<string, Value> }): Promise<number> {
    const db = scoped(this.db, q.tenantId);
    const subs = (await db.selectFrom('wfEventSubscription').select(['id', 'instanceId'])
      .where('eventType', '=', 'signal').where('eventName', '=', name).orderBy('id').execute()) as { id: string; instanceId: string }[];
    const starts = (await db.selectFrom('wfStartEvent as e').innerJoin('wfDefinition as d', 'd.id', 'e.definitionId')
      .select(['e.definitionId', 'e.activityId']).where('e.eventType', '=', 'signal')
      .where('e.eventName', '=', name).where('d.suspended', '=', false).orderBy('e.id').execute()) as { definitionId: string; activityId: string }[];
    let n = 0;
    for (const sub of subs) n += await this.deliverEvent(sub.id, sub.instanceId, q.variables);
    for (const st of starts) {
      await this.startAt(st.definitionId, st.activityId, { tenantId: q.tenantId, variables: q.variables });
      n++;
    }
    return n;
  }

  private async deliverEvent(subId: string, instanceId: string, variables?: Record<string, Value>): Promise<number> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      const sub = st.subs.find((x) => x.id === subId);
      if (!sub) return 0;
      const exec = st.execs.get(sub.executionId);
      if (!exec) { s.removeSub(st, sub); return 0; }
      s.setVars(st, variables);
      await s.eventArrived(st, exec, st.model.nodes.get(sub.activityId)!, sub.eventType, { sub });
      return 1;
    });
  }

  /** Fires the timers due at `now` (boundary, intermediate, supervision reminders); answers how many fired. */
  async fireDueTimers(now: Date = this.clock()): Promise<number> {
    const due = (await this.db.selectFrom('wfTimer').select(['id', 'instanceId']).where('dueTime', '<=', timeParam(now)).orderBy('dueTime').orderBy('id')
      .limit(200).execute()) as { id: string; instanceId: string }[];
    let fired = 0;
    for (const d of due) {
      try {
        if (await this.fireTimer(d.id, d.instanceId, now)) fired++;
      } catch {
        // a timer whose target fails stays due and is tried again on the next round
      }
    }
    // the leader's round also delivers events a stopped node committed but never delivered
    await this.drainOutbox(now).catch(() => 0);
    return fired;
  }

  private async fireTimer(timerId: string, instanceId: string, now: Date): Promise<boolean> {
    return this.act(async (s) => {
      const st = await s.load(instanceId);
      const timer = st.timers.find((t) => t.id === timerId);
      if (!timer || new Date(timer.dueTime).getTime() > now.getTime()) return false;
      if (timer.kind === 'supervision') {
        const sup = s.supervisionsOf(st).find((x) => x.id === timer.supervisionId);
        if (!sup || sup.status !== 1) { s.removeTimer(st, timer); return false; }
        const runCount = sup.runCount + 1;
        s.events.push({
          type: 'supervised', tenantId: st.inst.tenantId, instanceId: st.inst.id, supervisionId: sup.id, taskId: sup.taskId,
          receivers: sup.receivers.split(',').map((r) => r.trim()).filter(Boolean), context: sup.context, runCount,
        });
        if (runCount >= sup.maxCount) {
          s.uow.patch(T.supervision, sup, { runCount, status: 3, updateTime: now });
          s.removeTimer(st, timer);
        } else {
          s.uow.patch(T.supervision, sup, { runCount, updateTime: now });
          s.uow.patch(T.timer, timer, { dueTime: addUnits(now, sup.timeCount, sup.timeUnit) });
        }
        return true;
      }
      const exec = st.execs.get(timer.executionId ?? '');
      if (!exec) { s.removeTimer(st, timer); return false; }
      await s.eventArrived(st, exec, st.model.nodes.get(timer.elementId)!, 'timeout', { timer });
      return true;
    }, now);
  }

  // ---- supervision (督办) ---------------------------------------------------------------------

  /** A supervision of a node of an instance; armed now if the node has a task, and on every re-entry. */
  async createSupervision(input: SupervisionInput): Promise<SupervisionRow> {
    for (const f of ['awaitTime', 'timeCount', 'maxCount'] as const) {
      if (!Number.isInteger(input[f]) || input[f] < 1) throw new WorkflowError(M.supervisionInvalid, { field: f });
    }
    if (!['hour', 'minutes', 'seconds'].includes(input.timeUnit)) throw new WorkflowError(M.supervisionInvalid, { field: 'timeUnit' });
    if (!input.receivers.length) throw new WorkflowError(M.supervisionInvalid, { field: 'receivers' });
    return this.act(async (s) => {
      const st = await s.load(input.instanceId);
      const node = st.model.nodes.get(input.nodeKey);
      if (!node || node.type !== 'userTask') throw new WorkflowError(M.supervisionInvalid, { field: 'nodeKey' });
      const row: SupervisionRow = {
        id: nextId(), tenantId: input.tenantId, defKey: st.def.key, defName: st.def.name, instId: st.inst.id, instName: st.def.name,
        taskId: null, nodeKey: node.id, nodeName: node.name || node.id, awaitTime: input.awaitTime, timeCount: input.timeCount,
        timeUnit: input.timeUnit, receivers: input.receivers.join(','), receiverNames: input.receiverNames ?? null, maxCount: input.maxCount,
        runCount: 0, context: input.context ?? null, status: 1, createUser: input.createUser ?? null, createTime: s.now, updateTime: s.now, isDeleted: 0,
      };
      s.uow.insert(T.supervision, row);
      s.addSupervisionRow(st, row);
      const active = [...st.tasks.values()].find((t) => t.taskDefKey === node.id);
      if (active) s.armSupervision(st, node, active);
      return row;
    });
  }

  async supervisionList(instanceId: string): Promise<SupervisionRow[]> {
    return (await this.db.selectFrom('wfSupervision').selectAll().where('instId', '=', instanceId).where('isDeleted', '=', 0).orderBy('id').execute()) as SupervisionRow[];
  }

  // ---- queries -------------------------------------------------------------------------------

  private taskQuery(db: Db = this.db) {
    return db.selectFrom('wfTask as t').innerJoin('wfInstance as i', 'i.id', 't.instanceId');
  }

  private static TASK_COLUMNS = [
    't.id as taskId', 't.name as taskName', 't.taskDefKey as taskDefinitionKey', 't.instanceId as processInstanceId',
    't.definitionId as processDefinitionId', 't.definitionKey as processDefinitionKey', 'i.definitionName as processDefinitionName',
    't.category', 'i.businessKey', 'i.initiator', 't.assignee', 't.owner', 't.delegation', 't.createTime', 't.claimTime', 't.dueDate',
    't.endTime', 't.formKey', 't.outcome', 'i.status as processIsFinished',
  ] as const;

  /** 待办: active tasks assigned to the user, or offered to the user (or a group) and not claimed yet. */
  async todoList(q: ListQuery): Promise<Page<TaskView>> {
    // assigned to the user: the partial index (tenant_id, assignee, create_time desc, id desc) where
    // active hands over the newest first; offered and unclaimed: the identity-link indexes. The
    // two sets are disjoint (assignee = user / assignee is null).
    return this.taskList(q, [this.assignedTo(q), this.offeredTo(q)]);
  }

  /** 待签: tasks offered to the user or the user's groups that nobody claimed. */
  async claimList(q: ListQuery): Promise<Page<TaskView>> {
    return this.taskList(q, [this.offeredTo(q)]);
  }

  private assignedTo(q: ListQuery): Qb {
    return taskFilters(this.db.selectFrom('wfTask as t').where('t.state', '=', 'active').where('t.assignee', '=', q.userId), q);
  }

  // driven by the user's and groups' identity links (their indexes), then the tasks by primary key:
  // the cost follows the open offers to the user and the groups, not the unassigned tasks of the tenant
  private offeredTo(q: ListQuery): Qb {
    const links = this.db.selectFrom('wfIdentityLink as l').select('l.taskId').where((e2: Qb) => candidateOf(e2, q));
    return taskFilters(this.db.selectFrom('wfTask as t').where(sql<boolean>`${sql.ref('t.id')} = any(array(${links}))`)
      .where('t.state', '=', 'active').where('t.assignee', 'is', null), q);
  }

  /**
   * A page of active tasks from disjoint sets (each a query over wf_task as t), newest first, and
   * their total in the same statement. Each set gives only its newest offset+size ids (an index
   * range, not the whole set), and counts at most LIST_COUNT_CAP + 1 rows: the total is exact up
   * to LIST_COUNT_CAP; more reports LIST_COUNT_CAP + 1 ("more than 10,000"), so neither the page
   * nor its total reads all of a user's tasks. The sets are only parts of this statement: its
   * tenant scope confines them with the rest.
   */
  private async taskList(q: ListQuery, sets: Qb[]): Promise<Page<TaskView>> {
    const db = scoped(this.db, q.tenantId);
    const { size, current } = pageOf(q);
    const top = current * size;
    const ids = sql.join(sets.map((b) => sql`(${b.select(['t.id']).orderBy('t.createTime', 'desc').orderBy('t.id', 'desc').limit(top)})`), sql` union all `);
    const total = sql<string>`least(${LIST_COUNT_CAP + 1}, ${sql.join(sets.map((b) =>
      sql`(select count(*) from (${b.select(sql`1`.as('one')).limit(LIST_COUNT_CAP + 1)}) c)`), sql` + `)})`;
    const rows = (await this.taskQuery(db).select([...WorkflowEngine.TASK_COLUMNS]).select(total.as('listTotal'))
      .where('t.id', 'in', sql<string>`(${ids})`).orderBy('t.createTime', 'desc').orderBy('t.id', 'desc').limit(size).offset((current - 1) * size)
      .execute()) as (TaskView & { listTotal?: string | number })[];
    let n: number;
    if (rows.length) n = Number(rows[0]!.listTotal);
    else n = Number(((await db.selectNoFrom(total.as('n')).executeTakeFirst()) as { n: string | number }).n);
    for (const r of rows) delete r.listTotal;
    return { records: rows, total: n, size, current, pages: Math.ceil(n / size) };
  }

  /** 已办 (doneList): every task the user completed, newest first. Cancelled tasks never show. */
  async doneList(q: ListQuery): Promise<Page<TaskView>> {
    let qb = this.taskQuery(scoped(this.db, q.tenantId)).where('t.state', '=', 'completed').where('t.completedBy', '=', q.userId);
    qb = taskFilters(qb, q);
    return page(qb, q, (b) => b.select([...WorkflowEngine.TASK_COLUMNS]).orderBy('t.endTime', 'desc').orderBy('t.id', 'desc'), (r) => r as unknown as TaskView);
  }

  /** 我的已办 (myDoneList): one row per instance the user handled, with the user's latest task. */
  async myDoneList(q: ListQuery): Promise<Page<TaskView>> {
    let qb = this.taskQuery(scoped(this.db, q.tenantId)).where('t.state', '=', 'completed').where('t.completedBy', '=', q.userId)
      .where('t.id', 'in', (eb: Qb) => eb.selectFrom('wfTask as x').select(sql<string>`max(x.id)`.as('id'))
        .where('x.state', '=', 'completed').where('x.completedBy', '=', q.userId).groupBy('x.instanceId'));
    qb = taskFilters(qb, q);
    return page(qb, q, (b) => b.select([...WorkflowEngine.TASK_COLUMNS]).orderBy('t.endTime', 'desc').orderBy('t.id', 'desc'), (r) => r as unknown as TaskView);
  }

  /** 我的请求 (sendList): instances the user started. */
  async sendList(q: ListQuery): Promise<Page<InstanceView>> {
    let qb = scoped(this.db, q.tenantId).selectFrom('wfInstance as i').where('i.initiator', '=', q.userId).where('i.parentId', 'is', null);
    if (q.definitionKey) qb = qb.where('i.definitionKey', '=', q.definitionKey);
    if (q.category) qb = qb.where('i.category', '=', q.category);
    if (q.name) qb = qb.where('i.definitionName', 'like', likeContains(q.name));
    if (q.createdAfter) qb = qb.where('i.startTime', '>', timeParam(q.createdAfter));
    if (q.createdBefore) qb = qb.where('i.startTime', '<', timeParam(q.createdBefore));
    const p = await page(qb, q, (b) => b.selectAll('i').orderBy('i.startTime', 'desc').orderBy('i.id', 'desc'), (r) => r as unknown as Record<string, string>);
    return { ...p, records: await this.instanceViews(p.records) };
  }

  /** 抄送: copies sent to the user. */
  async copyList(q: ListQuery): Promise<Page<InstanceView & { copyId: string; fromUser: string | null; nodeName: string | null; copyTime: string; isRead: number }>> {
    let qb = scoped(this.db, q.tenantId).selectFrom('wfCopy as c').innerJoin('wfInstance as i', 'i.id', 'c.instanceId').where('c.userId', '=', q.userId);
    if (q.definitionKey) qb = qb.where('i.definitionKey', '=', q.definitionKey);
    if (q.name) qb = qb.where('i.definitionName', 'like', likeContains(q.name));
    if (q.createdAfter) qb = qb.where('c.createTime', '>', timeParam(q.createdAfter));
    if (q.createdBefore) qb = qb.where('c.createTime', '<', timeParam(q.createdBefore));
    const p = await page(qb, q, (b) => b.selectAll('i').select(['c.id as copyId', 'c.fromUser', 'c.nodeName', 'c.createTime as copyTime', 'c.isRead'])
      .orderBy('c.createTime', 'desc').orderBy('c.id', 'desc'), (r) => r as unknown as Record<string, string>);
    const views = await this.instanceViews(p.records);
    return { ...p, records: views.map((v, i) => ({ ...v, copyId: p.records[i]!.copyId!, fromUser: p.records[i]!.fromUser ?? null, nodeName: p.records[i]!.nodeName ?? null, copyTime: p.records[i]!.copyTime!, isRead: Number(p.records[i]!.isRead) })) };
  }

  private async instanceViews(rows: Record<string, string>[]): Promise<InstanceView[]> {
    const ids = rows.map((r) => r.id!);
    const tasks = ids.length
      ? ((await this.db.selectFrom('wfTask').select(['id', 'instanceId', 'name', 'assignee']).where('instanceId', 'in', ids).where('state', '=', 'active').orderBy('id').execute()) as { id: string; instanceId: string; name: string | null; assignee: string | null }[])
      : [];
    return rows.map((r) => ({
      processInstanceId: r.id!, processDefinitionId: r.definitionId!, processDefinitionKey: r.definitionKey!, processDefinitionName: r.definitionName ?? null,
      category: r.category ?? null, businessKey: r.businessKey ?? null, initiator: r.initiator ?? null, processIsFinished: r.status as InstanceStatus,
      startTime: r.startTime!, endTime: r.endTime ?? null,
      currentNodes: tasks.filter((t) => t.instanceId === r.id).map((t) => ({ taskId: t.id, taskName: t.name, assignee: t.assignee })),
    }));
  }

  /** A task with its instance, or null. */
  async getTask(taskId: string): Promise<TaskView | null> {
    const r = await this.taskQuery().select([...WorkflowEngine.TASK_COLUMNS]).where('t.id', '=', taskId).executeTakeFirst();
    return (r as unknown as TaskView) ?? null;
  }

  /** Buttons and field rights of the node of a task, as the model configures them. */
  async taskConfig(taskId: string): Promise<TaskConfig> {
    const task = (await this.db.selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst()) as TaskRow | undefined;
    if (!task) throw new WorkflowError(M.taskMissing, {}, 404);
    const def = await loadDefinition(this.db, task.definitionId);
    const node = (await modelOf(def.id, def.key, def.xml)).nodes.get(task.taskDefKey);
    let buttons = node?.buttons ?? [...BUTTONS];
    if (!node?.multiInstance) buttons = buttons.filter((b) => b !== 'wf_add_instance' && b !== 'wf_delete_instance');
    return { buttons, fieldRights: node?.fieldRights ?? {}, formKey: task.formKey };
  }

  /** Instance-level variables of an instance. */
  async getVariables(instanceId: string): Promise<Record<string, Value>> {
    const rows = (await this.db.selectFrom('wfVariable as v').innerJoin('wfExecution as e', 'e.id', 'v.executionId').select(['v.name', 'v.value'])
      .where('v.instanceId', '=', instanceId).where('e.parentId', 'is', null).execute()) as { name: string; value: string }[];
    const out: Record<string, Value> = {};
    for (const r of rows) out[r.name] = JSON.parse(r.value) as Value;
    if (!rows.length) {
      // an ended instance has no executions: its variables are those not owned by a live execution
      const all = (await this.db.selectFrom('wfVariable').select(['name', 'value', 'executionId']).where('instanceId', '=', instanceId).orderBy('id').execute()) as { name: string; value: string }[];
      for (const r of all) if (r.name !== '__miCollection') out[r.name] = JSON.parse(r.value) as Value;
    }
    return out;
  }

  /** The history of an instance: activities with their comments, oldest first (no sequence flows). */
  async history(instanceId: string, withFlows = false): Promise<HistoryEntry[]> {
    const acts = (await this.db.selectFrom('wfActivity').selectAll().where('instanceId', '=', instanceId).orderBy('id').execute()) as Record<string, string | null>[];
    const comments = (await this.db.selectFrom('wfComment').selectAll().where('instanceId', '=', instanceId).orderBy('id').execute()) as unknown as CommentRow[];
    const byTask = new Map<string, HistoryComment[]>();
    const loose: CommentRow[] = [];
    for (const c of comments) {
      const hc: HistoryComment = { action: c.action, type: c.type, fullMessage: c.message, userId: c.userId, time: String(c.time), attachments: c.attachments ? (JSON.parse(c.attachments) as unknown[]) : [] };
      if (c.taskId) {
        const l = byTask.get(c.taskId) ?? [];
        l.push(hc);
        byTask.set(c.taskId, l);
      } else loose.push(c);
    }
    const out: HistoryEntry[] = [];
    for (const a of acts) {
      if (!withFlows && a.activityType === 'sequenceFlow') continue;
      out.push({
        historyActivityId: a.activityId!, historyActivityName: a.activityName, historyActivityType: a.activityType!, taskId: a.taskId,
        assignee: a.assignee, assigneeName: a.assignee, createTime: a.startTime!, endTime: a.endTime, endReason: a.endReason,
        comments: a.taskId ? byTask.get(a.taskId) ?? [] : [],
      });
    }
    for (const c of loose) {
      out.push({
        historyActivityId: c.activityId ?? 'process', historyActivityName: null, historyActivityType: 'comment', taskId: null, assignee: c.userId,
        assigneeName: c.userId, createTime: String(c.time), endTime: String(c.time), endReason: null,
        comments: [{ action: c.action, type: c.type, fullMessage: c.message, userId: c.userId, time: String(c.time), attachments: [] }],
      });
    }
    return out;
  }

  /** Instance detail: the instance, its history, and for a task its buttons and field rights. */
  async instanceDetail(instanceId: string, taskId?: string, user?: string): Promise<{ process: InstanceView & { xml: string; isOwner: boolean; taskId: string | null; taskName: string | null }; flow: HistoryEntry[]; button: string[]; fieldRights: Record<string, FieldRight>; variables: Record<string, Value> }> {
    const inst = (await this.db.selectFrom('wfInstance').selectAll().where('id', '=', instanceId).executeTakeFirst()) as Record<string, string> | undefined;
    if (!inst) throw new WorkflowError(M.instanceMissing, {}, 404);
    const [view] = await this.instanceViews([inst]);
    const def = await loadDefinition(this.db, inst.definitionId!);
    let button: string[] = [];
    let fieldRights: Record<string, FieldRight> = {};
    let taskName: string | null = null;
    if (taskId) {
      const t = await this.getTask(taskId);
      if (t && t.processInstanceId === instanceId && !t.endTime) {
        const cfg = await this.taskConfig(taskId);
        button = cfg.buttons;
        fieldRights = cfg.fieldRights;
        taskName = t.taskName;
      }
    }
    return {
      process: { ...view!, xml: def.xml, isOwner: !!user && inst.initiator === user, taskId: taskId ?? null, taskName },
      flow: await this.history(instanceId), button, fieldRights, variables: await this.getVariables(instanceId),
    };
  }

  /** The diagram and the flow list for colouring it (instance or definition). */
  async modelView(q: { instanceId?: string; definitionId?: string }): Promise<{ xml: string; flow: { historyActivityId: string; historyActivityType: string; endTime: string | null }[] }> {
    if (q.instanceId) {
      const inst = (await this.db.selectFrom('wfInstance').select(['definitionId']).where('id', '=', q.instanceId).executeTakeFirst()) as { definitionId: string } | undefined;
      if (!inst) throw new WorkflowError(M.instanceMissing, {}, 404);
      const def = await loadDefinition(this.db, inst.definitionId);
      const flow = (await this.history(q.instanceId, true)).filter((h) => h.historyActivityType !== 'comment' && h.historyActivityType !== 'processEnd')
        .map((h) => ({ historyActivityId: h.historyActivityId, historyActivityType: h.historyActivityType, endTime: h.endTime }));
      return { xml: def.xml, flow };
    }
    const def = await loadDefinition(this.db, q.definitionId ?? '');
    return { xml: def.xml, flow: [] };
  }

  /** An instance row's status (for callers that only need it). */
  async instanceStatus(instanceId: string): Promise<InstanceStatus> {
    const r = (await this.db.selectFrom('wfInstance').select(['status']).where('id', '=', instanceId).executeTakeFirst()) as { status: InstanceStatus } | undefined;
    if (!r) throw new WorkflowError(M.instanceMissing, {}, 404);
    return r.status;
  }
}

// ---- helpers -----------------------------------------------------------------------------------

function defView(r: DefinitionRow): DefinitionView {
  return {
    id: r.id, key: r.key, version: r.version, name: r.name, category: r.category, deploymentId: r.deploymentId, tenantId: r.tenantId,
    suspended: r.suspended, createTime: r.createTime instanceof Date ? r.createTime.toISOString() : r.createTime,
  };
}

function taskView(t: TaskRow, businessKey: string | null, initiator: string | null, status: InstanceStatus, defName: string | null): TaskView {
  const s = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v.toISOString() : v);
  return {
    taskId: t.id, taskName: t.name, taskDefinitionKey: t.taskDefKey, processInstanceId: t.instanceId, processDefinitionId: t.definitionId,
    processDefinitionKey: t.definitionKey, processDefinitionName: defName, category: t.category, businessKey, initiator, assignee: t.assignee,
    owner: t.owner, delegation: t.delegation, createTime: s(t.createTime)!, claimTime: s(t.claimTime), dueDate: s(t.dueDate), endTime: s(t.endTime),
    formKey: t.formKey, outcome: t.outcome, processIsFinished: status,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely builders over the untyped Db
type Qb = any;

/** identity-link condition: offered to the user, or to one of the user's groups */
function candidateOf(eb: Qb, q: ListQuery): Qb {
  return q.groups?.length ? eb.or([eb('l.userId', '=', q.userId), eb('l.groupId', 'in', q.groups)]) : eb('l.userId', '=', q.userId);
}

function taskFilters(qb: Qb, q: ListQuery): Qb {
  if (q.definitionKey) qb = qb.where('t.definitionKey', '=', q.definitionKey);
  if (q.category) qb = qb.where('t.category', '=', q.category);
  if (q.name) qb = qb.where('t.name', 'like', likeContains(q.name));
  if (q.createdAfter) qb = qb.where('t.createTime', '>', q.createdAfter);
  if (q.createdBefore) qb = qb.where('t.createTime', '<', q.createdBefore);
  return qb;
}

/** the todo and claim lists count a user's tasks up to this many (their totals are exact up to it) */

function pageOf(q: { current?: number; size?: number }): { size: number; current: number } {
  return { size: Math.min(Math.max(Number(q.size ?? 10) || 10, 1), 1000), current: Math.max(Number(q.current ?? 1) || 1, 1) };
}

async function page<R>(qb: Qb, q: { current?: number; size?: number }, select: (b: Qb) => Qb, map: (r: Record<string, unknown>) => R): Promise<Page<R>> {
  const { size, current } = pageOf(q);
  const countRow = (await qb.select(sql<string>`count(*)`.as('n')).executeTakeFirst()) as { n: string | number } | undefined;
  const total = Number(countRow?.n ?? 0);
  const rows = (await select(qb).limit(size).offset((current - 1) * size).execute()) as Record<string, unknown>[];
  return { records: rows.map(map), total, size, current, pages: Math.ceil(total / size) };
}
