// The interpreter: moves tokens (executions) through the graph of one or more loaded instances,
// inside the transaction of one action. Waiting states (user tasks, catch events, call activities,
// joins) leave rows behind; everything else runs through in the same call.
import { sql } from 'kysely';
import { nextId } from '../../../db/ids.ts';
import type { Db } from '../../../db/index.ts';
import { DEFER_BEGIN } from '../../../db/prepared.ts';
import { scoped } from '../../../db/tenant-scope.ts';
import { evaluate, evaluateCondition, ExpressionError, type Resolver, type Value } from './expression.ts';
import { BpmnError, M, WorkflowError } from './messages.ts';
import { modelOf, reachInScope, scopeChain, type FlowNode, type ListenerDef } from './model.ts';
import { runScript, type ScriptScope } from './sandbox.ts';
import {
  definitionGuard, inlineStatement, loadState, run, lockAndLoad, PREPARE_SQL, Uow, type DbTraits, type DefinitionGuard, type LoadedState, type ActivityRow, type CommentRow, type CommentType, type DefinitionRow, type ExecRow,
  type InstanceState, type InstanceStatus, type LinkRow, type SubscriptionRow, type SupervisionRow, type TaskRow, type TimerRow,
  type VarRow,
} from './store.ts';
import { addUnits, firstSchedule, nextSchedule } from './timer.ts';

/** What a registered service-task handler sees; what it returns becomes process variables. */
export interface ServiceContext {
  instanceId: string;
  businessKey: string | null;
  tenantId: string;
  activityId: string;
  /** the handler name as written in the model (class, expression, delegateExpression, decisionRef, type) */
  name: string;
  variables: Record<string, Value>;
}
export type ServiceHandler = (ctx: ServiceContext) => Promise<Record<string, Value> | void> | Record<string, Value> | void;

export type EngineEvent =
  | { type: 'taskCreated'; tenantId: string; instanceId: string; taskId: string; taskName: string; assignee: string | null; candidateUsers: string[]; candidateGroups: string[] }
  | { type: 'taskAssigned'; tenantId: string; instanceId: string; taskId: string; taskName: string; assignee: string; action: string }
  | { type: 'taskCompleted'; tenantId: string; instanceId: string; taskId: string; taskName: string; user: string; outcome: string }
  | { type: 'processEnded'; tenantId: string; instanceId: string; status: InstanceStatus; initiator: string | null }
  | { type: 'copied'; tenantId: string; instanceId: string; taskId: string | null; fromUser: string | null; users: string[] }
  | { type: 'urged'; tenantId: string; instanceId: string; taskId: string; fromUser: string; receivers: string[] }
  | { type: 'supervised'; tenantId: string; instanceId: string; supervisionId: string; taskId: string | null; receivers: string[]; context: string | null; runCount: number }
  /** a signal thrown by a process (intermediate or end event): every waiting catch and signal start of the tenant gets it */
  | { type: 'signalThrown'; tenantId: string; instanceId: string; name: string }
  /** a message thrown by a process without a handler: the engine correlates it (same business key) or starts by it */
  | { type: 'messageThrown'; tenantId: string; instanceId: string; name: string; businessKey: string | null };

/** What an execution or task listener sees. */
export interface ListenerContext {
  /** start, end, take (execution listeners); create, assignment, complete, delete (task listeners) */
  event: string;
  instanceId: string;
  businessKey: string | null;
  tenantId: string;
  /** the node, sequence flow or process the listener sits on */
  activityId: string;
  /** the handler name as written in the model (class, delegateExpression, expression) */
  name: string;
  variables: Record<string, Value>;
  task?: { id: string; name: string | null; assignee: string | null; taskDefinitionKey: string };
  setVariable(name: string, value: Value): void;
  /** task listeners: gives the task to another user (null: to nobody) */
  setAssignee(user: string | null): void;
}
/** A listener handler; what it returns becomes process variables. */
export type ListenerHandler = (ctx: ListenerContext) => Promise<Record<string, Value> | void> | Record<string, Value> | void;

export interface RuntimeOptions {
  /** what the driver allows (the engine finds out on its first action) */
  traits?: DbTraits;
  handlers: Map<string, ServiceHandler>;
  listeners: Map<string, ListenerHandler>;
  scriptLimits: { timeoutMs: number; memoryBytes: number };
}

const MI_COLLECTION = '__miCollection';
/**
 * Every write of an action reaches its rows by primary key. The writes run as prepared statements,
 * whose generic plan is made once, when a table may still be small or full of dead rows (executions
 * and outbox rows are deleted as fast as they are made): a plan that scans such a table then scans it
 * on every action, and the scan grows until VACUUM. With sequential scans off for the write (this
 * transaction only), the plan is the index one whatever the table looked like when it was made.
 */
const WRITE_PLANS = 'set local enable_seqscan = off; ';
const MAX_STEPS = 10_000;

const T = {
  instance: 'wfInstance', exec: 'wfExecution', task: 'wfTask', link: 'wfIdentityLink', variable: 'wfVariable',
  activity: 'wfActivity', comment: 'wfComment', timer: 'wfTimer', sub: 'wfEventSubscription', copy: 'wfCopy',
  supervision: 'wfSupervision',
} as const;
export const TABLES = T;

function splitList(v: Value): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.map((x) => String(x)).filter(Boolean);
  return String(v).split(',').map((s) => s.trim()).filter(Boolean);
}

/** One action's interpreter session: loaded instances, pending writes and events. */
export class Session {
  readonly uow = new Uow();
  readonly states = new Map<string, InstanceState>();
  readonly events: EngineEvent[] = [];
  /** forced assignee per node id (rollback back to the one who handled it) */
  readonly assigneeFor = new Map<string, string>();
  /** the chosen next approver (指定审核人) for non-initiator, single-instance tasks created now */
  nextAssignee?: string;
  /** the assignee of the one task about to be created (an added signer) */
  forceAssignee?: string;
  /** the task whose completion is running: recorded on the tasks it creates (withdraw needs it) */
  sourceTaskId: string | null = null;
  private steps = 0;
  /** the flow each token arrived by in this action (a join records it on the parked token) */
  private arrivedBy = new Map<string, string>();

  /** tx: one connection; the transaction on it begins at begin() (the engine calls it first, except for a start) */
  constructor(readonly tx: Db, readonly now: Date, readonly opts: RuntimeOptions) {}

  /** true once BEGIN went out on this session's connection */
  begun = false;

  /** a start by a remembered definition: its write checks the definition is still the one to use */
  startGuard?: DefinitionGuard;

  async begin(): Promise<void> {
    if (this.begun) return;
    // PostgreSQL: the lock statements are prepared (when the connection lacks them) in the same round trip
    const t = this.opts.traits;
    // through the server's pool BEGIN goes out with the action's first statement (its lock)
    await run(this.tx, t?.onDemand ? DEFER_BEGIN : t?.multi ? `begin; ${PREPARE_SQL}` : 'begin');
    this.begun = true;
  }

  /** roots this session locked: every write of the action rewrites them (see lockAndLoad) */
  private readonly lockedRoots = new Set<string>();

  /** Loads an instance's state; lock=true locks its root first (in the same statement). */
  async load(instanceId: string, lock = true): Promise<InstanceState> {
    const have = this.states.get(instanceId);
    if (have) return have;
    if (!lock) return this.register(await loadState(this.tx, instanceId));
    await this.begin();
    const got = await lockAndLoad(this.tx, 'instance', instanceId);
    if (!got) throw new WorkflowError(M.instanceMissing, {}, 404);
    this.lockedRoots.add(got.root.id);
    return this.states.get(instanceId) ?? this.register(got.st);
  }

  /** Locks the root of a task's tree and loads the task's instance; undefined when there is no such task. */
  async loadByTask(taskId: string): Promise<InstanceState | undefined> {
    await this.begin();
    const got = await lockAndLoad(this.tx, 'task', taskId);
    if (!got) return undefined;
    this.lockedRoots.add(got.root.id);
    return this.states.get(got.st.inst.id) ?? this.register(got.st);
  }

  private register(st: LoadedState): InstanceState {
    this.states.set(st.inst.id, st);
    this.supervisionCache.set(st.inst.id, st.supervisions);
    return st;
  }

  /**
   * Writes the action's changes: one statement in the usual case (with the rewrite of the locked
   * roots). Without a transaction yet (a start), one statement is atomic by itself; more need
   * BEGIN first.
   */
  async flush(commit = false): Promise<boolean> {
    const list = this.uow.statements({ table: T.instance, ids: [...this.lockedRoots] });
    if (list.length > 1) await this.begin();
    const last = list.pop();
    for (const st of list) await run(this.tx, st);
    if (!last) return false;
    if (this.opts.traits?.multi) {
      // the last write and COMMIT in one round trip (without BEGIN the statements are their own transaction)
      const tail = commit && this.begun ? '; commit' : '';
      const guard = this.startGuard ? `${definitionGuard(this.startGuard, this.opts.traits.onDemand)}; ` : '';
      await run(this.tx, `${WRITE_PLANS}${guard}${inlineStatement(last, this.opts.traits.onDemand)}${tail}`);
      return tail !== '';
    }
    await run(this.tx, last);
    return false;
  }

  private tick(): void {
    if (++this.steps > MAX_STEPS) throw new WorkflowError(M.unsupported, { element: 'endless loop (more than 10000 steps in one action)' });
  }

  // ---- executions and variables ------------------------------------------------------------

