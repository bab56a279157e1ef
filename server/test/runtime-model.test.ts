// Models defined at run time (issue 14 item 6): an administrator defines a model, its table is
// created; rows are written and read through the generic calls with the one validator's messages,
// confined to the tenant; the definition grows (new column, wider text) without losing rows, and a
// change that would lose data, a bad identifier or a caller without the rights is refused.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

const LEAVE = {
  name: 'leave_req', title: ['请假登记', 'Leave records'],
  fields: {
    reason: { type: 'string', label: ['事由', 'Reason'], length: 20, required: true, filter: 'like' },
    days: { type: 'decimal', label: ['天数', 'Days'], scale: 1, min: 0.5, max: 30, sortable: true },
    kind: { type: 'string', label: ['类型', 'Kind'], length: 10, options: [{ value: 'sick', label: ['病假', 'Sick'] }, { value: 'personal', label: ['事假', 'Personal'] }], filter: 'equal' },
    startAt: { type: 'datetime', label: ['开始时间', 'Starts'] },
  },
};

await forEachDatabase('run-time models', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  let user: string;
  before(async () => {
    s = await startServer({ kind });
    [admin, other, user] = await Promise.all([
      s.login().then((r) => r.access_token), s.login('admin', 'admin', '100001').then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token),
    ]);
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const get = (path: string, token = admin) => s.api(path, { token });
  const columns = async (table: string) => (await sql<{ columnName: string; dataType: string; characterMaximumLength: number | null }>`
    select column_name, data_type, character_maximum_length from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(s.server.database.db)).rows;

  test('defined at run time: its table exists; rows are added, filtered, read and changed through the generic calls', async () => {
    const r = await post('/api/runtime-model/submit', LEAVE);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const cols = await columns('dm_000000_leave_req');
    assert.deepEqual(['reason', 'days', 'kind', 'start_at', 'tenant_id', 'is_deleted'].filter((c) => !cols.some((x) => x.columnName === c)), []);
    const a = await post('/api/runtime-data/leave_req/submit', { reason: '感冒', days: 1.5, kind: 'sick', startAt: '2026-11-25 08:00:00', tenantId: '100001', unknown: 'x' });
    assert.equal(a.status, 200, JSON.stringify(a.body));
    await post('/api/runtime-data/leave_req/submit', { reason: '探亲', days: 5, kind: 'personal' });
    const list = (await get('/api/runtime-data/leave_req/list?reason=感&size=10')).body.data;
    assert.equal(list.total, 1);
    assert.equal(list.records[0].reason, '感冒');
    const stored = await sql<{ tenantId: string }>`select tenant_id from dm_000000_leave_req where id = ${a.body.data.id}`.execute(s.server.database.db);
    assert.equal(stored.rows[0].tenantId, '000000', 'the row is the caller tenant\'s, whatever the body said');
    assert.equal(list.records[0].unknown, undefined, 'only the model\'s fields are written');
    assert.equal((await get('/api/runtime-data/leave_req/list?kind_equal=personal')).body.data.total, 1);
    assert.equal((await get('/api/runtime-data/leave_req/list?descs=days')).body.data.records[0].reason, '探亲');
    // an update keeps what it leaves out (checked merged over the stored row)
    const id = a.body.data.id;
    assert.equal((await post('/api/runtime-data/leave_req/submit', { id, days: 2 })).status, 200);
    const d = (await get(`/api/runtime-data/leave_req/detail?id=${id}`)).body.data;
    assert.equal(d.reason, '感冒');
    assert.equal(Number(d.days), 2);
  });

  test('values are checked by the one validator: 400 naming each problem in zh and en, nothing stored', async () => {
    const count = async () => (await get('/api/runtime-data/leave_req/list')).body.data.total;
    const n = await count();
    const bad = { reason: '', days: 31, kind: 'holiday', startAt: '明天' };
    const zh = await post('/api/runtime-data/leave_req/submit', bad);
    assert.equal(zh.status, 400);
    assert.equal(zh.body.msg, '事由不能为空 | 天数不能大于 30 | 类型的值“holiday”不在可选项中 | 开始时间不是有效的日期时间（格式 YYYY-MM-DD HH:mm:ss）');
    const en = await post('/api/runtime-data/leave_req/submit', { reason: '一二三四五六七八九十一二三四五六七八九十一', days: 1.25 }, admin, 'en-US');
    assert.equal(en.body.msg, 'Reason must be at most 20 characters | Days allows at most 1 decimal places');
    assert.equal(await count(), n);
  });

  test('tenants apart: another tenant sees no such model, and its own model of the same name is its own table', async () => {
    assert.equal((await get('/api/runtime-data/leave_req/list', other)).status, 404);
    assert.equal((await post('/api/runtime-model/submit', LEAVE, other)).status, 200);
    assert.equal((await get('/api/runtime-data/leave_req/list', other)).body.data.total, 0);
    assert.equal((await columns('dm_100001_leave_req')).length > 0, true);
    const mine = (await get('/api/runtime-data/leave_req/list')).body.data.records[0];
    assert.equal((await get(`/api/runtime-data/leave_req/detail?id=${mine.id}`, other)).body.data, null);
    assert.equal((await post(`/api/runtime-data/leave_req/remove?ids=${mine.id}`, {}, other)).status, 200);
    assert.ok((await get(`/api/runtime-data/leave_req/detail?id=${mine.id}`)).body.data, 'the other tenant removed nothing of ours');
  });

  test('a definition grows without losing rows; a change that would lose data is refused', async () => {
    const grown = { ...LEAVE, fields: { ...LEAVE.fields, reason: { ...LEAVE.fields.reason, length: 200 }, remark: { type: 'text', label: ['备注', 'Remark'] } } };
    const r = await post('/api/runtime-model/submit', grown);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.version, 2);
    const cols = await columns('dm_000000_leave_req');
    assert.equal(cols.find((c) => c.columnName === 'reason')?.characterMaximumLength, 200);
    assert.ok(cols.some((c) => c.columnName === 'remark'));
    assert.ok((await get('/api/runtime-data/leave_req/list')).body.data.total >= 2, 'rows kept');
    const narrowed = await post('/api/runtime-model/submit', { ...grown, fields: { ...grown.fields, days: { type: 'int', label: ['天数', 'Days'] } } });
    assert.equal(narrowed.status, 400);
    assert.equal(narrowed.body.msg, '字段“days”已有数据，不能从 numeric(24, 1) 改为 integer');
    const removed = await post('/api/runtime-model/submit', { ...grown, fields: { reason: grown.fields.reason } }, admin, 'en-US');
    assert.equal(removed.body.msg, 'The field "days" holds data and cannot be removed (hide it instead)');
  });

  test('identifiers are checked; only administrators define, and the model\'s codes (or the administrator role) read and write', async () => {
    for (const [name, fields] of [
      ['drop table x', { a: LEAVE.fields.reason }],
      ['select', { a: LEAVE.fields.reason }],
      ['ok_name', { tenantId: LEAVE.fields.reason }],
      ['ok_name', { 'a; drop': LEAVE.fields.reason }],
      ['ok_name', {}],
    ] as const) {
      const r = await post('/api/runtime-model/submit', { name, title: ['x', 'x'], fields });
      assert.equal(r.status, 400, `${name} ${JSON.stringify(Object.keys(fields))}`);
    }
    assert.equal((await post('/api/runtime-model/submit', LEAVE, user)).status, 403);
    assert.equal((await get('/api/runtime-data/leave_req/list', user)).status, 403);
    assert.equal((await post('/api/runtime-data/leave_req/submit', { reason: 'x' }, user)).status, 403);
    assert.equal((await get('/api/runtime-data/no_such/list')).status, 404);
  });
}, { both: true });
