// The micro-app builder's data models (issue 15, 001 §3.3, §7.1): a designer defines a model and its
// fields, createTable makes the real table ({table}_id key, data status and source, tenant, audit,
// is_deleted; a child model's {table}_dynamic keyed to its main row), alters it as the fields change
// without losing a value (or refuses with the field's name), indexes the searchable fields; every
// identifier is checked, every call is one tenant's and the administrators' only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';

const M = '/api/blade-model/model';
const I = '/api/blade-modelitem/model_item';

await forEachDatabase('micro-app data models', (kind) => {
  let s: TestServer;
  let admin: string, other: string, user: string;
  before(async () => {
    s = await startServer({ kind });
    ({ admin, other, user } = await seedTokens(s));
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json?: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const get = (path: string, token = admin, lang = 'zh-CN') => s.api(path, { token, headers: { 'accept-language': lang } });
  const columns = async (table: string) => Object.fromEntries((await sql<{ name: string; type: string }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = ${table} and a.attnum > 0 and not a.attisdropped`.execute(s.server.database.db)).rows.map((r) => [r.name, r.type]));
  const indexes = async (table: string) => (await sql<{ def: string }>`select indexdef as def from pg_indexes where tablename = ${table}`.execute(s.server.database.db)).rows.map((r) => r.def);
  const model = async (body: Record<string, unknown>, token = admin) => {
    const r = await post(`${M}/submit`, body, token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return String(r.body.data.id);
  };
  const fields = async (modelId: string, items: Record<string, unknown>[], token = admin) => {
    const r = await post(`${M}/submit-list`, { modelId, items }, token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data as { id: string; fieldName: string }[];
  };

  test('a model with a one-to-many child: createTable makes both tables with their keys, fields, tenant and audit columns, and the searchable index', async () => {
    const asset = await model({ modelName: '资产登记', modelTable: 'asset', category: '后勤' });
    await fields(asset, [
      { fieldName: 'assetName', fieldLabel: '资产名称', fieldLabelEn: 'Asset', fieldType: 'string', length: 50, required: 1, searchable: 1, sort: 1 },
      { fieldName: 'price', fieldLabel: '价格', fieldType: 'decimal', scale: 2, sort: 2 },
      { fieldName: 'boughtOn', fieldLabel: '购置日期', fieldType: 'date', sort: 3 },
      { fieldName: 'keeper', fieldLabel: '保管人', fieldType: 'user', sort: 4 },
      { fieldName: 'photo', fieldLabel: '照片', fieldType: 'file', sort: 5 },
    ]);
    const log = await model({ modelName: '维修记录', modelTable: 'asset_repair', parentId: asset, relation: 'more' });
    await fields(log, [{ fieldName: 'repairedOn', fieldLabel: '维修日期', fieldType: 'datetime', required: 1 }, { fieldName: 'cost', fieldLabel: '费用', fieldType: 'decimal' }]);

    // the child cannot go first
    const early = await get(`${M}/createTable?modelIds=${log}`);
    assert.equal(early.status, 400);
    assert.match(early.body.msg, /请先为主模型“资产登记”建表/);

    const made = await get(`${M}/createTable?modelIds=${log},${asset}`);
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(made.body.data.map((x: { table: string; created: boolean }) => [x.table, x.created]), [['ma_000000_asset', true], ['ma_000000_asset_repair_dynamic', true]]);
    assert.deepEqual(await columns('ma_000000_asset'), {
      asset_id: 'bigint', asset_data_status: 'integer', asset_data_from: 'character varying(16)', asset_name: 'character varying(50)', price: 'numeric(24,2)',
      bought_on: 'date', keeper: 'character varying(2000)', photo: 'text', tenant_id: 'character varying(12)', create_user: 'bigint', create_dept: 'bigint',
      create_time: 'timestamp with time zone', update_user: 'bigint', update_time: 'timestamp with time zone', status: 'integer', is_deleted: 'integer',
    });
    const child = await columns('ma_000000_asset_repair_dynamic');
    assert.equal(child.asset_id, 'bigint', 'keyed to its main row');
    assert.equal(child.asset_repair_id, 'bigint');
    assert.equal(child.repaired_on, 'timestamp with time zone');
    // a list's count checks live rows and the reader's range: the indexes carry those columns (an index-only scan)
    const mainIndexes = await indexes('ma_000000_asset');
    assert.ok(mainIndexes.some((d) => /\(tenant_id, asset_name\) INCLUDE \(is_deleted, create_dept, create_user\)/.test(d)), `the searchable field is indexed, covering: ${mainIndexes.join(' | ')}`);
    assert.ok(mainIndexes.some((d) => /\(tenant_id, create_time\) INCLUDE \(is_deleted, create_dept, create_user\)/.test(d)), 'the tenant index covers the count');
    assert.ok(mainIndexes.some((d) => /\(tenant_id, create_dept, create_time\) INCLUDE \(is_deleted\)/.test(d)), 'the department range index');
    assert.ok(mainIndexes.some((d) => /\(tenant_id, create_user, create_time\) INCLUDE \(is_deleted\)/.test(d)), 'the own range index');
    assert.ok((await indexes('ma_000000_asset_repair_dynamic')).some((d) => /\(asset_id\)/.test(d)), 'child rows are found by their main row');
    // an index of an earlier definition (no included columns) is made again by the next createTable; an unchanged one is left alone
    const old = mainIndexes.find((d) => /\(tenant_id, asset_name\)/.test(d))!;
    const oldName = /INDEX (\S+) ON/.exec(old)![1];
    await sql.raw(`drop index ${oldName}`).execute(s.server.database.db);
    await sql.raw(`create index ${oldName} on ma_000000_asset (tenant_id, asset_name)`).execute(s.server.database.db);
    const again = await get(`${M}/createTable?modelIds=${asset}`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body.data[0].changes, [`drop index ${oldName}`, `create index ${oldName} on ma_000000_asset (tenant_id, asset_name) include (is_deleted, create_dept, create_user)`]);
    assert.deepEqual((await indexes('ma_000000_asset')).sort(), mainIndexes.sort());
    const same = await get(`${M}/createTable?modelIds=${asset}`);
    assert.deepEqual(same.body.data[0].changes, [], 'nothing to do');

    // a child row must belong to a main row
    await assert.rejects(sql`insert into ma_000000_asset_repair_dynamic (asset_repair_id, asset_id, tenant_id) values (1, 42, '000000')`.execute(s.server.database.db), /foreign key/);

    const detail = await get(`${M}/detail?id=${asset}`);
    assert.equal(detail.body.data.tableStatus, 1);
    const list = await get(`${M}/table-list`);
    assert.deepEqual(list.body.data.map((x: { tableName: string }) => x.tableName).sort(), ['asset', 'asset_repair_dynamic']);
    const info = await get(`${M}/table-info?tableName=asset_repair_dynamic`);
    assert.equal(info.body.data.keys.parentKey, 'asset_id');
    assert.deepEqual(info.body.data.pending, []);

    // the data screen's columns, child models as sub-tables, in the reader's language
    const cols = await get(`${I}/buildModelColumnsWithChildren?modelId=${asset}`, admin, 'en');
    const byProp = Object.fromEntries(cols.body.data.column.map((c: { prop: string }) => [c.prop, c]));
    assert.equal(byProp.assetName.label, 'Asset');
    assert.equal(byProp.assetName.maxlength, 50);
    assert.equal(byProp.assetName.required, true);
    assert.equal(byProp.assetName.search, true);
    assert.equal(byProp.price.precision, 2);
    assert.equal(byProp.keeper.type, 'user');
    assert.equal(byProp.asset_repair_dynamic.type, 'dynamic');
    assert.equal(byProp.asset_repair_dynamic.relation, 'more');
    assert.deepEqual(byProp.asset_repair_dynamic.children.column.map((c: { prop: string }) => c.prop), ['repairedOn', 'cost']);
    const proto = await get(`${M}/model-prototype?modelId=${log}`);
    assert.deepEqual(proto.body.data.slice(0, 2).map((c: { fieldName: string }) => c.fieldName), ['asset_repair_id', 'asset_id']);
  });

  test('fields change: a new field becomes a column, a longer text widens it, values stay; a change or removal that would lose data is refused and changes nothing', async () => {
    const id = await model({ modelName: '社团', modelTable: 'club' });
    const [name, members] = await fields(id, [
      { fieldName: 'clubName', fieldLabel: '社团名称', fieldType: 'string', length: 10 },
      { fieldName: 'members', fieldLabel: '人数', fieldType: 'string', length: 10 },
    ]);
    assert.equal((await get(`${M}/createTable?modelIds=${id}`)).status, 200);
    await sql`insert into ma_000000_club (club_id, tenant_id, club_name, members) values (1, '000000', '围棋社', 'many')`.execute(s.server.database.db);

    await fields(id, [{ id: name.id, fieldName: 'clubName', fieldLabel: '社团名称', fieldType: 'string', length: 40 }, { fieldName: 'founded', fieldLabel: '成立日期', fieldType: 'date' }]);
    assert.equal((await get(`${M}/detail?id=${id}`)).body.data.tableStatus, 2, 'the table is behind its fields');
    assert.deepEqual((await get(`${M}/readTable?modelId=${id}`)).body.data.pending, ['founded']);
    const grown = await get(`${M}/createTable?modelIds=${id}`);
    assert.equal(grown.status, 200, JSON.stringify(grown.body));
    const cols = await columns('ma_000000_club');
    assert.equal(cols.club_name, 'character varying(40)');
    assert.equal(cols.founded, 'date');

    // text with data cannot become a number: refused, with the field's name; nothing half-done
    await fields(id, [{ id: members.id, fieldName: 'members', fieldLabel: '人数', fieldType: 'int' }, { fieldName: 'motto', fieldLabel: '口号', fieldType: 'string' }]);
    const refused = await get(`${M}/createTable?modelIds=${id}`, admin, 'en');
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /The field "members" holds data: it cannot change from character varying\(10\) to integer/);
    assert.equal((await columns('ma_000000_club')).motto, undefined, 'the other change of the same call was not made');

    // a removed field with data is refused at createTable; emptied, its column goes
    assert.equal((await post(`${I}/remove?ids=${members.id}`)).status, 200);
    const kept = await get(`${M}/createTable?modelIds=${id}`);
    assert.equal(kept.status, 400);
    assert.match(kept.body.msg, /字段“members”已有数据，不能删除/);
    await sql`update ma_000000_club set members = null`.execute(s.server.database.db);
    assert.equal((await get(`${M}/createTable?modelIds=${id}`)).status, 200);
    const after = await columns('ma_000000_club');
    assert.equal(after.members, undefined);
    assert.equal(after.motto, 'character varying(255)');
    assert.equal((await sql<{ n: string }>`select club_name as n from ma_000000_club`.execute(s.server.database.db)).rows[0].n, '围棋社', 'the row kept its value');

    // the table name of a model with a table is fixed; a model whose table holds rows is not removed
    const rename = await post(`${M}/submit`, { id, modelName: '社团', modelTable: 'club2' });
    assert.equal(rename.status, 400);
    assert.equal((await post(`${M}/remove?ids=${id}`)).status, 400);
    await sql`delete from ma_000000_club`.execute(s.server.database.db);
    assert.equal((await post(`${M}/remove?ids=${id}`)).status, 200);
    assert.deepEqual(await columns('ma_000000_club'), {}, 'an empty table goes with its model');
  });

  test('identifiers: table and field names are checked before any SQL; reserved and key names, doubles and unindexable searchable fields are refused', async () => {
    for (const modelTable of ['Asset', 'a-b', 'x; drop table blade_user', '1abc', 'a'.repeat(37)]) {
      const r = await post(`${M}/submit`, { modelName: '坏表名', modelTable });
      assert.equal(r.status, 400, modelTable);
    }
    const id = await model({ modelName: '学生信息', modelTable: 'student_info' });
    const bad = [
      [{ fieldName: 'select', fieldLabel: 'x', fieldType: 'string' }, /保留字/],
      [{ fieldName: 'studentInfoId', fieldLabel: 'x', fieldType: 'string' }, /系统字段/],
      [{ fieldName: 'tenantId', fieldLabel: 'x', fieldType: 'string' }, /系统字段/],
      [{ fieldName: 'name"; drop', fieldLabel: 'x', fieldType: 'string' }, /字段名须为/],
      [{ fieldName: 'note', fieldLabel: 'x', fieldType: 'text', searchable: 1 }, /不能设为可搜索/],
      [{ fieldName: 'note', fieldLabel: 'x', fieldType: 'blob' }, /字段类型/],
      [{ fieldName: 'note', fieldLabel: 'x', fieldType: 'decimal', scale: 11 }, /小数位须在 0 到 10 之间/],
    ] as const;
    for (const [item, msg] of bad) {
      const r = await post(`${M}/submit-list`, { modelId: id, items: [item] });
      assert.equal(r.status, 400, JSON.stringify(item));
      assert.match(r.body.msg, msg);
    }
    await fields(id, [{ fieldName: 'studentNo', fieldLabel: '学号', fieldType: 'string' }]);
    const twice = await post(`${I}/submit`, { modelId: id, fieldName: 'studentNo', fieldLabel: '学号', fieldType: 'string' });
    assert.equal(twice.status, 400);
    assert.match(twice.body.msg, /已有字段“studentNo”/);
    const clash = await post(`${M}/submit`, { modelName: '重名', modelTable: 'student_info' });
    assert.equal(clash.status, 400);
    assert.match(clash.body.msg, /表名已被其他模型使用/);
  });

  test('a child model\'s English name: saved and read back, the sub-table\'s label for English readers (columns, the app\'s form, export sheets and their import), the model name in Chinese', async () => {
    const club = await model({ modelName: '社团', modelTable: 'club_en' });
    await fields(club, [{ fieldName: 'clubName', fieldLabel: '社团名称', fieldLabelEn: 'Club', fieldType: 'string', required: 1 }]);
    const members = await model({ modelName: '成员名单', modelNameEn: 'Members', modelTable: 'club_en_member', parentId: club, relation: 'more' });
    await fields(members, [{ fieldName: 'memberName', fieldLabel: '姓名', fieldLabelEn: 'Name', fieldType: 'string' }]);
    assert.equal((await get(`${M}/detail?id=${members}`)).body.data.modelNameEn, 'Members');
    assert.equal((await get(`${M}/createTable?modelIds=${club},${members}`)).status, 200);
    const sub = async (lang: string) => (await get(`${I}/buildModelColumnsWithChildren?modelId=${club}`, admin, lang)).body.data.column.find((c: { prop: string }) => c.prop === 'club_en_member_dynamic').label;
    assert.equal(await sub('en'), 'Members');
    assert.equal(await sub('zh-CN'), '成员名单');

    const appId = (await post('/api/appInfo/appInfo/submit', { appName: '社团', modelId: club, appStatus: 1 })).body.data.id;
    const form = async (lang: string) => (await get(`/api/appBizData/appBizData/queryAppForm?appId=${appId}`, admin, lang)).body.data.formOption.column.find((c: { prop: string }) => c.prop === 'club_en_member_dynamic').label;
    assert.equal(await form('en'), 'Members');
    // a designed form keeping the model's Chinese name: an English reader still gets the English one; a label of the designer's own stays
    const design = (label: string) => JSON.stringify({ column: [{ prop: 'clubName', label: '社团名称', type: 'input' }, { prop: 'club_en_member_dynamic', label, type: 'dynamic', children: { column: [{ prop: 'memberName', label: '姓名', type: 'input' }] } }] });
    assert.equal((await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId: club, formOption: design('成员名单') })).status, 200);
    assert.equal(await form('en'), 'Members');
    assert.equal(await form('zh-CN'), '成员名单');
    assert.equal((await post('/api/appInfo/appInfo/update', { id: appId, appName: '社团', modelId: club, formOption: design('社员') })).status, 200);
    assert.equal(await form('en'), '社员');

    // an English reader's export names the child sheet in English, and that file imports back
    assert.equal((await post('/api/appBizData/appBizData/saveBizData', { appId, data: { clubName: '书法社', club_en_member_dynamic: [{ memberName: '张三' }] } })).status, 200);
    const res = await fetch(`${s.url}/api/appBizData/appBizData/exportBizData`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${admin}`, 'accept-language': 'en', 'content-type': 'application/json' }, body: JSON.stringify({ appId }) });
    const buf = Buffer.from(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    assert.deepEqual(wb.worksheets.map((w) => w.name), ['社团', 'Members']);
    const fd = new FormData();
    fd.append('file', new Blob([buf]), 'members.xlsx');
    const back = await s.api(`/api/appBizData/appBizData/importBizData?appId=${appId}`, { method: 'POST', token: admin, body: fd, headers: { 'accept-language': 'en' } });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.deepEqual([back.body.data.imported, back.body.data.children], [1, 1]);
  });

  test('one tenant\'s models: another tenant neither sees nor builds them and has tables of its own; only administrators design', async () => {
    const mine = await model({ modelName: '会议室', modelTable: 'room' });
    await fields(mine, [{ fieldName: 'roomName', fieldLabel: '名称', fieldType: 'string' }]);
    // the other tenant's model of the same table name is its own table
    const theirs = await model({ modelName: 'Rooms', modelTable: 'room' }, other);
    await fields(theirs, [{ fieldName: 'seats', fieldLabel: '座位', fieldType: 'int' }], other);
    assert.equal((await get(`${M}/createTable?modelIds=${theirs}`, other)).status, 200);
    assert.equal((await get(`${M}/createTable?modelIds=${mine}`)).status, 200);
    assert.ok((await columns('ma_100001_room')).seats);
    assert.ok((await columns('ma_000000_room')).room_name);

    assert.equal((await get(`${M}/detail?id=${mine}`, other)).body.data, null);
    assert.equal((await get(`${M}/createTable?modelIds=${mine}`, other)).status, 400);
    assert.equal((await get(`${I}/listByModel?modelId=${mine}`, other)).status, 400);
    assert.equal((await post(`${I}/submit`, { modelId: mine, fieldName: 'x', fieldLabel: 'x', fieldType: 'string' }, other)).status, 400);
    const theirList = await get(`${M}/list?size=100`, other);
    assert.ok(theirList.body.data.records.every((r: { id: string }) => r.id !== mine));
    assert.equal((await post(`${M}/remove?ids=${mine}`, undefined, other)).status, 200);
    assert.equal((await get(`${M}/detail?id=${mine}`)).body.data.modelName, '会议室', 'another tenant\'s remove touched nothing');

    for (const [path, m] of [[`${M}/list`, 'GET'], [`${M}/createTable?modelIds=${mine}`, 'GET'], [`${I}/listByModel?modelId=${mine}`, 'GET'], [`${M}/submit`, 'POST']] as const) {
      const r = m === 'GET' ? await get(path, user) : await post(path, { modelName: 'x', modelTable: 'x' }, user);
      assert.equal(r.status, 403, path);
      assert.match(r.body.msg, /仅创建者或管理员可以管理微应用/);
    }
  });
}, { both: true });
