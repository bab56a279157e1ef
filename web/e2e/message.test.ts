// Personal messages in two real browsers (issue 4): user A (admin) sends user B (user) a message
// through the 发送消息 form and the people picker; B's bell rises without a reload and a pop-up
// appears; opening the message clears the badge; mark-all-read, delete and the empty business
// link (无办理事项) in the 我的消息 drawer.
// Run from the repository root after `npx vite build` in web:
//   node --import tsx --test web/e2e/message.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { suite } from './browser.ts';

const M = '/api/blade-message/message';
const s = suite();
before(() => s.open());
after(() => s.close());

async function signedIn(account: string, password: string): Promise<Page> {
  const page = await s.signedIn(account, password);
  // the real-time channel is open and subscribed
  await page.locator('[data-testid=message-bell][data-connected="1"]').waitFor();
  return page;
}

const badge = (page: Page) => page.locator('[data-testid=message-bell] sup.ant-badge-count');

async function badgeCount(page: Page): Promise<number> {
  if (!(await badge(page).count())) return 0;
  return Number(await badge(page).getAttribute('title'));
}

async function waitForBadge(page: Page, n: number): Promise<void> {
  if (n === 0) {
    await badge(page).waitFor({ state: 'detached' });
    return;
  }
  await page.locator(`[data-testid=message-bell] sup.ant-badge-count[title="${n}"]`).waitFor();
}

async function openDrawer(page: Page): Promise<void> {
  await page.locator('[data-testid=message-bell]').click();
  await page.locator('[data-testid=bell-panel] .bell-view-all').click();
  await page.locator('.msg-drawer .ant-drawer-title').getByText('我的消息').waitFor();
}

async function confirmOk(page: Page, text: string): Promise<void> {
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: text });
  await confirm.waitFor();
  await confirm.locator('.ant-btn-primary').click();
  await confirm.waitFor({ state: 'detached' });
}

test('A sends B a message through the form and the people picker; B sees it live and opening it clears the badge', async () => {
  const a = await signedIn('admin', 'admin');
  const b = await signedIn('user', 'user');
  assert.equal(await badgeCount(b), 0, 'no badge while nothing is unread');

  // A: bell → 查看所有消息 → 发送消息
  await openDrawer(a);
  await a.locator('.msg-send-btn').click();
  const form = a.locator('.msg-send-modal');
  await form.locator('.ant-modal-title').getByText('发送消息').waitFor();
  // validation: nothing filled
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await form.getByText('请选择接收人').waitFor();
  await form.getByText('请输入消息标题').waitFor();

  // the people picker: confirm with nobody chosen warns, then search 姓名 in its column and choose 李明
  await form.locator('.msg-pick-people').click();
  const picker = a.locator('.people-picker');
  await picker.locator('.ant-modal-title').getByText('人员选择').waitFor();
  await picker.locator('.ant-table-row').first().waitFor();
  for (const h of ['头像', '学工号', '姓名', '部门', '职位']) await picker.locator('.ant-table-thead').getByText(h, { exact: true }).waitFor();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await a.locator('.ant-message').getByText('请选择至少一条数据').waitFor();
  await picker.locator('.ant-table-thead th').filter({ hasText: '姓名' }).locator('.ant-table-filter-trigger').click();
  const filter = a.locator('.people-filter').filter({ has: a.locator('input[placeholder="搜索姓名"]') });
  await filter.locator('input').fill('李明');
  await filter.locator('.people-filter-search').click();
  await a.waitForFunction(() => {
    const rows = [...document.querySelectorAll('.people-picker .ant-table-tbody .ant-table-row')];
    return rows.length === 1 && rows[0].textContent?.includes('李明');
  });
  await picker.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
  await picker.getByText('已选择 1 人').waitFor();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
  await form.locator('.msg-person-tag').getByText('李明').waitFor();

  await form.locator('#title').fill('期末监考安排');
  await form.locator('#content').fill('请于周五 14:00 到教务处领取监考材料。');
  await form.locator('.ant-modal-footer .ant-btn-primary').click();
  await a.locator('.ant-message').getByText('发送成功').waitFor();
  await form.waitFor({ state: 'hidden' });
  // A's 已发送 tab lists it with 0 / 1 read
  await a.locator('.msg-drawer-tabs .ant-tabs-tab').getByText('已发送').click();
  const sentRow = a.locator('.msg-sent-table .ant-table-row').filter({ hasText: '期末监考安排' });
  await sentRow.getByText('0 / 1').waitFor();

  // B: the badge rises to 1 without a reload, and a pop-up shows title and content
  await waitForBadge(b, 1);
  // the home page's message-center widget lists it as unread too
  const widgetItem = b.locator('.message-center .message-center-item').filter({ hasText: '期末监考安排' });
  await b.locator('.message-center .message-center-item.unread').filter({ hasText: '期末监考安排' }).waitFor();
  const note = b.locator('.ant-notification-notice').filter({ hasText: '期末监考安排' });
  await note.waitFor();
  assert.match(await note.innerText(), /请于周五 14:00 到教务处领取监考材料/);

  // B opens it from the bell: the view shows title, sender and content, and the badge clears
  await b.locator('[data-testid=message-bell]').click();
  const item = b.locator('[data-testid=bell-panel] .bell-item').filter({ hasText: '期末监考安排' });
  await item.waitFor();
  assert.match((await item.getAttribute('class')) ?? '', /unread/);
  await item.click();
  const view = b.locator('.msg-view');
  await view.locator('.msg-view-title').getByText('期末监考安排').waitFor();
  await view.getByText('管理员').waitFor();
  await view.getByText('请于周五 14:00 到教务处领取监考材料。').waitFor();
  await waitForBadge(b, 0);
  await b.waitForFunction(() => ![...document.querySelectorAll('.message-center .message-center-item.unread')].some((e) => e.textContent?.includes('期末监考安排')));
  assert.equal(await widgetItem.count(), 1);
  // no business link: 办理 warns 无办理事项
  await view.locator('.ant-modal-footer .ant-btn-primary').click();
  await b.locator('.ant-message').getByText('无办理事项').waitFor();
  await view.locator('.ant-modal-close').click();

  // A sees B's read in 已发送 after a reload of the tab
  await a.locator('.msg-sent-table .ant-pro-table-list-toolbar .anticon-reload').click();
  await sentRow.getByText('1 / 1').waitFor();
});

