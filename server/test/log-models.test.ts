// The log module's entities served from their models (@campus/schema models/log.ts): the five logs
// the server writes are list and detail only, newest first, filtered as their screens ask, under
// their own permission codes; their tables have a create_time the database fills and nothing else
// of the audit set, which the data layer never stamps. The portal's search history is full CRUD,
// its userId the caller's. Bad input is 400.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { apiLogModel, createTableDdl, dataCollectLogModel, errorLogModel, loginLogModel, searchLogModel, usualLogModel } from '@campus/schema';
import { nextId } from '../src/db/ids.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

test("the DDL a definition makes has the audit and is_deleted columns it declares", () => {
  const fields = { name: { type: 'string', label: ['名称', 'Name'], length: 20 } } as const;
  const [full, index] = createTableDdl({ fields }, 'dm_000000_t');
  assert.match(full, /create_user bigint, create_dept bigint, create_time timestamptz not null default now\(\), update_user bigint, update_time timestamptz not null default now\(\), status int not null default 1, is_deleted int not null default 0\)$/);
  assert.match(index, /\(tenant_id, create_time\)$/);
  const [log, logIndex] = createTableDdl({ fields, audit: 'createTime', softDelete: false }, 'dm_000000_t');
  assert.equal(log, 'create table dm_000000_t (id bigint primary key, tenant_id varchar(12) not null, name varchar(20), create_time timestamptz not null default now())');
  assert.match(logIndex, /\(tenant_id, create_time\)$/);
  const [bare, bareIndex] = createTableDdl({ fields, audit: false, softDelete: false }, 'dm_000000_t');
  assert.doesNotMatch(bare, /create_|update_|status|is_deleted/);
  assert.match(bareIndex, /\(tenant_id\)$/);
});

