// The portal's management screens in a real browser (issue 16 "Management screens"; 001 §4, §7.2):
// on the demo campus an administrator adds a service on the edit page — the form says what is
// missing, a fresh code is filled in, the service is bound to a deployed demo process, valid daily
// 08:00-17:30 and handled only by one person or the students' role — edits it (a monthly window,
// a material and a step), switches it off in the list (the public hall no longer lists it), puts a
// floor's columns in order and switches the floor off. An ordinary user without the menus gets the
// 403 page and none of the screens' calls. Every check reads the server's answer, not the page alone.
// PORTAL_MANAGE_SHOTS=<dir> saves the service list, the edit page, floors and slideshows in zh and en.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { setLanguage, suite } from './browser.ts';

const s = suite({ config: { seedCampus: true } });
const SHOTS = process.env.PORTAL_MANAGE_SHOTS;
const P = '/api/blade-portal';

before(() => s.open());
after(() => s.close());

let token = '';
const get = async (path: string) => {
  const r = await s.server.api(path, { token });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
};
const post = async (path: string, json: unknown) => {
  const r = await s.server.api(path, { method: 'POST', token, json });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
};
/** The services whose name contains the text (management list). */
const servicesNamed = async (name: string) => (await get(`${P}/serviceManage/list?name_like=${encodeURIComponent(name)}&size=50`)).records as Record<string, any>[];

const errorText = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

