// Using processes from the screens (issue 6), as people would, in real browsers. An administrator
// deploys two processes with designed forms through the API; everything after that is clicks:
// 1. 张三 starts 出差申请: the pre-read dialog (已 阅 after readTime), the §5 messages incl. the
//    sub-table ones, 保存草稿 → 草稿箱 → 继续填写 with the values back, an approver and a copy
//    recipient, 温馨提示 with the configured text; 李四 rejects once (请填写批复意见 first), 张三
//    re-submits (请填写修改说明), 李四 prints and passes, 王五 sees it in 抄送我的 as 已完成.
// 2. 会签流程: rollback to a chosen node, transfer, delegate (handed back), add signers, 减签,
//    and the owner's 撤销 of another instance.
// 3. The portal's flow image and start page (no layout; closing falls back to the sent list) and
//    the route of an external form key (wf_ex_...).
// WF_SHOTS=/some/dir saves screenshots of the start page, detail page and draft list in zh and en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { addPeople, deployProcess, saveShot, setLanguage, suite } from './browser.ts';
import * as pages from './workflow-pages.ts';

const SHOTS = process.env.WF_SHOTS;

const NS = `xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e"`;
const shape = (id: string, x: number, w = 100, h = 80, y = 120) => `<bpmndi:BPMNShape id="s_${id}" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
const edge = (id: string, x1: number, x2: number) => `<bpmndi:BPMNEdge id="e_${id}" bpmnElement="${id}"><di:waypoint x="${x1}" y="160"/><di:waypoint x="${x2}" y="160"/></bpmndi:BPMNEdge>`;

/** start → 提交申请 (the initiator) → 部门审批 (chosen at start) → end. */
const TRIP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS}>
  <process id="wfTrip" name="出差申请" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="提交申请" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="f2" sourceRef="apply" targetRef="approve"/>
    <userTask id="approve" name="部门审批" flowable:buttons="wf_pass,wf_reject,wf_print,wf_copy">
      <extensionElements><flowable:properties><flowable:property name="fieldRights" value='{"city":"read","days":"read","items":"read","note":"write"}'/></flowable:properties></extensionElements>
    </userTask>
    <sequenceFlow id="f3" sourceRef="approve" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d1"><bpmndi:BPMNPlane id="p1" bpmnElement="wfTrip">
    ${shape('start', 100, 36, 36, 142)}${shape('apply', 200)}${shape('approve', 370)}${shape('end', 540, 36, 36, 142)}
    ${edge('f1', 136, 200)}${edge('f2', 300, 370)}${edge('f3', 470, 540)}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

const TRIP_FORM = {
  column: [
    { label: '目的地', prop: 'city', type: 'input', required: true, span: 12 },
    { label: '出差天数', prop: 'days', type: 'number', required: true, span: 12 },
    { label: '行程明细', prop: 'items', type: 'dynamic', children: { column: [{ label: '城市', prop: 'stop', type: 'input', required: true }, { label: '费用', prop: 'cost', type: 'number' }] } },
    { label: '审批备注', prop: 'note', type: 'input', span: 24 },
  ],
};

/** start → 提交申请 → 复核 (chosen at start: rollback, transfer, delegate) → 会签 (parallel, one task per signer: add / delete signers) → end. */
const SIGN_XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions ${NS}>
  <process id="wfSign" name="会签流程" isExecutable="true">
    <startEvent id="start" name="开始" flowable:initiator="applyUser"/>
    <sequenceFlow id="g1" sourceRef="start" targetRef="apply"/>
    <userTask id="apply" name="提交申请" flowable:assignee="\${applyUser}"/>
    <sequenceFlow id="g2" sourceRef="apply" targetRef="review"/>
    <userTask id="review" name="复核" flowable:buttons="wf_pass,wf_rollback,wf_transfer,wf_delegate"/>
    <sequenceFlow id="g3" sourceRef="review" targetRef="sign"/>
    <userTask id="sign" name="会签" flowable:assignee="\${signer}" flowable:buttons="wf_pass,wf_add_instance,wf_delete_instance">
      <multiInstanceLoopCharacteristics isSequential="false" flowable:collection="signers" flowable:elementVariable="signer"/>
    </userTask>
    <sequenceFlow id="g4" sourceRef="sign" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
  <bpmndi:BPMNDiagram id="d2"><bpmndi:BPMNPlane id="p2" bpmnElement="wfSign">
    ${shape('start', 100, 36, 36, 142)}${shape('apply', 200)}${shape('review', 370)}${shape('sign', 540)}${shape('end', 710, 36, 36, 142)}
    ${edge('g1', 136, 200)}${edge('g2', 300, 370)}${edge('g3', 470, 540)}${edge('g4', 640, 710)}
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;

const SIGN_FORM = { column: [{ label: '事项', prop: 'topic', type: 'input', required: true, span: 24 }, { label: '会签人', prop: 'signers', type: 'userSelect', required: true, span: 24 }] };

const PEOPLE: [string, string][] = [['wfa', '张三'], ['wfb', '李四'], ['wfc', '王五'], ['wfd', '赵六'], ['wfe', '钱七'], ['wff', '孙八']];

const s = suite();
const ids: Record<string, string> = {};

before(async () => {
  await s.open();
  Object.assign(ids, await addPeople(s.server, PEOPLE, { postId: '1123598817738675202' }));
  const admin = (await s.server.login()).access_token as string;
  await deployProcess(s.server, admin, {
    formKey: 'wfTripForm', formName: '出差申请单', form: TRIP_FORM, modelKey: 'wfTrip', name: '出差申请', xml: TRIP_XML,
    settings: {
      assigneeRequired: true,
      preRead: { title: '出差须知', content: '出差须提前三天申请，费用按学校差旅标准报销。', readTime: 2 },
      submitAfter: [{ submitType: 'start', content: '出差申请已提交，请留意审批结果' }],
      printTemplate: { templateName: '出差审批单', content: '<h2>${processDefinitionName}</h2><p>申请人：${startUser}　目的地：${city}　天数：${days}</p>${items}${approvals}' },
    },
  });
  await deployProcess(s.server, admin, {
    formKey: 'wfSignForm', formName: '会签单', form: SIGN_FORM, modelKey: 'wfSign', name: '会签流程', xml: SIGN_XML, settings: { assigneeRequired: true },
  });
});
after(() => s.close());

const signedIn = (account: string, locale?: string): Promise<Page> => s.signedIn(account, 'user', { locale });

const shot = (page: Page, name: string) => saveShot(page, SHOTS, name, 1400);
// the shared page steps (workflow-pages.ts), bound to this suite's server
const visit = (page: Page, route: string) => pages.visit(page, s.server.url, route);
const openFrom = (page: Page, list: string, text: string | RegExp) => pages.openFrom(page, s.server.url, list, text);
const { toast, pick, success } = pages;






const readPreRead = async (page: Page) => {
  const dlg = page.locator('.wf-preread');
  await dlg.getByText('出差须知').waitFor();
  // 已 阅 waits for readTime (2 s)
  assert.equal(await dlg.locator('.wf-preread-ok').isDisabled(), true);
  await dlg.locator('.wf-preread-ok:not([disabled])').waitFor({ timeout: 5000 });
  await dlg.locator('.wf-preread-ok').click();
  await dlg.waitFor({ state: 'hidden' });
};

test('出差申请: pre-read, §5 messages, a draft saved and resumed, approver and copy; rejected once, re-submitted, printed and passed; the copy recipient sees it', async () => {
  const a = await signedIn('wfa');
  await a.locator('.sider-menu').getByText('我的事务').click();
  await a.locator('.sider-menu').getByText('发起流程').click();
  await a.locator('.wf-proc-card[data-key=wfTrip]').click();
  await a.waitForURL(/#\/workflow\/process\/start\//);
  await readPreRead(a);

  // nothing filled: every required field and the empty sub-table, joined with ' | '
  await a.locator('.wf-submit').click();
  await toast(a, '目的地不能为空 | 出差天数不能为空 | 子表单控件[行程明细]中含有必填项但无数据，请填写');
  await a.locator('.wf-field-city input').fill('上海');
  await a.locator('.wf-field-days input').fill('3');
  await a.locator('.wf-subtable-add').click();
  await a.locator('.wf-submit').click();
  await toast(a, '子表单控件[行程明细]中 第 1 行[城市]是必填项，请填写');
  await a.locator('.fr-cell-stop input').first().fill('上海');
  await a.locator('.fr-cell-cost input').first().fill('1200');

  // 保存草稿, then leave; 草稿箱 holds it and 继续填写 brings the values back
  await a.locator('.wf-save-draft').click();
  await toast(a, '草稿保存成功');
  await a.locator('.sider-menu').getByText('草稿箱').click();
  await a.waitForURL(/#\/workflow\/process\/draft$/);
  const draftRow = a.locator('[data-testid=wf-list-draft] .ant-table-row').filter({ hasText: '出差申请' });
  await draftRow.first().waitFor();
  assert.equal(await draftRow.count(), 1);
  await shot(a, 'drafts-zh');
  await draftRow.first().getByRole('button', { name: '继续填写' }).click();
  await a.waitForURL(/#\/workflow\/process\/start\//);
  await readPreRead(a);
  await a.locator('.wf-start-draft').waitFor();
  assert.equal(await a.locator('.wf-field-city input').inputValue(), '上海');
  assert.equal(await a.locator('.fr-cell-stop input').first().inputValue(), '上海');

  // approver required; then 李四 as approver and 王五 as copy recipient
  await a.locator('.wf-submit').click();
  await toast(a, '指定审核人不能为空');
  await pick(a, '.wf-assignee .wf-pick-people', ['wfb'], () => shot(a, 'people-zh'));
  await a.locator('.wf-assignee .wf-person-tag').getByText('李四').waitFor();
  await pick(a, '.wf-copy-user .wf-pick-people', ['wfc']);
  await a.locator('.wf-copy-user .wf-person-tag').getByText('王五').waitFor();
  await shot(a, 'start-zh');
  await a.locator('.wf-submit').click();
  await success(a, '出差申请已提交，请留意审批结果', /#\/workflow\/process\/send$/);
  await a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '出差申请' }).first().getByText('部门审批').waitFor();
  // starting from the draft used it up
  await a.locator('.sider-menu').getByText('草稿箱').click();
  await a.locator('[data-testid=wf-list-draft] .ant-empty').first().waitFor();

  // 李四 rejects: a comment is required first
  const b = await signedIn('wfb');
  let detail = await openFrom(b, 'todo', '出差申请');
  await detail.locator('.djs-element.wf-node-primary[data-element-id=approve]').waitFor({ state: 'attached' });
  await shot(b, 'detail-zh');
  await detail.locator('.wf-btn-wf_reject').click();
  await toast(b, '请填写批复意见');
  await b.locator('#wf-comment').fill('请补充行程中的会议安排');
  await detail.locator('.wf-btn-wf_reject').click();
  await success(b, '驳回成功', /#\/workflow\/process\/todo$/);

  // 张三 finds it back as 被驳回 and re-submits with 修改说明, naming the next approver
  await visit(a, '/workflow/process/todo');
  const back = a.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '出差申请' }).first();
  await back.getByText('被驳回').waitFor();
  detail = await openFrom(a, 'todo', '出差申请');
  await detail.locator('.wf-history-comment[data-type=rollbackComment]').getByText('请补充行程中的会议安排').waitFor();
  await detail.locator('.wf-approval').getByText('重新提交 · 提交申请').waitFor();
  await detail.locator('.wf-btn-wf_pass').click();
  await toast(a, '请填写修改说明');
  await a.locator('#wf-comment').fill('已补充：第二天参加教学研讨会');
  await pick(a, '.wf-next-assignee .wf-pick-people', ['wfb']);
  await detail.locator('.wf-btn-wf_pass').click();
  await success(a, '办理成功', /#\/workflow\/process\/todo$/);

  // 李四 prints (the model's template filled with the values) and passes
  detail = await openFrom(b, 'todo', '出差申请');
  await detail.locator('.wf-history-comment').getByText('已补充：第二天参加教学研讨会').waitFor();
  // the print frame lives about 600 ms: the page itself notes each one it adds, so a busy machine
  // that polls late still reads what was printed
  await b.evaluate(() => {
    const w = globalThis as unknown as { printed: string[]; document: { body: object } };
    w.printed = [];
    const Observer = (globalThis as unknown as { MutationObserver: new (cb: (ms: { addedNodes: { className?: string; srcdoc?: string }[] }[]) => void) => { observe(n: object, o: object): void } }).MutationObserver;
    new Observer((ms) => { for (const m of ms) for (const n of m.addedNodes) if (n.className === 'wf-print-frame') w.printed.push(n.srcdoc ?? ''); })
      .observe(w.document.body, { childList: true });
  });
  const printed = b.waitForResponse((r) => r.url().includes('/process/printTemplate'));
  await detail.locator('.wf-btn-wf_print').click();
  const body = await (await printed).json();
  assert.equal(body.code, 200);
  assert.ok(body.data.html.includes('申请人：张三　目的地：上海　天数：3'), body.data.html);
  const frames = await b.waitForFunction(() => (globalThis as unknown as { printed: string[] }).printed.length > 0 && (globalThis as unknown as { printed: string[] }).printed);
  assert.ok(((await frames.jsonValue()) as string[])[0]!.includes('<title>出差审批单</title>'));
  await b.locator('iframe.wf-print-frame').waitFor({ state: 'detached' });
  await detail.locator('.wf-field-note input').fill('按标准报销');
  await b.locator('#wf-comment').fill('同意，按标准报销');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(b, '办理成功', /#\/workflow\/process\/todo$/);

  // 王五, the copy recipient: 抄送我的 shows it finished
  const c = await signedIn('wfc');
  await c.locator('.sider-menu').getByText('我的事务').click();
  await c.locator('.sider-menu').getByText('抄送我的').click();
  const copied = c.locator('[data-testid=wf-list-copy] .ant-table-row').filter({ hasText: '出差申请' }).first();
  await copied.getByText('已完成').waitFor();
  await copied.getByText('张三').first().waitFor();
  detail = await openFrom(c, 'copy', '出差申请');
  await detail.locator('.wf-history-comment[data-type=comment]').getByText('同意，按标准报销').waitFor();
  assert.equal(await detail.locator('.wf-approval').count(), 0);

  if (SHOTS) {
    // English: the same screens
    await a.goto(`${s.server.url}/#/workflow/process/list`);
    await setLanguage(a, 'en');
    await a.locator('.wf-proc-card[data-key=wfTrip]').click();
    await a.locator('.wf-preread .wf-preread-ok:not([disabled])').waitFor({ timeout: 5000 });
    await shot(a, 'preread-en');
    await a.locator('.wf-preread .wf-preread-ok').click();
    await a.locator('.wf-field-city input').fill('Beijing');
    await a.locator('.wf-save-draft').click();
    await toast(a, 'Draft saved');
    await pick(a, '.wf-assignee .wf-pick-people', ['wfb']);
    await shot(a, 'start-en');
    await a.goto(`${s.server.url}/#/workflow/process/draft`);
    await a.locator('[data-testid=wf-list-draft] .ant-table-row').first().waitFor();
    await shot(a, 'drafts-en');
    const tok = (await s.server.login('wfa', 'user')).access_token;
    await s.server.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: tok, json: { processDefKey: 'wfTrip', city: 'Beijing', days: 2, items: [{ stop: 'Beijing', cost: 800 }], assignee: ids.wfb } });
    await setLanguage(b, 'en');
    await visit(b, '/workflow/process/todo');
    await b.locator('[data-testid=wf-list-todo] .ant-table-row').first().getByRole('button', { name: 'Details' }).click();
    await b.locator('[data-testid=wf-detail] .wf-diagram[data-state=ready]').waitFor();
    await shot(b, 'detail-en');
  }
});

