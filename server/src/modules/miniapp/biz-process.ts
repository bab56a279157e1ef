// Records of a process-bound micro-app (001 §4; contract "Processes bound to apps" of issue 15). An
// app whose processDefKey names a deployed process sends each new record through it:
// - saveBizData of a new record checks the values with the app's form, starts the process as the
//   caller with the record's fields as its variables, then writes the record in status 3 (in
//   circulation) with its child rows and the link to the instance (blade_app_biz_process) in one
//   transaction. The engine runs every action on a connection and transaction of its own (it locks
//   and commits itself), so the start cannot join the record's transaction: it runs just before it,
//   and when the record's transaction fails the new instance is deleted again (deleteProcess), so
//   neither stays without the other. A refused start (not deployed, suspended, a start check, an
//   approver the initiator must choose) stores nothing.
// - When the instance ends (the engine's processEnded event, delivered at least once after its
//   commit) the record's status follows: completed 1, terminated or rejected to the end 4, revoked
//   (撤销 / 撤回 with no first node to go back to) 5; the link keeps that outcome. Only the record's
//   newest instance moves it, and only from status 3.
// - Approvers see the app's form (this module is the workflow's FormProvider for linked instances):
//   its designed form (or the model's fields), the fields the one evaluator (permissions.ts) hides
//   from the reader left out of it and of the variables, its read-only ones disabled. What a passed
//   task changed in the fields the node and the evaluator let that approver write is written back to
//   the record (source flow: collection log and audit entry in the write's transaction).
// - submitBizProcess sends records in status 1, 4 or 5 through the process again (each a new link).
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FormColumn } from '@campus/schema';
import { dynamic, type Db } from '../../db/index.ts';
import { nextId } from '../../db/ids.ts';
import { isId, type Ctx, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me, type AuthUser } from '../../http/auth.ts';
import { ctxOf } from '../../http/crud.ts';
import { ApiError } from '../../core/errors.ts';
import type { InstanceStatus } from '../workflow/engine/index.ts';
import { actorOf, idList, MSG as WF_MSG, NOTIFY_VARIABLE, type FormProvider, type InstanceForm, type WorkflowService } from '../workflow/service.ts';
import { modelColumns } from './app-routes.ts';
import { whoOf, writeAudit } from './audit.ts';
import { BizData, DATA_STATUS, designedForm, type AppShape, type Part } from './biz-data.ts';
import { formWithRights } from './biz-form.ts';
import { MSG } from './messages.ts';
import { AppPermissions, fieldRight, type AppRights } from './permissions.ts';
import { MiniTables } from './tables.ts';

/** The record status an ended instance leaves (001 §4): completed 1, revoked 5, otherwise (terminated, rejected to the end, deleted) 4. */
export function endedStatus(s: InstanceStatus): number {
  if (s === 'finished') return DATA_STATUS.normal;
  if (s === 'withdraw' || s === 'recall') return DATA_STATUS.revoked;
  return DATA_STATUS.terminated;
}

/** The statuses a record may be submitted from: normal, process terminated, process revoked. */
const SUBMITTABLE = new Set<number>([DATA_STATUS.normal, DATA_STATUS.terminated, DATA_STATUS.revoked]);

/** Every record, field and operation: what the platform reads to hand a record to a process. */
const ALL: AppRights = { manager: true, access: true, operates: new Set(['add', 'edit', 'view']), rows: 'all', fields: new Map() };

/** What a start may carry besides the values (as /api/blade-workflow/process/startProcess takes them). */
export interface StartChoices { assignee?: unknown; copyUser?: unknown; customUserTask?: unknown; customUserMsg?: unknown }

/** Values compared as a client sends and reads them: '' and null alike, numbers as text, lists as comma text. */
const norm = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.map(String).join(',');
  return v;
};
const same = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

export class BizProcess implements FormProvider {
  constructor(private readonly db: Db, private readonly data: BizData, private readonly tables: MiniTables, private readonly permissions: AppPermissions, private readonly wf: WorkflowService) {}

