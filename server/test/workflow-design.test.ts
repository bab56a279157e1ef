// Process design and deployment as the designer screens use them (000 §2.2, §7): the design menus
// shown to administrators only (migration 0015), a model whose category is cleared, a duplicate
// model key refused, a diagram in the shape the web designer writes (flowable: attributes for the
// assignee, candidates, form, buttons and field rights as JSON, a parallel multi-instance task,
// listeners) saved, deployed and run with its rules enforced, a public sample saved as a model and
// run, and the follow-up list open to the 流程监控 menu while the deployment list is not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { nextId } from '../src/db/ids.ts';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const SAMPLES = process.env.BPMN_SAMPLES ?? new URL('../../../shared/bpmn-samples/', import.meta.url).pathname;

/** What ProcessDesigner saves for start → 审批 (a chosen person, two buttons, field rights) → 会签 (parallel over a list) → end. */
const designed = (assignee: string, roleId: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" id="Definitions_designFlow" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn2:process id="designFlow" name="设计流程" isExecutable="true">
    <bpmn2:startEvent id="StartEvent_1" flowable:initiator="initiator" flowable:formKey="designForm">
      <bpmn2:outgoing>Flow_1</bpmn2:outgoing>
    </bpmn2:startEvent>
    <bpmn2:userTask id="Task_approve" name="审批" flowable:assignee="${assignee}" flowable:candidateGroups="${roleId}" flowable:formKey="designForm" flowable:buttons="wf_pass,wf_reject" flowable:fieldRights="{&#34;days&#34;:&#34;read&#34;,&#34;remark&#34;:&#34;required&#34;}">
      <bpmn2:extensionElements>
        <flowable:taskListener event="create" expression="\${days >= 0}" />
        <flowable:executionListener event="start" expression="\${true}" />
      </bpmn2:extensionElements>
      <bpmn2:incoming>Flow_1</bpmn2:incoming>
      <bpmn2:outgoing>Flow_2</bpmn2:outgoing>
    </bpmn2:userTask>
    <bpmn2:userTask id="Task_sign" name="会签" flowable:assignee="\${signer}">
      <bpmn2:incoming>Flow_2</bpmn2:incoming>
      <bpmn2:outgoing>Flow_3</bpmn2:outgoing>
      <bpmn2:multiInstanceLoopCharacteristics flowable:collection="signers" flowable:elementVariable="signer">
        <bpmn2:completionCondition xsi:type="bpmn2:tFormalExpression">\${nrOfCompletedInstances == nrOfInstances}</bpmn2:completionCondition>
      </bpmn2:multiInstanceLoopCharacteristics>
    </bpmn2:userTask>
    <bpmn2:endEvent id="Event_end"><bpmn2:incoming>Flow_3</bpmn2:incoming></bpmn2:endEvent>
    <bpmn2:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="Task_approve" />
    <bpmn2:sequenceFlow id="Flow_2" sourceRef="Task_approve" targetRef="Task_sign" />
    <bpmn2:sequenceFlow id="Flow_3" sourceRef="Task_sign" targetRef="Event_end" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="designFlow">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1"><dc:Bounds x="180" y="160" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>`;

await forEachDatabase('workflow design API', (kind) => {
  let s: TestServer;
  let admin: string;
  let user: string;
  let watcher: string;
  before(async () => {
    s = await startServer({ kind });
    // a role holding only the 流程监控 menu (wf_ops)
    const roleId = nextId();
    const db = s.server.database.db;
    await sql`insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values (${roleId}, ${SEED.tenant}, 0, '流程监控员', 'watcher', 9)`.execute(db);
    await sql`insert into blade_role_menu (menu_id, role_id) values (1604, ${roleId})`.execute(db);
    await addUser(s, 'watcher', { roleId, deptId: SEED.deptInfoId });
    [admin, user, watcher] = await Promise.all([s.login().then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token), s.login('watcher', 'user').then((r) => r.access_token)]);
  });
  after(async () => {
    await s?.close();
  });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json: unknown, token = admin) => s.api(path, { method: 'POST', token, json });
  const paths = (tree: { path?: string; children?: unknown[] }[]): string[] => tree.flatMap((m) => [m.path ?? '', ...paths((m.children ?? []) as never)]);

  test('design and deployment menus: shown to administrators with their buttons, not to ordinary users', async () => {
    const mine = paths((await get('/api/blade-system/menu/routes')).body.data);
    for (const p of ['/workflow/design/model', '/workflow/design/form', '/workflow/deployment', '/workflow/ops']) assert.ok(mine.includes(p), p);
    const theirs = paths((await get('/api/blade-system/menu/routes', user)).body.data);
    assert.ok(!theirs.includes('/workflow/design/model') && !theirs.includes('/workflow/deployment'));
    const codes = JSON.stringify((await get('/api/blade-system/menu/buttons')).body.data);
    for (const c of ['wf_design_model_add', 'deployment_add', 'deployment_edit', 'deployment_delete', 'deployment_view']) assert.ok(codes.includes(c), c);
  });

  test('models: category cleared with an empty value, a duplicate key refused, the model list filters by category', async () => {
    const cat = (await post('/api/blade-workflow/design/category/submit', { name: '教务' })).body.data;
    // a category's parent is one of the tenant's categories, never itself or one below it
    const sub = (await post('/api/blade-workflow/design/category/submit', { name: '教务 · 考试', parentId: cat.id })).body.data;
    assert.equal(sub.parentId, cat.id);
    const loop = await post('/api/blade-workflow/design/category/submit', { id: cat.id, name: '教务', parentId: sub.id });
    assert.equal(loop.status, 400, JSON.stringify(loop.body));
    assert.equal((await post('/api/blade-workflow/design/category/submit', { name: '无主', parentId: '123456789012345' })).status, 400);
    const m = await post('/api/blade-workflow/design/model/submit', { modelKey: 'catFlow', name: '分类流程', categoryId: cat.id });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal((await get(`/api/blade-workflow/design/model/list?categoryId_equal=${cat.id}`)).body.data.total, 1);
    const cleared = await post('/api/blade-workflow/design/model/submit', { id: m.body.data.id, modelKey: 'catFlow', name: '分类流程', categoryId: '' });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.equal(cleared.body.data.categoryId, null);
    assert.equal((await get(`/api/blade-workflow/design/model/list?categoryId_equal=${cat.id}`)).body.data.total, 0);
    const dup = await post('/api/blade-workflow/design/model/submit', { modelKey: 'catFlow', name: '重复' });
    assert.equal(dup.status, 400);
    assert.match(dup.body.msg, /已存在/);
    assert.equal((await post('/api/blade-workflow/design/model/submit', { modelKey: '1bad', name: 'x' })).status, 400);
    // a save without xml keeps the stored diagram
    await post('/api/blade-workflow/design/model/submit', { id: m.body.data.id, modelKey: 'catFlow', name: '分类流程', xml: designed('${initiator}', SEED.adminRoleId).replaceAll('designFlow', 'catFlow') });
    await post('/api/blade-workflow/design/model/submit', { id: m.body.data.id, modelKey: 'catFlow', name: '分类流程 2', settings: { hideComment: true } });
    const d = (await get(`/api/blade-workflow/design/model/detail?id=${m.body.data.id}`)).body.data;
    assert.ok(d.xml.includes('catFlow'));
    assert.equal(d.settings.hideComment, true);
  });

  test('a designed diagram: saved, deployed, and its assignee, buttons, field rights and multi-instance run on the engine', async () => {
    const bossId = await addUser(s, 'boss', { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
    const boss = (await s.login('boss', 'user')).access_token;
    await post('/api/blade-workflow/design/form/submit', { formKey: 'designForm', name: '设计表单', content: { column: [{ label: '天数', prop: 'days' }, { label: '意见', prop: 'remark' }] } });
    const xml = designed(bossId, SEED.adminRoleId);
    const saved = await post('/api/blade-workflow/design/model/submit', { modelKey: 'designFlow', name: '设计流程', xml, formKey: 'designForm', settings: { commentShowName: true, commentShowDate: true, commentShowDateFormat: 'YYYY-MM-DD' } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const m = saved.body.data;
    const dep = await post('/api/blade-workflow/design/model/deploy', { id: m.id });
    assert.equal(dep.status, 200, JSON.stringify(dep.body));
    // what the designer saved comes back unchanged (listeners included)
    const back = (await get(`/api/blade-workflow/design/model/detail?id=${m.id}`)).body.data;
    assert.ok(back.xml.includes('flowable:taskListener event="create"'));
    assert.equal(back.version, 1);

    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'designFlow', days: 2, remark: '', signers: [SEED.adminId, bossId] }, user);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const inst = started.body.data.processInstanceId;
    const todo = (await get('/api/blade-workflow/process/todoList', boss)).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.equal(todo.taskName, '审批');
    const detail = (await get(`/api/blade-workflow/process/detail?taskId=${todo.taskId}&processInsId=${inst}`, boss)).body.data;
    assert.deepEqual(detail.button.map((b: { buttonKey: string }) => b.buttonKey).sort(), ['wf_pass', 'wf_reject']);
    const cols = detail.form.option.column as { prop: string; writable?: boolean; required?: boolean }[];
    assert.equal(cols.find((c) => c.prop === 'days')!.writable, false);
    assert.equal(cols.find((c) => c.prop === 'remark')!.required, true);
    assert.equal(detail.process.commentShowDateFormat, 'YYYY-MM-DD');
    // a button the node does not offer is refused; the required field must be filled
    assert.equal((await post('/api/blade-workflow/process/transferTask', { taskId: todo.taskId, assignee: SEED.adminId, comment: 'x' }, boss)).status, 403);
    const empty = await post('/api/blade-workflow/process/completeTask', { taskId: todo.taskId, processInstanceId: inst, pass: true, comment: 'ok', variables: { remark: '' } }, boss);
    assert.equal(empty.status, 400);
    const done = await post('/api/blade-workflow/process/completeTask', { taskId: todo.taskId, processInstanceId: inst, pass: true, comment: 'ok', variables: { remark: '同意' } }, boss);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    // 会签: one task per signer, in parallel
    const follow = (await get('/api/blade-flow/follow/list')).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.deepEqual(follow.currentNodes.map((n: { assignee: string }) => n.assignee).sort(), [SEED.adminId, bossId].sort());

    // the definition is listed, can be suspended (no new start) and activated again
    const defs = (await get('/api/blade-flow/manager/list?latest=1&key=designFlow')).body.data.records;
    assert.equal(defs.length, 1);
    assert.equal((await post('/api/blade-flow/manager/change-state', { processId: defs[0].id, state: 'suspend' })).body.data.suspensionState, 2);
    assert.equal((await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'designFlow', days: 1 }, user)).status >= 400, true);
    await post('/api/blade-flow/manager/change-state', { processId: defs[0].id, state: 'active' });
    assert.equal((await get('/api/blade-flow/manager/list?latest=1&key=designFlow')).body.data.records[0].suspensionState, 1);
  });

  test('a public sample saved as a model deploys and runs', async () => {
    const xml = readFileSync(`${SAMPLES}/loanApproval.bpmn`, 'utf8').replaceAll('embeddedFormsQuickstart', 'loanFlow');
    const m = (await post('/api/blade-workflow/design/model/submit', { modelKey: 'loanFlow', name: '贷款审批', xml })).body.data;
    assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.id })).status, 200);
    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'loanFlow' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const inst = started.body.data.processInstanceId;
    const task = (await get('/api/blade-workflow/ops/list?size=50')).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.equal(task.assignee, 'demo');
    assert.equal((await post('/api/blade-workflow/ops/completeTask', { taskId: task.taskId, pass: true, comment: 'ok' })).status, 200);
    const row = (await get(`/api/blade-workflow/ops/processList?size=50`)).body.data.records.find((r: { processInstanceId: string }) => r.processInstanceId === inst);
    assert.equal(row.processIsFinished, 'finished');
  });

  test('流程监控 (wf_ops) may follow running processes but not manage deployments', async () => {
    const list = await get('/api/blade-flow/follow/list', watcher);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.ok(list.body.data.total >= 1);
    assert.equal((await get('/api/blade-flow/manager/list', watcher)).status, 403);
    assert.equal((await post('/api/blade-flow/manager/change-state', { processId: '1', state: 'active' }, watcher)).status, 403);
    assert.equal((await get('/api/blade-flow/follow/list', user)).status, 403);
    // reading models is open to the monitor menu, writing them needs the design buttons
    assert.equal((await get('/api/blade-workflow/design/model/list', watcher)).status, 200);
    for (const path of ['/api/blade-workflow/design/model/submit', '/api/blade-flow/model/deploy', '/api/blade-workflow/design/model/remove?ids=1',
      '/api/blade-workflow/design/form/submit', '/api/blade-workflow/design/model/history/setMainVersion', '/api/blade-flow/follow/delete-process-instance']) {
      assert.equal((await post(path, { modelKey: 'x', name: 'x', formKey: 'x', id: '1' }, watcher)).status, 403, path);
    }
  });
});
