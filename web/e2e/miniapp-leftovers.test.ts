// Issue 15's leftovers on the data screen (001 §2.2, §2.7, §4) in a real browser, and the printout
// of option fields: /webapp/myApp/{params} opens in a tab titled with the app's name (from the
// params), not 微应用; a one-to-one child table offers one row and no second (its add button goes
// once it has one), a one-to-many one as many as wanted; a child model's English name labels its
// sub-table for an English reader; a printout shows an option field's label, also when its options
// come from a dictionary address (dicUrl); a record of an app whose bound process lets its initiator
// choose an approver (发起人自选) asks for that person when it is added and when it is sent (提交流程).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { saveShot, setLanguage, suite } from './browser.ts';
import { pick } from './workflow-pages.ts';
import { encodeParams } from '../src/pages/miniApp/params.ts';
import { cellHtml, lookupNeeds } from '../src/pages/miniApp/print/template.ts';

// MA_LEFT_SHOTS=<dir> saves screenshots of the drawer and the 提交审批 dialog asking for the approver.
const SHOTS = process.env.MA_LEFT_SHOTS;
const s = suite();
const B = '/api/appBizData/appBizData';
let admin: string;
let address = '';
let pickAddress = '';
let pickAppId = '';

/** start → 指定审批 (the approver the initiator chooses) → end. */
const PICK_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="test">
  <process id="dormRepair" name="报修审批" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="pick"/>
    <userTask id="pick" name="指定审批" flowable:assignee="\${customUserTask_pick}"/>
    <sequenceFlow id="f2" sourceRef="pick" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;

const must = async (r: Promise<{ status: number; body: any }>) => {
  const x = await r;
  assert.equal(x.status, 200, JSON.stringify(x.body));
  return x.body.data;
};
const post = (path: string, json: unknown) => must(s.server.api(path, { method: 'POST', token: admin, json }));

