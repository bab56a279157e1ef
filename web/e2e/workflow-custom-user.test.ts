// 发起人自选审批人 and 自选知会人 in real browsers (000 §2.5 "custom user message and task
// selections"; the reading is documented with the server's startProcess). The administrator marks
// two nodes of 出差申请 发起人自选 in the process designer: 部门审批 one person, 会签 several people
// (first as candidates, then multi-instance: one task each), saves and deploys; the XML is plain
// Flowable over ${customUserTask_<node>}. 陈老师 opens the start page, which lists both nodes with
// a people picker each and refuses to submit without them (请为「部门审批」选择审批人), chooses
// 周主任 for 部门审批, 吴老师 and 郑老师 for 会签, and 孙干事 to hear when 会签 is reached; 周主任
// finds the task in 我的待办 and passes it; then 吴老师 and 郑老师 each find 会签 in theirs, and 孙干事
// has the message 流程「出差申请」已到达「会签」. CU_SHOTS=/some/dir saves the designer panel and the
// start page with the choosers in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { addPeople, saveShot, setLanguage, suite } from './browser.ts';
import * as pages from './workflow-pages.ts';

const SHOTS = process.env.CU_SHOTS;
const PEOPLE: [string, string][] = [['cuteacher', '陈老师'], ['cuhead', '周主任'], ['cusignA', '吴老师'], ['cusignB', '郑老师'], ['cuwatch', '孙干事']];

const s = suite();
const ids: Record<string, string> = {};
let admin: string;
let modelId: string;

