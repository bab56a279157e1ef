// Micro-app benchmark (issue 15, "Speed"): on PostgreSQL only (TEST_PG_URL; throwaway databases
// named bench_miniapp_*, created and dropped), the real server (`node server/dist/main.js`, as
// `npm run serve` runs it, in a child process) with an app set up through its own HTTP API: a model with one searchable field and one
// field hidden from a restricted role, a one-to-many child model, createTable, the app, and a
// permission group (the ordinary user's role: add and view, their department's records).
//  1. Business list (GET getBizData, filter on the searchable field, page of 10) as the app table
//     grows to 10k, 100k, 1M rows (generate_series into the table createTable made, then vacuum
//     analyze): p50/p95/p99 of CALLS sequential calls for the administrator and the restricted
//     role; the restricted/admin ratio (target ≤ 1.2), p95 against 50 ms, flatness largest/smallest.
//  2. Directus 10.13.x (npm, installed once into DIRECTUS_DIR, outside the repository) on Node, on a
//     second throwaway database holding the same tables (copied column by column with their
//     indexes) and rows: the same list (same filter, sort, page, and a count as ours answers) and a
//     create of one record with two child rows (o2m relation, nested create) against saveBizData,
//     autocannon at the same connections: requests/s and p99 of both, ours/Directus (goal ≥ 1.5).
//  3. Export (POST exportBizData) of EXPORT_ROWS records with two child rows each: rows/s and the
//     server's peak RSS (VmHWM of its process, reset first) against exceljs's own streaming
//     WorkbookWriter writing the same rows to a file in this process (goal ≥ 0.8×, RSS < 300 MB);
//     then importBizData of that file (goal < 60 s).
// Env: BENCH_QUICK=1 (10k rows everywhere), BENCH_MINIAPP_ROWS (list sizes, e.g. 10000,100000),
// BENCH_MINIAPP_EXPORT_ROWS, CALLS (200), CONNECTIONS (10), DURATION (5 s per autocannon run),
// DIRECTUS_DIR (default <tmp>/bench-directus), DIRECTUS_PORT (default: a free port),
// SKIP_DIRECTUS=1, SKIP_EXPORT=1, BENCH_MINIAPP_FIRST_BOOT=1 (measure in the server's first boot, which
// migrates and seeds the new database, instead of in a second start).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { BASIC, freshPostgresDatabase, postgresAvailable, PG_ADMIN_URL } from '../../server/test/harness.ts';
import { SEED } from '../../server/src/db/seed.ts';
import { md5 } from '../../server/src/modules/auth/password.ts';

const require = createRequire(import.meta.url);
const QUICK = process.env.BENCH_QUICK === '1';
const FIRST_BOOT = process.env.BENCH_MINIAPP_FIRST_BOOT === '1';
const SIZES = (process.env.BENCH_MINIAPP_ROWS ?? (QUICK ? '10000' : '10000,100000,1000000')).split(',').map(Number).filter((n) => n > 0);
const EXPORT_ROWS = Number(process.env.BENCH_MINIAPP_EXPORT_ROWS ?? (QUICK ? 10_000 : 100_000));
const CALLS = Number(process.env.CALLS ?? 200);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);
const DIRECTUS_DIR = process.env.DIRECTUS_DIR ?? join(tmpdir(), 'bench-directus');
const DIRECTUS_SPEC = '~10.13';
const T = SEED.tenant;
const B = '/api/appBizData/appBizData';
const BASE_ID = 3000000000000000000n; // above any snowflake id of this decade: no clash with rows the server makes
const CHILD_BASE_ID = 3100000000000000000n;
const DIRECTUS_SEQ_START = '3900000000000000000'; // Directus's own creates (the copied tables get a sequence default)
const FILTER_VALUE = 'C7'; // category is 'C' || g % 97: 1 record in 97
// records spread over four departments; the restricted user (seed "user") is in the second: 1 in 4
const DEPTS = [SEED.deptInfoId, SEED.deptTeachId, '3123598813738675211', '3123598813738675212'];
const LIST_P95_TARGET = 50;

interface CannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number }
interface CannonOptions { url: string; method?: string; headers?: Record<string, string>; body?: string; connections: number; duration: number }
const autocannon = require('autocannon') as (o: CannonOptions) => Promise<CannonResult>;
const pg = (await import('pg')).default;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const f1 = (n: number, w = 7) => (Number.isFinite(n) ? n.toFixed(n < 100 ? 1 : 0) : '-').padStart(w);
const sizeName = (s: number) => (s >= 1e6 ? `${s / 1e6}M` : s >= 1e3 ? `${s / 1e3}k` : String(s));
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

// ---------------------------------------------------------------- the real server, in a child process

