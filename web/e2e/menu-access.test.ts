// Screens follow the menu (spec 000 §2.3, issue 12 item 5): a signed-in user who opens a screen whose
// menu they do not hold gets the 403 page, and the screen is never mounted — none of its calls
// leave the browser. Administrators, who hold the menus, get the screens at the same addresses.
// Run from the repository root after `npm run build`: node --import tsx --test web/e2e/menu-access.test.ts
// MENU_ACCESS_SHOTS=<dir> also saves the 403 page in Chinese and English.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { saveShot, setLanguage, suite } from './browser.ts';

const s = suite();
const SHOTS = process.env.MENU_ACCESS_SHOTS;

before(() => s.open());
after(() => s.close());

/** Admin screens the seeded `user` does not hold, and the calls each makes when it opens. */
const ADMIN_SCREENS: { route: string; menu: string; calls: RegExp }[] = [
  { route: '/system/user', menu: '用户管理', calls: /\/api\/blade-system\/(user\/page|dept\/tree)/ },
  { route: '/system/menu', menu: '菜单管理', calls: /\/api\/blade-system\/menu\/(list|tree|lazy)/ },
  { route: '/workflow/design/model', menu: '模型设计', calls: /\/api\/blade-workflow\/design\/model/ },
];

/** Every /api/ request path the page sends from now on. */
function watchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) calls.push(u.pathname);
  });
  return calls;
}

const tabs = (page: Page) => page.locator('.tag-tabs .ant-tabs-tab');
const forbidden = (page: Page) => page.locator('.ant-result-403');

/** Lets the calls a mounted screen would make go out (the lazy chunk, then its queries). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
}

async function clearMenuCache(): Promise<void> {
  const token = (await s.server.login()).access_token as string;
  const r = await s.server.api('/api/blade-auth/oauth/clear-cache', { token });
  assert.equal(r.status, 200);
}

/** Grants (or takes back) menus of the seeded ordinary-user role (a child with its group, as the role grant does). */
async function userRoleMenu(codes: string[], held: boolean): Promise<void> {
  // loaded by path at run time, like browser.ts, so the web type-check does not compile the server
  const { SEED } = (await import(new URL('../../server/src/db/seed.ts', import.meta.url).href)) as { SEED: Record<string, string> };
  const { sql } = await import('kysely');
  const db = s.server.server.database.db as never;
  if (held) {
    await sql`insert into blade_role_menu (menu_id, role_id) select id, ${SEED.userRoleId} from blade_menu where code = any(${codes}) on conflict do nothing`.execute(db);
  } else {
    await sql`delete from blade_role_menu where role_id = ${SEED.userRoleId} and menu_id in (select id from blade_menu where code = any(${codes}))`.execute(db);
  }
  await clearMenuCache();
}

