// Logs (API calls, sign-ins, usual, errors) and scheduled jobs that really run on their cron.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { md5 } from '../src/modules/auth/password.ts';
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
  before(async () => { s = await startServer({ kind }); admin = (await s.login()).access_token; });
  after(async () => { await s?.close(); });
  const get = (p: string, token = admin) => s.api(p, { token });
  const post = (p: string, json?: unknown) => s.api(p, { method: 'POST', token: admin, ...(json === undefined ? {} : { json }) });

  test('every API call is recorded with its time and outcome', async () => {
    await get('/api/blade-system/menu/routes');
    await get('/api/blade-system/param/list?paramKey_bogus=1');
    await s.server.services.logs.flush();
    const ok = (await get('/api/blade-log/api/list?requestUri=/api/blade-system/menu/routes')).body.data.records[0];
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.createBy, 'admin');
    assert.match(ok.time, /^\d+$/);
    const bad = (await get('/api/blade-log/api/list?requestUri=/api/blade-system/param/list&statusCode_equal=400')).body.data.records[0];
    assert.equal(bad.type, '2');
    assert.equal((await get(`/api/blade-log/api/detail?id=${ok.id}`)).body.data.method, 'GET');
    assert.equal((await get('/api/blade-log/api/list', (await s.login('user', 'user')).access_token)).status, 403);
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
