// The engine's persistence: row shapes of the wf_ tables, a unit of work that batches the writes
// of one action, and the loading of an instance's whole runtime state under a row lock. Every
// action reads state, runs the interpreter in memory, and writes the difference at the end, all
// inside one transaction, so nothing lives only in memory between actions.
import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/index.ts';
import { prepareIfMissing, preparedStatement, preparesOnDemand } from '../../../db/prepared.ts';
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
  | 'copyComment' | 'urgeComment' | 'explainComment';
export interface CommentRow {
  id: string; tenantId: string; instanceId: string; taskId: string | null; activityId: string | null; userId: string | null;
  type: CommentType; action: string | null; message: string | null; attachments: string | null; time: Time;
}
export interface TimerRow {
  id: string; tenantId: string; instanceId: string; executionId: string | null; elementId: string;
  /** eventSub: the timer start event of an event sub-process, on the execution of the scope that holds it */
  kind: 'boundary' | 'catch' | 'eventSub' | 'supervision'; dueTime: Time; repeat: number | null; period: string | null; supervisionId: string | null;
}
export interface SubscriptionRow {
  id: string; tenantId: string; instanceId: string; executionId: string;
  /** conditional: a waiting conditional event; its eventName is 'true' or 'false', the condition at its last evaluation */
  eventType: 'message' | 'signal' | 'conditional';
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

const snakeNames = new Map<string, string>();
const snake = (s: string): string => {
  let n = snakeNames.get(s);
  if (n === undefined) snakeNames.set(s, (n = s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())));
  return n;
};
const tableName = new Map<string, string>();
const sqlTable = (t: string): string => {
  let n = tableName.get(t);
  if (!n) tableName.set(t, (n = snake(t)));
  return n;
};
// rows travel as one JSON document per table and column set: snake_case keys for json_populate_recordset
const toJson = (rows: Record<string, unknown>[], cols: string[]): string =>
  JSON.stringify(rows.map((r) => {
    const o: Record<string, unknown> = {};
    for (const c of cols) o[snake(c)] = r[c] === undefined ? null : r[c];
    return o;
  }));

/**
 * Collects one action's writes; flushes them as ONE statement at the end of the transaction: a
 * data-modifying CTE with one multi-row insert per table (json_populate_recordset), one batched
 * update per table and column set, and one delete per table (id lists). Every row id appears in at
 * most one of the three, so the parts never touch the same row.
 */
export class Uow {
  private inserts = new Map<string, AnyRow[]>();
  private fresh = new WeakSet<object>();
  private patches = new Map<string, Map<string, Record<string, unknown>>>();
  private deletes = new Map<string, Map<string, AnyRow>>();

  insert<T extends AnyRow>(table: string, row: T): T {
    let list = this.inserts.get(table);
    if (!list) this.inserts.set(table, (list = []));
    list.push(row);
    this.fresh.add(row);
    return row;
  }

  /** Rows of a table inserted by this action so far (not written yet). */
  pending<T>(table: string): T[] {
    return [...(this.inserts.get(table) ?? [])] as unknown as T[];
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
    if (!d) this.deletes.set(table, (d = new Map()));
    d.set(row.id, row);
  }

