// The signed-in portal (issue 16 "done means", 001 §2.3, §4) on the demo campus and its portal: a
// student marks 学生请假 as a favourite in 办事中心 (the work centre lists it, and the server keeps it),
// handles it from the portal in a new window (the service opened in a new window, openWay 3), which
// closes itself after the start; the to-do centre's 我发起的 lists the request with its service and
// group; the counsellor finds it in the to-do centre's 我的待办, handles it in the window the row opens,
// and the list, refreshed when the centre gets the focus back, no longer holds it: it is under 我的已办,
// and finished in the student's 我发起的. The personal data centre adds an entry with its category's
// designed form and deletes it after the confirm.
// PORTAL_CENTER_SHOTS=<dir> saves the to-do centre and the work centre, zh and en, desktop and phone.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { saveShot, setLanguage, suite } from './browser.ts';

const SHOTS = process.env.PORTAL_CENTER_SHOTS;
const s = suite({ config: { seedCampus: true } });
let admin = '';
let student = '';
let serviceId = '';
before(async () => {
  await s.open();
  admin = (await s.server.login('admin', 'admin')).access_token as string;
  student = (await s.server.login('student1', 'student1')).access_token as string;
  // the demo's 学生请假 opens in this window; here it opens in a new one (openWay 3), as a manager may set it
  const found = await s.server.api(`/api/blade-portal/serviceManage/list?${new URLSearchParams({ name: '学生请假', current: '1', size: '10' })}`, { token: admin });
  const row = (found.body.data.records as { id: string; name: string }[]).find((r) => r.name === '学生请假');
  assert.ok(row, 'the demo portal has 学生请假');
  serviceId = row.id;
  const detail = (await s.server.api(`/api/blade-portal/serviceManage/detail?id=${serviceId}`, { token: admin })).body.data;
  const saved = await s.server.api('/api/blade-portal/serviceManage/update', { method: 'POST', token: admin, json: { ...detail, openWay: 3 } });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
});
after(() => s.close());

const go = async (page: Page, route: string) => {
  await page.goto(`${s.server.url}/#${route}`);
};

/** Clicks `button`, whose click closes `popup` (isClosePage), and waits until the window is gone. */
async function clickClosing(popup: Page, button: Locator): Promise<void> {
  const closed = new Promise<void>((resolve) => popup.once('close', () => resolve()));
  try {
    await button.click();
  } catch (e) {
    if (!popup.isClosed() && !/has been closed|Target closed/i.test(String(e))) throw e;
  }
  await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('the window did not close')), 30_000))]);
}

/** The window a click opens. */
async function opened(page: Page, click: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), click()]);
  await popup.setViewportSize({ width: 1366, height: 800 });
  return popup;
}

const rallyRow = (page: Page, text: string) => page.locator('[data-testid=rally-rows] [data-testid=rally-row]').filter({ hasText: text });

