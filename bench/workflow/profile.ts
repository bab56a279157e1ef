// Profiling aid for the engine's hot path: N instances of the bench process (start + two completes)
// on one database, sequentially. Run under `node --cpu-prof --import tsx bench/workflow/profile.ts`.
// Env: N (default 1000), CONCURRENCY (default 1), DB=pglite|postgres (default postgres), TEST_PG_URL, KEEP=1 keeps the database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/index.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { modules } from '../../server/src/modules/index.ts';
import { WorkflowEngine } from '../../server/src/modules/workflow/engine/index.ts';
import { BENCH_XML } from './process.ts';

const N = Number(process.env.N ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'wf-prof-'));
let url = '';
let drop = async () => {};
if (process.env.DB !== 'pglite') {
  const pg = (await import('pg')).default;
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = 'wfprof_' + randomBytes(4).toString('hex');
  const c = new pg.Client({ connectionString: admin });
  await c.connect(); await c.query(`create database ${name}`); await c.end();
  const u = new URL(admin); u.pathname = '/' + name; url = u.toString();
  drop = async () => { const d = new pg.Client({ connectionString: admin }); await d.connect(); await d.query(`drop database if exists ${name} with (force)`); await d.end(); };
}
const database = await openDatabase(loadConfig({ dataDir: dir, databaseUrl: url }));
await migrate(database.db, modules);
const engine = new WorkflowEngine(database.db);
for (const t of ['taskCreated', 'taskCompleted', 'processEnded'] as const) engine.on(t, () => undefined);
await engine.deploy(BENCH_XML, { tenantId: 'bench' });
const one = async () => {
  const r = await engine.startProcess({ tenantId: 'bench', definitionKey: 'twoStep', initiator: 'starter' });
  const r2 = await engine.completeTask(r.tasks[0]!.taskId, 'alice', { comment: 'ok' });
  await engine.completeTask(r2.tasks[0]!.taskId, 'bob', { comment: 'ok' });
};
for (let i = 0; i < 50; i++) await one();
const C = Number(process.env.CONCURRENCY ?? 1);
// CPU used per instance, by this process and (PostgreSQL) by the server processes of this database:
// unlike instances/s it barely depends on what else the machine runs
const { sql } = await import('kysely');
const { readFileSync } = await import('node:fs');
const backendCpu = async (): Promise<number> => {
  if (!url) return 0;
  const pids = (await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(database.db)).rows;
  let ticks = 0;
  for (const { pid } of pids) {
    try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); ticks += Number(f[11]) + Number(f[12]); } catch { /* not on this machine */ }
  }
  return ticks * 10; // ms (100 ticks a second)
};
let left = N;
const pg0 = await backendCpu();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await Promise.all(Array.from({ length: C }, async () => { while (left-- > 0) await one(); }));
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const pgMs = (await backendCpu()) - pg0;
console.log(`${process.env.DB ?? 'postgres'}, ${C} at once: ${(N / (wall / 1000)).toFixed(0)} instances/s; CPU per instance: node ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms` +
  (url ? `, PostgreSQL ${(pgMs / N).toFixed(2)} ms` : ''));
await database.close();
if (!process.env.KEEP) await drop(); else console.log(url);
rmSync(dir, { recursive: true, force: true });
