// 发起流程 and the current handler (issue 13 "Admin ergonomics"): the start list names each
// process's category, marks the caller's favourites (kept per user on the server) and the last time
// the caller started it (recently used); the lists (我发起的, 抄送, ops, 流程跟踪) show the current
// handler as people's names: the assignee's name, else the candidates' users/roles/departments by
// name, else 待认领 / Unclaimed — never an expression such as ${approver}.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { nextId } from '../src/db/ids.ts';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

/** start → three parallel tasks: one by ${approver}, one offered to ${cu} and role 'reviewers', one to nobody. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="handlerFlow" name="办理人流程" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f0" sourceRef="start" targetRef="fork"/>
    <parallelGateway id="fork"/>
    <sequenceFlow id="f1" sourceRef="fork" targetRef="byExpr"/>
    <sequenceFlow id="f2" sourceRef="fork" targetRef="byCandidates"/>
    <sequenceFlow id="f3" sourceRef="fork" targetRef="byNobody"/>
    <userTask id="byExpr" name="表达式审批" flowable:assignee="\${approver}"/>
    <userTask id="byCandidates" name="候选审批" flowable:candidateUsers="\${cu}" flowable:candidateGroups="reviewers"/>
    <userTask id="byNobody" name="无人审批"/>
    <sequenceFlow id="f4" sourceRef="byExpr" targetRef="join"/>
    <sequenceFlow id="f5" sourceRef="byCandidates" targetRef="join"/>
    <sequenceFlow id="f6" sourceRef="byNobody" targetRef="join"/>
    <parallelGateway id="join"/>
    <sequenceFlow id="f7" sourceRef="join" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
const plain = (key: string, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="test">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="s"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/><userTask id="t" name="审批"/><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>
  </process>
</definitions>`;

type Node = { taskId: string; taskName: string; assigneeName: string };
type Row = { processDefKey: string; categoryName: string | null; favourite: boolean; lastStartTime: string | null };

await forEachDatabase('workflow start list and current handlers', (kind) => {
  let s: TestServer;
  let admin: string;
  let user: string;
  let approverId: string;
  let candidateId: string;
  before(async () => {
    s = await startServer({ kind });
    const roleId = nextId();
    await sql`insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values (${roleId}, ${SEED.tenant}, 0, '审核组', 'reviewers', 9)`.execute(s.server.database.db);
    approverId = await addUser(s, 'approver1');
    candidateId = await addUser(s, 'cand1');
    await sql`update blade_user set real_name = '王审批' where id = ${approverId}`.execute(s.server.database.db);
    await sql`update blade_user set real_name = '李候选' where id = ${candidateId}`.execute(s.server.database.db);
    [admin, user] = await Promise.all([s.login().then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token)]);
  });
  after(async () => { await s?.close(); });
  const get = (path: string, token = admin, lang = 'zh-CN') => s.api(path, { token, headers: { 'accept-language': lang } });
  const post = (path: string, json: unknown = {}, token = admin) => s.api(path, { method: 'POST', token, json });
  const deploy = async (modelKey: string, name: string, xml: string, categoryId?: string) => {
    const m = await post('/api/blade-workflow/design/model/submit', { modelKey, name, xml, categoryId });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    const d = await post('/api/blade-workflow/design/model/deploy', { id: m.body.data.id });
    assert.equal(d.status, 200, JSON.stringify(d.body));
  };
  const sent = async (instanceId: string, lang = 'zh-CN') => {
    const r = await get('/api/blade-workflow/process/sendList?size=50', user, lang);
    assert.equal(r.status, 200);
    const row = r.body.data.records.find((x: { processInstanceId: string }) => x.processInstanceId === instanceId);
    assert.ok(row, 'the started process is in 我发起的');
    // every name shown (the row's and each node's), without the ids the row also carries
    const raw = JSON.stringify([row.assigneeName, ...row.currentNodes.map((n: Node) => n.assigneeName)]);
    return { row: row as { assigneeName: string; currentNodes: Node[] }, raw };
  };

  test('the current handler is a name: resolved assignee, candidates by name, 待认领 — never ${…}', async () => {
    await deploy('handlerFlow', '办理人流程', XML);
    const started = await post('/api/blade-workflow/process/startProcess', { processDefKey: 'handlerFlow', approver: approverId, cu: candidateId }, user);
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const id = String(started.body.data.processInstanceId);
    const { row, raw } = await sent(id);
    const by = (name: string) => row.currentNodes.find((n) => n.taskName === name)!;
    assert.equal(by('表达式审批').assigneeName, '王审批');
    assert.deepEqual(by('候选审批').assigneeName.split('、').sort(), ['审核组', '李候选'].sort());
    assert.equal(by('无人审批').assigneeName, '待认领');
    assert.ok(row.assigneeName.includes('王审批') && row.assigneeName.includes('李候选') && row.assigneeName.includes('待认领'), row.assigneeName);
    assert.ok(!raw.includes('${'), raw);
    assert.equal((await sent(id, 'en')).row.currentNodes.find((n) => n.taskName === '无人审批')!.assigneeName, 'Unclaimed');
    // 待签收 of a candidate: the task names its candidates
    const cand = await s.login('cand1', 'user');
    const claim = (await get('/api/blade-workflow/process/claimList?size=50', cand.access_token)).body.data.records as { taskName: string; assigneeName: string | null }[];
    assert.deepEqual(claim.find((x) => x.taskName === '候选审批')?.assigneeName?.split('、').sort(), ['审核组', '李候选'].sort());

    // a task whose assignee holds an unresolved expression (as a row once did): its candidates, or 待认领
    const db = s.server.database.db;
    await sql`update wf_task set assignee = '\${approver}' where instance_id = ${id} and task_def_key = 'byExpr'`.execute(db);
    await sql`update wf_task set assignee = '#{reviewer}' where instance_id = ${id} and task_def_key = 'byCandidates'`.execute(db);
    const again = await sent(id);
    assert.equal(again.row.currentNodes.find((n) => n.taskName === '表达式审批')!.assigneeName, '待认领');
    assert.deepEqual(again.row.currentNodes.find((n) => n.taskName === '候选审批')!.assigneeName.split('、').sort(), ['审核组', '李候选'].sort());
    assert.ok(!again.raw.includes('${') && !again.raw.includes('#{'), again.raw);
    // the same on the other lists that show current handlers
    for (const path of ['/api/blade-workflow/ops/processList?size=100', '/api/blade-flow/follow/list?size=100']) {
      const r = await get(path);
      assert.equal(r.status, 200, path);
      const mine = r.body.data.records.find((x: { processInstanceId: string }) => x.processInstanceId === id);
      assert.ok(mine, path);
      const names = JSON.stringify([mine.assigneeName, ...mine.currentNodes.map((n: Node) => n.assigneeName)]);
      assert.ok(!names.includes('${') && names.includes('待认领'), `${path}: ${names}`);
      assert.ok(String(mine.assigneeName).includes('李候选'), `${path}: ${mine.assigneeName}`);
    }
    // task rows (ops list, 待签收) too: the candidates by name, never the expression
    const tasks = (await get(`/api/blade-workflow/ops/list?size=100&processInstanceId_equal=${id}`)).body.data.records as { taskName: string; assigneeName: string | null }[];
    assert.equal(tasks.length, 3);
    assert.ok(tasks.every((x) => !String(x.assigneeName).includes('${') && !String(x.assigneeName).includes('#{')), JSON.stringify(tasks));
    assert.deepEqual(tasks.find((x) => x.taskName === '候选审批')!.assigneeName!.split('、').sort(), ['审核组', '李候选'].sort());
  });

  test('发起流程: category names, favourites kept per user on the server, recently used from the user\'s own starts', async () => {
    const cat = (await post('/api/blade-workflow/design/category/submit', { name: '财务类' })).body.data;
    await deploy('favA', '报销甲', plain('favA', '报销甲'), String(cat.id));
    await deploy('favB', '无类乙', plain('favB', '无类乙'));
    const list = async (token: string) => {
      const r = await get('/api/blade-workflow/process/processList?size=200', token);
      assert.equal(r.status, 200);
      return new Map((r.body.data.records as Row[]).map((x) => [x.processDefKey, x]));
    };
    let rows = await list(user);
    assert.equal(rows.get('favA')!.categoryName, '财务类');
    assert.equal(rows.get('favB')!.categoryName, null);
    assert.equal(rows.get('favA')!.favourite, false);
    assert.equal(rows.get('favB')!.lastStartTime, null);

    const fav = await post('/api/blade-workflow/process/favourite', { processDefKey: 'favA', favourite: true }, user);
    assert.equal(fav.status, 200, JSON.stringify(fav.body));
    assert.deepEqual(fav.body.data, ['favA']);
    // twice is still one favourite; another user's list is unchanged
    assert.deepEqual((await post('/api/blade-workflow/process/favourite', { processDefKey: 'favA', favourite: true }, user)).body.data, ['favA']);
    rows = await list(user);
    assert.equal(rows.get('favA')!.favourite, true);
    assert.equal((await list(admin)).get('favA')!.favourite, false);
    // an unknown process cannot be marked; removing answers the rest
    assert.equal((await post('/api/blade-workflow/process/favourite', { processDefKey: 'noSuchKey', favourite: true }, user)).status, 404);
    assert.equal((await post('/api/blade-workflow/process/favourite', { processDefKey: 'favA' }, user)).status, 400);
    assert.deepEqual((await post('/api/blade-workflow/process/favourite', { processDefKey: 'favA', favourite: false }, user)).body.data, []);
    assert.equal((await list(user)).get('favA')!.favourite, false);

    // recently used: the processes this user started, with the last start time
    const st = await post('/api/blade-workflow/process/startProcess', { processDefKey: 'favB' }, user);
    assert.equal(st.status, 200, JSON.stringify(st.body));
    rows = await list(user);
    const last = rows.get('favB')!.lastStartTime;
    assert.ok(last && Math.abs(Date.parse(last) - Date.now()) < 120_000, String(last));
    assert.equal(rows.get('favA')!.lastStartTime, null);
    assert.equal((await list(admin)).get('favB')!.lastStartTime, null, 'another user did not start it');
  });
});
