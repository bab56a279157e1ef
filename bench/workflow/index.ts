// Workflow benchmark (issue 5). In one run:
//   1. throughput: start + complete a two-user-task process N times (start, two completes, history,
//      all persisted) on PGlite (sequential) and on PostgreSQL (sequential, and CONCURRENCY workers),
//      and the same process in the npm package bpmn-engine in memory; instances/s, the ratio to
//      bpmn-engine and to the target (at least 300 instances/s on PostgreSQL, aim 500). Subscribers
//      to the task and process events are registered, as in the server, so the event outbox is
//      part of every action. profile.ts runs the same loop alone and reports CPU per instance.
//   2. the todo list of one user as the table grows: TODO_STEPS tasks in all (PostgreSQL
//      10k,100k,1M by default; PGlite 10k,100k), 1,000 users, p50/p95 of WorkflowEngine.todoList
//      over 200 calls at each step; target p95 < 20 ms, flat across the steps.
// Env: N (default 1000), CONCURRENCY (default 8), TODO_STEPS (comma list), TEST_PG_URL.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Engine } from 'bpmn-engine';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, type Database } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { modules } from '../../server/src/modules/index.ts';
import { WorkflowEngine } from '../../server/src/modules/workflow/engine/index.ts';
import { BENCH_XML } from './process.ts';

const N = Number(process.env.N ?? 1000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_IPS = 300;
const TARGET_TODO_MS = 20;

const XML = BENCH_XML;

interface Target { name: string; database: Database; close(): Promise<void> }

async function pglite(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'wf-bench-'));
  const database = await openDatabase(loadConfig({ dataDir: dir, databaseUrl: '' }));
  await migrate(database.db, modules);
  return { name: 'PGlite', database, close: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function postgres(): Promise<Target | string> {
  const pg = (await import('pg')).default;
  const name = 'wfbench_' + randomBytes(4).toString('hex');
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try { await admin.connect(); } catch (e) { return `PostgreSQL unreachable at ${PG_ADMIN_URL}: ${(e as Error).message}`; }
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = '/' + name;
  const dir = mkdtempSync(join(tmpdir(), 'wf-bench-'));
  const database = await openDatabase(loadConfig({ dataDir: dir, databaseUrl: u.toString() }));
  await migrate(database.db, modules);
  return {
    name: 'PostgreSQL', database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** N instances of start + complete t1 + complete t2 with `workers` running at once; answers instances/s. */
async function throughput(engine: WorkflowEngine, n: number, workers: number, tenantId: string): Promise<number> {
  const one = async () => {
    const r = await engine.startProcess({ tenantId, definitionKey: 'twoStep', initiator: 'starter' });
    const r2 = await engine.completeTask(r.tasks[0]!.taskId, 'alice', { comment: 'ok' });
    await engine.completeTask(r2.tasks[0]!.taskId, 'bob', { comment: 'ok' });
  };
  for (let i = 0; i < Math.min(20, n); i++) await one(); // warm-up: model cache, plans
  let left = n;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => { while (left-- > 0) await one(); }));
  return n / ((performance.now() - t0) / 1000);
}

async function bpmnEngineThroughput(n: number): Promise<number> {
  const one = async () => {
    const engine = new Engine({ name: 'twoStep', source: XML });
    const listener = new EventEmitter();
    listener.on('wait', (api: { signal: (m?: unknown) => void }) => api.signal({ comment: 'ok' }));
    const end = engine.waitFor('end');
    await engine.execute({ listener });
    await end;
  };
  for (let i = 0; i < Math.min(20, n); i++) await one();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one();
  return n / ((performance.now() - t0) / 1000);
}

/** Fills the task table up to `rows` tasks (10 per instance) over 1,000 users, from `from`. */
async function fill(t: Target, from: number, rows: number): Promise<void> {
  const db = t.database.db;
  const tenantId = 'todo';
  const chunk = 100_000;
  for (let f = from; f < rows; f += chunk) {
    const to = Math.min(rows, f + chunk) - 1;
    await sql`insert into wf_instance (id, tenant_id, root_id, definition_id, definition_key, definition_name, definition_version, initiator, status, start_time)
      select 9000000000 + g, ${tenantId}, 9000000000 + g, 1, 'bulk', 'bulk', 1, 'starter', 'running', now() - make_interval(secs => g)
      from generate_series(${Math.floor(f / 10)}::bigint, ${Math.floor(to / 10)}::bigint) g on conflict do nothing`.execute(db);
    await sql`insert into wf_task (id, tenant_id, instance_id, definition_id, definition_key, task_def_key, name, assignee, create_time, state)
      select 8000000000 + g, ${tenantId}, 9000000000 + g / 10, 1, 'bulk', 't', 'task ' || g, 'u' || (g % 1000), now() - make_interval(secs => g), 'active'
      from generate_series(${f}::bigint, ${to}::bigint) g`.execute(db);
  }
  // what autovacuum does to a table after bulk inserts (statistics, visibility map); run here so
  // the timing does not depend on when the daemon wakes up
  for (const tb of ['wf_task', 'wf_instance', 'wf_identity_link']) await sql.raw(`vacuum analyze ${tb}`).execute(db);
}

/** p50/p95 of one user's todo list (page 1 of 10), 200 calls over 200 users after 20 warm-up calls. */
async function todoP95(t: Target): Promise<{ p50: number; p95: number; total: number }> {
  const engine = new WorkflowEngine(t.database.db);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 220; i++) {
    const s = performance.now();
    const page = await engine.todoList({ tenantId: 'todo', userId: `u${(i * 7) % 1000}`, groups: ['r1', 'r2'], current: 1, size: 10 });
    if (i >= 20) times.push(performance.now() - s);
    total = page.total;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)]!, p95: times[Math.floor(times.length * 0.95)]!, total };
}

