// The business data screen of a micro-app (issue 15, 001 §2.7, §4, §8) in a real browser, through
// /webapp/myApp/{params} (the back office) and once inside the shell (/miniApp/home/dataManage). Set
// up through the API: a model with a one-to-many child model, their tables, an app whose form is the
// models' columns (buildModelColumnsWithChildren), a permission group granting the ordinary user
// (user/user) add and view with one field (备注) hidden, a forced pre-read and page size 30. The user
// reads the pre-read (已 阅 only after the countdown), adds a record with two child rows, finds it
// listed without the hidden field (not in the table, the form, the detail or the export), sorts
// (asc / desc / none) and searches, has no delete button, exports 数据导出.xlsx, and has no access to
// an app without a group. The administrator is warned off a record in circulation (the spec's two
// warnings, nothing selected), edits a record by double-click (one child row removed, one added:
// §4's tracking reaches the server), copies it, batch-edits two records, deletes one to the recycle
// bin and restores it (its rows removed before stay removed), prints a page with a list template
// (none configured first), exports with an export template, opens a custom button, sees the import
// dialog's per-row errors and the "design it first" screen. An app bound to a process: the user's new
// record goes for approval and its process opens from the row.
// MA_DATA_SHOTS=<dir> saves screenshots of the data screen, the record form and the import dialog in zh and en.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, saveShot, setLanguage, signIn, startE2EServer, type E2EServer } from './browser.ts';
import { encodeParams } from '../src/pages/miniApp/params.ts';

// the files a test writes (an .xlsx to upload or a download), removed when the file's tests end
const scratch: string[] = [];
const scratchDir = (): string => { const d = mkdtempSync(join(tmpdir(), 'ma-xlsx-')); scratch.push(d); return d; };
after(() => { for (const d of scratch) rmSync(d, { recursive: true, force: true }); });

const SHOTS = process.env.MA_DATA_SHOTS;
const B = '/api/appBizData/appBizData';
const USER_ROLE = '1123598816738675202';

let s: E2EServer;
let browser: Browser;
let admin: string;
let user: string;
let appId: string;
let address: string;
/** an app whose model has no table yet, with no permission group */
let early: string;

const must = async (r: Promise<{ status: number; body: any }>) => {
  const x = await r;
  assert.equal(x.status, 200, JSON.stringify(x.body));
  return x.body.data;
};
const post = (path: string, json: unknown, token = admin) => must(s.api(path, { method: 'POST', token, json }));
const get = (path: string, token = admin) => must(s.api(path, { token }));

