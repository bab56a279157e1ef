// System administration screens in a real browser on a fresh database (spec 002).
// Run from the repository root after `npx vite build` in web/: node --import tsx --test web/e2e/system.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
import { dialog, launch, listTable, signIn, startE2EServer, toolbarAdd, SignedInPages, type E2EServer } from './browser.ts';

let server: E2EServer;
let browser: Browser;

before(async () => {
  server = await startE2EServer();
  browser = await launch();
});

after(async () => {
  await pages.close();
  await browser?.close();
  await server?.close();
});

// signed-in pages on a warm context per account (admin unless told)
const pages = new SignedInPages(() => browser, () => server);

const table = listTable;
const modal = dialog;

async function until(ok: () => boolean, ms = 15_000): Promise<void> {
  for (const end = Date.now() + ms; !ok(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Ticks the checkbox of the first tree node titled `title` after the node titled `after` (grant trees list nodes in order). */
async function checkTreeNode(scope: Locator, after: string, title: string): Promise<void> {
  const nodes = scope.locator('.ant-tree-treenode');
  const titles = await nodes.locator('.ant-tree-title').allInnerTexts();
  const start = titles.indexOf(after);
  assert.ok(start >= 0, `tree node ${after} exists`);
  const at = titles.findIndex((t, i) => i > start && t === title);
  assert.ok(at > start, `tree node ${title} after ${after}`);
  await nodes.nth(at).locator('.ant-tree-checkbox').click();
}

/** Opens a TreeSelect form field and ticks the option with this title. */
async function pickTreeSelect(form: Locator, field: string, title: string): Promise<void> {
  await form.locator(`.ant-form-item:has(#${field}) .ant-select-selector`).click();
  const option = form.page().locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${title}$`) });
  await option.first().click();
  await form.locator('.ant-modal-title').click(); // closes the dropdown
}

test('a role granted only 参数管理 with its view button sees only that screen, read-only', async () => {
  await pages.with(async (page) => {

    // the role
    await page.goto(`${server.url}/#/authority/role`);
    await table(page).locator('tr').filter({ hasText: 'administrator' }).waitFor();
    await toolbarAdd(table(page)).click();
    const roleForm = modal(page, '角色管理 · 新增');
    await roleForm.locator('#roleName').fill('参数查看员');
    await roleForm.locator('#roleAlias').fill('paramViewer');
    await roleForm.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const roleRow = table(page).locator('tr').filter({ hasText: 'paramViewer' });
    await roleRow.waitFor();

    // its grant: the home page and 系统管理 > 参数管理 > 查看 only
    await roleRow.getByRole('button', { name: '权限设置' }).click();
    const grant = modal(page, '权限设置');
    await grant.getByRole('tab', { name: '菜单权限' }).waitFor();
    await grant.getByRole('tab', { name: '数据权限' }).waitFor();
    await grant.getByRole('tab', { name: '接口权限' }).waitFor();
    const menuTree = grant.locator('.ant-tabs-tabpane-active .ant-tree');
    await menuTree.getByText('参数管理', { exact: true }).waitFor();
    // the tree opens folded to menus: open the buttons
    await grant.locator('.ant-tabs-tabpane-active .check-tree-expand').click();
    const home = menuTree.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: /^首页$/ }) });
    await home.locator('.ant-tree-checkbox').click();
    await checkTreeNode(menuTree, '参数管理', '查看');
    const saved = page.waitForResponse((r) => r.url().includes('/role/grant'));
    await grant.locator('.ant-btn-primary').click();
    const body = (await (await saved).request().postDataJSON()) as { menuIds: string[] };
    assert.equal(body.menuIds.length, 4, 'home, 系统管理 and 参数管理 (half-checked) and the view button');

    // a user of 教务处 with that role
    await page.goto(`${server.url}/#/system/user`);
    await table(page).locator('tr').filter({ hasText: 'admin' }).first().waitFor();
    await toolbarAdd(table(page)).click();
    const userForm = modal(page, '用户管理 · 新增');
    await userForm.locator('#account').fill('paramviewer');
    await userForm.locator('#realName').fill('参数查看');
    await userForm.locator('#password').fill('viewer123');
    await userForm.locator('#password2').fill('viewer124');
    await userForm.locator('.ant-btn-primary').click();
    await userForm.getByText('两次输入密码不一致!').waitFor();
    await userForm.locator('#password2').fill('viewer123');
    await pickTreeSelect(userForm, 'deptId', '教务处');
    await pickTreeSelect(userForm, 'roleId', '参数查看员');
    await userForm.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    await table(page).locator('tr').filter({ hasText: 'paramviewer' }).waitFor();

    // sign out, sign in as that user
    await page.locator('[data-testid=user-menu]').hover();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '退出登录' }).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await page.waitForURL(/#\/login$/);
    await signIn(page, server.url, server, 'paramviewer', 'viewer123');

    const sider = page.locator('.sider-menu');
    const topTitles = (await page.locator('.sider-menu > li').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
    assert.deepEqual(topTitles, ['首页', '系统管理'], 'only the home page and 系统管理 in the sidebar');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByText('参数管理', { exact: true }).waitFor();
    const children = (await sider.locator('.ant-menu-sub .ant-menu-item').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(children, ['参数管理']);
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/blade-system/param/list')) statuses.push(r.status());
    });
    await sider.getByText('参数管理', { exact: true }).click();
    await page.waitForURL(/#\/system\/param$/);
    await table(page).locator('.ant-table-tbody .ant-table-row, .ant-table-tbody .ant-table-placeholder').first().waitFor();
    await until(() => statuses.length > 0);
    assert.deepEqual(statuses, [200], 'the parameter list answered');
    assert.equal(await page.locator('.ant-message-error').count(), 0, 'the list answered without a refusal');
    assert.equal(await toolbarAdd(table(page)).count(), 0, 'no 新增 without param_add');
    assert.equal(await table(page).getByRole('button', { name: '编辑' }).count(), 0, 'no 编辑 without param_edit');
  });
});

