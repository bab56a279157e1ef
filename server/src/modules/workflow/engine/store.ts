// The engine's persistence: row shapes of the wf_ tables, a unit of work that batches the writes
// of one action, and the loading of an instance's whole runtime state under a row lock. Every
// action reads state, runs the interpreter in memory, and writes the difference at the end, all
// inside one transaction, so nothing lives only in memory between actions.
import { sql } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { modelOf, type ProcessModel } from './model.ts';
import { M, WorkflowError } from './messages.ts';

export type Time = Date | string;

export type InstanceStatus = 'running' | 'finished' | 'terminated' | 'withdraw' | 'recall' | 'reject' | 'deleted';

export interface DefinitionRow {
  id: string; tenantId: string; deploymentId: string; key: string; version: number; name: string | null;
  category: string | null; description: string | null; xml: string; suspended: boolean; createTime: Time;
}
export interface InstanceRow {
  id: string; tenantId: string; rootId: string; parentId: string | null; superExecutionId: string | null;
  definitionId: string; definitionKey: string; definitionName: string | null; definitionVersion: number;
  category: string | null; businessKey: string | null; initiator: string | null; status: InstanceStatus;
  startTime: Time; endTime: Time | null; endReason: string | null; version: number;
}
export interface ExecRow {
  id: string; instanceId: string; parentId: string | null; activityId: string | null;
  /** active: a token at activityId; waiting: parked at a join; scope: holds child executions */
  state: 'active' | 'waiting' | 'scope';
  isScope: boolean; isMiRoot: boolean; loopCounter: number | null; joinFlow: string | null;
  subInstanceId: string | null; createTime: Time;
}
export type TaskState = 'active' | 'completed' | 'cancelled';
export interface TaskRow {
  id: string; tenantId: string; instanceId: string; executionId: string | null; definitionId: string; definitionKey: string;
  taskDefKey: string; name: string | null; description: string | null; assignee: string | null; owner: string | null;
  delegation: 'pending' | 'resolved' | null; dueDate: Time | null; formKey: string | null; priority: number;
  category: string | null; claimTime: Time | null; createTime: Time; endTime: Time | null; state: TaskState;
  outcome: string | null; completedBy: string | null; sourceTaskId: string | null; touched: boolean;
  loopCounter: number | null; version: number;
}
export interface LinkRow { id: string; tenantId: string; taskId: string; instanceId: string; type: 'candidate'; userId: string | null; groupId: string | null }
export interface VarRow { id: string; instanceId: string; executionId: string; name: string; value: string }
export interface ActivityRow {
  id: string; tenantId: string; instanceId: string; executionId: string | null; activityId: string; activityName: string | null;
  activityType: string; taskId: string | null; assignee: string | null; startTime: Time; endTime: Time | null; endReason: string | null;
}
export type CommentType =
  | 'comment' | 'rollbackComment' | 'terminateComment' | 'transferComment' | 'delegateComment' | 'addMultiInstanceComment'
  | 'deleteMultiInstanceComment' | 'assigneeComment' | 'dispatchComment' | 'withdrawComment' | 'deleteProcessComment'
  | 'copyComment' | 'urgeComment';
export interface CommentRow {
  id: string; tenantId: string; instanceId: string; taskId: string | null; activityId: string | null; userId: string | null;
  type: CommentType; action: string | null; message: string | null; attachments: string | null; time: Time;
}
export interface TimerRow {
  id: string; tenantId: string; instanceId: string; executionId: string | null; elementId: string;
  kind: 'boundary' | 'catch' | 'supervision'; dueTime: Time; repeat: number | null; period: string | null; supervisionId: string | null;
}
export interface SubscriptionRow {
  id: string; tenantId: string; instanceId: string; executionId: string; eventType: 'message' | 'signal';
  eventName: string; activityId: string; createTime: Time;
}
export interface CopyRow {
  id: string; tenantId: string; instanceId: string; taskId: string | null; nodeId: string | null; nodeName: string | null;
  fromUser: string | null; userId: string; isRead: number; createTime: Time;
}
export interface SupervisionRow {
  id: string; tenantId: string; defKey: string | null; defName: string | null; instId: string; instName: string | null;
  taskId: string | null; nodeKey: string; nodeName: string | null; awaitTime: number; timeCount: number; timeUnit: string;
  receivers: string; receiverNames: string | null; maxCount: number; runCount: number; context: string | null;
  /** 1 in progress, 2 finished, 3 cap reached, 4 terminated */
  status: number; createUser: string | null; createTime: Time; updateTime: Time; isDeleted: number;
}

type AnyRow = { id: string };

/** Collects one action's writes; flushes them in few statements at the end of the transaction. */
export class Uow {
  private inserts = new Map<string, AnyRow[]>();
  private fresh = new WeakSet<object>();
  private patches = new Map<string, Map<string, Record<string, unknown>>>();
  private deletes = new Map<string, Set<string>>();