interface Server { url: string; pid: number; stop(): Promise<void> }

const root = new URL('../..', import.meta.url).pathname;

/**
 * The server as `npm run serve` runs it: `node server/dist/main.js`, the JavaScript `npm run build`
 * makes (scripts/build-server.mjs, run here first so it is the current code), no tsx in its process.
 * A node as it runs in a deployment: its first boot on the new database (migrations, the seed, the
 * demo campus made through its API: some 30 s and scrypt hashes of the demo people, done once per
 * deployment) is stopped and the node started again, as every later start and every other node
 * finds the database. BENCH_MINIAPP_FIRST_BOOT=1 measures in the first boot's process instead.
 */
async function startServer(env: Record<string, string>): Promise<Server> {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('scripts/build-server.mjs failed');
  if (!FIRST_BOOT) {
    const t = performance.now();
    const first = await launch(env);
    console.log(`# first boot (migrations, seed, demo campus) ${((performance.now() - t) / 1000).toFixed(1)} s, RSS ${mb(vm(first.pid).rss)} after it; stopped and started again`);
    await first.stop();
  }
  return launch(env);
}

async function launch(env: Record<string, string>): Promise<Server> {
  const port = await anyPort();
  // exactly package.json's "serve" (node, its flags, server/dist/main.js)
  const [bin, ...args] = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.serve as string).trim().split(/\s+/);
  if (bin !== 'node') throw new Error(`package.json's serve script does not start with node: ${bin}`);
  const child = spawn(process.execPath, args, {
    cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '0', PORT: String(port), HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (i > 600) { child.kill(); throw new Error('server not ready after 5 minutes'); }
    const ok = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await Promise.race([sleep(500), exited]);
  }
  return {
    url, pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM'); // as an operator stops it: drain, finish in-flight requests, exit
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

interface Answer { status: number; body: any }
async function api(base: string, path: string, init: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(base + path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: { ...(init.token ? { 'Blade-Auth': `bearer ${init.token}` } : {}), ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body };
}
async function must(base: string, path: string, init: Parameters<typeof api>[2] = {}): Promise<any> {
  const r = await api(base, path, init);
  if (r.status !== 200) throw new Error(`${init.method ?? (init.json === undefined ? 'GET' : 'POST')} ${path.split('?')[0]} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body.data;
}

async function signIn(base: string, account: string, password: string): Promise<string> {
  const q = new URLSearchParams({ tenantId: T, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': T } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in of ${account} failed: ${JSON.stringify(body).slice(0, 200)}`);
  return body.access_token;
}

// ---------------------------------------------------------------- the app, through the builder's own API

interface BenchApp { appId: string; table: string; main: string; child: string; key: string; childKey: string; childProp: string }

/** A model (title, category searchable, amount, secret hidden from the restricted role) with a one-to-many child (lineName, qty). */
async function setUpApp(base: string, admin: string, table: string, name: string): Promise<BenchApp> {
  const post = (path: string, json: unknown) => must(base, path, { token: admin, json });
  const mainId = (await post('/api/blade-model/model/submit', { modelName: name, modelTable: table })).id;
  await post('/api/blade-model/model/submit-list', { modelId: mainId, items: [
    { fieldName: 'title', fieldLabel: '名称', fieldLabelEn: 'Title', fieldType: 'string', length: 100, required: 1, sort: 1 },
    { fieldName: 'category', fieldLabel: '类别', fieldLabelEn: 'Category', fieldType: 'string', length: 20, searchable: 1, sort: 2 },
    { fieldName: 'amount', fieldLabel: '金额', fieldLabelEn: 'Amount', fieldType: 'decimal', scale: 2, sort: 3 },
    { fieldName: 'secret', fieldLabel: '保密备注', fieldLabelEn: 'Secret note', fieldType: 'string', length: 50, sort: 4 },
  ] });
  const childId = (await post('/api/blade-model/model/submit', { modelName: `${name}明细`, modelTable: `${table}_line`, parentId: mainId, relation: 'more' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: childId, items: [
    { fieldName: 'lineName', fieldLabel: '明细', fieldLabelEn: 'Line', fieldType: 'string', length: 50, required: 1, sort: 1 },
    { fieldName: 'qty', fieldLabel: '数量', fieldLabelEn: 'Quantity', fieldType: 'int', sort: 2 },
  ] });
  await must(base, `/api/blade-model/model/createTable?modelIds=${mainId},${childId}`, { token: admin });
  const appId = (await post('/api/appInfo/appInfo/submit', { appName: name, modelId: mainId, appStatus: 1 })).id;
  const groupId = (await post('/api/appPermission/appPermission/submit', { appId, permissionName: '本部门', roleIds: SEED.userRoleId, operates: 'add,view', dataScope: 'dept' })).id;
  await post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: groupId, scopes: [{ modelId: mainId, fieldName: 'secret', hide: 1, disabled: 1, display: 0, search: 0 }] });
  const pre = `ma_${T}_`;
  return { appId, table, main: `${pre}${table}`, child: `${pre}${table}_line_dynamic`, key: `${table}_id`, childKey: `${table}_line_id`, childProp: `${table}_line_dynamic` };
}

/** Statements that grow an app's main table from `from` records to `to` (and, with children, two child rows each). */
function fill(a: BenchApp, from: number, to: number, children: boolean): string[] {
  const g = `generate_series(${from + 1}, ${to}) g`;
  const stamp = `'${T}', ${SEED.adminId}, (array[${DEPTS.join(',')}]::bigint[])[1 + g % 4], now() - g * interval '1 second', ${SEED.adminId}, now() - g * interval '1 second'`;
  const out = [`insert into ${a.main} (${a.key}, ${a.table}_data_status, ${a.table}_data_from, title, category, amount, secret, tenant_id, create_user, create_dept, create_time, update_user, update_time)
    select ${BASE_ID}::bigint + g, 1, 'app', '记录 ' || g, 'C' || (g % 97), (g % 100000) / 100.0, '保密 ' || g, ${stamp} from ${g}`];
  if (children) {
    out.push(`insert into ${a.child} (${a.childKey}, ${a.key}, ${a.table}_line_data_status, ${a.table}_line_data_from, line_name, qty, tenant_id, create_user, create_dept, create_time, update_user, update_time)
      select ${CHILD_BASE_ID}::bigint + g * 2 + k, ${BASE_ID}::bigint + g, 1, 'app', '明细 ' || g || '-' || k, k + 1, ${stamp} from ${g}, generate_series(0, 1) k`);
  }
  return out;
}

async function runSql(url: string, statements: string[]): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t = performance.now();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
  return performance.now() - t;
}

// ---------------------------------------------------------------- 1. the business list as the table grows

interface Timing { p50: number; p95: number; p99: number; total: number }

async function timeCalls(call: () => Promise<number>): Promise<Timing> {
  for (let i = 0; i < 20; i++) await call();
  const ms: number[] = [];
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    total = await call();
    ms.push(performance.now() - t);
  }
  ms.sort((x, y) => x - y);
  return { p50: pct(ms, 0.5), p95: pct(ms, 0.95), p99: pct(ms, 0.99), total };
}