console.log(`workflow benchmark: N=${N}, CONCURRENCY=${CONCURRENCY}, ${cpus().length} CPUs, load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const memory = await bpmnEngineThroughput(N);
console.log(`  bpmn-engine (in memory, no persistence): ${memory.toFixed(0)} instances/s`);

// the target ratio is target / figure, like every bench here: below 1.00 meets it
const ratios = (ips: number) => `ratio to bpmn-engine ${(ips / memory).toFixed(3)}; target ${TARGET_IPS}/s → ${(TARGET_IPS / ips).toFixed(2)}`;
const steps = (name: string) => (process.env.TODO_STEPS ?? (name === 'PostgreSQL' ? '10000,100000,1000000' : '10000,100000'))
  .split(',').map(Number).filter((x) => x > 0).sort((a, b) => a - b);
const table: string[] = [];
for (const make of [pglite, postgres]) {
  const t = await make();
  if (typeof t === 'string') { console.log(`  skipped: ${t}`); continue; }
  try {
    const engine = new WorkflowEngine(t.database.db);
    // subscribers like the server's (messages, flow log): their events go through the outbox
    for (const e of ['taskCreated', 'taskCompleted', 'processEnded'] as const) engine.on(e, () => undefined);
    await engine.deploy(XML, { tenantId: 'bench' });
    const seq = await throughput(engine, N, 1, 'bench');
    console.log(`  ${t.name}, sequential: ${seq.toFixed(0)} instances/s (${ratios(seq)})`);
    if (t.name === 'PostgreSQL') {
      const par = await throughput(engine, N, CONCURRENCY, 'bench');
      console.log(`  ${t.name}, ${CONCURRENCY} concurrent: ${par.toFixed(0)} instances/s (${ratios(par)})`);
    }
    let filled = 0;
    for (const rows of steps(t.name)) {
      const t0 = performance.now();
      await fill(t, filled, rows);
      filled = rows;
      const todo = await todoP95(t);
      table.push(`  | ${t.name.padEnd(10)} | ${rows.toLocaleString().padStart(9)} | ${String(todo.total).padStart(9)} | ${todo.p50.toFixed(2).padStart(7)} | ${todo.p95.toFixed(2).padStart(7)} | ${(todo.p95 / TARGET_TODO_MS).toFixed(2).padStart(12)} |`);
      console.log(`  ${t.name}: ${rows.toLocaleString()} tasks (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s): todo p95 ${todo.p95.toFixed(2)} ms`);
    }
  } finally {
    await t.close();
  }
}
console.log(`  todo list of one user (page of 10; target p95 < ${TARGET_TODO_MS} ms):`);
console.log('  | database   |     tasks | user has  | p50 ms  | p95 ms  | p95 / target |');
console.log('  | ---------- | --------- | --------- | ------- | ------- | ------------ |');
for (const l of table) console.log(l);
console.log(`  load at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
