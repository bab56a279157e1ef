// Concurrency (issue 7, "Faults"): 50 parallel completes of one task -> exactly one succeeds and
// the others get a clear conflict message; 200 parallel starts -> 200 instances, each with its one
// first task, and no task without its instance.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, startServer, type TestServer } from '../harness.ts';
import { deploySimple, tally } from './sweep.ts';

const P = '/api/blade-workflow/process';

await forEachDatabase('trust: concurrency', (kind) => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer({ kind });
    token = (await s.login()).access_token as string;
    await deploySimple(s, token);
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json: unknown) => s.api(path, { method: 'POST', token, json });

  test('50 parallel completes of one task: exactly one succeeds, the others are told why', async () => {
    const started = await post(`${P}/startProcessByKey`, { processDefKey: 'trustFlow' });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const inst = started.body.data.processInstanceId as string;
    const todo = await s.api(`${P}/todoList?size=50&processInstanceId_equal=${inst}`, { token });
    const task = (todo.body.data.records as { taskId: string; processInstanceId: string }[]).find((t) => t.processInstanceId === inst)!;
    const results = await Promise.all(Array.from({ length: 50 }, () => post(`${P}/completeTask`, { taskId: task.taskId, pass: true, comment: 'ok' })));
    console.log(`# [${kind}] 50 completes: ${tally(results.map((r) => r.status))}`);
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    for (const r of results.filter((x) => x.status !== 200)) {
      assert.ok(r.status >= 400 && r.status < 500, `status ${r.status}`);
      assert.match(r.body.msg, /任务已被处理，请刷新后重试|任务不存在或已被处理/);
    }
    // the instance moved exactly one step: check completed once, review now active
    const tasks = await sql<{ taskDefKey: string; state: string }>`select task_def_key, state from wf_task where instance_id = ${inst} order by id`.execute(s.server.database.db);
    assert.deepEqual(tasks.rows.map((t) => `${t.taskDefKey}:${t.state}`), ['apply:completed', 'check:completed', 'review:active']);
  });

  test('200 parallel starts: 200 instances, each with exactly one active first task', async () => {
    const db = s.server.database.db;
    const before = Number((await sql<{ n: string }>`select count(*) as n from wf_instance where definition_key = 'trustFlow'`.execute(db)).rows[0].n);
    const t0 = Date.now();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => post(`${P}/startProcessByKey`, { processDefKey: 'trustFlow', n: i })));
    console.log(`# [${kind}] 200 starts in ${Date.now() - t0} ms: ${tally(results.map((r) => r.status))}`);
    assert.ok(results.every((r) => r.status === 200), JSON.stringify(results.find((r) => r.status !== 200)?.body));
    const ids = new Set(results.map((r) => String(r.body.data.processInstanceId)));
    assert.equal(ids.size, 200, 'every start made its own instance');
    const counts = await sql<{ instances: string; tasks: string; odd: string; orphans: string }>`
      select (select count(*) from wf_instance where definition_key = 'trustFlow') as instances,
             (select count(*) from wf_task t join wf_instance i on i.id = t.instance_id where i.definition_key = 'trustFlow' and t.state = 'active' and t.task_def_key = 'check') as tasks,
             (select count(*) from (select i.id from wf_instance i left join wf_task t on t.instance_id = i.id and t.state = 'active'
                where i.definition_key = 'trustFlow' and i.status = 'running' group by i.id having count(t.id) <> 1) x) as odd,
             (select count(*) from wf_task t left join wf_instance i on i.id = t.instance_id where i.id is null) as orphans`.execute(db);
    const c = counts.rows[0];
    assert.equal(Number(c.instances), before + 200);
    assert.equal(Number(c.tasks), 200, 'one active check task per new instance');
    assert.equal(Number(c.odd), 0, 'no running instance without exactly one active task');
    assert.equal(Number(c.orphans), 0);
    // the API's own todo list counts the same
    const todo = await s.api(`${P}/todoList?size=1&processDefinitionKey_equal=trustFlow`, { token });
    assert.equal(todo.body.data.total, 201); // 200 new + the 'review' task left by the previous test
  });
}, { both: true });
