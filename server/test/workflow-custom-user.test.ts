// 发起人自选审批人 (customUserTask) and 自选知会人 (customUserMsg) of the start payload (000 §2.5, §3
// "Start payload"), as the workflow module reads them: nodes whose assignee, candidate users or
// multi-instance collection is ${customUserTask_<nodeId>} are listed by the start form; the start
// call refuses missing or bad choices (nothing starts) and turns the choices into those variables;
// people to be notified at a node get a type-3 message when the process reaches it, not before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

/** start → 自选审批 (one person) → 会签 (parallel, one task per chosen person) → 候选审批 (candidates, one claims) → 归档 (admin) → end */
const PICK_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="pickFlow" name="自选流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="one"/>
    <userTask id="one" name="自选审批" flowable:assignee="\${customUserTask_one}" flowable:initiatorChooses="single"/>
    <sequenceFlow id="f2" sourceRef="one" targetRef="many"/>
    <userTask id="many" name="会签" flowable:assignee="\${assignee}" flowable:initiatorChooses="multiple">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="\${customUserTask_many}" flowable:elementVariable="assignee"/>
    </userTask>
    <sequenceFlow id="f3" sourceRef="many" targetRef="cand"/>
    <userTask id="cand" name="候选审批" flowable:candidateUsers="\${customUserTask_cand}" flowable:initiatorChooses="multiple"/>
    <sequenceFlow id="f4" sourceRef="cand" targetRef="archive"/>
    <userTask id="archive" name="归档" flowable:assignee="${SEED.adminId}"/>
    <sequenceFlow id="f5" sourceRef="archive" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

type Row = Record<string, any>;

