// A micro-app's records to and from Excel (issue 15, 001 §2.7, §4, §7.1): export streams a real .xlsx
// (headings in the reader's language, one sheet per child model) with the caller's field rights and
// record range applied; import maps headings to fields, checks every row with the one form validator
// and stores all or nothing; export templates are kept per app and filled as a list or a form; the
// zip export carries the records' files. One tenant's apps only.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';

const B = '/api/appBizData/appBizData';
const T = '/api/blade-appTemplateFiles/appTemplateFiles';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');
const SIGN = `data:image/png;base64,${PNG.toString('base64')}`;

/** An .xlsx of sheets given as rows. */
async function book(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function read(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}
const rowsOf = (ws: ExcelJS.Worksheet): unknown[][] => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

await forEachDatabase('micro-app Excel import and export', (kind) => {
  let s: TestServer;
  let admin: string, other: string, user: string;
  let appId: string, assetModel: string;
  const post = (path: string, json: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  /** A file answer as bytes (status, type and name kept). */
  const download = async (path: string, json: unknown, token = admin, lang = 'zh-CN', method = 'POST') => {
    const res = await fetch(s.url + path, { method, headers: { 'Blade-Auth': `bearer ${token}`, 'accept-language': lang, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? JSON.stringify(json) : undefined });
    return { status: res.status, type: res.headers.get('content-type') ?? '', count: res.headers.get('x-record-count'), disposition: decodeURIComponent(res.headers.get('content-disposition') ?? ''), buf: Buffer.from(await res.arrayBuffer()) };
  };
  const upload = async (path: string, buf: Buffer, name: string, token = admin, lang = 'zh-CN') => {
    const fd = new FormData();
    fd.append('file', new Blob([buf]), name);
    return s.api(path, { method: 'POST', token, body: fd, headers: { 'accept-language': lang } });
  };
  const count = async (table: string) => Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where is_deleted = 0`.execute(s.server.database.db)).rows[0].n);
  const save = (data: Record<string, unknown>, token = admin) => must(post(`${B}/saveBizData`, { appId, data }, token));

  before(async () => {
    s = await startServer({ kind });
    ({ admin, other, user } = await seedTokens(s));
    assetModel = (await must(post('/api/blade-model/model/submit', { modelName: '资产登记', modelTable: 'asset' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: assetModel, items: [
      { fieldName: 'assetName', fieldLabel: '资产名称', fieldLabelEn: 'Asset', fieldType: 'string', length: 20, required: 1, searchable: 1, sort: 1 },
      { fieldName: 'price', fieldLabel: '价格', fieldLabelEn: 'Price', fieldType: 'decimal', scale: 2, sort: 2 },
      { fieldName: 'boughtOn', fieldLabel: '购置日期', fieldLabelEn: 'Bought on', fieldType: 'date', sort: 3 },
      { fieldName: 'keeper', fieldLabel: '保管人', fieldLabelEn: 'Keeper', fieldType: 'user', sort: 4 },
      { fieldName: 'code', fieldLabel: '编码', fieldLabelEn: 'Code', fieldType: 'string', pattern: '^ZC\\d{4}$', patternMessage: '编码须为 ZC 加四位数字', sort: 5 },
      { fieldName: 'photo', fieldLabel: '照片', fieldLabelEn: 'Photo', fieldType: 'file', sort: 6 },
      { fieldName: 'sign', fieldLabel: '签名', fieldLabelEn: 'Signature', fieldType: 'signature', sort: 7 },
    ] }));
    const repair = (await must(post('/api/blade-model/model/submit', { modelName: '维修记录', modelTable: 'asset_repair', parentId: assetModel, relation: 'more' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: repair, items: [
      { fieldName: 'repairedOn', fieldLabel: '维修日期', fieldLabelEn: 'Repaired on', fieldType: 'date', required: 1, sort: 1 },
      { fieldName: 'cost', fieldLabel: '费用', fieldLabelEn: 'Cost', fieldType: 'decimal', sort: 2 },
    ] }));
    await must(s.api(`/api/blade-model/model/createTable?modelIds=${assetModel},${repair}`, { token: admin }));
    appId = (await must(post('/api/appInfo/appInfo/submit', { appName: '资产登记', modelId: assetModel, appStatus: 1 }))).id;
    // the ordinary user: view, add and templates, their own records, the price hidden
    const group = (await must(post('/api/appPermission/appPermission/submit', { appId, permissionName: '登记员', roleIds: SEED.userRoleId, operates: 'add,view,template', dataScope: 'own' }))).id;
    await must(post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: group, scopes: [{ modelId: assetModel, fieldName: 'price', hide: 1, disabled: 1, display: 0, search: 0 }] }));
    const photo = await must(upload('/api/blade-resource/oss/endpoint/put-file', PNG, 'front.png'));
    await save({ assetName: '投影仪', price: 3999.5, boughtOn: '2026-03-01', keeper: SEED.adminId, code: 'ZC0001', photo: [{ name: 'front.png', url: photo.link }], sign: SIGN,
      asset_repair_dynamic: [{ repairedOn: '2026-05-01', cost: 120 }, { repairedOn: '2026-06-01', cost: 80 }] });
    await save({ assetName: '电脑', price: 5000, boughtOn: '2026-01-05', asset_repair_dynamic: [{ repairedOn: '2026-02-01', cost: 10 }] });
    await save({ assetName: '用户的桌子', asset_repair_dynamic: [{ repairedOn: '2026-04-01', cost: 5 }] }, user);
  });
  after(async () => { await s?.close(); });

  test('export answers a real .xlsx: headings in the reader\'s language, every record with its child rows on their own sheet', async () => {
    const zh = await download(`${B}/exportBizData`, { appId });
    assert.equal(zh.status, 200, zh.buf.toString().slice(0, 300));
    assert.match(zh.type, /spreadsheetml/);
    assert.match(zh.disposition, /数据导出\.xlsx/);
    assert.equal(zh.count, '3', 'the number of records coming');
    const wb = await read(zh.buf);
    assert.deepEqual(wb.worksheets.map((w) => w.name), ['资产登记', '维修记录']);
    const main = rowsOf(wb.worksheets[0]);
    assert.deepEqual(main[0], ['编号', '资产名称', '价格', '购置日期', '保管人', '编码', '照片', '签名', '状态']);
    assert.equal(main.length, 4);
    const projector = main.find((r) => r[1] === '投影仪')!;
    assert.equal(projector[2], 3999.5);
    assert.equal(projector[3], '2026-03-01');
    assert.equal(projector[4], '管理员', 'people by name');
    assert.match(String(projector[6]), /^front\.png <\/api\/blade-resource\/oss\/endpoint\/file\/\d{8}\/[a-f0-9]{32}\.png>$/);
    assert.equal(projector[7], '已签名');
    assert.equal(projector[8], '正常');
    const children = rowsOf(wb.worksheets[1]);
    assert.deepEqual(children[0], ['主表编号（或主表行号）', '维修日期', '费用']);
    assert.deepEqual(children.filter((r) => r[0] === projector[0]).map((r) => r.slice(1)), [['2026-05-01', 120], ['2026-06-01', 80]]);
    assert.equal(children.length, 5);

    const en = await download(`${B}/exportBizData`, { appId, queryObj: { assetName: '投影' } }, admin, 'en');
    assert.match(en.disposition, /data-export\.xlsx/);
    const enBook = await read(en.buf);
    const enMain = rowsOf(enBook.worksheets[0]);
    assert.deepEqual(enMain[0], ['ID', 'Asset', 'Price', 'Bought on', 'Keeper', 'Code', 'Photo', 'Signature', 'Status']);
    assert.equal(enMain.length, 2, 'the query narrows the export');
    assert.equal(enMain[1][8], 'Normal');
    assert.deepEqual(rowsOf(enBook.worksheets[1])[0], ['Main record ID (or main sheet row)', 'Repaired on', 'Cost']);
    // chosen ids, sorted
    const chosen = await read((await download(`${B}/exportBizData`, { appId, ids: [projector[0]], sort: 'price desc' })).buf);
    assert.equal(rowsOf(chosen.worksheets[0]).length, 2);
    assert.equal((await post(`${B}/exportBizData`, { appId, queryObj: '{bad' })).status, 400);
    assert.equal((await post(`${B}/exportBizData`, { appId, queryObj: { photo: 'x' } })).status, 400, 'a field not searchable');
  });

  test('a restricted user\'s export: the hidden field is absent and only records in their range are there', async () => {
    const r = await download(`${B}/exportBizData`, { appId }, user);
    assert.equal(r.status, 200);
    const wb = await read(r.buf);
    const main = rowsOf(wb.worksheets[0]);
    assert.ok(!main[0].includes('价格'), 'the price column is not there');
    assert.deepEqual(main.slice(1).map((x) => x[1]), ['用户的桌子']);
    assert.ok(!r.buf.includes(Buffer.from('3999')), 'no hidden value anywhere');
    assert.equal(rowsOf(wb.worksheets[1]).length, 2, 'only their record\'s child row');
    // the import template: the fields they may write
    const tpl = await download(`${B}/importTemplate?appId=${appId}`, null, user, 'zh-CN', 'GET');
    assert.equal(tpl.status, 200);
    const heads = rowsOf((await read(tpl.buf)).worksheets[0])[0];
    assert.deepEqual(heads, ['资产名称', '购置日期', '保管人', '编码', '照片', '签名']);
    // their import: a column of the hidden field is not written
    const r2 = await upload(`${B}/importBizData?appId=${appId}`, await book({ S: [['资产名称', '价格'], ['用户的椅子', 777]] }), 'mine.xlsx', user);
    assert.equal(r2.status, 200, JSON.stringify(r2.body));
    const stored = await sql<{ price: unknown; createUser: string }>`select price, create_user from ma_000000_asset where asset_name = '用户的椅子'`.execute(s.server.database.db);
    assert.deepEqual(stored.rows.map((x) => [x.price, String(x.createUser)]), [[null, SEED.userId]]);
    assert.equal((await post(`${B}/exportBizData`, { appId }, other)).status, 400);
  });

  test('an exported file imports back with its child rows, as new records in status 1', async () => {
    const before = [await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')];
    const file = (await download(`${B}/exportBizData`, { appId, queryObj: { assetName: '投影' } })).buf;
    const r = await upload(`${B}/importBizData?appId=${appId}`, file, 'data.xlsx');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data, { imported: 1, children: 2 });
    assert.deepEqual([await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')], [before[0] + 1, before[1] + 2]);
    const list = (await must(s.api(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ assetName: '投影仪' }))}`, { token: admin }))).records.records;
    assert.equal(list.length, 2);
    const copy = await must(post(`${B}/detail`, { appId, id: list[0].ASSET_ID }));
    const orig = await must(post(`${B}/detail`, { appId, id: list[1].ASSET_ID }));
    assert.notEqual(copy.ASSET_ID, orig.ASSET_ID);
    assert.equal(copy.ASSET_DATA_STATUS, 1);
    assert.equal(copy.ASSET_DATA_FROM, 'app');
    for (const k of ['assetName', 'price', 'boughtOn', 'keeper', 'code']) assert.equal(copy[k], orig[k], k);
    assert.deepEqual(copy.photo, orig.photo.map?.((f: unknown) => f) ?? orig.photo);
    assert.deepEqual(copy.asset_repair_dynamic.map((x: { repairedOn: string; cost: number }) => [x.repairedOn, x.cost]), [['2026-05-01', 120], ['2026-06-01', 80]]);
    // the audit log has the import; the collection log the record and its two child rows (as a save logs them)
    const audit = (await must(s.api(`/api/appAuditLog/appAuditLog/page?appId=${appId}&module=dataManagement&size=5`, { token: admin }))).records[0];
    assert.match(audit.operateAfter, /"imported":1/);
    const collected = (await must(s.api(`/api/blade-changeRecord/change_record/list?appId=${appId}&bizCode=${copy.ASSET_ID}`, { token: admin }))).records;
    assert.deepEqual(collected.map((x: { type: string; tableName: string }) => `${x.type} ${x.tableName}`).sort(), ['main asset', 'more asset_repair_dynamic', 'more asset_repair_dynamic']);

    // a new file by hand: English headings, child rows by their main row's number
    const hand = await book({
      Assets: [['Asset', 'Price', 'Bought on', 'Keeper'], ['椅子', 12.5, new Date(Date.UTC(2026, 6, 1)), 'admin'], ['柜子', '', '2026-07-02', '']],
      维修记录: [['Row', 'Repaired on', 'Cost'], [3, '2026-08-01', 1], [3, '2026-08-02', 2], [2, '2026-08-03', 3]],
    });
    assert.equal((await must(s.api(`${B}/importProgress?progressKey=hand-1`, { token: admin }))), null, 'nothing before it starts');
    const r2 = await upload(`${B}/importBizData?appId=${appId}&progressKey=hand-1`, hand, 'hand.xlsx', admin, 'en');
    assert.equal(r2.status, 200, JSON.stringify(r2.body));
    assert.deepEqual(r2.body.data, { imported: 2, children: 3 });
    assert.deepEqual(await must(s.api(`${B}/importProgress?progressKey=hand-1`, { token: admin })), { total: 5, read: 5, state: 'done' });
    assert.equal(await must(s.api(`${B}/importProgress?progressKey=hand-1`, { token: user })), null, 'one\'s own imports only');
    const cabinet = (await must(s.api(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ assetName: '柜子' }))}`, { token: admin }))).records.records[0];
    assert.equal((await must(post(`${B}/detail`, { appId, id: cabinet.ASSET_ID }))).asset_repair_dynamic.length, 2);
    const chair = (await must(s.api(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ assetName: '椅子' }))}`, { token: admin }))).records.records[0];
    assert.equal(chair.boughtOn, '2026-07-01');
    assert.equal(chair.keeper, SEED.adminId, 'a person by account');
    assert.equal(chair.price, 12.5);
  });

  test('a bad row refuses the whole file, listing each problem by sheet and row; nothing is stored', async () => {
    const before = [await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')];
    const bad = await book({
      资产: [['资产名称', '编码', '保管人', '价格'], ['好的', 'ZC0009', '', 1], ['', 'ZC0010', '', 2], ['坏编码', 'X1', '无此人', 'abc']],
      维修记录: [['主表行号', '维修日期', '费用'], [2, '2026-01-01', 1], [2, '', 1], [99, '2026-01-01', 1]],
    });
    const r = await upload(`${B}/importBizData?appId=${appId}`, bad, 'bad.xlsx');
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.msg, /导入失败：\d+ 处错误，未导入任何数据/);
    const errors: { sheet: string; row: number; message: string }[] = r.body.data.errors;
    const at = (sheet: string, row: number) => errors.filter((e) => e.sheet === sheet && e.row === row).map((e) => e.message).join(' | ');
    assert.match(at('资产', 3), /资产名称/);
    assert.match(at('资产', 4), /编码须为 ZC 加四位数字/);
    assert.match(at('资产', 4), /无此人/);
    assert.match(at('资产', 4), /价格/);
    assert.equal(at('资产', 2), '', 'the good row has none');
    assert.match(at('维修记录', 3), /维修日期/);
    assert.match(at('维修记录', 4), /找不到第一列所指的主表记录“99”/);
    assert.deepEqual([await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')], before, 'nothing half-imported');
    const en = await upload(`${B}/importBizData?appId=${appId}`, bad, 'bad.xlsx', admin, 'en');
    assert.match(en.body.msg, /Import failed: \d+ problems, nothing was imported/);
  });

  test('a wrong file is a 400, never a 500', async () => {
    const cases: [Buffer, string, RegExp][] = [
      [Buffer.from('not a spreadsheet at all'), 'x.xlsx', /Excel/],
      [PNG, 'x.png', /Excel/],
      [Buffer.from('PK\u0003\u0004 broken zip'), 'x.xlsx', /Excel/],
      [await book({ S: [['无关', '表头'], ['a', 'b']] }), 'x.xlsx', /表头/],
      [await book({ S: [] }), 'x.xlsx', /没有可导入的数据/],
    ];
    for (const [buf, name, msg] of cases) {
      const r = await upload(`${B}/importBizData?appId=${appId}`, buf, name);
      assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.msg, msg);
    }
    const none = await s.api(`${B}/importBizData?appId=${appId}`, { method: 'POST', token: admin, json: {} });
    assert.ok(none.status >= 400 && none.status < 500);
  });

  test('another tenant cannot export or import the app; someone without access is refused', async () => {
    assert.equal((await post(`${B}/exportBizData`, { appId }, other)).status, 400);
    assert.equal((await post(`${B}/exportBizDataFiles`, { appId }, other)).status, 400);
    assert.equal((await s.api(`${B}/importTemplate?appId=${appId}`, { token: other })).status, 400);
    const file = await book({ S: [['资产名称'], ['越权']] });
    assert.equal((await upload(`${B}/importBizData?appId=${appId}`, file, 'x.xlsx', other)).status, 400);
    const stranger = await s.login('admin', 'admin', '100001');
    assert.ok(stranger.access_token);
    assert.equal((await s.api(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ assetName: '越权' }))}`, { token: admin })).body.data.records.total, 0);
    assert.equal((await post(`${B}/exportBizDataFromAI`, { appId, aiSql: 'x' })).status, 400);
  });

  test('export templates: managers keep them, a list template repeats its row per record, a form template makes a sheet per record with its child rows', async () => {
    const listTpl = await book({ 清单: [['${appName} 资产清单'], ['序号', '名称', '价格', '保管人'], ['${index}', '${assetName}', '${price}', '${保管人}'], ['共 ${total} 条']] });
    const formTpl = await book({ 卡片: [['名称：${assetName}', '编码：${code}'], ['签名', '${sign}'], ['维修日期', '费用'], ['${asset_repair.repairedOn}', '${asset_repair.cost}'], ['完']] });
    const up = async (buf: Buffer, name: string) => (await must(upload('/api/blade-resource/oss/endpoint/put-file', buf, name))).link;
    const listId = (await must(post(`${T}/submit`, { appId, templateName: '资产清单', templateType: 'list', fileName: 'list.xlsx', fileLink: await up(listTpl, 'list.xlsx'), status: 1 }))).id;
    const formId = (await must(post(`${T}/submit`, { appId, templateName: '资产卡片', templateType: 'form', fileName: 'card.xlsx', fileLink: await up(formTpl, 'card.xlsx'), status: 1 }))).id;
    // refused: not an xlsx, a missing file, an ordinary user changing them, another tenant
    assert.equal((await post(`${T}/submit`, { appId, templateName: 'x', templateType: 'list', fileName: 'x.xlsx', fileLink: await up(PNG, 'p.png') })).status, 400);
    assert.equal((await post(`${T}/submit`, { appId, templateName: 'x', templateType: 'list', fileName: 'x.xlsx', fileLink: '/api/blade-resource/oss/endpoint/file/20200101/00000000000000000000000000000000.xlsx' })).status, 400);
    assert.equal((await post(`${T}/submit`, { appId, templateName: 'x', templateType: 'list', fileName: 'x.doc', fileLink: '/x' })).status, 400);
    assert.equal((await post(`${T}/submit`, { id: listId, appId, templateName: '改', templateType: 'list', fileName: 'list.xlsx', fileLink: 'x' }, user)).status, 403);
    assert.equal((await s.api(`${T}/list?appId=${appId}`, { token: other })).status, 400);
    // read: managers all, the user with the template right the enabled ones
    await must(post(`${T}/submit`, { ...(await must(s.api(`${T}/detail?id=${formId}`, { token: admin }))), status: 0 }));
    assert.equal((await must(s.api(`${T}/list?appId=${appId}`, { token: admin }))).total, 2);
    assert.deepEqual((await must(s.api(`${T}/list?appId=${appId}`, { token: user }))).records.map((r: { id: string }) => r.id), [listId]);
    await must(post(`${T}/submit`, { ...(await must(s.api(`${T}/detail?id=${formId}`, { token: admin }))), status: 1 }));

    const list = await download(`${T}/exportTemplate`, { appId, templateId: listId, sort: 'price desc', queryObj: { assetName: '电脑' } });
    assert.equal(list.status, 200, list.buf.toString().slice(0, 300));
    const lr = rowsOf((await read(list.buf)).worksheets[0]);
    assert.deepEqual(lr[0], ['资产登记 资产清单']);
    assert.deepEqual(lr[2], [1, '电脑', 5000]);
    assert.deepEqual(lr.at(-1), ['共 1 条']);
    const all = rowsOf((await read((await download(`${T}/exportTemplate`, { appId, templateId: listId })).buf)).worksheets[0]);
    assert.ok(all.length >= 6 && all.filter((r) => typeof r[0] === 'number').length === all.length - 3);
    // the user: own records, the hidden price empty
    const mine = rowsOf((await read((await download(`${T}/exportTemplate`, { appId, templateId: listId }, user)).buf)).worksheets[0]);
    assert.deepEqual(mine.slice(2, 4), [[1, '用户的椅子'], [2, '用户的桌子']], 'their records, newest first, the price empty');

    const projector = (await must(s.api(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ assetName: '投影仪' }))}`, { token: admin }))).records.records.map((r: { ASSET_ID: string }) => r.ASSET_ID);
    const form = await download(`${T}/exportTemplate`, { appId, templateId: formId, ids: projector.join(',') });
    assert.equal(form.status, 200, form.buf.toString().slice(0, 300));
    const fb = await read(form.buf);
    assert.equal(fb.worksheets.length, 2, 'a sheet per record');
    const card = rowsOf(fb.worksheets[1]);
    assert.deepEqual(card[0], ['名称：投影仪', '编码：ZC0001']);
    assert.deepEqual(card.slice(3, 5), [['2026-05-01', 120], ['2026-06-01', 80]]);
    assert.deepEqual(card[5], ['完']);
    assert.equal(fb.worksheets[1].getImages().length, 1, 'the signature as its image');
    assert.equal((fb.worksheets[1].getImages()[0].range as unknown as { ext: { width: number } }).ext.width, 80);
    assert.equal((await post(`${T}/exportTemplate`, { appId, templateId: '123' })).status, 400);

    assert.equal((await post(`${T}/remove?ids=${listId}`, {}, user)).status, 403);
    assert.equal((await must(post(`${T}/remove?ids=${listId},${formId}`, {}))).removed, 2);
  });

  test('the zip export carries the .xlsx and each record\'s attachment and signature in its folder', async () => {
    const r = await download(`${B}/exportBizDataFiles`, { appId, queryObj: { assetName: '投影' } });
    assert.equal(r.status, 200, r.buf.toString().slice(0, 300));
    assert.match(r.type, /zip/);
    const zip = await JSZip.loadAsync(r.buf);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir).sort();
    assert.ok(names.includes('数据导出.xlsx'), names.join(','));
    const wb = await read(Buffer.from(await zip.file('数据导出.xlsx')!.async('uint8array')));
    const ids = rowsOf(wb.worksheets[0]).slice(1).map((x) => String(x[0]));
    assert.equal(ids.length, 2);
    for (const id of ids) assert.ok(names.includes(`${id}/照片-front.png`), names.join(','));
    // the signature of the original (the imported copy has none: a drawn signature does not come back from a cell)
    assert.equal(ids.filter((id) => names.includes(`${id}/签名.png`)).length, 1, names.join(','));
    assert.deepEqual(Buffer.from(await zip.file(`${ids[0]}/照片-front.png`)!.async('uint8array')), PNG);
    const theirs = await download(`${B}/exportBizDataFiles`, { appId }, user);
    const tz = await JSZip.loadAsync(theirs.buf);
    assert.deepEqual(Object.keys(tz.files).filter((n) => !tz.files[n].dir), ['数据导出.xlsx']);
  });

  test('a value the column cannot hold is a 400 naming it, and nothing is stored', async () => {
    const before = await count('ma_000000_asset');
    const r = await upload(`${B}/importBizData?appId=${appId}`, await book({ S: [['资产名称', '价格'], ['巨款', 1e30]] }), 'x.xlsx');
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.msg, /不符合字段的类型或长度/);
    assert.equal(await count('ma_000000_asset'), before);
  });

  test('thousands of records: the export reads them in batches, the import writes them in batches, all of them', async () => {
    const db = s.server.database.db;
    await sql`insert into ma_000000_asset (asset_id, tenant_id, asset_name, price, bought_on, create_time)
      select 900000000 + g, '000000', '批量 ' || g, g, date '2026-01-01' + (g % 300), now() - g * interval '1 second' from generate_series(1, 6000) g`.execute(db);
    await sql`insert into ma_000000_asset_repair_dynamic (asset_repair_id, asset_id, tenant_id, repaired_on, cost)
      select 800000000 + g * 2 + k, 900000000 + g, '000000', date '2026-02-01', k from generate_series(1, 6000) g, generate_series(0, 1) k`.execute(db);
    const file = await download(`${B}/exportBizData`, { appId, queryObj: { assetName: '批量' }, sort: 'price' });
    assert.equal(file.status, 200);
    const wb = await read(file.buf);
    const main = rowsOf(wb.worksheets[0]);
    assert.equal(main.length, 6001);
    assert.deepEqual([main[1][1], main[6000][1]], ['批量 1', '批量 6000'], 'in the asked order');
    assert.equal(rowsOf(wb.worksheets[1]).length, 12001);
    const before = [await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')];
    const r = await upload(`${B}/importBizData?appId=${appId}`, file.buf, 'big.xlsx');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.data, { imported: 6000, children: 12000 });
    assert.deepEqual([await count('ma_000000_asset'), await count('ma_000000_asset_repair_dynamic')], [before[0] + 6000, before[1] + 12000]);
    const orphans = await sql<{ n: string }>`select count(*)::text as n from ma_000000_asset_repair_dynamic c where not exists (select 1 from ma_000000_asset m where m.asset_id = c.asset_id)`.execute(db);
    assert.equal(orphans.rows[0].n, '0');
  });
});
