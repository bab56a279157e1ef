// Crash durability (issue 7, "Faults"): the real server runs as its own process (main.ts), takes a
// load of writes (process starts, task completes, notices), and is killed with SIGKILL in the
// middle of it. Restarted on the same data, it serves again, every write it acknowledged is there,
// and no process instance is half-moved. On PGlite (data folder) and on PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { copyPgliteTemplate, postgresAvailable, seededPostgresDatabase } from '../harness.ts';
import { boot, login, type Node } from './nodes.ts';
import { SIMPLE_BPMN, send } from './sweep.ts';

async function crashRun(kind: 'pglite' | 'postgres', t: { diagnostic(m: string): void }) {
  const dir = mkdtempSync(join(tmpdir(), 'campus-crash-'));
  // the seeded template (when npm test made one): the first boot neither migrates nor seeds
  const pg = kind === 'postgres' ? await seededPostgresDatabase('crash_') : null;
  if (kind === 'pglite') copyPgliteTemplate(dir);
  const env = { DATA_DIR: dir, DATABASE_URL: pg?.url ?? '', JWT_SECRET: 'crash-test-secret-crash-test-secret', UPLOAD_DIR: join(dir, 'upload') };
  let node: Node | undefined;
  try {
    node = await boot(env);
    const token = await login(node.url);
    const api = (path: string, json: unknown) => send(node!.url + path, { method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) }, 15_000);
    const fd = new FormData();
    fd.append('files', new Blob([SIMPLE_BPMN], { type: 'text/xml' }), 'trustFlow.bpmn20.xml');
    assert.equal((await send(node.url + '/api/blade-flow/manager/deploy-upload', { method: 'POST', token, body: fd })).status, 200);

    // the load: starters, completers (of the tasks the starts made) and notice writers, until the kill
    const started: string[] = [];
    const completed: string[] = [];
    const notices: string[] = [];
    const ready: { inst: string; task: string }[] = [];
    let stop = false;
    const starter = async () => {
      while (!stop) {
        const r = await api('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'trustFlow' });
        if (r.status !== 200) continue;
        const inst = String(JSON.parse(r.text).data.processInstanceId);
        started.push(inst);
        const todo = await send(`${node!.url}/api/blade-workflow/process/todoList?size=5&processInstanceId_equal=${inst}`, { token }, 15_000);
        if (todo.status === 200) for (const x of JSON.parse(todo.text).data.records) if (x.processInstanceId === inst) ready.push({ inst, task: String(x.taskId) });
      }
    };
    const completer = async () => {
      while (!stop) {
        const job = ready.shift();
        if (!job) { await new Promise((r) => setTimeout(r, 20)); continue; }
        const r = await api('/api/blade-workflow/process/completeTask', { taskId: job.task, pass: true, comment: 'ok' });
        if (r.status === 200) completed.push(job.task);
      }
    };
    const writer = async () => {
      for (let i = 0; !stop; i++) {
        const r = await api('/api/blade-desk/notice/submit', { title: `crash ${i}`, content: '<p>load</p>', category: 1 });
        if (r.status === 200) notices.push(String(JSON.parse(r.text).data.id));
      }
    };
    const load = Promise.all([starter(), starter(), starter(), completer(), completer(), writer()]);
    // kill once a fair number of writes were acknowledged, with more in flight
    const deadline = Date.now() + 60_000;
    while ((started.length < 30 || completed.length < 10 || notices.length < 10) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    node.child.kill('SIGKILL');
    const code = await node.exited;
    stop = true;
    await load;
    t.diagnostic(`[${kind}] killed (exit ${code}) after ${started.length} starts, ${completed.length} completes, ${notices.length} notices acknowledged`);
    assert.ok(started.length >= 30 && completed.length >= 10 && notices.length >= 10, 'the load ran before the kill');

    // restart on the same data: it serves again
    node = await boot(env);
    const again = await login(node.url);
    assert.equal((await send(`${node.url}/api/blade-workflow/process/todoList?size=1`, { token: again })).status, 200);
    node.child.kill('SIGTERM');
    assert.equal(await node.exited, 0, 'clean stop after the restart');
    node = undefined;

    // every acknowledged write is there, and every instance is whole
    const database = await openDatabase(loadConfig({ dataDir: dir, databaseUrl: pg?.url ?? '' }));
    try {
      const db = database.db;
      const have = async (q: ReturnType<typeof sql<{ id: string }>>) => new Set((await q.execute(db)).rows.map((r) => String(r.id)));
      const insts = await have(sql<{ id: string }>`select id::text as id from wf_instance where id = any(${started}::bigint[])`);
      assert.deepEqual(started.filter((x) => !insts.has(x)), [], 'acknowledged starts missing');
      const done = await have(sql<{ id: string }>`select id::text as id from wf_task where state = 'completed' and id = any(${completed}::bigint[])`);
      assert.deepEqual(completed.filter((x) => !done.has(x)), [], 'acknowledged completes missing');
      const ns = await have(sql<{ id: string }>`select id::text as id from blade_notice where id = any(${notices}::bigint[])`);
      assert.deepEqual(notices.filter((x) => !ns.has(x)), [], 'acknowledged notices missing');
      // whole: a running instance has exactly one active task; a completed task's successor exists
      const half = await sql<{ id: string; active: string }>`
        select i.id::text as id, count(t.id) filter (where t.state = 'active') as active from wf_instance i left join wf_task t on t.instance_id = i.id
        where i.definition_key = 'trustFlow' group by i.id, i.status
        having (i.status = 'running' and count(t.id) filter (where t.state = 'active') <> 1) or (i.status <> 'running' and count(t.id) filter (where t.state = 'active') <> 0)`.execute(db);
      assert.deepEqual(half.rows, [], 'half-moved instances');
      const orphans = await sql<{ n: string }>`select count(*) as n from wf_task t left join wf_instance i on i.id = t.instance_id where i.id is null`.execute(db);
      assert.equal(Number(orphans.rows[0].n), 0);
    } finally {
      await database.close();
    }
  } catch (e) {
    if (node) t.diagnostic(node.log().slice(-3000));
    throw e;
  } finally {
    if (node && node.child.exitCode === null) { node.child.kill('SIGKILL'); await node.exited; }
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('SIGKILL under load on PGlite: acknowledged writes survive, no half-moved instance', async (t) => {
  await crashRun('pglite', t);
});

test('SIGKILL under load on PostgreSQL: acknowledged writes survive, no half-moved instance', async (t) => {
  if (!(await postgresAvailable())) return t.skip('PostgreSQL at 127.0.0.1:5432 is not reachable');
  await crashRun('postgres', t);
});
