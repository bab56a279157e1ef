// Issue 6 end to end, as people would, in real browsers; nothing but sign-in and the users goes
// through the API. The administrator designs a leave form in 表单设计 (reason required, days,
// a date), designs 教师请假 in 流程设计 (start with the form → 提交申请 by the initiator →
// 部门审批 chosen at start, form writable → 教务处审批 picked in the designer, form read-only →
// end; only shape placement goes through the modeler API), sets a pre-read notice and a print
// template in 流程配置, and deploys. 张老师 reads the notice, starts it naming 王主任 and copying
// 赵干事; 王主任 rejects once with a comment; 张老师 re-submits with 修改说明; 王主任 passes;
// 李处长 sees the form read-only and passes; 赵干事 finds it finished in 抄送我的, and the detail
// page shows the coloured diagram and the history with 驳回 / 修改说明 / 审批.
// JOURNEY_SHOTS=/some/dir saves the designer, start and detail pages in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { addPeople, saveShot, setLanguage, suite } from './browser.ts';
import * as pages from './workflow-pages.ts';

const seedPath = new URL('../../server/src/db/seed.ts', import.meta.url).href;
const SHOTS = process.env.JOURNEY_SHOTS;

const PEOPLE: [string, string][] = [['jteacher', '张老师'], ['jhead', '王主任'], ['jdean', '李处长'], ['jclerk', '赵干事']];

// on PGlite, the database a fresh install runs on
const s = suite({ kind: 'pglite' });
const ids: Record<string, string> = {};

before(async () => {
  await s.open();
  Object.assign(ids, await addPeople(s.server, PEOPLE));
  const db = s.server.server.database.db;
  const { sql } = await import('kysely');
  const { SEED } = (await import(seedPath)) as { SEED: Record<string, string> };
  // 李处长 holds a post of his own, which the 职位 column of 人员选择 searches
  await sql`insert into blade_post (id, tenant_id, category, post_code, post_name, sort) values ('1123598817738675290', ${SEED.tenant}, 1, 'dean', '教务处处长', 9)`.execute(db as never);
  await sql`update blade_user set post_id = '1123598817738675290' where id = ${ids.jdean}`.execute(db as never);
});
after(() => s.close());

const signedIn = (account: string, password = 'user'): Promise<Page> => s.signedIn(account, password);

const shot = (page: Page, name: string, height = 1100) => saveShot(page, SHOTS, `journey-${name}`, height);


// the shared page steps (workflow-pages.ts), bound to this suite's server
const visit = (page: Page, route: string) => pages.visit(page, s.server.url, route);
const openFrom = (page: Page, list: string, text: string | RegExp) => pages.openFrom(page, s.server.url, list, text);
const { toast, pick, success, diagramElement: el } = pages;
const designerReady = (page: Page) => page.locator('.wf-designer-canvas[data-state="ready"]').waitFor();