test('an ordinary user who types an admin screen address gets the 403 page, and the screen loads nothing', async () => {
  const page = await s.signedIn('user', 'user');
  const calls = watchCalls(page);
  for (const screen of ADMIN_SCREENS) {
    calls.length = 0;
    await page.goto(`${s.server.url}/#${screen.route}`);
    await forbidden(page).waitFor();
    await settle(page);
    assert.deepEqual(calls.filter((c) => screen.calls.test(c)), [], `${screen.route}: no call of the screen`);
    assert.equal(await page.locator('.ant-pro-table').count(), 0, `${screen.route}: no list is mounted`);
    assert.equal(await page.locator('.forbidden-result .forbidden-lead').innerText(), '抱歉，您无权访问此页面。');
    await page.locator('.forbidden-result').getByText('请联系管理员为您的角色分配此菜单').waitFor();
    // the tab and the window title say so; the raw path is never a label
    assert.equal(await page.locator('.tag-tabs .ant-tabs-tab-active').innerText(), '无权访问');
    assert.ok(!(await tabs(page).allInnerTexts()).some((t) => t.includes('/')), 'no tab is labelled with a path');
    assert.deepEqual(await tabs(page).allInnerTexts(), ['首页', '无权访问'], 'one 无权访问 tab, replaced by the next refused address');
    assert.equal(await page.title(), '无权访问 - 智慧校园服务平台');
    assert.ok(!(await page.locator('.sider-menu').innerText()).includes(screen.menu), `${screen.menu} is not in the user's sidebar`);
  }
  // a fresh page load (the stored menu, then the server's) refuses the same way
  calls.length = 0;
  await page.goto(`${s.server.url}/#/system/user`);
  await page.reload();
  await forbidden(page).waitFor();
  await settle(page);
  assert.deepEqual(calls.filter((c) => ADMIN_SCREENS[0].calls.test(c)), [], 'no user or department call after a reload');
  assert.ok(calls.includes('/api/blade-system/menu/routes'), 'the gate asked the server for the menu');
  await saveShot(page, SHOTS, 'forbidden-zh');
  // the way out: back to the home page
  await forbidden(page).getByRole('button', { name: '返回首页' }).click();
  await page.waitForURL(/#\/wel\/index$/);
  await page.locator('.wel-page').waitFor();
});

test('an administrator opens the same addresses and gets the screens, named after their menus', async () => {
  const page = await s.signedIn('admin', 'admin');
  const calls = watchCalls(page);
  for (const screen of ADMIN_SCREENS) {
    calls.length = 0;
    await page.goto(`${s.server.url}/#${screen.route}`);
    await page.locator('.ant-pro-table').first().waitFor();
    await settle(page);
    assert.equal(await forbidden(page).count(), 0, `${screen.route}: no 403 for the administrator`);
    assert.ok(calls.some((c) => screen.calls.test(c)), `${screen.route}: the screen loads its data (${calls.join(', ')})`);
    assert.equal(await page.locator('.tag-tabs .ant-tabs-tab-active').innerText(), screen.menu);
  }
  // a screen opened from a menu's list (the designer of a model) is granted by that menu
  await page.goto(`${s.server.url}/#/workflow/design/model/history/1`);
  await page.waitForTimeout(300);
  assert.equal(await forbidden(page).count(), 0);
});

test('the 403 page speaks English when the language is English', async () => {
  const page = await s.signedIn('user', 'user');
  await page.goto(`${s.server.url}/#/system/dept`);
  await forbidden(page).waitFor();
  assert.equal(await page.locator('.forbidden-result .forbidden-lead').innerText(), '抱歉，您无权访问此页面。');
  await setLanguage(page, 'en');
  await forbidden(page).getByText('Sorry, you are not allowed to open this page.').waitFor();
  await forbidden(page).getByText('This page is not in your menu. Ask an administrator to grant its menu to your role.').waitFor();
  await forbidden(page).getByRole('button', { name: 'Back to home' }).waitFor();
  assert.equal(await page.locator('.tag-tabs .ant-tabs-tab-active').innerText(), 'No access');
  assert.match(await page.title(), /^No access - /);
  assert.equal(await page.locator('.forbidden-result').getByText(/[\u4e00-\u9fff]/).count(), 0, 'no Chinese left on the English page');
  await saveShot(page, SHOTS, 'forbidden-en');
});

test('screens every user has stay open; unknown paths keep their 404', async () => {
  const page = await s.signedIn('user', 'user');
  for (const [route, ready] of [
    ['/info/index', '.ant-form'],
    ['/workflow/process/todo', '[data-testid=wf-list-todo]'],
    ['/plugin/workflow/process/send', '[data-testid=wf-list-send]'],
    ['/personal/group', '.ant-pro-table'],
  ] as const) {
    await page.goto(`${s.server.url}/#${route}`);
    await page.locator(ready).first().waitFor();
    assert.equal(await forbidden(page).count(), 0, `${route} is not refused`);
  }
  await page.goto(`${s.server.url}/#/system/no-such-screen`);
  await page.waitForURL(/#\/404$/);
  await page.locator('.ant-result-404').waitFor();
});

test('the gate follows the server\'s menu: a menu granted since the last visit opens, one taken back closes', async () => {
  const page = await s.signedIn('user', 'user');
  const calls = watchCalls(page);
  await page.goto(`${s.server.url}/#/system/post`);
  await forbidden(page).waitFor();
  try {
    // granted now: the menu stored in the browser does not hold it yet, the server's does
    await userRoleMenu(['systemOrg', 'post'], true);
    calls.length = 0;
    await page.reload();
    await page.locator('.ant-pro-table').first().waitFor();
    await settle(page);
    assert.equal(await forbidden(page).count(), 0);
    assert.ok(calls.includes('/api/blade-system/post/list'), `the post list loads (${calls.join(', ')})`);
    assert.equal(await page.locator('.tag-tabs .ant-tabs-tab-active').innerText(), '岗位管理');
    // taken back: the stored menu still holds it; the server's answer closes the screen
    await userRoleMenu(['systemOrg', 'post'], false);
    await page.reload();
    await forbidden(page).waitFor();
    assert.equal(await page.locator('.ant-pro-table').count(), 0);
    assert.equal(await page.locator('.tag-tabs .ant-tabs-tab-active').innerText(), '无权访问');
  } finally {
    await userRoleMenu(['systemOrg', 'post'], false);
  }
  // a screen without the admin layout (a list opened in a new window) is gated by its list's menu
  try {
    await userRoleMenu(['wf_process_todo'], false);
    // a fresh load (a hash change alone would let the open document draw the list from the menu it holds)
    await page.goto('about:blank');
    calls.length = 0;
    await page.goto(`${s.server.url}/#/page/workflow/process/todo`);
    await forbidden(page).waitFor();
    await settle(page);
    assert.equal(await page.locator('.layout-sider').count(), 0, 'the bare 403 page, without the admin layout');
    assert.deepEqual(calls.filter((c) => c.includes('/todoList')), [], 'no to-do call');
    assert.match(await page.title(), /^无权访问 - /);
  } finally {
    await userRoleMenu(['wf_process_todo'], true);
  }
  calls.length = 0;
  await page.reload();
  await page.locator('[data-testid=wf-list-todo]').waitFor();
  await settle(page);
  assert.ok(calls.some((c) => c.includes('/todoList')), 'granted again, the to-do list loads');
});