  /**
   * The pending writes as statements (usually one; none when nothing changed). A variable deleted
   * and re-created under the same (execution, name) in one action would meet the unique index
   * inside one statement: then the deletes go first, in a statement of their own.
   */
  statements(touch?: { table: string; ids: string[] }): Statement[] {
    const dels: Part[] = [];
    const rest: Part[] = [];
    if (touch && (this.inserts.size || this.patches.size || this.deletes.size)) {
      // rows to rewrite unchanged (a new row version) unless the action updates or deletes them anyway
      const patched = (id: string) => Object.entries(this.patches.get(touch.table)?.get(id) ?? {}).some(([k, v]) => k !== 'id' && v !== undefined);
      const ids = touch.ids.filter((id) => !patched(id) && !this.deletes.get(touch.table)?.has(id));
      const t = sqlTable(touch.table);
      if (ids.length) rest.push((p) => `update ${t} set version = version where ${byIds(p, ids)}`);
    }
    for (const [table, rows] of this.deletes) {
      if (!rows.size) continue;
      const t = sqlTable(table);
      dels.push((p) => `delete from ${t} where ${byIds(p, [...rows.keys()])}`);
    }
    for (const [table, rows] of this.inserts) {
      if (!rows.length) continue;
      const t = sqlTable(table);
      // rows of one table normally share their keys; a differing set gets its own part (missing keys take defaults)
      const groups = new Map<string, { cols: string[]; rows: AnyRow[] }>();
      for (const r of rows) {
        // like Kysely's values(): an undefined field is no column (it takes its default)
        const cols = Object.keys(r).filter((c) => (r as unknown as Record<string, unknown>)[c] !== undefined);
        const sig = cols.join(',');
        let g = groups.get(sig);
        if (!g) groups.set(sig, (g = { cols, rows: [] }));
        g.rows.push(r);
      }
      for (const g of groups.values()) {
        const list = g.cols.map(snake).join(', ');
        const json = toJson(g.rows as unknown as Record<string, unknown>[], g.cols);
        rest.push((p) => `insert into ${t} (${list}) select ${list} from json_populate_recordset(null::${t}, ${p.add(json)}::json)`);
      }
    }
    for (const [table, byId] of this.patches) {
      const t = sqlTable(table);
      const groups = new Map<string, { cols: string[]; rows: Record<string, unknown>[] }>();
      for (const [id, p] of byId) {
        const cols = Object.keys(p).filter((c) => c !== 'id' && p[c] !== undefined).sort();
        if (!cols.length) continue;
        const sig = cols.join(',');
        let g = groups.get(sig);
        if (!g) groups.set(sig, (g = { cols, rows: [] }));
        g.rows.push({ ...p, id });
      }
      for (const g of groups.values()) {
        const set = g.cols.map((c) => `${snake(c)} = x.${snake(c)}`).join(', ');
        const json = toJson(g.rows, ['id', ...g.cols]);
        const ids = g.rows.map((r) => r.id as string);
        // the id list besides the join keeps the plan on the primary key: joined to the JSON alone, a
        // prepared (generic) plan hashes a sequential scan of the whole table on every action
        rest.push((p) => `update ${t} t set ${set} from json_populate_recordset(null::${t}, ${p.add(json)}::json) x where t.id = x.id and ${byIds(p, ids, 't.id')}`);
      }
    }
    const delVars = this.deletes.get('wfVariable');
    const insVars = this.inserts.get('wfVariable');
    let split = false;
    if (delVars?.size && insVars?.length) {
      const gone = new Set([...delVars.values()].map((v) => `${(v as unknown as VarRow).executionId}\u0000${(v as unknown as VarRow).name}`));
      split = insVars.some((v) => gone.has(`${(v as unknown as VarRow).executionId}\u0000${(v as unknown as VarRow).name}`));
    }
    this.inserts.clear();
    this.patches.clear();
    this.deletes.clear();
    if (split) return [one(dels), one(rest)].filter((x): x is Statement => !!x);
    const all = one([...dels, ...rest]);
    return all ? [all] : [];
  }

  async flush(tx: Db): Promise<void> {
    for (const st of this.statements()) await run(tx, st);
  }
}

/**
 * A statement as text with $n placeholders and its parameters. The engine's hot path builds its
 * statements as text: Kysely's query tree and plugin passes cost more than the rest of an action's
 * JavaScript.
 */
export interface Statement { sql: string; params: unknown[] }
class Params {
  readonly list: unknown[] = [];
  add(v: unknown): string { this.list.push(v); return `$${this.list.length}`; }
}
/** one part of a write: its text, with its parameters added to the statement's */
type Part = (p: Params) => string;

/** Runs a statement on a connection (rows come back camelCased by the Kysely instance's plugin). */
export function run<R = Record<string, unknown>>(db: Db, st: Statement | string): Promise<{ rows: R[] }> {
  return db.executeQuery(typeof st === 'string' ? CompiledQuery.raw(st) : CompiledQuery.raw(st.sql, st.params)) as Promise<{ rows: R[] }>;
}

/**
 * Rows by primary key. One id is `id = $1` (a generic plan always takes the index); a list is
 * `= any($1)`, which a generic plan estimates at ten rows, so it takes the index too once the table
 * is past a few pages.
 */