  insert<T extends AnyRow>(table: string, row: T): T {
    let list = this.inserts.get(table);
    if (!list) this.inserts.set(table, (list = []));
    list.push(row);
    this.fresh.add(row);
    return row;
  }

  /** Changes fields of a row; a loaded row writes only the changed columns back. */
  patch<T extends AnyRow>(table: string, row: T, p: Partial<T>): T {
    Object.assign(row, p);
    if (this.fresh.has(row)) return row;
    let t = this.patches.get(table);
    if (!t) this.patches.set(table, (t = new Map()));
    t.set(row.id, { ...(t.get(row.id) ?? {}), ...p });
    return row;
  }

  remove(table: string, row: AnyRow): void {
    if (this.fresh.has(row)) {
      const list = this.inserts.get(table);
      const i = list?.indexOf(row) ?? -1;
      if (list && i >= 0) list.splice(i, 1);
      this.fresh.delete(row);
      return;
    }
    this.patches.get(table)?.delete(row.id);
    let d = this.deletes.get(table);
    if (!d) this.deletes.set(table, (d = new Set()));
    d.add(row.id);
  }

  async flush(tx: Db): Promise<void> {
    for (const [table, ids] of this.deletes) {
      const list = [...ids];
      for (let i = 0; i < list.length; i += 500) await tx.deleteFrom(table).where('id', 'in', list.slice(i, i + 500)).execute();
    }
    for (const [table, rows] of this.inserts) {
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        if (chunk.length) await tx.insertInto(table).values(chunk).execute();
      }
    }
    for (const [table, byId] of this.patches) {
      for (const [id, p] of byId) {
        if (!Object.keys(p).length) continue;
        await tx.updateTable(table).set(p).where('id', '=', id).execute();
      }
    }
    this.inserts.clear();
    this.patches.clear();
    this.deletes.clear();
  }
}

/** The whole runtime state of one instance, loaded under the root instance's row lock. */
export interface InstanceState {
  inst: InstanceRow;
  def: DefinitionRow;
  model: ProcessModel;
  execs: Map<string, ExecRow>;
  /** variables by execution id, then name */
  vars: Map<string, Map<string, VarRow>>;
  /** active tasks */
  tasks: Map<string, TaskRow>;
  links: Map<string, LinkRow[]>;
  /** activity history rows not ended yet */
  openActs: ActivityRow[];
  timers: TimerRow[];
  subs: SubscriptionRow[];
}

const defCache = new Map<string, DefinitionRow>();
export async function loadDefinition(db: Db, id: string): Promise<DefinitionRow> {
  let d = defCache.get(id);
  if (!d) {
    d = (await db.selectFrom('wfDefinition').selectAll().where('id', '=', id).executeTakeFirst()) as DefinitionRow | undefined;
    if (!d) throw new WorkflowError(M.definitionMissing, {}, 404);
    if (defCache.size > 500) defCache.clear();
    defCache.set(id, { ...d, suspended: false }); // suspension is read fresh where it matters
  }
  return d;
}

/**
 * Locks the root instance of a tree of instances: actions on one tree serialize, never deadlock.
 * Answers the locked root row (read after the lock, so it is current).
 */
export async function lockRoot(tx: Db, instanceId: string, rootId?: string): Promise<InstanceRow> {
  let root = rootId;
  if (!root) {
    const r = (await tx.selectFrom('wfInstance').select(['rootId']).where('id', '=', instanceId).executeTakeFirst()) as { rootId: string } | undefined;
    if (!r) throw new WorkflowError(M.instanceMissing, {}, 404);
    root = r.rootId;
  }
  const row = (await tx.selectFrom('wfInstance').selectAll().where('id', '=', root).forUpdate().executeTakeFirst()) as InstanceRow | undefined;
  if (!row) throw new WorkflowError(M.instanceMissing, {}, 404);
  return row;
}

