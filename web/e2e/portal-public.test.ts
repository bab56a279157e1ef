// The public portal in a real browser (issue 16, 001 §2.1, §2.3, §2.4): an anonymous visitor opens
// /portal/index (hero slideshow and the services of a floor drawn, counters from the public calls),
// searches the top menu (leaf entries by case-insensitive prefix; choosing clears the box and opens
// the entry), browses the hall by category, searches a service (logged as a hot search), reads its
// guide, and signs in from 收藏 to come back to the guide. The closed portal shows "portal not open"
// with a sign-in link; mourning mode (subjectPattern 2) greys the whole page; a phone (390×844) gets
// the menu in a drawer; a signed-in portal page sends an anonymous visitor to the portal's sign-in
// with the way back. The content is made here through the management API as the administrator.
// PORTAL_PUBLIC_SHOTS=<dir> saves screenshots (index desktop and phone, hall, guide; zh and en).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Response } from 'playwright-core';
import { fillLogin, newPage, suite } from './browser.ts';

const s = suite();
const SHOTS = process.env.PORTAL_PUBLIC_SHOTS;
const P = '/api/blade-portal';
let token = '';
const ids: Record<string, string> = {};

async function post(path: string, json: unknown): Promise<any> {
  const r = await s.server.api(path, { method: 'POST', token, json });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
async function get(path: string, auth = true): Promise<any> {
  const r = await s.server.api(path, auth ? { token } : {});
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  return r.body.data;
}
/** Sets a portal setting (the management list finds its row when there is one). */
async function setConfig(configKey: string, configValue: string): Promise<void> {
  const rows = (await get(`${P}/config/list?current=1&size=100&configKey=${configKey}`)).records as { id: string; configKey: string; configName: string }[];
  const row = rows.find((r) => r.configKey === configKey);
  await post(`${P}/config/submit`, { ...(row ? { id: row.id } : {}), configKey, configName: row?.configName ?? configKey, configValue });
}
/** A made row's id: submit answers the row (or nothing), so it is found by a unique value when needed. */
async function submit(model: string, body: Record<string, unknown>, find: (r: any) => boolean): Promise<string> {
  const saved = await post(`${P}/${model}/submit`, body);
  if (saved?.id) return String(saved.id);
  const rows = (await get(`${P}/${model}/list?current=1&size=100`)).records as any[];
  const row = rows.find(find);
  assert.ok(row, `${model} made`);
  return String(row.id);
}

before(async () => {
  await s.open();
  token = (await s.server.login()).access_token;
  await setConfig('openPortal', '1');
  await setConfig('subjectPattern', '1');
  await setConfig('siteName', '示范大学网上办事大厅');
  await setConfig('siteNameEn', 'Demo University Service Hall');
  ids.catStudy = await submit('serviceCategory', { name: '学习生活', nameEn: 'Study and life', icon: 'ReadOutlined', color: '#1677ff', sort: 1, status: 1 }, (r) => r.name === '学习生活');
  ids.catMoney = await submit('serviceCategory', { name: '财务报销', nameEn: 'Finance', icon: 'AccountBookOutlined', color: '#fa8c16', sort: 2, status: 1 }, (r) => r.name === '财务报销');
  const service = (name: string, nameEn: string, categoryId: string, extra: Record<string, unknown> = {}) =>
    post(`${P}/serviceManage/save`, {
      name, nameEn, categoryId, itemWay: 2, openWay: 3, itemUrl: 'https://example.edu.cn/apply', handleType: 1, icon: 'FileTextOutlined', validityMode: 1, isHot: 0, sort: 1, status: 1, ...extra,
    });
  await service('图书借阅证明', 'Library certificate', ids.catStudy, {
    summary: '开具图书馆无欠书证明，用于毕业离校。', keywords: '图书,证明', timeLimit: '1 个工作日', handleAddress: '图书馆一楼服务台', contactPerson: '李老师', contactPhone: '010-62750001', fee: '不收费',
    introduce: '毕业生离校前须开具无欠书证明。', // as the management screen writes them ({ name, required: boolean, copies: number, note }), older rows (1/0, a text of copies) and a plain line
    materials: JSON.stringify([
      { name: '校园卡', nameEn: 'Campus card', required: true, copies: 1, note: '本人校园卡' }, { name: '离校单', nameEn: 'Leaving form', required: false, copies: 2, note: '' },
      { name: '借书记录', required: 0, copies: '复印件 1 份' }, '一寸照片',
    ]),
    steps: JSON.stringify([{ name: '在线申请', nameEn: 'Apply online', description: '填写申请' }, { name: '领取证明', nameEn: 'Collect it', description: '到服务台领取' }]),
    basis: '《图书馆借阅规则》', isHot: 1,
  });
  await service('校园卡补办', 'Campus card replacement', ids.catStudy, { summary: '校园卡遗失或损坏后补办新卡。', icon: 'CreditCardOutlined', sort: 2 });
  await service('差旅费报销', 'Travel claims', ids.catMoney, { summary: '出差回来后报销交通和住宿费用。', icon: 'MoneyCollectOutlined', handleType: 3, sort: 3 });
  const list = (await get(`${P}/serviceManage/list?current=1&size=100`)).records as { id: string; name: string }[];
  for (const r of list) ids[r.name] = String(r.id);
  // the header: a parent with two leaves, and the hall
  await submit('topMenu', { parentId: '0', name: '首页', nameEn: 'Home', addressType: 1, openWay: 1, jumpAddress: '/portal/index', sort: 1, status: 1 }, (r) => r.name === '首页');
  await submit('topMenu', { parentId: '0', name: '服务大厅', nameEn: 'Service hall', addressType: 1, openWay: 1, jumpAddress: '/portal/hall', sort: 2, status: 1 }, (r) => r.name === '服务大厅');
  const guides = await submit('topMenu', { parentId: '0', name: '办事指南', nameEn: 'Guides', addressType: 1, openWay: 1, jumpAddress: '/portal/hall', sort: 3, status: 1 }, (r) => r.name === '办事指南');
  await submit('topMenu', { parentId: guides, name: 'Library 证明指南', nameEn: 'Library guide', addressType: 1, openWay: 1, jumpAddress: `/portal/service/introduce?id=${ids['图书借阅证明']}`, sort: 1, status: 1 }, (r) => r.name === 'Library 证明指南');
  await submit('topMenu', { parentId: guides, name: '报销指南', nameEn: 'Claims guide', addressType: 1, openWay: 1, jumpAddress: `/portal/service/introduce?id=${ids['差旅费报销']}`, sort: 2, status: 1 }, (r) => r.name === '报销指南');
  // the hero, a floor with a column of services, a shortcut
  const type = await submit('slideshowType', { typeName: '首页轮播', typeCode: 'index', interval: 4000, sort: 1, status: 1 }, (r) => r.typeCode === 'index');
  await submit('slideshow', { typeId: type, title: '网上办事大厅上线', titleEn: 'The online hall is open', subtitle: '一网通办', imageUrl: '/favicon.ico', linkUrl: '/portal/hall', openWay: 1, sort: 1, status: 1 }, (r) => r.title === '网上办事大厅上线');
  // the hall's banner has slides of its own type
  const hallType = await submit('slideshowType', { typeName: '大厅横幅', typeCode: 'hall', interval: 4000, sort: 2, status: 1 }, (r) => r.typeCode === 'hall');
  await submit('slideshow', { typeId: hallType, title: '最多跑一次', titleEn: 'At most one trip', imageUrl: '/favicon.ico', sort: 1, status: 1 }, (r) => r.title === '最多跑一次');
  const floor = await submit('floor', { name: '常用服务', nameEn: 'Everyday services', floorType: 1, sort: 1, status: 1 }, (r) => r.name === '常用服务');
  await submit('column', { floorId: floor, name: '学生服务', nameEn: 'For students', columnType: 1, serviceIds: [ids['图书借阅证明'], ids['校园卡补办'], ids['差旅费报销']].join(','), showCount: 8, sort: 1, status: 1 }, (r) => r.name === '学生服务');
  await submit('shortcutEntrance', { name: '借阅证明', nameEn: 'Certificate', icon: 'BookOutlined', color: '#13a8a8', serviceId: ids['图书借阅证明'], openWay: 1, sort: 1, status: 1 }, (r) => r.name === '借阅证明');
});
after(() => s.close());

/** An anonymous page (no stored session), zh unless told, at this viewport. */
async function anonymous(lang: 'zh' | 'en' = 'zh', viewport = { width: 1366, height: 800 }): Promise<{ page: Page; close: () => Promise<void>; publicBodies: string[]; tenantHeaders: string[] }> {
  const { context, page } = await newPage(s.browser, { locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  await page.setViewportSize(viewport);
  if (lang === 'en') await page.addInitScript(() => localStorage.setItem('saber-session', JSON.stringify({ state: { language: 'en' }, version: 0 })));
  const publicBodies: string[] = [];
  // the Tenant-Id header of each public call ('' without): none, the site's address picks the tenant
  const tenantHeaders: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/noLogin/')) tenantHeaders.push(r.headers()['tenant-id'] ?? '');
  });
  page.on('response', (r: Response) => {
    if (r.url().includes('/noLogin/')) void r.text().then((t) => publicBodies.push(t), () => undefined);
  });
  return { page, close: () => context.close(), publicBodies, tenantHeaders };
}
async function shot(page: Page, name: string, full = true): Promise<void> {
  if (!SHOTS) return;
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: full });
}