await forEachDatabase('workflow 发起人自选 / 自选知会人', (kind) => {
  let s: TestServer;
  let admin: string;
  let user: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let processId: string;
  before(async () => {
    s = await startServer({ kind });
    for (const name of ['picked', 'signA', 'signB', 'candC', 'candD', 'watcher']) ids[name] = await addUser(s, name, { roleId: SEED.userRoleId, deptId: SEED.deptInfoId });
    ids.foreign = await addUser(s, 'foreigner', { tenantId: SEED.otherTenant });
    admin = (await s.login()).access_token;
    user = (await s.login('user', 'user')).access_token;
    for (const name of ['picked', 'signA', 'signB', 'candC', 'candD', 'watcher']) tokens[name] = (await s.login(name, 'user')).access_token;
    const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'pickFlow', name: '自选流程', xml: PICK_XML });
    assert.equal(model.status, 200, JSON.stringify(model.body));
    const dep = await post('/api/blade-workflow/design/model/deploy', { id: model.body.data.id });
    assert.equal(dep.status, 200, JSON.stringify(dep.body));
    processId = String(dep.body.data.definitions.find((d: Row) => d.key === 'pickFlow').id);
  });
  after(async () => { await s?.close(); });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json: unknown = {}, token = admin, lang?: string) => s.api(path, { method: 'POST', token, json, headers: lang ? { 'Accept-Language': lang } : {} });
  const start = (body: Row, lang?: string) => post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'pickFlow', ...body }, user, lang);
  const instances = async () => Number((await sql<{ n: string }>`select count(*) as n from wf_instance where definition_key = 'pickFlow'`.execute(s.server.database.db)).rows[0]!.n);
  const todo = async (token: string, inst: string) => ((await get('/api/blade-workflow/process/todoList?size=50', token)).body.data.records as Row[]).filter((r) => r.processInstanceId === inst);
  const claims = async (token: string, inst: string) => ((await get('/api/blade-workflow/process/claimList?size=50', token)).body.data.records as Row[]).filter((r) => r.processInstanceId === inst);
  const notices = async (token: string, inst: string) => ((await get('/api/blade-message/message/my/list?size=50', token)).body.data.records as Row[])
    .filter((m) => m.title?.startsWith('知会') && m.pcUrl && JSON.parse(Buffer.from(m.pcUrl.split('/').pop(), 'base64').toString()).processInsId === inst);
  const choices = () => JSON.stringify({ one: ids.picked, many: `${ids.signA},${ids.signB}`, cand: [ids.candC, ids.candD] });

  test('the start form lists the 发起人自选 nodes (one person or several) and every user task', async () => {
    const byKey = await get('/api/blade-workflow/process/getFormByProcessDefKey?processDefKey=pickFlow', user);
    assert.equal(byKey.status, 200, JSON.stringify(byKey.body));
    assert.deepEqual(byKey.body.data.customUserTasks, [
      { nodeId: 'one', nodeName: '自选审批', multiple: false },
      { nodeId: 'many', nodeName: '会签', multiple: true },
      { nodeId: 'cand', nodeName: '候选审批', multiple: true },
    ]);
    assert.deepEqual(byKey.body.data.userTasks.map((n: Row) => n.nodeId), ['one', 'many', 'cand', 'archive']);
    const pid = byKey.body.data.process.processId;
    assert.equal(String(pid), processId);
    const byId = (await get(`/api/blade-workflow/process/getFormByProcessId?processId=${pid}`, user)).body.data;
    assert.deepEqual(byId.customUserTasks, byKey.body.data.customUserTasks);
  });

  test('missing or bad choices are refused with the node named, and nothing starts', async () => {
    const before = await instances();
    const none = await start({});
    assert.equal(none.status, 400);
    assert.equal(none.body.msg, '请为「自选审批」选择审批人 | 请为「会签」选择审批人 | 请为「候选审批」选择审批人');
    const en = await start({ customUserTask: JSON.stringify({ one: ids.picked, many: ids.signA }) }, 'en');
    assert.equal(en.body.msg, 'Choose the approver for "候选审批"');
    // a form value of the variable's name does not stand in for the choice
    const sneaky = await start({ customUserTask_one: ids.picked, customUserTask_many: ids.signA, customUserTask_cand: ids.candC });
    assert.match(sneaky.body.msg, /^请为「自选审批」选择审批人/);
    const cases: [Row, string][] = [
      [{ customUserTask: '{not json' }, 'customUserTask 必须是 JSON 对象：{ "节点ID": "用户ID,用户ID" }'],
      [{ customUserTask: '["one"]' }, 'customUserTask 必须是 JSON 对象：{ "节点ID": "用户ID,用户ID" }'],
      [{ customUserTask: JSON.stringify({ one: `${ids.picked},${ids.signA}`, many: ids.signA, cand: ids.candC }) }, '「自选审批」只能选择一位审批人'],
      [{ customUserTask: JSON.stringify({ one: '999999999', many: ids.signA, cand: ids.candC }) }, '为「自选审批」选择的审批人不存在'],
      [{ customUserTask: JSON.stringify({ one: ids.picked, many: `${ids.signA},${ids.foreign}`, cand: ids.candC }) }, '为「会签」选择的审批人不存在'],
      [{ customUserTask: JSON.stringify({ one: ids.picked, many: ids.signA, cand: ids.candC, archive: ids.signB }) }, '节点「归档」不是发起人自选审批人的节点'],
      [{ customUserTask: choices(), customUserMsg: JSON.stringify({ nowhere: ids.watcher }) }, '流程中没有节点「nowhere」'],
      [{ customUserTask: choices(), customUserMsg: JSON.stringify({ many: 'abc' }) }, '为「会签」选择的知会人不存在'],
      [{ customUserTask: choices(), customUserMsg: '42' }, 'customUserMsg 必须是 JSON 对象：{ "节点ID": "用户ID,用户ID" }'],
    ];
    for (const [body, msg] of cases) {
      const r = await start(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.msg, msg);
    }
    assert.equal(await instances(), before, 'nothing started');
  });

  test('chosen approvers get the tasks: one person, a parallel signer each, candidates who claim; notified people hear when the node is reached', async () => {
    const r = await start({ customUserTask: choices(), customUserMsg: JSON.stringify({ many: ids.watcher, archive: `${ids.watcher},${ids.candD}` }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const inst = r.body.data.processInstanceId;
    // one person: the picked user's todo, nobody else's
    const [first] = await todo(tokens.picked!, inst);
    assert.equal(first?.taskName, '自选审批');
    assert.equal(first.assignee, ids.picked);
    assert.equal((await todo(tokens.signA!, inst)).length, 0);
    // not reached yet: no notice, and the watcher may not look at the process
    assert.equal((await notices(tokens.watcher!, inst)).length, 0);
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, tokens.watcher)).status, 403);

    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: first.taskId, comment: 'ok' }, tokens.picked)).status, 200);
    // several, multi-instance: one task each
    const a = await todo(tokens.signA!, inst);
    const b = await todo(tokens.signB!, inst);
    assert.deepEqual([a.length, b.length], [1, 1]);
    assert.equal(a[0]!.taskName, '会签');
    // reached: one notice for the node (not one per signer), a type-3 message the watcher may follow
    const heard = await notices(tokens.watcher!, inst);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.type, 3);
    assert.equal(heard[0]!.content, '流程「自选流程」已到达「会签」');
    assert.equal((await get(`/api/blade-workflow/process/detail?processInsId=${inst}`, tokens.watcher)).status, 200);
    assert.equal((await notices(tokens.candD!, inst)).length, 0, 'candD asked to hear of 归档 only');

    for (const t of [...a, ...b]) assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: t.taskId, comment: 'ok' }, t.assignee === ids.signA ? tokens.signA : tokens.signB)).status, 200);
    // several, candidates: offered to both, one claims
    const c = await claims(tokens.candC!, inst);
    assert.equal(c.length, 1);
    assert.equal(c[0]!.taskName, '候选审批');
    assert.equal((await claims(tokens.candD!, inst)).length, 1);
    assert.equal((await claims(tokens.signA!, inst)).length, 0);
    assert.equal((await post('/api/blade-workflow/process/claimTask', { taskId: c[0]!.taskId }, tokens.candC)).status, 200);
    assert.equal((await claims(tokens.candD!, inst)).length, 0);
    assert.equal((await post('/api/blade-workflow/process/completeTask', { taskId: c[0]!.taskId, comment: 'ok' }, tokens.candC)).status, 200);

    // 归档 reached: both of its people hear of it; the watcher's earlier notice stays the only one for 会签
    const archive = await notices(tokens.candD!, inst);
    assert.deepEqual(archive.map((m) => m.content), ['流程「自选流程」已到达「归档」']);
    assert.deepEqual((await notices(tokens.watcher!, inst)).map((m) => m.content).sort(), ['流程「自选流程」已到达「会签」', '流程「自选流程」已到达「归档」'].sort());
    const vars = (await get(`/api/blade-workflow/process/detail?processInsId=${inst}`)).body.data.form.variables;
    assert.equal(vars.customUserTask_one, ids.picked);
    assert.deepEqual(vars.customUserTask_many, [ids.signA, ids.signB]);
    assert.equal(vars.customUserTask_cand, `${ids.candC},${ids.candD}`);
    assert.deepEqual(vars.customUserMsg, { many: [ids.watcher], archive: [ids.watcher, ids.candD] });
  });
});