before(async () => {
  s = await startE2EServer();
  browser = await launch();
  admin = (await s.login()).access_token;
  user = (await s.login('user', 'user')).access_token;
  const main = (await post('/api/blade-model/model/submit', { modelName: '设备登记', modelTable: 'dev_asset' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: main, items: [
    { fieldName: 'assetName', fieldLabel: '设备名称', fieldLabelEn: 'Device', fieldType: 'string', length: 40, required: 1, searchable: 1, sort: 1 },
    { fieldName: 'price', fieldLabel: '价格', fieldLabelEn: 'Price', fieldType: 'decimal', scale: 2, sort: 2 },
    { fieldName: 'boughtOn', fieldLabel: '购置日期', fieldLabelEn: 'Bought on', fieldType: 'date', searchable: 1, sort: 3 },
    { fieldName: 'note', fieldLabel: '备注', fieldLabelEn: 'Note', fieldType: 'text', sort: 4 },
  ] });
  const child = (await post('/api/blade-model/model/submit', { modelName: '维修记录', modelTable: 'dev_asset_repair', parentId: main, relation: 'more' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: child, items: [
    { fieldName: 'repairedOn', fieldLabel: '维修日期', fieldLabelEn: 'Repaired on', fieldType: 'date', required: 1, sort: 1 },
    { fieldName: 'cost', fieldLabel: '费用', fieldLabelEn: 'Cost', fieldType: 'decimal', sort: 2 },
  ] });
  await get(`/api/blade-model/model/createTable?modelIds=${main},${child}`);
  const columns = await get(`/api/blade-modelitem/model_item/buildModelColumnsWithChildren?modelId=${main}`);
  appId = (await post('/api/appInfo/appInfo/submit', { appName: '设备登记', modelId: main, appStatus: 1, formOption: JSON.stringify({ column: columns.column }) })).id;
  const group = (await post('/api/appPermission/appPermission/submit', { appId, permissionName: '登记员', roleIds: USER_ROLE, operates: 'add,view', dataScope: 'all' })).id;
  await post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: group, scopes: [{ modelId: main, fieldName: 'note', hide: 1, disabled: 1, display: 0, search: 0 }] });
  // records to sort and search among (the administrator's, with a note the user must never see)
  for (const [assetName, price] of [['投影仪', 3000], ['打印机', 1200], ['笔记本电脑', 6800]] as const) {
    await post(`${B}/saveBizData`, { appId, data: { assetName, price, boughtOn: '2026-03-01', note: '机密备注' } });
  }
  const undesigned = (await post('/api/blade-model/model/submit', { modelName: '未建表', modelTable: 'dev_draft' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: undesigned, items: [{ fieldName: 'title', fieldLabel: '标题', fieldType: 'string', sort: 1 }] });
  const draftApp = (await post('/api/appInfo/appInfo/submit', { appName: '草稿应用', modelId: undesigned, appStatus: 1 })).id;
  early = `${s.url}/#/webapp/myApp/${encodeParams({ appId: draftApp, appName: '草稿应用' })}`;
  // a custom button: outside the shell it opens its address in a new window
  await post('/api/appDiyOperate/appDiyOperate/submit', { appId, btnName: '使用帮助', btnUrl: 'https://help.example.org/devices', sort: 1 });
  // the app's settings: a forced pre-read of 2 seconds, page size 30
  await post('/api/appSysConfig/appSysConfig/submit', { appId, pageSize: 30, preRead: { enable: 1, compelRead: 1, title: '使用须知', readTime: 2, body: '请如实登记设备信息。', relationFiles: [] } });
  address = `${s.url}/#/webapp/myApp/${encodeParams({ appId, appName: '设备登记', createUser: '' })}`;
});
after(async () => {
  await browser?.close();
  await s?.close();
});

const rows = (page: Page) => page.locator('.ma-table .ant-table-tbody tr.ant-table-row');
const names = async (page: Page) => (await page.locator('.ma-table .ant-table-tbody tr.ant-table-row .ma-cell-assetName').allInnerTexts()).map((x) => x.trim());
/** Types a date into a picker and confirms it. */
const typeDate = async (page: Page, input: ReturnType<Page['locator']>, value: string) => {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' }).catch(() => undefined);
};
let shotPreRead = false;
/** The forced pre-read: its close button waits for the countdown, then closes it. */
const readFirst = async (page: Page) => {
  const dlg = page.locator('.ma-preread');
  await dlg.getByText('请如实登记设备信息。').waitFor();
  if (!shotPreRead) { shotPreRead = true; await saveShot(page, SHOTS, 'preread-zh'); }
  assert.equal(await dlg.locator('.ma-preread-ok').isDisabled(), true, 'compelled: not before the countdown');
  assert.equal(await dlg.locator('.ant-modal-close').count(), 0);
  await dlg.locator('.ma-preread-ok:not([disabled])').waitFor({ timeout: 5000 });
  assert.match(await dlg.locator('.ma-preread-ok').innerText(), /已\s*阅/);
  await dlg.locator('.ma-preread-ok').click();
  await dlg.waitFor({ state: 'hidden' });
};
const waitList = async (page: Page) => {
  await page.locator('.ma-table').waitFor();
  await page.locator('.ma-table .ant-spin-spinning').waitFor({ state: 'detached' }).catch(() => undefined);
};

test('an ordinary user adds a record with two child rows, never sees the hidden field, sorts and searches, cannot delete or edit a record in circulation', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, s.url, s, 'user', 'user');
    await page.goto(address);
    await readFirst(page);
    await waitList(page);
    assert.ok(await page.locator('.ant-pagination-options').getByText('30 条/页').isVisible(), 'the app\'s page size');
    await rows(page).first().waitFor();
    // the hidden field is in no column; the user may not delete, so there is no delete button
    assert.equal(await page.locator('.ma-table th').filter({ hasText: '备注' }).count(), 0);
    assert.equal(await page.locator('.ma-table').getByText('机密备注').count(), 0);
    assert.equal(await page.locator('.ma-row-delete, .ma-batch-delete, .ma-recycle-btn, .ma-row-edit').count(), 0);

    // add: the form has no 备注; two child rows
    await page.locator('.ma-add').click();
    const drawer = page.locator('.ma-record-drawer');
    await drawer.locator('.wf-field-assetName input').waitFor();
    assert.equal(await drawer.locator('.wf-field-note').count(), 0, 'the hidden field is not in the form');
    const served = (await get(`${B}/queryAppForm?appId=${appId}`, user)).formOption.column.map((c: { prop: string }) => c.prop);
    assert.ok(served.includes('assetName') && !served.includes('note'), `the form the server gives the user: ${served}`);
    await drawer.locator('.ma-record-save').click();
    await page.locator('.ant-message').getByText(/设备名称/).first().waitFor();
    await drawer.locator('.wf-field-assetName input').fill('示波器');
    await drawer.locator('.wf-field-price input').fill('2500');
    await typeDate(page, drawer.locator('.wf-field-boughtOn input'), '2026-04-01');
    await drawer.locator('.wf-subtable-add').click();
    await drawer.locator('.wf-subtable-add').click();
    const cells = drawer.locator('.wf-subtable .ant-table-tbody tr.ant-table-row');
    await typeDate(page, cells.nth(0).locator('.fr-cell-repairedOn input'), '2026-05-01');
    await cells.nth(0).locator('.fr-cell-cost input').fill('120');
    await typeDate(page, cells.nth(1).locator('.fr-cell-repairedOn input'), '2026-06-01');
    await cells.nth(1).locator('.fr-cell-cost input').fill('80');
    await saveShot(page, SHOTS, 'record-form-zh');
    await drawer.locator('.ma-record-save').click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await page.locator('.ma-table').getByText('示波器').waitFor();
    const stored = (await post(`${B}/list`, { appId, queryObj: JSON.stringify({ assetName: '示波器' }) })).records.records[0];
    const full = await post(`${B}/detail`, { appId, id: stored.DEV_ASSET_ID });
    assert.deepEqual(full.dev_asset_repair_dynamic.map((r: { repairedOn: string; cost: number }) => [r.repairedOn, r.cost]), [['2026-05-01', 120], ['2026-06-01', 80]]);

    // the detail: no 备注 either, the child rows paged from the server
    await rows(page).filter({ hasText: '投影仪' }).locator('.ma-row-view').click();
    const view = page.locator('.ma-record-view');
    await view.locator('.wf-field-assetName').waitFor();
    assert.equal(await view.locator('.wf-field-note').count(), 0);
    assert.equal(await view.getByText('机密备注').count(), 0);
    await view.locator('.ant-drawer-close').click();
    await rows(page).filter({ hasText: '示波器' }).locator('.ma-row-view').click();
    await page.locator('.ma-record-view .ma-child-rows .ant-table-tbody tr.ant-table-row').nth(1).waitFor();
    await saveShot(page, SHOTS, 'record-view-zh');
    const viewed = await page.locator('.ma-record-view .ma-child-rows .ant-table-tbody tr.ant-table-row').allInnerTexts();
    assert.ok(viewed[0].includes('2026-05-01') && viewed[1].includes('2026-06-01'), `the rows in the order they were added: ${viewed}`);
    assert.equal(await page.locator('.ma-record-view .wf-subtable-add, .ma-record-view .fr-row-delete').count(), 0, 'viewing hides the child-row buttons');
    await page.locator('.ma-record-view .ant-drawer-close').click();

    // sort by price: ascending, descending, none (back to page 1)
    const priceHead = page.locator('.ma-table th.ma-head-price');
    await priceHead.click();
    await waitList(page);
    await page.waitForFunction(() => document.querySelector('.ma-table tr.ant-table-row .ma-cell-assetName')?.textContent?.includes('打印机'));
    assert.deepEqual(await names(page), ['打印机', '示波器', '投影仪', '笔记本电脑']);
    await priceHead.click();
    await page.waitForFunction(() => document.querySelector('.ma-table tr.ant-table-row .ma-cell-assetName')?.textContent?.includes('笔记本电脑'));
    assert.deepEqual(await names(page), ['笔记本电脑', '投影仪', '示波器', '打印机']);
    await priceHead.click();
    await page.waitForFunction(() => document.querySelector('.ma-table tr.ant-table-row .ma-cell-assetName')?.textContent?.includes('示波器'));

    // search the searchable field
    await page.locator('.ma-search-assetName input').fill('电脑');
    await page.locator('.ma-search-run').click();
    await page.waitForFunction(() => document.querySelectorAll('.ma-table tr.ant-table-row').length === 1);
    assert.deepEqual(await names(page), ['笔记本电脑']);
    await saveShot(page, SHOTS, 'search-zh');
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ma-table tr.ant-table-row').length === 4);

    // nothing selected: the spec's message (print needs a right the user lacks; export is view)
    // 数据导出: all matching records as .xlsx, without the hidden field
    await page.locator('.ma-export').click();
    const exportDlg = page.locator('.ma-export-dialog');
    await exportDlg.getByText('全部符合条件的数据（4 条）').waitFor();
    const download = page.waitForEvent('download');
    await exportDlg.locator('.ant-btn-primary').click();
    const file = await download;
    assert.equal(file.suggestedFilename(), '数据导出.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const heads = (book.worksheets[0].getRow(1).values as unknown[]).map(String);
    assert.ok(heads.includes('设备名称') && !heads.includes('备注'), `headings: ${heads}`);
    await exportDlg.waitFor({ state: 'hidden' });

    // an app the user has no group in: the spec's refusal
    await page.goto(early);
    await page.locator('.ma-no-access').getByText('抱歉，您没有该应用的访问权限').waitFor();
  } finally {
    await context.close();
  }
});

