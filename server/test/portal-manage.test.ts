// The portal's management calls (issue 16; 001 §3.13, §4, §7.2): every portal entity is listed,
// read, added, changed and removed through HTTP with its permission code (a user without it gets
// 403, a role with some of its buttons only those calls); services are saved and updated with the
// checks of their way of handling and validity mode, in Chinese and English; floors and precincts
// switch on and off, columns and recommendations are reordered; and a second tenant never sees nor
// changes the first's rows. The signed-in portal's own calls (favourites, visits, feedback, the
// header's counters) keep each person to their own rows.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SEED } from '../src/db/seed.ts';
import { md5 } from '../src/modules/auth/password.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';
import { deploySimple } from './trust/sweep.ts';

const P = '/api/blade-portal';
const S = `${P}/serviceManage`;

await forEachDatabase('portal management', (kind) => {
  let s: TestServer;
  let admin: string, user: string, other: string;
  let categoryId: string;
  const services: string[] = [];
  const post = (path: string, json?: unknown, token = admin, lang = 'zh-CN') => s.api(path, { method: 'POST', token, json, headers: { 'accept-language': lang } });
  const get = (path: string, token = admin, lang = 'zh-CN') => s.api(path, { token, headers: { 'accept-language': lang } });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  const refused = async (r: Promise<{ status: number; body: any }>, status: number, msg?: RegExp) => {
    const x = await r;
    assert.equal(x.status, status, JSON.stringify(x.body));
    if (msg) assert.match(x.body.msg, msg);
  };
  /** A service body that passes every check (a link service unless told). */
  const service = (over: Record<string, unknown> = {}) => ({ name: '校园卡挂失', categoryId, itemWay: 2, itemUrl: 'https://card.example.edu/loss', handleType: 1, ...over });

  before(async () => {
    s = await startServer({ kind });
    ({ admin, user, other } = await seedTokens(s));
    await deploySimple(s, admin, '请假流程');
    categoryId = (await must(post(`${P}/serviceCategory/submit`, { name: '学生服务', nameEn: 'Students', sort: 1 }))).id;
    for (const name of ['校园卡挂失', '成绩单打印']) services.push((await must(post(`${S}/save`, service({ name })))).id);
  });
  after(async () => { await s?.close(); });

  test('every portal entity: list, detail, add, change, remove with its permission code; nobody else gets in', async () => {
    const floorId = (await must(post(`${P}/floor/submit`, { name: '常用服务', floorType: 1 }))).id;
    const typeId = (await must(post(`${P}/slideshowType/submit`, { typeName: '首页轮播', typeCode: 'indexHero' }))).id;
    const specialId = (await must(post(`${P}/specialService/submit`, { name: '毕业季' }))).id;
    const [s1, s2] = services;
    const entities: { name: string; code: string; body: Record<string, unknown>; change: Record<string, unknown> }[] = [
      { name: 'config', code: 'portal_config', body: { configKey: 'siteName', configName: '站点名称', configValue: '服务大厅' }, change: { configValue: '智慧服务大厅' } },
      { name: 'topMenu', code: 'portal_topMenu', body: { name: '首页', nameEn: 'Home', jumpAddress: '/portal/index' }, change: { name: '主页' } },
      { name: 'slideshowType', code: 'portal_slideshow', body: { typeName: '大厅横幅', typeCode: 'hallBanner' }, change: { interval: 5000 } },
      { name: 'slideshow', code: 'portal_slideshow', body: { typeId, title: '迎新季', imageUrl: '/img/welcome.png' }, change: { title: '毕业季' } },
      { name: 'serviceCategory', code: 'portal_serviceCategory', body: { name: '教职工服务' }, change: { nameEn: 'Staff' } },
      { name: 'servicePackage', code: 'portal_service', body: { name: '新生入学一件事', serviceIds: `${s2},${s1}` }, change: { serviceIds: s1 } },
      { name: 'serviceRecommend', code: 'portal_service', body: { serviceId: s1, reason: '最常用' }, change: { reason: '推荐' } },
      { name: 'throughDept', code: 'portal_service', body: { deptId: SEED.deptInfoId, name: '信息化中心' }, change: { contactPhone: '0571-1234' } },
      { name: 'throughTrain', code: 'portal_throughTrain', body: { trainType: '教学', name: '教务系统', url: 'https://jw.example.edu' }, change: { name: '新教务系统' } },
      { name: 'floor', code: 'portal_floor', body: { name: '主题专区', floorType: 2 }, change: { subtitle: '迎新与毕业' } },
      { name: 'column', code: 'portal_column', body: { floorId, name: '学生事务', serviceIds: s1 }, change: { showCount: 4 } },
      { name: 'precinct', code: 'portal_precinct', body: { floorId, name: '迎新专区', serviceIds: s2 }, change: { description: '新生报到' } },
      { name: 'shortcutEntrance', code: 'portal_shortcut', body: { name: '挂失', serviceId: s1 }, change: { color: '#1677ff' } },
      { name: 'specialService', code: 'portal_special', body: { name: '迎新季' }, change: { nameEn: 'Welcome' } },
      { name: 'specialServiceColumn', code: 'portal_special', body: { specialServiceId: specialId, name: '离校手续', serviceIds: s1 }, change: { name: '毕业离校' } },
      { name: 'urlManage', code: 'portal_url', body: { name: '学校官网', url: 'https://www.example.edu' }, change: { urlType: 'friend' } },
      { name: 'newsSource', code: 'portal_news', body: { name: '校园新闻', noticeCategory: '1' }, change: { name: '通知公告' } },
      { name: 'aphorism', code: 'portal_aphorism', body: { content: '学而不思则罔，思而不学则殆', author: '论语' }, change: { contentEn: 'Learning without thought is labour lost' } },
    ];
    for (const e of entities) {
      const base = `${P}/${e.name}`;
      // an ordinary user holds none of the portal's codes
      await refused(get(`${base}/list`, user), 403);
      await refused(post(`${base}/submit`, e.body, user), 403);
      const row = await must(post(`${base}/submit`, e.body));
      for (const [k, v] of Object.entries(e.body)) assert.equal(String(row[k]), String(v), `${e.name}.${k}`);
      await refused(get(`${base}/detail?id=${row.id}`, user), 403);
      await refused(post(`${base}/remove?ids=${row.id}`, undefined, user), 403);
      const changed = await must(post(`${base}/submit`, { ...e.body, ...e.change, id: row.id }));
      for (const [k, v] of Object.entries(e.change)) assert.equal(String(changed[k]), String(v), `${e.name}.${k} changed`);
      assert.equal((await must(get(`${base}/detail?id=${row.id}`))).id, row.id);
      assert.ok((await must(get(`${base}/list?current=1&size=100`))).records.some((r: { id: string }) => r.id === row.id), `${e.name} listed`);
      await must(post(`${base}/remove?ids=${row.id}`));
      assert.equal(await must(get(`${base}/detail?id=${row.id}`)), null, `${e.name} removed`);
    }
  });

  test('references are of the same tenant and exist; a menu is never under itself', async () => {
    await refused(post(`${P}/column/submit`, { name: 'x', floorId: '123' }), 400, /所属楼层不存在/);
    await refused(post(`${P}/column/submit`, { name: 'x', floorId: '123' }, admin, 'en'), 400, /The floor does not exist/);
    await refused(post(`${P}/servicePackage/submit`, { name: 'x', serviceIds: `${services[0]},999` }), 400, /关联服务中有不存在的服务/);
    await refused(post(`${P}/servicePackage/submit`, { name: 'x', serviceIds: 'a,b' }), 400, /关联服务须为服务编号列表/);
    await refused(post(`${P}/slideshow/submit`, { title: 'x', imageUrl: '/a.png', typeId: '5' }), 400, /轮播类型不存在/);
    await refused(post(`${P}/throughDept/submit`, { name: 'x', deptId: SEED.otherDeptId }), 400, /部门不存在/);
    await refused(post(`${P}/serviceRecommend/submit`, { serviceId: '77' }), 400, /服务不存在/);
    const top = await must(post(`${P}/topMenu/submit`, { name: '办事', jumpAddress: '/portal/hall' }));
    const child = await must(post(`${P}/topMenu/submit`, { name: '学生', parentId: top.id, jumpAddress: '/portal/hall?c=1' }));
    await refused(post(`${P}/topMenu/submit`, { id: top.id, name: '办事', parentId: child.id }), 400, /上级菜单不能是它自己或它的下级/);
    await refused(post(`${P}/topMenu/submit`, { name: 'x', parentId: '42' }), 400, /上级菜单不存在/);
    await refused(post(`${P}/topMenu/submit`, { name: 'x', jumpAddress: 'javascript:alert(1)' }), 400, /链接地址须以 http\(s\):\/\/ 或 \/ 开头/);
  });

  test('services: save and update check the process, the address and each validity mode, in zh and en', async () => {
    const en = (json: unknown, path = `${S}/save`) => post(path, json, admin, 'en');
    await refused(post(`${S}/save`, service({ itemWay: 1, itemUrl: undefined })), 400, /^请选择绑定的流程$/);
    await refused(en(service({ itemWay: 1, itemUrl: undefined })), 400, /^Please choose the process$/);
    await refused(post(`${S}/save`, service({ itemWay: 1, itemHandle: 'noSuchFlow' })), 400, /流程“noSuchFlow”未部署/);
    await refused(en(service({ itemWay: 1, itemHandle: 'noSuchFlow' })), 400, /The process "noSuchFlow" is not deployed/);
    await refused(post(`${S}/save`, service({ itemUrl: '' })), 400, /请输入外部地址/);
    await refused(post(`${S}/save`, service({ itemUrl: 'ftp://x' })), 400, /外部地址须以 http\(s\):\/\/ 开头/);
    await refused(post(`${S}/save`, service({ categoryId: '99' })), 400, /服务分类不存在/);
    await refused(en(service({ categoryId: undefined })), 400, /Please choose the category/);
    await refused(post(`${S}/save`, service({ validityMode: 2, validityStart: '8:00', validityEnd: '25:00' })), 400, /每日时段须填写开始和结束时间，格式为 HH:mm/);
    await refused(en(service({ validityMode: 2, validityStart: '08:00' })), 400, /The daily hours need a start and an end as HH:mm/);
    await refused(post(`${S}/save`, service({ validityMode: 4, validityStart: '0', validityEnd: '10' })), 400, /每月日期段/);
    await refused(post(`${S}/save`, service({ validityMode: 5, validityStart: '02-30', validityEnd: '03-01' })), 400, /每年日期段须填写开始和结束日期，格式为 MM-dd/);
    await refused(post(`${S}/save`, service({ validityMode: 6 })), 400, /请填写指定日期/);
    await refused(post(`${S}/save`, service({ validityMode: 6, validityDates: '2026-02-29' })), 400, /指定日期“2026-02-29”不是有效日期/);
    await refused(en(service({ validityMode: 6, validityDates: '2026-13-01' })), 400, /The date "2026-13-01" is not a valid date/);
    await refused(post(`${S}/save`, service({ validityMode: 3 })), 400, /有效期的值不在可选项中/);
    await refused(post(`${S}/save`, service({ userIds: '1,2' })), 400, /可办理人员中有不存在的用户/);
    await refused(post(`${S}/save`, service({ roleIds: SEED.otherAdminRoleId })), 400, /可办理角色中有不存在的角色/);
    await refused(en(service({ deptIds: SEED.otherDeptId })), 400, /Some of the departments that may handle it do not exist/);
    await refused(post(`${S}/save`, service({ postIds: '12' })), 400, /可办理岗位中有不存在的岗位/);
    await refused(post(`${S}/save`, { ...service(), id: services[0] }), 400, /新增服务时不能带编号/);
    await refused(post(`${S}/update`, service()), 400, /请指定要修改的服务/);
    await refused(en(service(), `${S}/update`), 400, /Please say which service to change/);
    await refused(post(`${S}/save`, service(), user), 403);

    // a process service, its validity normalised; a code made when left out, unique when given
    const saved = await must(post(`${S}/save`, service({
      name: '学生请假', itemWay: 1, itemHandle: 'trustFlow', itemUrl: 'https://stale.example', validityMode: 2, validityStart: '8:00', validityEnd: '17:30', validityDates: '2026-01-01',
      userIds: `${SEED.userId},${SEED.userId}`, roleIds: SEED.userRoleId, deptIds: SEED.deptTeachId,
    })));
    assert.match(saved.serviceCode, /^FW\d{8}\d{4}$/);
    assert.deepEqual([saved.itemUrl, saved.validityStart, saved.validityEnd, saved.validityDates, saved.userIds], [null, '08:00', '17:30', null, SEED.userId]);
    await refused(post(`${S}/save`, service({ serviceCode: saved.serviceCode })), 400, /服务编码已存在/);
    const { serviceCode } = await must(get(`${S}/getRandomId`));
    assert.match(serviceCode, /^FW\d{8}\d{4}$/);
    assert.notEqual(serviceCode, saved.serviceCode);
    await refused(get(`${S}/getRandomId`, user), 403);

    const updated = await must(post(`${S}/update`, { ...service({ name: '学生请假（新）', validityMode: 6, validityDates: '2026-12-02, 2026-12-01,2026-12-02' }), id: saved.id }));
    assert.deepEqual([updated.name, updated.serviceCode, updated.validityDates, updated.validityStart, updated.itemHandle], ['学生请假（新）', saved.serviceCode, '2026-12-01,2026-12-02', null, null], 'the code kept, the dates sorted once each');
    const yearly = await must(post(`${S}/update`, { ...service({ validityMode: 5, validityStart: '12-1', validityEnd: '2-28' }), id: saved.id }));
    assert.deepEqual([yearly.validityStart, yearly.validityEnd], ['12-01', '02-28'], 'a yearly window may wrap the new year');
    const monthly = await must(post(`${S}/submit`, { ...service({ validityMode: 4, validityStart: '25', validityEnd: '05' }), id: saved.id }));
    assert.deepEqual([monthly.validityStart, monthly.validityEnd], ['25', '5']);

    // the management list names the category; removal also ends its recommendation
    const list = await must(get(`${S}/list?serviceCode=${saved.serviceCode}&current=1&size=10`));
    assert.deepEqual(list.records.map((r: { id: string; categoryName: string }) => [r.id, r.categoryName]), [[saved.id, '学生服务']]);
    await must(post(`${P}/serviceRecommend/submit`, { serviceId: saved.id }));
    await must(post(`${S}/remove?ids=${saved.id}`));
    assert.equal((await must(get(`${P}/serviceRecommend/list?serviceId=${saved.id}`))).total, 0);
  });

  test('a role with some of a screen\'s buttons gets exactly those calls', async () => {
    const menus = (await must(get('/api/blade-system/menu/list?code=portal'))).filter((m: { code: string }) => ['portalManage', 'portalFloor', 'portal_floor_view', 'portal_floor_edit'].includes(m.code));
    assert.equal(menus.length, 4, JSON.stringify(menus.map((m: { code: string }) => m.code)));
    const role = await must(post('/api/blade-system/role/submit', { roleName: '楼层编辑', roleAlias: 'floorEditor' }));
    await must(post('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: menus.map((m: { id: string }) => m.id) }));
    await must(post('/api/blade-system/user/submit', { account: 'floor1', password: md5('pw123456'), realName: '楼层编辑', roleId: role.id, deptId: SEED.deptTeachId }));
    const editor = (await s.login('floor1', 'pw123456')).access_token;
    const floor = await must(post(`${P}/floor/submit`, { name: '新闻楼层', floorType: 3 }));
    assert.equal((await must(get(`${P}/floor/list`, editor))).total >= 1, true);
    await must(post(`${P}/floor/submit`, { id: floor.id, name: '新闻公告', floorType: 3 }, editor));
    await must(post(`${P}/floor/updateStatus`, { id: floor.id, status: 0 }, editor));
    await refused(post(`${P}/floor/submit`, { name: '再来一层' }, editor), 403);
    await refused(post(`${P}/floor/remove?ids=${floor.id}`, undefined, editor), 403);
    await refused(get(`${P}/column/list`, editor), 403);
  });

  test('floors and precincts switch on and off; columns and recommendations keep the order a screen saves', async () => {
    const floor = await must(post(`${P}/floor/submit`, { name: '办事指南', floorType: 1 }));
    assert.equal((await must(post(`${P}/floor/updateStatus`, { id: floor.id, status: 0 }))).status, 0);
    assert.equal((await must(get(`${P}/floor/detail?id=${floor.id}`))).status, 0);
    await refused(post(`${P}/floor/updateStatus`, { id: floor.id, status: 2 }), 400, /状态须为 0（停用）或 1（启用）/);
    await refused(post(`${P}/floor/updateStatus`, { id: floor.id, status: 2 }, admin, 'en'), 400, /The status must be 0 \(disabled\) or 1 \(enabled\)/);
    await refused(post(`${P}/floor/updateStatus`, { id: floor.id, status: 1 }, user), 403);
    await refused(post(`${P}/floor/updateStatus`, { id: '1', status: 1 }), 400);
    const precinct = await must(post(`${P}/precinct/submit`, { name: '毕业专区', floorId: floor.id }));
    assert.equal((await must(post(`${P}/precinct/updateStatus`, { id: precinct.id, status: '0' }))).status, 0);

    const cols = [];
    for (const name of ['甲', '乙', '丙']) cols.push((await must(post(`${P}/column/submit`, { name, floorId: floor.id, sort: 1 }))).id);
    await must(post(`${P}/column/submit`, { id: cols[1], name: '乙', floorId: floor.id, status: 0 }));
    await must(post(`${P}/column/updateSort`, [{ id: cols[0], sort: 3 }, { id: cols[1], sort: 1 }, { id: cols[2], sort: 2 }]));
    const listed = await must(get(`${P}/column/listNoPage?floorId=${floor.id}`));
    assert.deepEqual(listed.map((c: { name: string }) => c.name), ['乙', '丙', '甲'], 'the management list holds disabled ones too, in their order');
    await refused(post(`${P}/column/updateSort`, [{ id: cols[0], sort: -1 }]), 400, /请提交 \[\{ id, sort \}\] 列表/);
    await refused(post(`${P}/column/updateSort`, { id: cols[0], sort: 1 }, admin, 'en'), 400, /Please send a list of \{ id, sort \}/);
    await refused(post(`${P}/column/updateSort`, [{ id: cols[0], sort: 9 }, { id: '1', sort: 1 }]), 400);
    assert.equal((await must(get(`${P}/column/detail?id=${cols[0]}`))).sort, 3, 'all or none');
    await refused(post(`${P}/column/updateSort`, [{ id: cols[0], sort: 1 }], user), 403);

    const recs = [];
    for (const id of services) recs.push((await must(post(`${P}/serviceRecommend/submit`, { serviceId: id, sort: 1 }))).id);
    await refused(post(`${P}/serviceRecommend/submit`, { serviceId: services[0] }), 400, /该服务已推荐/);
    await must(post(`${P}/serviceRecommend/updateSort`, [{ id: recs[0], sort: 2 }, { id: recs[1], sort: 1 }]));
    assert.deepEqual((await must(get(`${P}/serviceRecommend/list`))).records.map((r: { id: string; serviceName: string }) => r.id), [recs[1], recs[0]]);
    assert.deepEqual(await must(post(`${P}/serviceRecommend/deleteByServiceId?serviceId=${services[1]}`)), { removed: 1 });
    await refused(post(`${P}/serviceRecommend/deleteByServiceId`, {}), 400);
    assert.deepEqual((await must(get(`${P}/serviceRecommend/list`))).records.map((r: { serviceName: string }) => r.serviceName), ['校园卡挂失']);
  });

  test('the slideshow screen reads a type with all its slides; the portal pages read enabled rows', async () => {
    const type = await must(post(`${P}/slideshowType/submit`, { typeName: '服务大厅', typeCode: 'hall' }));
    await must(post(`${P}/slideshow/submit`, { typeId: type.id, title: '二', imageUrl: '/b.png', sort: 2 }));
    await must(post(`${P}/slideshow/submit`, { typeId: type.id, title: '一', imageUrl: '/a.png', sort: 1, status: 0 }));
    const [one] = await must(get(`${P}/slideshow/getSlideshowTypeAndList?id=${type.id}`));
    assert.deepEqual(one.list.map((x: { title: string }) => x.title), ['一', '二']);
    await refused(get(`${P}/slideshow/getSlideshowTypeAndList?id=${type.id}`, user), 403);

    for (const [trainType, name, sort] of [['教学', '教务系统', 1], ['生活', '一卡通', 2], ['教学', '图书馆', 3]] as const) {
      await must(post(`${P}/throughTrain/submit`, { trainType, trainTypeEn: trainType === '教学' ? 'Teaching' : 'Campus life', name, url: 'https://x.example.edu', sort }));
    }
    await must(post(`${P}/throughTrain/submit`, { trainType: '生活', name: '停用', url: 'https://x.example.edu', sort: 4, status: 0 }));
    const groups = await must(get(`${P}/throughTrain/getThroughTrainTypeAndList`, user));
    assert.deepEqual(groups.map((g: { trainType: string; trainTypeEn: string; list: { name: string }[] }) => [g.trainType, g.trainTypeEn, g.list.map((x) => x.name)]),
      [['教学', 'Teaching', ['教务系统', '图书馆']], ['生活', 'Campus life', ['一卡通']]]);

    await must(post(`${P}/shortcutEntrance/submit`, { name: '挂失', serviceId: services[0], sort: 1 }));
    await must(post(`${P}/shortcutEntrance/submit`, { name: '官网', url: 'https://www.example.edu', sort: 2 }));
    const shortcuts = await must(get(`${P}/shortcutEntrance/listNoPage`, user));
    assert.deepEqual(shortcuts.map((x: { name: string; service: { name: string } | null }) => [x.name, x.service?.name ?? null]), [['挂失', '校园卡挂失'], ['官网', null]]);
    assert.equal(shortcuts[0].service.canHandle, true);

    await must(post(`${P}/servicePackage/submit`, { name: '离校一件事', serviceIds: `${services[1]},${services[0]}` }));
    const packs = await must(get(`${P}/servicePackage/page?current=1&size=10`, user));
    assert.deepEqual(packs.records[0].services.map((x: { name: string }) => x.name), ['成绩单打印', '校园卡挂失'], 'in the package\'s order');
    assert.equal('userIds' in packs.records[0].services[0], false);
  });

  test('a person\'s favourites, visits and feedback are their own; the header counts theirs', async () => {
    const [s1, s2] = services;
    assert.deepEqual(await must(post(`${P}/serviceCollect/updateCollect`, { serviceId: s1 }, user)), { collected: true });
    assert.deepEqual(await must(post(`${P}/serviceCollect/updateCollect`, { serviceId: s2 }, user)), { collected: true });
    assert.deepEqual(await must(post(`${P}/serviceCollect/updateCollect`, { serviceId: s2 }, user)), { collected: false });
    await refused(post(`${P}/serviceCollect/updateCollect`, { serviceId: '42' }, user), 400, /服务不存在或已停用/);
    await refused(post(`${P}/serviceCollect/submit`, { serviceId: s1 }, user), 400, /已收藏该服务/);
    const mine = await must(get(`${P}/serviceCollect/list`, user));
    assert.deepEqual(mine.records.map((r: { service: { name: string } }) => r.service.name), ['校园卡挂失']);
    assert.equal((await must(get(`${P}/serviceCollect/list`))).total, 0, 'the administrator sees only their own');
    await must(post(`${P}/serviceCollect/remove?ids=${mine.records[0].id}`));
    assert.equal((await must(get(`${P}/serviceCollect/list`, user))).total, 1, 'nor removes another\'s');

    await must(post(`${P}/serviceStatisticsSum/updateStatistics`, { serviceId: s2, type: 'visit' }, user));
    await refused(post(`${P}/serviceStatisticsSum/updateStatistics`, { serviceId: s2, type: 'start' }, user), 400, /只能记录访问/);
    const detail = await must(get(`${S}/getDetailByServiceId?serviceId=${s1}`, user));
    assert.deepEqual([detail.name, detail.canHandle, detail.refusal, detail.collected], ['校园卡挂失', true, null, true]);
    assert.equal('userIds' in detail, false);
    const visited = await must(get(`${S}/getVisitService?current=1&size=10`, user));
    assert.deepEqual(visited.records.map((r: { name: string }) => r.name), ['校园卡挂失', '成绩单打印'], 'the latest visit first');
    assert.ok(visited.records[0].lastVisitTime);
    assert.equal((await must(get(`${P}/serviceVisit/list`, user))).total, 2);
    assert.equal((await must(get(`${P}/serviceVisit/list`))).total, 0);
    const stats = await must(get(`${P}/serviceStatisticsSum/list?serviceId=${s2}`));
    assert.equal(stats.records[0].visitCount, 1);
    assert.equal(stats.records[0].serviceName, '成绩单打印');

    // feedback: anyone adds their own; the feedback screen reads and answers
    const fb = await must(post(`${P}/serviceFeedback/submit`, { serviceId: s1, rating: 4, content: '办理很快' }, user));
    await refused(post(`${P}/serviceFeedback/submit`, { serviceId: s1, rating: 9, content: 'x' }, user), 400, /评分须在 1 到 5 之间/);
    await refused(get(`${P}/serviceFeedback/list`, user), 403);
    await refused(post(`${P}/serviceFeedback/submit`, { id: fb.id, serviceId: s1, rating: 4, content: '办理很快', reply: '谢谢' }, user), 403);
    await refused(post(`${P}/serviceFeedback/submit`, { id: fb.id, serviceId: s1, rating: 4, content: '改了', reply: '谢谢' }), 400, /只能答复反馈/);
    const answered = await must(post(`${P}/serviceFeedback/submit`, { id: fb.id, serviceId: s1, rating: 4, content: '办理很快', reply: '感谢您的反馈' }));
    assert.deepEqual([answered.replyStatus, answered.reply, !!answered.replyTime], [1, '感谢您的反馈', true]);
    assert.equal((await must(get(`${P}/serviceFeedback/list`))).records[0].serviceName, '校园卡挂失');

    const status = await must(get(`${P}/myStatus/getMyStatusList`, user));
    assert.deepEqual(status.map((x: { key: string }) => x.key), ['todo', 'done', 'send', 'copy', 'collect', 'message']);
    assert.equal(status.find((x: { key: string }) => x.key === 'collect').count, 1);
    assert.ok(status.every((x: { name: string; nameEn: string; path: string; count: number }) => x.name && x.nameEn && x.path.startsWith('/portal/') && Number.isInteger(x.count)));
  });

  test('online handling lists only what the caller may handle now', async () => {
    const only = await must(post(`${S}/save`, service({ name: '教师专属', userIds: SEED.adminId })));
    const offline = await must(post(`${S}/save`, service({ name: '线下办理', handleType: 2 })));
    const mine = await must(get('/api/blade-portal/serviceOnlineHandle/listNoPage', user));
    const names = mine.map((x: { name: string }) => x.name);
    assert.ok(names.includes('校园卡挂失') && !names.includes('教师专属') && !names.includes('线下办理'), names.join(','));
    const all = await must(get(`${S}/listNoPage?name=教师`, user));
    assert.deepEqual(all.map((x: { name: string; canHandle: boolean; refusal: string }) => [x.name, x.canHandle, x.refusal]), [['教师专属', false, '您没有权限办理该服务']]);
    const allEn = await must(get(`${S}/listNoPage?name=教师`, user, 'en'));
    assert.equal(allEn[0].refusal, 'You have no permission to handle this service');
    assert.ok((await must(get('/api/blade-portal/serviceOnlineHandle/listNoPage'))).some((x: { name: string }) => x.name === '教师专属'));
    await must(post(`${S}/remove?ids=${only.id},${offline.id}`));
  });

  test('another tenant\'s administrator never sees nor changes the first tenant\'s portal rows', async () => {
    const floor = await must(post(`${P}/floor/submit`, { name: '甲租户楼层' }));
    const [s1] = services;
    for (const base of ['floor', 'serviceManage', 'serviceCategory', 'column', 'serviceRecommend', 'servicePackage']) {
      const list = await must(get(`${P}/${base}/list?current=1&size=100`, other));
      assert.ok(!JSON.stringify(list).includes(floor.id) && !JSON.stringify(list).includes(s1), `${base}: tenant A's rows listed`);
    }
    assert.equal(await must(get(`${P}/floor/detail?id=${floor.id}`, other)), null);
    assert.equal(await must(get(`${S}/detail?id=${s1}`, other)), null);
    await refused(post(`${P}/floor/submit`, { id: floor.id, name: '改名' }, other), 400);
    await refused(post(`${P}/floor/updateStatus`, { id: floor.id, status: 0 }, other), 400);
    await refused(post(`${P}/column/updateSort`, [{ id: floor.id, sort: 5 }], other), 400);
    await refused(post(`${S}/update`, { ...service(), id: s1 }, other), 400, /服务分类不存在/);
    await refused(post(`${P}/servicePackage/submit`, { name: 'x', serviceIds: s1 }, other), 400, /关联服务中有不存在的服务/);
    await refused(post(`${P}/serviceCollect/updateCollect`, { serviceId: s1 }, other), 400);
    await refused(get(`${S}/getDetailByServiceId?serviceId=${s1}`, other), 400);
    await must(post(`${P}/floor/remove?ids=${floor.id}`, undefined, other));
    await must(post(`${S}/remove?ids=${s1}`, undefined, other));
    const still = await must(get(`${P}/floor/detail?id=${floor.id}`));
    assert.deepEqual([still.name, still.status], ['甲租户楼层', 1]);
    assert.equal((await must(get(`${S}/detail?id=${s1}`))).name, '校园卡挂失');
    // the second tenant's own rows are its own
    const cat = await must(post(`${P}/serviceCategory/submit`, { name: '学生服务' }, other));
    const theirs = await must(post(`${S}/save`, service({ categoryId: cat.id }), other));
    assert.notEqual(theirs.serviceCode, '');
    assert.equal((await must(get(`${S}/list?current=1&size=100`, other))).total, 1);
  });
}, { both: true });