await forEachDatabase('log models', (kind) => {
  let s: TestServer;
  let admin: string;
  let adminId: string;
  before(async () => {
    s = await startServer({ kind });
    const me = await s.login();
    admin = me.access_token;
    adminId = String(me.user_id);
  });
  after(async () => { await s?.close(); });
  const get = (p: string, token = admin) => s.api(p, { token });
  const db = () => s.server.database.db;

  test('the five logs answer list and detail only, under their permission codes', async () => {
    const user = (await s.login('user', 'user')).access_token;
    for (const model of [errorLogModel, usualLogModel, apiLogModel, loginLogModel, dataCollectLogModel]) {
      const list = await get(`${model.api}/list`);
      assert.equal(list.status, 200, `${model.api}/list ${JSON.stringify(list.body)}`);
      assert.deepEqual(Object.keys(list.body.data).sort(), ['current', 'pages', 'records', 'size', 'total']);
      assert.equal((await get(`${model.api}/detail?id=1`)).body.data, null);
      for (const call of ['submit', 'remove']) assert.equal((await s.api(`${model.api}/${call}`, { method: 'POST', token: admin, json: {} })).status, 404, `${model.api}/${call}`);
      assert.equal((await get(`${model.api}/list`, user)).status, 403, `${model.api} needs ${model.permission}`);
    }
  });

  test('error log: newest first, filtered by type, message and who, every column in the detail; bad input 400', async () => {
    const ids = [nextId(), nextId(), nextId()];
    await sql`insert into blade_log_error (id, tenant_id, type, message, stack_trace, create_by, create_time) values
      (${ids[0]}, '000000', 'client', 'models-test oldest', 'at a', 'user', now() - interval '2 hours'),
      (${ids[1]}, '000000', 'server', 'models-test newest', 'at b', 'admin', now() + interval '1 hour'),
      (${ids[2]}, '000000', 'client', 'models-test middle', 'at c', 'user', now() - interval '1 hour')`.execute(db());
    const list = (await get('/api/blade-log/error/list?message=models-test')).body.data;
    assert.deepEqual(list.records.map((r: { id: string }) => r.id), [ids[1], ids[2], ids[0]], 'newest first');
    assert.equal(list.total, 3);
    const clients = (await get('/api/blade-log/error/list?message_like=models-test&type_equal=client&createBy=user&size=1&current=2')).body.data;
    assert.deepEqual([clients.total, clients.pages, clients.records.map((r: { id: string }) => r.id)], [2, 2, [ids[0]]], 'paged');
    const asc = (await get('/api/blade-log/error/list?message=models-test&ascs=create_time')).body.data.records.map((r: { id: string }) => r.id);
    assert.deepEqual(asc, [ids[0], ids[2], ids[1]]);
    const detail = (await get(`/api/blade-log/error/detail?id=${ids[0]}`)).body.data;
    assert.equal(detail.stackTrace, 'at a');
    for (const column of ['tenantId', 'serverHost', 'userAgent', 'params', 'time', 'createTime']) assert.ok(column in detail, `${column} in the answer`);
    for (const bad of ['createTime_datege=yesterday', 'current=0', 'descs=nothing', 'lineNumber_equal=x', 'type_bogus=1']) {
      assert.equal((await get(`/api/blade-log/error/list?${bad}`)).status, 400, bad);
    }
  });

  test('usual, API, login and data-collect logs filter as their screens ask', async () => {
    const [u, a, l, d] = [nextId(), nextId(), nextId(), nextId()];
    await sql`insert into blade_log_usual (id, tenant_id, log_level, log_id, log_data, request_uri, create_by) values (${u}, '000000', 'warn', 'models.test', '{"k":1}', '/x/usual', 'admin')`.execute(db());
    await sql`insert into blade_log_api (id, tenant_id, type, title, title_en, method, request_uri, status_code, create_by) values (${a}, '000000', '2', '模型测试', 'Model test', 'POST', '/x/api', 500, 'admin')`.execute(db());
    await sql`insert into blade_log_login (id, tenant_id, account, user_name, grant_type, success, remote_ip) values (${l}, '000000', 'models-test', '模型', 'password', 0, '10.9.8.7')`.execute(db());
    await sql`insert into blade_data_collect_log (id, tenant_id, source, target, collect_count, success) values (${d}, '000000', 'models-src', 'models-dst', 3, 0)`.execute(db());
    const ids = async (p: string) => (await get(p)).body.data.records.map((r: { id: string }) => r.id);
    assert.deepEqual(await ids('/api/blade-log/usual/list?logLevel_equal=warn&logId_like=models&logData_like=k&requestUri_like=usual&createBy_like=adm'), [u]);
    assert.deepEqual(await ids('/api/blade-log/api/list?title_like=模型&method_equal=POST&requestUri_like=/x/&type_equal=2&createBy_like=admin'), [a]);
    assert.deepEqual(await ids('/api/blade-log/api/list?titleEn_like=model%20te'), [a]);
    assert.deepEqual(await ids('/api/blade-portal/userLoginLog/list?account_like=models&userName_like=模&grantType_equal=password&success_equal=0&remoteIp_like=10.9'), [l]);
    assert.deepEqual(await ids('/api/blade-log/dataCollectLog/list?source_like=models&success_equal=0'), [d]);
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await ids(`/api/blade-portal/userLoginLog/list?createTime_dategt=${today}%2000:00:00&account=models-test`)).includes(l));
    assert.equal((await get('/api/blade-log/api/list?statusCode_equal=abc')).status, 400);
  });

  test('search history: saved with the caller as its user and the audit stamps, edited, removed softly', async () => {
    const save = (json: unknown) => s.api('/api/blade-portal/searchLog/submit', { method: 'POST', token: admin, json });
    // no role holds the writes of usualLog (the permission the search history shares) until given them
    assert.equal((await save({ keyword: 'x' })).status, 403);
    for (const code of ['usualLog_add', 'usualLog_edit', 'usualLog_delete']) {
      const id = nextId();
      await sql`insert into blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
        values (${id}, 1202, ${code}, ${code}, ${code}, '', '', 9, 2, 1, 1)`.execute(db());
      await sql`insert into blade_role_menu (menu_id, role_id) select ${id}, id from blade_role where role_alias = 'administrator'`.execute(db());
    }
    s.server.services.menus.clearCache();
    const created = await save({ keyword: '  课程表 ', searchType: 'course', resultCount: 3, userId: '1' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const row = created.body.data;
    assert.deepEqual([row.keyword, row.searchType, row.resultCount, String(row.userId), String(row.createUser)], ['课程表', 'course', 3, adminId, adminId]);
    assert.equal((await save({ id: row.id, keyword: '校历', searchType: 'course' })).status, 200);
    const list = (await get('/api/blade-portal/searchLog/list?keyword=校历')).body.data.records;
    assert.deepEqual(list.map((r: { id: string; resultCount: number }) => [r.id, r.resultCount]), [[row.id, 3]], 'an update keeps what it leaves out');
    for (const bad of [{}, { keyword: '   ' }, { keyword: 'x'.repeat(256) }, { keyword: 'x', resultCount: -1 }, { keyword: 'x', searchType: 'y'.repeat(65) }]) {
      assert.equal((await save(bad)).status, 400, JSON.stringify(bad));
    }
    assert.equal((await s.api(`/api/blade-portal/searchLog/remove?ids=${row.id}`, { method: 'POST', token: admin })).status, 200);
    assert.equal((await get(`/api/blade-portal/searchLog/detail?id=${row.id}`)).body.data, null);
    const kept = await sql<{ isDeleted: number }>`select is_deleted from blade_search_log where id = ${row.id}`.execute(db());
    assert.deepEqual(kept.rows.map((r) => Number(r.isDeleted)), [1]);
    assert.equal(searchLogModel.permission, 'usualLog');
  });
});
