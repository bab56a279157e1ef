// The first workflow screens in real browsers (issue 6): an administrator deploys a small process
// with a designed form through the API; the ordinary user starts it from 发起流程 filling the form
// (§5 messages joined by ' | ', 指定审核人不能为空, the people picker for the approver), lands on
// 我发起的 after 温馨提示 发起成功; the approver (admin) finds it in 我的待办, opens the detail page
// (coloured diagram, history, form), passes with a comment; the starter's 我发起的 shows 已完成.
// It serves web/dist (npm test builds it first; E2E_WEB_DIST points elsewhere).
// WF_SHOTS=/some/dir also saves screenshots of the lists, start and detail pages in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { deployProcess, saveShot, setLanguage, suite } from './browser.ts';

const SHOTS = process.env.WF_SHOTS;

/** start → 申请 (the initiator, done at start) → 部门审批 (the approver chosen at start) → end, with its diagram. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">
  <process id="wfE2eLeave" name="教师请假" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="提交申请" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="approve"/>
    <userTask id="approve" name="部门审批" flowable:buttons="wf_pass,wf_reject,wf_rollback,wf_terminate,wf_transfer,wf_delegate,wf_urge">
      <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"days":"read","reason":"read","leaveType":"read","startDate":"read","remark":"write"}'/></flowable:properties></extensionElements>
    </userTask>
    <sequenceFlow id="f3" sourceRef="approve" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1">
    <bpmndi:BPMNPlane id="p1" bpmnElement="wfE2eLeave">
      <bpmndi:BPMNShape id="s_start" bpmnElement="start"><dc:Bounds x="100" y="142" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_apply" bpmnElement="apply"><dc:Bounds x="200" y="120" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_approve" bpmnElement="approve"><dc:Bounds x="370" y="120" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="s_end" bpmnElement="end"><dc:Bounds x="540" y="142" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="e_f1" bpmnElement="f1"><di:waypoint x="136" y="160"/><di:waypoint x="200" y="160"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f2" bpmnElement="f2"><di:waypoint x="300" y="160"/><di:waypoint x="370" y="160"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="e_f3" bpmnElement="f3"><di:waypoint x="470" y="160"/><di:waypoint x="540" y="160"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;

const FORM = {
  column: [
    { label: '请假天数', prop: 'days', type: 'number', required: true, pattern: '^\\d+$', span: 12 },
    { label: '请假类型', prop: 'leaveType', type: 'select', required: true, span: 12, dicData: [{ label: '事假', value: 'personal' }, { label: '病假', value: 'sick' }] },
    { label: '开始日期', prop: 'startDate', type: 'date', span: 12 },
    { label: '请假事由', prop: 'reason', type: 'textarea', required: true },
    { label: '审批备注', prop: 'remark', type: 'input', span: 24 },
  ],
};

const s = suite();

before(async () => {
  await s.open();
  const admin = (await s.server.login()).access_token as string;
  await deployProcess(s.server, admin, {
    formKey: 'wfE2eForm', formName: '请假申请单', form: FORM, modelKey: 'wfE2eLeave', name: '教师请假', xml: XML, settings: { assigneeRequired: true },
  });
});
after(() => s.close());

const signedIn = (account: string, password: string, locale?: string): Promise<Page> => s.signedIn(account, password, { locale });

const shot = (page: Page, name: string) => saveShot(page, SHOTS, name, 1500);

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: false }).waitFor();

test('a user starts the process from 发起流程, the approver passes it on the detail page, 我发起的 shows 已完成', async () => {
  const user = await signedIn('user', 'user');
  // the menus of 0013 are in the user's sidebar
  await user.locator('.sider-menu').getByText('我的事务').waitFor();
  await user.locator('.sider-menu').getByText('我的事务').click();
  await user.locator('.sider-menu').getByText('发起流程').click();
  await user.waitForURL(/#\/workflow\/process\/list$/);
  const card = user.locator('.wf-proc-card[data-key=wfE2eLeave]');
  await card.getByText('教师请假').waitFor();
  await card.click();
  await user.waitForURL(/#\/workflow\/process\/start\//);
  await user.locator('.wf-start-title').getByText('教师请假').waitFor();
  await user.locator('.wf-field-days input').waitFor();
  await shot(user, 'start-zh');

  // nothing filled: every required field, joined with ' | '
  await user.locator('.wf-submit').click();
  await toast(user, '请假天数不能为空 | 请假类型不能为空 | 请假事由不能为空');
  await user.locator('.wf-field-days .ant-form-item-explain').getByText('请假天数不能为空').waitFor();

  await user.locator('.wf-field-days input').fill('3');
  await user.locator('.wf-field-leaveType .ant-select-selector').click();
  await user.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: '事假' }).click();
  await user.locator('.wf-field-startDate input').click();
  await user.locator('.wf-field-startDate input').fill('2026-03-02');
  await user.keyboard.press('Enter');
  await user.locator('.wf-field-reason textarea').fill('参加学术会议');

  // the model requires an approver
  await user.locator('.wf-submit').click();
  await toast(user, '指定审核人不能为空');

  // choose the approver (管理员) in the people-selection dialog
  await user.locator('.wf-assignee .wf-pick-people').click();
  const picker = user.locator('.people-picker');
  await picker.locator('.ant-modal-title').getByText('人员选择').waitFor();
  await picker.locator('.ant-table-row').filter({ hasText: 'admin' }).first().click();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
  await user.locator('.wf-assignee .wf-person-tag').getByText('管理员').waitFor();

  await user.locator('.wf-submit').click();
  const ok = user.locator('.wf-success-dialog');
  await ok.locator('.ant-modal-confirm-title').getByText('温馨提示').waitFor();
  await ok.getByText('发起成功').waitFor();
  await ok.locator('.ant-btn-primary').click();
  await user.waitForURL(/#\/workflow\/process\/send$/);
  // the start tab is closed
  assert.equal(await user.locator('.ant-tabs-tab').filter({ hasText: '发起流程' }).count() >= 0, true);
  const sentRow = user.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '教师请假' });
  await sentRow.first().waitFor();
  await sentRow.first().getByText('进行中').waitFor();
  await sentRow.first().getByText('部门审批').waitFor();

  // the approver: 我的待办 → 详情
  const admin = await signedIn('admin', 'admin');
  await admin.goto(`${s.server.url}/#/workflow/process/todo`);
  const todoRow = admin.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '教师请假' });
  await todoRow.first().waitFor();
  await todoRow.first().getByText('李明').waitFor();
  await shot(admin, 'todo-zh');
  // the flow chart dialog from the list
  await todoRow.first().getByRole('button', { name: '流程图' }).click();
  const chart = admin.locator('.wf-chart-dialog');
  await chart.getByText('流程图展示').waitFor();
  await chart.locator('.wf-diagram[data-state=ready]').waitFor();
  await chart.locator('.ant-modal-close').click();
  await chart.waitFor({ state: 'hidden' });

  await todoRow.first().getByRole('button', { name: '详情' }).click();
  await admin.waitForURL(/#\/workflow\/process\/detail\//);
  const detail = admin.locator('[data-testid=wf-detail]');
  await detail.locator('.wf-detail-title').getByText('教师请假').waitFor();
  // the diagram: finished nodes success, the active node primary, taken flows warning
  await detail.locator('.wf-diagram[data-state=ready]').waitFor();
  await detail.locator('.djs-element.wf-node-success[data-element-id=apply]').waitFor({ state: 'attached' });
  await detail.locator('.djs-element.wf-node-primary[data-element-id=approve]').waitFor({ state: 'attached' });
  await detail.locator('.djs-element.wf-flow-warning[data-element-id=f1]').waitFor({ state: 'attached' });
  // the history: start, the applicant's step, the current step highlighted
  const history = detail.locator('.wf-history');
  await history.getByText('提交申请').waitFor();
  await history.locator('.wf-history-current').getByText('部门审批').waitFor();
  // the form: values shown, read-only fields locked, the writable remark open
  assert.equal(await detail.locator('.wf-field-days input').inputValue(), '3');
  assert.equal(await detail.locator('.wf-field-days input').isDisabled(), true);
  assert.equal(await detail.locator('.wf-field-reason textarea').inputValue(), '参加学术会议');
  assert.equal(await detail.locator('.wf-field-remark input').isDisabled(), false);
  // only the server's buttons
  const keys = await detail.locator('.wf-approval-buttons button').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
  assert.deepEqual(keys.sort(), ['wf_delegate', 'wf_pass', 'wf_reject', 'wf_rollback', 'wf_terminate', 'wf_transfer', 'wf_urge']);
  // reject without a comment is refused on the page
  await detail.locator('.wf-btn-wf_reject').click();
  await toast(admin, '请填写批复意见');
  // terminate asks first; cancel
  await admin.locator('#wf-comment').fill('同意，注意安排好课程');
  await detail.locator('.wf-btn-wf_terminate').click();
  const confirm = admin.locator('.wf-confirm-terminate');
  await confirm.getByText('确定要终止此流程吗?').waitFor();
  await confirm.locator('.ant-btn').filter({ hasText: /取\s*消/ }).click();
  await confirm.waitFor({ state: 'detached' });
  await shot(admin, 'detail-zh');

  await detail.locator('.wf-field-remark input').fill('已安排代课');
  await detail.locator('.wf-btn-wf_pass').click();
  const done = admin.locator('.wf-success-dialog');
  await done.locator('.ant-modal-confirm-title').getByText('温馨提示').waitFor();
  await done.getByText('办理成功').waitFor();
  await done.locator('.ant-btn-primary').click();
  await admin.waitForURL(/#\/workflow\/process\/todo$/);
  await admin.locator('[data-testid=wf-list-todo] .ant-table-placeholder, [data-testid=wf-list-todo] .ant-empty').first().waitFor();

  // the starter: 我发起的 shows 已完成, and the detail shows the comment in the history
  await user.reload();
  const finished = user.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '教师请假' }).first();
  await finished.getByText('已完成').waitFor();
  await finished.getByRole('button', { name: '详情' }).click();
  await user.waitForURL(/#\/workflow\/process\/detail\//);
  const mine = user.locator('[data-testid=wf-detail]');
  await mine.locator('.wf-history-comment[data-type=comment]').getByText('同意，注意安排好课程').waitFor();
  await mine.locator('.wf-history-comment[data-type=comment]').getByText('审批').waitFor();
  assert.equal(await mine.locator('.wf-field-remark input').inputValue(), '已安排代课');
  assert.equal(await mine.locator('.wf-approval').count(), 0);
  await mine.locator('.djs-element.wf-node-success[data-element-id=approve]').waitFor({ state: 'attached' });

  // the new-window variant: base64 of the bare processInsId, no admin layout
  const sent = (await s.server.api('/api/blade-workflow/process/sendList?size=10', { token: (await s.server.login('user', 'user')).access_token })).body.data.records;
  const inst = sent.find((r: { processDefKey: string }) => r.processDefKey === 'wfE2eLeave').processInstanceId as string;
  await user.goto(`${s.server.url}/#/page/workflow/process/detail/${Buffer.from(inst).toString('base64')}`);
  await user.locator('[data-testid=wf-detail] .wf-detail-title').getByText('教师请假').waitFor();
  assert.equal(await user.locator('.sider-menu').count(), 0);

  if (SHOTS) {
    // English screenshots: a second running instance for the todo list and detail page
    const tok = (await s.server.login('user', 'user')).access_token;
    const adminId = (await s.server.login()).user_id;
    await s.server.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: tok, json: { processDefKey: 'wfE2eLeave', days: 2, leaveType: 'sick', reason: 'Flu', assignee: adminId } });
    await admin.goto(`${s.server.url}/#/workflow/process/todo`);
    await shot(admin, 'todo-zh-2');
    await setLanguage(admin, 'en');
    await admin.locator('[data-testid=wf-list-todo] .ant-table-row').first().waitFor();
    await shot(admin, 'todo-en');
    await admin.locator('[data-testid=wf-list-todo] .ant-table-row').first().getByRole('button', { name: 'Details' }).click();
    await admin.locator('[data-testid=wf-detail] .wf-diagram[data-state=ready]').waitFor();
    await shot(admin, 'detail-en');
    await admin.goto(`${s.server.url}/#/workflow/process/list`);
    await admin.locator('.wf-proc-card[data-key=wfE2eLeave]').click();
    await admin.locator('.wf-field-days input').waitFor();
    await shot(admin, 'start-en');
    await admin.goto(`${s.server.url}/#/workflow/process/list`);
    await admin.locator('.wf-proc-card').first().waitFor();
    await shot(admin, 'list-en');
  }
});
