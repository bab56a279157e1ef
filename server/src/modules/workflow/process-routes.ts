// /api/blade-workflow/process/*: what every user does with processes (000 §7 "Process calls"):
// start, the personal lists, the detail page {process, form, flow, button}, the task actions, the
// flow chart, drafts and the leave sample. The server enforces what the page only shows: §5 comment
// and assignee rules, submit checks, the node's buttons (the engine refuses others) and field
// rights (values of fields the node may not write are dropped, so they never change).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isId, type Row } from '../../db/repo.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { TypedApp } from '../../http/contract.ts';
import { listQuery } from '../../http/crud.ts';
import { modelResource } from '../../http/model-resource.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { zmsg, type Message } from '../../http/messages.ts';
import { parseBpmn, type ListQuery } from './engine/index.ts';
import { wfDraftModel, wfLeaveModel, type FormColumn } from '@campus/schema';
import { actorOf, COMMENT_SETTINGS, idList, MSG, NOTIFY_VARIABLE, objectOf, parseJson, preReadOf, say, UNCLAIMED, withoutFields, WorkflowService, type Actor, type ModelSettings, type StartContext } from './service.ts';

type Values = Record<string, unknown>;
const TAG = 'workflow-process';
const P = '/api/blade-workflow/process';

/** Keys of the start payload that are not form values (§3 "Start payload"). */
const START_KEYS = new Set(['processId', 'processDefKey', 'processDefinitionId', 'copyUser', 'assignee', 'customUserMsg', 'customUserTask',
  'wf_form_option', 'wf_form_variable', 'initFormData', 'comment', 'draftId', 'businessKey', 'serviceId']);

const ID_COMMENTS = new Set(['copyComment', 'addMultiInstanceComment', 'deleteMultiInstanceComment']);
/** The user ids a copy or signer comment carries when it has no text of its own. */
const people = (c: { type: string; fullMessage: string | null }) => (ID_COMMENTS.has(c.type) && c.fullMessage && /^\d{1,19}(,\d{1,19})*$/.test(c.fullMessage) ? c.fullMessage.split(',') : []);
const USER_TYPES = new Set(['user', 'userSelect', 'user-select', 'selectUser']);
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const str = (v: unknown) => (Array.isArray(v) ? String(v[v.length - 1] ?? '') : v === undefined || v === null ? '' : String(v));
const dateOf = (v: unknown): Date | undefined => {
  const s = str(v).trim();
  if (!s) return undefined;
  const d = new Date(/T/.test(s) || !/\d{4}-\d{2}-\d{2} /.test(s) ? s : s.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) throw new ApiError(400, 'invalid', { field: 'createTime' });
  return d;
};

/** BladeX list query (current, size, processDefinitionName / taskName / processDefKey / category, createTime_dategt/_datelt) → engine query. */
export function listQueryOf(a: Actor, q: Record<string, unknown>): ListQuery {
  const num = (k: string, d: number) => {
    const n = Number(str(q[k]) || d);
    if (!Number.isInteger(n) || n < 1) throw new ApiError(400, 'invalid', { field: k });
    return n;
  };
  return {
    tenantId: a.tenantId, userId: a.userId, groups: a.groups, current: num('current', 1), size: Math.min(num('size', 10), 200),
    definitionKey: str(q.processDefKey ?? q.processDefinitionKey) || undefined,
    name: str(q.taskName ?? q.processDefinitionName ?? q.name) || undefined,
    category: str(q.category) || undefined,
    createdAfter: dateOf(q.createTime_dategt ?? q.startTime_dategt), createdBefore: dateOf(q.createTime_datelt ?? q.startTime_datelt),
  };
}

// Bodies come as JSON or form-encoded; the task calls also hand the whole body to the submit checks, so
// they keep the keys they do not name (looseObject).
/** An id as JSON or a form sends it (a number or digits), refused with the given message when it is none. */
export const zKey = (m: Message) => z.union([z.string(), z.number()]).transform(String).refine(isId, zmsg(m));
/** Text a handler uses only when it is a string (a comment, a type): any other value counts as absent, as it always has. */
export const zLooseText = z.string().optional().catch(undefined);
/** People: user ids as a comma list, one id or an array (see idList); any other value counts as none, as it always has. */
export const zPeople = z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).optional().catch(undefined);
const taskBody = z.looseObject({ taskId: zKey(MSG.taskRequired), comment: zLooseText });
const instanceBody = z.looseObject({ processInstanceId: zKey(MSG.instanceRequired), comment: zLooseText });
const completeBody = taskBody.extend({
  // anything but false, 'false', 0 or '0' passes
  pass: z.union([z.boolean(), z.string(), z.number()]).optional().catch(undefined),
  commentType: zLooseText, assignee: zPeople, copyUser: zPeople,
  // an object, or JSON text of one (checked for depth when read)
  variables: z.union([z.string(), z.record(z.string(), z.unknown())]).optional().catch(undefined),
  // a list, or JSON text of one (a plain text is one attachment)
  attachment: z.union([z.array(z.unknown()), z.string()]).optional().catch(undefined),
});

