// What the workflow routes share: the caller as the engine sees it (user id plus groups), tenant
// guards on tasks, instances and definitions, display names, the row shapes of the lists (§3
// "Process row"), model settings (assignee required, comment display, submit checks), form
// validation and field rights, and the configured submit checks (js in the sandbox, read-only sql).
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { isId, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { me, type AuthUser } from '../../http/auth.ts';
import { ApiError, failText } from '../../http/errors.ts';
import { assertJsonDepth } from '../../http/json-depth.ts';
import type { Message } from '../../http/messages.ts';
import type { UserSql } from '../../sandbox/index.ts';
import type { Directory } from '../system/directory.ts';
import { runScript } from './engine/sandbox.ts';
import { parseBpmn, WorkflowError, WORKFLOW_MESSAGES as EM, type FieldRight, type FlowNode, type InstanceView, type TaskView, type WorkflowEngine } from './engine/index.ts';
import type { ModelSettings, PreRead, SubmitCheck } from '@campus/contracts';
import { PATTERN_MSG, userPatternProblem } from '../../http/user-regex.ts';
import { patternsOf, type FormColumn, type FormOption, type ValidateOptions } from '@campus/schema';

export const MSG = {
  assigneeRequired: ['指定审核人不能为空', 'An assignee is required'],
  commentRequired: ['请填写批复意见', 'Please write an approval comment'],
  explainRequired: ['请填写修改说明', 'Please write an explanation of the change'],
  submitCheckFailed: ['提交验证失败，无法提交', 'The submit check failed; cannot submit'],
  processRequired: ['请选择流程', 'Choose a process (processId or processDefKey)'],
  taskRequired: ['任务ID不能为空', 'taskId is required'],
  instanceRequired: ['流程实例ID不能为空', 'processInstanceId is required'],
  notVisible: ['无权查看该流程', 'You may not see this process'],
  adminOnly: ['缺少权限，请联系管理员授权', 'Permission denied; ask an administrator for access'],
  started: ['发起成功', 'Started'],
  passed: ['办理成功', 'Done'],
  rejected: ['驳回成功', 'Rejected'],
  terminated: ['终止成功', 'Terminated'],
  withdrawn: ['撤销成功', 'Revoked'],
  recalled: ['撤回成功', 'Recalled'],
  transferred: ['转办成功', 'Transferred'],
  delegated: ['委托成功', 'Delegated'],
  signerAdded: ['加签成功', 'Signer added'],
  signerRemoved: ['减签成功', 'Signer removed'],
  printConfig: ['打印配置异常', 'Print configuration abnormal: no form or print template'],
  urged: ['催办成功', 'Reminder sent'],
  urgedNobody: ['当前任务没有审核人，催办无效', 'The current task has no assignee; nobody was reminded'],
  fileRequired: ['请选择要部署的流程文件', 'Choose the BPMN file(s) to deploy'],
  fileType: ['仅支持 .bpmn20.xml、.bpmn 或 .xml 流程文件', 'Only .bpmn20.xml, .bpmn or .xml process files are accepted'],
  noExecutable: ['文件中没有可执行的流程', 'The file holds no executable process'],
  deploymentBusy: ['该部署下仍有运行中的流程实例，无法删除', 'The deployment still has running instances; it cannot be deleted'],
  modelMissing: ['流程模型不存在', 'The process model does not exist'],
  modelNoXml: ['流程模型尚未设计，无法部署', 'The model has no diagram yet; it cannot be deployed'],
  historyMissing: ['历史版本不存在', 'The history version does not exist'],
  formMissing: ['表单不存在', 'The form does not exist'],
  cannotStart: ['当前用户无权发起该流程', 'You may not start this process'],
  supervisionMissing: ['督办记录不存在', 'The supervision record does not exist'],
  buttonUnknown: ['按钮标识不存在', 'No such button key'],
  chooseApprover: ['请为「{node}」选择审批人', 'Choose the approver for "{node}"'],
  oneApprover: ['「{node}」只能选择一位审批人', 'Choose only one approver for "{node}"'],
  approverMissing: ['为「{node}」选择的审批人不存在', 'The approver chosen for "{node}" does not exist'],
  notChooserNode: ['节点「{node}」不是发起人自选审批人的节点', 'Node "{node}" is not a node whose approver the initiator chooses'],
  notifyNodeMissing: ['流程中没有节点「{node}」', 'The process has no node "{node}"'],
  notifyUserMissing: ['为「{node}」选择的知会人不存在', 'A person chosen to be notified at "{node}" does not exist'],
  customJson: ['{field} 必须是 JSON 对象：{ "节点ID": "用户ID,用户ID" }', '{field} must be a JSON object: { "nodeId": "userId,userId" }'],
} as const satisfies Record<string, Message>;

/** A message in the caller's language (success texts of §4 "After success of an action"). */
/** The current handler of a task nobody has yet (no assignee, no candidate with a name). */
export const UNCLAIMED: Message = ['待认领', 'Unclaimed'];

export const say = (req: FastifyRequest, m: Message): string => (req.lang === 'en' ? m[1] : m[0]);

/** The acting user as the engine knows it: user id, plus groups (role ids, role aliases, dept ids) for candidate tasks. */
export interface Actor { tenantId: string; userId: string; groups: string[]; admin: boolean; user: AuthUser }

export function actorOf(req: FastifyRequest): Actor {
  const u = me(req);
  const aliases = u.roleName.split(',').filter(Boolean);
  return {
    tenantId: u.tenantId, userId: u.userId, user: u, admin: aliases.includes('administrator'),
    groups: [...new Set([...u.roleIds, ...aliases, ...u.deptId.split(',').filter(Boolean)])],
  };
}

/** Settings of a designed model (wf_model.settings): §2.6 comment display, §4/§5 start rules and submit checks. */
export type { ModelSettings, PreRead, SubmitCheck } from '@campus/contracts';

/** The pre-read settings as the start page gets them (null when off or empty). */
export function preReadOf(p: PreRead | undefined): Required<Omit<PreRead, 'enable'>> | null {
  if (!p || p.enable === false || (!p.title && !p.content && !p.files?.length)) return null;
  const t = Math.trunc(Number(p.readTime ?? 5));
  return {
    title: String(p.title ?? ''), content: String(p.content ?? ''),
    files: (Array.isArray(p.files) ? p.files : []).filter((f) => f && f.url).slice(0, 3).map((f) => ({ name: String(f.name || f.url), url: String(f.url) })),
    readTime: Number.isFinite(t) ? Math.min(9999, Math.max(1, t)) : 5, buttonText: String(p.buttonText ?? ''),
  };
}
export const COMMENT_SETTINGS = ['hideComment', 'commentComponent', 'commentShowName', 'commentShowDept', 'commentShowNodeName', 'commentShowDate', 'commentShowDateFormat', 'commentAssignmentMode'] as const;

/**
 * Refuses a form design (the designer's option JSON) holding a pattern the server cannot run in
 * linear time (backreferences, lookaround) or cannot read: 400 naming the field and the pattern.
 */
export function checkFormPatterns(content: unknown): void {
  const option = parseJson<Row>(content, {});
  const walk = (cols: unknown, depth: number): void => {
    if (!Array.isArray(cols) || depth > 20) return;
    for (const c of cols as FormColumn[]) {
      if (!c || typeof c !== 'object') continue;
      for (const { pattern } of patternsOf(c)) {
        const detail = userPatternProblem(pattern);
        if (detail !== null) throw new ApiError(400, PATTERN_MSG.unsafe, { pattern: `${c.label ?? c.prop ?? ''}: ${pattern}`.slice(0, 300), detail });
      }
      walk(c.children?.column, depth + 1);
    }
  };
  walk(option.column, 0);
  if (Array.isArray(option.group)) for (const g of option.group as Row[]) walk(g?.column, 0);
}

const parseJson = <T>(text: unknown, fallback: T): T => {
  if (typeof text !== 'string' || !text) return fallback;
  try { return JSON.parse(text) as T; } catch { return fallback; }
};

export const DEFAULT_BUTTON_NAMES: Record<string, string> = {
  wf_pass: '同意', wf_reject: '驳回', wf_rollback: '退回', wf_terminate: '终止', wf_transfer: '转办', wf_delegate: '委托',
  wf_add_instance: '加签', wf_delete_instance: '减签', wf_copy: '抄送', wf_urge: '催办', wf_withdraw: '撤回', wf_print: '打印',
};

/**
 * The form another module gives the tasks of some instances instead of their model's (a micro-app
 * record's process shows the app's form), as one reader may see it. Fields are named by their prop,
 * a sub-table's fields as "<sub-table prop>.<field>".
 */
export interface InstanceForm {
  formKey: string;
  name: string;
  /** the designed form (the designer's option JSON), the reader's hidden fields left out, their read-only ones disabled */
  content: string;
  /** left out of the form and of the variables the reader gets; never taken from what they send */
  hidden: string[];
  /** shown, but never taken from what the reader sends */
  readOnly: string[];
}

/** A module that gives some instances their form, and hears when a task of one was passed (WorkflowService.formProviders). */
export interface FormProvider {
  /** The form of an instance for this reader; null: not one of this provider's instances. */
  form(tenantId: string, instanceId: string, user: AuthUser, lang: 'zh' | 'en'): Promise<InstanceForm | null>;
  /** A task of such an instance is about to be passed with these values (those the node and the form let the user write): a throw refuses it, nothing done. */
  checkPassing?(req: FastifyRequest, instanceId: string, taskId: string, values: Row): Promise<void>;
  /** A task of such an instance was passed with these values (after the engine committed). */
  taskPassed?(req: FastifyRequest, instanceId: string, taskId: string, values: Row): Promise<void>;
}

/** Values without the named fields ("prop", or "<sub-table prop>.<field>" inside each row of a sub-table). */
export function withoutFields(values: Row, fields: readonly string[]): Row {
  if (!fields.length) return values;
  const out: Row = { ...values };
  for (const f of fields) {
    const dot = f.indexOf('.');
    if (dot < 0) { delete out[f]; continue; }
    const sub = f.slice(0, dot);
    const rows = out[sub];
    if (Array.isArray(rows)) out[sub] = rows.map((r) => (r && typeof r === 'object' && !Array.isArray(r) ? withoutFields(r as Row, [f.slice(dot + 1)]) : r));
  }
  return out;
}

/**
 * One start through POST startProcess / startProcessByKey, as other modules' start hooks see it: the
 * caller, the definition, the whole start body (keys it does not name are form values), and `notes`,
 * where a check leaves what it found for the listeners of the same start.
 */
export interface StartContext { req: FastifyRequest; actor: Actor; definition: Row; body: Row; notes: Row }
/** Runs before the engine starts: a throw refuses the start, and nothing starts. */
export type StartCheck = (ctx: StartContext) => Promise<void>;
/** Runs after the engine started the instance (its id and first tasks committed). */
export type StartListener = (ctx: StartContext & { instanceId: string }) => Promise<void>;

export class WorkflowService {
  constructor(readonly db: Db, readonly engine: WorkflowEngine, readonly userSql: UserSql, readonly directory: Directory) {}

  /** Modules that give some instances their form (asked in order; the first that answers wins). */
  readonly formProviders: FormProvider[] = [];
  /** Modules' checks of a start (e.g. the portal: a start from a service the caller may not handle now), in order. */
  readonly startChecks: StartCheck[] = [];
  /** Modules' follow-ups of a start (e.g. the portal's request record and statistics), in order. */
  readonly startListeners: StartListener[] = [];
  /**
   * Modules' process keys that 发起流程 does not offer (e.g. a micro-app's bound process, which starts
   * from its records: its start check refuses it elsewhere), each asked for the tenant's keys.
   */
  readonly startListHidden: ((tenantId: string, keys: string[]) => Promise<Set<string>>)[] = [];

  /** The keys among these that some module keeps out of 发起流程. */
  async hiddenFromStartList(tenantId: string, keys: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    if (!keys.length) return out;
    for (const hidden of this.startListHidden) for (const k of await hidden(tenantId, keys)) out.add(k);
    return out;
  }

  /** The form a provider gives an instance for this reader (null: the model's form applies). */
  async instanceForm(tenantId: string, instanceId: string, user: AuthUser, lang: 'zh' | 'en'): Promise<{ form: InstanceForm; provider: FormProvider } | null> {
    for (const provider of this.formProviders) {
      const form = await provider.form(tenantId, instanceId, user, lang);
      if (form) return { form, provider };
    }
    return null;
  }

  // ---- tenant guards ---------------------------------------------------------------------------

  /** The task of the caller's tenant (a task of another tenant does not exist for it). */
  async task(tenantId: string, taskId: unknown): Promise<Row> {
    if (!isId(taskId)) throw new ApiError(400, MSG.taskRequired);
    const t = await scoped(this.db, tenantId).selectFrom('wfTask').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!t) throw new WorkflowError(EM.taskMissing, {}, 404);
    return t as Row;
  }

  async instance(tenantId: string, instanceId: unknown): Promise<Row> {
    if (!isId(instanceId)) throw new ApiError(400, MSG.instanceRequired);
    const i = await scoped(this.db, tenantId).selectFrom('wfInstance').selectAll().where('id', '=', instanceId).executeTakeFirst();
    if (!i) throw new WorkflowError(EM.instanceMissing, {}, 404);
    return i as Row;
  }

  /** A definition of the tenant by id, or the newest version of a key. */
  async definition(tenantId: string, q: { id?: unknown; key?: unknown }): Promise<Row> {
    let qb = scoped(this.db, tenantId).selectFrom('wfDefinition').selectAll();
    if (isId(q.id)) qb = qb.where('id', '=', q.id);
    else if (typeof q.key === 'string' && q.key) qb = qb.where('key', '=', q.key).orderBy('version', 'desc').limit(1);
    else throw new ApiError(400, MSG.processRequired);
    const d = await qb.executeTakeFirst();
    if (!d) throw new WorkflowError(EM.definitionMissing, {}, 404);
    return d as Row;
  }

  /** Whether the caller may look at an instance: involved in it in any way, or an administrator. */
  async assertVisible(a: Actor, inst: Row): Promise<void> {
    if (a.admin || inst.initiator === a.userId) return;
    const id = String(inst.id);
    const hit = await sql<{ n: number }>`select 1 as n where exists (select 1 from wf_task where instance_id = ${id} and (assignee = ${a.userId} or completed_by = ${a.userId} or owner = ${a.userId}))
      or exists (select 1 from wf_identity_link where instance_id = ${id} and (user_id = ${a.userId} or group_id = any(${a.groups}::text[])))
      or exists (select 1 from wf_copy where instance_id = ${id} and user_id = ${a.userId})
      or exists (select 1 from wf_instance c where c.root_id = ${String(inst.rootId ?? id)} and c.initiator = ${a.userId})`.execute(this.db);
    if (!hit.rows.length && !(await this.notifiedOf(a.userId, id))) throw new ApiError(403, MSG.notVisible);
  }

  /** §4: the caller owns the instance of this task and it came back to them (reject or recall count as finished). */
  async ownerAfterFinish(a: Actor, task: Row): Promise<boolean> {
    const inst = await this.instance(a.tenantId, task.instanceId);
    return inst.initiator === a.userId && ['reject', 'recall'].includes(String(inst.status));
  }

  // ---- display -------------------------------------------------------------------------------

  /** Real names of user ids of a tenant (ids that are not users keep their own text). */
  names(tenantId: string, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
    return this.directory.userNames(tenantId, ids);
  }

  /**
   * Who handles each active task now, as people's names (never an expression): the assignee when it
   * is a user of the tenant (by id or account); otherwise the task's candidate users and groups
   * (roles by id or alias, departments) by name. An assignee that is an unresolved expression
   * (`${approver}`) or an id of nobody counts as unassigned. An empty list: nobody yet (待认领).
   */
  async handlerNames(tenantId: string, tasks: { taskId: string; assignee: string | null }[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!tasks.length) return out;
    const texts = tasks.map((t) => t.assignee).filter((x): x is string => !!x && !/[$#]\{/.test(x));
    const person = new Map<string, string>();
    for (const u of await this.directory.people(tenantId, texts)) {
      person.set(u.id, u.name);
      person.set(u.account, u.name);
    }
    const open = tasks.filter((t) => !t.assignee || !person.has(t.assignee)).map((t) => t.taskId);
    const links = open.length ? await this.db.selectFrom('wfIdentityLink').select(['taskId', 'userId', 'groupId']).where('taskId', 'in', open).execute() : [];
    const userIds = links.map((l) => l.userId as string | null).filter((x): x is string => !!x);
    const groups = links.map((l) => l.groupId as string | null).filter((x): x is string => !!x);
    const [candidates, named] = await Promise.all([this.names(tenantId, userIds), this.directory.groups(tenantId, groups)]);
    const group = new Map(named.map((g) => [g.key, g.name]));
    for (const t of tasks) {
      if (t.assignee && person.has(t.assignee)) {
        out.set(t.taskId, [person.get(t.assignee)!]);
        continue;
      }
      const mine = links.filter((l) => String(l.taskId) === t.taskId);
      const names = mine.map((l) => (l.userId ? candidates.get(String(l.userId)) : l.groupId ? group.get(String(l.groupId)) : undefined)).filter((x): x is string => !!x);
      out.set(t.taskId, [...new Set(names)]);
    }
    return out;
  }

  /** Models of the given keys (form key and url, model type, icon, category, settings). */
  async models(tenantId: string, keys: string[]): Promise<Map<string, Row>> {
    const list = [...new Set(keys.filter(Boolean))];
    const out = new Map<string, Row>();
    if (!list.length) return out;
    const rows = await scoped(this.db, tenantId).selectFrom('wfModel').selectAll().where('isDeleted', '=', 0).where('modelKey', 'in', list).execute();
    for (const r of rows) out.set(String(r.modelKey), r as Row);
    return out;
  }

  async settings(tenantId: string, key: string): Promise<ModelSettings> {
    return parseJson<ModelSettings>((await this.models(tenantId, [key])).get(key)?.settings, {});
  }

  /** §3 process rows for task lists. */
  async taskRows(tenantId: string, tasks: TaskView[]): Promise<Row[]> {
    const [names, models, handlers] = await Promise.all([
      this.names(tenantId, tasks.flatMap((t) => [t.assignee, t.initiator, t.owner])),
      this.models(tenantId, tasks.map((t) => t.processDefinitionKey)),
      // an open task nobody has by name (candidates, or an unresolved assignee): its people's names
      this.handlerNames(tenantId, tasks.filter((t) => !t.endTime && !(t.assignee && isId(t.assignee) && !/[$#]\{/.test(t.assignee))).map((t) => ({ taskId: t.taskId, assignee: t.assignee }))),
    ]);
    const assigneeOf = (t: TaskView) => {
      const h = handlers.get(t.taskId);
      if (h) return h.join('、') || null;
      return t.assignee ? names.get(t.assignee) ?? t.assignee : null;
    };
    return tasks.map((t) => {
      const m = models.get(t.processDefinitionKey);
      return {
        ...t, id: t.taskId, processId: t.processDefinitionId, processDefKey: t.processDefinitionKey,
        formKey: t.formKey ?? (m?.formKey as string | null) ?? null, formUrl: m?.formUrl ?? null, modelType: m?.modelType ?? 0,
        assigneeName: assigneeOf(t), startUsername: t.initiator ? names.get(t.initiator) ?? t.initiator : null,
        ownerName: t.owner ? names.get(t.owner) ?? t.owner : null, status: t.processIsFinished, processIsFinished: t.processIsFinished,
      };
    });
  }

  /** §3 process rows for instance lists (sent, copies, follow, ops). */
  async instanceRows(tenantId: string, list: (InstanceView & Row)[], unclaimed = UNCLAIMED[0]): Promise<Row[]> {
    const [names, models, handlers] = await Promise.all([
      this.names(tenantId, list.flatMap((i) => [i.initiator, (i.fromUser as string | null) ?? null])),
      this.models(tenantId, list.map((i) => i.processDefinitionKey)),
      this.handlerNames(tenantId, list.flatMap((i) => i.currentNodes)),
    ]);
    // the current handler of a node: its people's names, or 待认领 when nobody has it yet
    const handler = (c: { taskId: string }) => (handlers.get(c.taskId) ?? []).join('、') || unclaimed;
    return list.map((i) => {
      const m = models.get(i.processDefinitionKey);
      const first = i.currentNodes[0];
      return {
        ...i, id: i.processInstanceId, taskId: first?.taskId ?? null, processId: i.processDefinitionId, processDefKey: i.processDefinitionKey,
        formKey: m?.formKey ?? null, formUrl: m?.formUrl ?? null, modelType: m?.modelType ?? 0,
        startUsername: i.initiator ? names.get(i.initiator) ?? i.initiator : null, createTime: i.startTime,
        taskName: i.currentNodes.map((c) => c.taskName).filter(Boolean).join(',') || null,
        assigneeName: i.currentNodes.map(handler).join(',') || null,
        currentNodes: i.currentNodes.map((c) => ({ ...c, assigneeName: handler(c) })),
        fromUserName: i.fromUser ? names.get(String(i.fromUser)) ?? i.fromUser : undefined,
        status: i.processIsFinished,
      };
    });
  }

  /** The tenant's buttons (wf_button) by key, for names and display of the buttons a node offers. */
  async buttons(tenantId: string, keys: string[]): Promise<{ buttonKey: string; name: string; display: boolean; sort: number }[]> {
    const rows = await scoped(this.db, tenantId).selectFrom('wfButton').selectAll().where('isDeleted', '=', 0).execute();
    const byKey = new Map(rows.map((r) => [String(r.buttonKey), r]));
    return keys.map((k, i) => {
      const r = byKey.get(k);
      return { buttonKey: k, name: String(r?.name ?? DEFAULT_BUTTON_NAMES[k] ?? k), display: r ? Number(r.display) === 1 : true, sort: r ? Number(r.sort) : i };
    }).sort((a, b) => a.sort - b.sort);
  }

  // ---- forms ---------------------------------------------------------------------------------

  /** The designed form of a key (main version). */
  async form(tenantId: string, formKey: string | null | undefined): Promise<Row | null> {
    if (!formKey) return null;
    const f = await scoped(this.db, tenantId).selectFrom('wfForm').selectAll().where('formKey', '=', formKey).where('isDeleted', '=', 0).executeTakeFirst();
    return (f as Row | undefined) ?? null;
  }

  /** The form a task shows: its node's own, else its process's. */
  async taskForm(tenantId: string, task: Row): Promise<Row | null> {
    const key = String(task.definitionKey ?? '');
    return this.form(tenantId, (task.formKey as string | null) || ((await this.models(tenantId, [key])).get(key)?.formKey as string | undefined));
  }

  /** The form design's columns with a node's field rights applied (unreadable hidden, unwritable read-only). */
  static applyRights(content: unknown, rights: Record<string, FieldRight>): Row {
    const option = parseJson<Row>(content, {});
    const walk = (cols: unknown): FormColumn[] => (Array.isArray(cols) ? (cols as FormColumn[]) : []).map((c) => {
      const r = rights[c.prop];
      const out: FormColumn = { ...c };
      if (r) {
        out.readable = r.readable;
        out.writable = r.writable;
        out.required = r.required;
        if (r.upload) out.type = out.type ?? 'upload';
      }
      if (c.children?.column) out.children = { ...c.children, column: walk(c.children.column) };
      return out;
    });
    if (Array.isArray(option.column)) option.column = walk(option.column);
    if (Array.isArray(option.group)) option.group = (option.group as Row[]).map((g) => ({ ...g, column: walk(g.column) }));
    return option;
  }

  /**
   * Checks submitted values against a designed form with the one validator the page runs too
   * (@campus/schema): every rule kind, dictionary options, people and departments of the tenant,
   * sub-form rows; all problems joined with ' | ' in a 400, nothing stored. partial: only the values
   * present (drafts; task completions, whose node rights the engine checks).
   */
  async validateForm(req: FastifyRequest, tenantId: string, content: unknown, values: Row, opts: Pick<ValidateOptions, 'partial' | 'writable'> = {}): Promise<void> {
    const errors = await this.directory.formErrors(tenantId, parseJson<FormOption>(content, {}), values, req.lang === 'en' ? 'en' : 'zh', opts);
    if (errors.length) throw failText(errors.join(' | '));
  }

  // ---- 发起人自选审批人 (customUserTask) and 自选知会人 (customUserMsg) ------------------------------
  //
  // The spec's start payload names customUserTask and customUserMsg without defining them; they are
  // read the way Chinese approval systems read 发起人自选:
  // - customUserTask: the designer marks a user task "chosen by the initiator" by writing standard
  //   Flowable XML over a process variable customUserTask_<nodeId>: flowable:assignee="${var}" (one
  //   person), flowable:candidateUsers="${var}" (several: candidates, one claims), or the
  //   multi-instance collection "${var}" (several: one task each). The start page asks for people
  //   per such node; the payload {"<nodeId>": "id1,id2"} (a JSON string) becomes those variables.
  // - customUserMsg: {"<nodeId>": "id1,id2"} for any user task, kept as the variable customUserMsg;
  //   when the process reaches that node those people get a type-3 message and may view the process.

  private nodeCache = new Map<string, StartNodes>();

  /** The user tasks of a deployed definition and those whose approver the initiator chooses (from the engine's model). */
  async startNodes(def: Row): Promise<StartNodes> {
    const id = String(def.id);
    const hit = this.nodeCache.get(id);
    if (hit) return hit;
    const parsed = await parseBpmn(String(def.xml ?? ''));
    const proc = parsed.processes.find((p) => p.id === def.key) ?? parsed.processes.find((p) => p.executable) ?? parsed.processes[0];
    const tasks = proc ? [...proc.nodes.values()].filter((n) => n.type === 'userTask') : [];
    const out: StartNodes = {
      customUserTasks: tasks.map(chooserOf).filter((c): c is ChooserNode => c !== null),
      userTasks: tasks.map((n) => ({ nodeId: n.id, nodeName: n.name || n.id })),
    };
    if (this.nodeCache.size > 500) this.nodeCache.clear(); // definitions never change: the cache only needs a bound
    this.nodeCache.set(id, out);
    return out;
  }

  /**
   * Checks the start payload's customUserTask and customUserMsg (every chooser node answered, one
   * person where the node takes one, people of the tenant, nodes of the process; all problems
   * joined with ' | ') and answers the process variables they become.
   */
  async customChoices(req: FastifyRequest, tenantId: string, def: Row, body: Row): Promise<Row> {
    const nodes = await this.startNodes(def);
    const tasks = choiceMap(body.customUserTask, 'customUserTask');
    const msgs = choiceMap(body.customUserMsg, 'customUserMsg');
    const names = new Map(nodes.userTasks.map((n) => [n.nodeId, n.nodeName]));
    const choosers = new Map(nodes.customUserTasks.map((c) => [c.nodeId, c]));
    const known = new Set(await this.tenantUsers(tenantId, [...Object.values(tasks), ...Object.values(msgs)].flat()));
    const errors: string[] = [];
    const fail = (m: Message, node: string) => errors.push(say(req, m).replace('{node}', node));
    for (const k of Object.keys(tasks)) if (!choosers.has(k)) fail(MSG.notChooserNode, names.get(k) ?? k);
    const variables: Row = {};
    for (const c of nodes.customUserTasks) {
      const ids = tasks[c.nodeId] ?? [];
      if (!ids.length) fail(MSG.chooseApprover, c.nodeName);
      else if (!c.multiple && ids.length > 1) fail(MSG.oneApprover, c.nodeName);
      else if (ids.some((u) => !known.has(u))) fail(MSG.approverMissing, c.nodeName);
      else variables[c.variable] = c.list ? ids : ids.join(',');
    }
    const notify: Record<string, string[]> = {};
    for (const [k, ids] of Object.entries(msgs)) {
      if (!names.has(k)) fail(MSG.notifyNodeMissing, k);
      else if (ids.some((u) => !known.has(u))) fail(MSG.notifyUserMissing, names.get(k)!);
      else if (ids.length) notify[k] = ids;
    }
    if (errors.length) throw failText(errors.join(' | '));
    if (Object.keys(notify).length) variables[NOTIFY_VARIABLE] = notify;
    return variables;
  }

  /** Ids among the given that are (not deleted) users of the tenant. */
  tenantUsers(tenantId: string, ids: string[]): Promise<string[]> {
    return this.directory.livingUsers(tenantId, ids);
  }

  /** The people the initiator asked to be told about a node of an instance (customUserMsg), [] when none. */
  async notifyUsers(instanceId: string, nodeId: string): Promise<string[]> {
    const map = (await this.engine.getVariables(instanceId))[NOTIFY_VARIABLE];
    if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
    return idList((map as Record<string, unknown>)[nodeId]);
  }

  /**
   * 自选知会人 of a new task: its node's people, once per arrival at the node (a multi-instance
   * node's first instance only; an added signer is no arrival). Null when nobody is to be told.
   */
  async reachedNotice(taskId: string): Promise<{ users: string[]; nodeName: string } | null> {
    const t = await this.db.selectFrom('wfTask').select(['instanceId', 'taskDefKey', 'name', 'loopCounter']).where('id', '=', taskId).executeTakeFirst();
    if (!t || (t.loopCounter !== null && t.loopCounter !== undefined && Number(t.loopCounter) > 0)) return null;
    const users = await this.notifyUsers(String(t.instanceId), String(t.taskDefKey));
    return users.length ? { users, nodeName: String(t.name ?? t.taskDefKey) } : null;
  }

  /** Whether the user is to be told about a node the instance has reached (may then view it). */
  private async notifiedOf(userId: string, instanceId: string): Promise<boolean> {
    const map = (await this.engine.getVariables(instanceId))[NOTIFY_VARIABLE];
    if (!map || typeof map !== 'object' || Array.isArray(map)) return false;
    const nodes = Object.entries(map as Record<string, unknown>).filter(([, v]) => idList(v).includes(userId)).map(([k]) => k);
    if (!nodes.length) return false;
    const reached = await this.db.selectFrom('wfTask').select('id').where('instanceId', '=', instanceId).where('taskDefKey', 'in', nodes).limit(1).executeTakeFirst();
    return !!reached;
  }

  // ---- submit checks (§5 "Custom submit validation") -----------------------------------------

  async runSubmitChecks(req: FastifyRequest, settings: ModelSettings, submitType: string, values: Row): Promise<void> {
    for (const c of settings.submitValidate ?? []) {
      if (c.submitType !== submitType) continue;
      let passed = false;
      try {
        if (c.validateType === 'js') passed = !!(await runScript(String(c.diyJS ?? 'false'), values)).result;
        else if (c.validateType === 'sql') passed = (await this.checkSql(actorOf(req).tenantId, String(c.diySql ?? ''), values)) === (Number(c.resConfig ?? 0) === 0);
      } catch {
        passed = false; // a failing check refuses, as a falsy one does
      }
      if (!passed) throw failText(c.message || say(req, MSG.submitCheckFailed));
    }
  }

  /**
   * Runs a configured query through the user-SQL executor: the platform database as the restricted
   * role, the start's tenant's rows only, read-only, time-limited; #{name} binds form values.
   * Answers whether rows came back.
   */
  private async checkSql(tenantId: string, text: string, values: Row): Promise<boolean> {
    const rows = await this.userSql.query({ tenantId, sql: text, params: values, maxRows: 1 });
    return rows.length > 0;
  }
}

/** A list of ids from a comma string or an array (copyUser, assignee of add signer). */
export function idList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter(Boolean);
  if (typeof v === 'number') return [String(v)];
  return [];
}

/** wf_form_variable / variables / JSON-string fields into an object. */
export function objectOf(v: unknown): Row {
  assertJsonDepth(v); // variables nested past MAX_JSON_DEPTH (as text or as values) are refused (400), never stored
  if (v && typeof v === 'object' && !Array.isArray(v)) return v as Row;
  if (typeof v === 'string' && v.trim().startsWith('{')) return parseJson<Row>(v, {});
  return {};
}

export { parseJson };

/** The process variable holding 自选知会人: { nodeId: [userId, ...] }. */
export const NOTIFY_VARIABLE = 'customUserMsg';
/** The process variable a 发起人自选 node of this id reads (what the designer writes: non-word characters become _). */
export const chooserVariable = (nodeId: string): string => 'customUserTask_' + nodeId.replace(/\W/g, '_');

/** A user task whose approver the initiator chooses: its variable, one person or several, and whether a list (multi-instance collection) or a comma text. */
export interface ChooserNode { nodeId: string; nodeName: string; multiple: boolean; variable: string; list: boolean }
export interface StartNodes { customUserTasks: ChooserNode[]; userTasks: { nodeId: string; nodeName: string }[] }

const CHOSEN_EXPR = /^\s*[$#]\{\s*(customUserTask_\w+)\s*\}\s*$/;
const CHOSEN_NAME = /^\s*(customUserTask_\w+)\s*$/;

/** Reads 发起人自选 off a user task: a multi-instance collection, an assignee or candidate users that are exactly ${customUserTask_...}. */
export function chooserOf(n: FlowNode): ChooserNode | null {
  if (n.type !== 'userTask') return null;
  const base = { nodeId: n.id, nodeName: n.name || n.id };
  const coll = n.multiInstance?.collection;
  const m = coll ? (CHOSEN_EXPR.exec(coll) ?? CHOSEN_NAME.exec(coll)) : null;
  if (m) return { ...base, multiple: true, variable: m[1]!, list: true };
  const a = n.assignee ? CHOSEN_EXPR.exec(n.assignee) : null;
  if (a) return { ...base, multiple: false, variable: a[1]!, list: false };
  const c = n.candidateUsers ? CHOSEN_EXPR.exec(n.candidateUsers) : null;
  if (c) return { ...base, multiple: true, variable: c[1]!, list: false };
  return null;
}

/** customUserTask / customUserMsg of the start payload: a JSON object (or its text) of node id → ids (comma text or array). */
export function choiceMap(v: unknown, field: string): Record<string, string[]> {
  if (v === undefined || v === null || v === '') return {};
  let o: unknown = v;
  if (typeof v === 'string') {
    try { o = JSON.parse(v); } catch { throw new ApiError(400, MSG.customJson, { field }); }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new ApiError(400, MSG.customJson, { field });
  const out: Record<string, string[]> = {};
  for (const [k, x] of Object.entries(o as Record<string, unknown>)) {
    if (x !== null && x !== undefined && typeof x !== 'string' && typeof x !== 'number' && !Array.isArray(x)) throw new ApiError(400, MSG.customJson, { field });
    out[k] = [...new Set(idList(x))];
  }
  return out;
}