test('教师请假: designed in both designers, deployed, started with an approver and a copy, rejected, re-submitted with 修改说明, passed twice; copy, diagram and history', async () => {
  const admin = await signedIn('admin', 'admin');

  // ---- 表单设计: the leave form --------------------------------------------------------------
  await visit(admin, '/workflow/design/form');
  const forms = admin.locator('.ant-pro-table').first();
  await admin.locator('.fd-categories').waitFor();
  await forms.locator('.ant-pro-table-list-toolbar button:has(.anticon-plus)').click();
  const addForm = admin.locator('.ant-modal').filter({ hasText: '新增' });
  await addForm.locator('#formKey').fill('jLeaveForm');
  await addForm.locator('#name').fill('教师请假单');
  await addForm.locator('.ant-btn-primary').click();
  await toast(admin, '操作成功');
  await forms.locator('tr').filter({ hasText: 'jLeaveForm' }).getByRole('button', { name: '设计' }).click();
  await admin.waitForURL(/#\/workflow\/design\/form\/design\/\d+$/);
  const side = admin.locator('.fd-side');
  const named = async (label: string, prop: string) => {
    await side.locator('#fd-prop-label').fill(label);
    await side.locator('#fd-prop-prop').fill(prop);
  };
  await admin.locator('.fd-palette-item[data-type=input]').click();
  await named('请假事由', 'reason');
  await side.locator('#fd-prop-required').click();
  await admin.locator('.fd-palette-item[data-type=number]').click();
  await named('请假天数', 'days');
  await admin.locator('.fd-palette-item[data-type=date]').click();
  await named('开始日期', 'startDate');
  await admin.locator('.fd-canvas-field[data-prop=reason] .fd-required').waitFor();
  await admin.locator('.fd-save').click();
  await toast(admin, '保存成功');

  // ---- 模型设计: the model, then the designer ------------------------------------------------
  await visit(admin, '/workflow/design/model');
  await admin.locator('.wf-category-side').waitFor();
  await admin.locator('.side-main .ant-pro-table-list-toolbar button:has(.anticon-plus)').click();
  const addModel = admin.locator('.ant-modal').filter({ hasText: '流程模型' });
  await addModel.locator('#modelKey').fill('jLeave');
  await addModel.locator('#name').fill('教师请假');
  await addModel.getByRole('button', { name: /保\s*存/ }).click();
  await toast(admin, '操作成功');
  const modelRow = admin.locator('.ant-table-row').filter({ hasText: 'jLeave' });
  await modelRow.getByRole('button', { name: '设计' }).click();
  await admin.waitForURL(/#\/workflow\/design\/process\/\d+$/);
  const modelId = admin.url().split('/').pop()!;
  await designerReady(admin);

  // shapes only: start → 提交申请 → 部门审批 → 教务处审批 → end
  const [apply, head, dean] = await admin.evaluate(() => {
    const m = window.__wfModeler!;
    const registry = m.get<{ get(id: string): unknown }>('elementRegistry');
    const modeling = m.get<{ appendShape(src: unknown, shape: { type: string }, pos: { x: number; y: number }): { id: string } }>('modeling');
    const a = modeling.appendShape(registry.get('StartEvent_1'), { type: 'bpmn:UserTask' }, { x: 300, y: 178 });
    const b = modeling.appendShape(a, { type: 'bpmn:UserTask' }, { x: 440, y: 178 });
    const c = modeling.appendShape(b, { type: 'bpmn:UserTask' }, { x: 580, y: 178 });
    modeling.appendShape(c, { type: 'bpmn:EndEvent' }, { x: 710, y: 178 });
    // the whole diagram in view, clear of the properties panel
    m.get<{ zoom(level: string): void }>('canvas').zoom('fit-viewport');
    return [a.id, b.id, c.id];
  });
  const rename = async (id: string, name: string) => {
    await el(admin, id).click();
    await admin.locator('#wf-prop-name').fill(name);
    await admin.locator('#wf-prop-name').press('Enter');
  };
  // the start event carries the start form
  await el(admin, 'StartEvent_1').click();
  await admin.locator('#wf-prop-start-form').click();
  await admin.locator('.ant-select-item-option').filter({ hasText: '教师请假单' }).click();
  // 提交申请: the initiator's node, where a rejected request comes back
  await rename(apply, '提交申请');
  await admin.locator('.wf-assignee-mode').getByText('发起人', { exact: true }).click();
  await admin.locator('.wf-props').getByText('由流程发起人办理').waitFor();
  // 部门审批: nobody fixed (the initiator names the approver), the form writable
  await rename(head, '部门审批');
  await admin.locator('#wf-prop-task-form').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '教师请假单' }).click();
  await admin.locator('.wf-field-rights').getByText('请假事由').waitFor();
  // choosing the form stores its rights: every field writable, the form's required one 必填
  await admin.locator('.wf-right-required-reason.ant-checkbox-wrapper-checked').waitFor();
  for (const p of ['reason', 'days', 'startDate']) assert.equal(await admin.locator(`.wf-right-write-${p} input`).isChecked(), true);
  // 教务处审批: 李处长 from 人员选择, the form read-only
  await rename(dean, '教务处审批');
  await admin.locator('.wf-assignee-mode').getByText('指定人员').click();
  // 人员选择: search the 职位 column, then choose from what it finds
  await admin.locator('.wf-assignee .wf-people-pick').click();
  const picker = admin.locator('.people-picker');
  await picker.locator('th').filter({ hasText: '职位' }).locator('.ant-table-filter-trigger').first().click();
  await admin.locator('.ant-table-filter-dropdown:visible .people-filter input').fill('处长');
  await admin.locator('.ant-table-filter-dropdown:visible .people-filter-search').click();
  await picker.locator('.ant-table-row').filter({ hasText: '教务处处长' }).waitFor();
  await admin.waitForFunction(() => document.querySelectorAll('.people-picker .ant-table-row').length === 1);
  await picker.locator('.ant-table-row').filter({ has: admin.locator('td', { hasText: /^jdean$/ }) }).click();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
  await admin.locator('.wf-assignee .ant-tag').getByText('李处长').waitFor();
  await admin.locator('#wf-prop-task-form').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '教师请假单' }).click();
  await admin.locator('.wf-right-required-reason.ant-checkbox-wrapper-checked').waitFor();
  for (const p of ['reason', 'days', 'startDate']) await admin.locator(`.wf-right-write-${p} input`).uncheck();
  await admin.locator('.wf-designer-panel').evaluate((e) => e.scrollTo(0, 0));
  await shot(admin, 'designer-zh', 800);
  await admin.locator('.wf-save').click();
  await toast(admin, '保存成功');

  // 流程配置: the approver is chosen at start; a pre-read notice; a print template
  await admin.locator('.wf-settings').click();
  const settings = admin.locator('.wf-settings-dialog');
  await settings.locator('.wf-setting-assigneeRequired').click();
  await settings.getByRole('tab', { name: '发起须知' }).click();
  await settings.locator('.wf-preread-enable').click();
  await settings.locator('#wf-preread-title').fill('请假须知');
  await settings.locator('.wf-preread-content .ql-editor').fill('请假三天以上须附证明材料。');
  await settings.locator('#wf-preread-readTime').fill('1');
  await settings.locator('.wf-preread-files input[type=file]').setInputFiles({ name: '请假管理办法.txt', mimeType: 'text/plain', buffer: Buffer.from('请假管理办法') });
  await settings.locator('.wf-preread-files').getByText('请假管理办法.txt').waitFor();
  await settings.getByRole('tab', { name: '打印模板' }).click();
  await settings.locator('.wf-print-help').getByText('${approvals}').waitFor();
  await settings.locator('#wf-print-name').fill('教师请假审批单');
  await settings.locator('#wf-print-content').fill('<h2>${processDefinitionName}</h2><p>申请人：${startUser}　事由：${reason}　天数：${days}</p>${approvals}');
  await shot(admin, 'settings-zh', 900);
  await settings.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast(admin, '操作成功');
  await settings.waitFor({ state: 'hidden' });

  await admin.locator('.wf-deploy').click();
  await admin.locator('.ant-modal-confirm .ant-btn-primary').click();
  await toast(admin, '部署成功，当前版本 v1');
  const token = (await s.server.login()).access_token as string;
  const saved = (await s.server.api(`/api/blade-workflow/design/model/detail?id=${modelId}`, { token })).body.data;
  assert.equal(saved.formKey, 'jLeaveForm');
  assert.match(saved.xml, /flowable:assignee="\$\{initiator\}"/);
  assert.match(saved.xml, new RegExp(`flowable:assignee="${ids.jdean}"`));
  assert.ok(saved.xml.includes('{&#34;reason&#34;:&#34;required&#34;,&#34;days&#34;:&#34;write&#34;,&#34;startDate&#34;:&#34;write&#34;}') || saved.xml.includes('{"reason":"required","days":"write","startDate":"write"}'), 'the department step writes the form');
  assert.equal(saved.settings.preRead.title, '请假须知');
  assert.equal(saved.settings.preRead.readTime, 1);
  assert.match(saved.settings.preRead.content, /请假三天以上须附证明材料/);
  assert.equal(saved.settings.preRead.files[0].name, '请假管理办法.txt');
  assert.equal(saved.settings.printTemplate.templateName, '教师请假审批单');
  assert.equal(saved.settings.printTemplate.status, 1);

  // ---- 张老师 starts it from 发起流程 ---------------------------------------------------------
  const a = await signedIn('jteacher');
  await a.locator('.sider-menu').getByText('我的事务').click();
  await a.locator('.sider-menu').getByText('发起流程').click();
  await a.locator('.wf-proc-card[data-key=jLeave]').click();
  await a.waitForURL(/#\/workflow\/process\/start\//);
  const notice = a.locator('.wf-preread');
  await notice.getByText('请假须知').waitFor();
  await notice.locator('.wf-preread-body').getByText('请假三天以上须附证明材料。').waitFor();
  await notice.getByText('请假管理办法.txt').waitFor();
  await notice.locator('.wf-preread-ok:not([disabled])').click({ timeout: 5000 });
  await notice.waitFor({ state: 'hidden' });
  await a.locator('.wf-submit').click();
  await toast(a, '请假事由不能为空');
  await a.locator('.wf-field-reason input').fill('参加学术会议');
  await a.locator('.wf-field-days input').fill('2');
  await a.locator('.wf-field-startDate input').click();
  await a.locator('.wf-field-startDate input').fill('2026-05-11');
  await a.locator('.wf-field-startDate input').press('Enter');
  await a.locator('.wf-submit').click();
  await toast(a, '指定审核人不能为空');
  await pick(a, '.wf-assignee .wf-pick-people', ['jhead']);
  await pick(a, '.wf-copy-user .wf-pick-people', ['jclerk']);
  await a.locator('.wf-copy-user .wf-person-tag').getByText('赵干事').waitFor();
  await shot(a, 'start-zh');
  await a.locator('.wf-submit').click();
  await success(a, '发起成功', /#\/workflow\/process\/send$/);
  await a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '教师请假' }).first().getByText('部门审批').waitFor();

  // ---- 王主任 rejects once -------------------------------------------------------------------
  const b = await signedIn('jhead');
  let detail = await openFrom(b, 'todo', '教师请假');
  assert.equal(await detail.locator('.wf-field-reason input').inputValue(), '参加学术会议');
  assert.equal(await detail.locator('.wf-field-reason input').isDisabled(), false, '部门审批 may write the form');
  await detail.locator('.wf-btn-wf_reject').click();
  await toast(b, '请填写批复意见');
  await b.locator('#wf-comment').fill('请写明会议名称');
  await detail.locator('.wf-btn-wf_reject').click();
  await success(b, '驳回成功', /#\/workflow\/process\/todo$/);

  // ---- 张老师 re-submits with 修改说明 -------------------------------------------------------
  await visit(a, '/workflow/process/todo');
  await a.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '教师请假' }).first().getByText('被驳回').waitFor();
  detail = await openFrom(a, 'todo', '教师请假');
  await detail.locator('.wf-history-comment[data-type=rollbackComment]').getByText('请写明会议名称').waitFor();
  await detail.locator('.wf-approval').getByText('重新提交 · 提交申请').waitFor();
  await detail.locator('.wf-field-reason input').fill('参加全国教育技术学术会议');
  await detail.locator('.wf-btn-wf_pass').click();
  await toast(a, '请填写修改说明');
  await a.locator('#wf-comment').fill('已写明会议名称');
  await pick(a, '.wf-next-assignee .wf-pick-people', ['jhead']);
  await detail.locator('.wf-btn-wf_pass').click();
  await success(a, '办理成功', /#\/workflow\/process\/todo$/);

  // ---- 王主任 passes -------------------------------------------------------------------------
  detail = await openFrom(b, 'todo', '教师请假');
  assert.equal(await detail.locator('.wf-field-reason input').inputValue(), '参加全国教育技术学术会议');
  const explained = detail.locator('.wf-history-comment[data-type=explainComment]');
  await explained.getByText('已写明会议名称').waitFor();
  await explained.locator('.ant-tag').getByText('修改说明').waitFor();
  await b.locator('#wf-comment').fill('同意');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(b, '办理成功', /#\/workflow\/process\/todo$/);

  // ---- 李处长: the form read-only; passes ----------------------------------------------------
  const c = await signedIn('jdean');
  detail = await openFrom(c, 'todo', '教师请假');
  await detail.locator('.djs-element.wf-node-primary[data-element-id="' + dean + '"]').waitFor({ state: 'attached' });
  assert.equal(await detail.locator('.wf-field-reason input').isDisabled(), true, '教务处审批 reads the form only');
  assert.equal(await detail.locator('.wf-field-days input').isDisabled(), true);
  await c.locator('#wf-comment').fill('准予请假');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(c, '办理成功', /#\/workflow\/process\/todo$/);

  // ---- 赵干事: 抄送我的, finished; the detail page's diagram and history ------------------------
  const d = await signedIn('jclerk');
  await d.locator('.sider-menu').getByText('我的事务').click();
  await d.locator('.sider-menu').getByText('抄送我的').click();
  const copied = d.locator('[data-testid=wf-list-copy] .ant-table-row').filter({ hasText: '教师请假' }).first();
  await copied.getByText('已完成').waitFor();
  await copied.getByText('张老师').first().waitFor();
  detail = await openFrom(d, 'copy', '教师请假');
  await detail.locator('.wf-diagram[data-state=ready]').waitFor();
  for (const id of ['StartEvent_1', apply, head, dean]) await detail.locator(`.djs-element.wf-node-success[data-element-id="${id}"]`).waitFor({ state: 'attached' });
  assert.equal(await detail.locator('.djs-element.wf-node-primary').count(), 0, 'nothing is active any more');
  assert.ok((await detail.locator('.djs-element.wf-flow-warning').count()) >= 4, 'the flows taken are marked');
  const tags = async (type: string) => detail.locator(`.wf-history-comment[data-type=${type}] .ant-tag`).allInnerTexts();
  assert.deepEqual(await tags('rollbackComment'), ['驳回']);
  assert.deepEqual(await tags('explainComment'), ['修改说明']);
  assert.deepEqual(await tags('comment'), ['审批', '审批']);
  assert.equal(await detail.locator('.wf-approval').count(), 0, 'a copy recipient does not handle it');
  await shot(d, 'detail-zh', 1400);

  if (SHOTS) {
    await setLanguage(d, 'en');
    await detail.locator('.wf-diagram[data-state=ready]').waitFor();
    await detail.locator('.wf-history-comment[data-type=explainComment]').waitFor();
    await shot(d, 'detail-en', 1400);
    await setLanguage(admin, 'en');
    await visit(admin, `/workflow/design/process/${modelId}`);
    await designerReady(admin);
    await el(admin, dean).click();
    await admin.locator('.wf-assignee .ant-tag').getByText('李处长').waitFor();
    await shot(admin, 'designer-en', 800);
    await admin.locator('.wf-settings').click();
    await settings.getByRole('tab', { name: 'Pre-read' }).click();
    await shot(admin, 'settings-en', 900);
    await settings.getByRole('tab', { name: 'Print template' }).click();
    await shot(admin, 'settings-print-en', 900);
    await setLanguage(a, 'en');
    await visit(a, '/workflow/process/list');
    await a.locator('.wf-proc-card[data-key=jLeave]').click();
    await a.locator('.wf-preread .wf-preread-ok:not([disabled])').click({ timeout: 5000 });
    await a.locator('.wf-field-reason input').fill('Conference');
    await pick(a, '.wf-assignee .wf-pick-people', ['jhead']);
    await shot(a, 'start-en');
  }
});
