// Issue 15's "done means", end to end in a real browser. The administrator (a designer) makes an app
// in 应用管理, opens its shell, designs in 应用设计 a main model (申请事由 searchable text, 金额 a
// number, 内部意见 a text the user will not see) with a one-to-many child model (物品名称, 数量), creates
// the tables, saves the form seeded from the model, binds a two-step process (deployed through the API
// here: 初审 the administrator, 复审 王科长) and publishes; designs a list print template; in 权限管理
// grants the ordinary user (user/user) add, view and print with 内部意见 hidden. The user adds a
// record with two child rows on /webapp/myApp/{params}: it goes into circulation (status 3); the
// administrator approves 初审 in 我的待办 and writes 内部意见 (written back to the record), 王科长
// approves 复审 through the API; the record is back in status 1. The user never meets 内部意见: not in
// the table, the form, the detail, nor in any answer the page received. The user exports to Excel
// (no hidden column, the record and its two child rows), imports that file again (one more record,
// two more child rows), prints the current page with the template. The administrator finds the add,
// the process's write-back and status change, and the import in 审计日志 and 数据采集日志.
// MA_JOURNEY_SHOTS=/some/dir saves the design screen, the data screen and the print preview in zh and en.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page, Response } from 'playwright-core';
import { addPeople, saveShot, setLanguage, suite } from './browser.ts';
import { openFrom, success, toast } from './workflow-pages.ts';
import { encodeParams } from '../src/pages/miniApp/params.ts';

// the files a test writes (an .xlsx to upload or a download), removed when the file's tests end
const scratch: string[] = [];
const scratchDir = (): string => { const d = mkdtempSync(join(tmpdir(), 'ma-journey-')); scratch.push(d); return d; };
after(() => { for (const d of scratch) rmSync(d, { recursive: true, force: true }); });

const SHOTS = process.env.MA_JOURNEY_SHOTS;
const B = '/api/appBizData/appBizData';
const W = '/api/blade-workflow/process';
const ADMIN_ID = '1123598821738675201';
/** what only the managers may see: the hidden field's name, label and the value the approver writes */
const HIDDEN = { prop: 'innerNote', label: '内部意见', value: 'J内部评估-机密' };

const s = suite();
let bossId = '';
before(async () => {
  await s.open();
  ({ jboss: bossId } = await addPeople(s.server, [['jboss', '王科长']]));
  // the two-step process the designer binds: 初审 the administrator (who writes 内部意见), 复审 王科长
  const admin = (await s.server.login()).access_token as string;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="jPurchaseFlow" name="J采购审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
    <userTask id="first" name="初审" flowable:assignee="${ADMIN_ID}">
      <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"subject":"read","amount":"read","${HIDDEN.prop}":"write"}'/></flowable:properties></extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
    <userTask id="second" name="复审" flowable:assignee="${bossId}"/>
    <sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
  const model = await must(s.server.api('/api/blade-workflow/design/model/submit', { method: 'POST', token: admin, json: { modelKey: 'jPurchaseFlow', name: 'J采购审批', xml } }));
  await must(s.server.api('/api/blade-workflow/design/model/deploy', { method: 'POST', token: admin, json: { id: model.id } }));
});
after(() => s.close());

async function must(r: Promise<{ status: number; body: any }>) {
  const x = await r;
  assert.equal(x.status, 200, JSON.stringify(x.body));
  return x.body.data;
}
const shot = (page: Page, name: string, height = 900) => saveShot(page, SHOTS, `journey-${name}`, height);
/** A sidebar entry of the shell (a collapsed group keeps a hidden copy of its entries: the visible one). */
const entry = (page: Page, text: string) => page.locator('.mini-sider-menu li.ant-menu-item:visible').filter({ hasText: new RegExp(`^${text}$`) });
const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text });
const rows = (page: Page) => page.locator('.ma-table .ant-table-tbody tr.ant-table-row');