before(async () => {
  await s.open();
  Object.assign(ids, await addPeople(s.server, PEOPLE));
  admin = (await s.server.login()).access_token as string;
  const post = async (path: string, json: unknown) => {
    const r = await s.server.api(path, { method: 'POST', token: admin, json });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  await post('/api/blade-workflow/design/form/submit', { formKey: 'cuTripForm', name: '出差申请单', content: { column: [{ label: '出差事由', prop: 'reason', required: true }] } });
  modelId = String((await post('/api/blade-workflow/design/model/submit', { modelKey: 'cuTrip', name: '出差申请', formKey: 'cuTripForm' })).id);
});
after(() => s.close());

const shot = (page: Page, name: string, height = 1000) => saveShot(page, SHOTS, `custom-user-${name}`, height);
// the shared page steps (workflow-pages.ts), bound to this suite's server
const visit = (page: Page, route: string) => pages.visit(page, s.server.url, route);
const { toast, pick, diagramElement: el } = pages;



const todoRow = (page: Page, text: string) => pages.listRow(page, s.server.url, 'todo', text);

let head = '';
let sign = '';

test('the designer marks 部门审批 (one person) and 会签 (several, then multi-instance) 发起人自选 and deploys plain Flowable XML', async () => {
  const page = await s.signedIn('admin', 'admin');
  await visit(page, `/workflow/design/process/${modelId}`);
  await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
  [head, sign] = await page.evaluate(() => {
    const m = window.__wfModeler!;
    const registry = m.get<{ get(id: string): unknown }>('elementRegistry');
    const modeling = m.get<{ appendShape(src: unknown, shape: { type: string }, pos: { x: number; y: number }): { id: string } }>('modeling');
    const a = modeling.appendShape(registry.get('StartEvent_1'), { type: 'bpmn:UserTask' }, { x: 320, y: 178 });
    const b = modeling.appendShape(a, { type: 'bpmn:UserTask' }, { x: 480, y: 178 });
    modeling.appendShape(b, { type: 'bpmn:EndEvent' }, { x: 620, y: 178 });
    return [a.id, b.id];
  });
  const rename = async (id: string, name: string) => {
    await el(page, id).click();
    await page.locator('#wf-prop-name').fill(name);
    await page.locator('#wf-prop-name').press('Enter');
  };
  await rename(head, '部门审批');
  await page.locator('.wf-assignee-mode').getByText('发起人自选').click();
  await page.locator('.wf-chooser-help').getByText(`\${customUserTask_${head}}`, { exact: false }).waitFor();
  assert.equal(await page.locator('.wf-chooser-kind input[value=single]').isChecked(), true);
  // a chooser node has no fixed candidates
  assert.equal(await page.locator('.wf-candidate-users').count(), 0);

  await rename(sign, '会签');
  await page.locator('.wf-assignee-mode').getByText('发起人自选').click();
  await page.locator('.wf-chooser-kind').getByText('多人').click();
  await page.locator('.wf-props').getByText('否则为候选人', { exact: false }).waitFor();
  const model = async () => (await s.server.api(`/api/blade-workflow/design/model/detail?id=${modelId}`, { token: admin })).body.data;
  // several people as candidates first; then the node becomes a parallel multi-instance: one task each
  await page.locator('.wf-save').click();
  await toast(page, '保存成功');
  assert.match((await model()).xml, new RegExp(`flowable:candidateUsers="\\$\\{customUserTask_${sign}\\}"`));
  await page.locator('.wf-mi-type').getByText('并行').click();
  await page.locator('.wf-props').getByText(`由发起人自选（\${customUserTask_${sign}}）`).waitFor();
  assert.equal(await page.locator('#wf-prop-collection').isDisabled(), true);
  await page.locator('.wf-designer-panel').evaluate((e) => e.scrollTo(0, 0));
  await shot(page, 'designer-zh', 800);
  // the first save's toast gone, so the one awaited below is this save's (a loaded run kept it on screen)
  await page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).first().waitFor({ state: 'detached' });
  await page.locator('.wf-save').click();
  await toast(page, '保存成功');

  const xml = String((await model()).xml);
  const tag = (id: string) => xml.slice(xml.indexOf(`id="${id}"`) - 20, xml.indexOf('</bpmn2:userTask>', xml.indexOf(`id="${id}"`)));
  assert.match(tag(head), new RegExp(`flowable:assignee="\\$\\{customUserTask_${head}\\}"`));
  assert.match(tag(head), /flowable:initiatorChooses="single"/);
  assert.match(tag(sign), /flowable:initiatorChooses="multiple"/);
  assert.match(tag(sign), /flowable:assignee="\$\{assignee\}"/);
  assert.match(tag(sign), new RegExp(`flowable:collection="\\$\\{customUserTask_${sign}\\}"`));
  assert.doesNotMatch(tag(sign), /candidateUsers/);

  // the English panel
  if (SHOTS) {
    await setLanguage(page, 'en');
    await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
    await el(page, sign).click();
    await page.locator('.wf-assignee-mode').getByText('Chosen by the initiator').waitFor();
    await page.locator('.wf-designer-panel').evaluate((e) => e.scrollTo(0, 0));
    await shot(page, 'designer-en', 800);
    await setLanguage(page, 'zh');
    await page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();
  }

  await page.locator('.wf-deploy').click();
  await page.locator('.ant-modal-confirm .ant-btn-primary').click();
  await toast(page, '部署成功，当前版本 v1');
});