function byIds(p: Params, ids: string[], column = 'id'): string {
  return ids.length === 1 ? `${column} = ${p.add(ids[0])}::bigint` : `${column} = any(${p.add('{' + ids.join(',') + '}')}::bigint[])`;
}

/** Several writes as one statement: data-modifying CTEs (all run, none sees another's rows). */
function one(parts: Part[]): Statement | undefined {
  if (!parts.length) return undefined;
  const p = new Params();
  const text = parts.length === 1 ? parts[0]!(p) : `with ${parts.map((part, i) => `w${i} as (${part(p)})`).join(', ')} select 1`;
  return { sql: text, params: p.list };
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

// ---- loading an instance's state -----------------------------------------------------------------

// The runtime rows of one instance, one JSON array per table, all in one statement. Rows leave as
// to_json(row) text (cheap to plan; the driver never sees a json column, so it never parses one),
// and fromJson below quotes 64-bit ids before JSON.parse and turns snake_case keys into camelCase.
const STATE_PARTS: [key: string, table: string, instCol: string, where: string][] = [
  ['execs', 'wf_execution', 'instance_id', ''],
  ['vars', 'wf_variable', 'instance_id', ''],
  ['tasks', 'wf_task', 'instance_id', "and x.state = 'active'"],
  ['links', 'wf_identity_link', 'instance_id', ''],
  ['acts', 'wf_activity', 'instance_id', 'and x.end_time is null'],
  ['timers', 'wf_timer', 'instance_id', ''],
  ['subs', 'wf_event_subscription', 'instance_id', ''],
  ['sups', 'wf_supervision', 'inst_id', 'and x.is_deleted = 0'],
];
const stateColumns = (inst: string): string => STATE_PARTS.map(([k, t, c, w]) =>
  `(select coalesce(json_agg(x order by x.id), '[]')::text from ${t} x where x.${c} = ${inst} ${w}) as ${k}`).join(', ');

/** the state of an instance, read without a lock (a called instance of a tree already locked) */
const STATE_SQL = `select (select to_json(x)::text from wf_instance x where x.id = $1::bigint) as inst, ${stateColumns('$1::bigint')}`;

/**
 * Locks the root of the task's (or instance's) tree and reads the state in the same statement.
 * The statement's snapshot predates the lock: when the lock had to wait for an action that then
 * committed, the state read may be stale. Every action that writes also rewrites its root row
 * (Session.flush), so the locked root row (lockx, its newest version) then differs from the one
 * the statement's snapshot sees (snapx), and the state is read again, now under the lock.
 */
const lockSql = (from: string, inst: string): string =>
  `select to_json(r)::text as root, r.xmin::text as lockx, (select y.xmin::text from wf_instance y where y.id = r.id) as snapx, ` +
  `${inst}::text as instid, case when ${inst} = r.id then null else (select to_json(x)::text from wf_instance x where x.id = ${inst}) end as inst, ` +
  `${stateColumns(inst)} from ${from} for update of r`;
const LOCK_BY_TASK_SQL = lockSql('wf_task t join wf_instance i on i.id = t.instance_id join wf_instance r on r.id = i.root_id where t.id = $1', 't.instance_id');
const LOCK_BY_INSTANCE_SQL = lockSql('wf_instance i join wf_instance r on r.id = i.root_id where i.id = $1', 'i.id');

// The lock statements run prepared (server-side, per connection): planning them cost more than
// running them. The name carries a hash of the text, so a changed statement is never mistaken for
// an older one. On PostgreSQL through the server's pool each connection prepares them the first
// time it executes them (db/prepared.ts); elsewhere PREPARE_SQL prepares what the session lacks.
const LOCK_BY = {
  task: preparedStatement('wf_lock_task', `(bigint) as ${LOCK_BY_TASK_SQL}`)!,
  instance: preparedStatement('wf_lock_inst', `(bigint) as ${LOCK_BY_INSTANCE_SQL}`)!,
};
export const PREPARE_SQL = `do $wfdo$ begin ${[[LOCK_BY.task, LOCK_BY_TASK_SQL], [LOCK_BY.instance, LOCK_BY_INSTANCE_SQL]].map(([name, text]) =>
  `if not exists (select 1 from pg_prepared_statements where name = '${name}') then execute $wfp$prepare ${name}(bigint) as ${text}$wfp$; end if;`).join(' ')} end $wfdo$`;

/**
 * What the driver allows: node-postgres runs several statements as one simple query (no
 * parameters), PGlite does not; onDemand: every connection prepares registered statements itself.
 */
export interface DbTraits { multi: boolean; onDemand: boolean }
const traitsCache = new WeakMap<object, Promise<DbTraits>>();
export function traitsOf(db: Db): Promise<DbTraits> {
  let t = traitsCache.get(db);
  if (!t) {
    t = run(db, 'select 1; select 1').then(() => ({ multi: true, onDemand: preparesOnDemand(db) }), (e: Error) => {
      if (!/multiple commands/.test(e.message)) traitsCache.delete(db); // a failure for another reason (connection) is asked again next time
      if (/multiple commands/.test(e.message)) return { multi: false, onDemand: false };
      throw e;
    });
    traitsCache.set(db, t);
  }
  return t;
}

/**
 * A compiled write statement as text for one simple query (one round trip) with other statements,
 * e.g. COMMIT: its parameters written in as dollar-quoted literals (the engine's write parameters
 * are texts, JSON documents and id arrays, which dollar quoting takes verbatim). A statement shape
 * (text) seen more than twice runs as a prepared statement instead: planning the multi-part write
 * cost more than running it.
 */
export function inlineStatement(st: Statement, onDemand: boolean): string {
  let name = shapeNames.get(st.sql);
  const inline = () => st.sql.replace(/\$(\d+)/g, (_, n: string) => literal(st.params[Number(n) - 1]));
  if (name === undefined) {
    const hits = (seenShapes.get(st.sql) ?? 0) + 1;
    if (hits <= 2) {
      if (seenShapes.size > 2000) seenShapes.clear();
      seenShapes.set(st.sql, hits);
      return inline();
    }
    // a shape seen before runs prepared (EXECUTE skips planning): the connection prepares it on
    // first use (onDemand), or a DO block prepares it unless the session has it
    name = preparedStatement('wf_w', ` as ${st.sql}`) ?? null;
    if (shapeNames.size > 2000) shapeNames.clear();
    shapeNames.set(st.sql, name);
  }
  if (!name) return inline();
  const exec = st.params.length ? `execute ${name}(${st.params.map(literal).join(', ')})` : `execute ${name}`;
  return onDemand ? exec : `${prepareIfMissing(name, ` as ${st.sql}`)}; ${exec}`;
}
/** write shapes that run prepared, by text (null: the registry was full) */
const shapeNames = new Map<string, string | null>();
const seenShapes = new Map<string, number>();

/** The definition a start took from memory: still the newest version of its key, and not suspended? */
export interface DefinitionGuard { definitionId: string; tenantId: string; key?: string }
/**
 * A statement that fails the start's write ('wf-stale-definition') when the guard does not hold:
 * plain SQL (a DO block costs a PL/pgSQL compile on every start). The failure is a cast of a text
 * built from the row to integer, which the planner cannot fold away.
 */
export function definitionGuard(g: DefinitionGuard, onDemand = false): string {
  if (!/^\d{1,19}$/.test(g.definitionId)) throw new Error('wf-stale-definition');
  const st: Statement = g.key === undefined
    ? { sql: GUARD_ANY, params: [g.definitionId] }
    : { sql: GUARD_NEWEST, params: [g.definitionId, g.tenantId, g.key] };
  // through the server's pool it runs prepared: planned once, not on every start
  const name = onDemand ? preparedStatement('wf_guard', `(bigint, text, text) as ${st.sql}`) : undefined;
  if (name) return `execute ${name}(${[...st.params, null, null].slice(0, 3).map(literal).join(', ')})`;
  return st.sql.replace(/\$(\d+)/g, (_, n: string) => literal(st.params[Number(n) - 1]));
}
const guardSql = (newest: string) => `select case when d.id is not null and not d.suspended${newest} then 1 ` +
  `else ('wf-stale-definition ' || coalesce(d.id::text, ''))::int end from (values (1)) v left join wf_definition d on d.id = $1::bigint`;
const GUARD_ANY = guardSql('');
const GUARD_NEWEST = guardSql(' and d.version = (select max(x.version) from wf_definition x where x.tenant_id = $2::text and x.key = $3::text)');
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  const text = String(v);
  let tag = 'wfj';
  while (text.includes(`$${tag}$`)) tag += 'x';
  return `$${tag}$${text}$${tag}$`;
}