  /** Gives linked instances the app's form, follows their ends, and keeps an app's process from starting outside the app. */
  attach(onError: (e: unknown) => void): void {
    this.wf.formProviders.push(this);
    this.wf.engine.on('processEnded', (e) => this.ended(e.tenantId, e.instanceId, e.status).catch(onError));
    this.wf.startChecks.push((ctx) => this.refuseOutsideApp(ctx.actor.tenantId, ctx.definition));
    this.wf.startListHidden.push((tenantId, keys) => this.boundAmong(tenantId, keys));
  }

  /** The keys among these that an app of the tenant is bound to (not offered in 发起流程). */
  private async boundAmong(tenantId: string, keys: string[]): Promise<Set<string>> {
    const rows = await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select('processDefKey').where('processDefKey', 'in', keys).where('isDeleted', '=', 0).execute();
    return new Set(rows.map((r) => String(r.processDefKey)));
  }

  /**
   * A start through 发起流程 (startProcess / startProcessByKey) of a process an app is bound to:
   * refused, naming the app. Its instances belong to records — the form its approvers fill and the
   * data they change are the record's — and a start there would leave an instance with no record
   * (no status to follow, nothing to write back). The app starts it: a new record, or 提交流程.
   */
  private async refuseOutsideApp(tenantId: string, definition: Row): Promise<void> {
    const key = String(definition.key ?? '').trim();
    if (!key) return;
    const app = await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select('appName').where('processDefKey', '=', key).where('isDeleted', '=', 0)
      .orderBy('id').limit(1).executeTakeFirst();
    if (app) throw new ApiError(400, MSG.startInApp, { process: String(definition.name ?? key).slice(0, 60), app: app.appName.slice(0, 60) });
  }

