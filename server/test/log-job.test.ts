// Logs (API calls, sign-ins, usual, errors) and scheduled jobs that really run on their cron.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { nextId } from '../src/db/ids.ts';
import { md5 } from '../src/modules/auth/password.ts';
import { apiTitle, isLogged } from '../src/modules/log/titles.ts';
import { parseTarget } from '../src/modules/job/scheduler.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

test('invoke targets name a handler with optional arguments', () => {
  assert.deepEqual(parseTarget('logCleanup(30)'), { name: 'logCleanup', args: ['30'] });
  assert.deepEqual(parseTarget("heartbeat"), { name: 'heartbeat', args: [] });
  assert.deepEqual(parseTarget(" x.y ( 'a b', 2 ) "), { name: 'x.y', args: ['a b', '2'] });
  assert.equal(parseTarget('rm -rf /'), null);
});

await forEachDatabase('logs and jobs', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => { s = await startServer({ kind, config: { apiLogRetentionDays: 7 } }); admin = (await s.login()).access_token; });
  after(async () => { await s?.close(); });
  const get = (p: string, token = admin) => s.api(p, { token });
  const post = (p: string, json?: unknown) => s.api(p, { method: 'POST', token: admin, ...(json === undefined ? {} : { json }) });

  test('a plain read leaves no 接口日志 row; a write leaves one titled in zh and en', async () => {
    await get('/api/blade-system/menu/routes');
    await get('/api/blade-system/param/list?paramKey_bogus=1');
    const key = `log.test.${Date.now()}`;
    assert.equal((await post('/api/blade-system/param/submit', { paramName: '日志测试', paramKey: key, paramValue: '1' })).status, 200);
    assert.equal((await post('/api/blade-system/param/submit', {})).status, 400);
    await get('/api/blade-auth/oauth/clear-cache'); // a GET the route marks config.apiLog
    await s.server.services.logs.flush();
    for (const read of ['/api/blade-system/menu/routes', '/api/blade-system/param/list', '/api/blade-log/api/list']) {
      assert.equal((await get(`/api/blade-log/api/list?requestUri=${read}`)).body.data.total, 0, `${read} is not logged`);
    }
    const rows = (await get('/api/blade-log/api/list?requestUri=/api/blade-system/param/submit')).body.data.records;
    assert.equal(rows.length, 2);
    const ok = rows.find((r: { statusCode: number }) => r.statusCode === 200);
    assert.equal(ok.title, '保存参数');
    assert.equal(ok.titleEn, 'Save parameter');
    assert.equal(ok.method, 'POST');
    assert.equal(ok.createBy, 'admin');
    assert.equal(ok.type, '1');
    assert.match(ok.time, /^\d+$/);
    const bad = rows.find((r: { statusCode: number }) => r.statusCode === 400);
    assert.equal(bad.type, '2');
    assert.equal(bad.titleEn, 'Save parameter');
    const detail = (await get(`/api/blade-log/api/detail?id=${ok.id}`)).body.data;
    assert.equal(detail.methodClass, '/api/blade-system/param/submit');
    assert.equal((await get('/api/blade-log/api/list?titleEn=Save%20param')).body.data.records.some((r: { id: string }) => r.id === ok.id), true, 'searchable by the English title');
    const cache = (await get('/api/blade-log/api/list?requestUri=/api/blade-auth/oauth/clear-cache')).body.data.records[0];
    assert.deepEqual([cache?.method, cache?.title, cache?.titleEn], ['GET', '清除缓存', 'Clear caches']);
    assert.equal((await get('/api/blade-log/api/list', (await s.login('user', 'user')).access_token)).status, 403);
    // a sign-in is logged (BladeX's 登录用户验证) without its password
    await s.server.services.logs.flush();
    const signIn = (await get('/api/blade-log/api/list?requestUri=/api/blade-auth/oauth/token')).body.data.records[0];
    assert.equal(signIn.titleEn, 'Sign in');
    const signInsBy = (await get('/api/blade-log/api/list?requestUri=/api/blade-auth/oauth/token&size=50')).body.data.records.map((r: { createBy: string }) => r.createBy);
    assert.ok(signInsBy.includes('admin') && signInsBy.includes('user'), `a sign-in names the account it was for: ${signInsBy}`);
    assert.match(signIn.params, /password=\*\*\*/);
    assert.ok(!signIn.params.includes(md5('admin')), 'no password hash in the log');
  });

  test('every route that is logged has a short title in Chinese and English', () => {
    const logged = s.server.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && isLogged(r.method, { apiLog: r.apiLog }));
    assert.ok(logged.length > 100, `${logged.length} logged routes`);
    assert.ok(logged.some((r) => r.method === 'GET'), 'GETs marked apiLog are logged');
    const missing: string[] = [];
    for (const r of logged) {
      const t = apiTitle(r.method, r.url);
      const summary = String((r.schema as { summary?: string } | undefined)?.summary ?? '');
      if (!t || !/[\u4e00-\u9fff]/.test(t[0]) || !t[1].trim() || /[\u4e00-\u9fff]/.test(t[1]) || t[0].length > 20 || t[1].length > 40 || t[1] === summary) missing.push(`${r.method} ${r.url}`);
    }
    assert.deepEqual(missing, [], 'routes without a short zh/en title in server/src/modules/log/titles.ts');
    // plain reads are never logged unless marked
    assert.equal(isLogged('GET', {}), false);
    assert.equal(isLogged('GET', { apiLog: true }), true);
    assert.equal(isLogged('POST', { apiLog: false }), false);
    assert.equal(isLogged('DELETE', undefined), true);
  });

  test('the nightly 清理日志 job purges API logs past API_LOG_RETENTION_DAYS, in every tenant', async () => {
    const db = s.server.database.db;
    const row = (tenant: string, daysAgo: number, title: string) => sql`insert into blade_log_api (id, tenant_id, title, title_en, method, request_uri, status_code, create_time)
      values (${nextId()}, ${tenant}, ${title}, ${title}, 'POST', '/api/purge-test', 200, now() - make_interval(days => ${daysAgo}))`.execute(db);
    await row('000000', 8, 'old'); await row('000000', 6, 'recent'); await row('654321', 9, 'old other tenant'); await row('654321', 1, 'recent other tenant');
    const job = (await get('/api/quartzJob/quartzJob/detail?id=1203100')).body.data;
    assert.deepEqual([job.jobName, job.invokeTarget, job.cronExpression, job.status], ['清理日志', 'logCleanup', '0 30 3 * * ?', 1], 'a scheduled purge exists on a fresh install');
    assert.equal((await post('/api/quartzJob/quartzJob/run?id=1203100')).status, 200);
    const left = (await sql<{ title: string }>`select title from blade_log_api where request_uri = '/api/purge-test' order by title`.execute(db)).rows.map((r) => r.title);
    assert.deepEqual(left, ['recent', 'recent other tenant'], 'rows older than the 7-day retention are gone, newer ones stay');
    const log = (await get('/api/quartzJobLog/quartzJobLog/list?jobId_equal=1203100')).body.data.records[0];
    assert.match(log.jobMessage, /2 API log rows past the 7-day retention deleted/);
    // the scheduler's record: submit is answered with why, and changes nothing
    const edit = await post('/api/quartzJobLog/quartzJobLog/submit', { id: log.id, jobMessage: '改写' });
    assert.equal(edit.status, 400);
    assert.match(edit.body.msg, /任务日志由调度器/);
    assert.equal((await get(`/api/quartzJobLog/quartzJobLog/detail?id=${log.id}`)).body.data.jobMessage, log.jobMessage);
  });

  test('清理日志 with a number of days purges the other logs of its own tenant only', async () => {
    const db = s.server.database.db;
    const row = (tenant: string, daysAgo: number, data: string) => sql`insert into blade_log_usual (id, tenant_id, log_data, create_time)
      values (${nextId()}, ${tenant}, ${data}, now() - make_interval(days => ${daysAgo}))`.execute(db);
    await row('000000', 40, 'old'); await row('000000', 10, 'recent'); await row('654321', 40, 'old other tenant');
    const job = await post('/api/quartzJob/quartzJob/submit', { jobName: 'purge 30', invokeTarget: 'logCleanup(30)', cronExpression: '0 0 4 1 1 ? 2099', misfirePolicy: 3, concurrent: 1, status: 0 });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    assert.equal((await post(`/api/quartzJob/quartzJob/run?id=${job.body.data.id}`)).status, 200);
    const left = (await sql<{ logData: string }>`select log_data from blade_log_usual where log_data in ('old', 'recent', 'old other tenant') order by log_data`.execute(db)).rows.map((r) => r.logData);
    assert.deepEqual(left, ['old other tenant', 'recent'], "the tenant's rows past 30 days are gone; newer ones and another tenant's stay");
  });

  test('sign-ins, right and wrong, land in the login log', async () => {
    await s.api(`/api/blade-auth/oauth/token?tenantId=000000&username=user&password=${md5('wrong')}&grant_type=password`, { method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') } });
    await sql`update blade_user set fail_count = 0 where account = 'user'`.execute(s.server.database.db);
    const rows = (await get('/api/blade-portal/userLoginLog/list?account=user&size=50')).body.data.records;
    assert.ok(rows.some((r: { success: number; message: string }) => r.success === 0 && r.message === '用户名或密码错误'));
    assert.ok(rows.some((r: { success: number }) => r.success === 1));
  });

  test('job forms refuse unknown handlers and bad cron with the spec messages', async () => {
    const empty = await post('/api/quartzJob/quartzJob/submit', {});
    assert.equal(empty.status, 400);
    assert.match(empty.body.msg, /请输入任务名称/);
    assert.equal((await post('/api/quartzJob/quartzJob/submit', { jobName: 'x', invokeTarget: 'nope()', cronExpression: '* * * * * ?' })).body.msg, '调用目标不是已注册的任务处理器：nope');
    assert.equal((await post('/api/quartzJob/quartzJob/submit', { jobName: 'x', invokeTarget: 'heartbeat', cronExpression: 'every minute' })).body.msg, 'cron执行表达式不正确');
    const handlers = (await get('/api/quartzJob/quartzJob/handlers')).body.data.map((h: { name: string }) => h.name);
    assert.deepEqual(handlers.sort(), ['emailStrategy', 'heartbeat', 'logCleanup', 'sessionSweep']);
  });

  test('a job on a 1-second cron runs at least twice and logs each run; disabled it stops', async () => {
    const job = (await post('/api/quartzJob/quartzJob/submit', { jobName: '心跳', jobPacket: 'sys', invokeTarget: 'heartbeat', cronExpression: '* * * * * ?', misfirePolicy: 3, concurrent: 1, status: 1 })).body.data;
    let runs = 0;
    for (let i = 0; i < 60 && runs < 2; i++) {
      await sleep(250);
      runs = (await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}`)).body.data.total;
    }
    assert.ok(runs >= 2, `ran ${runs} times`);
    const log = (await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}`)).body.data.records[0];
    assert.equal(log.status, 1);
    assert.match(log.jobMessage, /^heartbeat from /);
    assert.equal((await post(`/api/quartzJob/quartzJob/change-status?id=${job.id}&status=0`)).status, 200);
    await sleep(3500); // the scheduler re-reads jobs every 3 s at most
    const stopped = (await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}`)).body.data.total;
    await sleep(1500);
    assert.equal((await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}`)).body.data.total, stopped);
  });

  test('run once writes a log; a failing handler logs its exception', async () => {
    const job = (await post('/api/quartzJob/quartzJob/submit', { jobName: '清理日志', invokeTarget: 'logCleanup(0)', cronExpression: '0 0 3 * * ?', status: 0 })).body.data;
    assert.equal((await post(`/api/quartzJob/quartzJob/run?id=${job.id}`)).status, 200);
    const log = (await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}`)).body.data.records[0];
    assert.match(log.jobMessage, /older than 1 days deleted/);
    await sql`update blade_quartz_job set invoke_target = 'vanished' where id = ${job.id}`.execute(s.server.database.db);
    await post(`/api/quartzJob/quartzJob/run?id=${job.id}`);
    const failed = (await get(`/api/quartzJobLog/quartzJobLog/list?jobId_equal=${job.id}&status_equal=0`)).body.data.records[0];
    assert.match(failed.exceptionInfo, /no job handler named vanished/);
    assert.equal((await post('/api/quartzJob/quartzJob/run?id=1')).status, 400);
  });
});