export async function processRoutes(app: TypedApp, wf: WorkflowService): Promise<void> {
  const { engine, db } = wf;

  // ---- lists ---------------------------------------------------------------------------------

  const taskList = (path: string, summary: string, run: (q: ListQuery) => ReturnType<typeof engine.todoList>) =>
    app.get(`${P}/${path}`, { schema: { tags: [TAG], summary, querystring: listQuery } }, async (req) => {
      const a = actorOf(req);
      const page = await run(listQueryOf(a, req.query));
      return ok({ ...page, records: await wf.taskRows(a.tenantId, page.records) });
    });
  taskList('todoList', '我的待办: tasks assigned to me or offered to me (or my roles/departments) and not claimed; paged; filters processDefKey, taskName, category, createTime_dategt/_datelt', (q) => engine.todoList(q));
  taskList('claimList', '待签收: tasks offered to me or my groups that nobody claimed; paged, same filters', (q) => engine.claimList(q));
  taskList('doneList', '已办: every task I completed, newest first; paged, same filters', (q) => engine.doneList(q));
  taskList('myDoneList', '我的已办: one row per process I handled (my latest task there); paged, same filters', (q) => engine.myDoneList(q));

  app.get(`${P}/sendList`, { schema: { tags: [TAG], summary: '我发起的: processes I started; paged; filters processDefKey, processDefinitionName, category, createTime_dategt/_datelt', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await engine.sendList(listQueryOf(a, req.query));
    return ok({ ...page, records: await wf.instanceRows(a.tenantId, page.records as never, say(req, UNCLAIMED)) });
  });
  app.get(`${P}/copyList`, { schema: { tags: [TAG], summary: '抄送我的: copies sent to me; paged; filters processDefKey, processDefinitionName, createTime_dategt/_datelt', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const page = await engine.copyList(listQueryOf(a, req.query));
    return ok({ ...page, records: await wf.instanceRows(a.tenantId, page.records as never, say(req, UNCLAIMED)) });
  });

  app.get(`${P}/processList`, { schema: { tags: [TAG], summary: '发起流程: the newest version of each process of my tenant that I may start (model scope), not suspended, not bound to a micro-app (those start from the app\'s records); paged; filters name, processDefKey, category', querystring: listQuery } }, async (req) => {
    const a = actorOf(req);
    const q = listQueryOf(a, req.query);
    const all = await engine.definitionList({ tenantId: a.tenantId, latestOnly: true, key: q.definitionKey, category: q.category, current: 1, size: 10_000 });
    const models = await wf.models(a.tenantId, all.records.map((d) => d.key));
    const [allowed, hidden] = await Promise.all([startableKeys(wf, a, [...models.values()]), wf.hiddenFromStartList(a.tenantId, all.records.map((d) => d.key))]);
    const name = q.name?.toLowerCase();
    const rows = all.records.filter((d) => !d.suspended && allowed(d.key) && !hidden.has(d.key) && (!name || String(d.name ?? d.key).toLowerCase().includes(name)));
    const size = q.size ?? 10;
    const current = q.current ?? 1;
    // the category as the model has it now (else as deployed), by name; the caller's favourites and
    // the last time the caller started each process (recently used)
    const [categories, favourites, recent] = await Promise.all([
      scoped(db, a.tenantId).selectFrom('wfCategory').select(['id', 'name', 'sort']).where('isDeleted', '=', 0).execute(),
      scoped(db, a.tenantId).selectFrom('wfFavourite').select(['processDefKey', 'createTime']).where('userId', '=', a.userId).execute(),
      scoped(db, a.tenantId).selectFrom('wfInstance').select(['definitionKey']).select((eb) => eb.fn.max('startTime').as('last'))
        .where('initiator', '=', a.userId).groupBy('definitionKey').execute(),
    ]);
    const catById = new Map(categories.map((c) => [String(c.id), c]));
    const favOf = new Map(favourites.map((f) => [String(f.processDefKey), f.createTime]));
    const lastOf = new Map(recent.map((r) => [String(r.definitionKey), r.last]));
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? new Date(String(v)).toISOString() : null);
    const records = rows.slice((current - 1) * size, current * size).map((d) => {
      const m = models.get(d.key);
      const cat = catById.get(String(m?.categoryId ?? d.category ?? ''));
      return {
        ...d, processId: d.id, processDefKey: d.key, processDefinitionId: d.id, processDefinitionKey: d.key, processDefinitionName: d.name,
        formKey: m?.formKey ?? null, formUrl: m?.formUrl ?? null, modelType: m?.modelType ?? 0, icon: m?.icon ?? null, modelId: m?.id ?? null,
        categoryId: cat ? String(cat.id) : null, categoryName: cat ? String(cat.name) : null, categorySort: cat ? Number(cat.sort) : null,
        favourite: favOf.has(d.key), favouriteTime: iso(favOf.get(d.key)), lastStartTime: iso(lastOf.get(d.key)),
      };
    });
    return ok({ records, total: rows.length, size, current, pages: Math.ceil(rows.length / size) });
  });

  app.post(`${P}/favourite`, {
    schema: { tags: [TAG], summary: '发起流程 favourites of the caller: processDefKey (a process the caller may start), favourite true (add) or false (remove); answers the caller\'s favourite keys', body: z.object({ processDefKey: z.string().trim().min(1).max(255), favourite: z.boolean() }) },
  }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    if (b.favourite) {
      const def = await wf.definition(a.tenantId, { key: b.processDefKey });
      if (!(await startableKeys(wf, a, [...(await wf.models(a.tenantId, [String(def.key)])).values()]))(String(def.key))) throw new ApiError(403, MSG.cannotStart);
      await db.insertInto('wfFavourite').values({ tenantId: a.tenantId, userId: a.userId, processDefKey: String(def.key) })
        .onConflict((oc) => oc.columns(['tenantId', 'userId', 'processDefKey']).doNothing()).execute();
    } else {
      await scoped(db, a.tenantId).deleteFrom('wfFavourite').where('userId', '=', a.userId).where('processDefKey', '=', b.processDefKey).execute();
    }
    const rows = await scoped(db, a.tenantId).selectFrom('wfFavourite').select('processDefKey').where('userId', '=', a.userId).orderBy('createTime').execute();
    return ok(rows.map((r) => String(r.processDefKey)));
  });

  // ---- start ---------------------------------------------------------------------------------

  // the keys it does not name are the form's values
  const startBody = z.looseObject({
    processId: z.union([z.string(), z.number()]).transform(String).optional(),
    processDefKey: z.string().max(255).optional(),
    assignee: zPeople, copyUser: zPeople, comment: zLooseText, businessKey: zLooseText, draftId: zLooseText,
    // the portal service the start comes from (its start checks read it); never a form value
    serviceId: z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v === null || v === undefined ? undefined : String(v))),
  });
  const start = async (req: FastifyRequest, body: z.output<typeof startBody>) => {
    const a = actorOf(req);
    const def = await wf.definition(a.tenantId, { id: body.processId || body.processDefinitionId, key: body.processDefKey });
    // other modules' checks first (a portal service the caller may not handle now): a refusal starts nothing
    const hook: StartContext = { req, actor: a, definition: def, body, notes: {} };
    for (const check of wf.startChecks) await check(hook);
    const settings = await wf.settings(a.tenantId, String(def.key));
    if (!(await startableKeys(wf, a, [...(await wf.models(a.tenantId, [String(def.key)])).values()]))(String(def.key))) throw new ApiError(403, MSG.cannotStart);
    const values: Values = { ...objectOf(body.initFormData), ...objectOf(body.wf_form_variable) };
    for (const [k, v] of Object.entries(body)) if (!START_KEYS.has(k)) values[k] = v;
    const model = (await wf.models(a.tenantId, [String(def.key)])).get(String(def.key));
    const form = await wf.form(a.tenantId, model?.formKey as string | undefined);
    if (form) await wf.validateForm(req, a.tenantId, form.content, values);
    const assignee = idList(body.assignee)[0];
    if (settings.assigneeRequired && !assignee) throw new ApiError(400, MSG.assigneeRequired);
    // 发起人自选 / 自选知会人: the variables the chooser nodes read come only from customUserTask and
    // customUserMsg, checked here (nothing starts on a refusal), never from form values of the same name
    for (const k of Object.keys(values)) if (k === NOTIFY_VARIABLE || k.startsWith('customUserTask_')) delete values[k];
    Object.assign(values, await wf.customChoices(req, a.tenantId, def, body));
    await wf.runSubmitChecks(req, settings, 'start', values);
    const r = await engine.startProcess({
      tenantId: a.tenantId, definitionId: String(def.id), initiator: a.userId, variables: values, assignee,
      copyUsers: idList(body.copyUser), comment: body.comment, businessKey: body.businessKey ?? null,
    });
    if (isId(body.draftId)) await scoped(db, a.tenantId).updateTable('wfDraft').set({ isDeleted: 1 }).where('id', '=', body.draftId).where('createUser', '=', a.userId).execute();
    // the instance exists whatever a follow-up does: a failing one is logged, the start still answers as started
    for (const listener of wf.startListeners) {
      try {
        await listener({ ...hook, instanceId: String(r.instanceId) });
      } catch (e) {
        req.log.error({ err: e, instanceId: r.instanceId }, 'a start listener failed');
      }
    }
    return ok({ ...r, processInstanceId: r.instanceId, tasks: await wf.taskRows(a.tenantId, r.tasks) }, say(req, MSG.started));
  };
  const startSummary = 'Start a process: form values plus processId / processDefKey, copyUser, assignee (指定审核人), customUserMsg, customUserTask, wf_form_option and wf_form_variable (JSON strings), initFormData. '
    + 'customUserTask (发起人自选审批人) is a JSON string {"<nodeId>": "userId,userId"} answering every node of getFormByProcessId\'s customUserTasks '
    + '(a node whose assignee, candidateUsers or multi-instance collection is ${customUserTask_<nodeId>}): the people become that variable '
    + '(one id; a comma list of candidates; a list for the collection); a missing node is refused with 请为「节点」选择审批人, people not of the tenant or several for a one-person node are refused too, and nothing starts. '
    + 'customUserMsg (自选知会人) is a JSON string {"<nodeId>": "userId,userId"} over any user task: kept as the variable customUserMsg, those people get an approval message 流程「…」已到达「…」 when the process reaches the node, and may then view it. '
    + 'serviceId (optional): the portal service the start comes from; it must be an enabled service of the tenant bound to this process, valid now and open to the caller '
    + '(else 当前时间不在有效期内[…] or 您没有权限办理该服务, and nothing starts); the start is then recorded in the to-do centre and the service\'s statistics. '
    + 'Runs the form checks, 指定审核人不能为空 when the model requires an assignee, and the configured start submit checks.';
  app.post(`${P}/startProcess`, { schema: { tags: [TAG], summary: startSummary, body: startBody } }, (req) => start(req, req.body));
  app.post(`${P}/startProcessByKey`, { schema: { tags: [TAG], summary: startSummary + ' (by processDefKey)', body: startBody } }, (req) => start(req, req.body));

  // ---- detail and forms ----------------------------------------------------------------------

  app.get(`${P}/detail`, {
    schema: { tags: [TAG], summary: 'Process detail {process, form, flow, button}: taskId and/or processInsId. Buttons only for a task the caller may handle now.', querystring: z.looseObject({ taskId: z.string().optional(), processInsId: z.string().optional(), processInstanceId: z.string().optional() }) },
  }, async (req) => {
    const a = actorOf(req);
    const q = req.query;
    let instanceId = str(q.processInsId ?? q.processInstanceId);
    const taskId = str(q.taskId) || undefined;
    const task = taskId ? await wf.task(a.tenantId, taskId) : null;
    instanceId ||= String(task?.instanceId ?? '');
    const inst = await wf.instance(a.tenantId, instanceId);
    await wf.assertVisible(a, inst);
    const d = await engine.instanceDetail(instanceId, taskId, a.userId);
    // buttons only for an active task the caller may handle now (assignee, or unclaimed candidate)
    let canHandle = false;
    if (task && task.state === 'active' && d.button.length) {
      const links = await db.selectFrom('wfIdentityLink').select(['userId', 'groupId']).where('taskId', '=', String(task.id)).execute();
      canHandle = task.assignee === a.userId || (task.assignee === null && (!links.length || links.some((l) => l.userId === a.userId || (l.groupId !== null && a.groups.includes(String(l.groupId))))));
    }
    const key = d.process.processDefinitionKey;
    const model = (await wf.models(a.tenantId, [key])).get(key);
    const settings = parseJson<ModelSettings>(model?.settings, {});
    // an instance another module gives its form (a micro-app record's: the app's form as the reader may see it), else the node's or the model's
    const provided = (await wf.instanceForm(a.tenantId, instanceId, a.user, req.lang === 'en' ? 'en' : 'zh'))?.form;
    const formRow: Row | null = provided ? { formKey: provided.formKey, name: provided.name, content: provided.content } : await wf.form(a.tenantId, (task?.formKey as string | null) || (model?.formKey as string | undefined));
    // copy and signer comments without a text of their own carry the user ids: shown as names
    const names = await wf.names(a.tenantId, d.flow.flatMap((f) => [f.assignee, ...f.comments.flatMap((c) => [c.userId, ...people(c)])]));
    const flow = d.flow.map((f) => ({
      ...f, assigneeName: f.assignee ? names.get(f.assignee) ?? f.assignee : null,
      comments: f.comments.map((c) => {
        const ids = people(c);
        return { ...c, fullMessage: ids.length ? ids.map((u) => names.get(u) ?? u).join('、') : c.fullMessage, userName: c.userId ? names.get(c.userId) ?? c.userId : null };
      }),
    }));
    const comment: Row = {};
    for (const k of COMMENT_SETTINGS) comment[k] = settings[k] ?? null;
    return ok({
      process: {
        ...d.process, ...comment, processDefinitionName: d.process.processDefinitionName, processInstanceId: d.process.processInstanceId,
        processDefinitionId: d.process.processDefinitionId, processDefKey: key, status: d.process.processIsFinished,
        formKey: (formRow?.formKey as string | undefined) ?? model?.formKey ?? null, formUrl: model?.formUrl ?? null, modelType: model?.modelType ?? 0,
        submitAfter: settings.submitAfter ?? [],
      },
      form: {
        formKey: formRow?.formKey ?? null, name: formRow?.name ?? null,
        option: formRow ? WorkflowService.applyRights(formRow.content, d.fieldRights) : null, fieldRights: d.fieldRights,
        variables: provided ? withoutFields(d.variables, provided.hidden) : d.variables,
      },
      flow,
      button: canHandle ? await wf.buttons(a.tenantId, d.button) : [],
    });
  });

  const formOf = async (req: FastifyRequest, def: Row) => {
    const a = actorOf(req);
    const model = (await wf.models(a.tenantId, [String(def.key)])).get(String(def.key));
    const form = await wf.form(a.tenantId, model?.formKey as string | undefined);
    const settings = parseJson<ModelSettings>(model?.settings, {});
    return ok({
      process: { processId: def.id, processDefinitionId: def.id, processDefKey: def.key, processDefinitionName: def.name, version: def.version, category: def.category, suspended: def.suspended },
      form: form ? { formKey: form.formKey, name: form.name, option: parseJson<Row>(form.content, {}) } : null,
      formKey: model?.formKey ?? null, formUrl: model?.formUrl ?? null, modelType: model?.modelType ?? 0,
      assigneeRequired: !!settings.assigneeRequired, submitAfter: settings.submitAfter ?? [], preRead: preReadOf(settings.preRead),
      // 发起人自选 nodes (each needs people in customUserTask) and every user task (optional customUserMsg)
      ...(await startNodesOf(wf, def)),
    });
  };
  const formSummary = ': the form, assigneeRequired, submitAfter, preRead, customUserTasks [{nodeId, nodeName, multiple}] (发起人自选: people required per node at start) and userTasks [{nodeId, nodeName}] (choosable for customUserMsg)';
  app.get(`${P}/getFormByProcessId`, { schema: { tags: [TAG], summary: 'The start form of a definition (processId)' + formSummary, querystring: z.looseObject({ processId: z.string().optional() }) } },
    async (req) => formOf(req, await wf.definition(actorOf(req).tenantId, { id: req.query.processId })));
  app.get(`${P}/getFormByProcessDefKey`, { schema: { tags: [TAG], summary: 'The start form of the newest version of a key (processDefKey)' + formSummary, querystring: z.looseObject({ processDefKey: z.string().optional() }) } },
    async (req) => formOf(req, await wf.definition(actorOf(req).tenantId, { key: req.query.processDefKey })));
  app.get(`${P}/getXmlByProcessDefId`, { config: { file: { detail: `${P}/getFormByProcessId` } }, schema: { tags: [TAG], summary: 'BPMN XML of a definition: processDefId (or processId, id)', querystring: z.looseObject({ processDefId: z.string().optional(), processId: z.string().optional(), id: z.string().optional() }) } }, async (req) => {
    const q = req.query;
    const def = await wf.definition(actorOf(req).tenantId, { id: q.processDefId ?? q.processId ?? q.id });
    return ok({ xml: def.xml, processDefinitionId: def.id, processDefKey: def.key });
  });
  app.get(`${P}/getXmlByProcessDefKey`, { config: { file: { detail: `${P}/getFormByProcessDefKey` } }, schema: { tags: [TAG], summary: 'BPMN XML of the newest version of a key (processDefKey)', querystring: z.looseObject({ processDefKey: z.string().optional() }) } }, async (req) => {
    const def = await wf.definition(actorOf(req).tenantId, { key: req.query.processDefKey });
    return ok({ xml: def.xml, processDefinitionId: def.id, processDefKey: def.key });
  });
  app.get(`${P}/getBackNodes`, { schema: { tags: [TAG], summary: 'Rollback targets of a task (taskId): nodes this instance passed from which the task is reachable', querystring: z.looseObject({ taskId: z.string().optional() }) } }, async (req) => {
    const a = actorOf(req);
    const t = await wf.task(a.tenantId, req.query.taskId);
    await wf.assertVisible(a, await wf.instance(a.tenantId, t.instanceId));
    return ok(await engine.getBackNodes(String(t.id)));
  });
  app.get(`${P}/modelView`, { config: { file: { detail: `${P}/detail` } }, schema: { tags: [TAG], summary: 'Flow chart: xml plus flow list [{historyActivityId, historyActivityType, endTime}] of processInstanceId, or the xml of processDefinitionId', querystring: modelViewQuery } },
    async (req) => ok(await modelView(wf, req, req.query)));
  app.get(`${P}/printTemplate`, {
    config: { file: { detail: `${P}/detail` } },
    schema: { tags: [TAG], summary: 'Print of a process with its form (processInsId): the model\'s print template (settings.printTemplate, HTML with ${prop} placeholders and ${processDefinitionName}, ${startUser}, ${startTime}, ${status}, ${approvals}) filled with the values, escaped. 打印配置异常 when the process has no form or no enabled template.', querystring: z.looseObject({ processInsId: z.string().optional(), processInstanceId: z.string().optional() }) },
  }, async (req) => {
    const a = actorOf(req);
    const q = req.query;
    const inst = await wf.instance(a.tenantId, str(q.processInsId ?? q.processInstanceId));
    await wf.assertVisible(a, inst);
    const key = String(inst.definitionKey);
    const model = (await wf.models(a.tenantId, [key])).get(key);
    const form = await wf.form(a.tenantId, model?.formKey as string | undefined);
    const tpl = parseJson<ModelSettings>(model?.settings, {}).printTemplate;
    if (!form || !tpl?.content || Number(tpl.status ?? 1) !== 1) throw new ApiError(400, MSG.printConfig);
    const d = await engine.instanceDetail(String(inst.id));
    const option = parseJson<{ column?: FormColumn[]; group?: { column?: FormColumn[] }[] }>(form.content, {});
    const columns = [...(option.column ?? []), ...(option.group ?? []).flatMap((g) => g.column ?? [])].filter((c) => c?.prop);
    const userIds = (v: unknown) => String(v ?? '').split(',').filter(isId);
    const names = await wf.names(a.tenantId, [
      String(inst.initiator ?? ''), ...d.flow.map((f) => f.assignee), ...d.flow.flatMap((f) => f.comments.map((c) => c.userId)),
      ...columns.filter((c) => USER_TYPES.has(String(c.type))).flatMap((c) => userIds(d.variables[c.prop])),
    ]);
    const show = (c: FormColumn, v: unknown): string => {
      if (v === undefined || v === null || v === '') return '';
      if (c.type === 'dynamic' && Array.isArray(v)) {
        const kids = (c.children?.column ?? []).filter((k) => k.prop);
        const head = kids.map((k) => `<th>${esc(k.label ?? k.prop)}</th>`).join('');
        const rows = (v as Values[]).map((r) => `<tr>${kids.map((k) => `<td>${show(k, r?.[k.prop])}</td>`).join('')}</tr>`).join('');
        return `<table class="print-sub" border="1" cellspacing="0" cellpadding="4"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
      }
      if (USER_TYPES.has(String(c.type))) return esc(userIds(v).map((u) => names.get(u) ?? u).join('、'));
      const dic = (c as { dicData?: { label?: string; value?: unknown }[] }).dicData;
      const one = (x: unknown) => {
        if (x && typeof x === 'object') return String((x as Values).name ?? (x as Values).label ?? (x as Values).url ?? '');
        const hit = dic?.find((o) => String(o.value) === String(x));
        return hit?.label !== undefined ? String(hit.label) : String(x);
      };
      return esc(Array.isArray(v) ? v.map(one).join('、') : typeof v === 'string' && dic && v.includes(',') ? v.split(',').map(one).join('、') : one(v));
    };
    const values: Record<string, string> = {};
    for (const c of columns) values[c.prop] = show(c, d.variables[c.prop]);
    const approvals = d.flow.filter((f) => f.historyActivityType === 'userTask' || f.comments.length).flatMap((f) => f.comments.filter((c) => c.fullMessage && c.type !== 'copyComment' && !people(c).length).map((c) =>
      `<tr><td>${esc(f.historyActivityName ?? f.historyActivityId)}</td><td>${esc(c.userId ? names.get(c.userId) ?? c.userId : '')}</td><td>${esc(c.fullMessage)}</td><td>${esc(String(c.time ?? '').replace('T', ' ').slice(0, 19))}</td></tr>`)).join('');
    const builtIn: Record<string, string> = {
      processDefinitionName: esc(inst.definitionName ?? key), startUser: esc(names.get(String(inst.initiator)) ?? inst.initiator ?? ''),
      startTime: esc(String(inst.startTime instanceof Date ? inst.startTime.toISOString() : inst.startTime ?? '').replace('T', ' ').slice(0, 19)), status: esc(d.process.processIsFinished),
      approvals: `<table class="print-approvals" border="1" cellspacing="0" cellpadding="4"><thead><tr>${(req.lang === 'en' ? ['Node', 'Handler', 'Comment', 'Time'] : ['节点', '办理人', '意见', '时间']).map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${approvals}</tbody></table>`,
    };
    const html = String(tpl.content).replace(/\$\{\s*([\w.]+)\s*\}/g, (_, k: string) => values[k] ?? builtIn[k] ?? '');
    return ok({ templateName: tpl.templateName || form.name, processDefinitionName: inst.definitionName ?? key, html });
  });
  app.get(`${P}/user/detail`, { schema: { tags: [TAG], summary: 'A user of my tenant for the pickers (id): id, account, realName, name, avatar, deptName, postName', querystring: z.looseObject({ id: z.string().optional() }) } }, async (req) => {
    const a = actorOf(req);
    const id = req.query.id;
    if (!isId(id)) throw new ApiError(400, 'required', { field: 'id' });
    const u = await wf.directory.profile(a.tenantId, id);
    if (!u) return ok(null);
    const { roleId: _roles, ...card } = u; // the picker's card, without the person's roles
    return ok(card);
  });

  // ---- task actions --------------------------------------------------------------------------

  /** The model settings and form values of the task's process, for comment rules and submit checks. */
  const contextOf = async (a: Actor, taskId: string) => {
    const t = await wf.task(a.tenantId, taskId);
    const settings = await wf.settings(a.tenantId, String(t.definitionKey));
    return { t, settings };
  };
  const needComment = (req: FastifyRequest, settings: ModelSettings, comment: unknown) => {
    if (settings.hideComment) return;
    if (typeof comment !== 'string' || !comment.trim()) throw new ApiError(400, MSG.commentRequired);
  };

  app.post(`${P}/completeTask`, {
    schema: { tags: [TAG], summary: 'Pass (pass true) or reject (pass false) a task: taskId, processInstanceId, pass, comment (required unless passing or comments are hidden), copyUser, assignee (next approver), variables, attachment, commentType', body: completeBody },
  }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const { t, settings } = await contextOf(a, b.taskId);
    const pass = !(b.pass === false || b.pass === 'false' || b.pass === 0 || b.pass === '0');
    if (!pass) needComment(req, settings, b.comment);
    // §5: the owner handling a process that came back (rejected or recalled counts as finished) explains the change
    const explain = pass && b.commentType === 'explainComment' && (await wf.ownerAfterFinish(a, t));
    if (explain && !settings.hideComment && !b.comment?.trim()) throw new ApiError(400, MSG.explainRequired);
    // a field the node may not write keeps its value: such values are dropped, never refused
    const cfg = await engine.taskConfig(b.taskId);
    let variables: Values = { ...objectOf(b.variables) };
    for (const [k, r] of Object.entries(cfg.fieldRights)) if (!r.writable) delete variables[k];
    // an instance another module gives its form: what that form does not let the caller write is dropped too
    const provided = await wf.instanceForm(a.tenantId, String(t.instanceId), a.user, req.lang === 'en' ? 'en' : 'zh');
    if (provided) variables = withoutFields(variables, [...provided.form.hidden, ...provided.form.readOnly]);
    // the values sent are checked against the process's form (those present: the engine checks the node's required ones)
    const form = !Object.keys(variables).length ? null : provided ? provided.form : await wf.taskForm(a.tenantId, t);
    if (form) await wf.validateForm(req, a.tenantId, form.content, variables, { partial: true });
    await wf.runSubmitChecks(req, settings, pass ? 'pass' : 'reject', variables);
    if (provided && pass) await provided.provider.checkPassing?.(req, String(t.instanceId), b.taskId, variables);
    const attachments = Array.isArray(b.attachment) ? b.attachment : b.attachment ? parseJson<unknown[]>(b.attachment, [b.attachment]) : undefined;
    const r = await engine.completeTask(b.taskId, a.userId, {
      pass, comment: b.comment, commentType: explain ? 'explainComment' : undefined, variables, attachments,
      assignee: idList(b.assignee)[0], copyUsers: idList(b.copyUser), groups: a.groups,
    });
    // the module that gave the form takes the passed values (a micro-app writes them back to its record)
    if (provided && pass) await provided.provider.taskPassed?.(req, String(t.instanceId), b.taskId, variables);
    return ok({ ...r, tasks: await wf.taskRows(a.tenantId, r.tasks) }, say(req, pass ? MSG.passed : MSG.rejected));
  });

  const reassign = (path: string, kind: 'transfer' | 'delegate', summary: string) =>
    app.post(`${P}/${path}`, { schema: { tags: [TAG], summary, body: taskBody.extend({ assignee: zPeople }) } }, async (req) => {
      const a = actorOf(req);
      const b = req.body;
      const { settings } = await contextOf(a, b.taskId);
      needComment(req, settings, b.comment);
      const to = idList(b.assignee)[0];
      if (!to) throw new ApiError(400, MSG.assigneeRequired);
      await assertUser(wf, a.tenantId, to);
      await wf.runSubmitChecks(req, settings, kind, b);
      const r = kind === 'transfer'
        ? await engine.transferTask(b.taskId, a.userId, to, b.comment ?? '', a.groups)
        : await engine.delegateTask(b.taskId, a.userId, to, b.comment ?? '', a.groups);
      return ok(r, say(req, kind === 'transfer' ? MSG.transferred : MSG.delegated));
    });
  reassign('transferTask', 'transfer', '转办: taskId, assignee (user id), comment (required)');
  reassign('delegateTask', 'delegate', '委托: taskId, assignee (user id), comment (required); the delegate completing it hands it back');

  app.post(`${P}/addMultiInstance`, { schema: { tags: [TAG], summary: '加签 on a multi-instance node: taskId, assignee (user ids, comma separated), comment', body: taskBody.extend({ assignee: zPeople }) } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const { settings } = await contextOf(a, b.taskId);
    const users = idList(b.assignee);
    if (!users.length) throw new ApiError(400, MSG.assigneeRequired);
    for (const u of users) await assertUser(wf, a.tenantId, u);
    await wf.runSubmitChecks(req, settings, 'add', b);
    return ok(await engine.addMultiInstance(b.taskId, a.userId, users, b.comment), say(req, MSG.signerAdded));
  });

  app.get(`${P}/multiInstanceSigners`, { schema: { tags: [TAG], summary: '减签 choices of a task (taskId): whether its node is multi-instance, and the signers who have not handled it yet [{userId, name, state active|pending}], the caller left out', querystring: z.looseObject({ taskId: z.string().optional() }) } }, async (req) => {
    const a = actorOf(req);
    const t = await wf.task(a.tenantId, req.query.taskId);
    await wf.assertVisible(a, await wf.instance(a.tenantId, t.instanceId));
    const exec = t.executionId ? await db.selectFrom('wfExecution').selectAll().where('id', '=', String(t.executionId)).executeTakeFirst() : undefined;
    const root = exec?.parentId ? await db.selectFrom('wfExecution').selectAll().where('id', '=', String(exec.parentId)).executeTakeFirst() : undefined;
    if (!exec || !root?.isMiRoot) return ok({ multiInstance: false, sequential: false, signers: [] });
    const children = await db.selectFrom('wfExecution').select('id').where('parentId', '=', String(root.id)).execute();
    const active = children.length ? await db.selectFrom('wfTask').select(['assignee']).where('executionId', 'in', children.map((c) => String(c.id))).where('state', '=', 'active').execute() : [];
    const users: { userId: string; state: 'active' | 'pending' }[] = active.filter((x) => x.assignee).map((x) => ({ userId: String(x.assignee), state: 'active' }));
    // a sequential node holds its later signers in its collection after the current loop counter
    const parsed = await parseBpmn(String((await wf.definition(a.tenantId, { id: t.definitionId })).xml));
    const node = parsed.processes.map((p) => p.nodes.get(String(t.taskDefKey))).find(Boolean);
    const sequential = !!node?.multiInstance?.sequential;
    if (sequential) {
      const coll = await db.selectFrom('wfVariable').select('value').where('executionId', '=', String(root.id)).where('name', '=', '__miCollection').executeTakeFirst();
      const later = parseJson<unknown[]>(coll?.value, []).slice(Number(exec.loopCounter ?? 0) + 1).map(String);
      for (const u of later) if (!users.some((x) => x.userId === u)) users.push({ userId: u, state: 'pending' });
    }
    const mine = users.filter((x) => x.userId !== a.userId);
    const names = await wf.names(a.tenantId, mine.map((x) => x.userId));
    return ok({ multiInstance: true, sequential, signers: mine.map((x) => ({ ...x, name: names.get(x.userId) ?? x.userId })) });
  });

  app.post(`${P}/deleteMultiInstance`, { schema: { tags: [TAG], summary: '减签 on a multi-instance node: taskId, assignee (user ids who have not handled it yet, comma separated), comment', body: taskBody.extend({ assignee: zPeople }) } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    await contextOf(a, b.taskId);
    const users = idList(b.assignee);
    if (!users.length) throw new ApiError(400, MSG.assigneeRequired);
    return ok(await engine.deleteMultiInstance(b.taskId, a.userId, users, b.comment?.trim() ? b.comment : undefined), say(req, MSG.signerRemoved));
  });

  app.post(`${P}/claimTask`, { schema: { tags: [TAG], summary: '签收: taskId; a candidate (user, role, department) takes the task', body: taskBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    await wf.task(a.tenantId, b.taskId);
    return ok(await engine.claimTask(b.taskId, a.userId, a.groups));
  });

  app.post(`${P}/rollbackTask`, { schema: { tags: [TAG], summary: '退回: taskId, nodeId (one of getBackNodes; or "previous" / "initiator"), comment (required)', body: taskBody.extend({ nodeId: zLooseText }) } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const { settings } = await contextOf(a, b.taskId);
    needComment(req, settings, b.comment);
    await wf.runSubmitChecks(req, settings, 'reject', b);
    const nodeId = b.nodeId ?? '';
    const to = nodeId === 'previous' || nodeId === 'initiator' ? nodeId : undefined;
    return ok(await engine.rollbackTask(b.taskId, a.userId, { nodeId: to ? undefined : nodeId, to, comment: b.comment ?? '', groups: a.groups }), say(req, MSG.rejected));
  });

  app.post(`${P}/terminateProcess`, { schema: { tags: [TAG], summary: '终止: taskId, comment (required); ends the process as terminated', body: taskBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const { settings } = await contextOf(a, b.taskId);
    needComment(req, settings, b.comment);
    await wf.runSubmitChecks(req, settings, 'terminate', b);
    return ok(await engine.terminateProcess({ taskId: b.taskId }, a.userId, b.comment), say(req, MSG.terminated));
  });

  app.post(`${P}/urgeTask`, { schema: { tags: [TAG], summary: '催办: processInstanceId; reminds every current handler; msg tells the outcome', body: instanceBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const inst = await wf.instance(a.tenantId, b.processInstanceId);
    await wf.assertVisible(a, inst);
    const r = await engine.urgeTask(String(inst.id), a.userId, b.comment);
    const names = await wf.names(a.tenantId, r.receivers);
    return ok({ receivers: r.receivers, receiverNames: r.receivers.map((u) => names.get(u) ?? u) }, say(req, r.receivers.length ? MSG.urged : MSG.urgedNobody));
  });

  app.post(`${P}/revokeSubmission`, { schema: { tags: [TAG], summary: 'The owner revokes: processInstanceId, withdrawType wf_withdraw_end (撤销, ends it) or wf_withdraw_start (撤回, back to the owner)', body: instanceBody.extend({ withdrawType: zLooseText }) } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const inst = await wf.instance(a.tenantId, b.processInstanceId);
    const type = b.withdrawType === 'wf_withdraw_start' ? 'wf_withdraw_start' : b.withdrawType === 'wf_withdraw_end' ? 'wf_withdraw_end' : null;
    if (!type) throw new ApiError(400, 'required', { field: 'withdrawType' });
    await wf.runSubmitChecks(req, await wf.settings(a.tenantId, String(inst.definitionKey)), type === 'wf_withdraw_end' ? 'revocation' : 'recall', b);
    const r = await engine.revokeSubmission(String(inst.id), a.userId, type, b.comment);
    return ok(r, say(req, type === 'wf_withdraw_end' ? MSG.withdrawn : MSG.recalled));
  });

  app.post(`${P}/withdrawTask`, { schema: { tags: [TAG], summary: 'The assignee takes a finished task back while the next tasks are untouched: taskId (the finished task), withdrawType, comment', body: taskBody } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    const { settings } = await contextOf(a, b.taskId);
    await wf.runSubmitChecks(req, settings, 'withdraw', b);
    return ok(await engine.withdrawTask(b.taskId, a.userId, b.comment), say(req, MSG.recalled));
  });

  app.post(`${P}/processCommentUpForm`, { schema: { tags: [TAG], summary: '修改说明: taskId, commentProp (form field), comment; by the owner or a handler of the task', body: taskBody.extend({ commentProp: zLooseText }) } }, async (req) => {
    const a = actorOf(req);
    const b = req.body;
    await wf.task(a.tenantId, b.taskId);
    if (!b.comment?.trim()) throw new ApiError(400, MSG.explainRequired);
    await engine.commentOnForm(b.taskId, a.userId, b.commentProp ?? '', b.comment);
    return ok(true);
  });

  // ---- drafts and the leave sample -------------------------------------------------------------

  modelResource(app, db, wfDraftModel, {
    tag: TAG,
    // a draft may leave out what it likes, but what it holds must fit its form (the start checks the rest)
    beforeSave: async (ctx, e, req) => {
      const form = typeof e.formKey === 'string' && e.formKey ? await wf.form(ctx.tenantId, e.formKey) : null;
      const values = parseJson<unknown>(e.variables, null);
      if (form && values && typeof values === 'object' && !Array.isArray(values)) await wf.validateForm(req, ctx.tenantId, form.content, values as Values, { partial: true });
    },
  });
  modelResource(app, db, wfLeaveModel, { tag: TAG });
}

/** The flow chart's query: an instance (processInstanceId or processInsId) or a definition (processDefinitionId or processId). */
export const modelViewQuery = z.looseObject({ processInstanceId: z.string().optional(), processInsId: z.string().optional(), processDefinitionId: z.string().optional(), processId: z.string().optional() });

/** Flow chart of an instance (tenant-checked, visible to the caller) or of a definition. */
export async function modelView(wf: WorkflowService, req: FastifyRequest, q: z.output<typeof modelViewQuery>) {
  const a = actorOf(req);
  const instanceId = str(q.processInstanceId ?? q.processInsId);
  if (instanceId) {
    const inst = await wf.instance(a.tenantId, instanceId);
    await wf.assertVisible(a, inst);
    return wf.engine.modelView({ instanceId: String(inst.id) });
  }
  const def = await wf.definition(a.tenantId, { id: q.processDefinitionId ?? q.processId });
  return wf.engine.modelView({ definitionId: String(def.id) });
}

/** The start page's view of the definition's nodes (the variable names stay on the server). */
async function startNodesOf(wf: WorkflowService, def: Row) {
  const n = await wf.startNodes(def);
  return { customUserTasks: n.customUserTasks.map((c) => ({ nodeId: c.nodeId, nodeName: c.nodeName, multiple: c.multiple })), userTasks: n.userTasks };
}

/** A user id of the tenant (assignee, delegate, added signer). */
export async function assertUser(wf: WorkflowService, tenantId: string, id: string): Promise<void> {
  if (!(await wf.directory.isUser(tenantId, id))) throw new ApiError(400, 'invalid', { field: 'assignee' });
}

/**
 * Which process keys the caller may start: a model without scope rows is open to the tenant;
 * otherwise a scope row must name the user, one of its roles or departments, or 'all'.
 */
export async function startableKeys(wf: WorkflowService, a: Actor, models: Row[]): Promise<(key: string) => boolean> {
  const ids = models.map((m) => String(m.id));
  const scopes = ids.length ? await wf.db.selectFrom('wfModelScope').select(['modelId', 'scopeType', 'val']).where('modelId', 'in', ids).where('isDeleted', '=', 0).execute() : [];
  const byModel = new Map<string, { scopeType: string; val: string }[]>();
  for (const s of scopes) byModel.set(String(s.modelId), [...(byModel.get(String(s.modelId)) ?? []), { scopeType: String(s.scopeType), val: String(s.val) }]);
  const keyToModel = new Map(models.map((m) => [String(m.modelKey), String(m.id)]));
  const mine = new Set([a.userId, ...a.groups]);
  return (key: string) => {
    if (a.admin) return true;
    const list = byModel.get(keyToModel.get(key) ?? '') ?? [];
    if (!list.length) return true;
    return list.some((s) => s.scopeType === 'all' || s.val.split(',').some((v) => mine.has(v.trim())));
  };
}
