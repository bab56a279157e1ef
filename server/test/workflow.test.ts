// The workflow HTTP API (000 §3, §4, §5, §7): deployment by upload of the public BPMN samples and
// runs through the process calls to the end, a designed model with start rules, buttons and field
// rights, the personal lists, ops, design, drafts, supervision, 50 concurrent completes of one
// task, tenant isolation, administrator-only calls, and every catalogue call answered.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { nextId } from '../src/db/ids.ts';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const SAMPLES = process.env.BPMN_SAMPLES ?? new URL('../../../shared/bpmn-samples/', import.meta.url).pathname;
const CATALOGUE = new URL('../../../shared/spec/api-catalogue.tsv', import.meta.url).pathname;
const EXECUTABLE = [
  'VacationRequest.bpmn20.xml', 'ParallelGatewayTest.testNestedForkJoin.bpmn20.xml', 'ExclusiveGatewayTest.testDivergingExclusiveGateway.bpmn20.xml',
  'ExclusiveGatewayTest.testDefaultSequenceFlow.bpmn20.xml', 'InclusiveGatewayTest.testDivergingInclusiveGateway.bpmn20.xml',
  'MultiInstanceParallelTest.testParallelUserTasks.bpmn20.xml', 'DynamicMultiInstanceTest.testParallelUserTasksBasedOnCollection.bpmn20.xml',
  'MultiInstanceTest.sequentialUserTasksWithCollection.bpmn20.xml', 'BoundaryTimerEventTest.testMultipleTimersOnUserTask.bpmn20.xml',
  'simpleSubProcess.bpmn20.xml', 'CallActivity.testCallSimpleSubProcess.bpmn20.xml', 'loanApproval.bpmn', 'invoiceApproval.bpmn',
  'reviewInvoice.bpmn', 'invoice.v2.bpmn',
];

/** start → 申请 (the initiator) → 部门审批 (chosen at start) → 领导审批 (${leader}) → end; the first approval may only pass or reject and only write remark. */
const LEAVE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="leaveFlow" name="请假流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="申请" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="dept"/>
    <userTask id="dept" name="部门审批" flowable:buttons="wf_pass,wf_reject,wf_rollback">
      <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"days":"read","remark":"write"}'/></flowable:properties></extensionElements>
    </userTask>
    <sequenceFlow id="f3" sourceRef="dept" targetRef="lead"/>
    <userTask id="lead" name="领导审批" flowable:assignee="\${leader}"/>
    <sequenceFlow id="f4" sourceRef="lead" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