async function shot(page: Page, name: string, height = 900): Promise<void> {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1440, height });
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Searches the service list by name (its search form) and waits for the one row. */
async function findService(page: Page, name: string) {
  const search = page.locator('.ant-pro-table-search');
  await search.locator('input#name').fill(name);
  await search.getByRole('button', { name: /查\s*询|Query|Search/ }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await row.waitFor();
  await page.waitForFunction((n) => [...document.querySelectorAll('.pm-service-list .ant-table-tbody .ant-table-row')].every((r) => r.textContent?.includes(n)), name);
  return row;
}

test('an administrator adds a service bound to a demo process, with a validity window and an audience', async () => {
  token = (await s.server.login()).access_token as string;
  const [student] = (await get('/api/blade-system/search/user?account_like=student1&size=5')).records as { id: string; account: string }[];
  type Role = { id: string; roleAlias: string; children?: Role[] };
  const flat = (list: Role[]): Role[] => list.flatMap((r) => [r, ...flat(r.children ?? [])]);
  const roles = flat((await get('/api/blade-system/role/list')) as Role[]);
  const page = await s.signedIn('admin', 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 服务管理 from the back-office menu
  const menu = page.locator('.sider-menu');
  await menu.getByText('门户管理', { exact: true }).click();
  await menu.getByText('服务管理', { exact: true }).click();
  await page.waitForURL(/#\/portal\/serviceManage$/);
  await page.getByTestId('pm-service-list').locator('.ant-table-row').first().waitFor();
  await shot(page, 'services-zh');

  // 新增 opens the edit page with a fresh code; saving at once names what is missing
  await page.locator('.pm-service-add').click();
  await page.waitForURL(/#\/portal\/serviceManagerEdit\/0$/);
  await page.locator('.pm-edit-form').waitFor();
  const code = await page.locator('.pm-code').inputValue();
  assert.match(code, /^FW\d{12}$/, 'a fresh service code FW + yyyyMMdd + 4 digits');
  assert.equal((await servicesNamed(code)).length, 0);
  await page.locator('.pm-save').click();
  for (const m of ['请输入服务名称', '请选择服务分类', '请选择绑定的流程']) await errorText(page, m).waitFor();
  await toast(page, '请先修正表单中标红的内容').waitFor();

  // basic information and the bound process (the tenant's deployed processes)
  await page.locator('.pm-name').fill('E2E 学生请假（测试）');
  await page.locator('.pm-category').click();
  await option(page, '学生事务').first().click();
  await page.locator('.pm-process').click();
  await page.locator('.pm-process input').fill('campusStudentLeave');
  await option(page, 'campusStudentLeave').click();
  // an external address is asked for only when the service is handled by one
  await page.locator('.pm-radio-itemWay').getByText('外部链接').click();
  await page.locator('.pm-url').fill('ftp://nowhere');
  await page.locator('.pm-save').click();
  await errorText(page, '外部地址须以 http(s):// 开头').waitFor();
  await page.locator('.pm-radio-itemWay').getByText('流程办理').click();
  await page.locator('.pm-process').waitFor();

  // validity: every day 08:00-17:30
  await page.locator('.pm-validity-mode').click();
  await option(page, '每日时段').click();
  await page.locator('.pm-save').click();
  await errorText(page, '请选择每日办理时段').waitFor();
  const time = page.locator('.pm-validity-time');
  await time.locator('input').first().click();
  await time.locator('input').first().fill('08:00');
  await page.keyboard.press('Enter');
  await time.locator('input').nth(1).fill('17:30');
  await page.keyboard.press('Enter');
  await page.locator('.pm-validity-summary').getByText('每日 08:00-17:30 可以办理').waitFor();

  // audience: 张明 (student1) by name, or anyone of the students' role
  await page.locator('.pm-audience-summary').getByText('所有登录用户均可办理').waitFor();
  await page.locator('.pm-audience-roles').click();
  await page.locator('.pm-audience-roles input').fill('学生');
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^学生$/ }).click();
  await page.keyboard.press('Escape');
  await page.locator('.pm-audience-pick').click();
  const picker = page.locator('.people-picker');
  await picker.locator('.ant-table-row').first().waitFor();
  await picker.locator('.ant-table-thead th').filter({ hasText: '姓名' }).locator('.ant-table-filter-trigger').click();
  const filter = page.locator('.people-filter').filter({ has: page.locator('input[placeholder="搜索姓名"]') });
  await filter.locator('input').fill('张明');
  await filter.locator('.people-filter-search').click();
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('.people-picker .ant-table-tbody .ant-table-row')];
    return rows.length === 1 && !!rows[0].textContent?.includes('张明');
  });
  await picker.locator('.ant-table-row').first().locator('.ant-checkbox-input').check();
  await picker.locator('.ant-modal-footer .ant-btn-primary').click();
  await picker.waitFor({ state: 'hidden' });
  await page.locator('.pm-audience-summary').getByText('仅以下人员可办理：指定的 1 人；或 1 个角色的人员').waitFor();
  await shot(page, 'service-new-zh');

  await page.locator('.pm-save').click();
  await toast(page, '服务已保存').waitFor();
  await page.waitForURL(/#\/portal\/serviceManage$/);

  // what the server keeps
  const [saved] = await servicesNamed('E2E 学生请假');
  assert.ok(saved, 'the service is in the list');
  assert.equal(saved.serviceCode, code);
  assert.equal(saved.itemWay, 1);
  assert.equal(saved.itemHandle, 'campusStudentLeave');
  assert.equal(saved.itemUrl ?? null, null, 'no address kept for a process-bound service');
  assert.equal(saved.validityMode, 2);
  assert.deepEqual([saved.validityStart, saved.validityEnd], ['08:00', '17:30']);
  assert.equal(saved.userIds, student.id, 'the person chosen');
  const studentRole = roles.find((r) => r.roleAlias === 'student');
  assert.ok(studentRole, 'the demo campus has the students\' role');
  assert.equal(saved.roleIds, String(studentRole.id), 'the students\' role');
  assert.equal(saved.deptIds ?? null, null);
  assert.equal(saved.status, 1);
});

