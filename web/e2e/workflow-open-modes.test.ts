// How a start or detail page leaves after success (spec 000 §2.2, §4 "After success of an action"):
// opened by the portal's script in a new window with isClosePage=true, the window closes after
// 温馨提示; opened in place with openWay=2, the page goes back to where the user came from; a page
// with isClosePage=true that no script opened (a typed or bookmarked address) cannot be closed by
// the browser, so it lands on the bare list instead. A detail page in a script-opened window closes
// after the approver passes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { deployProcess, suite } from './browser.ts';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="e2e">
  <process id="wfOpenModes" name="用印申请" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="办公室审批" flowable:assignee="ADMIN_ID" flowable:buttons="wf_pass,wf_reject"/>
    <sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
    <endEvent id="end"/>
  </process>
</definitions>`;
const FORM = { column: [{ label: '用印事由', prop: 'reason', type: 'textarea', required: true }] };

const s = suite();
let admin: string;
let userToken: string;

before(async () => {
  await s.open();
  const signedAdmin = await s.server.login();
  admin = signedAdmin.access_token as string;
  userToken = (await s.server.login('user', 'user')).access_token as string;
  await deployProcess(s.server, admin, {
    formKey: 'wfOpenModesForm', formName: '用印申请单', form: FORM,
    modelKey: 'wfOpenModes', name: '用印申请', xml: XML.replace('ADMIN_ID', String(signedAdmin.user_id)),
  });
});
after(() => s.close());

// the p of the portal's start route: base64 of {"processDefKey": …} (spec 000 §2.2)
const startP = Buffer.from(JSON.stringify({ processDefKey: 'wfOpenModes' })).toString('base64');

/** Fills and submits the start form and waits for 温馨提示 发起成功; answers its OK button. */
async function submitStartDialog(page: Page, reason: string): Promise<Locator> {
  await page.locator('.wf-start-title').getByText('用印申请').waitFor();
  await page.locator('.wf-field-reason textarea').fill(reason);
  await page.locator('.wf-submit').click();
  const ok = page.locator('.wf-success-dialog');
  await ok.getByText('发起成功').waitFor();
  return ok.locator('.ant-btn-primary');
}

/** Fills and submits the start form, then confirms 温馨提示 发起成功. */
async function submitStart(page: Page, reason: string): Promise<void> {
  await (await submitStartDialog(page, reason)).click();
}

/**
 * Clicks `button`, whose click closes `popup`, and waits until the window is gone. The close
 * listener is attached just before the click, so a close however fast is seen, and the wait's
 * time runs from the click (a 30 s waitForEvent('close') made before loading and submitting the
 * form ran out on a loaded machine before the form was even sent). When the window goes during the
 * click, Playwright may report the click as failed with the target closed: that is the close this
 * waits for, not a failure; any other error of the click is one.
 */
async function clickClosing(popup: Page, button: Locator, timeoutMs = 30_000): Promise<void> {
  assert.equal(popup.isClosed(), false, 'the window is open until its button is clicked');
  let closedEvent = false;
  const closed = new Promise<void>((resolve) => popup.once('close', () => { closedEvent = true; resolve(); }));
  try {
    await button.click();
  } catch (e) {
    if (!popup.isClosed() && !closedEvent && !/has been closed|Target closed/i.test(String(e))) throw e;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the window did not close within ${timeoutMs} ms of the click`)), timeoutMs);
  });
  try {
    await Promise.race([closed, late]);
  } finally {
    clearTimeout(timer);
  }
  assert.equal(popup.isClosed(), true);
}

/** The user's 我发起的 rows of this process, newest first (through the API). */
async function sent(token: string): Promise<{ processInstanceId: string; variables?: Record<string, unknown> }[]> {
  const r = await s.server.api('/api/blade-workflow/process/sendList?current=1&size=50', { token });
  assert.equal(r.status, 200);
  return (r.body.data.records as { processDefinitionKey?: string; processInstanceId: string }[]).filter((x) => x.processDefinitionKey === 'wfOpenModes');
}

test('a start page opened by a script with isClosePage=true closes its window after 发起成功; the opener stays', async () => {
  const page = await s.signedIn('user', 'user');
  const before = (await sent(userToken)).length;
  const url = `${s.server.url}/#/portal/process/${startP}?isClosePage=true&isPortal=true&openWay=3`;
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((u) => { window.open(u, '_blank'); }, url)]);
  await clickClosing(popup, await submitStartDialog(popup, '对外合同用印'));
  // the opener is untouched, and the start was saved
  assert.ok(!page.isClosed());
  assert.equal((await sent(userToken)).length, before + 1);
});

test('openWay=2: the start page replaced the current one, so after 发起成功 the browser goes back to it', async () => {
  const page = await s.signedIn('user', 'user');
  await page.goto(`${s.server.url}/#/workflow/process/copy`);
  await page.locator('[data-testid=wf-list-copy]').waitFor();
  await page.goto(`${s.server.url}/#/portal/process/${startP}?isPortal=true&openWay=2`);
  await submitStart(page, '人事证明用印');
  await page.waitForURL(/#\/workflow\/process\/copy$/);
  await page.locator('[data-testid=wf-list-copy]').waitFor();
});

test('isClosePage=true on a page no script opened: the window cannot close, so the bare 我发起的 list shows', async () => {
  const page = await s.signedIn('user', 'user');
  await page.goto(`${s.server.url}/#/portal/process/${startP}?isClosePage=true&isPortal=true`);
  await submitStart(page, '学籍证明用印');
  await page.waitForURL(/#\/page\/workflow\/process\/send$/);
  await page.locator('[data-testid=wf-list-send] .ant-table-row').filter({ hasText: '用印申请' }).first().waitFor();
  // bare: no admin layout around the list
  assert.equal(await page.locator('.sider-menu').count(), 0);
});

test('a detail page opened by a script with isClosePage=true closes after the approver passes', async () => {
  const rows = await sent(userToken);
  assert.ok(rows.length >= 3);
  const todo = await s.server.api('/api/blade-workflow/process/todoList?current=1&size=50', { token: admin });
  const task = (todo.body.data.records as { processInstanceId: string; taskId: string; processDefinitionKey?: string }[])
    .find((t) => t.processInstanceId === rows[0]!.processInstanceId);
  assert.ok(task, 'the newest start waits in the approver’s todo list');
  const page = await s.signedIn('admin', 'admin');
  const p = Buffer.from(JSON.stringify({ taskId: task.taskId, processInsId: task.processInstanceId })).toString('base64');
  const url = `${s.server.url}/#/portal/process/detail/${p}?isClosePage=true&isPortal=true&openWay=3`;
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((u) => { window.open(u, '_blank'); }, url)]);
  const detail = popup.locator('[data-testid=wf-detail]');
  await detail.locator('.wf-detail-title').getByText('用印申请').waitFor();
  await popup.locator('#wf-comment').fill('同意用印');
  await detail.locator('.wf-btn-wf_pass').click();
  const ok = popup.locator('.wf-success-dialog');
  await ok.getByText('办理成功').waitFor();
  await clickClosing(popup, ok.locator('.ant-btn-primary'));
  const after = await s.server.api('/api/blade-workflow/process/todoList?current=1&size=50', { token: admin });
  assert.ok(!(after.body.data.records as { taskId: string }[]).some((t) => t.taskId === task.taskId), 'the task is done');
});
