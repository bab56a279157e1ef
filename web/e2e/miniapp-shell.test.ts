// The micro-app shell and its management screens in a real browser (issue 15, 001 §2.2, §2.6, §6):
// an administrator opens 应用管理 from the back-office menu, makes a category and an app, opens the
// app's shell in its own window (sidebar with the app's name, its pinyin letter when collapsed; tabs
// that close one by one, close others from the right-click menu and close all from the dropdown
// back to the welcome tab; clear cache asks first), adds a permission group; an ordinary user
// without a group gets "no access", with a group but not managing gets the no-permission alert.
// MINIAPP_SHELL_SHOTS=<dir> saves screenshots (zh and en) of the shell, app management, the app
// center, the chooser and the permission screen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { saveShot, setLanguage, suite } from './browser.ts';

const s = suite();
const SHOTS = process.env.MINIAPP_SHELL_SHOTS;
let shellUrl = '';

before(() => s.open());
after(() => s.close());

const tabs = (page: Page) => page.locator('.mini-tag-bar .ant-tabs-tab');
const tabTexts = async (page: Page) => (await tabs(page).allInnerTexts()).map((x) => x.trim());
const sider = (page: Page) => page.locator('.mini-sider-menu');
const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

test('an administrator makes a category and an app in 应用管理 and manages it in its shell', async () => {
  const page = await s.signedIn('admin', 'admin');
  // the back-office menu of the micro-app builder
  const menu = page.locator('.sider-menu');
  await menu.getByText('微应用', { exact: true }).click();
  await menu.getByText('应用管理', { exact: true }).click();
  await page.waitForURL(/#\/webapp\/appManage$/);
  const manage = page.getByTestId('mini-app-manage');
  await manage.waitFor();

  // a category
  await page.getByTestId('mini-cat-add').click();
  const catForm = modal(page, '新增分类');
  await catForm.locator('#categoryName').fill('教务类');
  await catForm.getByRole('button', { name: '保 存' }).or(catForm.getByRole('button', { name: '保存' })).click();
  await page.getByTestId('mini-cat-教务类').waitFor();

  // an app: the name is required
  await manage.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  const appForm = modal(page, '新增微应用');
  await appForm.locator('#appName').waitFor();
  await appForm.getByRole('button', { name: /保\s*存/ }).click();
  await appForm.getByText('请输入应用名称').waitFor();
  await appForm.locator('#appName').fill('学生信息采集');
  await appForm.locator('#appDesc').fill('采集学生基本信息');
  await appForm.locator('#categoryId').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '教务类' }).click();
  await appForm.getByText('已发布', { exact: true }).click();
  await appForm.getByRole('button', { name: /保\s*存/ }).click();
  await appForm.waitFor({ state: 'hidden' });
  const row = manage.locator('.ant-table-row', { hasText: '学生信息采集' });
  await row.waitFor();
  assert.match(await row.innerText(), /教务类/);
  assert.match(await row.innerText(), /已发布/);
  // the category tree narrows the list
  await page.getByTestId('mini-cat-教务类').click();
  await row.waitFor();
  await saveShot(page, SHOTS, 'app-manage-zh');

  // 管理 opens the app's shell in a window of its own
  const [shell] = await Promise.all([page.context().waitForEvent('page'), row.getByRole('button', { name: /^管\s*理$/ }).click()]);
  await shell.getByTestId('mini-shell').waitFor();
  // (a window opened by the page gets the browser's own small size here: the size of a screen)
  await shell.setViewportSize({ width: 1366, height: 800 });
  await shell.bringToFront();
  await shell.reload();
  await shell.getByTestId('mini-shell').waitFor();
  shellUrl = shell.url();
  assert.match(shellUrl, /#\/miniApp\/home\/index\/[A-Za-z0-9_-]+$/);
  assert.equal(await shell.getByTestId('mini-sider-name').innerText(), '学生信息采集');
  await shell.waitForFunction(() => document.title === '学生信息采集 - 智慧校园服务平台');
  await shell.getByTestId('mini-home-name').waitFor();
  // no table yet: design it first, and 数据管理 leads to the design
  await shell.getByText('请先设计微应用，再管理数据').first().waitFor();
  assert.deepEqual(await tabTexts(shell), ['应用首页']);
  assert.equal(await tabs(shell).locator('.ant-tabs-tab-remove').count(), 0, 'one tab: not closable');

  // tabs: each screen opened is a tab
  await sider(shell).getByText('权限管理', { exact: true }).click();
  await shell.getByTestId('mini-auth').waitFor();
  assert.match(shell.url(), /#\/miniApp\/home\/authManage\?params=/);
  await sider(shell).getByText('审计日志', { exact: true }).click();
  await shell.waitForURL(/auditLog/);
  await sider(shell).getByText('应用菜单', { exact: true }).click();
  await shell.waitForURL(/appMenu/);
  assert.deepEqual(await tabTexts(shell), ['应用首页', '权限管理', '审计日志', '应用菜单']);
  // closing the open tab shows its neighbour
  await tabs(shell).filter({ hasText: '应用菜单' }).locator('.ant-tabs-tab-remove').click();
  await shell.waitForURL(/auditLog/);
  assert.deepEqual(await tabTexts(shell), ['应用首页', '权限管理', '审计日志']);
  // right-click: close others
  await shell.locator('.mini-tag-bar [data-tag="authManage"]').click({ button: 'right' });
  await shell.locator('.ant-dropdown:visible').getByText('关闭其他').click();
  await shell.waitForURL(/authManage/);
  assert.deepEqual(await tabTexts(shell), ['应用首页', '权限管理']);
  // the dropdown: search the tabs, then close all: back to the welcome tab
  await shell.getByTestId('mini-tab-actions').click();
  const drop = shell.locator('.mini-tab-menu');
  await drop.locator('input').fill('权限');
  assert.deepEqual((await drop.locator('.mini-tab-found li').allInnerTexts()).map((x) => x.trim()), ['权限管理']);
  await drop.getByText('关闭全部').click();
  await shell.waitForURL(/#\/miniApp\/home\/index\//);
  assert.deepEqual(await tabTexts(shell), ['应用首页']);
  // clear cache asks first, then says it is done
  await shell.getByTestId('mini-tab-actions').click();
  await shell.locator('.mini-tab-menu').getByText('清除缓存').click();
  await shell.locator('.ant-modal-confirm').getByText('是否需要清除缓存?').waitFor();
  await shell.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await shell.getByText('清除完毕').waitFor();

  // collapsed, the sidebar shows the first pinyin letter of the name
  await shell.getByTestId('mini-collapse').click();
  assert.equal(await shell.getByTestId('mini-sider-letter').innerText(), 'X');
  await shell.getByTestId('mini-collapse').click();
  await shell.getByTestId('mini-sider-name').waitFor();

  // a permission group for the 普通用户 role: view only
  await sider(shell).getByText('权限管理', { exact: true }).click();
  const auth = shell.getByTestId('mini-auth');
  await auth.waitFor();
  await auth.locator('.ant-pro-table-list-toolbar').getByRole('button', { name: /新\s*增/ }).click();
  const groupForm = modal(shell, '新增权限组');
  await groupForm.locator('#permissionName').fill('教师查看');
  await groupForm.getByRole('button', { name: /保\s*存/ }).click();
  await shell.getByText('请至少指定一个授权对象（人员、角色、部门或岗位）').waitFor();
  await groupForm.locator('#roleIds').click();
  await shell.locator('.ant-select-tree-node-content-wrapper', { hasText: '普通用户' }).click();
  await groupForm.locator('.ant-modal-title').click();
  await groupForm.getByRole('button', { name: /保\s*存/ }).click();
  await groupForm.waitFor({ state: 'hidden' });
  const groupRow = auth.locator('.ant-table-row', { hasText: '教师查看' });
  await groupRow.waitFor();
  assert.match(await groupRow.innerText(), /查看/);
  assert.match(await groupRow.innerText(), /1 个角色/);
  // the audit log has the change
  await sider(shell).getByText('审计日志', { exact: true }).click();
  await shell.locator('.ant-table-row', { hasText: '权限' }).first().waitFor();
  await shell.locator('.ant-table-row', { hasText: '权限' }).first().getByRole('button', { name: /^查\s*看$/ }).click();
  await shell.getByTestId('mini-json-right').waitFor();
  assert.match(await shell.getByTestId('mini-json-right').innerText(), /教师查看/);
  await shell.locator('.ant-drawer-close').click();
  await sider(shell).getByText('权限管理', { exact: true }).click();
  await groupRow.waitFor();
  await saveShot(shell, SHOTS, 'auth-manage-zh');
  await sider(shell).getByText('应用首页', { exact: true }).click();
  await shell.getByTestId('mini-home-name').waitFor();
  await saveShot(shell, SHOTS, 'shell-zh');
  if (SHOTS) {
    await setLanguage(shell, 'en');
    await shell.getByTestId('mini-home-name').waitFor();
    await sider(shell).getByText('Permissions', { exact: true }).click();
    await shell.locator('.ant-table-row', { hasText: '教师查看' }).waitFor();
    await saveShot(shell, SHOTS, 'auth-manage-en');
    await sider(shell).getByText('App home', { exact: true }).click();
    await saveShot(shell, SHOTS, 'shell-en');
    await setLanguage(shell, 'zh');
  }
  // 系统配置: the pre-read notice needs its title and text when on; saved, it comes back
  await sider(shell).getByText('系统配置', { exact: true }).click();
  await shell.getByTestId('mini-sysconfig-save').waitFor();
  await shell.locator('#pageSize').getByText('30', { exact: true }).click();
  await shell.locator('#enable').click();
  await shell.getByTestId('mini-sysconfig-save').click();
  await shell.getByText('请输入预读标题').waitFor();
  await shell.locator('#title').fill('填报须知');
  await shell.locator('#body').fill('请如实填写学生信息。');
  await shell.getByTestId('mini-sysconfig-save').click();
  await shell.getByText('系统配置已保存').waitFor();
  await shell.reload();
  await shell.locator('#title').and(shell.locator('[value="填报须知"]')).waitFor();
  assert.equal(await shell.locator('#pageSize input[value="30"]').isChecked(), true);

  const params = shellUrl.split('/index/')[1];
  await shell.goto(shellUrl.replace(/index\/.*$/, `urlPath?name=${encodeURIComponent('坏按钮')}&src=${encodeURIComponent('javascript:alert(1)')}&params=${params}`));
  await shell.getByTestId('mini-url-refused').waitFor();
  assert.equal(await shell.getByTestId('mini-url-frame').count(), 0);
  await shell.goto(shellUrl.replace(/index\/.*$/, `urlPath?name=${encodeURIComponent('首页')}&src=${encodeURIComponent('/#/wel/index')}&params=${params}`));
  await shell.getByTestId('mini-url-frame').waitFor();
  assert.ok((await tabTexts(shell)).includes('首页'), 'the button\'s name is its tab');
  await shell.close();
});

test('the app center lists the app and pins it; 权限配置 chooses it with the chooser dialog', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.goto(`${s.server.url}/#/webapp/appCenter`);
  const center = page.getByTestId('mini-app-center');
  const card = center.getByTestId('mini-center-card').filter({ hasText: '学生信息采集' });
  await card.first().waitFor();
  await card.first().locator('.pin').click();
  await page.getByText('已添加到我的应用').waitFor();
  await center.getByText('我的应用', { exact: true }).waitFor();
  await saveShot(page, SHOTS, 'app-center-zh');

  await page.goto(`${s.server.url}/#/webapp/permissionConfig`);
  await page.getByTestId('mini-permission-config').waitFor();
  await page.getByRole('button', { name: '选择微应用' }).click();
  const chooser = modal(page, '选择微应用');
  await chooser.getByTestId('mini-chooser-card').first().waitFor();
  await chooser.getByTestId('mini-chooser-name').fill('不存在的应用');
  await chooser.getByRole('button', { name: /搜\s*索/ }).click();
  await chooser.getByText('没有找到微应用').waitFor();
  await chooser.getByRole('button', { name: /清\s*空/ }).click();
  await chooser.getByTestId('mini-chooser-card').filter({ hasText: '学生信息采集' }).waitFor();
  await chooser.locator('.ant-pagination-options').waitFor();
  await saveShot(page, SHOTS, 'chooser-zh');
  await chooser.getByTestId('mini-chooser-card').filter({ hasText: '学生信息采集' }).click();
  await chooser.waitFor({ state: 'hidden' });
  await page.getByTestId('mini-auth').locator('.ant-table-row', { hasText: '教师查看' }).waitFor();

  if (SHOTS) {
    await setLanguage(page, 'en');
    await page.goto(`${s.server.url}/#/webapp/appCenter`);
    await page.getByTestId('mini-center-card').first().waitFor();
    await saveShot(page, SHOTS, 'app-center-en');
    await page.goto(`${s.server.url}/#/webapp/permissionConfig`);
    await page.getByRole('button', { name: 'Choose a micro-app' }).click();
    await modal(page, 'Choose a micro-app').getByTestId('mini-chooser-card').first().waitFor();
    await saveShot(page, SHOTS, 'chooser-en');
    await page.keyboard.press('Escape');
    await page.goto(`${s.server.url}/#/webapp/appManage`);
    await page.locator('.ant-table-row', { hasText: '学生信息采集' }).waitFor();
    await saveShot(page, SHOTS, 'app-manage-en');
    await setLanguage(page, 'zh');
  }
});

test('an ordinary user: no group gives no access; a group without managing gives the no-permission alert', async () => {
  assert.ok(shellUrl, 'the first test opened the shell');
  // the group made above grants the 普通用户 role: take it away first
  const admin = (await s.server.login()).access_token as string;
  const appId = JSON.parse(Buffer.from(shellUrl.split('/index/')[1].replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString()).appId as string;
  const groups = await s.server.api(`/api/appPermission/appPermission/list?appId=${appId}`, { token: admin });
  const groupId = groups.body.data.records[0].id as string;
  const role = groups.body.data.records[0].roleIds as string;
  await s.server.api('/api/appPermission/appPermission/submit', { method: 'POST', token: admin, json: { ...groups.body.data.records[0], roleIds: null, deptIds: null, postIds: '1' } });

  const page = await s.signedIn('user', 'user');
  await page.goto(shellUrl);
  const alert = page.getByTestId('mini-no-access');
  await alert.waitFor();
  assert.match(await alert.innerText(), /抱歉，您没有该应用的访问权限/);
  // the window was not opened by a script: it stays, with a way back
  await alert.getByText('前往应用中心').waitFor({ timeout: 8000 });

  await s.server.api('/api/appPermission/appPermission/submit', { method: 'POST', token: admin, json: { ...groups.body.data.records[0], id: groupId, roleIds: role } });
  await page.goto(shellUrl.replace(/index\/([A-Za-z0-9_-]+)$/, 'authManage?params=$1'));
  await page.reload();
  await alert.waitFor();
  assert.match(await alert.innerText(), /无权限/);
  assert.match(await alert.innerText(), /只有创建人或管理员才能管理微应用/);
  // the welcome page is theirs: no management entries in the sidebar
  await page.goto(shellUrl);
  await page.reload();
  await page.getByTestId('mini-shell').waitFor();
  await sider(page).getByText('数据管理', { exact: true }).waitFor();
  assert.equal(await sider(page).getByText('权限管理', { exact: true }).count(), 0);
});