test('the administrator edits the service, then switches it off in the list', async () => {
  const page = await s.signedIn('admin', 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.server.url}/#/portal/serviceManage`);
  const row = await findService(page, 'E2E 学生请假');
  await row.getByRole('button', { name: '编辑' }).click();
  await page.waitForURL(/#\/portal\/serviceManagerEdit\/\d+$/);
  await page.locator('.pm-edit-form').waitFor();
  assert.equal(await page.locator('.pm-name').inputValue(), 'E2E 学生请假（测试）');
  // the stored window and audience are shown as they were saved
  assert.equal(await page.locator('.pm-validity-time input').first().inputValue(), '08:00');
  await page.locator('.pm-audience-people').getByText('张明').waitFor();

  // a monthly window, days 1-10
  await page.locator('.pm-validity-mode').click();
  await option(page, '每月日期段').click();
  await page.locator('.pm-save').click();
  await errorText(page, '请输入开始日').waitFor();
  await page.locator('.pm-validity-day-start input').fill('1');
  await page.locator('.pm-validity-day-end input').fill('10');
  await page.locator('.pm-validity-summary').getByText('每月 1-10 日可以办理').waitFor();
  // the guide: a material and a step (a nameless one is refused)
  await page.locator('.pm-material-add').click();
  await page.locator('.pm-save').click();
  await errorText(page, '请输入材料名称').waitFor();
  await page.locator('.pm-material-name').first().fill('学生证复印件');
  await page.locator('.pm-step-add').click();
  await page.locator('.pm-step-name').first().fill('在线提交申请');
  await shot(page, 'service-edit-zh', 900);
  await page.locator('.pm-save').click();
  await toast(page, '服务已保存').waitFor();
  await page.waitForURL(/#\/portal\/serviceManage$/);

  let [svc] = await servicesNamed('E2E 学生请假');
  assert.equal(svc.validityMode, 4);
  assert.deepEqual([svc.validityStart, svc.validityEnd], ['1', '10']);
  const detail = await get(`${P}/serviceManage/detail?id=${svc.id}`);
  assert.deepEqual(JSON.parse(detail.materials), [{ name: '学生证复印件', required: true, copies: 1, note: '' }]);
  assert.deepEqual(JSON.parse(detail.steps), [{ name: '在线提交申请', description: '' }]);
  assert.equal(detail.itemHandle, 'campusStudentLeave', 'the rest stays');
  assert.ok(detail.userIds && detail.roleIds, 'the audience stays');

  // enabled services are listed by the hall; switched off, it is not
  const hall = async () => (await s.server.api(`${P}/serviceManage/noLogin/listUnion?name=${encodeURIComponent('E2E 学生请假')}&current=1&size=10`)).body.data.total as number;
  assert.equal(await hall(), 1);
  const again = await findService(page, 'E2E 学生请假');
  await again.locator('.pm-status-switch').click();
  await toast(page, '已停用').waitFor();
  [svc] = await servicesNamed('E2E 学生请假');
  assert.equal(svc.status, 0, 'switched off on the server');
  assert.equal(svc.validityMode, 4, 'nothing else changed');
  assert.equal(await hall(), 0, 'the hall no longer lists it');
});

test('the administrator puts a floor\'s columns in order and switches the floor off', async () => {
  // a floor of its own with three columns
  const floor = await post(`${P}/floor/submit`, { name: 'E2E 楼层', floorType: 1, sort: 90, status: 1 });
  const floorId = String(floor.id);
  for (const [i, name] of ['甲栏目', '乙栏目', '丙栏目'].entries()) await post(`${P}/column/submit`, { floorId, name, columnType: 1, showCount: 8, sort: i + 1, status: 1 });
  const order = async () => ((await get(`${P}/column/listNoPage?floorId=${floorId}`)) as { name: string }[]).map((c) => c.name);
  assert.deepEqual(await order(), ['甲栏目', '乙栏目', '丙栏目']);

  const page = await s.signedIn('admin', 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${s.server.url}/#/portalManage/floor`);
  const floorRow = page.locator('.ant-table-row').filter({ hasText: 'E2E 楼层' });
  await floorRow.waitFor();
  await shot(page, 'floors-zh');
  // its columns (the row's 栏目), then 排序: 甲 dragged to the end, 丙 up one with its arrow
  await floorRow.getByRole('button', { name: '栏目' }).click();
  await page.waitForURL(new RegExp(`#/portalManage/column\\?floorId=${floorId}$`));
  await page.locator('.ant-table-row').filter({ hasText: '丙栏目' }).waitFor();
  assert.equal(await page.locator('[data-testid=pm-column] .ant-table-tbody .ant-table-row').count(), 3, 'only the floor\'s columns');
  await page.locator('[data-testid=pm-column] .ant-pro-table-list-toolbar').getByText('排序').click();
  const drawer = page.locator('.pm-sort-drawer');
  await drawer.locator('.pm-sort-row').nth(2).waitFor();
  const titles = () => drawer.locator('.pm-sort-title').allInnerTexts();
  assert.deepEqual(await titles(), ['甲栏目', '乙栏目', '丙栏目']);
  const from = (await drawer.locator('.pm-sort-handle').nth(0).boundingBox())!;
  const to = (await drawer.locator('.pm-sort-handle').nth(2).boundingBox())!;
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  // in small steps: the sorter starts after a few pixels and follows the pointer
  for (let i = 1; i <= 12; i++) await page.mouse.move(x, from.y + from.height / 2 + ((to.y - from.y + 10) * i) / 12);
  await page.mouse.up();
  await page.waitForFunction(() => [...document.querySelectorAll('.pm-sort-drawer .pm-sort-title')].map((e) => e.textContent).join() === '乙栏目,丙栏目,甲栏目');
  await drawer.locator('.pm-sort-row').nth(1).locator('.pm-sort-up').click();
  assert.deepEqual(await titles(), ['丙栏目', '乙栏目', '甲栏目']);
  await drawer.locator('.pm-sort-save').click();
  await toast(page, '排序已保存').waitFor();
  assert.deepEqual(await order(), ['丙栏目', '乙栏目', '甲栏目'], 'the server keeps the new order');

  // the floor off: the public index no longer shows it
  const names = async () => ((await s.server.api(`${P}/floor/noLogin/list`)).body.data as { name: string }[]).map((f) => f.name);
  assert.ok((await names()).includes('E2E 楼层'));
  await page.goto(`${s.server.url}/#/portalManage/floor`);
  const row = page.locator('.ant-table-row').filter({ hasText: 'E2E 楼层' });
  await row.locator('.pm-status-switch').click();
  await toast(page, '已停用').waitFor();
  assert.equal((await get(`${P}/floor/detail?id=${floorId}`)).status, 0);
  assert.ok(!(await names()).includes('E2E 楼层'), 'switched off, the portal leaves it out');
  assert.equal(await row.locator('.pm-status-switch.ant-switch-checked').count(), 0);
});

test('screens in English', { skip: !SHOTS }, async () => {
  const page = await s.signedIn('admin', 'admin');
  await setLanguage(page, 'en');
  for (const [name, path] of [['services-en', '/portal/serviceManage'], ['floors-en', '/portalManage/floor'], ['slideshow-en', '/portalManage/slideshow']]) {
    await page.goto(`${s.server.url}/#${path}`);
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, name);
  }
  const [svc] = await servicesNamed('学术报告厅');
  await page.goto(`${s.server.url}/#/portal/serviceManagerEdit/${svc.id}`);
  await page.locator('.pm-edit-form').waitFor();
  await shot(page, 'service-edit-en');
  await page.evaluate(() => document.querySelector('#pm-audience')?.scrollIntoView({ block: 'start' }));
  await shot(page, 'service-edit-audience-en');
  await setLanguage(page, 'zh');
});

test('an ordinary user without the portal menus gets the 403 page and none of the screens\' calls', async () => {
  const page = await s.signedIn('user', 'user');
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith(P)) calls.push(u.pathname);
  });
  for (const route of ['/portal/serviceManage', '/portal/serviceManagerEdit/0', '/portalManage/floor', '/portalManage/column']) {
    await page.goto(`${s.server.url}/#${route}`);
    await page.locator('.ant-result-403').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.pm-page').count(), 0, `${route}: no screen is mounted`);
  }
  assert.deepEqual(calls, [], 'no portal management call left the browser');
  // and the server refuses them too
  const userToken = (await s.server.login('user', 'user')).access_token as string;
  assert.equal((await s.server.api(`${P}/serviceManage/list`, { token: userToken })).status, 403);
});