await forEachDatabase('workflow API', (kind) => {
  let s: TestServer;
  let admin: string;
  let user: string;
  let boss: string;
  let bossId: string;
  let other: string;
  before(async () => {
    s = await startServer({ kind });
    const roleId = nextId();
    await sql`insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values (${roleId}, ${SEED.tenant}, 0, '管理层', 'management', 9)`.execute(s.server.database.db);
    bossId = await addUser(s, 'boss', { roleId, deptId: SEED.deptInfoId });
    [admin, user, boss, other] = await Promise.all([
      s.login().then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token),
      s.login('boss', 'user').then((r) => r.access_token), s.login('admin', 'admin', SEED.otherTenant).then((r) => r.access_token),
    ]);
  });
  after(async () => { await s?.close(); });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json: unknown = {}, token = admin) => s.api(path, { method: 'POST', token, json });
  const upload = async (files: string[], token = admin, fields: Record<string, string> = {}) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const f of files) fd.append('files', new Blob([readFileSync(SAMPLES + f)], { type: 'text/xml' }), f);
    return s.api('/api/blade-flow/manager/deploy-upload', { method: 'POST', token, body: fd });
  };
  const todo = async (token: string, q = '') => (await get(`/api/blade-workflow/process/todoList?size=50${q}`, token)).body.data;
  const opsTasks = async (instanceId: string) => (await get(`/api/blade-workflow/ops/list?size=100&processInstanceId_equal=${instanceId}`)).body.data.records as { taskId: string; taskDefinitionKey: string; assignee: string | null }[];
  const status = async (instanceId: string) => (await get(`/api/blade-workflow/process/detail?processInsId=${instanceId}`)).body.data.process.processIsFinished;

  test('deploy-upload: every executable sample deploys; a non-executable file and a non-admin are refused', async () => {
    for (const f of EXECUTABLE) {
      const r = await upload([f], admin, { category: 'samples' });
      assert.equal(r.status, 200, `${f}: ${JSON.stringify(r.body)}`);
      assert.ok(r.body.data.length >= 1);
    }
    // the rendering reference deploys its four processes; a file that is not BPMN is refused
    assert.equal((await upload(['C.4.0.bpmn'])).body.data.length, 4);
    const readme = await upload(['README.md']);
    assert.equal(readme.status, 400);
    assert.equal(readme.body.msg, '仅支持 .bpmn20.xml、.bpmn 或 .xml 流程文件');
    assert.equal((await upload(['loanApproval.bpmn'], user)).status, 403);
    const list = (await get('/api/blade-flow/manager/list?size=100')).body.data;
    assert.ok(list.records.some((d: { key: string; resourceName: string }) => d.key === 'vacationRequest' && d.resourceName === 'VacationRequest.bpmn20.xml'));
    const dep = (await get('/api/flowable/process/queryFlowModelDeploymentIdByKey?key=vacationRequest')).body.data;
    assert.ok(dep.deploymentId);
    // the other tenant sees none of it
    assert.equal((await get('/api/blade-flow/manager/list', other)).body.data.total, 0);
  });

  test('VacationRequest runs through the HTTP API: candidate group, claim, reject loop, approve, end', async () => {
    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'vacationRequest', numberOfDays: 3, startDate: '2026-02-01', vacationMotivation: 'rest' }, user);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.equal(started.body.msg, '发起成功');
    const inst = started.body.data.processInstanceId;
    // offered to the management role: in boss's claim list, not in user's todo
    const claim = (await get('/api/blade-workflow/process/claimList', boss)).body.data;
    const row = claim.records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.ok(row, 'boss may claim');
    assert.equal(row.processDefKey, 'vacationRequest');
    assert.ok(!(await todo(user)).records.some((r: { processInstanceId: string }) => r.processInstanceId === inst));
    assert.equal((await post('/api/blade-workflow/process/claimTask', { taskId: row.taskId }, user)).status, 403);
    assert.equal((await post('/api/blade-workflow/process/claimTask', { taskId: row.taskId }, boss)).status, 200);
    // reject without a comment is refused (§5), with one it follows the model's gateway
    const noComment = await post('/api/blade-workflow/process/completeTask', { taskId: row.taskId, pass: false }, boss);
    assert.equal(noComment.body.msg, '请填写批复意见');
    const done = await post('/api/blade-workflow/process/completeTask', { taskId: row.taskId, processInstanceId: inst, pass: true, comment: '再想想', variables: { vacationApproved: 'false', managerMotivation: 'busy' } }, boss);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const adjust = (await todo(user)).records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.equal(adjust.taskName, 'Adjust vacation request');
    await post('/api/blade-workflow/process/completeTask', { taskId: adjust.taskId, variables: { resendRequest: 'true', numberOfDays: 2 } }, user);
    const again = (await todo(boss)).records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.ok(again);
    await post('/api/blade-workflow/process/completeTask', { taskId: again.taskId, comment: 'ok', variables: { vacationApproved: 'true' } }, boss);
    assert.equal(await status(inst), 'finished');
    const sent = (await get('/api/blade-workflow/process/sendList?processDefKey=vacationRequest', user)).body.data;
    assert.equal(sent.records[0].processInstanceId, inst);
    assert.equal(sent.records[0].status, 'finished');
    const detail = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, user)).body.data;
    assert.ok(detail.process.xml.includes('vacationRequest'));
    assert.equal(detail.process.isOwner, true);
    assert.ok(detail.flow.some((f: { comments: { fullMessage: string }[]; assigneeName: string }) => f.comments.some((c) => c.fullMessage === '再想想') && f.assigneeName === 'boss'));
    assert.deepEqual(detail.button, []);
    const done2 = (await get('/api/blade-workflow/process/myDoneList', boss)).body.data;
    assert.ok(done2.records.some((r: { processInstanceId: string }) => r.processInstanceId === inst));
    assert.equal((await get('/api/blade-workflow/process/doneList', boss)).body.data.total, 2);
    const view = (await get(`/api/blade-workflow/process/modelView?processInstanceId=${inst}`, user)).body.data;
    assert.ok(view.flow.some((f: { historyActivityType: string }) => f.historyActivityType === 'sequenceFlow'));
    const log = (await get(`/api/blade-wfFlowLog/wfFlowLog/getLogsByInstId?instId=${inst}`, user)).body.data;
    assert.ok(log.some((l: { action: string }) => l.action === 'end'));
    // somebody not involved may not look at it
    const stranger = (await s.login('admin', 'admin')).access_token;
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, stranger)).status, 200); // administrators may
  });

  test('nested parallel fork/join runs to the end through the API (tasks for nobody are open to whoever sees them)', async () => {
    const r = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'nestedForkJoin' });
    const inst = r.body.data.processInstanceId;
    for (let round = 0; round < 10; round++) {
      const tasks = await opsTasks(inst);
      if (!tasks.length) break;
      for (const t of tasks) assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: t.taskId })).status, 200);
    }
    assert.equal(await status(inst), 'finished');
    const flow = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`)).body.data.flow as { historyActivityId: string }[];
    for (const id of ['Task_0', 'Task_A', 'Task_B', 'Task_B1', 'Task_B2', 'Task_C']) assert.ok(flow.some((f) => f.historyActivityId === id), id);
  });

  test('designed model: deploy, assignee required, buttons and field rights enforced, rollback, messages, 50 concurrent completes', async () => {
    const cat = (await post('/api/blade-workflow/design/category/submit', { name: '人事' })).body.data;
    const form = await post('/api/blade-workflow/design/form/submit', {
      formKey: 'leaveForm', name: '请假表单', categoryId: cat.id,
      content: { column: [{ label: '天数', prop: 'days', required: true, pattern: '^\\d+$' }, { label: '备注', prop: 'remark' }] },
    });
    assert.equal(form.status, 200);
    const model = await post('/api/blade-workflow/design/model/submit', {
      modelKey: 'leaveFlow', name: '请假流程', categoryId: cat.id, xml: LEAVE_XML, formKey: 'leaveForm',
      settings: { assigneeRequired: true, submitValidate: [{ submitType: 'start', validateType: 'js', diyJS: 'days < 30', message: '请假不能超过30天' }] },
    });
    assert.equal(model.status, 200, JSON.stringify(model.body));
    assert.equal((await post('/api/blade-workflow/design/model/submit', { modelKey: 'bad', name: 'x', xml: '<nope' })).status, 400);
    const dep = await post('/api/blade-workflow/design/model/deploy', { id: model.body.data.id });
    assert.equal(dep.status, 200, JSON.stringify(dep.body));
    assert.equal(dep.body.data.version, 1);
    assert.equal((await get(`/api/blade-workflow/design/model/history/list?modelId=${model.body.data.id}`)).body.data.total, 1);
    assert.equal((await get('/api/blade-workflow/design/model/detail?modelKey=leaveFlow')).body.data.settings.assigneeRequired, true);

    const pl = (await get('/api/blade-workflow/process/processList?size=100', user)).body.data;
    const p = pl.records.find((x: { processDefKey: string }) => x.processDefKey === 'leaveFlow');
    assert.equal(p.formKey, 'leaveForm');
    const f = (await get(`/api/blade-workflow/process/getFormByProcessId?processId=${p.processId}`, user)).body.data;
    assert.equal(f.form.formKey, 'leaveForm');
    assert.equal(f.assigneeRequired, true);
    assert.equal((await get('/api/blade-workflow/process/getFormByProcessDefKey?processDefKey=leaveFlow', user)).body.data.form.name, '请假表单');
    assert.ok((await get(`/api/blade-workflow/process/getXmlByProcessDefId?processDefId=${p.processId}`, user)).body.data.xml.includes('leaveFlow'));

    const startBody = { processId: p.processId, days: 3, remark: 'r0', leader: SEED.adminId };
    assert.equal((await post('/api/blade-workflow/process/startProcess', startBody, user)).body.msg, '指定审核人不能为空');
    assert.equal((await post('/api/blade-workflow/process/startProcess', { ...startBody, days: 'x', assignee: bossId }, user)).body.msg, '天数格式不匹配');
    assert.equal((await post('/api/blade-workflow/process/startProcess', { ...startBody, days: '' , assignee: bossId }, user)).body.msg, '天数不能为空');
    assert.equal((await post('/api/blade-workflow/process/startProcess', { ...startBody, days: 40, assignee: bossId }, user)).body.msg, '请假不能超过30天');
    const r = await post('/api/blade-workflow/process/startProcess', { ...startBody, assignee: bossId, copyUser: SEED.adminId }, user);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const inst = r.body.data.processInstanceId;
    const deptTask = (await todo(boss)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    assert.equal(deptTask.taskName, '部门审批');
    assert.equal(deptTask.formKey, 'leaveForm');
    assert.ok((await get('/api/blade-workflow/process/copyList', admin)).body.data.records.some((x: { processInstanceId: string }) => x.processInstanceId === inst));

    const d = (await get(`/api/blade-workflow/process/detail?taskId=${deptTask.taskId}&processInsId=${inst}`, boss)).body.data;
    assert.deepEqual(d.button.map((b: { buttonKey: string }) => b.buttonKey).sort(), ['wf_pass', 'wf_reject', 'wf_rollback']);
    assert.equal(d.form.option.column.find((c: { prop: string }) => c.prop === 'days').writable, false);
    // a button the node does not offer is refused by the server
    const tr = await post('/api/blade-workflow/process/transferTask', { taskId: deptTask.taskId, assignee: SEED.adminId, comment: '转' }, boss);
    assert.equal(tr.status, 403);
    assert.equal((await post('/api/blade-workflow/process/transferTask', { taskId: deptTask.taskId, assignee: SEED.adminId }, boss)).body.msg, '请填写批复意见');
    assert.equal((await post('/api/blade-workflow/process/terminateProcess', { taskId: deptTask.taskId }, boss)).body.msg, '请填写批复意见');
    assert.deepEqual((await get(`/api/blade-workflow/process/getBackNodes?taskId=${deptTask.taskId}`, boss)).body.data.map((n: { nodeId: string }) => n.nodeId), ['apply']);
    // the message to the chosen approver links to the detail page
    const inbox = (await get('/api/blade-message/message/my/list?size=50', boss)).body.data;
    const note = inbox.records.find((m: { pcUrl: string }) => m.pcUrl?.startsWith('/workflow/process/detail/'));
    assert.ok(note, 'approval message');
    assert.equal(note.type, 3);
    assert.deepEqual(JSON.parse(Buffer.from(note.pcUrl.split('/').pop(), 'base64').toString()), { taskId: deptTask.taskId, processInsId: inst });

    // a read-only field is not changed, a writable one is
    const c1 = await post('/api/blade-workflow/process/completeTask', { taskId: deptTask.taskId, pass: true, variables: { days: 99, remark: '同意' } }, boss);
    assert.equal(c1.status, 200, JSON.stringify(c1.body));
    const vars = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, user)).body.data.form.variables;
    assert.equal(vars.days, 3);
    assert.equal(vars.remark, '同意');
    // boss withdraws the untouched next task, passes again
    assert.equal((await post('/api/blade-workflow/process/withdrawTask', { taskId: deptTask.taskId, withdrawType: 'wf_withdraw' }, boss)).status, 200);
    const back = (await todo(boss)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    await post('/api/blade-workflow/process/completeTask', { taskId: back.taskId, pass: true }, boss);

    // 50 concurrent completes of the leader's task: exactly one wins
    const leadTask = (await todo(admin)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    assert.equal(leadTask.taskName, '领导审批');
    const results = await Promise.all(Array.from({ length: 50 }, () => post('/api/blade-workflow/process/completeTask', { taskId: leadTask.taskId, pass: true, comment: 'go' })));
    assert.equal(results.filter((x) => x.status === 200).length, 1);
    for (const x of results.filter((y) => y.status !== 200)) assert.match(x.body.msg, /任务已被处理，请刷新后重试|任务不存在或已被处理|流程已结束/);
    assert.equal(await status(inst), 'finished');
    // the owner's later explanation lands in the form and the history
    const ex = await post('/api/blade-workflow/process/processCommentUpForm', { taskId: leadTask.taskId, commentProp: 'remark', comment: '补充说明' }, user);
    assert.equal(ex.status, 200, JSON.stringify(ex.body));
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, user)).body.data.form.variables.remark, '补充说明');
    assert.equal((await post('/api/blade-workflow/process/processCommentUpForm', { taskId: leadTask.taskId, commentProp: 'remark', comment: '' }, user)).body.msg, '请填写修改说明');
  });

  test('rollback, urge, revoke (撤销 and 撤回), terminate, delegate and transfer through the API', async () => {
    const start = async () => (await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 1, assignee: bossId, leader: SEED.userId }, user)).body.data.processInstanceId as string;
    const taskIn = async (token: string, inst: string) => (await todo(token)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    // rollback to the initiator's node, then the owner passes it again
    const i1 = await start();
    const t1 = await taskIn(boss, i1);
    assert.equal((await post('/api/blade-workflow/process/rollbackTask', { taskId: t1.taskId, nodeId: 'apply' }, boss)).body.msg, '请填写批复意见');
    assert.equal((await post('/api/blade-workflow/process/rollbackTask', { taskId: t1.taskId, nodeId: 'lead', comment: 'x' }, boss)).status, 400);
    assert.equal((await post('/api/blade-workflow/process/rollbackTask', { taskId: t1.taskId, nodeId: 'apply', comment: '补材料' }, boss)).status, 200);
    assert.equal(await status(i1), 'reject');
    const mine = await taskIn(user, i1);
    assert.equal(mine.taskName, '申请');
    // urge: the handler is reminded, msg says so
    const urge = await post('/api/blade-workflow/process/urgeTask', { processInstanceId: i1 }, user);
    assert.equal(urge.body.msg, '催办成功');
    assert.equal((await post('/api/blade-workflow/process/urgeTask', {}, user)).status, 400);
    // revoke: 撤销 ends it, and only the owner may
    assert.equal((await post('/api/blade-workflow/process/revokeSubmission', { processInstanceId: i1, withdrawType: 'wf_withdraw_end' }, boss)).status, 403);
    assert.equal((await post('/api/blade-workflow/process/revokeSubmission', { processInstanceId: i1, withdrawType: 'wf_withdraw_end' }, user)).body.msg, '撤销成功');
    assert.equal(await status(i1), 'withdraw');
    const i2 = await start();
    assert.equal((await post('/api/blade-workflow/process/revokeSubmission', { processInstanceId: i2, withdrawType: 'wf_withdraw_start' }, user)).body.msg, '撤回成功');
    assert.equal(await status(i2), 'recall');
    // terminate needs the button: the dept node does not offer it
    const i3 = await start();
    const t3 = await taskIn(boss, i3);
    assert.equal((await post('/api/blade-workflow/process/terminateProcess', { taskId: t3.taskId, comment: '停' }, boss)).status, 403);
    await post('/api/blade-workflow/process/completeTask', { taskId: t3.taskId }, boss);
    // the leader's node offers everything: delegate, resolve, transfer, terminate
    const l3 = await taskIn(user, i3);
    assert.equal((await post('/api/blade-workflow/process/delegateTask', { taskId: l3.taskId, assignee: bossId, comment: '请代办' }, user)).body.msg, '委托成功');
    await post('/api/blade-workflow/process/completeTask', { taskId: l3.taskId, comment: '已阅' }, boss); // resolves back to user
    assert.equal((await post('/api/blade-workflow/process/transferTask', { taskId: l3.taskId, assignee: '123', comment: 'x' }, user)).status, 400);
    assert.equal((await post('/api/blade-workflow/process/transferTask', { taskId: l3.taskId, assignee: SEED.adminId, comment: '转给管理员' }, user)).body.msg, '转办成功');
    assert.equal((await post('/api/blade-workflow/process/terminateProcess', { taskId: l3.taskId, comment: '终止' }, admin)).body.msg, '终止成功');
    assert.equal(await status(i3), 'terminated');
    assert.equal((await post('/api/blade-workflow/process/addMultiInstance', { taskId: l3.taskId, assignee: bossId }, admin)).body.msg, '任务已被处理，请刷新后重试');
  });

  test('re-submitting after a reject: 修改说明 is required and recorded as explainComment; anyone else\'s pass stays 审批', async () => {
    const inst = (await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 2, assignee: bossId, leader: SEED.userId }, user)).body.data.processInstanceId as string;
    const taskIn = async (token: string) => (await todo(token)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    const t1 = await taskIn(boss);
    // an approver asking for explainComment on a running process records a plain approval comment later
    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: t1.taskId, pass: false, comment: '请补充', commentType: 'comment' }, boss)).body.msg, '驳回成功');
    assert.equal(await status(inst), 'reject');
    const back = await taskIn(user);
    assert.equal(back.taskName, '申请');
    const noText = await post('/api/blade-workflow/process/completeTask', { taskId: back.taskId, pass: true, commentType: 'explainComment', assignee: bossId }, user);
    assert.equal(noText.status, 400);
    assert.equal(noText.body.msg, '请填写修改说明');
    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: back.taskId, pass: true, comment: '已补充', commentType: 'explainComment', assignee: bossId }, user)).body.msg, '办理成功');
    const t2 = await taskIn(boss);
    // the process runs again: the approver's explainComment is not the owner's explanation
    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: t2.taskId, pass: true, comment: '同意', commentType: 'explainComment' }, boss)).status, 200);
    const flow = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, user)).body.data.flow as { comments: { type: string; fullMessage: string }[] }[];
    const types = Object.fromEntries(flow.flatMap((f) => f.comments).map((c) => [c.fullMessage, c.type]));
    assert.deepEqual({ 请补充: types['请补充'], 已补充: types['已补充'], 同意: types['同意'] }, { 请补充: 'rollbackComment', 已补充: 'explainComment', 同意: 'comment' });
  });

  test('multi-instance sample: add and delete signers through the API; ops calls', async () => {
    const r = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'newmultiinstancetest', assigneeList: [SEED.adminId, SEED.userId] });
    const inst = r.body.data.processInstanceId;
    const mine = (await todo(admin)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    assert.equal((await post('/api/blade-workflow/process/addMultiInstance', { taskId: mine.taskId, assignee: bossId, comment: '加签' })).body.msg, '加签成功');
    assert.equal((await post('/api/blade-workflow/process/addMultiInstance', { taskId: mine.taskId })).body.msg, '指定审核人不能为空');
    assert.equal((await opsTasks(inst)).length, 3);
    assert.equal((await post('/api/blade-workflow/ops/deleteMultiInstance', { taskId: mine.taskId, assignee: bossId })).status, 200);
    assert.equal((await opsTasks(inst)).length, 2);
    const userTask = (await opsTasks(inst)).find((t) => t.assignee === SEED.userId)!;
    assert.equal((await post('/api/blade-workflow/ops/dispatchTask', { taskId: userTask.taskId, assignee: bossId, comment: '调度' })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/changeTaskAssignee', { taskId: userTask.taskId, assignee: SEED.userId })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/changeTaskAssignee', { taskId: userTask.taskId })).body.msg, '指定审核人不能为空');
    assert.equal((await post('/api/blade-workflow/ops/copyTask', { taskId: userTask.taskId, copyUser: bossId })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/urgeTask', { processInstanceId: inst })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/transferTask', { taskId: userTask.taskId, assignee: bossId, comment: 't' })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/delegateTask', { taskId: userTask.taskId, assignee: SEED.userId, comment: 'd' })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/addMultiInstance', { taskId: userTask.taskId, assignee: bossId })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/completeTask', { taskId: userTask.taskId, comment: 'ok' })).status, 200);
    const nodes = (await get(`/api/blade-workflow/ops/processNodes?processInstanceId=${inst}`)).body.data;
    assert.ok(nodes.some((n: { current: boolean }) => n.current));
    assert.ok((await get('/api/blade-workflow/ops/processList?processDefinitionKey=newmultiinstancetest')).body.data.total >= 1);
    assert.ok((await get('/api/blade-workflow/ops/doneList')).body.data.total >= 1);
    assert.ok((await get('/api/blade-flow/follow/list')).body.data.records.some((x: { processInstanceId: string }) => x.processInstanceId === inst));
    assert.equal((await post('/api/blade-workflow/ops/changeTaskStatus', { processInstanceId: inst, status: 'suspended' })).status, 200);
    assert.equal((await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'newmultiinstancetest', assigneeList: [SEED.adminId] })).body.msg, '流程定义已挂起，无法发起');
    assert.equal((await post('/api/blade-workflow/ops/changeTaskStatus', { processInstanceId: inst, status: 'active' })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/terminateProcess', { processInstanceId: inst, comment: '终止' })).status, 200);
    assert.equal((await post('/api/blade-workflow/ops/terminateProcess', { processInstanceId: inst })).status, 400);
    assert.equal((await post('/api/blade-workflow/ops/deleteProcess', { processInstanceId: inst })).status, 200);
    assert.equal(await status(inst), 'deleted');
    const i2 = (await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'newmultiinstancetest', assigneeList: [SEED.adminId] })).body.data.processInstanceId;
    assert.equal((await post('/api/blade-flow/follow/delete-process-instance', { processInstanceId: i2, deleteReason: 'test' })).status, 200);
    const t0 = (await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'embeddedFormsQuickstart' })).body.data.tasks[0];
    assert.equal((await post('/api/blade-workflow/ops/rollbackTask', { taskId: t0.taskId, nodeId: 'nowhere' })).status, 400);
  });

  test('drafts, leave sample, design entities, supervision, proxy, flow permission', async () => {
    const draft = (await post('/api/blade-workflow/process/draft/submit', { processDefKey: 'leaveFlow', title: '草稿', variables: { days: 2 } }, user)).body.data;
    assert.equal((await get(`/api/blade-workflow/process/draft/detail?id=${draft.id}`, user)).body.data.title, '草稿');
    assert.equal((await get(`/api/blade-workflow/process/draft/detail?id=${draft.id}`, boss)).body.data, null); // one's own drafts only
    assert.equal((await get('/api/blade-workflow/process/draft/list', user)).body.data.total, 1);
    // starting from a draft uses it up
    const st = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 1, assignee: bossId, leader: SEED.adminId, draftId: draft.id }, user);
    assert.equal(st.status, 200);
    assert.equal((await get('/api/blade-workflow/process/draft/list', user)).body.data.total, 0);
    const leave = (await post('/api/blade-workflow/process/leave/submit', { leaveType: '事假', days: 1.5, reason: '家事' }, user)).body.data;
    assert.equal((await get('/api/blade-workflow/process/leave/list?reason=家', user)).body.data.total, 1);
    assert.equal((await post(`/api/blade-workflow/process/leave/remove?ids=${leave.id}`, {}, user)).status, 200);
    assert.equal((await post('/api/blade-workflow/process/leave/remove', {}, user)).status, 400);

    for (const base of ['form/theme', 'form/variable', 'form/default-values']) {
      const row = (await post(`/api/blade-workflow/design/${base}/submit`, { name: base, content: { a: 1 } })).body.data;
      assert.equal((await get(`/api/blade-workflow/design/${base}/detail?id=${row.id}`)).body.data.name, base);
      assert.equal((await get(`/api/blade-workflow/design/${base}/list`)).body.data.total, 1);
      assert.equal((await post(`/api/blade-workflow/design/${base}/submit`, { content: 'x' })).status, 400);
      assert.equal((await post(`/api/blade-workflow/design/${base}/remove?ids=${row.id}`)).status, 200);
    }
    const btn = (await post('/api/blade-workflow/design/button/submit', { buttonKey: 'wf_pass', name: '通过', sort: 1 })).body.data;
    assert.equal((await get('/api/blade-workflow/design/button/list')).body.data.records[0].name, '通过');
    // one row per engine button: an unknown key and a second wf_pass are refused, nothing written
    const unknown = await post('/api/blade-workflow/design/button/submit', { buttonKey: 'wf_launch_rockets', name: '发射' });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.msg, /按钮标识不存在/);
    const twice = await post('/api/blade-workflow/design/button/submit', { buttonKey: 'wf_pass', name: '同意' });
    assert.equal(twice.status, 400);
    assert.match(twice.body.msg, /按钮标识已存在/);
    assert.equal((await post('/api/blade-workflow/design/button/submit', { id: btn.id, buttonKey: 'wf_pass', name: '同意办理', sort: 1 })).status, 200);
    assert.equal((await get('/api/blade-workflow/design/button/list')).body.data.total, 1);
    // an ordinary user may not write any set
    for (const base of ['form/theme', 'form/variable', 'form/default-values', 'button']) {
      const r = await post(`/api/blade-workflow/design/${base}/submit`, { name: 'x', buttonKey: 'wf_reject', prop: 'x', content: {} }, user);
      assert.equal(r.status, 403, base);
    }
    assert.equal((await post(`/api/blade-workflow/design/button/remove?ids=${btn.id}`, {}, user)).status, 403);
    assert.equal((await post(`/api/blade-workflow/design/button/remove?ids=${btn.id}`)).status, 200);
    const tree = (await get('/api/blade-workflow/design/category/tree', user)).body.data;
    assert.ok(tree.some((n: { title: string }) => n.title === '人事'));
    const forms = (await get('/api/blade-workflow/design/form/list?formKey=leaveForm')).body.data.records;
    const formId = forms[0].id;
    await post('/api/blade-workflow/design/form/submit', { id: formId, formKey: 'leaveForm', name: '请假表单', content: { column: [{ label: '天数', prop: 'days' }] } });
    const hist = (await get(`/api/blade-workflow/design/form/history/list?formId=${formId}`)).body.data.records;
    assert.equal(hist.length, 2);
    assert.equal((await post('/api/blade-workflow/design/form/history/setMainVersion', { id: hist[1].id })).status, 200);
    assert.equal((await get(`/api/blade-workflow/design/form/detail?id=${formId}`)).body.data.version, 1);
    assert.equal((await post('/api/blade-workflow/design/form/history/setMainVersion', { id: '1' })).status, 400);
    assert.ok((await get('/api/blade-workflow/design/form/listType')).body.data.length >= 1);
    assert.equal((await post('/api/blade-workflow/design/form/changeCategory', { ids: formId, categoryId: '' })).body.data, true);
    const scratch = (await post('/api/blade-workflow/design/form/submit', { formKey: 'scratch', name: 's' })).body.data;
    assert.equal((await post('/api/blade-workflow/design/form/remove', { data: scratch.id })).status, 200);

    const model = (await get('/api/blade-workflow/design/model/list?modelKey=leaveFlow')).body.data.records[0];
    assert.equal((await post('/api/blade-workflow/design/model/changeIcon', { id: model.id, icon: 'icon-leave' })).status, 200);
    assert.equal((await post('/api/blade-workflow/design/model/changeCategory', { ids: model.id, categoryId: 'bad' })).status, 400);
    const h = (await get(`/api/blade-workflow/design/model/history/list?modelId=${model.id}`)).body.data.records[0];
    assert.equal((await post('/api/blade-workflow/design/model/history/setMainVersion', { id: h.id })).body.data.version, 2);
    // scope: only the management role may start it now
    const scope = await s.api('/api/blade-workflow/design/model/scope/submit', {
      method: 'POST', token: admin, headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ modelId: model.id, scopes: [{ scopeType: 'role', val: 'management' }] }),
    });
    assert.equal(scope.status, 200, JSON.stringify(scope.body));
    assert.equal((await get(`/api/blade-workflow/design/model/scope/list?modelId=${model.id}`)).body.data.total, 1);
    assert.equal((await get(`/api/flowPermissionConfig/flowPermissionConfig/currentUserPermission?modelId=${model.id}`, user)).body.data.canStart, false);
    assert.equal((await get(`/api/flowPermissionConfig/flowPermissionConfig/currentUserPermission?modelId=${model.id}`, boss)).body.data.canStart, true);
    assert.equal((await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 1, assignee: bossId, leader: SEED.adminId }, user)).status, 403);
    assert.ok(!(await get('/api/blade-workflow/process/processList?size=100', user)).body.data.records.some((x: { processDefKey: string }) => x.processDefKey === 'leaveFlow'));
    await s.api('/api/blade-workflow/design/model/scope/submit', { method: 'POST', token: admin, json: { modelId: model.id, scopes: [] } });
    const diy = (await post('/api/blade-flowPermissionDiy/flowPermissionDiy/submit', { modelId: model.id, name: '人事可见', roleIds: 'management' })).body.data;
    assert.equal((await get(`/api/blade-flowPermissionDiy/flowPermissionDiy/detail?id=${diy.id}`)).body.data.name, '人事可见');
    assert.equal((await get('/api/blade-flowPermissionDiy/flowPermissionDiy/list')).body.data.total, 1);
    assert.equal((await post(`/api/blade-flowPermissionDiy/flowPermissionDiy/remove?ids=${diy.id}`)).status, 200);

    // supervision on the running leave of the draft start
    const inst = st.body.data.processInstanceId;
    assert.equal((await post('/api/blade-workflow/supervision/submit', { instId: inst, nodeKey: 'dept', awaitTime: 0, timeCount: 1, timeUnit: 'hour', maxCount: 1, receivers: bossId })).status, 400);
    const sup = await post('/api/blade-workflow/supervision/submit', { instId: inst, nodeKey: 'dept', awaitTime: 1, timeCount: 1, timeUnit: 'hour', maxCount: 2, receivers: bossId, context: '请尽快审批' }, user);
    assert.equal(sup.status, 200, JSON.stringify(sup.body));
    assert.equal((await get('/api/blade-workflow/supervision/list', user)).body.data.records[0].receiverNames, 'boss');
    assert.equal((await get(`/api/blade-workflow/supervision/detail?id=${sup.body.data.id}`, user)).body.data.status, 1);
    assert.equal((await post('/api/blade-workflow/supervision/submit', { id: sup.body.data.id, awaitTime: 2, timeCount: 2, timeUnit: 'minutes', maxCount: 3, receivers: bossId }, user)).body.data.timeUnit, 'minutes');
    assert.equal((await post(`/api/blade-workflow/supervision/remove?ids=${sup.body.data.id}`, {}, user)).status, 200);
    assert.equal((await get(`/api/blade-workflow/supervision/detail?id=${sup.body.data.id}`, user)).body.data, null);

    const proxy = await post('/api/blade-workflow/ops/proxy/submit', { userId: SEED.userId, proxyUserId: bossId, processDefKey: 'leaveFlow' });
    assert.equal(proxy.status, 200, JSON.stringify(proxy.body));
    assert.equal((await get(`/api/blade-workflow/ops/proxy/detail?id=${proxy.body.data.id}`)).body.data.proxyUserId, bossId);
    assert.equal((await get('/api/blade-workflow/ops/proxy/list')).body.data.total, 1);
    assert.equal((await post('/api/blade-workflow/ops/proxy/submit', { userId: SEED.userId, proxyUserId: '42' })).status, 400);
    assert.equal((await post(`/api/blade-workflow/ops/proxy/remove?ids=${proxy.body.data.id}`)).status, 200);

    const logs = (await get('/api/blade-wfFlowLog/wfFlowLog/list?size=5')).body.data;
    assert.ok(logs.total > 0);
    const manual = (await post('/api/blade-wfFlowLog/wfFlowLog/submit', { instId: inst, action: 'note', content: '手工记录' })).body.data;
    assert.equal((await get(`/api/blade-wfFlowLog/wfFlowLog/detail?id=${manual.id}`)).body.data.content, '手工记录');
    assert.equal((await post(`/api/blade-wfFlowLog/wfFlowLog/remove?ids=${manual.id}`)).status, 200);
    assert.equal((await get(`/api/blade-workflow/process/user/detail?id=${bossId}`, user)).body.data.deptName, '信息化中心');
    assert.equal((await get('/api/blade-workflow/process/user/detail', user)).status, 400);
  });

  test('deployments: change state, model CRUD under blade-flow, delete a deployment (refused while running)', async () => {
    const defs = (await upload(['loanApproval.bpmn'])).body.data;
    const defId = defs[0].id;
    assert.equal((await post('/api/blade-flow/manager/change-state', { processId: defId, state: 'suspend' })).body.data.suspensionState, 2);
    assert.equal((await post('/api/blade-flow/manager/change-state', { processId: defId, state: 'x' })).status, 400);
    await post('/api/blade-flow/manager/change-state', { processId: defId, state: 'active' });
    const inst = (await post('/api/blade-workflow/process/startProcess', { processId: defId })).body.data.processInstanceId;
    assert.equal((await post('/api/blade-flow/manager/delete-deployment', { deploymentIds: defs[0].deploymentId })).body.msg, '该部署下仍有运行中的流程实例，无法删除');
    await post('/api/blade-workflow/ops/terminateProcess', { processInstanceId: inst, comment: 'end' });
    assert.equal((await post('/api/blade-flow/manager/delete-deployment', { deploymentIds: defs[0].deploymentId })).status, 200);
    const m = (await post('/api/blade-flow/model/submit', { modelKey: 'loanCopy', name: '贷款', xml: readFileSync(SAMPLES + 'loanApproval.bpmn', 'utf8') })).body.data;
    assert.equal((await get(`/api/blade-flow/model/detail?id=${m.id}`)).body.data.name, '贷款');
    assert.equal((await get('/api/blade-flow/model/list?name=贷款')).body.data.total, 1);
    assert.equal((await post('/api/blade-flow/model/deploy', { id: m.id })).status, 200);
    assert.equal((await post('/api/blade-flow/model/deploy', { id: '1' })).status, 404);
    assert.equal((await post(`/api/blade-flow/model/remove?ids=${m.id}`)).status, 200);
    assert.ok((await get(`/api/blade-flow/process/model-view?processDefinitionId=${defs[0].id}`)).status === 404); // deleted with its deployment
  });

  test('tenant isolation and administrator-only calls', async () => {
    const r = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 1, assignee: bossId, leader: SEED.adminId }, user);
    const inst = r.body.data.processInstanceId;
    const task = r.body.data.tasks[0];
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, other)).status, 404);
    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: task.taskId, comment: 'x' }, other)).status, 404);
    assert.equal((await post('/api/blade-workflow/ops/terminateProcess', { processInstanceId: inst, comment: 'x' }, other)).status, 404);
    assert.equal((await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow' }, other)).status, 404);
    assert.equal((await get('/api/blade-workflow/ops/list', other)).body.data.total, 0);
    assert.equal((await get('/api/blade-workflow/process/todoList', other)).body.data.total, 0);
    assert.equal((await get('/api/blade-workflow/design/model/list', other)).body.data.total, 0);
    assert.equal((await get(`/api/blade-workflow/process/modelView?processInstanceId=${inst}`, other)).status, 404);
    // an ordinary user not involved may not look; and may not call admin calls
    const outsider = await addUser(s, 'outsider');
    const out = (await s.login('outsider', 'user')).access_token;
    assert.ok(outsider);
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, out)).status, 403);
    for (const [method, path] of [
      ['GET', '/api/blade-workflow/ops/list'], ['POST', '/api/blade-workflow/ops/deleteProcess'], ['GET', '/api/blade-workflow/ops/proxy/list'],
      ['GET', '/api/blade-workflow/design/model/list'], ['POST', '/api/blade-workflow/design/model/deploy'], ['GET', '/api/blade-flow/manager/list'],
      ['POST', '/api/blade-flow/manager/delete-deployment'], ['GET', '/api/blade-flow/follow/list'],
    ] as const) {
      const res = method === 'GET' ? await get(path, user) : await post(path, {}, user);
      assert.equal(res.status, 403, `${method} ${path}`);
    }
  });

  test('screens (issue 6): pre-read and submit-after in the start form, 减签 by the handler with its choices, print template (打印配置异常 without), drafts newest first', async () => {
    const SIGN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="signFlow" name="会签流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="sign"/>
    <userTask id="sign" name="会签" flowable:assignee="\${signer}" flowable:buttons="wf_pass,wf_reject,wf_add_instance,wf_delete_instance,wf_print">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/>
    </userTask>
    <sequenceFlow id="f2" sourceRef="sign" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
    const f = await post('/api/blade-workflow/design/form/submit', {
      formKey: 'signForm', name: '会签表单',
      content: { column: [{ label: '事项', prop: 'topic' }, { label: '类型', prop: 'kind', type: 'select', dicData: [{ label: '采购', value: 'buy' }] }, { label: '会签人', prop: 'signers', type: 'userSelect' }] },
    });
    assert.equal(f.status, 200);
    const settings = {
      preRead: { title: '须知', content: '请如实填写', readTime: 0, files: [{ name: 'a.pdf', url: '/f/a.pdf' }, { url: '' }] },
      submitAfter: [{ submitType: 'start', content: '已提交会签', jumpType: 'newPage', jumpAddress: '/workflow/process/send' }],
      printTemplate: { templateName: '会签单', content: '<h2>${processDefinitionName}</h2><p>${topic}/${kind}/${signers}/${startUser}</p>${approvals}' },
    };
    const m = (await post('/api/blade-workflow/design/model/submit', { modelKey: 'signFlow', name: '会签流程', xml: SIGN_XML, formKey: 'signForm', settings })).body.data;
    assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.id })).status, 200);
    const form = (await get('/api/blade-workflow/process/getFormByProcessDefKey?processDefKey=signFlow', user)).body.data;
    assert.deepEqual(form.preRead, { title: '须知', content: '请如实填写', readTime: 1, buttonText: '', files: [{ name: 'a.pdf', url: '/f/a.pdf' }] });
    assert.equal(form.submitAfter[0].content, '已提交会签');
    assert.equal((await get('/api/blade-workflow/process/getFormByProcessDefKey?processDefKey=leaveFlow', user)).body.data.preRead, null);

    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'signFlow', topic: '<b>买书</b>', kind: 'buy', signers: `${SEED.adminId},${bossId},${SEED.userId}`, copyUser: bossId }, user);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const inst = started.body.data.processInstanceId;
    const mine = (await todo(admin)).records.find((x: { processInstanceId: string }) => x.processInstanceId === inst);
    // the choices leave the caller out
    const choices = (await get(`/api/blade-workflow/process/multiInstanceSigners?taskId=${mine.taskId}`)).body.data;
    assert.equal(choices.multiInstance, true);
    assert.deepEqual(choices.signers.map((x: { userId: string }) => x.userId).sort(), [bossId, SEED.userId].sort());
    assert.equal(choices.signers.find((x: { userId: string }) => x.userId === SEED.userId).name, '李明');
    // only a handler of the task; an empty choice is refused
    assert.equal((await post('/api/blade-workflow/process/deleteMultiInstance', { taskId: mine.taskId, assignee: bossId }, boss)).status, 403);
    assert.equal((await post('/api/blade-workflow/process/deleteMultiInstance', { taskId: mine.taskId })).body.msg, '指定审核人不能为空');
    const del = await post('/api/blade-workflow/process/deleteMultiInstance', { taskId: mine.taskId, assignee: bossId, comment: '不需要' });
    assert.equal(del.body.msg, '减签成功', JSON.stringify(del.body));
    assert.equal((await opsTasks(inst)).length, 2);
    const d = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`)).body.data;
    assert.ok(d.flow.some((x: { comments: { type: string }[] }) => x.comments.some((c) => c.type === 'deleteMultiInstanceComment')));
    assert.equal(d.process.submitAfter[0].jumpType, 'newPage');
    // a copy without a text of its own names its recipients
    assert.ok(d.flow.some((x: { comments: { type: string; fullMessage: string }[] }) => x.comments.some((c) => c.type === 'copyComment' && c.fullMessage === 'boss')));
    // not a multi-instance node: no choices
    const leaveTask = (await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'leaveFlow', days: 1, assignee: bossId, leader: SEED.adminId }, user)).body.data.tasks[0];
    assert.equal((await get(`/api/blade-workflow/process/multiInstanceSigners?taskId=${leaveTask.taskId}`, user)).body.data.multiInstance, false);

    // print: values escaped, dictionary labels and user names shown; a model without a template or form is refused
    const pr = (await get(`/api/blade-workflow/process/printTemplate?processInsId=${inst}`, user)).body.data;
    assert.equal(pr.templateName, '会签单');
    assert.ok(pr.html.includes('<h2>会签流程</h2>'), pr.html);
    assert.ok(pr.html.includes('&#60;b&#62;买书&#60;/b&#62;/采购/管理员、boss、李明/李明'), pr.html);
    assert.ok(pr.html.includes('不需要') && pr.html.includes('<th>意见</th>'));
    const none = await get(`/api/blade-workflow/process/printTemplate?processInsId=${leaveTask.processInstanceId}`, user);
    assert.equal(none.status, 400);
    assert.equal(none.body.msg, '打印配置异常');
    assert.equal((await s.api(`/api/blade-workflow/process/printTemplate?processInsId=${inst}`, { token: other })).status, 404);

    // drafts: newest saved first; updating one moves it up; several removed at once
    const save = (json: unknown) => post('/api/blade-workflow/process/draft/submit', json, user).then((r) => r.body.data);
    const a = await save({ processDefKey: 'signFlow', title: 'A', variables: { topic: 'a' } });
    const b = await save({ processDefKey: 'signFlow', title: 'B', variables: { topic: 'b' } });
    const order = async () => (await get('/api/blade-workflow/process/draft/list', user)).body.data.records.map((r: { title: string }) => r.title);
    assert.deepEqual(await order(), ['B', 'A']);
    await new Promise((r) => setTimeout(r, 20));
    await save({ id: a.id, processDefKey: 'signFlow', title: 'A', variables: JSON.stringify({ topic: 'a2' }) });
    assert.deepEqual(await order(), ['A', 'B']);
    assert.equal(JSON.parse((await get(`/api/blade-workflow/process/draft/detail?id=${a.id}`, user)).body.data.variables).topic, 'a2');
    assert.equal((await post(`/api/blade-workflow/process/draft/remove?ids=${a.id},${b.id}`, {}, user)).status, 200);
    assert.deepEqual(await order(), []);
  });

  test('every workflow and flow-engine call of the catalogue is served and answers an empty call without a server error', async () => {
    const rows = readFileSync(CATALOGUE, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'))
      .filter(([area, , path]) => (area === 'workflow' || area === 'flow-engine') && !path!.startsWith('?'));
    for (const [, m, path] of rows) {
      const method = m!.replace('?', '');
      const res = method === 'GET' ? await get(`${path}?current=1&size=10`) : await post(path!, {});
      assert.ok(![404, 405, 500].includes(res.status) || /不存在/.test(res.body?.msg ?? ''), `${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  });
});