const camelNames = new Map<string, string>();
const camelKey = (s: string): string => {
  let n = camelNames.get(s);
  if (n === undefined) camelNames.set(s, (n = `"${s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}":`));
  return n;
};
// 64-bit columns: ids, *_id, and the audit users of wf_supervision
const BIGINT_KEYS = /"(id|[a-z_]+_id|create_user|create_dept|update_user)":(-?\d+)/g;
const SNAKE_KEYS = /"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)":/g;
/**
 * Parses PostgreSQL's JSON of rows. Inside a JSON string every quote is escaped, so `"name":` can
 * only be a key: both rewrites touch keys and the numbers right after them, never string values.
 */
function fromJson<T>(text: unknown): T {
  if (typeof text !== 'string') return text as T;
  return JSON.parse(text.replace(BIGINT_KEYS, '"$1":"$2"').replace(SNAKE_KEYS, (_, k: string) => camelKey(k))) as T;
}

const col = (raw: Record<string, unknown>, k: string): unknown => raw[k];

export type LoadedState = InstanceState & { supervisions: SupervisionRow[] };

async function buildState(tx: Db, inst: InstanceRow, raw: Record<string, unknown>): Promise<LoadedState> {
  const def = await loadDefinition(tx, inst.definitionId);
  const model = await modelOf(def.id, def.key, def.xml);
  const execs = fromJson<ExecRow[]>(col(raw, 'execs')), vars = fromJson<VarRow[]>(col(raw, 'vars'));
  const tasks = fromJson<TaskRow[]>(col(raw, 'tasks')), links = fromJson<LinkRow[]>(col(raw, 'links'));
  const acts = fromJson<ActivityRow[]>(col(raw, 'acts')), timers = fromJson<TimerRow[]>(col(raw, 'timers'));
  const subs = fromJson<SubscriptionRow[]>(col(raw, 'subs')), supervisions = fromJson<SupervisionRow[]>(col(raw, 'sups'));
  const st: LoadedState = {
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

/** The state of an instance (one statement); locked: its root row, when that is the instance itself. */
export async function loadState(tx: Db, instanceId: string, locked?: InstanceRow): Promise<LoadedState> {
  const r = await run(tx, { sql: STATE_SQL, params: [instanceId] });
  const raw = r.rows[0]!;
  const inst = locked ?? fromJson<InstanceRow | null>(col(raw, 'inst'));
  if (!inst) throw new WorkflowError(M.instanceMissing, {}, 404);
  return buildState(tx, inst, raw);
}

/**
 * Locks the root instance of a tree of instances (actions on one tree serialize, never deadlock)
 * and loads the state of the task's instance (by: 'task') or of the instance (by: 'instance'):
 * one statement, two when the lock had to wait for an action that changed the tree. Answers
 * undefined when the task or instance does not exist.
 */
export async function lockAndLoad(tx: Db, by: 'task' | 'instance', id: string): Promise<{ root: InstanceRow; st: LoadedState } | undefined> {
  if (!/^\d{1,19}$/.test(id)) return undefined; // no such id (and nothing to quote)
  const r = await run(tx, `execute ${LOCK_BY[by]}(${id})`);
  const raw = r.rows[0];
  if (!raw) return undefined;
  const root = fromJson<InstanceRow>(col(raw, 'root'));
  const instanceId = String(col(raw, 'instid'));
  if (col(raw, 'lockx') !== col(raw, 'snapx')) {
    // the lock waited for a writer: read again under the lock (the root row itself is current)
    return { root, st: await loadState(tx, instanceId, instanceId === root.id ? root : undefined) };
  }
  const inst = instanceId === root.id ? root : fromJson<InstanceRow | null>(col(raw, 'inst'));
  if (!inst) return undefined;
  return { root, st: await buildState(tx, inst, raw) };
}