  /**
   * What a start of the key's newest process asks the person submitting a record: an approver when the
   * model requires one, people for each 发起人自选 node, and the nodes 自选知会人 may name (null: not deployed).
   */
  async startChoices(tenantId: string, key: string): Promise<Row | null> {
    const def = await this.wf.definition(tenantId, { key }).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    });
    if (!def) return null;
    const [settings, nodes] = await Promise.all([this.wf.settings(tenantId, key), this.wf.startNodes(def)]);
    return {
      processDefKey: key, processName: String(def.name ?? key), assigneeRequired: !!settings.assigneeRequired,
      customUserTasks: nodes.customUserTasks.map((c) => ({ nodeId: c.nodeId, nodeName: c.nodeName, multiple: c.multiple })), userTasks: nodes.userTasks,
    };
  }

  /** The process key an app is bound to (null: none). */
  async boundKey(tenantId: string, appId: string): Promise<string | null> {
    const r = await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select('processDefKey').where('id', '=', appId).where('isDeleted', '=', 0).executeTakeFirst();
    return (r?.processDefKey as string | null | undefined)?.trim() || null;
  }

  /** The current (newest) instance of each record among ids that was ever sent through a process. */
  async instancesOf(tenantId: string, appId: string, ids: string[]): Promise<Map<string, string>> {
    const keys = ids.filter(isId);
    if (!keys.length) return new Map();
    const rows = await scoped(this.db, tenantId).selectFrom('bladeAppBizProcess').select(['recordId', 'processInstanceId'])
      .where('appId', '=', appId).where('recordId', 'in', keys).where('isDeleted', '=', 0).orderBy('id').execute();
    return new Map(rows.map((r) => [String(r.recordId), String(r.processInstanceId)]));
  }

  /**
   * Starts the key's newest process as the caller with these values: refused (400, nothing started)
   * when it is not deployed or suspended, an approver the initiator must choose is missing, the
   * model requires an assignee, or a start check fails. Answers the instance and the record's status.
   */
  private async start(req: FastifyRequest, key: string, values: Row, choices: StartChoices): Promise<{ instanceId: string; dataStatus: number }> {
    const a = actorOf(req);
    const def = await this.wf.definition(a.tenantId, { key }).catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) throw new ApiError(400, MSG.processMissing, { key: key.slice(0, 60) });
      throw e;
    });
    if (def.suspended) throw new ApiError(400, MSG.processSuspended, { key: key.slice(0, 60) });
    const settings = await this.wf.settings(a.tenantId, key);
    const variables: Row = { ...values };
    // the variables the chooser nodes read come only from the choices, never from fields of the same name
    for (const k of Object.keys(variables)) if (k === NOTIFY_VARIABLE || k.startsWith('customUserTask_')) delete variables[k];
    Object.assign(variables, await this.wf.customChoices(req, a.tenantId, def, choices as Row));
    const assignee = idList(choices.assignee)[0];
    if (settings.assigneeRequired && !assignee) throw new ApiError(400, WF_MSG.assigneeRequired);
    await this.wf.runSubmitChecks(req, settings, 'start', variables);
    const r = await this.wf.engine.startProcess({ tenantId: a.tenantId, definitionId: String(def.id), initiator: a.userId, variables, assignee, copyUsers: idList(choices.copyUser) });
    // a process with nothing to wait for may have ended at once
    return { instanceId: r.instanceId, dataStatus: r.status === 'running' ? DATA_STATUS.circulating : endedStatus(r.status) };
  }

  /** The link of a record to an instance (in the record's transaction). */
  private async link(tx: Db, ctx: Ctx, shape: AppShape, recordId: string, instanceId: string, dataStatus: number): Promise<void> {
    const by = ctx.userId || null;
    await scoped(tx, ctx.tenantId).insertInto('bladeAppBizProcess').values({
      id: nextId(), tenantId: ctx.tenantId, appId: shape.appId, tableName: shape.main.model.modelTable, recordId, processInstanceId: instanceId, dataStatus,
      createUser: by, createDept: ctx.deptId.split(',').find(isId) ?? null, updateUser: by,
    }).execute();
  }

  /** Drops an instance started for a record that was not written after all. */
  private async discard(ctx: Ctx, instanceId: string | undefined): Promise<void> {
    if (instanceId) await this.wf.engine.deleteProcess(instanceId, ctx.userId, 'record not saved').catch(() => undefined);
  }

  /** A record's fields and child rows (with their keys) as its process's variables. */
  private variablesOf(shape: AppShape, record: Row): Row {
    const out: Row = {};
    for (const it of shape.main.items) if (Object.hasOwn(record, it.fieldName)) out[it.fieldName] = record[it.fieldName];
    for (const c of shape.children) if (Object.hasOwn(record, c.prop)) out[c.prop] = record[c.prop];
    return out;
  }

  /** saveBizData of a new record of a bound app: the process starts, the record is written in status 3 with its link. */
  async saveNew(req: FastifyRequest, shape: AppShape, key: string, rights: AppRights, record: Row, choices: StartChoices): Promise<Row> {
    const ctx = ctxOf(req);
    const run: { instanceId?: string; dataStatus?: number } = {};
    const saved = await this.data.save(ctx, shape, record, req.lang, rights, whoOf(req), 'app', {
      before: async (values) => { Object.assign(run, await this.start(req, key, values, choices)); },
      status: () => run.dataStatus!,
      inTx: (tx, recordId) => this.link(tx, ctx, shape, recordId, run.instanceId!, run.dataStatus!),
      undo: () => this.discard(ctx, run.instanceId),
    });
    const id = String(saved[shape.main.upper.id]);
    // the child rows have their keys only now: the process holds them with their keys, so what its approvers change finds its rows
    if (shape.children.length && run.dataStatus === DATA_STATUS.circulating) {
      const rows: Row = {};
      for (const c of shape.children) rows[c.prop] = (await this.data.childRows(ctx, c, id)).map((r) => this.data.present(c, r, ALL));
      await this.wf.engine.setVariables(run.instanceId!, rows).catch(() => undefined);
    }
    return { ...saved, id, processInstanceId: run.instanceId };
  }

  /** submitBizProcess: each record among ids in status 1, 4 or 5 (within the caller's range) goes through the process again. */
  async submit(req: FastifyRequest, shape: AppShape, key: string, rights: AppRights, ids: string[], choices: StartChoices): Promise<{ submitted: number; skipped: number; processInstanceIds: Record<string, string> }> {
    const ctx = ctxOf(req);
    const p = shape.main;
    const started: Record<string, string> = {};
    let skipped = 0;
    for (const id of ids) {
      // the caller's range, every field: the process gets the whole record
      const record = await this.data.detail(ctx, shape, id, { ...rights, fields: new Map() });
      if (!record || !SUBMITTABLE.has(Number(record[p.upper.dataStatus]))) {
        skipped++;
        continue;
      }
      const from = Number(record[p.upper.dataStatus]);
      const run = await this.start(req, key, this.variablesOf(shape, record), choices);
      try {
        await this.db.transaction().execute(async (tx) => {
          const moved = await dynamic(scoped(tx, ctx.tenantId)).updateTable(p.table).set({ [p.dataStatus]: run.dataStatus, updateUser: ctx.userId || null, updateTime: sql`now()` })
            .where(p.key, '=', id).where(p.dataStatus, '=', from).where('isDeleted', '=', 0).executeTakeFirst();
          // changed meanwhile (submitted twice at once, removed): this start is undone
          if (Number(moved.numUpdatedRows ?? 0) !== 1) throw new ApiError(400, MSG.onlyNormalEdit);
          await this.link(tx, ctx, shape, id, run.instanceId, run.dataStatus);
          await writeAudit(tx, whoOf(req), { appId: shape.appId, module: 'dataManagement', bizId: id, operate: 'update', before: { [p.upper.dataStatus]: from }, after: { [p.upper.dataStatus]: run.dataStatus, processInstanceId: run.instanceId } });
        });
      } catch (e) {
        await this.discard(ctx, run.instanceId);
        throw e;
      }
      started[id] = run.instanceId;
    }
    return { submitted: Object.keys(started).length, skipped, processInstanceIds: started };
  }

  /** An instance's link (null: not a record's process). */
  private async linkOf(tenantId: string, instanceId: string): Promise<Row | null> {
    if (!isId(instanceId)) return null;
    return ((await scoped(this.db, tenantId).selectFrom('bladeAppBizProcess').selectAll().where('processInstanceId', '=', instanceId).where('isDeleted', '=', 0).executeTakeFirst()) as Row | undefined) ?? null;
  }

  /** The app of a link with its tables (null: the app or its tables are gone). */
  private async appOf(tenantId: string, appId: string): Promise<{ shape: AppShape; app: Row } | null> {
    const app = await scoped(this.db, tenantId).selectFrom('bladeAppInfo').select(['id', 'appName', 'createUser', 'modelId', 'formOption']).where('id', '=', appId).where('isDeleted', '=', 0).executeTakeFirst();
    if (!app) return null;
    const shape = await this.data.shape(tenantId, appId).catch(() => null);
    return shape ? { shape, app: app as Row } : null;
  }

  /** processEnded: the outcome goes to the link and, from status 3, to the record when this is its newest instance. */
  async ended(tenantId: string, instanceId: string, status: InstanceStatus): Promise<void> {
    const link = await this.linkOf(tenantId, instanceId);
    if (!link || Number(link.dataStatus) !== DATA_STATUS.circulating) return; // not a record's, or already followed (delivered again)
    const found = await this.appOf(tenantId, String(link.appId));
    const to = endedStatus(status);
    await this.db.transaction().execute(async (tx) => {
      const t = scoped(tx, tenantId);
      await t.updateTable('bladeAppBizProcess').set({ dataStatus: to, updateTime: sql`now()` }).where('id', '=', String(link.id)).execute();
      if (!found) return;
      const newest = await t.selectFrom('bladeAppBizProcess').select('processInstanceId').where('appId', '=', String(link.appId)).where('recordId', '=', String(link.recordId))
        .where('isDeleted', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (String(newest?.processInstanceId) !== instanceId) return;
      const p = found.shape.main;
      const moved = await dynamic(t).updateTable(p.table).set({ [p.dataStatus]: to, updateTime: sql`now()` })
        .where(p.key, '=', String(link.recordId)).where(p.dataStatus, '=', DATA_STATUS.circulating).executeTakeFirst();
      // the platform acting for the process (no person ends it as such): the account "workflow"
      if (Number(moved.numUpdatedRows ?? 0)) await writeAudit(tx, { tenantId, account: 'workflow', ip: '' }, {
        appId: String(link.appId), module: 'dataManagement', bizId: String(link.recordId), operate: 'update',
        before: { [p.upper.dataStatus]: DATA_STATUS.circulating }, after: { [p.upper.dataStatus]: to, processInstanceId: instanceId, processStatus: status },
      });
    });
  }

  /** The fields of one table the reader may not see and may not write, by the one evaluator ("prop" or "<sub-table prop>.<field>"). */
  private restricted(shape: AppShape, rights: AppRights): { hidden: string[]; readOnly: string[] } {
    const hidden: string[] = [];
    const readOnly: string[] = [];
    for (const part of [shape.main, ...shape.children]) {
      const prefix = part === shape.main ? '' : `${part.prop}.`;
      for (const it of part.items) {
        const r = fieldRight(rights, part.model.id, it.fieldName);
        if (r.hide) hidden.push(prefix + it.fieldName);
        else if (r.disabled) readOnly.push(prefix + it.fieldName);
      }
    }
    return { hidden, readOnly };
  }

  /** FormProvider: the app's form of a record's instance as this reader may see it. */
  async form(tenantId: string, instanceId: string, user: AuthUser, lang: 'zh' | 'en'): Promise<InstanceForm | null> {
    const link = await this.linkOf(tenantId, instanceId);
    const found = link && (await this.appOf(tenantId, String(link.appId)));
    if (!found) return null;
    const { shape, app } = found;
    const rights = await this.permissions.rightsOf(tenantId, { id: String(app.id), createUser: (app.createUser as string | null) ?? null }, user);
    const { hidden, readOnly } = this.restricted(shape, rights);
    const option = designedForm(app.formOption) ?? { column: (await modelColumns(this.db, this.tables, tenantId, String(app.modelId), lang)).column as FormColumn[] };
    const content = formWithRights(option, shape, rights);
    return { formKey: `miniapp_${app.id}`, name: String(app.appName), content: JSON.stringify(content), hidden, readOnly };
  }

  /**
   * FormProvider: a passed task's values. What differs from the record among the app's fields and
   * child tables is written back (its child rows as sent: rows left out are removed), with the
   * fields the evaluator lets that approver write (the workflow already dropped the node's
   * read-only ones), checked by the app's form, as source flow. checkPassing runs the same check
   * before the engine passes the task, so a write-back is never refused after it.
   */
  async checkPassing(req: FastifyRequest, instanceId: string, _taskId: string, values: Row): Promise<void> {
    await this.writeBack(req, instanceId, values, true);
  }

  async taskPassed(req: FastifyRequest, instanceId: string, _taskId: string, values: Row): Promise<void> {
    await this.writeBack(req, instanceId, values, false);
  }

  private async writeBack(req: FastifyRequest, instanceId: string, values: Row, checkOnly: boolean): Promise<void> {
    const tenantId = me(req).tenantId;
    const link = await this.linkOf(tenantId, instanceId);
    const found = link && (await this.appOf(tenantId, String(link.appId)));
    if (!found) return;
    const { shape, app } = found;
    const ctx = ctxOf(req);
    const recordId = String(link.recordId);
    const stored = await this.data.detail(ctx, shape, recordId, ALL);
    if (!stored) return;
    const body: Row = {};
    for (const it of shape.main.items) if (Object.hasOwn(values, it.fieldName) && !same(values[it.fieldName], stored[it.fieldName])) body[it.fieldName] = values[it.fieldName];
    for (const c of shape.children) {
      const sent = values[c.prop];
      if (Array.isArray(sent) && !sameRows(c, sent, stored[c.prop])) body[c.prop] = sent;
    }
    if (!Object.keys(body).length) return;
    const evaluated = await this.permissions.rightsOf(tenantId, { id: String(app.id), createUser: (app.createUser as string | null) ?? null }, me(req));
    // the process lets its approver change the record (whatever their operations in the app); the evaluator's field rights hold
    const rights: AppRights = { manager: false, access: true, operates: new Set(['edit']), rows: 'all', fields: evaluated.fields };
    body[shape.main.upper.id] = recordId;
    await this.data.save(ctx, shape, body, req.lang, rights, whoOf(req), 'flow', { anyStatus: true, replaceChildren: true, checkOnly });
  }
}

/** Whether child rows as sent hold what the stored ones do (same keys, same field values, same order). */
function sameRows(c: Part, sent: unknown[], stored: unknown): boolean {
  const list = Array.isArray(stored) ? (stored as Row[]) : [];
  const live = sent.filter((r): r is Row => !!r && typeof r === 'object' && Number((r as Row).isDeleted) !== 1);
  if (live.length !== list.length) return false;
  return live.every((r, i) => same(r[c.upper.id], list[i]![c.upper.id]) && c.items.every((it) => !Object.hasOwn(r, it.fieldName) || same(r[it.fieldName], list[i]![it.fieldName])));
}

