// Business data of a micro-app (issue 15, 001 §2.7, §3.3, §4): records of the app's main table with
// one-to-many and one-to-one child rows, saved all or nothing after the one form validator checked
// them, listed with searchable filters, sorts and paging, changed and removed only in status 1,
// brought back from the recycle bin; one tenant's, and (until app permissions) the app's managers'.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';
import { SEED } from '../src/db/seed.ts';

const B = '/api/appBizData/appBizData';

await forEachDatabase('micro-app business data', (kind) => {
  let s: TestServer;
  let admin: string, other: string, user: string;
  let appId: string;
  before(async () => {
    s = await startServer({ kind });
    ({ admin, other, user } = await seedTokens(s));
    const post = async (path: string, json: unknown) => {
      const r = await s.api(path, { method: 'POST', token: admin, json });
      assert.equal(r.status, 200, `${path} ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const asset = (await post('/api/blade-model/model/submit', { modelName: '资产登记', modelTable: 'asset' })).id;
    await post('/api/blade-model/model/submit-list', { modelId: asset, items: [
      { fieldName: 'assetName', fieldLabel: '资产名称', fieldLabelEn: 'Asset', fieldType: 'string', length: 20, required: 1, searchable: 1, sort: 1 },
      { fieldName: 'price', fieldLabel: '价格', fieldLabelEn: 'Price', fieldType: 'decimal', scale: 2, sort: 2 },
      { fieldName: 'boughtOn', fieldLabel: '购置日期', fieldType: 'date', searchable: 1, sort: 3 },
      { fieldName: 'keeper', fieldLabel: '保管人', fieldType: 'user', sort: 4 },
      { fieldName: 'note', fieldLabel: '备注', fieldType: 'text', sort: 5 },
      { fieldName: 'code', fieldLabel: '编号', fieldType: 'string', pattern: '^ZC\\d{4}$', patternMessage: '编号须为 ZC 加四位数字', sort: 6 },
    ] });
    const repair = (await post('/api/blade-model/model/submit', { modelName: '维修记录', modelTable: 'asset_repair', parentId: asset, relation: 'more' })).id;
    await post('/api/blade-model/model/submit-list', { modelId: repair, items: [
      { fieldName: 'repairedOn', fieldLabel: '维修日期', fieldType: 'date', required: 1 },
      { fieldName: 'cost', fieldLabel: '费用', fieldType: 'decimal' },
    ] });
    const card = (await post('/api/blade-model/model/submit', { modelName: '资产卡片', modelTable: 'asset_card', parentId: asset, relation: 'one' })).id;
    await post('/api/blade-model/model/submit-list', { modelId: card, items: [{ fieldName: 'cardNo', fieldLabel: '卡片号', fieldType: 'string' }] });
    appId = (await post('/api/appInfo/appInfo/submit', { appName: '资产登记', modelId: asset })).id;
    // an app whose model has no table yet: design it first
    const early = await s.api(`${B}/getBizData?appId=${appId}`, { token: admin });
    assert.equal(early.status, 400);
    assert.match(early.body.msg, /请先设计微应用/);
    const made = await s.api(`/api/blade-model/model/createTable?modelIds=${asset},${repair},${card}`, { token: admin });
    assert.equal(made.status, 200, JSON.stringify(made.body));
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const save = (data: Record<string, unknown>, token = admin, lang = 'zh-CN') => post(`${B}/saveBizData`, { appId, data }, token, lang);
  const list = async (q: Record<string, unknown> = {}, token = admin) => {
    const p = new URLSearchParams({ appId, ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) });
    return s.api(`${B}/getBizData?${p}`, { token });
  };
  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(s.server.database.db)).rows[0].n);

  test('a record with two child rows is saved at once and read back with them, in status 1 from the app', async () => {
    const r = await save({ assetName: '投影仪', price: 3999.5, boughtOn: '2026-03-01', code: 'ZC0001', asset_repair_dynamic: [{ repairedOn: '2026-05-01', cost: 120 }, { repairedOn: '2026-06-01', cost: 80 }], asset_card_dynamic: [{ cardNo: 'K-1' }] });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const id = r.body.data.ASSET_ID;
    assert.equal(r.body.data.ASSET_DATA_STATUS, 1);
    assert.equal(r.body.data.ASSET_DATA_FROM, 'app');
    const d = await post(`${B}/detail`, { appId, id });
    assert.equal(d.body.data.assetName, '投影仪');
    assert.equal(d.body.data.price, 3999.5);
    assert.equal(d.body.data.boughtOn, '2026-03-01');
    assert.deepEqual(d.body.data.asset_repair_dynamic.map((x: { repairedOn: string; cost: number; ASSET_ID: string }) => [x.repairedOn, x.cost, x.ASSET_ID]), [['2026-05-01', 120, id], ['2026-06-01', 80, id]]);
    assert.equal(d.body.data.asset_card_dynamic[0].cardNo, 'K-1');
  });

  test('bad values are refused by the one validator, naming each field, and nothing is stored', async () => {
    const before = [await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')];
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ price: 1 }, /资产名称/],
      [{ assetName: '很'.repeat(21) }, /资产名称/],
      [{ assetName: '笔记本', price: 'abc' }, /价格/],
      [{ assetName: '笔记本', code: 'X1' }, /编号须为 ZC 加四位数字/],
      [{ assetName: '笔记本', boughtOn: '2026-13-45' }, /购置日期/],
      [{ assetName: '笔记本', keeper: '1' }, /保管人/],
      [{ assetName: '笔记本', asset_repair_dynamic: [{ cost: 5 }] }, /维修日期/],
      [{ assetName: '笔记本', asset_card_dynamic: [{ cardNo: 'a' }, { cardNo: 'b' }] }, /一对一，只能有一行/],
    ];
    for (const [data, msg] of cases) {
      const r = await save(data);
      assert.equal(r.status, 400, JSON.stringify(data));
      assert.match(r.body.msg, msg, JSON.stringify(data));
    }
    const en = await save({ price: 1 }, admin, 'en');
    assert.match(en.body.msg, /Asset/);
    assert.deepEqual([await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')], before);
  });

  test('lists: searchable fields filter, any field sorts (asc, desc, none), pages count; a field not searchable is refused', async () => {
    for (const [name, price, on] of [['电脑 A', 5000, '2026-01-05'], ['电脑 B', 4000, '2026-02-05'], ['桌子', 300, '2026-02-05']] as const) {
      assert.equal((await save({ assetName: name, price, boughtOn: on })).status, 200);
    }
    const byName = await list({ queryObj: { assetName: '电脑' }, sort: 'price' });
    assert.equal(byName.status, 200, JSON.stringify(byName.body));
    assert.deepEqual(byName.body.data.records.records.map((r: { assetName: string }) => r.assetName), ['电脑 B', '电脑 A']);
    assert.equal(byName.body.data.records.total, 2);
    const desc = await list({ queryObj: JSON.stringify({ boughtOn_equal: '2026-02-05' }), sort: 'price desc' });
    assert.deepEqual(desc.body.data.records.records.map((r: { assetName: string }) => r.assetName), ['电脑 B', '桌子']);
    const paged = await list({ size: '2', current: '2' });
    assert.equal(paged.body.data.records.records.length, 2);
    assert.equal(paged.body.data.records.total, 4);
    const hidden = await list({ queryObj: { note: 'x' } });
    assert.equal(hidden.status, 400);
    assert.match(hidden.body.msg, /字段“note”不可搜索/);
    assert.equal((await list({ sort: 'nope desc' })).status, 400);
    assert.equal((await list({ queryObj: '{not json' })).status, 400);
  });

  test('a one-to-one child table keeps one row: a second one, by saveBizChildData or by a save without the stored row\'s key, is refused in zh and en', async () => {
    const id = (await save({ assetName: '显示器', asset_card_dynamic: [{ cardNo: 'C-1' }] })).body.data.ASSET_ID;
    const stored = () => post(`${B}/detail`, { appId, id }).then((r) => r.body.data.asset_card_dynamic as { cardNo: string; ASSET_CARD_ID: string }[]);
    const [card] = await stored();
    const second = await post(`${B}/saveBizChildData`, { appId, tableName: 'asset_card_dynamic', foreignKey: id, data: { cardNo: 'C-2' } });
    assert.equal(second.status, 400, JSON.stringify(second.body));
    assert.match(second.body.msg, /“资产卡片”与主表一对一，只能有一行/);
    const en = await post(`${B}/saveBizChildData`, { appId, tableName: 'asset_card', foreignKey: id, data: { cardNo: 'C-2' } }, admin, 'en');
    assert.equal(en.status, 400);
    assert.match(en.body.msg, /"资产卡片" is one to one with its main record: it holds one row at most/);
    const again = await save({ ASSET_ID: id, asset_card_dynamic: [{ cardNo: 'C-3' }] });
    assert.equal(again.status, 400);
    assert.match(again.body.msg, /一对一/);
    assert.deepEqual((await stored()).map((r) => r.cardNo), ['C-1']);
    // the stored row changes by its key; removed, another may take its place in the same save
    assert.equal((await post(`${B}/saveBizChildData`, { appId, tableName: 'asset_card_dynamic', foreignKey: id, data: { ...card, cardNo: 'C-1a' } })).status, 200);
    assert.equal((await save({ ASSET_ID: id, asset_card_dynamic: [{ ...card, isDeleted: 1 }, { cardNo: 'C-4' }] })).status, 200);
    assert.deepEqual((await stored()).map((r) => r.cardNo), ['C-4']);
    // the form the data screen draws offers one row of it
    const form = await s.api(`${B}/queryAppForm?appId=${appId}`, { token: admin });
    const sub = (form.body.data.formOption.column as { prop: string; limit?: number }[]).find((c) => c.prop === 'asset_card_dynamic');
    assert.equal(sub?.limit, 1);
    assert.equal((form.body.data.formOption.column as { prop: string; limit?: number }[]).find((c) => c.prop === 'asset_repair_dynamic')?.limit, undefined);
  });

  test('editing follows the child-row tracking: changed by key, added without one, removed by isDeleted; another record\'s row is refused', async () => {
    const r = await save({ assetName: '打印机', asset_repair_dynamic: [{ repairedOn: '2026-01-01', cost: 10 }, { repairedOn: '2026-02-01', cost: 20 }] });
    const id = r.body.data.ASSET_ID;
    const d = (await post(`${B}/detail`, { appId, id })).body.data;
    const [first, second] = d.asset_repair_dynamic;
    const edit = await save({ ASSET_ID: id, assetName: '激光打印机', asset_repair_dynamic: [
      { ...first, cost: 15 }, { ...second, isDeleted: 1 }, { ASSET_REPAIR_TEMP_ID: 'tmp-1', repairedOn: '2026-03-01', cost: 30 },
    ] });
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    const after = (await post(`${B}/detail`, { appId, id })).body.data;
    assert.equal(after.assetName, '激光打印机');
    assert.deepEqual(after.asset_repair_dynamic.map((x: { cost: number }) => x.cost), [15, 30]);
    // child rows: paged, and the removed one in the recycle list
    const rows = await s.api(`${B}/getBizChileData?appId=${appId}&tableName=asset_repair_dynamic&foreignKey=${id}`, { token: admin });
    assert.equal(rows.body.data.records.total, 2);
    const gone = await post(`${B}/childOneToMoreRegainList`, { appId, tableName: 'asset_repair', foreignKey: id });
    assert.deepEqual(gone.body.data.records.records.map((x: { cost: number }) => x.cost), [20]);

    const otherRecord = (await save({ assetName: '别的', asset_repair_dynamic: [{ repairedOn: '2026-01-01' }] })).body.data.ASSET_ID;
    const theirRow = (await post(`${B}/detail`, { appId, id: otherRecord })).body.data.asset_repair_dynamic[0];
    const steal = await save({ ASSET_ID: id, asset_repair_dynamic: [{ ...theirRow, cost: 1 }] });
    assert.equal(steal.status, 400);
    assert.match(steal.body.msg, /不属于这条记录/);
  });

  test('only status-1 records change or go; batch removal skips the others with a warning; the recycle bin brings records back with their rows', async () => {
    const a = (await save({ assetName: '流转中', asset_repair_dynamic: [{ repairedOn: '2026-01-01' }] })).body.data.ASSET_ID;
    const b = (await save({ assetName: '正常的', asset_repair_dynamic: [{ repairedOn: '2026-01-02' }] })).body.data.ASSET_ID;
    await sql`update ma_000000_asset set asset_data_status = 3 where asset_id = ${a}`.execute(s.server.database.db);
    const edit = await save({ ASSET_ID: a, assetName: '改' });
    assert.equal(edit.status, 400);
    assert.match(edit.body.msg, /只有正常状态的数据可以修改/);
    const removed = await post(`${B}/removeBizData`, { appId, ids: `${a},${b}` });
    assert.deepEqual(removed.body.data, { removed: 1, skipped: 1 });
    assert.match(removed.body.msg, /已跳过 1 条/);
    assert.equal((await post(`${B}/detail`, { appId, id: b })).body.data, null);
    assert.equal((await post(`${B}/detail`, { appId, id: a })).body.data.assetName, '流转中');

    const bin = await post(`${B}/regainBizData`, { appId });
    assert.ok(bin.body.data.records.records.some((r: { ASSET_ID: string }) => r.ASSET_ID === b));
    assert.equal((await post(`${B}/regainUpdateBizData`, { appId, ids: [b] })).body.data.restored, 1);
    const back = (await post(`${B}/detail`, { appId, id: b })).body.data;
    assert.equal(back.asset_repair_dynamic.length, 1, 'its child rows came back too');
  });

  test('one tenant\'s and the app managers\' data: another tenant finds no app, an ordinary user has no access', async () => {
    const r = await list({}, other);
    assert.equal(r.status, 400);
    const theirs = await post(`${B}/saveBizData`, { appId, data: { assetName: '越权' } }, other);
    assert.equal(theirs.status, 400);
    const denied = await list({}, user);
    assert.equal(denied.status, 403);
    assert.match(denied.body.msg, /没有该应用的访问权限/);
    assert.equal((await post(`${B}/saveBizData`, { appId, data: { assetName: '越权' } }, user)).status, 403);
    assert.equal((await list({ queryObj: { assetName: '越权' } })).body.data.records.total, 0);
  });
  test('every change is in the audit log with who, where from, before and after; a refused change leaves none; entries are never changed', async () => {
    const A = '/api/appAuditLog/appAuditLog';
    const entries = async () => (await s.api(`${A}/page?appId=${appId}&module=dataManagement&size=200`, { token: admin })).body.data;
    const first = await entries();
    const added = (await save({ assetName: '审计样品', price: 1 })).body.data.ASSET_ID;
    assert.equal((await save({ assetName: '' })).status, 400);
    assert.equal((await save({ ASSET_ID: added, assetName: '审计样品二', asset_repair_dynamic: [{ repairedOn: '2026-04-01', cost: 9 }] })).status, 200);
    assert.equal((await post(`${B}/removeBizData`, { appId, ids: added })).status, 200);
    const now = await entries();
    assert.equal(now.total, first.total + 3, 'add, update, del: the refused save left nothing');
    const mine = now.records.filter((e: { bizId: string }) => e.bizId === added);
    assert.deepEqual(mine.map((e: { operate: string }) => e.operate), ['del', 'update', 'add']);
    const update = (await s.api(`${A}/detail?id=${mine[1].id}`, { token: admin })).body.data;
    assert.equal(update.account, 'admin');
    assert.ok(update.ipAddress);
    assert.equal(JSON.parse(update.operateBefore).assetName, '审计样品');
    const after = JSON.parse(update.operateAfter);
    assert.equal(after.assetName, '审计样品二');
    assert.equal(after.asset_repair_dynamic[0].cost, 9);

    const note = await post(`${A}/submit`, { appId, module: 'dataManagement', bizId: added, operateAfter: '已核对' });
    assert.equal(note.status, 200, JSON.stringify(note.body));
    assert.equal((await post(`${A}/submit`, { id: note.body.data.id, appId, module: 'dataManagement', operateAfter: '改写' })).status, 400);
    assert.equal((await s.api(`${A}/page?appId=${appId}`, { token: user })).status, 403);
    assert.equal((await s.api(`${A}/page?appId=${appId}`, { token: other })).status, 400);
    assert.equal((await s.api(`${A}/detail?id=${mine[0].id}`, { token: other })).body.data, null);
    // the collection log: the record and each child row written, and the refused submission as a failure
    const C = '/api/blade-changeRecord/change_record';
    const collected = (await s.api(`${C}/list?appId=${appId}&bizCode=${added}&size=50`, { token: admin })).body.data.records;
    assert.deepEqual(collected.map((e: { type: string; method: string; collectStatus: number }) => `${e.type}/${e.method}/${e.collectStatus}`).sort(), ['main/insert/1', 'main/update/1', 'more/insert/1']);
    const repairRow = collected.find((e: { type: string }) => e.type === 'more');
    assert.equal(repairRow.tableName, 'asset_repair_dynamic');
    assert.equal(JSON.parse(repairRow.newData).cost, 9);
    const failed = (await s.api(`${C}/list?appId=${appId}&collectStatus=0&size=50`, { token: admin })).body.data.records;
    assert.ok(failed.some((e: { collectInfo: string }) => /资产名称/.test(e.collectInfo)), 'the refused save is a failed collection with its reason');
    assert.equal((await post(`${C}/submit`, { bizCode: 'x' })).status, 400, 'read-only');
    assert.equal((await s.api(`${C}/list?appId=${appId}`, { token: user })).status, 403);
    // the design's changes are there too: the app and its tables
    const design = (await s.api(`${A}/page?module=appDesign&size=50`, { token: admin })).body.data.records;
    assert.ok(design.some((e: { operate: string; operateAfter: string }) => e.operate === 'add' && /create table ma_000000_asset /.test(e.operateAfter)));
  });
  test('queryAppForm: the app\'s form as the caller fills it in — hidden fields left out (child fields too), read-only ones disabled', async () => {
    const F = `${B}/queryAppForm?appId=${appId}`;
    // no designed form yet: the model's fields, each child model a sub-table
    const plain = (await s.api(F, { token: admin })).body.data;
    assert.deepEqual(plain.formOption.column.map((c: { prop: string }) => c.prop), ['assetName', 'price', 'boughtOn', 'keeper', 'note', 'code', 'asset_repair_dynamic', 'asset_card_dynamic']);
    assert.equal(plain.processBound, false);
    const en = (await s.api(F, { token: admin, headers: { 'accept-language': 'en' } })).body.data.formOption.column as { prop: string; label: string }[];
    assert.equal(en.find((c) => c.prop === 'assetName')!.label, 'Asset', 'an English reader gets the English label');
    assert.equal((await s.api(F, { token: user })).status, 403, 'no group: no access');
    assert.equal((await s.api(F, { token: other })).status, 400, 'another tenant finds no app');
    // a designed form with a divider and the repair sub-table; the user's role may add and view, not see note nor cost, not change price
    const design = { column: [
      { prop: 'sec1', type: 'divider', label: '基本信息' },
      { prop: 'assetName', label: '资产名称', type: 'input', required: true },
      { prop: 'price', label: '价格', type: 'number' },
      { prop: 'note', label: '备注', type: 'textarea' },
      { prop: 'asset_repair_dynamic', label: '维修记录', type: 'dynamic', children: { column: [{ prop: 'repairedOn', label: '维修日期', type: 'date' }, { prop: 'cost', label: '费用', type: 'number' }] } },
    ] };
    const appRow = (await s.api(`/api/appInfo/appInfo/detail?id=${appId}`, { token: admin })).body.data;
    assert.equal((await post('/api/appInfo/appInfo/update', { id: appId, appName: appRow.appName, modelId: appRow.modelId, formOption: JSON.stringify(design) })).status, 200);
    const group = (await post('/api/appPermission/appPermission/submit', { appId, permissionName: '登记员', roleIds: SEED.userRoleId, operates: 'add,view' })).body.data.id;
    const models = (await s.api('/api/blade-model/model/list?size=50', { token: admin })).body.data.records as { id: string; modelTable: string }[];
    const idOf = (table: string) => models.find((m) => m.modelTable === table)!.id;
    const scopes = await post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: group, scopes: [
      { modelId: idOf('asset'), fieldName: 'note', hide: 1, disabled: 1, display: 0, search: 0 },
      { modelId: idOf('asset'), fieldName: 'price', hide: 0, disabled: 1, display: 1, search: 0 },
      { modelId: idOf('asset_repair'), fieldName: 'cost', hide: 1, disabled: 1, display: 0, search: 0 },
    ] });
    assert.equal(scopes.status, 200, JSON.stringify(scopes.body));
    const mine = (await s.api(F, { token: user })).body.data.formOption.column as { prop: string; disabled?: boolean; children?: { column: { prop: string }[] } }[];
    assert.deepEqual(mine.map((c) => c.prop), ['sec1', 'assetName', 'price', 'asset_repair_dynamic']);
    assert.equal(mine.find((c) => c.prop === 'price')!.disabled, true);
    assert.equal(mine.find((c) => c.prop === 'assetName')!.disabled, undefined);
    assert.deepEqual(mine.find((c) => c.prop === 'asset_repair_dynamic')!.children!.column.map((c) => c.prop), ['repairedOn']);
    // the managers get the whole design
    const full = (await s.api(F, { token: admin })).body.data.formOption.column as { prop: string; children?: { column: { prop: string }[] } }[];
    assert.deepEqual(full.map((c) => c.prop), ['sec1', 'assetName', 'price', 'note', 'asset_repair_dynamic']);
    assert.deepEqual(full[4].children!.column.map((c) => c.prop), ['repairedOn', 'cost']);
    // a designed label the designer changed stays as designed for English readers too; the model's own label turns English
    const enDesigned = (await s.api(F, { token: admin, headers: { 'accept-language': 'en' } })).body.data.formOption.column as { prop: string; label: string }[];
    assert.deepEqual(enDesigned.filter((c) => ['assetName', 'price'].includes(c.prop)).map((c) => c.label), ['Asset', 'Price']);
    assert.equal(enDesigned[0].label, '基本信息');
  });
  test('restoring a record brings back the child rows removed with it, not a row removed on its own before', async () => {
    const id = (await save({ assetName: '回收样品', asset_repair_dynamic: [{ repairedOn: '2026-01-01', cost: 1 }, { repairedOn: '2026-01-02', cost: 2 }] })).body.data.ASSET_ID;
    const [first, second] = (await post(`${B}/detail`, { appId, id })).body.data.asset_repair_dynamic;
    const dropped = await save({ ASSET_ID: id, asset_repair_dynamic: [{ ASSET_REPAIR_ID: first.ASSET_REPAIR_ID, isDeleted: 1 }, second] });
    assert.equal(dropped.status, 200, JSON.stringify(dropped.body));
    assert.equal((await post(`${B}/removeBizData`, { appId, ids: [id] })).body.data.removed, 1);
    assert.equal((await post(`${B}/regainUpdateBizData`, { appId, ids: [id] })).body.data.restored, 1);
    const back = (await post(`${B}/detail`, { appId, id })).body.data.asset_repair_dynamic;
    assert.deepEqual(back.map((r: { cost: number }) => r.cost), [2]);
    const gone = await post(`${B}/childOneToMoreRegainList`, { appId, tableName: 'asset_repair', foreignKey: id });
    assert.deepEqual(gone.body.data.records.records.map((r: { cost: number }) => r.cost), [1]);
  });
}, { both: true });