  root(st: InstanceState): ExecRow {
    for (const e of st.execs.values()) if (e.parentId === null) return e;
    throw new WorkflowError(M.instanceNotRunning);
  }

  children(st: InstanceState, id: string): ExecRow[] {
    const out: ExecRow[] = [];
    for (const e of st.execs.values()) if (e.parentId === id) out.push(e);
    return out;
  }

  newExec(st: InstanceState, parentId: string | null, activityId: string | null, p: Partial<ExecRow> = {}): ExecRow {
    const e: ExecRow = {
      id: nextId(), instanceId: st.inst.id, parentId, activityId, state: 'active', isScope: false, isMiRoot: false,
      loopCounter: null, joinFlow: null, subInstanceId: null, createTime: this.now, ...p,
    };
    st.execs.set(e.id, this.uow.insert(T.exec, e));
    return e;
  }

  patchExec(e: ExecRow, p: Partial<ExecRow>): void {
    this.uow.patch(T.exec, e, p);
  }

  private dropExec(st: InstanceState, e: ExecRow): void {
    st.execs.delete(e.id);
    this.uow.remove(T.exec, e);
    const vars = st.vars.get(e.id);
    if (vars) for (const v of vars.values()) this.uow.remove(T.variable, v);
    st.vars.delete(e.id);
  }

  /** Variables visible from an execution: its own locals, then each parent's, up to the instance. */
  visibleVars(st: InstanceState, exec: ExecRow | null): Record<string, Value> {
    const chain: ExecRow[] = [];
    for (let e: ExecRow | undefined = exec ?? undefined; e; e = e.parentId ? st.execs.get(e.parentId) : undefined) chain.push(e);
    if (!chain.length || chain[chain.length - 1]!.parentId !== null) chain.push(this.root(st));
    const out: Record<string, Value> = {};
    for (let i = chain.length - 1; i >= 0; i--) {
      for (const v of st.vars.get(chain[i]!.id)?.values() ?? []) if (v.name !== MI_COLLECTION) out[v.name] = JSON.parse(v.value) as Value;
    }
    return out;
  }

  resolver(st: InstanceState, exec: ExecRow | null): Resolver {
    const vars = this.visibleVars(st, exec);
    return (name) => (Object.hasOwn(vars, name) ? { found: true, value: vars[name] } : { found: false });
  }

  getLocal(st: InstanceState, execId: string, name: string): Value {
    const v = st.vars.get(execId)?.get(name);
    return v ? (JSON.parse(v.value) as Value) : undefined;
  }

  setVar(st: InstanceState, execId: string, name: string, value: Value): void {
    const json = JSON.stringify(value === undefined ? null : value);
    let m = st.vars.get(execId);
    if (!m) st.vars.set(execId, (m = new Map()));
    const have = m.get(name);
    if (have) {
      if (have.value !== json) this.uow.patch(T.variable, have, { value: json });
      return;
    }
    const row: VarRow = { id: nextId(), instanceId: st.inst.id, executionId: execId, name, value: json };
    m.set(name, this.uow.insert(T.variable, row));
  }

  setVars(st: InstanceState, vars: Record<string, Value> | undefined): void {
    if (!vars) return;
    const root = this.root(st);
    for (const [k, v] of Object.entries(vars)) this.setVar(st, root.id, k, v);
  }

  eval(st: InstanceState, exec: ExecRow | null, text: string, where: string): Value {
    try {
      return evaluate(text, this.resolver(st, exec));
    } catch (e) {
      if (e instanceof ExpressionError) throw new WorkflowError(M.expressionFailed, { where, detail: e.message });
      throw e;
    }
  }

  cond(st: InstanceState, exec: ExecRow | null, text: string, where: string): boolean {
    try {
      return evaluateCondition(text, this.resolver(st, exec));
    } catch (e) {
      if (e instanceof ExpressionError) throw new WorkflowError(M.expressionFailed, { where, detail: e.message });
      throw e;
    }
  }

  // ---- history -----------------------------------------------------------------------------

  startActivity(st: InstanceState, exec: ExecRow | null, node: FlowNode | { id: string; name: string; type: string }, p: Partial<ActivityRow> = {}): ActivityRow {
    const row: ActivityRow = {
      id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, executionId: exec?.id ?? null, activityId: node.id,
      activityName: node.name || null, activityType: node.type, taskId: null, assignee: null, startTime: this.now, endTime: null,
      endReason: null, ...p,
    };
    this.uow.insert(T.activity, row);
    if (row.endTime === null) st.openActs.push(row);
    return row;
  }

  endActivity(st: InstanceState, pred: (a: ActivityRow) => boolean, reason = 'completed'): void {
    st.openActs = st.openActs.filter((a) => {
      if (!pred(a)) return true;
      this.uow.patch(T.activity, a, { endTime: this.now, endReason: reason });
      return false;
    });
  }

  comment(st: InstanceState, type: CommentType, p: Partial<CommentRow>): CommentRow {
    return this.uow.insert(T.comment, {
      id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, taskId: null, activityId: null, userId: null,
      type, action: null, message: null, attachments: null, time: this.now, ...p,
    } satisfies CommentRow);
  }

  // ---- starting and moving tokens -----------------------------------------------------------

  /** Starts an instance at its none start event, or at startId (a message or signal start event). */
  async startInstance(st: InstanceState, initiator: string | null, variables: Record<string, Value>, startId?: string): Promise<void> {
    const root = this.newExec(st, null, null, { state: 'scope', isScope: true });
    this.setVar(st, root.id, st.model.initiatorVar, initiator);
    if (st.model.initiatorVar !== 'initiator') this.setVar(st, root.id, 'initiator', initiator);
    for (const [k, v] of Object.entries(variables)) this.setVar(st, root.id, k, v);
    if (st.model.listeners) await this.fireListeners(st, root, st.model.listeners, 'start', st.model.id);
    this.armEventSubs(st, root, st.model.id);
    const start = startId ?? st.model.scopes.get(st.model.id)!.startId!;
    const token = this.newExec(st, root.id, start);
    await this.execute(st, token, st.model.nodes.get(start)!);
  }

  /** Moves a token along a flow into the next node and executes it. */
  async take(st: InstanceState, exec: ExecRow, flowId: string): Promise<void> {
    const flow = st.model.flows.get(flowId)!;
    this.arrivedBy.set(exec.id, flowId);
    this.startActivity(st, exec, { id: flow.id, name: flow.name, type: 'sequenceFlow' }, { endTime: this.now });
    this.patchExec(exec, { activityId: flow.target });
    if (flow.listeners) {
      await this.fireListeners(st, exec, flow.listeners, 'take', flow.id);
      if (!st.execs.has(exec.id)) return;
    }
    await this.execute(st, exec, st.model.nodes.get(flow.target)!);
  }

  async execute(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    this.tick();
    if (exec.activityId !== node.id) this.patchExec(exec, { activityId: node.id });
    if (node.multiInstance && !this.isMiInstance(st, exec)) return this.startMultiInstance(st, exec, node);
    if (node.listeners) {
      await this.fireListeners(st, exec, node.listeners, 'start', node.id);
      if (!st.execs.has(exec.id)) return;
    }
    switch (node.type) {
      case 'startEvent':
      case 'task':
      case 'manualTask':
        this.startActivity(st, exec, node, { endTime: this.now });
        return this.leave(st, exec, node);
      case 'intermediateThrowEvent':
        this.startActivity(st, exec, node, { endTime: this.now });
        if (!(await this.throwEvent(st, exec, node))) return;
        return this.leave(st, exec, node);
      case 'endEvent':
        return this.end(st, exec, node);
      case 'userTask':
        if (!node.multiInstance) this.armBoundaries(st, exec, node);
        await this.createTask(st, exec, node);
        return;
      case 'serviceTask':
      case 'businessRuleTask':
      case 'sendTask':
        this.startActivity(st, exec, node, { endTime: this.now });
        if (!(await this.catching(st, exec, node, () => this.runService(st, exec, node)))) return;
        return this.leave(st, exec, node);
      case 'scriptTask':
        this.startActivity(st, exec, node, { endTime: this.now });
        if (!(await this.catching(st, exec, node, () => this.runScriptTask(st, exec, node)))) return;
        return this.leave(st, exec, node);
      case 'eventBasedGateway': {
        // waits for the first of the catch events that follow it; the others are disarmed then
        this.startActivity(st, exec, node);
        for (const f of node.outgoing) {
          const t = st.model.nodes.get(st.model.flows.get(f)!.target)!;
          if (t.type === 'receiveTask') this.subscribe(st, exec, t, 'message', t.eventName ?? t.id);
          else if (t.eventKind === 'timer' && t.timer) this.addTimer(st, exec, t.id, 'catch', t.timer);
          else if ((t.eventKind === 'message' || t.eventKind === 'signal') && t.eventName) this.subscribe(st, exec, t, t.eventKind, t.eventName);
          else if (t.eventKind === 'conditional') this.subscribeConditional(st, exec, t);
        }
        return;
      }
      case 'receiveTask':
        this.startActivity(st, exec, node);
        this.armBoundaries(st, exec, node);
        this.subscribe(st, exec, node, 'message', node.eventName ?? node.id);
        return;
      case 'exclusiveGateway':
      case 'inclusiveGateway':
      case 'parallelGateway':
        return this.gateway(st, exec, node);
      case 'subProcess': {
        this.startActivity(st, exec, node, node.triggeredByEvent ? { activityType: 'eventSubProcess' } : {});
        this.patchExec(exec, { isScope: true, state: 'scope' });
        if (!node.multiInstance) this.armBoundaries(st, exec, node);
        this.armEventSubs(st, exec, node.id);
        const start = st.model.scopes.get(node.id)?.startId;
        if (!start) return this.completeActivity(st, exec, node);
        const token = this.newExec(st, exec.id, start);
        return this.execute(st, token, st.model.nodes.get(start)!);
      }
      case 'callActivity':
        return this.callActivity(st, exec, node);
      case 'intermediateCatchEvent':
        this.startActivity(st, exec, node);
        if (node.eventKind === 'timer' && node.timer) {
          this.addTimer(st, exec, node.id, 'catch', node.timer);
          return;
        }
        if ((node.eventKind === 'message' || node.eventKind === 'signal') && node.eventName) {
          this.subscribe(st, exec, node, node.eventKind, node.eventName);
          return;
        }
        if (node.eventKind === 'conditional') {
          this.subscribeConditional(st, exec, node);
          return;
        }
        throw new WorkflowError(M.unsupported, { element: `${node.type} ${node.id} (${node.eventKind})` });
      case 'boundaryEvent':
        this.startActivity(st, exec, node, { endTime: this.now });
        return this.leave(st, exec, node);
      default:
        throw new WorkflowError(M.unsupported, { element: `${node.type} ${node.id}` });
    }
  }

