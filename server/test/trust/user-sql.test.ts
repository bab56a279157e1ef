// The one user-SQL executor (server/src/sandbox) against the attack of issue 12: a tenant's
// administrator whose workflow submit check ran SQL on the platform database could read other
// tenants' rows (a boolean oracle), the token-signing secret, and stall every tenant with a sleep.
// Each claim is tried through HTTP where a user would, and on the database itself where the
// parser is the first fence and the role, grants and row-level security the second.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../../src/db/seed.ts';
import { USER_SQL_ROLE, TENANT_SETTING } from '../../src/sandbox/tables.ts';
import { forEachDatabase, startServer, type TestServer } from '../harness.ts';

const FLOW_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="probeFlow" name="校验流程" isExecutable="true">
    <startEvent id="start" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="审批" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

await forEachDatabase('trust: tenant SQL confined to its tenant', (kind) => {
  let s: TestServer;
  let other: string; // tenant 100001's administrator: the attacker
  let admin: string; // tenant 000000's administrator
  let processId: string;
  before(async () => {
    s = await startServer({ kind });
    other = (await s.login('admin', 'admin', SEED.otherTenant)).access_token;
    admin = (await s.login()).access_token;
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json: unknown, token = other, lang?: string) => s.api(path, { method: 'POST', token, json, headers: lang ? { 'Accept-Language': lang } : {} });
  const db = () => s.server.database.db;

  test('a submit check of type SQL sees only its own tenant: the oracle answers the same whether or not the other tenant\'s row exists', async () => {
    // the check passes when a user with the probed account exists
    const check = { submitType: 'start', validateType: 'sql', diySql: 'select 1 from blade_user where account = #{probe} and is_deleted = 0', resConfig: 0, message: '没有这个账号' };
    const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'probeFlow', name: '校验流程', xml: FLOW_XML, settings: { submitValidate: [check] } });
    assert.equal(model.status, 200, JSON.stringify(model.body));
    const dep = await post('/api/blade-workflow/design/model/deploy', { id: model.body.data.id });
    assert.equal(dep.status, 200, JSON.stringify(dep.body));
    processId = String(dep.body.data.definitions.find((d: { key: string }) => d.key === 'probeFlow').id);
    const start = (probe: string) => post('/api/blade-workflow/process/startProcess', { processId, probe });
    // its own data keeps working: tenant 100001 has an account "admin"
    assert.equal((await start('admin')).status, 200);
    // "user" exists only in tenant 000000, "nobody" nowhere: the same refusal
    const inOther = await start('user');
    const nowhere = await start('nobody-at-all');
    assert.equal(inOther.status, 400);
    assert.deepEqual([inOther.status, inOther.body.msg], [nowhere.status, nowhere.body.msg]);
    assert.equal(inOther.body.msg, '没有这个账号');
    // naming the other tenant does not help: row-level security answers no rows
    const rows = await s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: "select account from blade_user where tenant_id = '000000'" });
    assert.deepEqual(rows, []);
    const own = await s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: 'select distinct tenant_id from blade_user' });
    assert.deepEqual(own, [{ tenant_id: SEED.otherTenant }], 'keys as the statement names them, one tenant only');
    const joined = await s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: 'select count(*)::int as n from wf_variable v join wf_instance i on i.id = v.instance_id' });
    const mine = await sql<{ n: number }>`select count(*)::int as n from wf_variable v join wf_instance i on i.id = v.instance_id where i.tenant_id = ${SEED.otherTenant}`.execute(db());
    assert.equal(joined[0]!.n, mine.rows[0]!.n, 'process variables: the instance\'s tenant decides');
  });

  test('the secret, sessions and password hashes are unreadable: refused by the parser when saved, denied by the database underneath', async () => {
    for (const [diySql, msg] of [
      ['select 1 from blade_secret where substr(value, 1, 1) = \'a\'', '不允许查询的表：blade_secret'],
      ['select 1 from public.blade_client', '不允许查询的表：public.blade_client'],
      ['select 1 from pg_catalog.pg_authid', '不允许查询的表：pg_catalog.pg_authid'],
      ['select pg_sleep(3)', '不允许在SQL中使用函数：pg_sleep'],
      ["select set_config('role', 'postgres', true)", '不允许在SQL中使用函数：set_config'],
      ["select current_setting('campus.tenant_id')", '不允许在SQL中使用函数：current_setting'],
      ['select 1; commit', '只允许执行一条查询语句（SELECT/WITH）'],
    ]) {
      const r = await post('/api/blade-workflow/design/model/submit', { modelKey: 'probeFlow2', name: 'x', xml: FLOW_XML.replace(/probeFlow/g, 'probeFlow2'), settings: { submitValidate: [{ submitType: 'start', validateType: 'sql', diySql, resConfig: 0 }] } });
      assert.equal(r.status, 400, diySql);
      assert.equal(r.body.msg, msg, diySql);
    }
    const en = await post('/api/blade-workflow/design/model/submit', { modelKey: 'probeFlow2', name: 'x', settings: { submitValidate: [{ submitType: 'start', validateType: 'sql', diySql: 'select pg_sleep(3)' }] } }, other, 'en');
    assert.equal(en.body.msg, 'The function pg_sleep is not allowed in SQL');
    // the database itself: the role reads neither the secret nor password columns, on PGlite as on PostgreSQL
    const asRole = async (text: string) => db().transaction().execute(async (tx) => {
      await sql`select set_config(${TENANT_SETTING}, ${SEED.otherTenant}, true)`.execute(tx);
      await sql.raw(`set local role ${USER_SQL_ROLE}`).execute(tx);
      return (await sql.raw(text).execute(tx)).rows;
    });
    await assert.rejects(asRole('select value from blade_secret'), /permission denied/);
    await assert.rejects(asRole('select password from blade_user'), /permission denied/);
    await assert.rejects(asRole('select * from blade_log_login'), /permission denied/);
    await assert.rejects(asRole('insert into blade_dept (id, tenant_id, dept_name) values (1, \'100001\', \'x\')'), /permission denied/);
    const users = await asRole('select distinct tenant_id from blade_user');
    assert.deepEqual(users.map((r) => Object.values(r as object)[0]), [SEED.otherTenant]);
    // and the server's own queries are untouched by row security
    const all = await sql<{ n: number }>`select count(distinct tenant_id)::int as n from blade_user`.execute(db());
    assert.ok(all.rows[0]!.n >= 2);
    // the token-signing secret stays the server's: a check over it never saved, never ran
    assert.equal((await s.api('/api/blade-system/user/info', { token: admin })).status, 200);
  });

  test('a runaway statement is cut at its time-out while another tenant\'s requests keep answering', async () => {
    const runaway = 'select count(*) from blade_region a, blade_region b, blade_region c';
    const t0 = Date.now();
    const slow = s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: runaway, timeoutMs: 1500 }).then(() => 'finished', (e: Error) => e.message);
    await new Promise((r) => setTimeout(r, 200));
    const answer = await s.api('/api/blade-system/dept/tree', { token: admin });
    const answeredAt = Date.now() - t0;
    assert.equal(answer.status, 200);
    const outcome = await slow;
    const cutAt = Date.now() - t0;
    assert.match(outcome, /The SQL timed out \(1500 ms\)/);
    assert.ok(cutAt < 1500 + 2500, `cut after ${cutAt} ms`);
    // PostgreSQL runs the other tenant's request beside it; PGlite has one connection, so it waits at most the time-out
    if (kind === 'postgres') assert.ok(answeredAt < 1400, `answered after ${answeredAt} ms, while the statement ran`);
    else assert.ok(answeredAt < 1500 + 2500, `answered after ${answeredAt} ms`);
    // and the database goes on: the next statement is not cancelled by a left-over flag
    assert.deepEqual(await s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: 'select 1 as one' }), [{ one: 1 }]);
    assert.equal((await s.api('/api/blade-system/dept/tree', { token: other })).status, 200);
  });

  test('errors answer 400 with SQL执行失败 / SQL execution failed; bound parameters are never spliced', async () => {
    await assert.rejects(s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: 'select no_such_column from blade_dept' }), (e: { status: number; key: readonly string[] }) => e.status === 400 && e.key[0].startsWith('SQL执行失败'));
    const injected = await s.server.services.userSql.query({ tenantId: SEED.otherTenant, sql: 'select count(*)::int as n from blade_user where account = #{a}', params: { a: "x' or '1'='1" } });
    assert.deepEqual(injected, [{ n: 0 }]);
    const capped = await s.server.services.userSql.query({ tenantId: SEED.tenant, sql: 'select code from blade_region', maxRows: 3 });
    assert.equal(capped.length, 3, 'row cap');
  });
}, { both: true });