test('a student collects 学生请假, starts it from the portal in a new window and finds it in the to-do centre; the counsellor handles it there', async () => {
  // ---- the student: 办事中心, the favourite ---------------------------------------------------------
  const a = await s.signedIn('student1', 'student1');
  await go(a, '/portal/transaction/center');
  await a.getByTestId('portal-transaction-center').waitFor();
  // (the search's test id is on its input)
  await a.getByTestId('catalogue-search').fill('学生请假');
  await a.getByTestId('catalogue-search').press('Enter');
  const item = a.locator(`[data-testid=catalogue-service][data-id="${serviceId}"]`);
  await item.waitFor();
  const collect = item.getByTestId('service-collect');
  assert.equal(await collect.getAttribute('aria-pressed'), 'false');
  await collect.click();
  await a.locator(`[data-testid=catalogue-service][data-id="${serviceId}"] [data-testid=service-collect][aria-pressed=true]`).waitFor();
  // kept on the server: it follows the student to any browser
  const collects = await s.server.api('/api/blade-portal/serviceCollect/list?current=1&size=50', { token: student });
  assert.ok((collects.body.data.records as { serviceId: string }[]).some((c) => String(c.serviceId) === serviceId));

  // ---- handled in a new window that closes itself after the start ----------------------------------
  const form = await opened(a, () => item.getByTestId('service-handle').click());
  await form.waitForURL(/#\/portal\/process\/[^/]+\?isClosePage=true&isPortal=true&openWay=3$/);
  await form.locator('.wf-field-applicant input').waitFor();
  await form.waitForFunction(() => (document.querySelector('.wf-field-applicant input') as HTMLInputElement | null)?.value === '张明');
  await form.locator('.wf-field-leaveType .ant-select-selector').click();
  await form.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '事假' }).click();
  await form.locator('.wf-field-days input').fill('2');
  for (const [prop, day] of [['startDate', '2026-12-14'], ['endDate', '2026-12-15']]) {
    await form.locator(`.wf-field-${prop} input`).click();
    await form.locator(`.wf-field-${prop} input`).fill(day);
    await form.locator(`.wf-field-${prop} input`).press('Enter');
  }
  await form.locator('.wf-field-reason textarea').fill('回家办理户籍手续');
  await form.locator('.wf-field-phone input').fill('13800001001');
  await form.locator('.wf-submit').click();
  const started = form.locator('.wf-success-dialog');
  await started.getByText('发起成功').waitFor();
  await clickClosing(form, started.locator('.ant-btn-primary'));
  assert.ok(!a.isClosed(), 'the portal page stays');
  // the start came from the service: the server recorded it (tcInstance) with the service's name
  const mine = await s.server.api('/api/todoCenter/tcInstance/getMySendList?current=1&size=10', { token: student });
  const sent = (mine.body.data.records as { processInstanceId: string; serviceName?: string; processDefKey?: string }[]).find((r) => r.processDefKey === 'campusStudentLeave');
  assert.ok(sent, 'the request is the student’s');
  assert.equal(sent.serviceName, '学生请假');

  // ---- the work centre lists the favourite -------------------------------------------------------
  await go(a, '/portal/work/center');
  await a.getByTestId('work-favourites').getByTestId('pc-service-line').filter({ hasText: '学生请假' }).waitFor();

  // ---- the to-do centre: 我发起的 with its group --------------------------------------------------
  await go(a, '/portal/todo/center/sendRally');
  await a.getByTestId('rally-send').waitFor();
  await a.getByTestId('rally-group-campusStudentLeave').waitFor();
  const request = rallyRow(a, '学生请假').first();
  await request.waitFor();
  await request.getByText('辅导员审批').waitFor();
  await request.getByText('进行中').waitFor();
  await a.getByTestId('rally-group-campusStudentLeave').click();
  await rallyRow(a, '学生请假').first().waitFor();

  // ---- the counsellor handles it from the to-do centre ---------------------------------------------
  const c = await s.signedIn('counsellor', 'counsellor');
  await go(c, '/portal/todo/center/todoRally');
  await c.getByTestId('rally-todo').waitFor();
  await c.getByTestId('rally-group-campusStudentLeave').waitFor();
  const task = rallyRow(c, '张明').filter({ hasText: '学生请假' }).first();
  await task.waitFor();
  const todoBefore = await c.getByTestId('rally-tab-todo').locator('.pc-tab-count').innerText();
  const detail = await opened(c, () => task.getByTestId('rally-open').click());
  await detail.waitForURL(/#\/portal\/process\/detail\/[^/]+\?isClosePage=true&isPortal=true&openWay=3$/);
  await detail.locator('[data-testid=wf-detail] .wf-field-days input').waitFor();
  assert.equal(await detail.locator('.wf-field-days input').inputValue(), '2');
  await detail.locator('#wf-comment').fill('同意，注意安全');
  await detail.locator('.wf-btn-wf_pass').click();
  const passed = detail.locator('.wf-success-dialog');
  await passed.getByText('办理成功').waitFor();
  await clickClosing(detail, passed.locator('.ant-btn-primary'));
  // back in the centre: it reads its lists again when the window gets the focus back
  await c.bringToFront();
  await c.evaluate(() => window.dispatchEvent(new Event('focus')));
  await c.getByTestId('rally-rows').locator('[data-testid=rally-row]').filter({ hasText: '张明' }).filter({ hasText: '学生请假' }).waitFor({ state: 'detached' });
  await c.waitForFunction((before) => document.querySelector('[data-testid=rally-tab-todo] .pc-tab-count')?.textContent === String(Number(before) - 1), todoBefore);
  // …and it is among the counsellor's done tasks
  await c.getByTestId('rally-tab-done').click();
  await c.waitForURL(/#\/portal\/todo\/center\/doneRally$/);
  await rallyRow(c, '学生请假').first().waitFor();

  // ---- finished in the student's 我发起的 (two days: the counsellor alone approves) ----------------
  // (the student's centre is still open on 我发起的: it too reads again when it gets the focus back)
  await a.bringToFront();
  await a.evaluate(() => window.dispatchEvent(new Event('focus')));
  await rallyRow(a, '学生请假').first().getByText('已完成').waitFor();
});

test('a service outside its validity window and one the student may not handle: refused with the spec\'s messages by the guide page and by the API', async () => {
  // two services of 学生请假's process: one valid on a date long past (mode 6), one for the administrator alone
  const leave = (await s.server.api(`/api/blade-portal/serviceManage/detail?id=${serviceId}`, { token: admin })).body.data as Record<string, unknown>;
  const adminId = String((await s.server.api('/api/blade-system/user/info', { token: admin })).body.data.id);
  const make = async (name: string, extra: Record<string, unknown>) => {
    const { id: _id, serviceCode: _code, ...rest } = leave;
    const r = await s.server.api('/api/blade-portal/serviceManage/save', { method: 'POST', token: admin, json: { ...rest, name, openWay: 1, validityMode: 1, validityDates: null, validityStart: null, validityEnd: null, userIds: null, roleIds: null, deptIds: null, postIds: null, ...extra } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const found = await s.server.api(`/api/blade-portal/serviceManage/list?${new URLSearchParams({ name, current: '1', size: '10' })}`, { token: admin });
    return String((found.body.data.records as { id: string; name: string }[]).find((x) => x.name === name)!.id);
  };
  const past = await make('学生请假（旧学期）', { validityMode: 6, validityDates: '2000-01-01' });
  const staff = await make('学生请假（管理员专用）', { userIds: adminId });
  const page = await s.signedIn('student1', 'student1');
  for (const [id, message, status] of [[past, '当前时间不在有效期内[2000-01-01]', 400], [staff, '您没有权限办理该服务', 403]] as const) {
    // the page: the guide says why, and 在线办理 answers the same message instead of opening the form
    await go(page, `/portal/service/introduce?id=${id}`);
    await page.locator(`[data-testid=portal-guide][data-id="${id}"]`).waitFor();
    assert.equal((await page.getByTestId('guide-refusal').innerText()).trim(), message);
    await page.getByTestId('guide-handle').click();
    await page.locator('.pt-refusal').getByText(message).waitFor();
    await page.locator('.pt-refusal').getByRole('button').click();
    assert.match(page.url(), /#\/portal\/service\/introduce\?id=/);
    // the API: a start through the service is refused with the same words, and nothing starts
    const r = await s.server.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: student, json: { processDefKey: leave.itemHandle, serviceId: id } });
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.msg, message);
  }
});

test('the personal data centre: an entry added with its category’s designed form (its required field checked), then deleted after the confirm', async () => {
  const form = { column: [
    { prop: 'awardName', label: '奖项名称', type: 'input', required: true, span: 12 },
    { prop: 'level', label: '级别', type: 'select', span: 12, dicData: [{ label: '国家级', value: 'national' }, { label: '校级', value: 'school' }] },
  ] };
  const made = await s.server.api('/api/blade-data/personalCategory/submit', { method: 'POST', token: admin, json: { name: '获奖情况', nameEn: 'Awards', icon: 'TrophyOutlined', formContent: JSON.stringify(form), multiple: 1, sort: 1, status: 1 } });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const a = await s.signedIn('student1', 'student1');
  await go(a, '/portal/data/center');
  await a.getByTestId(`data-cat-${made.body.data.id}`).click();
  await a.getByTestId('data-add').click();
  const dialog = a.locator('.ant-modal').filter({ hasText: '新增 · 获奖情况' });
  await dialog.locator('.wf-field-awardName input').waitFor();
  await a.getByTestId('data-save').click();
  await dialog.locator('.ant-form-item-explain-error').getByText('奖项名称不能为空').waitFor();
  await dialog.locator('.wf-field-awardName input').fill('全国大学生数学建模竞赛一等奖');
  await dialog.locator('.wf-field-level .ant-select-selector').click();
  await a.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '国家级' }).click();
  await a.getByTestId('data-save').click();
  await dialog.waitFor({ state: 'hidden' });
  const card = a.getByTestId('data-card').filter({ hasText: '全国大学生数学建模竞赛一等奖' });
  await card.getByText('国家级').waitFor();
  const kept = await s.server.api(`/api/blade-data/personal/personalData?categoryId=${made.body.data.id}`, { token: student });
  assert.deepEqual((kept.body.data as { content: Record<string, unknown> }[]).map((e) => e.content), [{ awardName: '全国大学生数学建模竞赛一等奖', level: 'national' }]);
  await card.getByTestId('data-delete').click();
  const confirm = a.locator('.ant-modal-confirm');
  await confirm.getByText('此操作将永久删除该条数据, 是否继续?').waitFor();
  await confirm.locator('.ant-btn-dangerous').click();
  await card.waitFor({ state: 'detached' });
  const gone = await s.server.api(`/api/blade-data/personal/personalData?categoryId=${made.body.data.id}`, { token: student });
  assert.deepEqual(gone.body.data, []);
});

test('the to-do centre and the work centre in zh and en, desktop and phone', { skip: !SHOTS }, async () => {
  for (const lang of ['zh', 'en'] as const) {
    const page = await s.signedIn('counsellor', 'counsellor');
    if (lang === 'en') await setLanguage(page, 'en');
    for (const [route, name, testId] of [['/portal/todo/center/todoRally', 'todo', 'rally-todo'], ['/portal/work/center', 'work', 'work-status']] as const) {
      await page.setViewportSize({ width: 1366, height: 800 });
      await go(page, route);
      await page.getByTestId(testId).waitFor();
      await saveShot(page, SHOTS, `portal-${name}-${lang}`, 1000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), `${route} fits a phone`);
      await page.screenshot({ path: `${SHOTS}/portal-${name}-${lang}-phone.png`, fullPage: true });
    }
  }
});