test('会签流程: rollback to a chosen node, transfer, delegate, add signers, 减签 and the owner\'s 撤销 from the screens', async () => {
  const a = await signedIn('wfa');
  await a.goto(`${s.server.url}/#/workflow/process/list`);
  await a.locator('.wf-proc-card[data-key=wfSign]').click();
  await a.locator('.wf-field-topic input').fill('采购教学设备');
  await pick(a, '.wf-field-signers .wf-pick-people', ['wfd']);
  await pick(a, '.wf-assignee .wf-pick-people', ['wfb']);
  await a.locator('.wf-submit').click();
  await success(a, '发起成功', /#\/workflow\/process\/send$/);

  // 李四 rolls it back to 提交申请 (the node chooser)
  const b = await signedIn('wfb');
  let detail = await openFrom(b, 'todo', '会签流程');
  await b.locator('#wf-comment').fill('请补充预算');
  await detail.locator('.wf-btn-wf_rollback').click();
  const rb = b.locator('.wf-rollback-dialog');
  await rb.locator('.wf-rollback-node').getByText('提交申请').waitFor();
  await rb.locator('.ant-btn-primary').click();
  await success(b, '驳回成功', /#\/workflow\/process\/todo$/);

  // 张三 re-submits to 李四
  detail = await openFrom(a, 'todo', '会签流程');
  await a.locator('#wf-comment').fill('预算已补充');
  await pick(a, '.wf-next-assignee .wf-pick-people', ['wfb']);
  await detail.locator('.wf-btn-wf_pass').click();
  await success(a, '办理成功', /#\/workflow\/process\/todo$/);

  // 李四 transfers to 钱七 (comment required first)
  detail = await openFrom(b, 'todo', '会签流程');
  await detail.locator('.wf-btn-wf_transfer').click();
  await toast(b, '请填写批复意见');
  await b.locator('#wf-comment').fill('请钱七复核');
  await detail.locator('.wf-btn-wf_transfer').click();
  await b.locator('.people-picker .ant-modal-title').getByText('选择转办人').waitFor();
  await b.locator('.people-picker .ant-table-row').filter({ has: b.locator('td', { hasText: /^wfe$/ }) }).click();
  await b.locator('.people-picker .ant-modal-footer .ant-btn-primary').click();
  await success(b, '转办成功', /#\/workflow\/process\/todo$/);

  // 钱七 delegates to 孙八, who handles it; it comes back to 钱七, who passes it on to the signers
  const e = await signedIn('wfe');
  detail = await openFrom(e, 'todo', '会签流程');
  await detail.locator('.wf-history-comment[data-type=transferComment]').getByText('请钱七复核').waitFor();
  await e.locator('#wf-comment').fill('请孙八代为处理');
  await detail.locator('.wf-btn-wf_delegate').click();
  await e.locator('.people-picker .ant-table-row').filter({ has: e.locator('td', { hasText: /^wff$/ }) }).click();
  await e.locator('.people-picker .ant-modal-footer .ant-btn-primary').click();
  await success(e, '委托成功', /#\/workflow\/process\/todo$/);
  const f = await signedIn('wff');
  detail = await openFrom(f, 'todo', '会签流程');
  await f.locator('#wf-comment').fill('已核对');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(f, '办理成功', /#\/workflow\/process\/todo$/);
  detail = await openFrom(e, 'todo', '会签流程');
  await detail.locator('.wf-history-comment[data-type=delegateComment]').first().waitFor();
  await detail.locator('.wf-btn-wf_pass').click();
  await success(e, '办理成功', /#\/workflow\/process\/todo$/);

  // 赵六, the signer, adds 钱七 and 孙八, then removes 孙八 again (减签)
  const d = await signedIn('wfd');
  detail = await openFrom(d, 'todo', '会签流程');
  await detail.locator('.wf-btn-wf_add_instance').click();
  const picker = d.locator('.people-picker');
  await picker.locator('.ant-modal-title').getByText('选择加签人员').waitFor();
  // confirming with nobody chosen warns
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await toast(d, '请选择至少一条数据');
  for (const acc of ['wfe', 'wff']) await picker.locator('.ant-table-row').filter({ has: d.locator('td', { hasText: new RegExp(`^${acc}$`) }) }).click();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await success(d, '加签成功', /#\/workflow\/process\/todo$/);
  detail = await openFrom(d, 'todo', '会签流程');
  await detail.locator('.wf-history-comment[data-type=addMultiInstanceComment]').waitFor();
  await detail.locator('.wf-btn-wf_delete_instance').click();
  const rm = d.locator('.wf-remove-signers');
  await rm.getByText('钱七').waitFor();
  await rm.getByText('孙八').waitFor();
  await rm.locator('.ant-btn-primary').click();
  await toast(d, '请选择至少一条数据');
  await rm.locator('.ant-checkbox-wrapper').filter({ hasText: '孙八' }).click();
  await shot(d, 'remove-signers-zh');
  await rm.locator('.ant-btn-primary').click();
  await success(d, '减签成功', /#\/workflow\/process\/todo$/);
  detail = await openFrom(d, 'todo', '会签流程');
  await detail.locator('.wf-history-comment[data-type=deleteMultiInstanceComment]').waitFor();
  await detail.locator('.wf-btn-wf_pass').click();
  await success(d, '办理成功', /#\/workflow\/process\/todo$/);
  // 孙八 has no signing task left; 钱七 signs and the process ends
  await visit(f, '/workflow/process/todo');
  await f.locator('[data-testid=wf-list-todo] .ant-empty').first().waitFor();
  detail = await openFrom(e, 'todo', '会签');
  await detail.locator('.wf-btn-wf_pass').click();
  await success(e, '办理成功', /#\/workflow\/process\/todo$/);
  await visit(a, '/workflow/process/send');
  await a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '会签流程' }).first().getByText('已完成').waitFor();

  // the owner revokes (撤销) another instance from its detail page
  const tok = (await s.server.login('wfa', 'user')).access_token;
  const r = await s.server.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: tok, json: { processDefKey: 'wfSign', topic: '第二次采购', signers: ids.wfd, assignee: ids.wfb } });
  assert.equal(r.status, 200);
  detail = await openFrom(a, 'send', '进行中');
  await detail.locator('.wf-owner-withdraw').click();
  const wd = a.locator('.wf-withdraw-dialog');
  await wd.locator('.ant-radio-wrapper').filter({ hasText: '撤销' }).click();
  await wd.locator('.ant-btn-primary').click();
  await success(a, '撤销成功', /#\/workflow\/process\/send$/);
  await a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '会签流程' }).first().getByText('已撤销').waitFor();
  // 李四's to-do no longer holds it
  await visit(b, '/workflow/process/todo');
  await b.locator('[data-testid=wf-list-todo] .ant-table-tbody').waitFor();
  await b.waitForFunction(() => !document.querySelector('[data-testid=wf-list-todo] .ant-spin-spinning'));
  assert.equal(await b.locator('[data-testid=wf-list-todo] .ant-table-row').filter({ hasText: '会签流程' }).count(), 0);
});

test('portal and external-form routes: flow image without header, portal start closing onto the sent list, wf_ex_ form keys routed to /workflow/process/external/{name}/start?p=', async () => {
  const admin = (await s.server.login()).access_token as string;
  const post = (path: string, json: unknown) => s.server.api(path, { method: 'POST', token: admin, json });
  const m = (await post('/api/blade-workflow/design/model/submit', { modelKey: 'wfExt', name: '外部表单流程', xml: TRIP_XML.replaceAll('wfTrip', 'wfExt'), formKey: 'wf_ex_leave' })).body.data;
  assert.equal((await post('/api/blade-workflow/design/model/deploy', { id: m.id })).status, 200);
  const tok = (await s.server.login('wfa', 'user')).access_token;
  const defs = (await s.server.api('/api/blade-workflow/process/processList?size=50', { token: tok })).body.data.records as { processId: string; processDefKey: string }[];
  const sign = defs.find((d) => d.processDefKey === 'wfSign')!;
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');

  const a = await signedIn('wfa');
  // the flow image: the diagram only
  await a.goto(`${s.server.url}/#/portal/process/flowImg/${b64({ processDefinitionId: sign.processId })}`);
  await a.locator('[data-testid=wf-flow-image] .wf-diagram[data-state=ready]').waitFor();
  assert.equal(await a.locator('.sider-menu').count(), 0);
  await a.locator('[data-testid=wf-flow-image] .djs-element[data-element-id=sign]').waitFor({ state: 'attached' });

  // the portal start page, as the portal opens it; a window the script did not open stays and shows the sent list
  await a.goto(`${s.server.url}/#/portal/process/${b64({ processId: sign.processId, processDefKey: 'wfSign', modelType: 0 })}?isClosePage=true&isPortal=true&openWay=3`);
  await a.locator('.wf-start-title').getByText('会签流程').waitFor();
  assert.equal(await a.locator('.sider-menu').count(), 0);
  await a.locator('.wf-field-topic input').fill('门户发起');
  await pick(a, '.wf-field-signers .wf-pick-people', ['wfd']);
  await pick(a, '.wf-assignee .wf-pick-people', ['wfb']);
  await a.locator('.wf-submit').click();
  await success(a, '发起成功', /#\/page\/workflow\/process\/send$/);
  assert.equal(await a.locator('.sider-menu').count(), 0);
  await a.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '会签流程' }).first().getByText('进行中').waitFor();

  // an external form key: 发起流程 goes to /workflow/process/external/leave/start?p=
  await a.goto(`${s.server.url}/#/workflow/process/list`);
  await a.locator('.wf-proc-card[data-key=wfExt]').click();
  await a.waitForURL(/#\/workflow\/process\/external\/leave\/start\?p=/);
  await a.locator('.wf-start-title').getByText('外部表单流程').waitFor();
  await a.getByText('wf_ex_leave', { exact: false }).first().waitFor();
});
