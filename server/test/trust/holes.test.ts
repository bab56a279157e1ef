// Small holes (issue 12, item 6): searches match `%`, `_` and `\` literally (one LIKE helper, on a
// generic list and on the workflow lists); designers' regular expressions run in a linear-time
// engine (RE2), and what it cannot run is refused when the form or rule is saved.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { escapeLike, likeContains, likeEnds, likeStarts } from '../../src/db/like.ts';
import { SEED } from '../../src/db/seed.ts';
import { userPatternProblem, userPatternTest } from '../../src/http/user-regex.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from '../harness.ts';

const flowXml = (key: string, name: string, taskName: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="holes">
  <process id="${key}" name="${name}" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="task"/>
    <userTask id="task" name="${taskName}" flowable:assignee="${SEED.adminId}"/>
    <sequenceFlow id="f2" sourceRef="task" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

test('the LIKE helper escapes %, _ and the escape character itself', () => {
  assert.equal(escapeLike('50%_a\\b'), '50\\%\\_a\\\\b');
  assert.equal(likeContains('a_b'), '%a\\_b%');
  assert.equal(likeStarts('x%'), 'x\\%%');
  assert.equal(likeEnds('\\'), '%\\\\');
});

test('user patterns: RE2 semantics of JavaScript patterns, refusals, linear time', () => {
  assert.equal(userPatternTest('^\\d+$', '123'), true);
  assert.equal(userPatternTest('^\\d+$', '12a'), false);
  assert.equal(userPatternTest('b', 'abc'), true, 'unanchored, like RegExp.test');
  assert.equal(userPatternTest('^[\\u4e00-\\u9fa5]+$', '中文'), true, 'JavaScript \\u escapes are read');
  assert.equal(userPatternTest('^[\\u4e00-\\u9fa5]+$', 'abc'), false);
  assert.equal(userPatternTest('^[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+$', 'a.b@c.d'), true);
  for (const bad of ['(a)\\1', '(?=a)b', '(?<!a)b', '([a-z']) {
    assert.notEqual(userPatternProblem(bad), null, bad);
    assert.equal(userPatternTest(bad, 'ab'), null, bad);
  }
  const t0 = Date.now();
  assert.equal(userPatternTest('^(a+)+$', 'a'.repeat(100_000) + '!'), false);
  assert.ok(Date.now() - t0 < 1000, `catastrophic pattern took ${Date.now() - t0} ms`);
});

await forEachDatabase('trust: small holes', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => {
    s = await startServer({ kind });
    admin = (await s.login()).access_token;
  });
  after(async () => { await s?.close(); });
  const get = (path: string, lang = 'zh') => s.api(path, { token: admin, headers: { 'Accept-Language': lang } });
  const post = (path: string, json: unknown, lang = 'zh') => s.api(path, { method: 'POST', token: admin, json, headers: { 'Accept-Language': lang } });

  test('the database reads the escaped pattern literally (backslash is the LIKE escape)', async () => {
    const db = s.server.database.db;
    const r = await sql<{ a: boolean; b: boolean; c: boolean; d: boolean }>`select
      'a_b' like ${likeContains('_')} as a, 'axb' like ${likeContains('_')} as b, '50%' ilike ${likeEnds('0%')} as c, 'a\\b' like ${likeContains('\\')} as d`.execute(db);
    assert.deepEqual(r.rows[0], { a: true, b: false, c: true, d: true });
  });

  test('a generic list: searching for _ or % matches only literal _ / %', async () => {
    await addUser(s, 'under_score');
    await addUser(s, 'percent%sign');
    await addUser(s, 'back\\slash');
    const accounts = async (q: string) => ((await get(`/api/blade-system/user/page?size=100&account=${encodeURIComponent(q)}`)).body.data.records as { account: string }[]).map((u) => u.account).sort();
    assert.deepEqual(await accounts('_'), ['under_score'], 'not every user');
    assert.deepEqual(await accounts('%'), ['percent%sign']);
    assert.deepEqual(await accounts('\\'), ['back\\slash']);
    assert.deepEqual(await accounts('r_s'), ['under_score'].filter((a) => a.includes('r_s')));
    const all = (await get('/api/blade-system/user/page?size=100')).body.data.total;
    assert.ok(all > 3);
    // the suffix filters too
    assert.deepEqual(((await get(`/api/blade-system/user/page?size=100&account_likeright=${encodeURIComponent('percent%')}`)).body.data.records as { account: string }[]).map((u) => u.account), ['percent%sign']);
    assert.equal((await get(`/api/blade-system/user/page?size=100&account_likeright=${encodeURIComponent('percent_')}`)).body.data.total, 0);
    // a hand-written list (roles) and the dictionary list
    await sql`update blade_role set role_name = '5%角色' where id = ${SEED.userRoleId}`.execute(s.server.database.db);
    const roles = (await get(`/api/blade-system/role/list?roleName=${encodeURIComponent('%')}`)).body.data as unknown[];
    assert.equal(roles.length, 1);
  });

  test('the workflow lists: a process or task name search for _ or % matches literally', async () => {
    const models: [string, string, string][] = [['holeA', '年假_申请', '审批%'], ['holeB', '年假X申请', '审批甲']];
    for (const [key, name, task] of models) {
      const m = await post('/api/blade-workflow/design/model/submit', { modelKey: key, name, xml: flowXml(key, name, task) });
      assert.equal(m.status, 200, JSON.stringify(m.body));
      assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.body.data.id })).status, 200);
      const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: key });
      assert.equal(started.status, 200, JSON.stringify(started.body));
    }
    const names = async (path: string, field: string) => ((await get(path)).body.data.records as Record<string, string>[]).map((r) => r[field]).filter((n) => n.startsWith('年假') || n.startsWith('审批')).sort();
    assert.deepEqual(await names(`/api/blade-workflow/process/sendList?size=50&processDefinitionName=${encodeURIComponent('_')}`, 'processDefinitionName'), ['年假_申请']);
    assert.deepEqual(await names(`/api/blade-workflow/process/sendList?size=50&processDefinitionName=${encodeURIComponent('年假')}`, 'processDefinitionName'), ['年假X申请', '年假_申请']);
    assert.deepEqual(await names(`/api/blade-workflow/process/todoList?size=50&taskName=${encodeURIComponent('%')}`, 'taskName'), ['审批%']);
    assert.deepEqual(await names(`/api/blade-workflow/process/todoList?size=50&taskName=${encodeURIComponent('审批')}`, 'taskName'), ['审批%', '审批甲']);
  });

  test('a catastrophic form pattern answers at once and the server keeps answering; unsafe patterns are refused at save', async () => {
    const evil = '^(a+)+$';
    const form = await post('/api/blade-workflow/design/form/submit', {
      formKey: 'redosForm', name: '回溯表单',
      content: { column: [{ label: '代码', prop: 'code', pattern: evil }, { label: '编号', prop: 'no', rules: [{ pattern: '^\\d{3}$', message: '编号须为三位数字' }] }] },
    });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    const xml = flowXml('redosFlow', '回溯流程', '审批');
    const m = await post('/api/blade-workflow/design/model/submit', { modelKey: 'redosFlow', name: '回溯流程', xml, formKey: 'redosForm' });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.body.data.id })).status, 200);
    const p = ((await get('/api/blade-workflow/process/processList?size=100')).body.data.records as { processDefKey: string; processId: string }[]).find((x) => x.processDefKey === 'redosFlow')!;

    const t0 = Date.now();
    const [started, health] = await Promise.all([
      post('/api/blade-workflow/process/startProcess', { processId: p.processId, code: 'a'.repeat(40) + '!', no: '123' }),
      (async () => { await new Promise((r) => setTimeout(r, 20)); const h0 = Date.now(); const h = await s.api('/healthz'); return { status: h.status, ms: Date.now() - h0 }; })(),
    ]);
    assert.equal(started.status, 400);
    assert.equal(started.body.msg, '代码格式不匹配');
    assert.ok(Date.now() - t0 < 5000, `the start took ${Date.now() - t0} ms`);
    assert.equal(health.status, 200);
    assert.ok(health.ms < 2000, `healthz took ${health.ms} ms`);
    // a rule's own message; a matching value starts the process
    assert.equal((await post('/api/blade-workflow/process/startProcess', { processId: p.processId, code: 'aaa', no: '12' })).body.msg, '编号须为三位数字');
    assert.equal((await post('/api/blade-workflow/process/startProcess', { processId: p.processId, code: 'aaa', no: '123' })).status, 200);

    // backreferences and lookaround have no linear-time equivalent: refused when the designer saves, zh and en
    for (const [pattern, where] of [['(a)\\1', 'pattern'], ['^(?=.*\\d).+$', 'rules']] as const) {
      const column = where === 'pattern' ? { label: '字段', prop: 'f', pattern } : { label: '字段', prop: 'f', rules: [{ pattern, message: 'x' }] };
      const zh = await post('/api/blade-workflow/design/form/submit', { formKey: 'unsafeForm', name: '不安全', content: { group: [{ column: [column] }] } });
      assert.equal(zh.status, 400, JSON.stringify(zh.body));
      assert.match(zh.body.msg, /正则表达式.*不受支持/);
      assert.ok(zh.body.msg.includes(pattern));
      const en = await post('/api/blade-workflow/design/form/submit', { formKey: 'unsafeForm', name: 'unsafe', content: { column: [column] } }, 'en');
      assert.equal(en.status, 400);
      assert.match(en.body.msg, /regular expression .* is not supported/);
    }
    assert.equal((await get('/api/blade-workflow/design/form/detail?formKey=unsafeForm')).body.data, null, 'nothing saved');
    // reusable rules (规则管理) too
    const rule = await post('/api/blade-ruleManager/rule/submit', { name: '前瞻', ruleContent: '^(?=.*[A-Z]).{8,}$' });
    assert.equal(rule.status, 400);
    assert.match(rule.body.msg, /不受支持/);
    assert.equal((await post('/api/blade-ruleManager/rule/submit', { name: '手机', ruleContent: '^1[3-9]\\d{9}$' })).status, 200);
  });
});