const listPath = (a: BenchApp, queryObj: Record<string, string>) => `${B}/getBizData?${new URLSearchParams({ appId: a.appId, current: '1', size: '10', queryObj: JSON.stringify(queryObj) })}`;

async function listOnce(base: string, token: string, path: string, hidden: boolean): Promise<number> {
  const r = await api(base, path, { token });
  if (r.status !== 200) throw new Error(`getBizData answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  const page = r.body.data.records as { total: number; records: Record<string, unknown>[] };
  if (page.records.length === 0 && page.total > 0) throw new Error('getBizData answered no records for a non-empty total');
  if (page.records.some((x) => ('secret' in x) !== !hidden)) throw new Error(`the field "secret" is ${hidden ? 'in' : 'missing from'} the answer`);
  return page.total;
}

async function listPart(srv: Server, app: BenchApp, dbUrl: string, admin: string, user: string): Promise<void> {
  console.log(`\n# 1. business list (GET getBizData, page of 10, newest first), ${CALLS} sequential calls after 20 unmeasured, per size`);
  console.log(`#    admin: the administrator (every record); restricted: role "user", their department's records (1 in 4), field "secret" hidden`);
  const filters: { name: string; q: Record<string, string> }[] = [
    { name: `category = ${FILTER_VALUE}`, q: { category_equal: FILTER_VALUE } }, // served by the searchable field's index (tenant_id, category)
    { name: `category contains ${FILTER_VALUE}`, q: { category: FILTER_VALUE } }, // the list's default for a text field: ilike '%C7%' (C7, C70–C79)
  ];
  const rows: string[] = [];
  const p95s = new Map<string, number[]>();
  let have = 0;
  for (const size of SIZES) {
    const ms = await runSql(dbUrl, fill(app, have, size, false));
    have = size;
    const vac = await runSql(dbUrl, [`vacuum analyze ${app.main}`]);
    console.log(`  filled ${app.main} to ${size.toLocaleString('en')} records in ${(ms / 1000).toFixed(1)} s (+ vacuum analyze ${(vac / 1000).toFixed(1)} s), load ${load()}`);
    for (const f of filters) {
      const path = listPath(app, f.q);
      const a = await timeCalls(() => listOnce(srv.url, admin, path, false));
      const r = await timeCalls(() => listOnce(srv.url, user, path, true));
      for (const [who, t] of [['admin', a], ['restricted', r]] as const) {
        const k = `${f.name}\u0000${who}`;
        p95s.set(k, [...(p95s.get(k) ?? []), t.p95]);
      }
      rows.push(`  ${sizeName(size).padStart(5)}  ${f.name.padEnd(20)} ${String(a.total).padStart(6)} ${f1(a.p50)} ${f1(a.p95)} ${f1(a.p99)}   ${String(r.total).padStart(6)} ${f1(r.p50)} ${f1(r.p95)} ${f1(r.p99)}   ${(r.p50 / a.p50).toFixed(2).padStart(5)} ${(r.p95 / a.p95).toFixed(2).padStart(5)}   ${(a.p95 / LIST_P95_TARGET).toFixed(2).padStart(5)} ${(r.p95 / LIST_P95_TARGET).toFixed(2).padStart(5)}`);
    }
  }
  const cols = `${'total'.padStart(6)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`;
  console.log(`  ${''.padStart(5)}  ${''.padEnd(20)} ${'administrator (ms)'.padEnd(30)}   ${'restricted role (ms)'.padEnd(30)}   ${'restr/admin'.padEnd(11)}   ${'p95 / 50 ms'.padEnd(11)}`);
  console.log(`  ${'rows'.padStart(5)}  ${'filter'.padEnd(20)} ${cols}   ${cols}   ${'p50'.padStart(5)} ${'p95'.padStart(5)}   ${'admin'.padStart(5)} ${'restr'.padStart(5)}`);
  for (const r of rows) console.log(r);
  console.log(`  (ms; total: the count the page answers, capped at 10,001; target: restricted/admin ≤ 1.2, p95/50ms ≤ 1.00)`);
  if (SIZES.length > 1) {
    const flat = [...p95s].map(([k, v]) => `${k.replace('\u0000', ' ')} ${(v[v.length - 1] / v[0]).toFixed(2)}`);
    console.log(`  flatness, p95 at ${sizeName(SIZES[SIZES.length - 1])} / p95 at ${sizeName(SIZES[0])} (1.00 = flat): ${flat.join('; ')}`);
  }
}

// ---------------------------------------------------------------- 2. Directus side by side

/** Installs directus@~10.13 (and pg) into DIRECTUS_DIR once; answers its cli.js, or why it cannot. */
function ensureDirectus(): { cli: string; version: string } | { reason: string } {
  const cli = join(DIRECTUS_DIR, 'node_modules', 'directus', 'cli.js');
  const versionOf = () => (JSON.parse(readFileSync(join(DIRECTUS_DIR, 'node_modules', 'directus', 'package.json'), 'utf8')) as { version: string }).version;
  if (existsSync(cli) && existsSync(join(DIRECTUS_DIR, 'node_modules', 'pg')) && versionOf().startsWith('10.13.')) return { cli, version: versionOf() };
  mkdirSync(DIRECTUS_DIR, { recursive: true });
  if (!existsSync(join(DIRECTUS_DIR, 'package.json'))) writeFileSync(join(DIRECTUS_DIR, 'package.json'), JSON.stringify({ name: 'bench-directus', private: true }));
  console.log(`  installing directus@${DIRECTUS_SPEC} and pg into ${DIRECTUS_DIR} (kept for the next run; takes minutes)`);
  const t = performance.now();
  const r = spawnSync('npm', ['install', `directus@${DIRECTUS_SPEC}`, 'pg', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: DIRECTUS_DIR, encoding: 'utf8', timeout: 20 * 60_000 });
  if (r.status !== 0 || !existsSync(cli)) return { reason: `npm install directus@${DIRECTUS_SPEC} failed (${r.error?.message ?? `exit ${r.status}`}): ${(r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' / ').slice(0, 400)}` };
  console.log(`  installed in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return { cli, version: versionOf() };
}

async function freePort(): Promise<number> {
  if (process.env.DIRECTUS_PORT) return Number(process.env.DIRECTUS_PORT);
  return anyPort();
}
function anyPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); });
  });
}

/** The DDL of a table as this database has it: columns (types, not null, defaults), primary key, indexes; no foreign keys. */
async function tableDdl(c: InstanceType<typeof pg.Client>, table: string): Promise<string[]> {
  const cols = (await c.query(`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as nn, pg_get_expr(d.adbin, d.adrelid) as def
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`, [table])).rows as { name: string; type: string; nn: boolean; def: string | null }[];
  const pk = (await c.query(`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'p'`, [table])).rows[0]?.def as string;
  const idx = (await c.query(`select indexdef from pg_indexes where tablename = $1 and schemaname = current_schema()
    and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)`, [table])).rows.map((r: { indexdef: string }) => r.indexdef);
  const body = cols.map((x) => `${x.name} ${x.type}${x.nn ? ' not null' : ''}${x.def ? ` default ${x.def}` : ''}`);
  return [`create table ${table} (${[...body, pk].join(', ')})`, ...idx];
}

interface Directus { url: string; token: string; proc: ChildProcess; log: string; stop(): Promise<void> }

async function startDirectus(cli: string, dbUrl: string): Promise<Directus> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const token = randomBytes(16).toString('hex');
  for (const d of ['uploads', 'extensions']) mkdirSync(join(DIRECTUS_DIR, d), { recursive: true });
  const env: Record<string, string> = {
    ...process.env as Record<string, string>, NODE_ENV: 'production',
    DB_CLIENT: 'pg', DB_CONNECTION_STRING: dbUrl, DB_POOL__MAX: '10', // the pool size of our server (PG_POOL_MAX default)
    KEY: randomBytes(16).toString('hex'), SECRET: randomBytes(16).toString('hex'),
    ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: randomBytes(12).toString('hex'), ADMIN_TOKEN: token,
    HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, TELEMETRY: 'false', LOG_LEVEL: 'warn',
    CACHE_ENABLED: 'false', RATE_LIMITER_ENABLED: 'false', WEBSOCKETS_ENABLED: 'false',
    STORAGE_LOCAL_ROOT: join(DIRECTUS_DIR, 'uploads'), EXTENSIONS_PATH: join(DIRECTUS_DIR, 'extensions'),
  };
  const log = join(DIRECTUS_DIR, `directus-${port}.log`);
  const out = createWriteStream(log);
  await new Promise<void>((r) => out.once('open', () => r()));
  const boot = spawnSync(process.execPath, [cli, 'bootstrap'], { cwd: DIRECTUS_DIR, env, encoding: 'utf8', timeout: 5 * 60_000 });
  if (boot.status !== 0) throw new Error(`directus bootstrap failed (exit ${boot.status}): ${(boot.stderr || boot.stdout || '').trim().split('\n').slice(-5).join(' / ').slice(0, 500)}`);
  const proc = spawn(process.execPath, [cli, 'start'], { cwd: DIRECTUS_DIR, env, stdio: ['ignore', out, out] });
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  for (let i = 0; i < 240; i++) {
    if (proc.exitCode !== null) throw new Error(`directus start exited with ${proc.exitCode}: see ${log}`);
    try {
      if ((await (await fetch(`${url}/server/ping`)).text()) === 'pong') return { url, token, proc, log, stop };
    } catch { /* not listening yet */ }
    await sleep(500);
  }
  await stop();
  throw new Error(`directus did not answer /server/ping within 120 s: see ${log}`);
}

async function directusApi(d: Directus, method: string, path: string, json?: unknown): Promise<any> {
  const res = await fetch(d.url + path, { method, headers: { Authorization: `Bearer ${d.token}`, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) }, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await res.text();
  if (!res.ok) throw new Error(`Directus ${method} ${path.split('?')[0]} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function cannon(o: CannonOptions): Promise<CannonResult> {
  await autocannon({ ...o, duration: 1 }); // warm-up: JIT, plans, pools
  return autocannon(o);
}

async function directusPart(srv: Server, app: BenchApp, ourDb: string, admin: string): Promise<void> {
  const rows = SIZES[SIZES.length - 1];
  console.log(`\n# 2. Directus side by side at ${rows.toLocaleString('en')} records: autocannon, ${CONNECTIONS} connections, ${DURATION} s per call and server (after 1 s unmeasured)`);
  if (process.env.SKIP_DIRECTUS === '1') { console.log('  skipped (SKIP_DIRECTUS=1)'); return; }
  const got = ensureDirectus();
  if ('reason' in got) { console.log(`  skipped: ${got.reason}`); return; }
  console.log(`  directus ${got.version} from ${DIRECTUS_DIR}, on Node ${process.version}`);
  const db = await freshPostgresDatabase('bench_miniapp_dx_');
  let d: Directus | undefined;
  try {
    // the same tables (columns, key, indexes) and rows; ids and tenant get database defaults there,
    // as Directus lets the database make a new record's key; the foreign key is Directus's own relation
    const src = new pg.Client({ connectionString: ourDb });
    await src.connect();
    const ddl = [...await tableDdl(src, app.main), ...await tableDdl(src, app.child)];
    await src.end();
    const ms = await runSql(db.url, [
      ...ddl,
      `create sequence ${app.main}_seq start ${DIRECTUS_SEQ_START}`, `alter table ${app.main} alter column ${app.key} set default nextval('${app.main}_seq')`,
      `create sequence ${app.child}_seq start ${DIRECTUS_SEQ_START}`, `alter table ${app.child} alter column ${app.childKey} set default nextval('${app.child}_seq')`,
      ...[app.main, app.child].map((t) => `alter table ${t} alter column tenant_id set default '${T}'`),
      ...fill(app, 0, rows, false), `vacuum analyze ${app.main}`,
    ]);
    console.log(`  copied the tables (${ddl.length} statements: columns, key, indexes) and ${rows.toLocaleString('en')} records into ${db.url.split('/').pop()} in ${(ms / 1000).toFixed(1)} s`);
    d = await startDirectus(got.cli, db.url);
    // register the tables as collections with the o2m relation (main.lines ← child.<main key>)
    for (const c of [app.main, app.child]) await directusApi(d, 'PATCH', `/collections/${c}`, { meta: { note: 'bench/miniapp' } });
    await directusApi(d, 'POST', `/fields/${app.main}`, { field: 'lines', type: 'alias', meta: { special: ['o2m'], interface: 'list-o2m' } });
    await directusApi(d, 'POST', '/relations', { collection: app.child, field: app.key, related_collection: app.main, meta: { one_field: 'lines' } });

    const ourList = srv.url + listPath(app, { category_equal: FILTER_VALUE });
    const filter = { _and: [{ tenant_id: { _eq: T } }, { is_deleted: { _eq: 0 } }, { category: { _eq: FILTER_VALUE } }] };
    const dxList = `${d.url}/items/${app.main}?${new URLSearchParams({ filter: JSON.stringify(filter), sort: `-create_time,-${app.key}`, limit: '10', page: '1', meta: 'filter_count' })}`;
    const ourHeaders = { 'Blade-Auth': `bearer ${admin}`, 'content-type': 'application/json' };
    const dxHeaders = { Authorization: `Bearer ${d.token}`, 'content-type': 'application/json' };
    // the same page from both
    const ours = (await must(srv.url, ourList.slice(srv.url.length), { token: admin })).records;
    const theirs = await directusApi(d, 'GET', dxList.slice(d.url.length));
    const sameIds = JSON.stringify(ours.records.map((r: Record<string, unknown>) => String(r[app.key.toUpperCase()]))) === JSON.stringify(theirs.data.map((r: Record<string, unknown>) => String(r[app.key])));
    console.log(`  same page: ours total ${ours.total} (capped at 10,001), Directus filter_count ${theirs.meta.filter_count}; the same 10 records: ${sameIds ? 'yes' : 'NO'}`);
    const ourCreate = JSON.stringify({ appId: app.appId, data: { title: '压测新增', category: 'C1', amount: 12.5, secret: '保密', [app.childProp]: [{ lineName: '明细一', qty: 1 }, { lineName: '明细二', qty: 2 }] } });
    const dxCreate = JSON.stringify({ title: '压测新增', category: 'C1', amount: 12.5, secret: '保密', create_user: SEED.adminId, create_dept: SEED.deptInfoId, lines: [{ line_name: '明细一', qty: 1 }, { line_name: '明细二', qty: 2 }] });
    // one create each, read back with its two child rows
    const made = await must(srv.url, `${B}/saveBizData`, { token: admin, json: JSON.parse(ourCreate) });
    const back = await must(srv.url, `${B}/detail`, { token: admin, json: { appId: app.appId, id: made[app.key.toUpperCase()] } });
    const dxMade = await directusApi(d, 'POST', `/items/${app.main}`, JSON.parse(dxCreate));
    const dxBack = await directusApi(d, 'GET', `/items/${app.main}/${dxMade.data[app.key]}?fields=*,lines.*`);
    console.log(`  one create each, read back: ours ${back[app.childProp].length} child rows, Directus ${dxBack.data.lines.length}`);

    const calls = [
      { name: 'list (filter, page of 10)', ours: { url: ourList, method: 'GET', headers: ourHeaders }, dx: { url: dxList, method: 'GET', headers: dxHeaders } },
      { name: 'create + 2 child rows', ours: { url: `${srv.url}${B}/saveBizData`, method: 'POST', headers: ourHeaders, body: ourCreate }, dx: { url: `${d.url}/items/${app.main}`, method: 'POST', headers: dxHeaders, body: dxCreate } },
    ];
    console.log(`  ${'call'.padEnd(26)} ${'ours req/s'.padStart(10)} ${'p99 ms'.padStart(7)}   ${'Directus req/s'.padStart(14)} ${'p99 ms'.padStart(7)}   ours/Directus req/s, p99 (Directus/ours; goal ≥ 1.5 both)`);
    for (const c of calls) {
      const a = await cannon({ ...c.ours, connections: CONNECTIONS, duration: DURATION });
      const b = await cannon({ ...c.dx, connections: CONNECTIONS, duration: DURATION });
      const bad = (x: CannonResult) => x.non2xx + x.errors + x.timeouts;
      const note = [bad(a) ? `ours ${bad(a)} failed or non-2xx of ${a.requests.total}` : '', bad(b) ? `Directus ${bad(b)} failed or non-2xx of ${b.requests.total}` : ''].filter(Boolean).join('; ');
      console.log(`  ${c.name.padEnd(26)} ${f1(a.requests.average, 10)} ${f1(a.latency.p99)}   ${f1(b.requests.average, 14)} ${f1(b.latency.p99)}   ${(a.requests.average / b.requests.average).toFixed(2)}×, ${(b.latency.p99 / Math.max(a.latency.p99, 1)).toFixed(2)}×${note ? `  (${note})` : ''}`);
    }
  } finally {
    await d?.stop();
    await db.drop();
  }
}

// ---------------------------------------------------------------- 3. export and import

function vm(pid: number): { hwm: number; rss: number } {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(s)?.[1] ?? NaN);
  return { hwm: kb('VmHWM'), rss: kb('VmRSS') };
}
/** Resets the process's peak RSS (VmHWM) to its current RSS (Linux clear_refs 5); false where refused. */
function resetPeak(pid: number): boolean {
  try { writeFileSync(`/proc/${pid}/clear_refs`, '5'); return true; } catch { return false; }
}

async function exportPart(srv: Server, app: BenchApp, dbUrl: string, admin: string, work: string): Promise<void> {
  console.log(`\n# 3. export of ${EXPORT_ROWS.toLocaleString('en')} records with two child rows each (POST exportBizData), then import of that file (POST importBizData)`);
  if (process.env.SKIP_EXPORT === '1') { console.log('  skipped (SKIP_EXPORT=1)'); return; }
  const probe = await api(srv.url, `${B}/exportBizData`, { token: admin, json: { appId: app.appId, ids: '1' } });
  if (probe.status === 404) { console.log(`  exportBizData not served (POST ${B}/exportBizData answered 404): export and import not measured`); return; }
  if (probe.status !== 200) { console.log(`  exportBizData answered ${probe.status} to an export of no record: ${JSON.stringify(probe.body).slice(0, 300)}; not measured`); return; }
  const ms = await runSql(dbUrl, [...fill(app, 0, EXPORT_ROWS, true), `vacuum analyze ${app.main}`, `vacuum analyze ${app.child}`]);
  console.log(`  filled ${app.main} with ${EXPORT_ROWS.toLocaleString('en')} records and ${app.child} with ${(2 * EXPORT_ROWS).toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s`);

  // ours: the whole answer read to a file, the server's RSS sampled meanwhile
  const file = join(work, 'export.xlsx');
  const peakReset = resetPeak(srv.pid);
  const before = vm(srv.pid);
  let sampled = before.rss;
  const sampler = setInterval(() => { try { sampled = Math.max(sampled, vm(srv.pid).rss); } catch { /* exited */ } }, 50);
  let t = performance.now();
  const res = await fetch(`${srv.url}${B}/exportBizData`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh-CN' }, body: JSON.stringify({ appId: app.appId }) });
  if (res.status !== 200 || !res.body) { clearInterval(sampler); console.log(`  exportBizData answered ${res.status}: ${(await res.text()).slice(0, 300)}`); return; }
  const out = createWriteStream(file);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
  const ourSec = (performance.now() - t) / 1000;
  clearInterval(sampler);
  const after = vm(srv.pid);
  const peakKb = peakReset ? after.hwm : Math.max(sampled, after.rss);

  // what the file holds (exceljs's streaming reader): records of the main sheet and rows of the child sheet
  const ExcelJS = require('exceljs') as typeof import('exceljs');
  const sheetRows: number[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  for await (const ws of reader) {
    let n = 0;
    for await (const _row of ws as AsyncIterable<unknown>) n++;
    sheetRows.push(n);
  }

  // exceljs's own streaming writer, the same rows (read from the database first, outside the timing), in a child process
  const baseFile = join(work, 'exceljs.xlsx');
  const writer = fork(new URL('./exceljs-writer.ts', import.meta.url).pathname, [JSON.stringify({ dbUrl, tenant: T, main: app.main, child: app.child, key: app.key, table: app.table, minId: String(BASE_ID), file: baseFile })], {
    execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = await new Promise<{ ms: number; records: number; lines: number; bytes: number; beforeKb: number; peakKb: number }>((resolve, reject) => {
    writer.once('message', resolve);
    writer.once('exit', (code) => reject(new Error(`the exceljs writer exited with ${code}`)));
  });
  const ourRate = EXPORT_ROWS / ourSec;
  const baseRate = base.records / (base.ms / 1000);
  console.log(`  ours:    ${ourSec.toFixed(1)} s, ${f1(ourRate, 0)} records/s, ${(statSync(file).size / 1e6).toFixed(1)} MB; sheets hold ${sheetRows.map((n) => n.toLocaleString('en')).join(' / ')} rows (headings included); server RSS ${mb(before.rss)} before, peak ${mb(peakKb)} (${peakReset ? 'VmHWM after a reset' : 'sampled VmRSS'}): +${mb(peakKb - before.rss)}`);
  console.log(`  exceljs: ${(base.ms / 1000).toFixed(1)} s, ${f1(baseRate, 0)} records/s, ${(base.bytes / 1e6).toFixed(1)} MB (WorkbookWriter in a child process, no shared strings or styles, zlib level 1 as the server's; ${base.records.toLocaleString('en')} + ${base.lines.toLocaleString('en')} rows); RSS ${mb(base.beforeKb)} with the rows loaded, peak ${mb(base.peakKb)}: +${mb(base.peakKb - base.beforeKb)}`);
  console.log(`  ours/exceljs records/s ${(ourRate / baseRate).toFixed(2)} (goal ≥ 0.8); server peak RSS ${(peakKb / 1024 / 300).toFixed(2)} of 300 MB (the export's own +${mb(peakKb - before.rss)}: ${((peakKb - before.rss) / 1024 / 300).toFixed(2)} of it)`);

  // import of that file back (every record again, as new records)
  resetPeak(srv.pid);
  const impBefore = vm(srv.pid).rss;
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'export.xlsx');
  t = performance.now();
  const imp = await fetch(`${srv.url}${B}/importBizData?appId=${app.appId}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, 'accept-language': 'zh-CN' }, body: form });
  const impSec = (performance.now() - t) / 1000;
  const impBody = await imp.text();
  const impPeak = vm(srv.pid).hwm;
  if (imp.status !== 200) { console.log(`  importBizData answered ${imp.status} after ${impSec.toFixed(1)} s: ${impBody.slice(0, 400)}`); return; }
  console.log(`  import:  ${impSec.toFixed(1)} s (${(impSec / 60).toFixed(2)} of the 60 s goal), ${f1(EXPORT_ROWS / impSec, 0)} records/s, answer ${impBody.slice(0, 160)}; server peak RSS ${mb(impPeak)} (+${mb(impPeak - impBefore)} over the ${mb(impBefore)} before it)`);
}

// ---------------------------------------------------------------- run

console.log(`# ${cpus().length} CPUs, load average ${load()} at start${QUICK ? ' (BENCH_QUICK=1)' : ''}; list sizes ${SIZES.map(sizeName).join(', ')}, export ${sizeName(EXPORT_ROWS)}`);
if (!(await postgresAvailable())) {
  console.log(`\n# skipped: PostgreSQL at ${PG_ADMIN_URL} is not reachable (this benchmark runs on PostgreSQL only)`);
} else {
  const db = await freshPostgresDatabase('bench_miniapp_');
  const work = mkdtempSync(join(tmpdir(), 'campus-bench-miniapp-'));
  let srv: Server | undefined;
  try {
    srv = await startServer({ DATABASE_URL: db.url, DATA_DIR: work });
    console.log(`# server pid ${srv.pid} on ${db.url.split('/').pop()}, RSS ${mb(vm(srv.pid).rss)} after boot (${FIRST_BOOT ? 'its first boot: migrations, seed and demo campus in this process' : 'a second start, on the database its first boot made'})`);
    const admin = await signIn(srv.url, 'admin', 'admin');
    const user = await signIn(srv.url, 'user', 'user');
    const listApp = await setUpApp(srv.url, admin, 'bm_item', '压测台账');
    const exportApp = await setUpApp(srv.url, admin, 'bm_exp', '压测导出');
    console.log(`# apps set up through the API: ${listApp.main} (+ ${listApp.child}), ${exportApp.main} (+ ${exportApp.child})`);
    const parts: [string, () => Promise<void>][] = [
      ['list', () => listPart(srv!, listApp, db.url, admin, user)],
      ['Directus', () => directusPart(srv!, listApp, db.url, admin)],
      ['export', () => exportPart(srv!, exportApp, db.url, admin, work)],
    ];
    for (const [name, run] of parts) {
      try {
        await run();
      } catch (e) {
        console.log(`  ${name} part stopped: ${(e as Error).message}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await srv?.stop();
    await db.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
console.log(`# load average ${load()} at end`);