test('陈老师 chooses the approvers on the start page; 周主任, then 吴老师 and 郑老师 find their tasks in 我的待办; 孙干事 hears when 会签 is reached', async () => {
  assert.ok(head && sign, 'the designer test ran');
  const a = await s.signedIn('cuteacher', 'user');
  await visit(a, `/workflow/process/start/${Buffer.from(JSON.stringify({ processDefKey: 'cuTrip' })).toString('base64')}`);
  const choosers = a.locator('.wf-custom-user-task');
  await choosers.getByText('发起人自选审批人').waitFor();
  await choosers.locator('.ant-form-item-label').getByText('部门审批').waitFor();
  await choosers.locator('.ant-form-item-label').getByText('会签').waitFor();
  const notify = a.locator('.wf-custom-user-msg');
  await notify.locator('.ant-form-item-label').getByText('会签').waitFor();

  if (SHOTS) {
    // the page in English, 会签 still unanswered after a submit
    await setLanguage(a, 'en');
    await a.locator('.wf-custom-user-task').getByText('Approvers chosen by the initiator').waitFor();
    await a.locator('.wf-field-reason input').fill('Teaching conference in Beijing');
    await a.locator('.wf-submit').click();
    await toast(a, 'Choose the approver for "部门审批" | Choose the approver for "会签"');
    await pick(a, `.wf-custom-task-${head} .wf-pick-people`, ['cuhead']);
    await pick(a, `.wf-custom-msg-${sign} .wf-pick-people`, ['cuwatch']);
    await a.locator(`.wf-custom-msg-${sign} .wf-person-tag`).getByText('孙干事').waitFor();
    await shot(a, 'start-en', 1300);
    await setLanguage(a, 'zh');
    await choosers.getByText('发起人自选审批人').waitFor();
  }
  await a.locator('.wf-field-reason input').fill('赴京参加教研会');
  await a.locator('.wf-submit').click();
  await toast(a, '请为「部门审批」选择审批人 | 请为「会签」选择审批人');
  await choosers.locator('.ant-form-item-explain-error').getByText('请为「部门审批」选择审批人').waitFor();

  // 部门审批 takes one person (radio), 会签 several (checkbox)
  await pick(a, `.wf-custom-task-${head} .wf-pick-people`, ['cuhead']);
  await a.locator(`.wf-custom-task-${head} .wf-person-tag`).getByText('周主任').waitFor();
  await a.locator('.wf-submit').click();
  await toast(a, '请为「会签」选择审批人');
  await pick(a, `.wf-custom-task-${sign} .wf-pick-people`, ['cusignA', 'cusignB']);
  await a.locator(`.wf-custom-task-${sign} .wf-person-tag`).getByText('郑老师').waitFor();
  await pick(a, `.wf-custom-msg-${sign} .wf-pick-people`, ['cuwatch']);
  await a.locator(`.wf-custom-msg-${sign} .wf-person-tag`).getByText('孙干事').waitFor();
  await shot(a, 'start-zh', 1300);
  await a.locator('.wf-submit').click();
  const done = a.locator('.wf-success-dialog');
  await done.getByText('发起成功').waitFor();
  await done.locator('.ant-btn-primary').click();
  await a.waitForURL(/#\/workflow\/process\/send$/);

  // the chosen approver has it in 我的待办
  const b = await s.signedIn('cuhead', 'user');
  const row = await todoRow(b, '出差申请');
  await row.getByText('部门审批').waitFor();
  // not reached yet: 孙干事 has no message about it
  const tokenOf = async (account: string) => (await s.server.login(account, 'user')).access_token as string;
  const notices = async (account: string) =>
    ((await s.server.api('/api/blade-message/message/my/list?size=50', { token: await tokenOf(account) })).body.data.records as { title: string; content: string; type: number }[])
      .filter((m) => m.title.startsWith('知会'));
  assert.equal((await notices('cuwatch')).length, 0);
  await row.getByRole('button', { name: /详情|Details/ }).click();
  await b.waitForURL(/#\/workflow\/process\/detail\//);
  await b.locator('[data-testid=wf-detail] .wf-detail-title').waitFor();
  await b.locator('.wf-btn-wf_pass').click();
  const pass = b.locator('.wf-success-dialog');
  await pass.getByText('办理成功').waitFor();
  await pass.locator('.ant-btn-primary').click();

  // 会签: one task each for the two chosen people
  for (const who of ['cusignA', 'cusignB']) {
    const p = await s.signedIn(who, 'user');
    const r = await todoRow(p, '出差申请');
    await r.getByText('会签').waitFor();
  }
  const heard = await notices('cuwatch');
  assert.deepEqual(heard.map((m) => [m.type, m.content]), [[3, '流程「出差申请」已到达「会签」']]);
});