test('an anonymous visitor opens the index, searches the menu, browses the hall and reads a guide', async () => {
  const { page, close, publicBodies, tenantHeaders } = await anonymous();
  try {
    await page.goto(`${s.server.url}/#/portal/index`);
    // the hero and its slide, the floor's services, the counters
    await page.getByTestId('portal-hero').waitFor();
    await page.getByTestId('portal-slide').filter({ hasText: '网上办事大厅上线' }).first().waitFor();
    const floor = page.getByTestId('portal-floor').filter({ hasText: '常用服务' });
    await floor.getByTestId('service-card').filter({ hasText: '图书借阅证明' }).waitFor();
    assert.equal(await floor.getByTestId('service-card').count(), 3);
    const count = await get(`${P}/serviceManage/noLogin/getServiceCount`, false);
    await page.getByTestId('portal-stat-services').locator('b', { hasText: String(count.serviceCount) }).waitFor();
    assert.match(await page.getByTestId('portal-brand').innerText(), /示范大学网上办事大厅/);
    await page.getByTestId('portal-shortcuts').getByText('借阅证明').waitFor();
    // the header's active entry is the page's own
    assert.equal((await page.locator('.pt-nav .ant-menu-item-selected').innerText()).trim(), '首页');
    assert.ok(tenantHeaders.length > 5, 'the public calls were made');
    assert.deepEqual(tenantHeaders.filter(Boolean), [], 'an anonymous visitor\'s public calls leave the tenant to the site\'s address');
    await shot(page, 'index-desktop-zh');

    // the top search: leaves only, by case-insensitive prefix of a name
    // (a button in the desktop header that opens the box, so that seven menu entries keep their room)
    await page.getByTestId('portal-header').getByTestId('portal-top-search-toggle').click();
    const search = page.getByTestId('portal-header').locator('.pt-top-search input');
    await search.fill('guide'); // inside the English names, not at their start: nothing
    await page.locator('.pt-search-none').waitFor();
    await search.fill('LIB');
    const option = page.locator('.ant-select-item-option', { hasText: 'Library 证明指南' });
    await option.waitFor();
    assert.equal(await page.locator('.ant-select-item-option', { hasText: '办事指南' }).count(), 0, 'a parent entry is not offered');
    await option.click();
    // the box is cleared and closed at once (before the next page is drawn)
    assert.equal(await search.count(), 0, 'choosing an entry closes the box');
    await page.getByTestId('portal-header').getByTestId('portal-top-search-toggle').waitFor();
    await page.waitForURL(new RegExp(`#/portal/service/introduce\\?id=${ids['图书借阅证明']}$`));
    await page.getByTestId('guide-name').filter({ hasText: '图书借阅证明' }).waitFor();
    // the sub-entry's parent is lit
    assert.equal((await page.locator('.pt-nav .ant-menu-submenu-selected').innerText()).trim(), '办事指南');

    // the hall by category
    await page.locator('.pt-nav .ant-menu-item', { hasText: '服务大厅' }).click();
    await page.waitForURL(/#\/portal\/hall$/);
    await page.getByTestId('hall-services').getByTestId('service-card').first().waitFor();
    // its banner shows the slides of the 'hall' type, not the index's
    await page.getByTestId('hall-banner').getByTestId('portal-slide').filter({ hasText: '最多跑一次' }).first().waitFor();
    assert.equal(await page.getByTestId('hall-banner').getByTestId('portal-slide').filter({ hasText: '网上办事大厅上线' }).count(), 0);
    await page.getByTestId('hall-category').filter({ hasText: '财务报销' }).click();
    await page.waitForURL(new RegExp(`categoryId=${ids.catMoney}`));
    await page.getByTestId('hall-total').filter({ hasText: '共找到 1 项服务' }).waitFor();
    assert.deepEqual(await page.getByTestId('hall-services').locator('.sv-name').allInnerTexts(), ['差旅费报销']);
    await page.getByTestId('hall-category').filter({ hasText: '学习生活' }).click();
    await page.getByTestId('hall-total').filter({ hasText: '共找到 2 项服务' }).waitFor();
    assert.deepEqual((await page.getByTestId('hall-services').locator('.sv-name').allInnerTexts()).sort(), ['图书借阅证明', '校园卡补办']);
    await page.getByTestId('hall-category-all').click();
    await page.getByTestId('hall-total').filter({ hasText: '共找到 3 项服务' }).waitFor();

    // a search (written to the hot-search log, then offered under the search box)
    await page.getByTestId('hall-search').locator('input').fill('校园卡');
    await page.getByTestId('hall-search').locator('input').press('Enter');
    await page.waitForURL(/name=%E6%A0%A1%E5%9B%AD%E5%8D%A1/);
    await page.getByTestId('hall-total').filter({ hasText: '共找到 1 项服务' }).waitFor();
    const hot = (await get(`${P}/searchLog/noLogin/getHotSearch?size=10`, false)) as { keyword: string; count: number }[];
    assert.ok(hot.some((h) => h.keyword === '校园卡'), `hot searches: ${JSON.stringify(hot)}`);
    await page.getByTestId('hall-services').getByTestId('service-card').filter({ hasText: '校园卡补办' }).waitFor();
    await page.getByTestId('hall-search').locator('input').fill('没有这种服务');
    await page.getByTestId('hall-search').locator('input').press('Enter');
    await page.getByTestId('hall-empty').filter({ hasText: '没有找到与“没有这种服务”相关的服务' }).waitFor();
    await page.getByTestId('hall-search').locator('input').fill('');
    await page.getByTestId('hall-search').locator('input').press('Enter');
    await page.getByTestId('hall-total').filter({ hasText: '共找到 3 项服务' }).waitFor();
    await shot(page, 'hall-zh');

    // the guide of a service
    await page.getByTestId('hall-services').getByTestId('service-card').filter({ hasText: '图书借阅证明' }).click();
    await page.waitForURL(new RegExp(`introduce\\?id=${ids['图书借阅证明']}`));
    await page.getByTestId('guide-name').filter({ hasText: '图书借阅证明' }).waitFor();
    assert.match(await page.getByTestId('guide-fact-timeLimit').innerText(), /1 个工作日/);
    assert.match(await page.getByTestId('guide-fact-address').innerText(), /图书馆一楼服务台/);
    assert.match(await page.getByTestId('guide-fact-phone').innerText(), /010-62750001/);
    assert.match(await page.getByTestId('guide-fact-handleType').innerText(), /网上办理/);
    assert.match(await page.getByTestId('guide-fact-validity').innerText(), /长期有效/);
    assert.deepEqual((await page.getByTestId('guide-materials').locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim()), [
      '1 校园卡 1 份 本人校园卡 必需', '2 离校单 2 份 — 可选', '3 借书记录 复印件 1 份 — 可选', '4 一寸照片 — — 必需',
    ]);
    assert.deepEqual(await page.getByTestId('guide-steps').locator('.ant-steps-item-title').allInnerTexts(), ['在线申请', '领取证明']);
    await page.getByTestId('guide-basis').getByText('《图书馆借阅规则》').waitFor();
    await shot(page, 'guide-zh');

    // nothing of a signed-in person, nor the audience lists, in what the public calls answered
    assert.ok(publicBodies.length >= 10, `public answers seen: ${publicBodies.length}`);
    for (const body of publicBodies) {
      for (const key of ['"userIds"', '"roleIds"', '"deptIds"', '"postIds"', '"canHandle"', '"collected"', '"refusal"']) assert.ok(!body.includes(key), `a public answer carried ${key}`);
    }

    // 收藏 asks an anonymous visitor to sign in, and the sign-in comes back to the guide
    await page.getByTestId('guide-collect').click();
    await page.waitForURL(/#\/login\?loginSource=portal&redirect=/);
    assert.equal(new URL(page.url().replace('#/', '')).searchParams.get('redirect'), `/portal/service/introduce?id=${ids['图书借阅证明']}`);
    const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
    await page.reload();
    const key = ((await (await captcha).json()) as { key: string }).key;
    await fillLogin(page, 'admin', 'admin', await s.server.captchaCode(key));
    await page.waitForURL(new RegExp(`#/portal/service/introduce\\?id=${ids['图书借阅证明']}$`));
    await page.getByTestId('portal-user').waitFor();
    await page.getByTestId('guide-collect').click();
    await page.getByTestId('guide-collect').filter({ hasText: '已收藏' }).waitFor();
    const collects = (await get(`${P}/serviceCollect/list?current=1&size=50`)).records as { serviceId: string }[];
    assert.ok(collects.some((c) => String(c.serviceId) === ids['图书借阅证明']), 'the favourite is kept by the server');
  } finally {
    await close();
  }
});

test('in English the portal shows the English names, and the guide its English labels', async () => {
  const { page, close } = await anonymous('en');
  try {
    await page.goto(`${s.server.url}/#/portal/index`);
    await page.getByTestId('portal-slide').filter({ hasText: 'The online hall is open' }).first().waitFor();
    await page.getByTestId('portal-floor').filter({ hasText: 'Everyday services' }).getByTestId('service-card').filter({ hasText: 'Library certificate' }).waitFor();
    assert.match(await page.getByTestId('portal-brand').innerText(), /Demo University Service Hall/);
    await shot(page, 'index-desktop-en');
    await page.goto(`${s.server.url}/#/portal/service/introduce?id=${ids['图书借阅证明']}`);
    await page.getByTestId('guide-name').filter({ hasText: 'Library certificate' }).waitFor();
    assert.match(await page.getByTestId('guide-fact-validity').innerText(), /When\s+Always/);
    assert.deepEqual(await page.getByTestId('guide-steps').locator('.ant-steps-item-title').allInnerTexts(), ['Apply online', 'Collect it']);
    await shot(page, 'guide-en');
    await page.goto(`${s.server.url}/#/portal/hall`);
    await page.getByTestId('hall-total').filter({ hasText: '3 services found' }).waitFor();
    await shot(page, 'hall-en');
  } finally {
    await close();
  }
});

test('on a phone (390×844) the menu is in a drawer and the page fits the screen', async () => {
  for (const lang of ['zh', 'en'] as const) {
    const { page, close } = await anonymous(lang, { width: 390, height: 844 });
    try {
      await page.goto(`${s.server.url}/#/portal/index`);
      await page.getByTestId('portal-floor').getByTestId('service-card').first().waitFor();
      assert.equal(await page.locator('.pt-nav').isVisible(), false, 'no menu bar on a phone');
      assert.equal(await page.getByTestId('portal-login').isVisible(), false);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page is ${width}px wide`);
      // one card a row
      const boxes = await page.getByTestId('portal-floor').getByTestId('service-card').evaluateAll((els) => els.slice(0, 2).map((e) => e.getBoundingClientRect().x));
      assert.equal(boxes[0], boxes[1]);
      await shot(page, `index-phone-${lang}`, false);
      await page.getByTestId('portal-drawer-toggle').click();
      const drawer = page.getByTestId('portal-drawer-menu');
      await drawer.waitFor();
      const hall = lang === 'en' ? 'Service hall' : '服务大厅';
      await drawer.getByText(lang === 'en' ? 'Claims guide' : '报销指南').waitFor();
      await page.getByTestId('portal-drawer-login').waitFor();
      await shot(page, `drawer-phone-${lang}`, false);
      await drawer.getByRole('button', { name: hall }).click();
      await page.waitForURL(/#\/portal\/hall$/);
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('hall-services').getByTestId('service-card').first().waitFor();
      await shot(page, `hall-phone-${lang}`, false);
    } finally {
      await close();
    }
  }
});

test('mourning mode (subjectPattern 2) turns the whole page grey', async () => {
  await setConfig('subjectPattern', '2');
  const { page, close } = await anonymous();
  try {
    await page.goto(`${s.server.url}/#/portal/index`);
    await page.getByTestId('portal-hero').waitFor();
    await page.waitForFunction(() => getComputedStyle(document.documentElement).filter === 'grayscale(1)');
    await shot(page, 'index-mourning', false);
    // leaving the portal leaves the grey behind
    await page.goto(`${s.server.url}/#/login`);
    await page.locator('#username').waitFor();
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).filter), 'none');
  } finally {
    await close();
    await setConfig('subjectPattern', '1');
  }
  const again = await anonymous();
  try {
    await again.page.goto(`${s.server.url}/#/portal/index`);
    await again.page.getByTestId('portal-hero').waitFor();
    await again.page.getByTestId('portal-floor').getByTestId('service-card').first().waitFor();
    assert.equal(await again.page.evaluate(() => getComputedStyle(document.documentElement).filter), 'none');
  } finally {
    await again.close();
  }
});

