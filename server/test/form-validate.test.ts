// One form validator on both sides (issue 14 item 4): a process whose start form holds every rule
// kind of packages/schema/test/form-cases.ts; the good values start it, and each bad value is
// refused with 400 and its message in the caller's language, starting nothing. Task completions
// and drafts are checked with the same function (the values they carry).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { formCases } from '../../packages/schema/test/form-cases.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

const cases = formCases({ user: SEED.userId, dept: SEED.deptTeachId, otherUser: SEED.otherAdminId });
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="formCheck" name="表单校验" isExecutable="true">
    <startEvent id="s" flowable:formKey="checkForm"/><sequenceFlow id="a" sourceRef="s" targetRef="t"/>
    <userTask id="t" name="审批" flowable:assignee="\${approver}"/><sequenceFlow id="b" sourceRef="t" targetRef="e"/><endEvent id="e"/>
  </process>
</definitions>`;

await forEachDatabase('one form validator: start, complete and drafts', (kind) => {
  let s: TestServer;
  let token: string;
  let userToken: string;
  before(async () => {
    s = await startServer({ kind });
    token = (await s.login()).access_token;
    userToken = (await s.login('user', 'user')).access_token;
    const form = await post('/api/blade-workflow/design/form/submit', { formKey: 'checkForm', name: '校验表单', content: { column: cases.map((c) => c.column) } });
    assert.equal(form.status, 200, JSON.stringify(form.body));
    const m = await post('/api/blade-workflow/design/model/submit', { modelKey: 'formCheck', name: '表单校验', xml: XML, formKey: 'checkForm' });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.body.data.id })).status, 200);
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json: unknown, lang = 'zh-CN', as = token) => s.api(path, { method: 'POST', token: as, json, headers: { 'accept-language': lang } });
  const instances = async () => Number((await sql<{ n: string }>`select count(*) as n from wf_instance`.execute(s.server.database.db)).rows[0].n);
  const good = Object.fromEntries(cases.map((c) => [c.column.prop, c.good]));

  test('every bad value of every rule kind: 400 with its message in zh and en, nothing started; the good values start', async () => {
    const before = await instances();
    for (const c of cases) {
      for (const [value, zh, en] of c.bad) {
        const body = { processDefKey: 'formCheck', ...good, [c.column.prop]: value };
        const r = await post('/api/blade-workflow/process/startProcessByKey', body);
        assert.equal(r.status, 400, `${c.column.prop} ${JSON.stringify(value)}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.msg, zh);
        assert.equal((await post('/api/blade-workflow/process/startProcessByKey', body, 'en-US')).body.msg, en);
      }
    }
    assert.equal(await instances(), before, 'nothing started');
    const ok = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'formCheck', ...good });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(await instances(), before + 1);
  });

  test('several problems are joined with " | "; a task completion and a draft are checked by the same validator', async () => {
    const r = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'formCheck', ...good, reason: '', days: 99 }, 'en-US');
    assert.equal(r.body.msg, '事由 is required | 天数 must be at most 30');
    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'formCheck', ...good });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const taskId = started.body.data.tasks[0].taskId ?? started.body.data.tasks[0].id;
    // the form's approver field names 李明 (user), the task's assignee
    const bad = await post('/api/blade-workflow/process/completeTask', { taskId, pass: true, variables: { days: 'many' } }, 'zh-CN', userToken);
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.msg, '天数必须是数字');
    // a completion carries only what it changes: the required fields it leaves out are not asked for
    const fine = await post('/api/blade-workflow/process/completeTask', { taskId, pass: true, variables: { days: 3 } }, 'zh-CN', userToken);
    assert.equal(fine.status, 200, JSON.stringify(fine.body));
    const draft = await post('/api/blade-workflow/process/draft/submit', { processDefKey: 'formCheck', formKey: 'checkForm', title: '草稿', variables: { kind: 'holiday' } });
    assert.equal(draft.status, 400);
    assert.equal(draft.body.msg, '类型的值“holiday”不在可选项中');
    assert.equal((await post('/api/blade-workflow/process/draft/submit', { processDefKey: 'formCheck', formKey: 'checkForm', title: '草稿', variables: { kind: 'sick' } })).status, 200);
  });
});