before(async () => {
  await s.open();
  admin = (await s.server.login()).access_token;
  const main = (await post('/api/blade-model/model/submit', { modelName: '宿舍登记', modelTable: 'dorm_reg' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: main, items: [{ fieldName: 'roomNo', fieldLabel: '房间号', fieldLabelEn: 'Room', fieldType: 'string', required: 1, sort: 1 }] });
  const card = (await post('/api/blade-model/model/submit', { modelName: '门禁卡', modelNameEn: 'Access card', modelTable: 'dorm_card', parentId: main, relation: 'one' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: card, items: [{ fieldName: 'cardNo', fieldLabel: '卡号', fieldLabelEn: 'Card number', fieldType: 'string', sort: 1 }] });
  const mates = (await post('/api/blade-model/model/submit', { modelName: '住宿人员', modelNameEn: 'Residents', modelTable: 'dorm_mate', parentId: main, relation: 'more' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: mates, items: [{ fieldName: 'mateName', fieldLabel: '姓名', fieldLabelEn: 'Name', fieldType: 'string', sort: 1 }] });
  await must(s.server.api(`/api/blade-model/model/createTable?modelIds=${main},${card},${mates}`, { token: admin }));
  const appId = (await post('/api/appInfo/appInfo/submit', { appName: '宿舍登记', modelId: main, appStatus: 1 })).id;
  address = `${s.server.url}/#/webapp/myApp/${encodeParams({ appId, appName: '宿舍登记', createUser: '' })}`;
  await post(`${B}/saveBizData`, { appId, data: { roomNo: 'A101' } });

  // 报修: a record made before the app was bound to its process, then the process bound
  const repair = (await post('/api/blade-model/model/submit', { modelName: '宿舍报修', modelTable: 'dorm_repair' })).id;
  await post('/api/blade-model/model/submit-list', { modelId: repair, items: [{ fieldName: 'issue', fieldLabel: '报修事项', fieldType: 'string', required: 1, sort: 1 }] });
  await must(s.server.api(`/api/blade-model/model/createTable?modelIds=${repair}`, { token: admin }));
  pickAppId = (await post('/api/appInfo/appInfo/submit', { appName: '宿舍报修', modelId: repair, appStatus: 1 })).id;
  await post(`${B}/saveBizData`, { appId: pickAppId, data: { issue: '水龙头漏水' } });
  const model = await post('/api/blade-workflow/design/model/submit', { modelKey: 'dormRepair', name: '报修审批', xml: PICK_XML });
  await post('/api/blade-workflow/design/model/deploy', { id: model.id });
  await post('/api/appInfo/appInfo/update', { id: pickAppId, appName: '宿舍报修', modelId: repair, appStatus: 1, processDefKey: 'dormRepair' });
  pickAddress = `${s.server.url}/#/webapp/myApp/${encodeParams({ appId: pickAppId, appName: '宿舍报修', createUser: '' })}`;
});
after(() => s.close());

const drawer = (page: Page) => page.locator('.ma-record-drawer');

test('the data screen\'s tab carries the app\'s name; a one-to-one child table takes one row, a one-to-many one more', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(address);
  await page.locator('.ma-table').getByText('A101').waitFor();
  const active = page.locator('.tag-bar .ant-tabs-tab-active .tag-label');
  await active.getByText('宿舍登记', { exact: true }).waitFor();
  assert.match(await page.title(), /^宿舍登记 - /);
  assert.equal(await page.locator('.tag-bar .tag-label').filter({ hasText: /^微应用$/ }).count(), 0, 'not the screen\'s generic title');

  await page.locator('.ma-add').click();
  await drawer(page).locator('.wf-field-roomNo input').waitFor();
  const card = drawer(page).locator('.wf-field-dorm_card_dynamic');
  const mates = drawer(page).locator('.wf-field-dorm_mate_dynamic');
  await card.locator('.wf-subtable-add').click();
  await card.locator('.fr-cell-cardNo input').waitFor();
  assert.equal(await card.locator('.wf-subtable-add').count(), 0, 'one row: no second to add');
  for (let i = 0; i < 2; i++) await mates.locator('.wf-subtable-add').click();
  assert.equal(await mates.locator('.ant-table-tbody tr.ant-table-row').count(), 2);
  assert.equal(await mates.locator('.wf-subtable-add').count(), 1, 'one to many: more may be added');
  // its row removed, the one-to-one table offers its row again
  await card.locator('.fr-row-delete').click();
  await card.locator('.wf-subtable-add').waitFor();
  await card.locator('.wf-subtable-add').click();
  await card.locator('.fr-cell-cardNo input').fill('K-9');
  await drawer(page).locator('.wf-field-roomNo input').fill('B202');
  await mates.locator('.ant-table-tbody tr.ant-table-row').nth(0).locator('.fr-cell-mateName input').fill('张三');
  await mates.locator('.ant-table-tbody tr.ant-table-row').nth(1).locator('.fr-cell-mateName input').fill('李四');
  await drawer(page).locator('.ma-record-save').click();
  await drawer(page).waitFor({ state: 'hidden' });
  await page.locator('.ma-table').getByText('B202').waitFor();
});

test('in English the sub-tables are labelled with the child models\' English names', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(address);
  await setLanguage(page, 'en');
  await page.locator('.ma-table').getByText('A101').waitFor();
  await page.locator('.tag-bar .ant-tabs-tab-active .tag-label').getByText('宿舍登记', { exact: true }).waitFor();
  await page.locator('.ma-add').click();
  await drawer(page).locator('.wf-field-roomNo input').waitFor();
  const labels = (await drawer(page).locator('.ant-form-item-label').allInnerTexts()).map((x) => x.trim());
  assert.ok(labels.includes('Access card') && labels.includes('Residents'), JSON.stringify(labels));
  assert.ok(!labels.includes('门禁卡'), JSON.stringify(labels));
  await setLanguage(page, 'zh');
});

test('a printout shows an option field\'s label whether its options come from a dictionary code or a dictionary address', () => {
  const url = '/api/blade-system/dict-biz/dictionary?code=club_grade';
  const columns = [
    { prop: 'grade', label: '级别', type: 'select', dicUrl: url },
    { prop: 'sex', label: '性别', type: 'radio', dicCode: 'sex' },
    { prop: 'tags', label: '标签', type: 'checkbox', dicData: [{ label: '甲', value: 'a' }] },
  ];
  const records = [{ grade: 'college', sex: '1', tags: 'a' }];
  assert.deepEqual(lookupNeeds(columns, records).dicts.sort(), [url, 'sex'].sort(), 'the address is looked up as the code is');
  const lookups = { dicts: { [url]: [{ label: '院级', value: 'college' }], sex: [{ label: '男', value: '1' }] }, users: {}, depts: {} };
  assert.equal(cellHtml(columns[0], 'college', lookups), '院级');
  assert.equal(cellHtml(columns[1], '1', lookups), '男');
  assert.equal(cellHtml(columns[2], 'a', lookups), '甲');
  // an address not looked up (it failed): the stored value, escaped
  assert.equal(cellHtml(columns[0], '<b>', { dicts: {}, users: {}, depts: {} }), '&#60;b&#62;');
});

test('an app whose process lets the initiator choose the approver asks for that person when a record is added and when one is sent (提交审批); the chosen one gets the task', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(pickAddress);
  await page.locator('.ma-table').getByText('水龙头漏水').waitFor();
  const records = async () => (await must(s.server.api(`${B}/list`, { method: 'POST', token: admin, json: { appId: pickAppId, current: 1, size: 20 } }))).records.records as Record<string, unknown>[];
  const todo = async () => {
    const user = (await s.server.login('user', 'user')).access_token;
    return (await must(s.server.api('/api/blade-workflow/process/todoList?size=50&processDefKey=dormRepair', { token: user }))).records as { processInstanceId: string }[];
  };
  const error = (text: string) => page.locator('.ant-message-error').getByText(text).first().waitFor();

  // a new record: the drawer asks; without the person it does not go
  await page.locator('.ma-add').click();
  await drawer(page).locator('.wf-field-issue input').fill('灯管不亮');
  await drawer(page).locator('.wf-custom-user-task').getByText('指定审批').waitFor();
  await drawer(page).locator('.ma-record-save').click();
  await error('请为「指定审批」选择审批人');
  assert.equal((await records()).length, 1, 'nothing saved');
  await pick(page, '.ma-record-drawer .wf-custom-task-pick .wf-pick-people', ['user']);
  await saveShot(page, SHOTS, 'start-people-drawer-zh', 900);
  await drawer(page).locator('.ma-record-save').click();
  await drawer(page).waitFor({ state: 'hidden' });
  await page.locator('.ma-table').getByText('灯管不亮').waitFor();
  const added = (await records()).find((r) => r.issue === '灯管不亮')!;
  assert.equal(added.DORM_REPAIR_DATA_STATUS, 3, 'in circulation');
  assert.equal((await todo()).length, 1, 'the chosen approver has its task');

  // the older record, sent from its row: the dialog (提交审批) asks the same
  const row = page.locator('.ma-table .ant-table-row').filter({ hasText: '水龙头漏水' });
  await row.locator('.ma-row-more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: '提交审批' }).click();
  const dialog = page.locator('.ma-submit-dialog');
  await dialog.locator('.wf-custom-user-task').getByText('指定审批').waitFor();
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await error('请为「指定审批」选择审批人');
  assert.equal((await records()).find((r) => r.issue === '水龙头漏水')!.DORM_REPAIR_DATA_STATUS, 1, 'not sent');
  await pick(page, '.ma-submit-dialog .wf-custom-task-pick .wf-pick-people', ['user']);
  await saveShot(page, SHOTS, 'start-people-dialog-zh');
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await records()).find((r) => r.issue === '水龙头漏水')!.DORM_REPAIR_DATA_STATUS, 3, 'sent');
  assert.equal((await todo()).length, 2);
  // 发起流程 does not offer the app's process: it starts from the app's records
  const list = await must(s.server.api('/api/blade-workflow/process/processList?size=200', { token: admin }));
  assert.ok(!(list.records as { processDefKey: string }[]).some((r) => r.processDefKey === 'dormRepair'));
});
