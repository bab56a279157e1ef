// Sessions and operations (issue 7, "Sessions" and "Operations"): tokens expire and refresh, a
// revoked token is refused, passwords are stored as slow salted hashes, sign-in locks after 5
// failures and is rate-limited per address and account, security headers are on every answer;
// Prometheus metrics at /metrics, readiness at /readyz, `npm run db:migrate`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { nextId } from '../../src/db/ids.ts';
import { SEED } from '../../src/db/seed.ts';
import { md5 } from '../../src/modules/auth/password.ts';
import { WS_PATH } from '../../src/realtime/index.ts';
import { BASIC, addUser, freshPostgresDatabase, postgresAvailable, startServer, type TestServer } from '../harness.ts';
import { apiRoutes, callRoute, send } from './sweep.ts';

const METRICS_TOKEN = 'trust-metrics-token';
const RATE = 8;

describe('trust: sessions and operations', () => {
  let s: TestServer;
  before(async () => {
    process.env.METRICS_TOKEN = METRICS_TOKEN;
    s = await startServer({ config: { loginRateLimit: RATE, loginRateWindowSeconds: 60 } });
    delete process.env.METRICS_TOKEN;
  });
  after(async () => { await s?.close(); });
  const token = (account: string, password: string, basic = BASIC, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ tenantId: SEED.tenant, username: account, password: md5(password), grant_type: 'password', scope: 'all', ...extra });
    return s.api(`/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: basic, 'Tenant-Id': SEED.tenant } });
  };

  test('an access token expires on time; the refresh token gives a working pair', async () => {
    await sql`insert into blade_client (id, client_id, client_secret, scope, authorized_grant_types, access_token_validity, refresh_token_validity)
      values (${nextId()}, 'brief', 'brief_secret', 'all', 'password,refresh_token', 3, 60)`.execute(s.server.database.db);
    const basic = 'Basic ' + Buffer.from('brief:brief_secret').toString('base64');
    // three seconds, so the first call lands inside them even on a loaded machine
    const issued = Date.now();
    const r = await token('admin', 'admin', basic);
    assert.equal(r.status, 200);
    assert.equal(r.body.expires_in, 3);
    const exp = Number(JSON.parse(Buffer.from(String(r.body.access_token).split('.')[1]!, 'base64url').toString()).exp) * 1000;
    assert.ok(exp > issued && exp <= Date.now() + 3000, 'the token ends three seconds after it was signed');
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: r.body.access_token })).status, 200);
    // past the token's own end (signing may come a second or more after the request on a busy machine)
    await new Promise((res) => setTimeout(res, Math.max(0, exp + 1100 - Date.now())));
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: r.body.access_token })).status, 401, 'expired');
    const q = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: r.body.refresh_token, scope: 'all' });
    const fresh = await s.api(`/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: basic, 'Tenant-Id': SEED.tenant } });
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: fresh.body.access_token })).status, 200);
    // an access token is not a refresh token, nor the other way round
    const q2 = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: fresh.body.access_token, scope: 'all' });
    assert.equal((await s.api(`/api/blade-auth/oauth/token?${q2}`, { method: 'POST', headers: { Authorization: basic } })).status, 401);
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: fresh.body.refresh_token })).status, 401);
  });

  test('a revoked session is refused: access and refresh token, HTTP and WebSocket', async () => {
    const r = (await token('admin', 'admin')).body;
    assert.equal((await s.api('/api/blade-auth/oauth/logout', { token: r.access_token })).status, 200);
    assert.equal((await s.api('/api/blade-system/user/info', { token: r.access_token })).status, 401);
    const q = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: r.refresh_token, scope: 'all' });
    assert.equal((await s.api(`/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC } })).status, 401);
    const ws = new WebSocket(s.url.replace(/^http/, 'ws') + WS_PATH + '?token=' + r.access_token);
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    assert.equal(code, 4401);
    // a forged token (right shape, wrong key) too
    const [h, p] = String(r.access_token).split('.');
    assert.equal((await s.api('/api/blade-system/user/info', { token: `${h}.${p}.AAAA` })).status, 401);
  });

  test('passwords are stored as salted scrypt hashes, never the password or its MD5', async () => {
    const rows = (await sql<{ account: string; password: string }>`select account, password from blade_user`.execute(s.server.database.db)).rows;
    assert.ok(rows.length >= 3);
    for (const r of rows) {
      const m = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/=]{16,})\$([A-Za-z0-9+/=]{32,})$/.exec(r.password);
      assert.ok(m, `${r.account}: ${r.password.slice(0, 12)}…`);
      assert.ok(Number(m[1]) >= 16384, 'cost parameter N of at least 2^14');
      assert.ok(!r.password.includes(md5('admin')) && !r.password.includes(md5('user')));
    }
    // the same password set for two accounts gives two different hashes (a salt each)
    const [x, y] = await Promise.all([addUser(s, 'salty1'), addUser(s, 'salty2')]);
    const admin = (await token('admin', 'admin')).body.access_token as string;
    assert.equal((await s.api(`/api/blade-system/user/reset-password?userIds=${x},${y}`, { method: 'POST', token: admin })).status, 200);
    const reset = (await sql<{ password: string }>`select password from blade_user where id in (${x}, ${y})`.execute(s.server.database.db)).rows.map((r) => r.password);
    assert.ok(reset.every((p) => p.startsWith('scrypt$')));
    assert.notEqual(reset[0].split('$')[4], reset[1].split('$')[4], 'every hash has its own salt');
  });

  test('five wrong passwords lock the account, even against the right one', async () => {
    await addUser(s, 'locky');
    for (let i = 0; i < 5; i++) assert.match((await token('locky', 'wrong')).body.error_description, /用户名或密码错误|账号已锁定/);
    const right = await token('locky', 'user');
    assert.equal(right.status, 400);
    assert.match(right.body.error_description, /账号已锁定/);
  });

  test(`sign-in is rate-limited per address and account (${RATE} a minute here), with a clear message`, async () => {
    await addUser(s, 'flood');
    await addUser(s, 'bystander');
    const answers = [];
    for (let i = 0; i < RATE + 2; i++) answers.push(await token('flood', i % 2 ? 'user' : 'user'));
    assert.ok(answers.slice(0, RATE).every((a) => a.status === 200), JSON.stringify(answers.map((a) => a.status)));
    const refused = answers[RATE];
    assert.equal(refused.status, 429);
    assert.match(refused.body.error_description, /登录尝试过于频繁，请\d+秒后再试/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    // English on request; the same account in a JSON body is the same key
    const en = await s.api('/api/blade-auth/oauth/token', { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': SEED.tenant, 'Accept-Language': 'en' }, json: { username: 'flood', password: md5('user'), grant_type: 'password' } });
    assert.equal(en.status, 429);
    assert.match(en.body.error_description, /Too many sign-in attempts/);
    // another account from the same address is not held back
    assert.equal((await token('bystander', 'user')).status, 200);
  });

  test('security headers on every answer: API, errors, public, docs, metrics', async () => {
    const routes = apiRoutes(s).filter((r) => r.method === 'GET');
    const paths = [...routes.map((r) => r), null];
    const missing: string[] = [];
    const check = (where: string, h: Headers) => {
      for (const k of ['x-content-type-options', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'content-security-policy', 'cross-origin-opener-policy']) {
        if (!h.get(k)) missing.push(`${where}: ${k}`);
      }
      if (h.get('x-powered-by')) missing.push(`${where}: x-powered-by present`);
    };
    for (const r of paths) {
      if (!r) continue;
      check(r.url, (await callRoute(s, r, {})).headers);
    }
    for (const p of ['/healthz', '/readyz', '/api/nope', '/nope.js', '/api/docs', '/api/docs/json']) check(p, (await send(s.url + p)).headers);
    check('/metrics', (await send(s.url + '/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).headers);
    check('POST bad json', (await send(s.url + '/api/blade-system/dept/submit', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' })).headers);
    assert.deepEqual(missing, []);
    assert.equal((await send(s.url + '/healthz')).headers.get('x-content-type-options'), 'nosniff');
  });

  test('/metrics: request counts and latency by route template, DB pool, WebSocket connections, job runs', async () => {
    assert.equal((await send(s.url + '/metrics')).status, 401, 'METRICS_TOKEN is required when set');
    const admin = (await token('admin', 'admin')).body.access_token as string;
    for (let i = 0; i < 3; i++) await s.api(`/api/blade-system/dept/detail?id=${SEED.deptInfoId}${i}`, { token: admin });
    await s.api('/api/no/such/route/123', { token: admin });
    const ws = new WebSocket(s.url.replace(/^http/, 'ws') + WS_PATH + '?token=' + admin);
    await new Promise((resolve) => ws.once('open', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const job = await s.api('/api/quartzJob/quartzJob/submit', { method: 'POST', token: admin, json: { jobName: 'metrics beat', invokeTarget: 'heartbeat', cronExpression: '0 0 3 * * ?', status: 0 } });
    assert.equal((await s.api(`/api/quartzJob/quartzJob/run?id=${job.body.data.id}`, { method: 'POST', token: admin })).status, 200);
    const m = await send(s.url + '/metrics', { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    ws.close();
    assert.equal(m.status, 200);
    assert.match(m.headers.get('content-type') ?? '', /text\/plain/);
    const t = m.text;
    assert.match(t, /http_requests_total\{method="GET",route="\/api\/blade-system\/dept\/detail",status="200"\} 3/);
    assert.match(t, /http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/blade-system\/dept\/detail"\} \d+/);
    assert.match(t, /http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} \d+/);
    assert.ok(!t.includes('/api/no/such/route'), 'raw paths never become labels');
    assert.match(t, /db_pool_connections\{state="total"\} \d+/);
    assert.match(t, /websocket_connections 1/);
    assert.match(t, /job_runs_total\{job="heartbeat",result="ok"\} 1/);
    assert.match(t, /process_cpu_seconds_total|nodejs_eventloop_lag_seconds/);
  });

  test('/readyz answers ready with the migrations, and 503 once the node drains', async () => {
    const r = await s.api('/readyz');
    assert.equal(r.status, 200);
    assert.equal(r.body.status, 'ready');
    assert.ok(r.body.migrations >= 15);
    const row = (await sql<{ name: string }>`select name from kysely_migration order by name limit 1`.execute(s.server.database.db)).rows[0];
    await sql`delete from kysely_migration where name = ${row.name}`.execute(s.server.database.db);
    const broken = await s.api('/readyz');
    assert.equal(broken.status, 503);
    assert.deepEqual(broken.body.missing, [row.name]);
    await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${new Date().toISOString()})`.execute(s.server.database.db);
    assert.equal((await s.api('/readyz')).status, 200);
    s.server.drain();
    assert.equal((await s.api('/readyz')).status, 503);
    assert.equal((await s.api('/healthz')).status, 200, 'alive while draining');
  });
});

test('npm run db:migrate brings an empty database up to date, and again is a no-op', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'campus-migrate-'));
  const pg = (await postgresAvailable()) ? await freshPostgresDatabase('mig_') : null;
  try {
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: pg?.url ?? '', LOG_LEVEL: 'warn' };
    const root = new URL('../../../', import.meta.url).pathname;
    for (let i = 0; i < 2; i++) {
      const r = spawnSync('npm', ['run', '--silent', 'db:migrate'], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
      t.diagnostic(r.stdout.trim());
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /is up to date \(\d+ migrations\)/);
    }
  } finally {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