/** Fills the last row of a field grid of 应用设计. */
async function fieldRow(page: Page, grid: string, v: { name: string; label: string; en: string; type?: string; required?: boolean; searchable?: boolean }) {
  const all = page.locator(`${grid} .ant-table-tbody tr.ant-table-row`);
  // (the add button waits for the grid's stored fields: a click before them would be lost)
  await page.locator(`${grid} .ma-f-add:not([disabled])`).waitFor();
  const before = await all.count();
  await page.locator(`${grid} .ma-f-add`).click();
  await all.nth(before).waitFor();
  const row = all.last();
  await row.locator('.ma-f-name').fill(v.name);
  await row.locator('.ma-f-label').fill(v.label);
  await row.locator('.ma-f-label-en').fill(v.en);
  if (v.type) {
    await row.locator('.ma-f-type').click();
    await option(page, new RegExp(`^${v.type}$`)).click();
  }
  if (v.required) await row.locator('.ma-f-required input').check();
  if (v.searchable) await row.locator('.ma-f-searchable input').check();
}

/** Pages of this test: on a failure each is saved as a screenshot (MA_JOURNEY_SHOTS) to show where it stood. */
const seen: Page[] = [];
const watch = (page: Page) => {
  seen.push(page);
  page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url().replace(s.server.url, '').slice(0, 120)); });
  return page;
};

test('a designer builds an app with a process and rights; the user adds, is approved, exports, imports and prints; the logs show it', async () => {
  try {
    await journey();
  } catch (e) {
    for (const [i, p] of seen.entries()) await saveShot(p, SHOTS, `failed-${i}`).catch(() => undefined);
    throw e;
  }
});