  private async runService(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    const impl = node.implementation;
    if (!impl) return; // an unimplemented task (e.g. a sendTask drawn for documentation) passes through
    if (impl.kind === 'expression' && !this.opts.handlers.has(impl.ref)) {
      // a method-less expression service task: its value is the result
      const v = this.eval(st, exec, impl.ref, node.id);
      if (node.resultVariable) this.setVar(st, this.root(st).id, node.resultVariable, v);
      return;
    }
    const name = impl.kind === 'delegateExpression' ? impl.ref.replace(/^\s*[$#]\{\s*|\s*\}\s*$/g, '') : impl.ref;
    const handler = this.opts.handlers.get(name) ?? this.opts.handlers.get(impl.ref);
    if (!handler) throw new WorkflowError(M.noHandler, { name });
    const out = await handler({
      instanceId: st.inst.id, businessKey: st.inst.businessKey, tenantId: st.inst.tenantId, activityId: node.id, name,
      variables: this.visibleVars(st, exec),
    });
    if (out && typeof out === 'object') {
      if (node.resultVariable && Object.keys(out).length === 1 && Object.hasOwn(out, 'result')) this.setVar(st, this.root(st).id, node.resultVariable, out.result);
      else this.setVars(st, out);
    }
  }

  private async runScriptTask(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    if (!node.script) return;
    if (!/^(javascript|js|ecmascript)$/i.test(node.scriptFormat ?? 'javascript')) throw new WorkflowError(M.unsupported, { element: `scriptFormat ${node.scriptFormat}` });
    let r;
    try {
      r = await runScript(node.script, this.visibleVars(st, exec), this.opts.scriptLimits);
    } catch (e) {
      if (e instanceof BpmnError) throw e;
      throw new WorkflowError(M.scriptFailed, { detail: (e as Error).message });
    }
    this.setVars(st, r.set);
    if (node.resultVariable) this.setVar(st, this.root(st).id, node.resultVariable, r.result);
  }

  /**
   * Runs a task's work; a BpmnError it raises goes to the nearest matching error boundary event.
   * Answers false when the token does not go on (the error was caught elsewhere).
   */
  private async catching(st: InstanceState, exec: ExecRow, node: FlowNode, work: () => Promise<void>): Promise<boolean> {
    try {
      await work();
      return true;
    } catch (e) {
      if (!(e instanceof BpmnError)) throw e;
      await this.throwError(st, exec, node, e.code, e.message);
      return false;
    }
  }

  // ---- listeners -----------------------------------------------------------------------------

  /** Runs the execution listeners of one event in model order. */
  async fireListeners(st: InstanceState, exec: ExecRow, list: ListenerDef[], event: string, activityId: string): Promise<void> {
    for (const l of list) if (l.event === event) await this.runListener(st, exec, l, event, activityId);
  }

  /** Runs the task listeners of one event; answers the assignee they chose (undefined: none did). */
  async fireTaskListeners(st: InstanceState, task: TaskRow, node: FlowNode, event: string): Promise<string | null | undefined> {
    let chosen: string | null | undefined;
    const exec = st.execs.get(task.executionId ?? '') ?? null;
    for (const l of node.taskListeners ?? []) {
      if (l.event !== event && !(l.event === 'all' || l.event === '*')) continue;
      const info = { id: task.id, name: task.name, assignee: chosen === undefined ? task.assignee : chosen, taskDefinitionKey: task.taskDefKey };
      const a = await this.runListener(st, exec, l, event, node.id, info);
      if (a !== undefined) chosen = a;
    }
    return chosen;
  }

  private async runListener(st: InstanceState, exec: ExecRow | null, l: ListenerDef, event: string, activityId: string, task?: ListenerContext['task']): Promise<string | null | undefined> {
    const where = `${activityId} ${event} listener`;
    const set: Record<string, Value> = {};
    let assignee: string | null | undefined;
    if (l.kind === 'script') {
      if (!/^(javascript|js|ecmascript)$/i.test(l.scriptFormat ?? 'javascript')) throw new WorkflowError(M.unsupported, { element: `listener scriptFormat ${l.scriptFormat}` });
      const scope: ScriptScope = { event, task };
      let r;
      try {
        r = await runScript(l.ref, this.visibleVars(st, exec), this.opts.scriptLimits, scope);
      } catch (e) {
        if (e instanceof BpmnError) throw e;
        throw new WorkflowError(M.listenerFailed, { where, detail: (e as Error).message });
      }
      this.setVars(st, r.set as Record<string, Value>);
      return r.assignee;
    }
    const inner = l.ref.replace(/^\s*[$#]\{\s*|\s*\}\s*$/g, '');
    const handler = this.opts.listeners.get(l.ref) ?? this.opts.listeners.get(inner);
    if (!handler) {
      if (l.kind !== 'expression') throw new WorkflowError(M.noListener, { name: inner });
      this.eval(st, exec, l.ref, where); // a plain expression: evaluated (it has no effects to run)
      return undefined;
    }
    const out = await handler({
      event, instanceId: st.inst.id, businessKey: st.inst.businessKey, tenantId: st.inst.tenantId, activityId, name: inner,
      variables: this.visibleVars(st, exec), task: task ? { ...task } : undefined,
      setVariable: (name, value) => { set[name] = value; },
      setAssignee: (user) => { assignee = user; },
    });
    this.setVars(st, { ...set, ...(out && typeof out === 'object' ? out : {}) });
    return assignee;
  }

  private async gateway(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    if (node.incoming.length > 1 && node.type !== 'exclusiveGateway') {
      // join: park the token; fire when every incoming branch has delivered (parallel) or when
      // no other token can still arrive (inclusive)
      this.patchExec(exec, { state: 'waiting', joinFlow: this.arrivedBy.get(exec.id) ?? null });
      await this.tryJoin(st, exec.parentId!, node);
      return;
    }
    this.startActivity(st, exec, node, { endTime: this.now });
    return this.leave(st, exec, node);
  }

  /** Fires a join when it may: returns true when it fired. */
  async tryJoin(st: InstanceState, scopeId: string, node: FlowNode): Promise<boolean> {
    const siblings = this.children(st, scopeId);
    const waiting = siblings.filter((e) => e.state === 'waiting' && e.activityId === node.id);
    if (!waiting.length) return false;
    if (node.type === 'parallelGateway') {
      // one token per incoming flow: a branch that loops back and arrives twice does not count twice
      const byFlow = new Map<string, ExecRow>();
      for (const w of waiting) if (w.joinFlow && !byFlow.has(w.joinFlow)) byFlow.set(w.joinFlow, w);
      const unknown = waiting.filter((w) => !w.joinFlow);
      if (byFlow.size + unknown.length < node.incoming.length) return false;
      const used = [...byFlow.values(), ...unknown].slice(0, node.incoming.length);
      return this.fireJoin(st, used, node);
    }
    // inclusive: fire when no other live token in the scope can still reach this gateway
    const others = siblings.filter((e) => !(e.state === 'waiting' && e.activityId === node.id));
    for (const o of others) {
      if (!o.activityId) continue;
      if (o.state === 'waiting' && o.activityId !== node.id) {
        const jn = st.model.nodes.get(o.activityId)!;
        if (reachInScope(st.model, jn.id).has(node.id)) return false;
        continue;
      }
      if (reachInScope(st.model, o.activityId).has(node.id)) return false;
    }
    return this.fireJoin(st, waiting, node);
  }

  private async fireJoin(st: InstanceState, used: ExecRow[], node: FlowNode): Promise<boolean> {
    const [keep, ...rest] = used;
    for (const r of rest) this.dropExec(st, r);
    this.patchExec(keep!, { state: 'active', joinFlow: null });
    this.startActivity(st, keep!, node, { endTime: this.now });
    await this.leave(st, keep!, node);
    return true;
  }

  /** Re-checks parked inclusive joins of a scope after tokens there ended or moved. */
  async recheckInclusiveJoins(st: InstanceState, scopeId: string): Promise<void> {
    const seen = new Set<string>();
    for (const e of this.children(st, scopeId)) {
      if (e.state !== 'waiting' || !e.activityId || seen.has(e.activityId)) continue;
      seen.add(e.activityId);
      const n = st.model.nodes.get(e.activityId)!;
      if (n.type === 'inclusiveGateway' && st.execs.has(e.id)) await this.tryJoin(st, scopeId, n);
    }
  }

  private selectFlows(st: InstanceState, exec: ExecRow, node: FlowNode): string[] {
    const flows = node.outgoing.map((id) => st.model.flows.get(id)!);
    const test = (f: (typeof flows)[number]) => !f.condition || this.cond(st, exec, f.condition, `flow ${f.id}`);
    if (node.type === 'parallelGateway') return flows.map((f) => f.id);
    if (node.type === 'exclusiveGateway') {
      const hit = flows.find((f) => f.id !== node.defaultFlow && test(f));
      if (hit) return [hit.id];
      if (node.defaultFlow) return [node.defaultFlow];
      throw new WorkflowError(M.noOutgoing, { node: node.name || node.id });
    }
    const hits = flows.filter((f) => f.id !== node.defaultFlow && test(f)).map((f) => f.id);
    if (hits.length) return hits;
    if (node.defaultFlow) return [node.defaultFlow];
    if (node.type === 'inclusiveGateway') throw new WorkflowError(M.noOutgoing, { node: node.name || node.id });
    return [];
  }

  /** Leaves a node along its selected outgoing flows; no flow ends the token. */
  async leave(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    if (node.listeners) {
      await this.fireListeners(st, exec, node.listeners, 'end', node.id);
      if (!st.execs.has(exec.id)) return;
    }
    const flows = this.selectFlows(st, exec, node);
    if (!flows.length) return this.end(st, exec, node, true);
    const tokens = flows.map((f, i) => (i === 0 ? exec : this.newExec(st, exec.parentId, node.id)));
    for (let i = 0; i < flows.length; i++) if (st.execs.has(tokens[i]!.id)) await this.take(st, tokens[i]!, flows[i]!);
  }

  /** A wait-state activity is done (task completed, sub-process or call finished, event caught). */
  async completeActivity(st: InstanceState, exec: ExecRow, node: FlowNode, reason = 'completed'): Promise<void> {
    this.endActivity(st, (a) => a.executionId === exec.id && a.activityId === node.id && a.activityType !== 'sequenceFlow', reason);
    this.clearTimers(st, exec.id);
    this.clearSubs(st, exec.id);
    const parent = exec.parentId ? st.execs.get(exec.parentId) : undefined;
    if (parent?.isMiRoot) return this.completeMiInstance(st, exec, parent, node);
    if (exec.isScope) this.patchExec(exec, { isScope: false, state: 'active' });
    return this.leave(st, exec, node);
  }

  private async end(st: InstanceState, exec: ExecRow, node: FlowNode, implicit = false): Promise<void> {
    if (!implicit) {
      this.startActivity(st, exec, node, { endTime: this.now });
      if (node.eventKind === 'error') {
        // the error ends the path: the nearest matching error boundary event takes over (or the action fails)
        await this.throwError(st, exec, node, node.eventCode, undefined);
        return;
      }
      if (!(await this.throwEvent(st, exec, node))) return;
      if (node.listeners) {
        await this.fireListeners(st, exec, node.listeners, 'end', node.id);
        if (!st.execs.has(exec.id)) return;
      }
    }
    const scope = st.execs.get(exec.parentId!)!;
    if (!implicit && node.eventKind === 'terminate') {
      // terminate end: every token of its scope ends here
      for (const c of this.children(st, scope.id)) await this.cancelTree(st, c, 'terminated');
    } else this.dropExec(st, exec);
    if (!st.execs.has(scope.id)) return;
    return this.scopeMaybeDone(st, scope);
  }

  private async scopeMaybeDone(st: InstanceState, scope: ExecRow): Promise<void> {
    const left = this.children(st, scope.id);
    if (left.length) {
      await this.recheckInclusiveJoins(st, scope.id);
      return;
    }
    if (scope.parentId === null) return this.endInstance(st, 'finished', null);
    const node = st.model.nodes.get(scope.activityId!)!;
    await this.completeActivity(st, scope, node);
  }

  // ---- user tasks ----------------------------------------------------------------------------

  async createTask(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<TaskRow> {
    const r = (text: string | undefined, where: string): Value => (text ? this.eval(st, exec, text, `${node.id} ${where}`) : null);
    const soft = (text: string | undefined): string | null => {
      if (!text) return null;
      try { const v = evaluate(text, this.resolver(st, exec)); return v === null || v === undefined ? null : String(v); } catch { return text; }
    };
    let assignee = r(node.assignee, 'assignee');
    const forced = this.assigneeFor.get(node.id);
    if (this.forceAssignee) assignee = this.forceAssignee;
    else if (forced && !node.multiInstance) assignee = forced;
    else if (this.nextAssignee && !node.multiInstance && !node.initiatorNode) assignee = this.nextAssignee;
    let due: Date | null = null;
    if (node.dueDate) {
      // dueDate expressions that call methods (Camunda's dateTime()...) are not evaluated: no due date
      try {
        const v = evaluate(node.dueDate, this.resolver(st, exec));
        if (typeof v === 'string' && /^P/i.test(v)) due = firstSchedule({ kind: 'duration', text: v }, this.now).due;
        else if (v) { const d = new Date(String(v)); if (!Number.isNaN(d.getTime())) due = d; }
      } catch { due = null; }
    }
    const priority = Number(soft(node.priority) ?? 50);
    const task: TaskRow = {
      id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, executionId: exec.id, definitionId: st.def.id,
      definitionKey: st.def.key, taskDefKey: node.id, name: soft(node.name) ?? node.id, description: soft(node.documentation),
      assignee: assignee === null || assignee === undefined || assignee === '' ? null : String(assignee), owner: null,
      delegation: null, dueDate: due, formKey: soft(node.formKey), priority: Number.isFinite(priority) ? priority : 50,
      category: st.inst.category, claimTime: null, createTime: this.now, endTime: null, state: 'active', outcome: null,
      completedBy: null, sourceTaskId: this.sourceTaskId, touched: false, loopCounter: exec.loopCounter, version: 0,
    };
    st.tasks.set(task.id, this.uow.insert(T.task, task));
    if (node.taskListeners) {
      // create listeners may choose the assignee (the row is new: the change is part of its insert)
      const chosen = await this.fireTaskListeners(st, task, node, 'create');
      if (chosen !== undefined) task.assignee = chosen || null;
      if (task.assignee !== null) {
        const again = await this.fireTaskListeners(st, task, node, 'assignment');
        if (again !== undefined) task.assignee = again || null;
      }
    }
    const users = task.assignee ? [] : splitList(r(node.candidateUsers, 'candidateUsers'));
    const groups = task.assignee ? [] : splitList(r(node.candidateGroups, 'candidateGroups'));
    const links: LinkRow[] = [
      ...users.map((u) => ({ id: nextId(), tenantId: task.tenantId, taskId: task.id, instanceId: task.instanceId, type: 'candidate' as const, userId: u, groupId: null })),
      ...groups.map((g) => ({ id: nextId(), tenantId: task.tenantId, taskId: task.id, instanceId: task.instanceId, type: 'candidate' as const, userId: null, groupId: g })),
    ];
    for (const l of links) this.uow.insert(T.link, l);
    if (links.length) st.links.set(task.id, links);
    this.startActivity(st, exec, node, { taskId: task.id, assignee: task.assignee });
    this.armSupervision(st, node, task);
    this.events.push({
      type: 'taskCreated', tenantId: task.tenantId, instanceId: task.instanceId, taskId: task.id, taskName: task.name ?? '',
      assignee: task.assignee, candidateUsers: users, candidateGroups: groups,
    });
    return task;
  }

  /** Ends a task row (completed or cancelled) and its identity links. */
  finishTask(st: InstanceState, task: TaskRow, state: 'completed' | 'cancelled', outcome: string, user: string | null): void {
    this.uow.patch(T.task, task, { state, outcome, endTime: this.now, completedBy: state === 'completed' ? user : null, version: task.version + 1 });
    st.tasks.delete(task.id);
    for (const l of st.links.get(task.id) ?? []) this.uow.remove(T.link, l);
    st.links.delete(task.id);
    for (const s of this.supervisionsOf(st)) {
      if (s.taskId === task.id && s.status === 1) {
        this.uow.patch(T.supervision, s, { status: state === 'completed' ? 2 : 4, updateTime: this.now });
        this.dropSupervisionTimer(st, s.id);
      }
    }
  }

  // ---- multi-instance ------------------------------------------------------------------------

  isMiInstance(st: InstanceState, exec: ExecRow): boolean {
    const p = exec.parentId ? st.execs.get(exec.parentId) : undefined;
    return !!p?.isMiRoot && p.activityId === exec.activityId;
  }

  private miCollection(st: InstanceState, exec: ExecRow, node: FlowNode): Value[] {
    const mi = node.multiInstance!;
    if (mi.collection) {
      const text = mi.collection.trim();
      const v = /[$#]\{/.test(text) ? this.eval(st, exec, text, `${node.id} collection`) : this.resolver(st, exec)(text).value;
      if (v === undefined) throw new WorkflowError(M.expressionFailed, { where: `${node.id} collection`, detail: `variable ${text} is missing` });
      if (Array.isArray(v)) return v;
      if (typeof v === 'string') return splitList(v);
      if (v === null) return [];
      throw new WorkflowError(M.expressionFailed, { where: `${node.id} collection`, detail: 'not a list' });
    }
    if (mi.cardinality) {
      const n = Number(this.eval(st, exec, mi.cardinality, `${node.id} loopCardinality`));
      return Array.from({ length: Math.max(0, Math.trunc(n)) }, (_, i) => i);
    }
    throw new WorkflowError(M.expressionFailed, { where: `${node.id} multiInstance`, detail: 'no collection or cardinality' });
  }

  private async startMultiInstance(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    const items = this.miCollection(st, exec, node);
    this.patchExec(exec, { isMiRoot: true, isScope: true, state: 'scope' });
    this.setVar(st, exec.id, MI_COLLECTION, items);
    this.setVar(st, exec.id, 'nrOfInstances', items.length);
    this.setVar(st, exec.id, 'nrOfCompletedInstances', 0);
    this.setVar(st, exec.id, 'nrOfActiveInstances', node.multiInstance!.sequential ? Math.min(1, items.length) : items.length);
    this.armBoundaries(st, exec, node);
    if (!items.length) return this.finishMulti(st, exec, node);
    if (node.multiInstance!.sequential) return this.startMiChild(st, exec, node, 0, items[0]);
    for (let i = 0; i < items.length; i++) await this.startMiChild(st, exec, node, i, items[i]);
  }

  async startMiChild(st: InstanceState, root: ExecRow, node: FlowNode, index: number, item: Value): Promise<void> {
    const child = this.newExec(st, root.id, node.id, { loopCounter: index });
    const ev = node.multiInstance!.elementVariable;
    if (ev) this.setVar(st, child.id, ev, item);
    this.setVar(st, child.id, 'loopCounter', index);
    await this.execute(st, child, node);
  }

  private async completeMiInstance(st: InstanceState, inst: ExecRow, root: ExecRow, node: FlowNode): Promise<void> {
    const completed = Number(this.getLocal(st, root.id, 'nrOfCompletedInstances') ?? 0) + 1;
    const active = Math.max(0, Number(this.getLocal(st, root.id, 'nrOfActiveInstances') ?? 1) - 1);
    this.setVar(st, root.id, 'nrOfCompletedInstances', completed);
    this.setVar(st, root.id, 'nrOfActiveInstances', active);
    const cc = node.multiInstance!.completionCondition;
    const done = cc ? this.cond(st, inst, cc, `${node.id} completionCondition`) : false;
    const index = inst.loopCounter ?? 0;
    await this.cancelTree(st, inst, 'completed', true);
    const items = (this.getLocal(st, root.id, MI_COLLECTION) as Value[] | undefined) ?? [];
    const total = Number(this.getLocal(st, root.id, 'nrOfInstances') ?? items.length);
    if (done || completed >= total) return this.finishMulti(st, root, node);
    if (node.multiInstance!.sequential) {
      const next = index + 1;
      if (next < items.length) {
        this.setVar(st, root.id, 'nrOfActiveInstances', 1);
        return this.startMiChild(st, root, node, next, items[next]);
      }
      return this.finishMulti(st, root, node);
    }
    if (!this.children(st, root.id).length) return this.finishMulti(st, root, node);
  }

  /** The multi-instance activity is done: cancel what is left and leave with the root token. */
  async finishMulti(st: InstanceState, root: ExecRow, node: FlowNode): Promise<void> {
    for (const c of this.children(st, root.id)) await this.cancelTree(st, c, 'mi-completed');
    const vars = st.vars.get(root.id);
    if (vars) for (const v of vars.values()) this.uow.remove(T.variable, v);
    st.vars.delete(root.id);
    this.clearTimers(st, root.id);
    this.clearSubs(st, root.id);
    this.patchExec(root, { isMiRoot: false, isScope: false, state: 'active' });
    const parent = root.parentId ? st.execs.get(root.parentId) : undefined;
    if (parent?.isMiRoot) return this.completeMiInstance(st, root, parent, node);
    return this.leave(st, root, node);
  }

  // ---- events: boundaries, event-based gateways, throws ----------------------------------------

  /**
   * A boundary event fires on the activity run by `exec`. Interrupting: the activity with
   * everything under it (tasks, multi-instance children, the sub-process's tokens, a called
   * instance) ends with `reason`, and its token leaves through the boundary event. Otherwise a new
   * token leaves through the boundary event and the activity goes on.
   */
  async triggerBoundary(st: InstanceState, exec: ExecRow, boundary: FlowNode, reason: string): Promise<void> {
    if (!boundary.cancelActivity) {
      const token = this.newExec(st, exec.parentId, boundary.id);
      return this.execute(st, token, boundary);
    }
    for (const c of this.children(st, exec.id)) await this.cancelTree(st, c, reason);
    for (const t of [...st.tasks.values()]) if (t.executionId === exec.id) await this.cancelTask(st, t, reason);
    await this.activityCancelled(st, exec);
    this.endActivity(st, (a) => a.executionId === exec.id, reason);
    this.clearTimers(st, exec.id);
    this.clearSubs(st, exec.id);
    if (exec.subInstanceId) this.pendingSubCancels.push({ instanceId: exec.subInstanceId, reason });
    await this.drainSubCancels();
    const vars = st.vars.get(exec.id);
    if (vars) for (const v of [...vars.values()]) this.uow.remove(T.variable, v);
    st.vars.delete(exec.id);
    this.patchExec(exec, { isScope: false, isMiRoot: false, state: 'active', subInstanceId: null });
    await this.execute(st, exec, boundary);
  }

  /**
   * A timer, message or signal arrived for `exec` at the event node `target`: a boundary event of
   * the activity exec runs, a catch event after the event-based gateway exec waits at (the gateway's
   * other events are disarmed), or the catch event / receive task exec waits at.
   */
  async eventArrived(st: InstanceState, exec: ExecRow, target: FlowNode, reason: string, p: { sub?: SubscriptionRow; timer?: TimerRow } = {}): Promise<void> {
    if (target.type === 'startEvent') {
      // the start event of an event sub-process; exec runs the scope that holds it
      const interrupting = target.isInterrupting !== false;
      if (p.timer && (interrupting || !this.rescheduleTimer(st, p.timer))) this.removeTimer(st, p.timer);
      if (p.sub && interrupting) this.removeSub(st, p.sub);
      return this.startEventSub(st, exec, target, reason);
    }
    if (target.type === 'boundaryEvent') {
      if (p.timer && (target.cancelActivity || !this.rescheduleTimer(st, p.timer))) this.removeTimer(st, p.timer);
      // a non-interrupting message or signal boundary stays armed while its activity runs
      if (p.sub && target.cancelActivity) this.removeSub(st, p.sub);
      return this.triggerBoundary(st, exec, target, reason);
    }
    const at = exec.activityId ? st.model.nodes.get(exec.activityId) : undefined;
    if (at?.type === 'eventBasedGateway') {
      this.clearTimers(st, exec.id);
      this.clearSubs(st, exec.id);
      this.endActivity(st, (a) => a.executionId === exec.id && a.activityId === at.id, 'completed');
      if (at.listeners) await this.fireListeners(st, exec, at.listeners, 'end', at.id);
      const flow = at.outgoing.map((f) => st.model.flows.get(f)!).find((f) => f.target === target.id)!;
      this.arrivedBy.set(exec.id, flow.id);
      this.startActivity(st, exec, { id: flow.id, name: flow.name, type: 'sequenceFlow' }, { endTime: this.now });
      this.patchExec(exec, { activityId: target.id });
      if (flow.listeners) await this.fireListeners(st, exec, flow.listeners, 'take', flow.id);
      if (target.listeners) await this.fireListeners(st, exec, target.listeners, 'start', target.id);
      if (!st.execs.has(exec.id)) return;
      this.startActivity(st, exec, target, { endTime: this.now });
      return this.leave(st, exec, target);
    }
    if (p.sub) this.removeSub(st, p.sub);
    if (p.timer) this.removeTimer(st, p.timer);
    return this.completeActivity(st, exec, target);
  }

  /**
   * The throw part of an intermediate throw or end event: signals (to the instance, or after commit
   * to the tenant), messages (a handler, or after commit to a waiting receiver or a message start),
   * escalations (to the nearest matching boundary). Answers false when the token must not go on.
   */
  private async throwEvent(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<boolean> {
    switch (node.eventKind) {
      case 'signal': {
        const name = node.eventName!;
        if (node.signalScope === 'processInstance') {
          for (const sub of [...st.subs]) {
            if (sub.eventType !== 'signal' || sub.eventName !== name || !st.subs.includes(sub)) continue;
            const e = st.execs.get(sub.executionId);
            if (e) await this.eventArrived(st, e, st.model.nodes.get(sub.activityId)!, 'signal', { sub });
          }
        } else this.events.push({ type: 'signalThrown', tenantId: st.inst.tenantId, instanceId: st.inst.id, name });
        return st.execs.has(exec.id);
      }
      case 'message':
        if (node.implementation) return this.catching(st, exec, node, () => this.runService(st, exec, node));
        this.events.push({ type: 'messageThrown', tenantId: st.inst.tenantId, instanceId: st.inst.id, name: node.eventName!, businessKey: st.inst.businessKey });
        return true;
      case 'escalation':
        await this.propagate(st, exec, 'escalation', node.eventCode);
        return st.execs.has(exec.id);
      case 'compensate':
        await this.compensate(st, exec, node);
        return st.execs.has(exec.id);
      default:
        return true;
    }
  }

  /**
   * Compensation thrown at `node`: the activities of its scope that completed (all, or only its
   * activityRef) and have a compensation handler are undone, newest completion first, each
   * completion once: the handler runs as a token of the thrower's scope (a handler that waits,
   * e.g. a user task, does not hold the thrower back). A completed embedded sub-process without a
   * handler of its own is undone by undoing the completed activities inside it (recursively), in
   * its place in that order.
   */
  private async compensate(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    const stored = (await this.tx.selectFrom('wfActivity').selectAll().where('instanceId', '=', st.inst.id).where('endTime', 'is not', null)
      .where('activityType', '<>', 'sequenceFlow').execute()) as ActivityRow[];
    const byId = new Map<string, ActivityRow>();
    for (const a of [...stored, ...this.uow.pending<ActivityRow>(T.activity)]) {
      if (a.instanceId === st.inst.id && a.endTime !== null && (a.endReason === null || a.endReason === 'completed')) byId.set(String(a.id), a);
    }
    const rows = [...byId.values()];
    const big = (a: ActivityRow) => BigInt(a.id);
    const ended = (a: ActivityRow) => new Date(a.endTime!).getTime();
    const handlers: ActivityRow[] = [];
    const collect = (scopeId: string, within: (a: ActivityRow) => boolean, only?: string) => {
      const list = rows.filter((a) => {
        const n = st.model.nodes.get(a.activityId);
        if (!n || n.scopeId !== scopeId || (only && n.id !== only) || !within(a)) return false;
        return !!n.compensationHandler || (n.type === 'subProcess' && !n.triggeredByEvent && a.activityType === 'subProcess');
      }).sort((a, b) => ended(b) - ended(a) || (big(a) < big(b) ? 1 : -1));
      for (const a of list) {
        const n = st.model.nodes.get(a.activityId)!;
        if (n.compensationHandler) { handlers.push(a); continue; }
        // this run of the sub-process: its activities started after it and before its next run
        this.uow.patch(T.activity, a, { endReason: 'compensated' });
        const next = rows.filter((x) => x.activityId === a.activityId && big(x) > big(a)).reduce<bigint | undefined>((m, x) => (m === undefined || big(x) < m ? big(x) : m), undefined);
        collect(n.id, (x) => big(x) > big(a) && (next === undefined || big(x) < next));
      }
    };
    collect(node.scopeId, () => true, node.eventRefId);
    for (const a of handlers) {
      this.uow.patch(T.activity, a, { endReason: 'compensated' });
      const handler = st.model.nodes.get(st.model.nodes.get(a.activityId)!.compensationHandler!)!;
      const token = this.newExec(st, exec.parentId, handler.id);
      await this.execute(st, token, handler);
      if (!st.execs.has(exec.id)) return;
    }
  }

  /** Throws a BPMN error from `exec` (at `node`); an error nothing catches fails the action. */
  async throwError(st: InstanceState, exec: ExecRow, node: FlowNode, code: string | undefined, message: string | undefined): Promise<void> {
    if (await this.propagate(st, exec, 'error', code, message)) return;
    throw new WorkflowError(M.errorUncaught, { code: code ?? '', node: node.name || node.id });
  }

  /**
   * Finds the nearest activity around `from` (itself, its sub-processes, then the call activities
   * of the callers) with a boundary event of `kind` for `code` (an exact code first, then one that
   * catches all) and fires it. Answers whether one caught it.
   */
  async propagate(st: InstanceState, from: ExecRow, kind: 'error' | 'escalation', code: string | undefined, message?: string): Promise<boolean> {
    let state = st;
    let e: ExecRow | undefined = from;
    let prev: ExecRow | undefined;
    const pick = (list: FlowNode[]) => (code !== undefined ? list.find((c) => c.eventCode === code || c.eventRefId === code) : undefined)
      ?? list.find((c) => c.eventCode === undefined);
    const record = (s: InstanceState, catcher: FlowNode) => {
      const root = this.root(s).id;
      if (catcher.errorCodeVariable) this.setVar(s, root, catcher.errorCodeVariable, code ?? null);
      if (catcher.errorMessageVariable) this.setVar(s, root, catcher.errorMessageVariable, message ?? null);
    };
    for (;;) {
      for (; e; prev = e, e = e.parentId ? state.execs.get(e.parentId) : undefined) {
        // a scope's event sub-processes catch before the boundary events of the activity around it
        // (but not what one of them throws: that goes out of the scope)
        const scopeId = this.scopeOf(state, e);
        const fromEventSub = !!prev?.activityId && !!state.model.nodes.get(prev.activityId)?.triggeredByEvent;
        if (scopeId && !fromEventSub) {
          const starts = (state.model.scopes.get(scopeId)?.eventSubIds ?? []).map((id) => this.eventSubStart(state, id)).filter((n) => n.eventKind === kind);
          const start = starts.length ? pick(starts) : undefined;
          if (start) {
            record(state, start);
            await this.startEventSub(state, e, start, kind);
            return true;
          }
        }
        if (!e.activityId || this.isMiInstance(state, e)) continue; // a multi-instance activity's boundaries sit on its root
        const node = state.model.nodes.get(e.activityId);
        if (!node?.boundaryIds.length) continue;
        const b = pick(node.boundaryIds.map((id) => state.model.nodes.get(id)!).filter((x) => x.eventKind === kind));
        if (!b) continue;
        record(state, b);
        await this.triggerBoundary(state, e, b, kind);
        return true;
      }
      // the top of a called instance: its call activity in the caller is next
      if (!state.inst.parentId || !state.inst.superExecutionId) return false;
      const parent = await this.load(state.inst.parentId, false);
      e = parent.execs.get(state.inst.superExecutionId);
      prev = undefined;
      state = parent;
      if (!e) return false;
    }
  }

  /** The scope (process or sub-process id) an execution runs, if it is a scope execution. */
  private scopeOf(st: InstanceState, e: ExecRow): string | undefined {
    if (e.parentId === null) return st.model.id;
    if (!e.isScope || e.isMiRoot || !e.activityId) return undefined;
    return st.model.nodes.get(e.activityId)?.type === 'subProcess' ? e.activityId : undefined;
  }

  // ---- event sub-processes -------------------------------------------------------------------

  /** The start event of an event sub-process. */
  eventSubStart(st: InstanceState, eventSubId: string): FlowNode {
    return st.model.nodes.get(st.model.scopes.get(eventSubId)!.startId!)!;
  }

  /**
   * Arms the start events of the event sub-processes a scope holds: timers and subscriptions on the
   * scope's execution, so they go when the scope ends (errors and escalations need nothing armed).
   */
  armEventSubs(st: InstanceState, scopeExec: ExecRow, scopeId: string): void {
    const ids = st.model.scopes.get(scopeId)?.eventSubIds;
    if (!ids?.length) return;
    for (const id of ids) {
      const start = this.eventSubStart(st, id);
      if (start.eventKind === 'timer' && start.timer) this.addTimer(st, scopeExec, start.id, 'eventSub', start.timer);
      else if ((start.eventKind === 'message' || start.eventKind === 'signal') && start.eventName) this.subscribe(st, scopeExec, start, start.eventKind, start.eventName);
      else if (start.eventKind === 'conditional') this.subscribeConditional(st, scopeExec, start);
    }
  }

  /** Disarms the event sub-process starts of a scope (its boundary events, if any, stay). */
  private disarmEventSubs(st: InstanceState, scopeExec: ExecRow): void {
    const isStart = (id: string) => st.model.nodes.get(id)?.type === 'startEvent';
    st.timers = st.timers.filter((t) => {
      if (t.executionId !== scopeExec.id || t.kind !== 'eventSub') return true;
      this.uow.remove(T.timer, t);
      return false;
    });
    st.subs = st.subs.filter((x) => {
      if (x.executionId !== scopeExec.id || !isStart(x.activityId)) return true;
      this.uow.remove(T.sub, x);
      return false;
    });
  }

  /**
   * Starts the event sub-process of `start` in the scope `scopeExec` runs. Interrupting: everything
   * else in the scope ends with `reason` (tasks cancelled, called instances ended) and the scope's
   * event sub-process starts are disarmed; the scope ends when the event sub-process does.
   * Non-interrupting: it runs beside the rest, and the scope waits for it too.
   */
  async startEventSub(st: InstanceState, scopeExec: ExecRow, start: FlowNode, reason: string): Promise<void> {
    const sub = st.model.nodes.get(start.scopeId)!;
    if (start.isInterrupting !== false) {
      this.disarmEventSubs(st, scopeExec);
      for (const c of this.children(st, scopeExec.id)) await this.cancelTree(st, c, reason);
      await this.drainSubCancels();
      if (!st.execs.has(scopeExec.id)) return;
    }
    const e = this.newExec(st, scopeExec.id, sub.id);
    // the sub-process case starts its activity, arms its own event sub-processes and runs its start event
    await this.execute(st, e, sub);
  }

  // ---- cancelling ----------------------------------------------------------------------------

  /**
   * Removes an execution and everything under it: tasks end as cancelled (kept for history, never
   * shown as done), timers and subscriptions go, called instances end. keepHistory=true is the
   * normal completion path of a multi-instance child (its task already ended).
   */
  async cancelTree(st: InstanceState, exec: ExecRow, reason: string, keepHistory = false): Promise<void> {
    for (const c of this.children(st, exec.id)) await this.cancelTree(st, c, reason, keepHistory);
    for (const t of [...st.tasks.values()]) if (t.executionId === exec.id) await this.cancelTask(st, t, reason);
    if (!keepHistory) await this.activityCancelled(st, exec);
    this.endActivity(st, (a) => a.executionId === exec.id, reason);
    this.clearTimers(st, exec.id);
    st.subs = st.subs.filter((s) => {
      if (s.executionId !== exec.id) return true;
      this.uow.remove(T.sub, s);
      return false;
    });
    if (exec.subInstanceId) this.pendingSubCancels.push({ instanceId: exec.subInstanceId, reason });
    this.dropExec(st, exec);
  }

  /** Ends a task that was not completed (its activity was cancelled): its delete listeners run first. */
  async cancelTask(st: InstanceState, task: TaskRow, reason: string): Promise<void> {
    const node = st.model.nodes.get(task.taskDefKey);
    if (node?.taskListeners) await this.fireTaskListeners(st, task, node, 'delete');
    this.finishTask(st, task, 'cancelled', reason, null);
  }

  /**
   * The end listeners of the activity `exec` runs when it is cancelled (as Flowable runs them):
   * only for an activity that started and has not ended; a multi-instance activity once, on its root.
   */
  async activityCancelled(st: InstanceState, exec: ExecRow): Promise<void> {
    if (!exec.activityId || exec.state === 'waiting') return;
    const node = st.model.nodes.get(exec.activityId);
    if (!node?.listeners?.some((l) => l.event === 'end') || this.isMiInstance(st, exec)) return;
    if (!exec.isMiRoot && !st.openActs.some((a) => a.executionId === exec.id && a.activityId === node.id)) return;
    await this.fireListeners(st, exec, node.listeners, 'end', node.id);
  }

  /**
   * A task an action ends without completing it (rollback, terminate by its handler): its delete
   * listeners, then its activity's end listeners.
   */
  async taskEndsUncompleted(st: InstanceState, task: TaskRow): Promise<void> {
    const node = st.model.nodes.get(task.taskDefKey);
    if (node?.taskListeners) await this.fireTaskListeners(st, task, node, 'delete');
    const exec = st.execs.get(task.executionId ?? '');
    if (exec) await this.activityCancelled(st, exec);
  }

  /** called instances to end once the caller's tree is cancelled (they need their own load) */
  pendingSubCancels: { instanceId: string; reason: string }[] = [];

  async drainSubCancels(): Promise<void> {
    while (this.pendingSubCancels.length) {
      const { instanceId, reason } = this.pendingSubCancels.shift()!;
      const sub = await this.load(instanceId, false);
      if (sub.inst.endTime !== null) continue; // already ended (it may be the one that ended its caller)
      await this.endInstance(sub, reason === 'deleted' ? 'deleted' : 'terminated', reason, false);
    }
  }

  /** Ends an instance with a status; a called instance hands its variables back to its caller. */
  async endInstance(st: InstanceState, status: InstanceStatus, reason: string | null, resumeCaller = true): Promise<void> {
    const root = [...st.execs.values()].find((e) => e.parentId === null);
    if (root) {
      // the activities end first (their delete and end listeners), then the process
      for (const c of this.children(st, root.id)) await this.cancelTree(st, c, reason ?? status);
      if (st.model.listeners) await this.fireListeners(st, root, st.model.listeners, 'end', st.model.id);
      this.clearTimers(st, root.id);
      this.clearSubs(st, root.id);
    }
    for (const t of [...st.tasks.values()]) await this.cancelTask(st, t, reason ?? status);
    this.endActivity(st, () => true, reason ?? status);
    for (const s of this.supervisionsOf(st)) {
      if (s.status === 1) { this.uow.patch(T.supervision, s, { status: status === 'finished' ? 2 : 4, updateTime: this.now }); this.dropSupervisionTimer(st, s.id); }
    }
    for (const tm of st.timers) this.uow.remove(T.timer, tm);
    st.timers = [];
    this.uow.patch(T.instance, st.inst, { status, endTime: this.now, endReason: reason, version: st.inst.version + 1 });
    // the runtime executions go; variables stay readable for the history
    for (const e of [...st.execs.values()]) { st.execs.delete(e.id); this.uow.remove(T.exec, e); }
    this.startActivity(st, null, { id: st.model.id, name: st.model.name, type: 'processEnd' }, { endTime: this.now, endReason: status });
    this.events.push({ type: 'processEnded', tenantId: st.inst.tenantId, instanceId: st.inst.id, status, initiator: st.inst.initiator });
    await this.drainSubCancels();
    if (resumeCaller && st.inst.parentId && status !== 'finished') {
      // a called process that ends otherwise (rejected, terminated, revoked) ends its caller alike
      const parent = await this.load(st.inst.parentId, false);
      if (parent.inst.endTime === null) await this.endInstance(parent, status, reason);
      return;
    }
    if (resumeCaller && st.inst.parentId && st.inst.superExecutionId && status === 'finished') {
      const parent = await this.load(st.inst.parentId, false);
      const exec = parent.execs.get(st.inst.superExecutionId);
      if (!exec) return;
      const node = parent.model.nodes.get(exec.activityId!)!;
      const out = this.visibleVarsAll(st);
      for (const m of node.outMappings ?? []) {
        if (m.all) this.setVars(parent, out);
        else if (m.target) {
          const v = m.sourceExpression ? evaluate(m.sourceExpression, (n) => (Object.hasOwn(out, n) ? { found: true, value: out[n] } : { found: false })) : out[m.source ?? ''];
          this.setVar(parent, this.root(parent).id, m.target, v ?? null);
        }
      }
      this.patchExec(exec, { subInstanceId: null });
      await this.completeActivity(parent, exec, node);
    }
  }

  /** Instance-level variables of an instance whose executions may be gone. */
  visibleVarsAll(st: InstanceState): Record<string, Value> {
    const out: Record<string, Value> = {};
    for (const [execId, m] of st.vars) {
      const e = st.execs.get(execId);
      if (e && e.parentId !== null) continue;
      for (const v of m.values()) out[v.name] = JSON.parse(v.value) as Value;
    }
    return out;
  }

  // ---- call activities -----------------------------------------------------------------------

  private async callActivity(st: InstanceState, exec: ExecRow, node: FlowNode): Promise<void> {
    this.startActivity(st, exec, node);
    if (!node.multiInstance) this.armBoundaries(st, exec, node);
    const key = node.calledElement ? String(this.eval(st, exec, node.calledElement, `${node.id} calledElement`)) : '';
    // the called process of the caller's tenant only
    const def = (await scoped(this.tx, st.inst.tenantId).selectFrom('wfDefinition').selectAll().where('key', '=', key)
      .orderBy('version', 'desc').limit(1).executeTakeFirst()) as DefinitionRow | undefined;
    if (!def) throw new WorkflowError(M.callTargetMissing, { key });
    const vars = this.visibleVars(st, exec);
    const input: Record<string, Value> = {};
    for (const m of node.inMappings ?? []) {
      if (m.all) Object.assign(input, vars);
      else if (m.target) input[m.target] = m.sourceExpression ? this.eval(st, exec, m.sourceExpression, `${node.id} in`) : vars[m.source ?? ''] ?? null;
    }
    const sub = await this.createInstance(def, {
      tenantId: st.inst.tenantId, initiator: st.inst.initiator, businessKey: st.inst.businessKey,
      rootId: st.inst.rootId, parentId: st.inst.id, superExecutionId: exec.id,
    });
    this.patchExec(exec, { subInstanceId: sub.inst.id });
    await this.startInstance(sub, st.inst.initiator, input);
  }

  /** A new instance row and its empty state, registered in this session. */
  async createInstance(def: DefinitionRow, p: { tenantId: string; initiator: string | null; businessKey: string | null; rootId?: string; parentId?: string | null; superExecutionId?: string | null }): Promise<InstanceState> {
    const id = nextId();
    const inst = this.uow.insert(T.instance, {
      id, tenantId: p.tenantId, rootId: p.rootId ?? id, parentId: p.parentId ?? null, superExecutionId: p.superExecutionId ?? null,
      definitionId: def.id, definitionKey: def.key, definitionName: def.name, definitionVersion: def.version, category: def.category,
      businessKey: p.businessKey, initiator: p.initiator, status: 'running' as InstanceStatus, startTime: this.now, endTime: null,
      endReason: null, version: 0,
    });
    const st: InstanceState = {
      inst, def, model: await modelOf(def.id, def.key, def.xml), execs: new Map(), vars: new Map(), tasks: new Map(),
      links: new Map(), openActs: [], timers: [], subs: [],
    };
    this.states.set(id, st);
    this.supervisionCache.set(id, []);
    return st;
  }

  // ---- timers, subscriptions, supervision ----------------------------------------------------

  addTimer(st: InstanceState, exec: ExecRow, elementId: string, kind: TimerRow['kind'], spec: NonNullable<FlowNode['timer']>): void {
    let s;
    try {
      const text = /[$#]\{/.test(spec.text) ? String(this.eval(st, exec, spec.text, `${elementId} timer`)) : spec.text;
      s = firstSchedule({ kind: spec.kind, text }, this.now);
    } catch (e) {
      if (e instanceof WorkflowError) throw e;
      throw new WorkflowError(M.expressionFailed, { where: `${elementId} timer`, detail: (e as Error).message });
    }
    const row: TimerRow = {
      id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, executionId: exec.id, elementId, kind,
      dueTime: s.due, repeat: s.repeat ?? null, period: s.period ?? null, supervisionId: null,
    };
    st.timers.push(this.uow.insert(T.timer, row));
  }

  rescheduleTimer(st: InstanceState, timer: TimerRow): boolean {
    if (timer.repeat === null || timer.period === null) return false;
    const next = nextSchedule({ due: new Date(timer.dueTime), repeat: timer.repeat, period: timer.period });
    if (!next) return false;
    this.uow.patch(T.timer, timer, { dueTime: next.due, repeat: next.repeat ?? null });
    return true;
  }

  /** Arms the timer, message, signal and conditional boundary events of an activity (errors and escalations need nothing armed). */
  armBoundaries(st: InstanceState, exec: ExecRow, node: FlowNode): void {
    for (const id of node.boundaryIds) {
      const b = st.model.nodes.get(id)!;
      if (b.eventKind === 'timer' && b.timer) this.addTimer(st, exec, b.id, 'boundary', b.timer);
      else if ((b.eventKind === 'message' || b.eventKind === 'signal') && b.eventName) this.subscribe(st, exec, b, b.eventKind, b.eventName);
      else if (b.eventKind === 'conditional') this.subscribeConditional(st, exec, b);
    }
  }

  clearSubs(st: InstanceState, execId: string): void {
    if (!st.subs.some((x) => x.executionId === execId)) return;
    st.subs = st.subs.filter((x) => {
      if (x.executionId !== execId) return true;
      this.uow.remove(T.sub, x);
      return false;
    });
  }

  clearTimers(st: InstanceState, execId: string): void {
    st.timers = st.timers.filter((t) => {
      if (t.executionId !== execId || t.kind === 'supervision') return true;
      this.uow.remove(T.timer, t);
      return false;
    });
  }

  removeTimer(st: InstanceState, timer: TimerRow): void {
    st.timers = st.timers.filter((t) => t !== timer);
    this.uow.remove(T.timer, timer);
  }

  subscribe(st: InstanceState, exec: ExecRow, node: FlowNode, type: SubscriptionRow['eventType'], name: string): void {
    const row: SubscriptionRow = {
      id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, executionId: exec.id, eventType: type, eventName: name,
      activityId: node.id, createTime: this.now,
    };
    st.subs.push(this.uow.insert(T.sub, row));
  }

  /**
   * A waiting conditional event: a subscription whose eventName records the condition at its last
   * evaluation ('false' until evaluated). settleConditions evaluates it at the end of the action.
   */
  subscribeConditional(st: InstanceState, exec: ExecRow, node: FlowNode): void {
    this.subscribe(st, exec, node, 'conditional', 'false');
  }

  /**
   * Evaluates every waiting conditional event of the instances this action loaded, at the end of the
   * action (so after whatever it armed and whatever variables it set); one whose condition went from
   * false to true fires. Repeats until none fires (a firing may set variables or arm more). A
   * condition that cannot be evaluated (a variable not set yet) counts as false. Answers whether any fired.
   */
  async settleConditions(): Promise<boolean> {
    let fired = false;
    for (let again = true; again;) {
      again = false;
      for (const st of this.states.values()) {
        if (!st.subs.length || st.inst.endTime !== null) continue;
        for (const sub of [...st.subs]) {
          if (sub.eventType !== 'conditional' || !st.subs.includes(sub)) continue;
          const exec = st.execs.get(sub.executionId);
          const node = st.model.nodes.get(sub.activityId);
          if (!exec || !node?.condition) continue;
          let met: boolean;
          try {
            met = evaluateCondition(node.condition, this.resolver(st, exec));
          } catch (e) {
            if (!(e instanceof ExpressionError)) throw e;
            met = false;
          }
          if (met === (sub.eventName === 'true')) continue;
          this.uow.patch(T.sub, sub, { eventName: met ? 'true' : 'false' });
          if (!met) continue;
          this.tick();
          await this.eventArrived(st, exec, node, 'conditional', { sub });
          fired = again = true;
        }
      }
    }
    return fired;
  }

  removeSub(st: InstanceState, sub: SubscriptionRow): void {
    st.subs = st.subs.filter((s) => s !== sub);
    this.uow.remove(T.sub, sub);
  }

  /** supervision rows of an instance, loaded once per session */
  private supervisionCache = new Map<string, SupervisionRow[]>();
  supervisionsOf(st: InstanceState): SupervisionRow[] {
    return this.supervisionCache.get(st.inst.id) ?? [];
  }
  addSupervisionRow(st: InstanceState, row: SupervisionRow): void {
    const list = this.supervisionCache.get(st.inst.id) ?? [];
    list.push(row);
    this.supervisionCache.set(st.inst.id, list);
  }

  /** (Re-)arms the supervision of a node whenever a task of that node is created. */
  armSupervision(st: InstanceState, node: FlowNode, task: TaskRow): void {
    for (const s of this.supervisionsOf(st)) {
      if (s.nodeKey !== node.id || s.isDeleted) continue;
      this.dropSupervisionTimer(st, s.id);
      this.uow.patch(T.supervision, s, { status: 1, runCount: 0, taskId: task.id, updateTime: this.now });
      const row: TimerRow = {
        id: nextId(), tenantId: st.inst.tenantId, instanceId: st.inst.id, executionId: task.executionId, elementId: node.id,
        kind: 'supervision', dueTime: addUnits(this.now, s.awaitTime, s.timeUnit), repeat: null, period: null, supervisionId: s.id,
      };
      st.timers.push(this.uow.insert(T.timer, row));
    }
  }

  dropSupervisionTimer(st: InstanceState, supervisionId: string): void {
    st.timers = st.timers.filter((t) => {
      if (t.supervisionId !== supervisionId) return true;
      this.uow.remove(T.timer, t);
      return false;
    });
  }

  // ---- rollback ------------------------------------------------------------------------------

  /**
   * Moves the instance back to `targetId`. At the deepest scope that is live both for the target and
   * for `from`, every token the target would produce again is removed (branches of a fork after the
   * target, waits at joins that the target feeds); tokens of branches the target does not feed stay.
   * Joins the re-run will reach get a parked token for each incoming branch nothing will feed any
   * more, so rolling back into a branch still passes its join.
   */
  async rollbackTo(st: InstanceState, from: ExecRow, targetId: string, reason: string): Promise<void> {
    const model = st.model;
    const chain = scopeChain(model, targetId);
    // scope executions on the path from `from` up to the instance, keyed by the scope they run
    const live = new Map<string, ExecRow>();
    for (let e: ExecRow | undefined = from; e; e = e.parentId ? st.execs.get(e.parentId) : undefined) {
      if (e.parentId === null) live.set(model.id, e);
      else if (e.isScope && !e.isMiRoot && e.activityId && model.nodes.get(e.activityId)?.type === 'subProcess') {
        if (!live.has(e.activityId)) live.set(e.activityId, e);
      }
    }
    let level = 0;
    for (let i = chain.length - 1; i >= 0; i--) if (live.has(chain[i]!)) { level = i; break; }
    const scopeExec = live.get(chain[level]!)!;
    const pseudo = level === chain.length - 1 ? targetId : chain[level + 1]!;
    const reach = reachInScope(model, pseudo);
    const kept: ExecRow[] = [];
    for (const c of this.children(st, scopeExec.id)) {
      let produced: boolean;
      if (c.state === 'waiting' && c.joinFlow) produced = reach.has(model.flows.get(c.joinFlow)!.source);
      else produced = !!c.activityId && reach.has(c.activityId);
      if (produced) await this.cancelTree(st, c, reason);
      else kept.push(c);
    }
    await this.drainSubCancels();
    this.parkJoins(st, scopeExec, pseudo, kept);
    let parent = scopeExec;
    for (let i = level + 1; i < chain.length; i++) {
      const sub = model.nodes.get(chain[i]!)!;
      if (sub.multiInstance) throw new WorkflowError(M.backNodeInvalid, { node: targetId });
      const e = this.newExec(st, parent.id, sub.id, { isScope: true, state: 'scope' });
      this.startActivity(st, e, sub);
      this.armBoundaries(st, e, sub);
      this.armEventSubs(st, e, sub.id);
      const inner = i === chain.length - 1 ? targetId : chain[i + 1]!;
      this.parkJoins(st, e, inner, []);
      parent = e;
    }
    const token = this.newExec(st, parent.id, targetId);
    await this.execute(st, token, model.nodes.get(targetId)!);
  }

  private parkJoins(st: InstanceState, scopeExec: ExecRow, from: string, kept: ExecRow[]): void {
    const model = st.model;
    const reach = reachInScope(model, from);
    const keptReach = new Set<string>();
    for (const k of kept) {
      if (k.state === 'waiting') continue;
      if (k.activityId) for (const n of reachInScope(model, k.activityId)) keptReach.add(n);
    }
    for (const id of reach) {
      const j = model.nodes.get(id)!;
      if (j.type !== 'parallelGateway' || j.incoming.length < 2) continue;
      for (const fid of j.incoming) {
        const src = model.flows.get(fid)!.source;
        if (reach.has(src) && src !== j.id) continue; // the re-run will deliver this branch
        if (keptReach.has(src)) continue; // a live branch will
        if (kept.some((k) => k.state === 'waiting' && k.activityId === j.id && k.joinFlow === fid)) continue;
        this.newExec(st, scopeExec.id, j.id, { state: 'waiting', joinFlow: fid });
      }
    }
  }
}