// Columns of the runtime tables; 64-bit ids travel as text inside the one JSON answer below.
const LOAD_COLUMNS: Record<string, { table: string; where: string; order: string; ids: string[]; cols: string[] }> = {
  execs: { table: 'wf_execution', where: '', order: 'id', ids: ['id', 'instance_id', 'parent_id', 'sub_instance_id'],
    cols: ['activity_id', 'state', 'is_scope', 'is_mi_root', 'loop_counter', 'join_flow', 'create_time'] },
  vars: { table: 'wf_variable', where: '', order: 'id', ids: ['id', 'instance_id', 'execution_id'], cols: ['name', 'value'] },
  tasks: { table: 'wf_task', where: "and state = 'active'", order: 'id', ids: ['id', 'instance_id', 'execution_id', 'definition_id', 'source_task_id'],
    cols: ['tenant_id', 'definition_key', 'task_def_key', 'name', 'description', 'assignee', 'owner', 'delegation', 'due_date', 'form_key',
      'priority', 'category', 'claim_time', 'create_time', 'end_time', 'state', 'outcome', 'completed_by', 'touched', 'loop_counter', 'version'] },
  links: { table: 'wf_identity_link', where: '', order: 'id', ids: ['id', 'task_id', 'instance_id'], cols: ['tenant_id', 'type', 'user_id', 'group_id'] },
  acts: { table: 'wf_activity', where: 'and end_time is null', order: 'id', ids: ['id', 'instance_id', 'execution_id', 'task_id'],
    cols: ['tenant_id', 'activity_id', 'activity_name', 'activity_type', 'assignee', 'start_time', 'end_time', 'end_reason'] },
  timers: { table: 'wf_timer', where: '', order: 'id', ids: ['id', 'instance_id', 'execution_id', 'supervision_id'],
    cols: ['tenant_id', 'element_id', 'kind', 'due_time', 'repeat', 'period'] },
  subs: { table: 'wf_event_subscription', where: '', order: 'id', ids: ['id', 'instance_id', 'execution_id'],
    cols: ['tenant_id', 'event_type', 'event_name', 'activity_id', 'create_time'] },
  sups: { table: 'wf_supervision', where: 'and is_deleted = 0', order: 'id', ids: ['id', 'inst_id', 'task_id', 'create_user'],
    cols: ['tenant_id', 'def_key', 'def_name', 'inst_name', 'node_key', 'node_name', 'await_time', 'time_count', 'time_unit', 'receivers',
      'receiver_names', 'max_count', 'run_count', 'context', 'status', 'create_time', 'update_time', 'is_deleted'] },
};
const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
// one round trip for the whole runtime state: what an action costs is mostly round trips
const LOAD_SQL = 'select ' + Object.entries(LOAD_COLUMNS).map(([k, d]) => {
  const instCol = d.table === 'wf_supervision' ? 'inst_id' : 'instance_id';
  const pairs = [...d.ids.map((c) => `'${camel(c)}', x.${c}::text`), ...d.cols.map((c) => `'${camel(c)}', x.${c}`)].join(', ');
  return `(select coalesce(json_agg(json_build_object(${pairs}) order by x.${d.order}), '[]'::json) from ${d.table} x where x.${instCol} = $1 ${d.where}) as ${k}`;
}).join(', ');

export interface LoadedRows {
  execs: ExecRow[]; vars: VarRow[]; tasks: TaskRow[]; links: LinkRow[]; acts: ActivityRow[]; timers: TimerRow[]; subs: SubscriptionRow[]; sups: SupervisionRow[];
}

export async function loadState(tx: Db, instanceId: string, locked?: InstanceRow): Promise<InstanceState & { supervisions: SupervisionRow[] }> {
  const inst = locked ?? ((await tx.selectFrom('wfInstance').selectAll().where('id', '=', instanceId).executeTakeFirst()) as InstanceRow | undefined);
  if (!inst) throw new WorkflowError(M.instanceMissing, {}, 404);
  const def = await loadDefinition(tx, inst.definitionId);
  const model = await modelOf(def.id, def.key, def.xml);
  const r = await sql<Record<string, unknown>>`${sql.join(LOAD_SQL.split('$1').map((p) => sql.raw(p)), sql`${instanceId}::bigint`)}`.execute(tx);
  const raw = r.rows[0]!;
  const get = <T>(k: keyof LoadedRows): T[] => {
    const v = raw[k] ?? raw[camel(k)];
    return (typeof v === 'string' ? JSON.parse(v) : v) as T[];
  };
  const execs = get<ExecRow>('execs'), vars = get<VarRow>('vars'), tasks = get<TaskRow>('tasks'), links = get<LinkRow>('links');
  const acts = get<ActivityRow>('acts'), timers = get<TimerRow>('timers'), subs = get<SubscriptionRow>('subs');
  const supervisions = get<SupervisionRow>('sups');
  const st: InstanceState & { supervisions: SupervisionRow[] } = {
    supervisions, inst, def, model, execs: new Map(execs.map((e) => [e.id, e])), vars: new Map(), tasks: new Map(tasks.map((t) => [t.id, t])),
    links: new Map(), openActs: acts, timers, subs,
  };
  for (const v of vars) {
    let m = st.vars.get(v.executionId);
    if (!m) st.vars.set(v.executionId, (m = new Map()));
    m.set(v.name, v);
  }
  for (const l of links) {
    let list = st.links.get(l.taskId);
    if (!list) st.links.set(l.taskId, (list = []));
    list.push(l);
  }
  return st;
}