test('while the portal is closed its pages say so and offer the sign-in', async () => {
  await setConfig('openPortal', '0');
  const { page, close } = await anonymous();
  try {
    for (const route of ['/portal/index', '/portal/hall', `/portal/service/introduce?id=${ids['图书借阅证明']}`]) {
      await page.goto(`${s.server.url}/#${route}`);
      await page.getByTestId('portal-closed').filter({ hasText: '门户未开放' }).waitFor();
      assert.equal(await page.getByTestId('service-card').count(), 0);
    }
    const r = await s.server.api(`${P}/serviceManage/noLogin/listUnion?current=1&size=10`);
    assert.equal(r.status, 403);
    await shot(page, 'closed-zh', false);
    await page.getByTestId('portal-closed-login').click();
    await page.waitForURL(/#\/login\?loginSource=portal/);
    await page.locator('#username').waitFor();
  } finally {
    await close();
    await setConfig('openPortal', '1');
  }
});

test('a signed-in page of the portal sends an anonymous visitor to the portal sign-in, to come back', async () => {
  const { page, close } = await anonymous();
  try {
    await page.goto(`${s.server.url}/#/portal/work/center`);
    await page.waitForURL(/#\/login\?loginSource=portal&redirect=/);
    assert.equal(new URL(page.url().replace('#/', '')).searchParams.get('redirect'), '/portal/work/center');
    await page.locator('#username').waitFor();
  } finally {
    await close();
  }
});
