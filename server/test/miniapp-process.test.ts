// Micro-apps bound to a process (issue 15 "Micro-apps with processes", 001 §4): a new record of an
// app whose processDefKey names a deployed two-step process is saved in status 3 and starts the
// process as its author; the approvers see the app's form with their field rights (the one
// evaluator) and what they change is written back to the record (source flow, collection log and
// audit); the record returns to 1 when the process completes, 4 when it is terminated, 5 when it
// is revoked; submitBizProcess sends those records through again; a record in circulation cannot
// be changed or removed; another tenant sees none of it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const B = '/api/appBizData/appBizData';
const W = '/api/blade-workflow/process';

/** start → 初审 (the administrator) → 复审 (the boss; may not change the title) → end. */
const xml = (bossId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="expenseFlow" name="报销审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="初审" flowable:assignee="${SEED.adminId}"/>
    <sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <userTask id="second" name="复审" flowable:assignee="${bossId}">
      <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"title":"read"}'/></flowable:properties></extensionElements>
    </userTask>
    <sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

/** start → 指定审批 (the approver the author chooses: 发起人自选) → end. */
const PICK_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="pickFlow" name="自选审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="pick"/>
    <userTask id="pick" name="指定审批" flowable:assignee="\${customUserTask_pick}"/>
    <sequenceFlow id="f2" sourceRef="pick" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

