// The application shell in a real browser: the real server on a fresh database serves web/dist.
// Run from the repository root after `npm run build`: node --import tsx --test web/e2e/shell.test.ts
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { fillLogin, hoverMenuItem, launch, startE2EServer, SignedInPages, withPage as inPage, type E2EServer } from './browser.ts';

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

const withPage = (fn: (page: Page) => Promise<void>, locale?: string) => inPage(browser, fn, { locale });
// signed-in pages on a warm context per account (admin unless told)
const pages = new SignedInPages(() => browser, () => server);

const tabs = (page: Page) => page.locator('.tag-tabs .ant-tabs-tab');

test('a wrong password shows 用户名或密码错误 and a new captcha', async () => {
  await withPage(async (page) => {
    const first = page.waitForResponse((r) => r.url().includes('/oauth/captcha'));
    await page.goto(`${server.url}/#/login`);
    const key = ((await (await first).json()) as { key: string }).key;
    const second = page.waitForResponse((r) => r.url().includes('/oauth/captcha'));
    await fillLogin(page, 'admin', 'not-the-password', await server.captchaCode(key));
    await page.locator('.login-error').getByText('用户名或密码错误').waitFor();
    const next = ((await (await second).json()) as { key: string }).key;
    assert.notEqual(next, key, 'the captcha is refreshed after a refusal');
    assert.match(page.url(), /#\/login/);
  });
});

test('signing in as admin shows the menu tree from the server', async () => {
  await pages.with(async (page) => {
    const sider = page.locator('.sider-menu');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByText('系统配置', { exact: true }).waitFor();
    assert.equal(await page.title(), '首页 - 智慧校园服务平台');
  });
});

test('visiting two menu pages opens two tabs; closing one leaves the other', async () => {
  await pages.with(async (page) => {
    const sider = page.locator('.sider-menu');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByText('系统配置', { exact: true }).click();
    await page.waitForURL(/#\/system\/config$/);
    await page.locator('.ant-pro-table').waitFor();
    await sider.getByText('日志管理', { exact: true }).click();
    await sider.getByText('错误日志', { exact: true }).click();
    await page.waitForURL(/#\/log\/error$/);
    assert.deepEqual(await tabs(page).allInnerTexts(), ['首页', '系统配置', '错误日志']);
    await tabs(page).filter({ hasText: '系统配置' }).locator('.ant-tabs-tab-remove').click();
    await page.waitForFunction(() => document.querySelectorAll('.tag-tabs .ant-tabs-tab').length === 2);
    assert.deepEqual(await tabs(page).allInnerTexts(), ['首页', '错误日志']);
    assert.equal(await tabs(page).filter({ hasText: '首页' }).locator('.ant-tabs-tab-remove').count(), 0, 'the first page tab is not closable');
  });
});

test('menu search finds 系统配置 by prefix and navigates to it', async () => {
  await pages.with(async (page) => {
    await page.locator('.top-action:has(.anticon-search)').click();
    const dialog = page.locator('.menu-search');
    await dialog.getByText('菜单搜索').waitFor();
    await dialog.locator('input').fill('系统配');
    const items = dialog.locator('.menu-search-list .ant-list-item');
    await items.first().waitFor();
    assert.deepEqual(await items.locator('.menu-search-name').allInnerTexts(), ['系统配置']);
    await items.first().click();
    await page.waitForURL(/#\/system\/config$/);
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.top-action:has(.anticon-search)').click();
    assert.equal(await dialog.locator('input').inputValue(), '', 'the search text is cleared after choosing');
  });
});

test('locking needs a password; the lock page unlocks only with it', async () => {
  await pages.with(async (page) => {
    await page.locator('.top-action:has(.anticon-lock)').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '设置锁屏密码' });
    await modal.locator('.ant-btn-primary').click();
    await modal.getByText('锁屏密码不能为空').waitFor();
    await modal.locator('input[type=password]').fill('s3cret');
    await modal.locator('.ant-btn-primary').click();
    await page.waitForURL(/#\/lock$/);
    await page.goto(`${server.url}/#/system/config`);
    await page.waitForURL(/#\/lock$/);
    await page.locator('.lock-form input').fill('wrong');
    await page.keyboard.press('Enter');
    await page.getByText('锁屏密码错误，请重新输入').waitFor();
    await page.locator('.lock-form input').fill('s3cret');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.hash.startsWith('#/lock'));
    await page.locator('.layout').waitFor();
  });
});

test('the login page switches language with its two buttons, and the choice stays after a reload', async () => {
  await withPage(async (page) => {
    await page.goto(`${server.url}/#/login`);
    const lang = page.locator('.login-lang');
    await page.locator('#username[placeholder="账号"]').waitFor();
    assert.equal(await lang.getByRole('button', { name: '中文' }).getAttribute('aria-pressed'), 'true');
    await lang.getByRole('button', { name: 'English' }).click();
    await page.locator('#username[placeholder="Account"]').waitFor();
    assert.equal(await lang.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'), 'true');
    assert.match(await page.title(), /^Sign in - /);
    await page.reload();
    await page.locator('#username[placeholder="Account"]').waitFor();
    await lang.getByRole('button', { name: '中文' }).click();
    await page.locator('#username[placeholder="账号"]').waitFor();
  });
});

test('switching the language to English relabels the shell', async () => {
  await pages.with(async (page) => {
    await hoverMenuItem(page, '.top-action:has(.anticon-global)', 'English');
    await tabs(page).filter({ hasText: 'Home' }).waitFor();
    await page.getByText('Quick links').waitFor();
    assert.equal(await page.title(), 'Home - Smart Campus Service Platform');
    await page.reload();
    await page.getByText('Quick links').waitFor();
  });
});

test('signing out asks for confirmation and lands on /login', async () => {
  await pages.with(async (page) => {
    await page.locator('[data-testid=user-menu]').hover();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '退出登录' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('是否退出系统?').waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await page.waitForURL(/#\/login$/);
    await page.goto(`${server.url}/#/wel/index`);
    await page.waitForURL(/#\/login$/);
  });
});

test('an unknown path shows the 404 page', async () => {
  await withPage(async (page) => {
    await page.goto(`${server.url}/#/no/such/page`);
    await page.waitForURL(/#\/404$/);
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  });
});

test('the system config list adds, validates JSON, and deletes with confirmation', async () => {
  await pages.with(async (page) => {
    await page.goto(`${server.url}/#/system/config`);
    const table = page.locator('.ant-pro-table');
    await table.getByText('sysConfig', { exact: true }).waitFor();
    // Delete with nothing selected only warns.
    await table.locator('.ant-pro-table-list-toolbar button.ant-btn-dangerous').click();
    await page.getByText('请选择至少一条数据').waitFor();
    await table.locator('.ant-pro-table-list-toolbar button:has(.anticon-plus)').click();
    const form = page.locator('.ant-modal').filter({ hasText: '系统配置 · 新增' });
    await form.locator('#configKey').fill('e2eConfig');
    await form.locator('#configInfo').fill('{not json');
    await form.locator('.ant-btn-primary').click();
    await form.getByText('配置内容不是合法的 JSON').waitFor();
    await form.locator('#configInfo').fill('{"hello":"world"}');
    await form.locator('.ant-btn-primary').click();
    await page.getByText('操作成功').first().waitFor();
    const row = table.locator('tr').filter({ hasText: 'e2eConfig' });
    await row.waitFor();
    await row.locator('button.ant-btn-dangerous').click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('此操作将永久删除该条数据, 是否继续?').waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });
  });
});

test('the department/role switch dialog refreshes the session', async () => {
  await pages.with(async (page) => {
    await page.locator('[data-testid=user-menu]').hover();
    await page.locator('.ant-dropdown-menu-item').filter({ hasText: '切换部门/角色' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '用户信息选择' });
    await dialog.waitFor();
    const token = page.waitForResponse((r) => r.url().includes('/oauth/token') && r.request().method() === 'POST');
    await dialog.locator('button[type=submit]').click();
    const answer = (await (await token).json()) as { access_token?: string };
    assert.ok(answer.access_token, 'the refresh_token grant answers a new token');
    await page.getByText('切换成功').waitFor();
    await page.waitForURL(/#\/wel\/index$/);
  });
});