test('the administrator edits a record (child rows tracked), is warned off a record in circulation, deletes to the recycle bin and restores', async () => {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, s.url, s);
    await page.goto(address);
    await readFirst(page);
    await waitList(page);
    await page.locator('.ma-table').getByText('示波器').waitFor();
    // a record in circulation (status 3) is not edited or deleted
    const busy = (await post(`${B}/list`, { appId, queryObj: JSON.stringify({ assetName: '投影仪' }) })).records.records[0].DEV_ASSET_ID;
    const { sql } = await import('kysely');
    await sql`update ma_000000_dev_asset set dev_asset_data_status = 3 where dev_asset_id = ${busy}`.execute(s.server.database.db as never);
    await page.locator('.ma-refresh').click();
    await rows(page).filter({ hasText: '投影仪' }).locator('.ma-status-3').waitFor();
    await rows(page).filter({ hasText: '投影仪' }).locator('.ma-row-edit').click();
    await page.locator('.ant-message').getByText('非正常状态数据不能编辑！').waitFor();
    await rows(page).filter({ hasText: '投影仪' }).locator('.ma-row-delete').click();
    await page.locator('.ant-message').getByText('非正常状态数据不能删除！').waitFor();
    await page.locator('.ma-batch-delete').click();
    await page.locator('.ant-message').getByText('请选择至少一条数据').waitFor();

    // edit by double-click: rename, remove the first child row, add one
    await rows(page).filter({ hasText: '示波器' }).locator('.ma-cell-assetName').dblclick();
    const drawer = page.locator('.ma-record-edit');
    await drawer.locator('.wf-subtable .ant-table-tbody tr.ant-table-row').nth(1).waitFor();
    assert.equal(await drawer.locator('.wf-field-note').count(), 1, 'the managers see every field');
    await drawer.locator('.wf-field-assetName input').fill('数字示波器');
    await drawer.locator('.wf-subtable .fr-row-delete').first().click();
    await drawer.locator('.wf-subtable-add').click();
    const added = drawer.locator('.wf-subtable .ant-table-tbody tr.ant-table-row').nth(1);
    await typeDate(page, added.locator('.fr-cell-repairedOn input'), '2026-07-01');
    await added.locator('.fr-cell-cost input').fill('55');
    await drawer.locator('.ma-record-save').click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await page.locator('.ma-table').getByText('数字示波器').waitFor();
    const id = (await post(`${B}/list`, { appId, queryObj: JSON.stringify({ assetName: '数字示波器' }) })).records.records[0].DEV_ASSET_ID;
    const after = await post(`${B}/detail`, { appId, id });
    assert.deepEqual(after.dev_asset_repair_dynamic.map((r: { repairedOn: string; cost: number }) => [r.repairedOn, r.cost]), [['2026-06-01', 80], ['2026-07-01', 55]]);
    const removedRows = await post(`${B}/childOneToMoreRegainList`, { appId, tableName: 'dev_asset_repair_dynamic', foreignKey: id });
    assert.deepEqual(removedRows.records.records.map((r: { cost: number }) => r.cost), [120], 'the removed row went as isDeleted 1');
    await saveShot(page, SHOTS, 'data-screen-zh');

    // copy: a new record with the same values and child rows
    await rows(page).filter({ hasText: '数字示波器' }).locator('.ma-row-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: '复制' }).click();
    const copy = page.locator('.ma-record-copy');
    await copy.locator('.wf-subtable .ant-table-tbody tr.ant-table-row').nth(1).waitFor();
    await copy.locator('.wf-field-assetName input').fill('示波器副本');
    await copy.locator('.ma-record-save').click();
    await page.locator('.ma-table').getByText('示波器副本').waitFor();
    const copied = (await post(`${B}/list`, { appId, queryObj: JSON.stringify({ assetName: '示波器副本' }) })).records.records[0].DEV_ASSET_ID;
    assert.equal((await post(`${B}/detail`, { appId, id: copied })).dev_asset_repair_dynamic.length, 2);
    assert.equal((await post(`${B}/detail`, { appId, id })).dev_asset_repair_dynamic.length, 2, 'the original keeps its rows');

    // batch edit of one field on the chosen records
    for (const name of ['示波器副本', '打印机']) await rows(page).filter({ hasText: name }).locator('.ant-checkbox-input').check();
    await page.locator('.ma-batch').click();
    const batch = page.locator('.ma-batch-dialog');
    await batch.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '价格' }).click();
    await batch.locator('.ant-input-number input').fill('999');
    await batch.locator('.ant-btn-primary').click();
    await page.locator('.ant-message').getByText('已修改 2 条数据').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.ma-table .ma-cell-price')].filter((x) => x.textContent?.includes('999')).length === 2);

    // delete it: confirm, gone from the list, in the recycle bin, restored
    await rows(page).filter({ hasText: '数字示波器' }).locator('.ma-row-delete').click();
    await page.locator('.ant-modal-confirm').getByText('此操作将永久删除该条数据, 是否继续?').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await page.locator('.ma-table').getByText('数字示波器').waitFor({ state: 'detached' });
    await page.locator('.ma-recycle-btn').click();
    const bin = page.locator('.ma-recycle');
    await bin.getByText('数字示波器').waitFor();
    await saveShot(page, SHOTS, 'recycle-zh');
    await bin.locator('tr').filter({ hasText: '数字示波器' }).getByRole('button', { name: /查\s*看/ }).click();
    await page.locator('.ma-recycle-view .ma-child-rows .ant-table-tbody tr.ant-table-row').first().waitFor();
    await page.locator('.ma-recycle-view .ant-modal-close').click();
    await bin.locator('tr').filter({ hasText: '数字示波器' }).locator('.ant-checkbox-input').check();
    await bin.locator('.ma-restore').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.locator('.ant-message').getByText('已恢复 1 条数据').waitFor();
    await bin.locator('.ant-drawer-close').click();
    await page.locator('.ma-table').getByText('数字示波器').waitFor();
    const back = (await post(`${B}/detail`, { appId, id })).dev_asset_repair_dynamic.map((r: { cost: number }) => r.cost);
    assert.deepEqual(back.sort(), [55, 80], 'its child rows came back with it, not the one removed before');

    // print: no template yet, then a list template of the app: preview of the current page
    await page.locator('.ma-print').click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '打印当前页' }).click();
    await page.locator('.ant-message').getByText('未配置打印模板').waitFor();
    await post('/api/appPrintTemplate/appPrintTemplate/submit', { appId, templateName: '设备清单', templateType: 'list', isCenter: 'Y', status: 1, templateJson: JSON.stringify({ version: 1, title: '设备清单', orientation: 'portrait', fontSize: 12, pairs: 2, rows: [], children: [], columns: [{ field: 'assetName' }, { field: 'price' }], showIndex: true, showFooter: true }) });
    await page.locator('.ma-print').click();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '打印当前页' }).click();
    const preview = page.locator('.ma-print-dialog .ma-print-preview iframe');
    await preview.waitFor();
    const doc = await preview.getAttribute('srcdoc');
    assert.ok(doc?.includes('设备清单') && doc.includes('数字示波器') && doc.includes('打印机'), 'the page\'s records in the list template');
    await saveShot(page, SHOTS, 'print-zh');
    await page.locator('.ma-print-dialog .ant-modal-close').click();

    // 模板导出: a list template of the app filled with every matching record
    const tplBook = new ExcelJS.Workbook();
    const sheet = tplBook.addWorksheet('清单');
    sheet.addRow(['设备清单']);
    sheet.addRow(['${assetName}', '${price}']);
    const fd = new FormData();
    fd.append('file', new Blob([Buffer.from(await tplBook.xlsx.writeBuffer())]), 'list.xlsx');
    const link = (await must(s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: admin, body: fd }))).link;
    await post('/api/blade-appTemplateFiles/appTemplateFiles/submit', { appId, templateName: '设备清单', templateType: 'list', fileName: 'list.xlsx', fileLink: link, status: 1 });
    await page.locator('.ma-template-export-btn').click();
    const tplDlg = page.locator('.ma-template-export');
    await tplDlg.locator('.ant-select-selection-item').filter({ hasText: '设备清单' }).waitFor();
    const filled = page.waitForEvent('download');
    await tplDlg.locator('.ant-btn-primary').click();
    const got = await filled;
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(await got.path());
    const cells = out.worksheets[0].getSheetValues().flat().map(String);
    assert.ok(cells.includes('数字示波器') && cells.includes('打印机'), `the template filled: ${cells.filter((x) => x !== 'undefined')}`);

    // the custom button
    await context.route('https://help.example.org/**', (r) => r.fulfill({ contentType: 'text/html', body: '<p>help</p>' }));
    const popup = page.waitForEvent('popup');
    await page.locator('.ma-diy').filter({ hasText: '使用帮助' }).click();
    assert.match((await popup).url(), /help\.example\.org\/devices/);

    // the import dialog: a file with a bad row lists the server's errors by row (when the import call exists)
    await page.locator('.ma-import').click();
    const dlg = page.locator('.ma-import-dialog');
    await dlg.getByText('数据导入').waitFor();
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('设备登记');
    ws.addRow(['设备名称', '价格', '购置日期']);
    ws.addRow(['', 'abc', '2026-13-40']);
    const file = join(scratchDir(), 'bad.xlsx');
    await book.xlsx.writeFile(file);
    await dlg.locator('input[type=file]').setInputFiles(file);
    await dlg.locator('.ma-import-run').click();
    await dlg.locator('.ma-import-refusal').waitFor();
    await saveShot(page, SHOTS, 'import-zh');
    await dlg.locator('.ant-modal-close').click();

    // an app not designed yet: the message and, for its managers, the way to the design screen
    await page.goto(early);
    await page.locator('.ma-design-first').getByText('您需要先设计该微应用才能管理数据').waitFor();
    assert.ok(await page.locator('.ma-design-first').getByRole('button', { name: /去\s*设\s*计/ }).isVisible());
    // the same screen inside the app's shell; there an app not designed yet sends its managers to the design screen
    await page.goto(`${s.url}/#/miniApp/home/dataManage?params=${encodeParams({ appId, appName: '设备登记' })}`);
    await readFirst(page);
    await page.locator('.ma-table').getByText('数字示波器').waitFor();
    await saveShot(page, SHOTS, 'shell-data-zh');
    await page.goto(early.replace('/webapp/myApp/', '/miniApp/home/dataManage?params='));
    await page.waitForURL(/\/miniApp\/home\/appConfigManage\?params=.*from=data/);
    await page.goto(address);
    await readFirst(page);

    if (SHOTS) {
      await setLanguage(page, 'en');
      await page.locator('.ma-preread .ma-preread-ok:not([disabled])').click({ timeout: 8000 });
      await waitList(page);
      await page.locator('.ma-table').getByText('数字示波器').waitFor();
      await saveShot(page, SHOTS, 'data-screen-en');
      await rows(page).filter({ hasText: '数字示波器' }).locator('.ma-cell-assetName').dblclick();
      await page.locator('.ma-record-edit .wf-subtable .ant-table-tbody tr.ant-table-row').nth(1).waitFor();
      await saveShot(page, SHOTS, 'record-form-en');
      await page.locator('.ma-record-edit .ant-drawer-close').click();
      await page.locator('.ma-import').click();
      await page.locator('.ma-import-dialog input[type=file]').setInputFiles(file);
      await page.locator('.ma-import-dialog .ma-import-run').click();
      await page.locator('.ma-import-dialog .ma-import-refusal').waitFor();
      await saveShot(page, SHOTS, 'import-en');
    }
  } finally {
    await context.close();
  }
});