test('B marks all read and deletes in the 我的消息 drawer; an empty business link warns 无办理事项', async () => {
  const admin = (await s.server.login('admin', 'admin')).access_token as string;
  const b = await signedIn('user', 'user');
  const session = await b.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state as { token: string; userInfo: { user_id: string } });
  const userId = session.userInfo.user_id;
  const before = await badgeCount(b);
  for (const title of ['通知一', '通知二']) {
    const r = await s.server.api(`${M}/save`, { method: 'POST', token: admin, json: { title, content: `<p>${title}<script>window.__x=1</script></p>`, type: 1, userIds: userId } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await waitForBadge(b, before + 2);

  await openDrawer(b);
  const table = b.locator('.msg-inbox-table');
  const row = (title: string) => table.locator('.ant-table-row').filter({ hasText: title });
  await row('通知二').locator('.msg-read-tag').getByText('未读').waitFor();
  await row('通知一').locator('.msg-read-tag').getByText('未读').waitFor();
  // page size 10 with the 10/20/30/50 choices
  await table.locator('.ant-pagination-options .ant-select-selection-item').getByText('10 条/页').waitFor();

  // the empty business link
  await row('通知一').locator('.msg-biz-btn').click();
  await b.locator('.ant-message').getByText('无办理事项').waitFor();

  // view sanitizes the rich text
  await row('通知二').locator('.msg-view-btn').click();
  const view = b.locator('.msg-view');
  await view.locator('.msg-rich-text').getByText('通知二').waitFor();
  assert.equal(await b.evaluate(() => (window as unknown as { __x?: number }).__x), undefined, 'scripts in content never run');
  await view.locator('.ant-modal-close').click();
  await row('通知二').locator('.msg-read-tag').getByText('已读').waitFor();

  // mark all read
  await table.locator('.msg-read-all').click();
  await confirmOk(b, '确定将消息设为全部已读?');
  await b.locator('.ant-message').getByText('操作成功！').first().waitFor();
  await waitForBadge(b, 0);
  await row('通知一').locator('.msg-read-tag').getByText('已读').waitFor();
  assert.equal(await table.locator('.msg-read-tag.unread').count(), 0);

  // delete
  await row('通知一').locator('.msg-delete-btn').click();
  await confirmOk(b, '确定删除此消息?');
  await row('通知一').waitFor({ state: 'detached' });
  await row('通知二').waitFor();
  const list = await s.server.api(`${M}/my/list?current=1&size=50`, { token: session.token });
  assert.ok(!list.body.data.records.some((m: { title: string }) => m.title === '通知一'), 'deleted on the server');
});
