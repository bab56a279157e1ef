// The public portal (issue 16; 001 §2.1, §2.4, §7.2 "Public (no login)"): every noLogin call of the
// catalogue answers an anonymous visitor of the site's tenant with success, without a service's
// audience lists and without anything of a person; while the site setting openPortal is off they
// answer 403 门户未开放 (the settings themselves still answer); answers come from a cache that a
// management change empties (on every node); a search is logged and the hot searches follow it; hot
// services and departments follow real visits and starts; a signed-in caller's cards say what they
// may handle; the site is the Tenant-Id header's tenant, else the one bound to the Host's domain.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';
import { deploySimple } from './trust/sweep.ts';

const P = '/api/blade-portal';
const CATALOGUE = new URL('../../../shared/spec/api-catalogue.tsv', import.meta.url).pathname;
/** The catalogue's public calls (001 §7.2), and the extras the pages also read without signing in. */
const NO_LOGIN = readFileSync(CATALOGUE, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'))
  .filter(([area, , path]) => area === 'portal' && path!.includes('/noLogin/')).map(([, , path]) => path!);
const EXTRAS = [`${P}/floor/noLogin/list`, `${P}/serviceManage/noLogin/detail`, `${P}/servicePackage/noLogin/page`, `${P}/serviceRecommend/noLogin/list`,
  `${P}/specialService/noLogin/detail`, `${P}/aphorism/getRandAphorism`, `${P}/column/noLogin/detail`, `${P}/urlManage/noLogin/list`];
/** Keys no public answer carries: a service's audience, a person's flags, the writers of a row, the tenant. */
const PRIVATE = ['userIds', 'roleIds', 'deptIds', 'postIds', 'canHandle', 'refusal', 'collected', 'createUser', 'updateUser', 'createDept', 'tenantId', 'isDeleted'];
const keysOf = (x: unknown): string[] => (x && typeof x === 'object' ? Object.entries(x as object).flatMap(([k, v]) => [k, ...keysOf(v)]) : []);

await forEachDatabase('the public portal', (kind) => {
  let s: TestServer;
  let admin: string, user: string, other: string;
  const ids: Record<string, string> = {};
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, json });
  const get = (path: string, token?: string, headers: Record<string, string> = {}) => s.api(path, { token, headers });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  /** The query a public call is sent with in the sweep: the rows its detail needs, else a first page. */
  const queryOf = (path: string) => {
    if (path.endsWith('/floor/noLogin/detail')) return `?id=${ids.floor}`;
    if (path.endsWith('/precinct/noLogin/detail')) return `?id=${ids.precinct}`;
    if (path.endsWith('/serviceManage/noLogin/detail')) return `?id=${ids.s3}`;
    if (path.endsWith('/specialService/noLogin/detail')) return `?id=${ids.special}`;
    if (path.endsWith('/column/noLogin/listNoPage')) return `?floorId=${ids.floor}`;
    if (path.endsWith('/column/noLogin/detail')) return `?id=${ids.column}`;
    if (path.endsWith('/topMenu/noLogin/list')) return '?status=1&current=1&size=10';
    return '?current=1&size=10';
  };
  const config = async (key: string, value: string, token = admin) => {
    const have = (await must(get(`${P}/config/list?configKey=${key}`, token))).records[0];
    await must(post(`${P}/config/submit`, { ...(have ? { id: have.id } : {}), configKey: key, configName: key, configValue: value }, token));
  };

  before(async () => {
    s = await startServer({ kind });
    ({ admin, user, other } = await seedTokens(s));
    // the second tenant's site is served at a domain of its own
    await sql`update blade_tenant set domain_url = 'https://hall.example.edu' where tenant_id = ${SEED.otherTenant}`.execute(s.server.database.db);
    await deploySimple(s, admin, '请假流程');
    await config('openPortal', '1');
    await config('siteName', '智慧校园服务大厅');
    const cat = await must(post(`${P}/serviceCategory/submit`, { name: '学生服务', nameEn: 'Students', sort: 1 }));
    await must(post(`${P}/serviceCategory/submit`, { name: '停用分类', sort: 2, status: 0 }));
    ids.category = cat.id;
    const save = async (name: string, over: Record<string, unknown>) => (await must(post(`${P}/serviceManage/save`, { name, categoryId: cat.id, itemWay: 2, itemUrl: 'https://x.example.edu', ...over }))).id as string;
    ids.s1 = await save('校园卡挂失', { deptId: SEED.deptInfoId, keywords: '一卡通,饭卡', summary: 'Lost campus card', nameEn: 'Report a lost card', sort: 1 });
    ids.s2 = await save('成绩单打印', { deptId: SEED.deptTeachId, sort: 2, handleType: 3 });
    ids.s3 = await save('学生请假', {
      deptId: SEED.deptTeachId, sort: 3, itemWay: 1, itemHandle: 'trustFlow', roleIds: SEED.adminRoleId, introduce: '<p>请假须知</p>',
      materials: [{ name: '请假条', required: true }], timeLimit: '1 个工作日', contactPhone: '0571-8888',
    });
    ids.s4 = await save('停用服务', { sort: 4, status: 0 });
    const home = await must(post(`${P}/topMenu/submit`, { name: '首页', jumpAddress: '/portal/index', sort: 2 }));
    const hall = await must(post(`${P}/topMenu/submit`, { name: '服务大厅', jumpAddress: '/portal/hall', sort: 1 }));
    await must(post(`${P}/topMenu/submit`, { name: '学生办事', parentId: hall.id, jumpAddress: '/portal/hall?c=1', sort: 1 }));
    await must(post(`${P}/topMenu/submit`, { name: '停用入口', parentId: hall.id, jumpAddress: '/portal/hall?c=2', sort: 2, status: 0 }));
    ids.home = home.id;
    const type = await must(post(`${P}/slideshowType/submit`, { typeName: '首页轮播', typeCode: 'indexHero' }));
    await must(post(`${P}/slideshow/submit`, { typeId: type.id, title: '迎新季', imageUrl: '/img/a.png', sort: 1 }));
    await must(post(`${P}/slideshow/submit`, { typeId: type.id, title: '停用图', imageUrl: '/img/b.png', sort: 2, status: 0 }));
    ids.floor = (await must(post(`${P}/floor/submit`, { name: '常用服务', floorType: 1, sort: 1 }))).id;
    ids.newsFloor = (await must(post(`${P}/floor/submit`, { name: '新闻公告', floorType: 3, sort: 2 }))).id;
    await must(post(`${P}/floor/submit`, { name: '停用楼层', sort: 3, status: 0 }));
    ids.column = (await must(post(`${P}/column/submit`, { floorId: ids.floor, name: '学生事务', serviceIds: `${ids.s4},${ids.s2},${ids.s1}`, showCount: 8 }))).id;
    const news = await must(post(`${P}/newsSource/submit`, { name: '通知公告', noticeCategory: '1' }));
    await must(post(`${P}/column/submit`, { floorId: ids.floor, name: '校园新闻', columnType: 2, newsSourceId: news.id, showCount: 5 }));
    await must(post('/api/blade-desk/notice/submit', { title: '寒假放假通知', content: '<p>放假安排</p>', category: 1 }));
    ids.precinct = (await must(post(`${P}/precinct/submit`, { floorId: ids.floor, name: '迎新专区', serviceIds: ids.s2 }))).id;
    await must(post(`${P}/shortcutEntrance/submit`, { name: '挂失', serviceId: ids.s1 }));
    await must(post(`${P}/throughDept/submit`, { deptId: SEED.deptTeachId, name: '教务处' }));
    ids.special = (await must(post(`${P}/specialService/submit`, { name: '毕业季' }))).id;
    await must(post(`${P}/specialServiceColumn/submit`, { specialServiceId: ids.special, name: '离校手续', serviceIds: ids.s2 }));
    await must(post(`${P}/throughTrain/submit`, { trainType: '教学', name: '教务系统', url: 'https://jw.example.edu' }));
    await must(post(`${P}/servicePackage/submit`, { name: '新生入学一件事', serviceIds: `${ids.s2},${ids.s1}` }));
    await must(post(`${P}/serviceRecommend/submit`, { serviceId: ids.s1, reason: '最常用' }));
    await must(post(`${P}/urlManage/submit`, { name: '学校官网', url: 'https://www.example.edu', urlType: 'floor' }));
    await must(post(`${P}/urlManage/submit`, { name: '联系我们', nameEn: 'Contact', url: '/portal/contact', urlType: 'footer', sort: 2 }));
    await must(post(`${P}/urlManage/submit`, { name: '信息公开', url: 'https://xxgk.example.edu', urlType: 'footer', sort: 1 }));
    await must(post(`${P}/urlManage/submit`, { name: '教育部', url: 'http://www.moe.gov.cn', urlType: 'friend' }));
    await must(post(`${P}/aphorism/submit`, { content: '博学之，审问之', author: '中庸' }));
  });
  after(async () => { await s?.close(); });

  test('every public call answers an anonymous visitor: success, no audience lists, nothing of a person', async () => {
    assert.equal(NO_LOGIN.length, 19, 'the catalogue\'s 19 public calls');
    for (const path of [...NO_LOGIN, ...EXTRAS]) {
      const r = await get(path + queryOf(path));
      assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.success, true, path);
      assert.notEqual(r.body.data, null, `${path} answers something`);
      const leaked = keysOf(r.body.data).filter((k) => PRIVATE.includes(k));
      assert.deepEqual([...new Set(leaked)], [], `${path} carries ${leaked.join(',')}`);
      const text = JSON.stringify(r.body);
      assert.ok(!text.includes(SEED.adminRoleId), `${path}: a service's audience in the answer`);
      assert.ok(!text.includes('停用'), `${path}: a disabled row in the answer`);
    }
  });

  test('what the index and the hall show', async () => {
    const menus = await must(get(`${P}/topMenu/noLogin/list?status=1&current=1&size=10`));
    assert.deepEqual(menus.records.map((m: { name: string; children: { name: string }[] }) => [m.name, m.children.map((c) => c.name)]), [['服务大厅', ['学生办事']], ['首页', []]]);
    const configs = await must(get(`${P}/config/noLogin/list`));
    assert.deepEqual(configs.records, [{ configKey: 'openPortal', configValue: '1' }, { configKey: 'siteName', configValue: '智慧校园服务大厅' }]);
    const slides = await must(get(`${P}/slideshow/noLogin/getSlideshowTypeAndList?typeCode=indexHero`));
    assert.deepEqual(slides.map((t: { typeCode: string; list: { title: string }[] }) => [t.typeCode, t.list.map((x) => x.title)]), [['indexHero', ['迎新季']]]);
    assert.deepEqual(await must(get(`${P}/slideshow/noLogin/getSlideshowTypeAndList?typeCode=none`)), []);

    const floor = await must(get(`${P}/floor/noLogin/detail?id=${ids.floor}`));
    assert.deepEqual(floor.columns.map((c: { name: string; services: { name: string }[] }) => [c.name, c.services.map((x) => x.name)]), [['学生事务', ['成绩单打印', '校园卡挂失']], ['校园新闻', []]], 'the column\'s order, the disabled service left out');
    assert.deepEqual(floor.columns[1].news.map((n: { title: string }) => n.title), ['寒假放假通知']);
    assert.equal('content' in floor.columns[1].news[0], false);
    assert.deepEqual(floor.precincts.map((p: { name: string; services: { name: string }[] }) => [p.name, p.services.map((x) => x.name)]), [['迎新专区', ['成绩单打印']]]);
    const card = floor.columns[0].services[1];
    assert.deepEqual([card.categoryName, card.categoryNameEn, card.deptName, card.serviceCode.startsWith('FW')], ['学生服务', 'Students', '信息化中心', true]);
    assert.equal((await must(get(`${P}/floor/noLogin/detail?id=${ids.newsFloor}`))).news[0].title, '寒假放假通知');
    assert.equal(await must(get(`${P}/floor/noLogin/detail?id=1`)), null);

    const union = async (q: string) => (await must(get(`${P}/serviceManage/noLogin/listUnion?${q}`))).records.map((x: { name: string }) => x.name);
    assert.deepEqual(await union('current=1&size=10'), ['校园卡挂失', '成绩单打印', '学生请假']);
    assert.deepEqual(await union('current=2&size=2'), ['学生请假']);
    assert.deepEqual(await union('current=2&name=饭卡'), [], 'page 2 of one result');
    assert.deepEqual(await union('name=LOST%20CAMPUS'), ['校园卡挂失'], 'summary, any case');
    assert.deepEqual(await union('name=lost%20card'), ['校园卡挂失'], 'the English name');
    assert.deepEqual(await union(`deptId=${SEED.deptTeachId}&handleType=3`), ['成绩单打印']);
    assert.deepEqual(await union('itemWay=1'), ['学生请假']);
    const pack = (await must(get(`${P}/servicePackage/noLogin/page`))).records[0];
    assert.deepEqual(await union(`packageId=${pack.id}`), ['成绩单打印', '校园卡挂失'], 'a package\'s services in its order');
    assert.deepEqual(await union(`specialServiceId=${ids.special}`), ['成绩单打印']);
    assert.equal((await get(`${P}/serviceManage/noLogin/listUnion?handleType=9`)).status, 400);

    const guide = await must(get(`${P}/serviceManage/noLogin/detail?id=${ids.s3}`));
    assert.deepEqual([guide.name, guide.introduce, guide.timeLimit, guide.contactPhone, JSON.parse(guide.materials)[0].name, guide.validityMode], ['学生请假', '<p>请假须知</p>', '1 个工作日', '0571-8888', '请假条', 1]);
    assert.equal(await must(get(`${P}/serviceManage/noLogin/detail?id=${ids.s4}`)), null, 'a disabled service has no public guide');

    assert.deepEqual(await must(get(`${P}/serviceManage/noLogin/getServiceCount`)), { serviceCount: 3, categoryCount: 1, deptCount: 2, onlineCount: 3 });
    assert.deepEqual((await must(get(`${P}/serviceCategory/noLogin/listNoPage`))).map((c: { name: string; serviceCount: number }) => [c.name, c.serviceCount]), [['学生服务', 3]]);
    assert.deepEqual((await must(get(`${P}/throughDept/noLogin/throughDeptListNoPage`))).map((d: { deptName: string; serviceCount: number }) => [d.deptName, d.serviceCount]), [['教务处', 2]]);
    assert.deepEqual((await must(get(`${P}/serviceRecommend/noLogin/list`))).map((r: { reason: string; service: { name: string } }) => [r.reason, r.service.name]), [['最常用', '校园卡挂失']]);
    const special = await must(get(`${P}/specialService/noLogin/detail?id=${ids.special}`));
    assert.deepEqual(special.columns.map((c: { name: string; services: { name: string }[] }) => [c.name, c.services.map((x) => x.name)]), [['离校手续', ['成绩单打印']]]);
    assert.deepEqual(await must(get(`${P}/aphorism/getRandAphorism`)), { id: (await must(get(`${P}/aphorism/list`, admin))).records[0].id, content: '博学之，审问之', contentEn: null, author: '中庸' });
  });

  test('a signed-in caller\'s cards say what they may handle and what they collected; an anonymous one\'s do not', async () => {
    await must(post(`${P}/serviceCollect/updateCollect`, { serviceId: ids.s1 }, user));
    const cards = (await must(get(`${P}/serviceManage/noLogin/listUnion?current=1&size=10`, user))).records;
    assert.deepEqual(cards.map((c: { name: string; canHandle: boolean; refusal: string | null; collected: boolean }) => [c.name, c.canHandle, c.refusal, c.collected]), [
      ['校园卡挂失', true, null, true], ['成绩单打印', true, null, false], ['学生请假', false, '您没有权限办理该服务', false],
    ]);
    const en = await get(`${P}/serviceManage/noLogin/listUnion?current=1&size=10`, user, { 'accept-language': 'en' });
    assert.equal(en.body.data.records[2].refusal, 'You have no permission to handle this service');
    assert.equal('userIds' in cards[2], false, 'the audience stays on the server');
    const mine = await must(get(`${P}/serviceManage/noLogin/detail?id=${ids.s3}`, admin));
    assert.deepEqual([mine.canHandle, mine.refusal], [true, null]);
    const anon = (await must(get(`${P}/serviceManage/noLogin/listUnion?current=1&size=10`))).records;
    assert.ok(anon.every((c: object) => !('canHandle' in c) && !('collected' in c)));
  });

  test('while openPortal is off every public call but the settings answers 门户未开放', async () => {
    await config('openPortal', '0');
    try {
      for (const path of [...NO_LOGIN, ...EXTRAS]) {
        const r = await get(path + queryOf(path));
        if (path.endsWith('/config/noLogin/list')) {
          assert.equal(r.status, 200);
          assert.ok(r.body.data.records.some((c: { configKey: string; configValue: string }) => c.configKey === 'openPortal' && c.configValue === '0'));
          continue;
        }
        assert.equal(r.status, 403, `${path}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.msg, '门户未开放');
      }
      assert.equal((await get(`${P}/floor/noLogin/list`, undefined, { 'accept-language': 'en' })).body.msg, 'The portal is not open');
      assert.equal((await get(`${P}/floor/noLogin/list`, user)).status, 403, 'signed in too');
    } finally {
      await config('openPortal', '1');
    }
    assert.equal((await get(`${P}/floor/noLogin/list`)).status, 200);
  });

  test('answers come from the cache; a management change empties it, on every node', async () => {
    const names = async (server = s) => (await server.api(`${P}/serviceManage/noLogin/listUnion?current=1&size=10`)).body.data.records.map((x: { name: string }) => x.name);
    assert.equal((await names())[1], '成绩单打印');
    // a write behind the server's back is not seen: the answer is the cached one
    await sql`update blade_portal_service set name = '成绩证明打印' where id = ${ids.s2}`.execute(s.server.database.db);
    assert.equal((await names())[1], '成绩单打印', 'served from the cache');
    // any portal management change empties the tenant's entries
    await must(post(`${P}/floor/submit`, { name: '临时楼层', sort: 9 }));
    assert.equal((await names())[1], '成绩证明打印');
    const floors = async (server = s) => (await server.api(`${P}/floor/noLogin/list`)).body.data.map((f: { name: string }) => f.name);
    assert.ok((await floors()).includes('临时楼层'));

    if (kind !== 'postgres') return;
    // a second node on the same database: its cache is emptied by the first node's change
    const node2 = await startServer({ databaseUrl: s.databaseUrl });
    try {
      assert.ok((await floors(node2)).includes('临时楼层'));
      const floor = (await must(get(`${P}/floor/list?name=临时楼层`, admin))).records[0];
      await must(post(`${P}/floor/updateStatus`, { id: floor.id, status: 0 }));
      let seen = true;
      for (let i = 0; i < 50 && seen; i++) {
        seen = (await floors(node2)).includes('临时楼层');
        if (seen) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(seen, false, 'node 2 emptied its cache');
    } finally {
      await node2.close();
    }
  });

  test('searches are logged on their first page; the hot searches follow them', async () => {
    const search = (q: string, token?: string) => must(get(`${P}/serviceManage/noLogin/listUnion?${q}`, token));
    for (let i = 0; i < 3; i++) await search('current=1&size=10&name=%E6%8C%82%E5%A4%B1'); // 挂失
    await search('name=%20%E6%88%90%E7%BB%A9%20', user); // " 成绩 "
    await search('current=2&name=%E8%AF%B7%E5%81%87'); // 请假, page 2: not logged
    await search('current=1&name=');
    // searched most, found nothing: logged (resultCount 0) but not offered as a hot search
    for (let i = 0; i < 5; i++) await search('current=1&size=10&name=%E6%97%A0%E6%AD%A4%E6%9C%8D%E5%8A%A1'); // 无此服务
    const hot = await must(get(`${P}/searchLog/noLogin/getHotSearch?size=10`));
    assert.deepEqual(hot.slice(0, 2), [{ keyword: '挂失', count: 3 }, { keyword: '成绩', count: 1 }]);
    assert.ok(!hot.some((h: { keyword: string }) => h.keyword === '请假'));
    assert.ok(!hot.some((h: { keyword: string }) => h.keyword === '无此服务'), 'a search that found nothing is not hot');
    assert.equal((await must(get(`${P}/searchLog/list?keyword=无此服务&current=1&size=10`, admin))).total, 5, 'but it is logged');
    assert.equal((await get(`${P}/searchLog/noLogin/getHotSearch?size=99`)).status, 400);
    const logged = (await must(get(`${P}/searchLog/list?keyword=成绩&current=1&size=10`, admin))).records;
    assert.deepEqual(logged.map((r: { searchType: string; resultCount: number; userId: string }) => [r.searchType, r.resultCount, r.userId]), [['service', 1, SEED.userId]]);
  });

  test('hot services and departments follow real visits and starts; the counters add them up', async () => {
    const hotNames = async () => (await must(get(`${P}/serviceManage/noLogin/getHotService?current=1&size=10`))).records.map((x: { name: string; hotCount: number }) => [x.name, x.hotCount]);
    const before = await must(get(`${P}/serviceStatisticsSum/noLogin/getSumStatistics?type=day`));
    for (let i = 0; i < 3; i++) await must(post(`${P}/serviceStatisticsSum/updateStatistics`, { serviceId: ids.s2, type: 'visit' }, user));
    await must(get(`${P}/serviceManage/getDetailByServiceId?serviceId=${ids.s1}`, user));
    // a start from the service (the administrator may handle it): counted as the service's start
    const started = await post('/api/blade-workflow/process/startProcessByKey', { processDefKey: 'trustFlow', serviceId: ids.s3 });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    assert.deepEqual((await hotNames()).slice(0, 3), [['成绩证明打印', 3], ['校园卡挂失', 1], ['学生请假', 1]]);
    const depts = (await must(get(`${P}/serviceManage/noLogin/getHotDept?current=1&size=10`))).records;
    assert.deepEqual(depts.map((d: { deptName: string; serviceCount: number; hotCount: number }) => [d.deptName, d.serviceCount, d.hotCount]), [['教务处', 2, 4], ['信息化中心', 1, 1]]);
    // isHot comes first, whatever its visits
    const s1 = await must(get(`${P}/serviceManage/detail?id=${ids.s1}`, admin));
    await must(post(`${P}/serviceManage/update`, { ...s1, isHot: 1 }));
    assert.deepEqual((await hotNames())[0], ['校园卡挂失', 1]);

    const day = await must(get(`${P}/serviceStatisticsSum/noLogin/getSumStatistics?type=day`));
    assert.deepEqual([day.visitCount - before.visitCount, day.startCount - before.startCount, day.serviceCount], [4, 1, 3]);
    const all = await must(get(`${P}/serviceStatisticsSum/noLogin/getSumStatistics`));
    assert.ok(all.visitCount >= day.visitCount && all.collectCount >= 1, JSON.stringify(all));
    const bad = await get(`${P}/serviceStatisticsSum/noLogin/getSumStatistics?type=week`, undefined, { 'accept-language': 'en' });
    assert.deepEqual([bad.status, bad.body.msg], [400, 'The period must be all, year, month or day']);
    const count = await must(get(`${P}/serviceStatisticsSum/noLogin/getStartedProcessCount`));
    assert.ok(count.total >= 1 && count.today >= 1 && count.finished >= 0, JSON.stringify(count));
  });

  test('the footer and partner links, by group, enabled and in their order', async () => {
    const names = async (q: string) => (await must(get(`${P}/urlManage/noLogin/list${q}`))).map((u: { name: string }) => u.name);
    assert.deepEqual(await names('?urlType=footer'), ['信息公开', '联系我们']);
    assert.deepEqual(await names('?urlType=friend'), ['教育部']);
    assert.deepEqual(await names('?urlType=floor'), ['学校官网']);
    assert.deepEqual((await names('')).sort(), ['信息公开', '学校官网', '教育部', '联系我们'].sort());
    const contact = (await must(get(`${P}/urlManage/noLogin/list?urlType=footer`)))[1];
    assert.deepEqual([contact.nameEn, contact.url, contact.openWay, 'tenantId' in contact], ['Contact', '/portal/contact', 3, false]);
    assert.equal((await get(`${P}/urlManage/noLogin/list?urlType=nav`)).status, 400);
    const off = (await must(get(`${P}/urlManage/list?name=教育部`, admin))).records[0];
    await must(post(`${P}/urlManage/submit`, { ...off, status: 0 }));
    assert.deepEqual(await names('?urlType=friend'), [], 'a disabled link goes at once (the change empties the cache)');
    await must(post(`${P}/urlManage/submit`, { ...off, status: 1 }));
  });

  test('a column\'s own page lists all its services, not only the showCount the floor shows', async () => {
    const extra = await must(post(`${P}/serviceManage/save`, { name: '补办学生证', categoryId: ids.category, itemWay: 2, itemUrl: 'https://x.example.edu', sort: 5 }));
    const col = await must(post(`${P}/column/submit`, { floorId: ids.newsFloor, name: '证件办理', serviceIds: `${ids.s1},${ids.s4},${extra.id},${ids.s2}`, showCount: 2, sort: 5 }));
    const listed = (await must(get(`${P}/column/noLogin/listNoPage?floorId=${ids.newsFloor}`))).find((c: { id: string }) => c.id === col.id);
    assert.equal(listed.services.length, 2, 'the floor shows showCount');
    const detail = await must(get(`${P}/column/noLogin/detail?id=${col.id}`));
    assert.deepEqual([detail.name, detail.showCount, detail.services.map((x: { name: string }) => x.name)], ['证件办理', 2, ['校园卡挂失', '补办学生证', '成绩证明打印']]);
    assert.ok(detail.services.every((x: object) => !('userIds' in x) && !('canHandle' in x)));
    const mine = await must(get(`${P}/column/noLogin/detail?id=${col.id}`, user));
    assert.equal(mine.services[0].canHandle, true, 'a signed-in caller\'s cards');
    assert.equal(await must(get(`${P}/column/noLogin/detail?id=${ids.s1}`)), null);
    assert.equal((await get(`${P}/column/noLogin/detail?id=abc`)).status, 400);
    await must(post(`${P}/column/submit`, { ...col, status: 0 }));
    assert.equal(await must(get(`${P}/column/noLogin/detail?id=${col.id}`)), null, 'a disabled column');
  });

  test('an anonymous answer is kept finished, with an ETag: a reload is answered 304 until something changes', async () => {
    const path = `${P}/floor/noLogin/detail?id=${ids.floor}`;
    const first = await get(path);
    const tag = first.headers.get('etag');
    assert.ok(tag && /^"[\w-]+"$/.test(tag), String(tag));
    assert.equal(first.headers.get('cache-control'), 'no-cache');
    assert.equal(first.body.msg, '操作成功');
    const again = await get(path);
    assert.equal(again.headers.get('etag'), tag, 'the same answer');
    assert.deepEqual(again.body, first.body);
    const reload = await get(path, undefined, { 'if-none-match': tag! });
    assert.deepEqual([reload.status, reload.body], [304, '']);
    assert.equal((await get(path, undefined, { 'if-none-match': `W/${tag}, "other"` })).status, 304, 'a list, weak or strong');
    assert.equal((await get(path, undefined, { 'if-none-match': '"stale"' })).status, 200);
    // the English answer is its own (its message), with a tag of its own
    const en = await get(path, undefined, { 'accept-language': 'en' });
    assert.deepEqual([en.status, en.body.msg], [200, 'Operation succeeded']);
    assert.notEqual(en.headers.get('etag'), tag);
    // a signed-in caller's answer is theirs: built each time, no tag
    const mine = await get(path, user, { 'if-none-match': tag! });
    assert.deepEqual([mine.status, mine.headers.get('etag')], [200, null]);
    // a management change empties it: the reload gets the new answer
    await must(post(`${P}/floor/submit`, { ...(await must(get(`${P}/floor/detail?id=${ids.floor}`, admin))), subtitle: '新的副标题' }));
    const changed = await get(path, undefined, { 'if-none-match': tag! });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.data.subtitle, '新的副标题');
    assert.notEqual(changed.headers.get('etag'), tag);
    // a closed portal is not answered from what was kept
    await config('openPortal', '0');
    try {
      assert.equal((await get(path, undefined, { 'if-none-match': changed.headers.get('etag')! })).status, 403);
    } finally {
      await config('openPortal', '1');
    }
  });

  test('English texts: a service\'s guide and the descriptions carry their English', async () => {
    const en = {
      summaryEn: 'Replace a lost student card', introduceEn: '<p>Bring a photo</p>', timeLimitEn: '1 working day', handleAddressEn: 'Admin building, room 101',
      feeEn: '20 yuan', basisEn: 'Student card rules', contactPersonEn: 'Ms Wang',
    };
    const id = (await must(post(`${P}/serviceManage/save`, { name: '学生证补办', categoryId: ids.category, itemWay: 2, itemUrl: 'https://x.example.edu', summary: '学生证遗失补办', ...en, sort: 6 }))).id;
    const guide = await must(get(`${P}/serviceManage/noLogin/detail?id=${id}`));
    for (const [k, v] of Object.entries(en)) assert.equal(guide[k], v, k);
    const card = (await must(get(`${P}/serviceManage/noLogin/listUnion?current=1&size=50`))).records.find((x: { id: string }) => x.id === id);
    assert.equal(card.summaryEn, en.summaryEn, 'a card carries its English summary');
    assert.equal('introduceEn' in card, false, 'the guide is the detail\'s');
    assert.deepEqual((await must(get(`${P}/serviceManage/noLogin/listUnion?name=LOST%20STUDENT`))).records.map((x: { id: string }) => x.id), [id], 'the English summary is searched');
    const mine = await must(get(`${P}/serviceManage/getDetailByServiceId?serviceId=${id}`, user));
    assert.equal(mine.handleAddressEn, en.handleAddressEn);
    await must(post(`${P}/serviceCategory/submit`, { ...(await must(get(`${P}/serviceCategory/detail?id=${ids.category}`, admin))), descriptionEn: 'For students' }));
    assert.equal((await must(get(`${P}/serviceCategory/noLogin/listNoPage`)))[0].descriptionEn, 'For students');
    await must(post(`${P}/precinct/submit`, { ...(await must(get(`${P}/precinct/detail?id=${ids.precinct}`, admin))), descriptionEn: 'Welcome, freshmen' }));
    assert.equal((await must(get(`${P}/precinct/noLogin/detail?id=${ids.precinct}`))).descriptionEn, 'Welcome, freshmen');
    const special = await must(post(`${P}/specialService/submit`, { name: '数字校园', descriptionEn: 'Accounts and network' }));
    assert.equal((await must(get(`${P}/specialService/noLogin/detail?id=${special.id}`))).descriptionEn, 'Accounts and network');
    assert.equal((await post(`${P}/serviceManage/update`, { ...(await must(get(`${P}/serviceManage/detail?id=${id}`, admin))), feeEn: 'x'.repeat(501) })).status, 400, 'held to its length');
  });

  test('the site is the Tenant-Id header\'s tenant, else the tenant of the Host\'s domain, else the default', async () => {
    const inject = async (headers: Record<string, string>) => {
      const r = await s.server.app.inject({ method: 'GET', url: `${P}/serviceCategory/noLogin/listNoPage`, headers });
      return { status: r.statusCode, body: r.json() };
    };
    assert.equal((await inject({})).status, 200, 'the default tenant is open');
    assert.equal((await inject({ 'tenant-id': SEED.otherTenant })).status, 403, 'the second tenant\'s portal is closed');
    assert.equal((await inject({ host: 'hall.example.edu' })).status, 403, 'the domain names the second tenant');
    assert.equal((await inject({ 'tenant-id': 'nosuch' })).status, 403);
    await config('openPortal', '1', other);
    await must(post(`${P}/serviceCategory/submit`, { name: '中学服务' }, other));
    for (const headers of [{ host: 'hall.example.edu' }, { host: 'HALL.example.edu:443' }, { 'tenant-id': SEED.otherTenant }] as Record<string, string>[]) {
      const r = await inject(headers);
      assert.equal(r.status, 200, JSON.stringify(headers));
      assert.deepEqual(r.body.data.map((c: { name: string }) => c.name), ['中学服务'], JSON.stringify(headers));
    }
    assert.deepEqual((await inject({})).body.data.map((c: { name: string }) => c.name), ['学生服务']);
    // a signed-in caller is served their own tenant's portal whatever the header says
    const mine = await get(`${P}/serviceCategory/noLogin/listNoPage`, other, { 'Tenant-Id': SEED.tenant });
    assert.deepEqual(mine.body.data.map((c: { name: string }) => c.name), ['中学服务']);
  });
}, { both: true });