test('an app bound to a process: a new record goes for approval (in circulation), its process opens from the row', async () => {
  const flow = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="devFlow" name="设备登记审批" isExecutable="true">
    <startEvent id="start"/><sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <userTask id="check" name="审核" flowable:assignee="1123598821738675201"/><sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
  const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'devFlow', name: '设备登记审批', xml: flow });
  await post('/api/blade-workflow/design/model/deploy', { id: model.id });
  const row = await get(`/api/appInfo/appInfo/detail?id=${appId}`);
  await post('/api/appInfo/appInfo/update', { id: appId, appName: row.appName, modelId: row.modelId, appStatus: 1, formOption: row.formOption, processDefKey: 'devFlow' });
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, s.url, s, 'user', 'user');
    await page.goto(address);
    await readFirst(page);
    await waitList(page);
    await page.locator('.ma-add').click();
    const drawer = page.locator('.ma-record-drawer');
    await drawer.locator('.wf-field-assetName input').fill('万用表');
    await drawer.locator('.wf-subtable-add').click();
    await typeDate(page, drawer.locator('.wf-subtable .fr-cell-repairedOn input'), '2026-08-01');
    assert.match(await drawer.locator('.ma-record-save').innerText(), /保存并提交审批/);
    await drawer.locator('.ma-record-save').click();
    await page.locator('.ant-message').getByText('已提交审批，数据进入流转中').waitFor();
    const line = rows(page).filter({ hasText: '万用表' });
    await line.locator('.ma-status-3').waitFor();
    await line.locator('.ma-row-more').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: '查看流程' }).click();
    await page.waitForURL(/#\/workflow\/process\/detail\//);
    await page.getByText('设备登记审批').first().waitFor();
  } finally {
    await context.close();
  }
});