async function journey() {
  const server = s.server;
  const admin = watch(await s.signedIn('admin', 'admin'));
  const adminToken = (await server.login()).access_token as string;

  // ---- 应用管理: the app -------------------------------------------------------------------------
  await admin.goto(`${server.url}/#/webapp/appManage`);
  const manage = admin.getByTestId('mini-app-manage');
  await manage.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  const appForm = modal(admin, '新增微应用');
  await appForm.locator('#appName').fill('J采购申请');
  await appForm.locator('#appDesc').fill('办公用品采购申请与审批');
  await appForm.getByRole('button', { name: /保\s*存/ }).click();
  await appForm.waitFor({ state: 'hidden' });
  await manage.locator('.ant-table-row', { hasText: 'J采购申请' }).waitFor();
  const app = (await must(server.api('/api/appInfo/appInfo/list?appName_like=J采购申请', { token: adminToken }))).records[0] as { id: string; createUser: string };
  const appId = String(app.id);
  const params = encodeParams({ appId, appName: 'J采购申请', createUser: String(app.createUser ?? '') });

  // ---- the shell (管理 opens it in a window of its own: here the same address in this page) --------
  await admin.goto(`${server.url}/#/miniApp/home/index/${params}`);
  await admin.getByTestId('mini-shell').waitFor();
  await entry(admin, '应用设计').click();
  await admin.waitForURL(/appConfigManage/);

  // 应用设计 · the main model and its fields
  await admin.locator('#ma-new-model-table').fill('jpurchase');
  await admin.locator('.ma-model-create').click();
  await admin.locator('.ma-main-model .ma-table-status-0').waitFor();
  const main = '.ma-main-model .ma-field-grid';
  // (a field added while the grid still loads its stored fields would be dropped when they arrive)
  await admin.locator(main).getByText('暂无字段，点击“添加字段”开始').waitFor();
  await fieldRow(admin, main, { name: 'subject', label: '申请事由', en: 'Subject', required: true, searchable: true });
  await fieldRow(admin, main, { name: 'amount', label: '金额', en: 'Amount', type: '小数' });
  await fieldRow(admin, main, { name: HIDDEN.prop, label: HIDDEN.label, en: 'Internal note' });
  await admin.locator(`${main} .ma-f-save`).click();
  await toast(admin, '字段已保存');
  // saved once the grid has the stored fields again (else 创建数据表 asks to save first)
  await admin.locator(`${main} .ma-f-save[disabled]`).waitFor();
  // the one-to-many child model
  await admin.locator('.ma-add-child').click();
  await admin.locator('#ma-model-name').fill('采购明细');
  await admin.locator('#ma-model-table').fill('jpurchase_item');
  await admin.locator('.ant-modal-footer .ant-btn-primary').last().click();
  const child = '.ma-child-model[data-table="jpurchase_item"] .ma-field-grid';
  await admin.locator(child).getByText('暂无字段，点击“添加字段”开始').waitFor();
  await fieldRow(admin, child, { name: 'itemName', label: '物品名称', en: 'Item', required: true });
  await fieldRow(admin, child, { name: 'qty', label: '数量', en: 'Quantity', type: '整数' });
  await admin.locator(`${child} .ma-f-save`).click();
  await toast(admin, '字段已保存');
  await admin.locator(`${child} .ma-f-save[disabled]`).waitFor();
  // the tables
  await admin.locator('.ma-create-table').click();
  const made = modal(admin, '建表结果');
  await made.getByText('ma_000000_jpurchase', { exact: true }).waitFor();
  await made.getByText('ma_000000_jpurchase_item_dynamic', { exact: true }).waitFor();
  await made.locator('.ant-btn-primary').click();
  await admin.locator('.ma-main-model .ma-table-status-1').waitFor();
  await admin.locator('.ma-child-model .ma-table-status-1').waitFor();
  await shot(admin, 'design-zh', 1100);
  // the form, seeded from the model with the child model as a sub-table
  await admin.locator('.ma-design-steps .ant-steps-item').nth(1).click();
  await admin.locator('.ma-form-design').getByText('采购明细').first().waitFor();
  await admin.locator('.ma-form-save').click();
  await toast(admin, '表单已保存');
  // basics: the process, published
  await admin.locator('.ma-design-steps .ant-steps-item').nth(2).click();
  await admin.locator('.ma-app-process').click();
  await option(admin, 'jPurchaseFlow').click();
  await admin.locator('.ma-app-published').click();
  await admin.locator('.ma-basics-save').click();
  await toast(admin, '保存成功');
  await admin.locator('.ma-design-head').getByText('已发布').waitFor();
  const saved = await must(server.api(`/api/appInfo/appInfo/detail?id=${appId}`, { token: adminToken }));
  assert.equal(saved.processDefKey, 'jPurchaseFlow');
  assert.equal(Number(saved.appStatus), 1);
  assert.deepEqual((JSON.parse(String(saved.formOption)) as { column: { prop: string }[] }).column.map((c) => c.prop), ['subject', 'amount', HIDDEN.prop, 'jpurchase_item_dynamic']);

  // ---- 打印模板: a list template --------------------------------------------------------------------
  await entry(admin, '打印模板').click();
  await admin.locator('.ma-print-add:not([disabled])').click();
  await admin.locator('#ma-print-new-name').fill('采购清单');
  await modal(admin, '新增打印模板').getByText('列表', { exact: true }).click();
  await admin.locator('.ant-modal-footer .ant-btn-primary').last().click();
  await admin.locator('.ma-print-designer').waitFor();
  await admin.locator('.ma-print-save').click();
  await toast(admin, '保存成功');
  await admin.locator('.ma-print-templates .ant-table-row').filter({ hasText: '采购清单' }).waitFor();

  // ---- 权限管理: the user may add, view and print; 内部意见 hidden ----------------------------------
  await entry(admin, '权限管理').click();
  const auth = admin.getByTestId('mini-auth');
  await auth.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  const groupForm = modal(admin, '新增权限组');
  await groupForm.locator('#permissionName').fill('申请人');
  await groupForm.locator('#roleIds').click();
  await admin.locator('.ant-select-tree-node-content-wrapper', { hasText: '普通用户' }).click();
  await groupForm.locator('.ant-modal-title').click();
  for (const op of ['新增', '打印']) await groupForm.locator('.ant-checkbox-wrapper').filter({ hasText: new RegExp(`^${op}$`) }).click();
  await groupForm.getByRole('button', { name: /保\s*存/ }).click();
  await groupForm.waitFor({ state: 'hidden' });
  const groupRow = auth.locator('.ant-table-row', { hasText: '申请人' });
  await groupRow.getByRole('button', { name: '字段权限' }).click();
  const rights = admin.locator('.ant-drawer').filter({ hasText: '申请人' });
  await rights.getByRole('switch', { name: `${HIDDEN.prop}-hide` }).click();
  await rights.getByRole('switch', { name: `${HIDDEN.prop}-hide` }).and(admin.locator('.ant-switch-checked')).waitFor();
  await admin.getByTestId('mini-auth-fields-save').click();
  await rights.waitFor({ state: 'hidden' });
  const group = (await must(server.api(`/api/appPermission/appPermission/list?appId=${appId}`, { token: adminToken }))).records[0];
  assert.deepEqual(String(group.operates).split(',').sort(), ['add', 'print', 'view']);

  // ---- the user: a record with two child rows goes into circulation --------------------------------
  const user = watch(await s.signedIn('user', 'user'));
  const answers: { url: string; text: string }[] = [];
  const keep = async (r: Response) => {
    if (!r.url().includes('/api/') || !(r.headers()['content-type'] ?? '').includes('json')) return;
    answers.push({ url: r.url(), text: await r.text().catch(() => '') });
  };
  user.on('response', (r) => void keep(r));
  await user.goto(`${server.url}/#/webapp/myApp/${params}`);
  await user.locator('.ma-table').waitFor();
  assert.equal(await user.locator('.ma-table th').filter({ hasText: HIDDEN.label }).count(), 0, 'no column of the hidden field');
  await user.locator('.ma-add').click();
  const drawer = user.locator('.ma-record-drawer');
  await drawer.locator('.wf-field-subject input').fill('采购打印纸');
  assert.equal(await drawer.locator(`.wf-field-${HIDDEN.prop}`).count(), 0, 'the hidden field is not in the form');
  await drawer.locator('.wf-field-amount input').fill('360.5');
  await drawer.locator('.wf-subtable-add').click();
  await drawer.locator('.wf-subtable-add').click();
  const lines = drawer.locator('.wf-subtable .ant-table-tbody tr.ant-table-row');
  await lines.nth(0).locator('.fr-cell-itemName input').fill('A4 打印纸');
  await lines.nth(0).locator('.fr-cell-qty input').fill('10');
  await lines.nth(1).locator('.fr-cell-itemName input').fill('订书钉');
  await lines.nth(1).locator('.fr-cell-qty input').fill('4');
  assert.match(await drawer.locator('.ma-record-save').innerText(), /保存并提交审批/);
  await drawer.locator('.ma-record-save').click();
  await toast(user, '已提交审批，数据进入流转中');
  await drawer.waitFor({ state: 'hidden' });
  await rows(user).filter({ hasText: '采购打印纸' }).locator('.ma-status-3').waitFor();
  const mine = (await must(server.api(`${B}/list`, { method: 'POST', token: adminToken, json: { appId } }))).records.records as Record<string, unknown>[];
  assert.equal(mine.length, 1);
  const recordId = String(mine[0].JPURCHASE_ID);

  // ---- 初审: the administrator in 我的待办, writing 内部意见; 复审: 王科长 through the API ---------------
  const detail = await openFrom(admin, server.url, 'todo', 'J采购审批');
  assert.equal(await detail.locator('.wf-field-subject input').inputValue(), '采购打印纸');
  await detail.locator(`.wf-field-${HIDDEN.prop} input`).fill(HIDDEN.value);
  await admin.locator('#wf-comment').fill('同意');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(admin, '办理成功', /#\/workflow\/process\/todo$/);
  const boss = (await server.login('jboss', 'user')).access_token as string;
  const todo = (await must(server.api(`${W}/todoList?size=50&processDefKey=jPurchaseFlow`, { token: boss }))).records as { taskId: string }[];
  assert.equal(todo.length, 1, '复审 waits for 王科长');
  await must(server.api(`${W}/completeTask`, { method: 'POST', token: boss, json: { taskId: todo[0].taskId, pass: true, comment: '同意采购' } }));
  const approved = await must(server.api(`${B}/detail`, { method: 'POST', token: adminToken, json: { appId, id: recordId } }));
  assert.equal(approved[HIDDEN.prop], HIDDEN.value, 'the approver\'s change was written back');

  // ---- the user: back in status 1; the hidden field nowhere -----------------------------------------
  // (the process's end reaches the record just after 复审 is answered: refreshed until it shows)
  const line = rows(user).filter({ hasText: '采购打印纸' });
  for (let i = 0; ; i++) {
    await user.locator('.ma-refresh').click();
    if (await line.locator('.ma-status-1').waitFor({ timeout: 3000 }).then(() => true, () => false)) break;
    if (i === 10) throw new Error('the record did not return to status 1');
  }
  await line.locator('.ma-row-view').click();
  const view = user.locator('.ma-record-view');
  await view.locator('.wf-field-subject').waitFor();
  await view.locator('.ma-child-rows .ant-table-tbody tr.ant-table-row').nth(1).waitFor();
  for (const item of ['A4 打印纸', '订书钉']) await view.locator('.ma-child-rows').getByText(item, { exact: true }).waitFor();
  assert.equal(await view.locator(`.wf-field-${HIDDEN.prop}`).count(), 0, 'the hidden field is not in the detail');
  assert.equal(await view.getByText(HIDDEN.value).count(), 0);
  await shot(user, 'record-zh');
  await view.locator('.ant-drawer-close').click();
  await view.waitFor({ state: 'hidden' });
  await shot(user, 'data-zh');
  const userToken = (await server.login('user', 'user')).access_token as string;
  const direct = [
    await must(server.api(`${B}/list`, { method: 'POST', token: userToken, json: { appId } })),
    await must(server.api(`${B}/detail`, { method: 'POST', token: userToken, json: { appId, id: recordId } })),
  ];
  // the process the user started shows them the app's form as they may see it (its diagram, the
  // BPMN text, names the field in the first step's rights: no value there)
  assert.ok(approved.processInstanceId, 'the record names its process');
  const flow = await must(server.api(`${W}/detail?processInsId=${approved.processInstanceId}`, { token: userToken }));
  assert.equal(flow.form?.formKey, `miniapp_${appId}`);
  assert.ok(!JSON.stringify(flow).includes(HIDDEN.value), 'the process detail holds the hidden value');
  assert.ok(!JSON.stringify(flow.form).includes(HIDDEN.prop), `the process form names the hidden field: ${JSON.stringify(flow.form).slice(0, 400)}`);
  const around = (text: string, what: string) => [...text.matchAll(new RegExp(what, 'g'))].map((m) => text.slice(Math.max(0, m.index - 150), m.index + 80)).join(' … ');
  for (const d of direct) {
    const text = JSON.stringify(d);
    assert.ok(!text.includes(HIDDEN.prop) && !text.includes(HIDDEN.value), `a direct answer holds the hidden field: ${around(text, HIDDEN.prop)} ${around(text, HIDDEN.value)}`);
  }

  // ---- 导出 → Excel without the hidden column; 导入 it again -------------------------------------------
  await user.locator('.ma-export').click();
  const exportDlg = user.locator('.ma-export-dialog');
  await exportDlg.getByText('全部符合条件的数据（1 条）').waitFor();
  const [download] = await Promise.all([user.waitForEvent('download'), exportDlg.locator('.ant-btn-primary').click()]);
  assert.equal(download.suggestedFilename(), '数据导出.xlsx');
  const file = join(scratchDir(), '数据导出.xlsx');
  await download.saveAs(file);
  await exportDlg.waitFor({ state: 'hidden' });
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheetText = (i: number) => book.worksheets[i].getSheetValues().flat().filter((v) => v !== undefined && v !== null).map(String);
  const heads = (book.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String);
  assert.ok(heads.includes('申请事由') && heads.includes('金额'), `headings: ${heads}`);
  assert.ok(!heads.includes(HIDDEN.label), `no hidden column: ${heads}`);
  assert.equal(book.worksheets[0].actualRowCount, 2, 'the heading and the record');
  assert.ok(sheetText(0).includes('采购打印纸'));
  assert.ok(!sheetText(0).includes(HIDDEN.value));
  assert.equal(book.worksheets.length, 2, 'a sheet for the child model');
  assert.equal(book.worksheets[1].actualRowCount, 3, 'the heading and the two child rows');
  assert.ok(sheetText(1).includes('A4 打印纸') && sheetText(1).includes('订书钉'));

  await user.locator('.ma-import').click();
  const importDlg = user.locator('.ma-import-dialog');
  await importDlg.locator('input[type=file]').setInputFiles(file);
  await importDlg.locator('.ma-import-run').click();
  await importDlg.getByText('导入成功：主表 1 条，子表 2 条').first().waitFor();
  await importDlg.locator('.ant-modal-footer .ant-btn-primary').click();
  await importDlg.waitFor({ state: 'hidden' });
  await user.waitForFunction(() => document.querySelectorAll('.ma-table tr.ant-table-row').length === 2);
  const all = (await must(server.api(`${B}/list`, { method: 'POST', token: adminToken, json: { appId } }))).records.records as Record<string, unknown>[];
  assert.equal(all.length, 2);
  const copy = all.find((r) => String(r.JPURCHASE_ID) !== recordId)!;
  assert.equal(copy.subject, '采购打印纸');
  assert.equal(Number(copy.JPURCHASE_DATA_STATUS), 1, 'an imported record is in status 1');
  const copied = await must(server.api(`${B}/detail`, { method: 'POST', token: adminToken, json: { appId, id: String(copy.JPURCHASE_ID) } }));
  assert.deepEqual((copied.jpurchase_item_dynamic as { itemName: string; qty: number }[]).map((r) => [r.itemName, Number(r.qty)]).sort(), [['A4 打印纸', 10], ['订书钉', 4]]);
  assert.ok(!copied[HIDDEN.prop], 'the import does not invent the hidden value');

  // ---- 打印当前页 with the template -------------------------------------------------------------------
  await user.locator('.ma-print').click();
  await user.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: '打印当前页' }).click();
  const preview = user.locator('.ma-print-dialog .ma-print-preview iframe');
  await preview.waitFor();
  const doc = String(await preview.getAttribute('srcdoc'));
  assert.ok(doc.includes('采购打印纸') && doc.includes('360.5'), 'the records of the page in the template');
  assert.ok(!doc.includes(HIDDEN.value) && !doc.includes(HIDDEN.label), 'no hidden field printed');
  await shot(user, 'print-zh');
  await user.locator('.ma-print-dialog .ant-modal-close').click();

  // every answer the user's pages received: never the hidden field or its value
  assert.ok(answers.length > 5, `answers seen: ${answers.length}`);
  // (the reader's rights, queryAppPermissionInfo, say of the field only that it is hidden to them)
  const path = (url: string) => url.replace(server.url, '').split('?')[0];
  const holding = answers.filter((a) => a.text.includes(HIDDEN.value)).map((a) => path(a.url));
  assert.deepEqual(holding, [], 'answers holding the hidden value');
  const naming = answers.filter((a) => a.text.includes(`"${HIDDEN.prop}"`) || a.text.includes(HIDDEN.label)).map((a) => path(a.url));
  assert.deepEqual(naming, [], 'answers naming the hidden field');
  assert.ok(answers.some((a) => a.url.includes('/queryAppPermissionInfo')), 'the page asked for its rights');
  assert.ok(answers.some((a) => a.url.includes(`${B}/list`)) && answers.some((a) => a.url.includes(`${B}/detail`)), answers.map((a) => path(a.url)).join(' '));

  // ---- the logs: 审计日志 and 数据采集日志 --------------------------------------------------------------
  await admin.goto(`${server.url}/#/miniApp/home/auditLog?params=${params}`);
  const audit = admin.locator('.ant-pro-table .ant-table-tbody tr.ant-table-row');
  const auditRow = (...texts: (string | RegExp)[]) => texts.reduce((l, x) => l.filter({ hasText: x }), audit);
  // the add (and the import) by the user, the write-back by the approver, the status change by the process
  await auditRow('数据管理', 'workflow', '修改').first().waitFor();
  assert.ok((await auditRow('数据管理', 'user', '新增').count()) >= 2, 'the add and the import');
  assert.ok((await auditRow('数据管理', 'admin', '修改').count()) >= 1, 'the approver\'s write-back');
  await auditRow('数据管理', 'workflow', '修改').first().getByRole('button', { name: /^查\s*看$/ }).click();
  assert.match(await admin.getByTestId('mini-json-right').innerText(), /"JPURCHASE_DATA_STATUS": 1/);
  await admin.locator('.ant-drawer-close').click();
  await auditRow('数据管理', 'user', '新增').first().getByRole('button', { name: /^查\s*看$/ }).click();
  assert.match(await admin.getByTestId('mini-json-right').innerText(), /数据导出\.xlsx/, 'the newest add is the import');
  await admin.locator('.ant-drawer-close').click();

  await entry(admin, '数据采集日志').click();
  const collect = admin.locator('.ant-pro-table .ant-table-tbody tr.ant-table-row');
  const collectRow = (...texts: string[]) => texts.reduce((l, x) => l.filter({ hasText: x }), collect);
  await collectRow('流程', '修改', '主表').first().waitFor();
  await collectRow('应用', '新增', '主表').first().waitFor();
  await collectRow('应用', '新增', '一对多').first().waitFor();
  // all of them (the list pages by 10): the add with its two child rows, the import, the write-back
  const logged = (await must(server.api(`/api/blade-changeRecord/change_record/list?appId=${appId}&size=100`, { token: adminToken }))).records as { source: string; method: string; type: string }[];
  const count = (source: string, method: string, type: string) => logged.filter((r) => r.source === source && r.method === method && r.type === type).length;
  assert.equal(count('app', 'insert', 'main'), 2, JSON.stringify(logged));
  assert.ok(count('app', 'insert', 'more') >= 2, JSON.stringify(logged));
  assert.ok(count('flow', 'update', 'main') >= 1, JSON.stringify(logged));
  await collectRow('流程', '修改', '主表').first().getByRole('button', { name: /^查\s*看$/ }).click();
  assert.match(await admin.getByTestId('mini-json-right').innerText(), new RegExp(HIDDEN.value));
  await admin.locator('.ant-drawer-close').click();

  if (SHOTS) {
    await setLanguage(admin, 'en');
    await admin.goto(`${server.url}/#/miniApp/home/appConfigManage?params=${params}&step=model`);
    await admin.locator('.ma-main-model').getByText('Table created').first().waitFor();
    await shot(admin, 'design-en', 1100);
    await setLanguage(user, 'en');
    await rows(user).nth(1).waitFor();
    await shot(user, 'data-en');
    await user.locator('.ma-print').click();
    await user.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: /current page/i }).click();
    await user.locator('.ma-print-dialog .ma-print-preview iframe').waitFor();
    await shot(user, 'print-en');
  }
}