test('parameters: the required messages are the spec texts', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/system/param`);
    await toolbarAdd(table(page)).click();
    const form = modal(page, '参数管理 · 新增');
    await form.locator('.ant-btn-primary').click();
    for (const text of ['请输入参数名称', '请输入参数键名', '请输入参数键值']) await form.getByText(text).waitFor();
  });
});

test('departments: 新增下级 adds a child under the row', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/system/dept`);
    const root = table(page).locator('tr').filter({ hasText: '示范大学' }).first();
    await root.waitFor();
    await root.getByRole('button', { name: '新增下级' }).click();
    const form = modal(page, '部门管理 · 新增');
    await form.locator('.ant-form-item:has(#parentId) .ant-select-selection-item').filter({ hasText: '示范大学' }).waitFor();
    await form.locator('#deptName').fill('后勤处');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const expand = root.locator('.ant-table-row-expand-icon');
    if ((await expand.getAttribute('aria-expanded')) !== 'true') await expand.click();
    const child = table(page).locator('tr').filter({ hasText: '后勤处' });
    await child.waitFor();
    assert.match((await child.getAttribute('class')) ?? '', /ant-table-row-level-1/, 'the new department is one level below');
  });
});

test('dictionary: choosing a dictionary lists its items and adds one', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/system/dict`);
    const parents = table(page);
    const sex = parents.locator('tr').filter({ hasText: 'sex' }).first();
    await sex.waitFor();
    await sex.getByRole('button', { name: '字典配置' }).click();
    const items = page.locator('.dict-children .ant-pro-table');
    await items.locator('tr').filter({ hasText: '未知' }).waitFor();
    await toolbarAdd(items).click();
    const form = modal(page, '字典项 · 新增');
    // the dialog's fields drawn first: a save clicked before the form is mounted submits nothing
    await form.locator('#dictKey').waitFor();
    await form.locator('.ant-btn-primary').click();
    await form.getByText('请输入字典键值').waitFor();
    await form.locator('#dictKey').fill('9');
    await form.locator('#dictValue').fill('保密');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    await items.locator('tr').filter({ hasText: '保密' }).waitFor();
  });
});

test('scheduled job: add one, then enable it with the row switch', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/job/quartz`);
    await toolbarAdd(table(page)).click();
    const form = modal(page, '定时任务 · 新增');
    await form.locator('.ant-btn-primary').click();
    for (const text of ['请输入任务名称', '请输入调用目标', '请输入cron执行表达式']) await form.getByText(text).waitFor();
    await form.locator('#jobName').fill('心跳检查');
    await form.locator('#invokeTarget').fill('heartbeat');
    await form.locator('#cronExpression').fill('0 0 3 * * *');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table(page).locator('tr').filter({ hasText: '心跳检查' });
    const sw = row.locator('.ant-switch');
    await sw.waitFor();
    assert.equal(await sw.getAttribute('aria-checked'), 'false', 'a new job starts disabled');
    const changed = page.waitForResponse((r) => r.url().includes('/quartzJob/change-status'));
    await sw.click();
    assert.match((await changed).url(), /status=1/);
    await page.waitForFunction(() => document.querySelector('.ant-pro-table tr.ant-table-row .ant-switch')?.getAttribute('aria-checked') === 'true');
  });
});