// MySQL / MariaDB datasources (the MariaDB server at 127.0.0.1:3306 when it answers): executable
// comments, INTO OUTFILE/DUMPFILE and several statements are refused before they are sent, and a
// runaway statement is stopped by the server itself (the driver's own time-out would leave it running).
test('trust: MySQL datasource SQL is one read-only SELECT, stopped by the server at its time-out', async (t) => {
  const mysql = await import('mysql2/promise');
  let probe;
  try {
    probe = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', connectTimeout: 2000 });
  } catch {
    return t.skip('MariaDB/MySQL at 127.0.0.1:3306 is not reachable');
  }
  await probe.query('create table if not exists usersql_grades (id int primary key, score int)');
  await probe.query('replace into usersql_grades values (1, 90), (2, 75)');
  const { Egress } = await import('../../src/net/egress.ts');
  const { SqlRunner } = await import('../../src/sandbox/sql.ts');
  const runner = new SqlRunner(new Egress(['127.0.0.1/32']));
  const ds = { id: 'my', url: 'jdbc:mysql://127.0.0.1:3306/test', username: 'root', password: '' };
  try {
    assert.deepEqual(await runner.query(ds, 'select score from usersql_grades where id = #{id}', { id: 1 }), [{ score: 90 }]);
    for (const [bad, why] of [
      ['select 1 /*! ; delete from usersql_grades */', /Executable comments/],
      ['select /*M!100000 sleep(5) */ 1', /Executable comments/],
      ["select * from usersql_grades into dumpfile '/tmp/x'", /INTO|Only one query|syntax/],
      ["select * from usersql_grades into outfile '/tmp/x'", /INTO|Only one query|syntax/],
      ['select 1; delete from usersql_grades', /Only one query/],
      ['delete from usersql_grades', /Only one query/],
      ['select sleep(5)', /The function sleep is not allowed/],
      ['select benchmark(100000000, md5(1))', /The function benchmark is not allowed/],
      ["select load_file('/etc/passwd')", /The function load_file is not allowed/],
      ['select * from usersql_grades for update', /FOR UPDATE|syntax/],
    ] as const) await assert.rejects(runner.query(ds, bad), why, bad);
    const t0 = Date.now();
    const many = 'select count(*) from information_schema.columns a, information_schema.columns b, information_schema.columns c';
    await assert.rejects(runner.query(ds, many, {}, { timeoutMs: 500 }), /timed out/);
    assert.ok(Date.now() - t0 < 5000, `stopped after ${Date.now() - t0} ms`);
    await new Promise((r) => setTimeout(r, 300));
    const [running] = (await probe.query("select count(*) as n from information_schema.processlist where info like 'select count(*) from information_schema.columns a%'")) as unknown as [{ n: number }[]];
    assert.equal(Number(running[0]!.n), 0, 'the server stopped the statement');
    const [rows] = (await probe.query('select count(*) as n from usersql_grades')) as unknown as [{ n: number }[]];
    assert.equal(Number(rows[0]!.n), 2, 'nothing changed');
  } finally {
    await runner.close();
    await probe.query('drop table if exists usersql_grades');
    await probe.end();
  }
});