await forEachDatabase('micro-app records bound to a process', (kind) => {
  let s: TestServer;
  let admin: string, user: string, boss: string, other: string;
  let bossId: string, appId: string, mainId: string;
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, json });
  const get = (path: string, token = admin) => s.api(path, { token });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  const q = (sqlText: ReturnType<typeof sql>) => sqlText.execute(s.server.database.db);
  before(async () => {
    s = await startServer({ kind });
    bossId = await addUser(s, 'boss1', { deptId: SEED.deptInfoId });
    [admin, user, boss, other] = await Promise.all([
      s.login().then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token), s.login('boss1', 'user').then((r) => r.access_token),
      s.login('admin', 'admin', SEED.otherTenant).then((r) => r.access_token),
    ]);
    mainId = (await must(post('/api/blade-model/model/submit', { modelName: '报销单', modelTable: 'expense' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: mainId, items: [
      { fieldName: 'title', fieldLabel: '事由', fieldLabelEn: 'Purpose', fieldType: 'string', required: 1, searchable: 1, sort: 1 },
      { fieldName: 'amount', fieldLabel: '金额', fieldType: 'decimal', scale: 2, sort: 2 },
      { fieldName: 'note', fieldLabel: '审核意见', fieldType: 'text', sort: 3 },
      { fieldName: 'secret', fieldLabel: '内部备注', fieldType: 'string', sort: 4 },
    ] }));
    const itemId = (await must(post('/api/blade-model/model/submit', { modelName: '明细', modelTable: 'expense_item', parentId: mainId, relation: 'more' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: itemId, items: [{ fieldName: 'item', fieldLabel: '项目', fieldType: 'string', required: 1 }, { fieldName: 'cost', fieldLabel: '费用', fieldType: 'decimal' }] }));
    await must(get(`/api/blade-model/model/createTable?modelIds=${mainId},${itemId}`));
    const form = { column: [
      { prop: 'title', label: '报销事由', type: 'input', required: true }, { prop: 'amount', label: '报销金额', type: 'number' },
      { prop: 'note', label: '审核意见', type: 'textarea' }, { prop: 'secret', label: '内部备注', type: 'input' },
      { prop: 'expense_item_dynamic', label: '明细', type: 'dynamic', children: { column: [{ prop: 'item', label: '项目', type: 'input' }, { prop: 'cost', label: '费用', type: 'number' }] } },
    ] };
    appId = (await must(post('/api/appInfo/appInfo/submit', { appName: '报销', modelId: mainId, appStatus: 1, formOption: JSON.stringify(form) }))).id;
    // the author: adds and views their own; the boss: views all, the amount read-only, the internal note hidden
    await must(post('/api/appPermission/appPermission/submit', { appId, permissionName: '申请人', roleIds: SEED.userRoleId, operates: 'add,view', dataScope: 'own' }));
    const bossGroup = (await must(post('/api/appPermission/appPermission/submit', { appId, permissionName: '复审', userIds: bossId, operates: 'view', dataScope: 'all' }))).id;
    await must(post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: bossGroup, scopes: [
      { modelId: mainId, fieldName: 'amount', hide: 0, disabled: 1, display: 1, search: 1 },
      { modelId: mainId, fieldName: 'secret', hide: 1, disabled: 1, display: 0, search: 0 },
    ] }));
    const model = await must(post('/api/blade-workflow/design/model/submit', { modelKey: 'expenseFlow', name: '报销审批', xml: xml(bossId) }));
    await must(post('/api/blade-workflow/design/model/deploy', { id: model.id }));
    const pick = await must(post('/api/blade-workflow/design/model/submit', { modelKey: 'pickFlow', name: '自选审批', xml: PICK_XML }));
    await must(post('/api/blade-workflow/design/model/deploy', { id: pick.id }));
  });
  after(async () => { await s?.close(); });

  const bind = (key: string | null) => must(post('/api/appInfo/appInfo/update', { id: appId, appName: '报销', modelId: mainId, appStatus: 1, processDefKey: key }));
  const save = (data: Record<string, unknown>, token = user) => post(`${B}/saveBizData`, { appId, data }, token);
  const detail = async (id: string, token = admin) => must(post(`${B}/detail`, { appId, id }, token));
  const taskOf = async (instanceId: string, token: string) => {
    const rows = (await must(get(`${W}/todoList?size=50&processDefKey=expenseFlow`, token))).records as { taskId: string; processInstanceId: string }[];
    const t = rows.find((r) => r.processInstanceId === instanceId);
    assert.ok(t, `a task of ${instanceId} for the approver`);
    return t.taskId;
  };
  const links = async (recordId: string) => (await q(sql`select process_instance_id, data_status from blade_app_biz_process where record_id = ${recordId} order by id`)).rows as { processInstanceId: string; dataStatus: number }[];

  test('an unbound app saves as before (status 1); a key that is not deployed refuses the save and stores nothing', async () => {
    const plain = await must(save({ title: '未绑定' }));
    assert.equal(plain.EXPENSE_DATA_STATUS, 1);
    assert.equal(plain.processInstanceId, undefined);
    assert.equal((await detail(plain.EXPENSE_ID)).processInstanceId, null);
    assert.equal((await post(`${B}/submitBizProcess`, { appId, ids: [plain.EXPENSE_ID] })).body.msg, '该应用未绑定流程');
    const formOf = async () => (await must(get(`${B}/queryAppForm?appId=${appId}`, user))) as { processBound: boolean; process: any };
    assert.deepEqual(await formOf().then((f) => [f.processBound, f.process]), [false, null]);
    await bind('noSuchFlow');
    assert.deepEqual(await formOf().then((f) => [f.processBound, f.process]), [true, null], 'bound to a key not deployed: nothing to ask');
    const count = async () => Number(((await q(sql`select count(*)::int as n from ma_000000_expense`)).rows[0] as { n: number }).n);
    const n = await count();
    const r = await save({ title: '流程未部署' });
    assert.equal(r.status, 400);
    assert.match(r.body.msg, /应用绑定的流程“noSuchFlow”尚未部署/);
    assert.equal(await count(), n);
    // a process whose approver the author chooses: without the choice nothing starts and nothing is stored; with it the task is the chosen one's
    await bind('pickFlow');
    // the data screen learns what to ask from the app's form
    assert.deepEqual((await formOf()).process, {
      processDefKey: 'pickFlow', processName: '自选审批', assigneeRequired: false,
      customUserTasks: [{ nodeId: 'pick', nodeName: '指定审批', multiple: false }], userTasks: [{ nodeId: 'pick', nodeName: '指定审批' }],
    });
    const unchosen = await save({ title: '未选审批人' });
    assert.equal(unchosen.status, 400);
    assert.match(unchosen.body.msg, /请为「指定审批」选择审批人/);
    assert.equal(await count(), n);
    const chosen = await post(`${B}/saveBizData`, { appId, data: { title: '已选审批人' }, customUserTask: JSON.stringify({ pick: bossId }) }, user);
    assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
    assert.equal(chosen.body.data.EXPENSE_DATA_STATUS, 3);
    const task = (await must(get(`${W}/todoList?size=50&processDefKey=pickFlow`, boss))).records.find((r: { processInstanceId: string }) => r.processInstanceId === chosen.body.data.processInstanceId);
    assert.ok(task, 'the chosen approver has the task');
    await must(post(`${W}/completeTask`, { taskId: task.taskId, pass: true, comment: 'ok' }, boss));
    assert.equal((await detail(chosen.body.data.EXPENSE_ID)).EXPENSE_DATA_STATUS, 1);
    await bind('expenseFlow');
  });

  test('the bound process does not start from 发起流程 (no record would hold it): refused naming the app, in zh and en; unbound again, it starts there', async () => {
    const instances = async () => Number(((await q(sql`select count(*)::int as n from wf_instance`)).rows[0] as { n: number }).n);
    const offered = async () => ((await must(get(`${W}/processList?size=200`))).records as { processDefKey: string }[]).some((r) => r.processDefKey === 'expenseFlow');
    assert.equal(await offered(), false, '发起流程 does not offer a bound process');
    const n = await instances();
    for (const body of [{ processDefKey: 'expenseFlow' }, { processDefKey: 'expenseFlow', title: '绕过应用', amount: 5 }]) {
      const r = await post(`${W}/startProcess`, body);
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.msg, '流程“报销审批”由微应用“报销”发起：请在应用中心打开“报销”，新增数据后提交流程');
    }
    const en = await s.api(`${W}/startProcess`, { method: 'POST', token: admin, json: { processDefKey: 'expenseFlow' }, headers: { 'accept-language': 'en' } });
    assert.match(en.body.msg, /The process "报销审批" is started by the micro-app "报销": open "报销" in the app center/);
    assert.equal(await instances(), n, 'nothing started');
    // the app itself starts it (a new record)
    const viaApp = await save({ title: '应用内提交' });
    assert.equal(viaApp.status, 200, JSON.stringify(viaApp.body));
    assert.equal(viaApp.body.data.EXPENSE_DATA_STATUS, 3);
    await bind(null);
    assert.equal(await offered(), true, 'unbound, 发起流程 offers it again');
    const free = await post(`${W}/startProcess`, { processDefKey: 'expenseFlow' });
    assert.equal(free.status, 200, JSON.stringify(free.body));
    await bind('expenseFlow');
  });

  test('a new record goes into circulation (3) and is approved in two steps with the app\'s form; approvers\' changes are written back by their field rights; it returns to 1', async () => {
    const saved = await must(save({ title: '差旅', amount: 100, note: '', secret: 's1', expense_item_dynamic: [{ item: '车票', cost: 50 }] }));
    assert.equal(saved.EXPENSE_DATA_STATUS, 3);
    assert.ok(/^\d+$/.test(saved.processInstanceId));
    assert.equal(saved.id, saved.EXPENSE_ID);
    const id = saved.EXPENSE_ID;
    const mine = await detail(id, user);
    assert.equal(mine.processInstanceId, saved.processInstanceId);
    assert.equal(mine.EXPENSE_DATA_STATUS, 3);
    assert.deepEqual(await links(id), [{ processInstanceId: saved.processInstanceId, dataStatus: 3 }]);
    // the instance is the author's, with the record's values
    const sent = (await must(get(`${W}/sendList?size=50&processDefKey=expenseFlow`, user))).records;
    assert.ok(sent.some((r: { processInstanceId: string }) => r.processInstanceId === saved.processInstanceId));

    // in circulation the record can be neither changed nor removed
    const edit = await save({ EXPENSE_ID: id, title: '改' }, admin);
    assert.equal(edit.status, 400);
    assert.match(edit.body.msg, /只有正常状态的数据可以修改/);
    const removed = await post(`${B}/removeBizData`, { appId, ids: id });
    assert.deepEqual(removed.body.data, { removed: 0, skipped: 1 });
    assert.match(removed.body.msg, /只能删除正常状态的数据/);

    // approver 1 (the administrator) sees the app's designed form and every field; changes the note and a child row
    const t1 = await taskOf(saved.processInstanceId, admin);
    const d1 = await must(get(`${W}/detail?taskId=${t1}`));
    assert.equal(d1.form.formKey, `miniapp_${appId}`);
    assert.equal(d1.form.name, '报销');
    assert.deepEqual(d1.form.option.column.map((c: { prop: string }) => c.prop), ['title', 'amount', 'note', 'secret', 'expense_item_dynamic']);
    assert.equal(d1.form.option.column[0].label, '报销事由');
    assert.equal(d1.form.variables.secret, 's1');
    const row = d1.form.variables.expense_item_dynamic[0];
    assert.equal(row.item, '车票');
    assert.ok(row.EXPENSE_ITEM_ID, 'the process holds the child rows with their keys');
    // a value the app's form refuses is refused before anything happens
    const bad = await post(`${W}/completeTask`, { taskId: t1, pass: true, variables: { title: '' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /事由/);
    assert.equal(await taskOf(saved.processInstanceId, admin), t1, 'the task is still to do');
    await must(post(`${W}/completeTask`, { taskId: t1, pass: true, comment: '同意', variables: { title: '差旅', note: '初审通过', expense_item_dynamic: [{ ...row, cost: 60 }] } }));
    const after1 = await detail(id);
    assert.equal(after1.EXPENSE_DATA_STATUS, 3);
    assert.equal(after1.note, '初审通过');
    assert.deepEqual(after1.expense_item_dynamic.map((r: { EXPENSE_ITEM_ID: string; cost: number }) => [r.EXPENSE_ITEM_ID, Number(r.cost)]), [[row.EXPENSE_ITEM_ID, 60]]);

    // approver 2 (the boss): the internal note is hidden from the form and the values, the amount read-only; the node keeps the title
    const t2 = await taskOf(saved.processInstanceId, boss);
    const d2 = await must(get(`${W}/detail?taskId=${t2}`, boss));
    const cols = d2.form.option.column as { prop: string; disabled?: boolean; writable?: boolean }[];
    assert.deepEqual(cols.map((c) => c.prop), ['title', 'amount', 'note', 'expense_item_dynamic']);
    assert.equal(cols.find((c) => c.prop === 'amount')!.disabled, true);
    assert.equal(cols.find((c) => c.prop === 'title')!.writable, false);
    assert.equal('secret' in d2.form.variables, false);
    await must(post(`${W}/completeTask`, { taskId: t2, pass: true, comment: '同意', variables: { title: '偷改', amount: 999, secret: 'hack', note: '复审通过' } }, boss));
    const done = await detail(id);
    assert.equal(done.EXPENSE_DATA_STATUS, 1, 'completed: back to normal');
    assert.equal(done.note, '复审通过');
    assert.equal(done.title, '差旅', 'the node may not write the title');
    assert.equal(Number(done.amount), 100, 'read-only for the boss');
    assert.equal(done.secret, 's1', 'hidden from the boss');
    assert.equal(done.processInstanceId, saved.processInstanceId);
    assert.deepEqual((await links(id)).map((l) => l.dataStatus), [1]);

    // the collection log has the approvers' writes from the flow; the audit log their changes and the status the process gave
    const logs = await must(get(`/api/blade-changeRecord/change_record/list?appId=${appId}&bizCode=${id}&size=50`));
    const flow = logs.records.filter((r: { source: string }) => r.source === 'flow');
    assert.ok(flow.some((r: { type: string; newData: string }) => r.type === 'main' && r.newData.includes('复审通过')), JSON.stringify(logs.records));
    assert.ok(flow.some((r: { type: string }) => r.type === 'more'));
    const audit = (await q(sql`select account, operate_after from blade_app_audit_log where biz_id = ${id} order by create_time, id`)).rows as { account: string; operateAfter: string }[];
    assert.ok(audit.some((a) => a.account === 'boss1' && a.operateAfter.includes('复审通过')));
    assert.ok(audit.some((a) => a.account === 'workflow' && a.operateAfter.includes('"EXPENSE_DATA_STATUS":1')));
  });

  test('terminated → 4, revoked → 5; submitBizProcess sends 1, 4 and 5 through again and skips a record in circulation', async () => {
    const a = await must(save({ title: '终止的' }));
    const t = await taskOf(a.processInstanceId, admin);
    await must(post(`${W}/terminateProcess`, { taskId: t, comment: '不予报销' }));
    assert.equal((await detail(a.EXPENSE_ID)).EXPENSE_DATA_STATUS, 4);

    const b = await must(save({ title: '撤销的' }));
    await must(post(`${W}/revokeSubmission`, { processInstanceId: b.processInstanceId, withdrawType: 'wf_withdraw_end', comment: '不报了' }, user));
    assert.equal((await detail(b.EXPENSE_ID)).EXPENSE_DATA_STATUS, 5);

    const running = await must(save({ title: '流转中' }));
    const plain = (await q(sql`select expense_id from ma_000000_expense where title = '未绑定'`)).rows[0] as { expenseId: string };
    // the author may submit their own records (add right); another tenant may not see the app at all
    assert.equal((await post(`${B}/submitBizProcess`, { appId, ids: [a.EXPENSE_ID] }, other)).status, 400);
    const r = await post(`${B}/submitBizProcess`, { appId, ids: [a.EXPENSE_ID, b.EXPENSE_ID, running.EXPENSE_ID, String(plain.expenseId)] }, admin);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.submitted, 3);
    assert.equal(r.body.data.skipped, 1);
    assert.match(r.body.msg, /已跳过 1 条/);
    for (const x of [a, b]) {
      const d = await detail(x.EXPENSE_ID);
      assert.equal(d.EXPENSE_DATA_STATUS, 3);
      assert.equal(d.processInstanceId, r.body.data.processInstanceIds[x.EXPENSE_ID]);
      assert.notEqual(d.processInstanceId, x.processInstanceId);
      assert.deepEqual((await links(x.EXPENSE_ID)).map((l) => l.dataStatus), [x === a ? 4 : 5, 3]);
    }
    assert.equal((await detail(String(plain.expenseId))).EXPENSE_DATA_STATUS, 3);
    // the new instance runs: approving both steps returns it to 1
    const again = r.body.data.processInstanceIds[a.EXPENSE_ID];
    await must(post(`${W}/completeTask`, { taskId: await taskOf(again, admin), pass: true, comment: 'ok' }));
    // the operations screen completing a task in its assignee's place writes its values back too
    await must(post('/api/blade-workflow/ops/completeTask', { taskId: await taskOf(again, boss), pass: true, comment: 'ok', variables: { note: '代办通过' } }));
    const finished = await detail(a.EXPENSE_ID);
    assert.equal(finished.EXPENSE_DATA_STATUS, 1);
    assert.equal(finished.note, '代办通过');
    // an ordinary user without the right to add or edit cannot submit
    assert.equal((await post(`${B}/submitBizProcess`, { appId, ids: [a.EXPENSE_ID] }, boss)).status, 403);
    const en = await s.api(`${B}/submitBizProcess`, { method: 'POST', token: admin, json: { appId, ids: [running.EXPENSE_ID] }, headers: { 'accept-language': 'en' } });
    assert.match(en.body.msg, /Only records in the normal, terminated or revoked status can be submitted: 1 skipped/);
  });

  test('another tenant sees neither the records nor their processes', async () => {
    const x = await must(save({ title: '别的租户看不到' }));
    assert.equal((await post(`${B}/detail`, { appId, id: x.EXPENSE_ID }, other)).status, 400);
    assert.equal((await s.api(`${B}/getBizData?appId=${appId}`, { token: other })).status, 400);
    assert.equal((await get(`${W}/detail?processInsId=${x.processInstanceId}`, other)).status, 404);
    assert.equal((await must(get(`${W}/todoList?size=50`, other))).records.some((r: { processInstanceId: string }) => r.processInstanceId === x.processInstanceId), false);
  });
});
