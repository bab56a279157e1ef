// The demo portal (issue 16 "A portal worth opening on a fresh install"; server/src/demo/portal.ts):
// with the demo campus on, the portal is open after boot and an anonymous visitor's public calls
// answer its content (top menu, both slideshows with their pictures, floors with columns, precincts,
// news and links, shortcut entrances, departments, through-train, special services, packages,
// recommendations, sayings), in Chinese and English, without any audience list; at least 30
// services in 6 or more categories, most bound to deployed processes of the campus, the rest
// opening other systems, with their guides, windows and audiences; the audiences name the campus's
// real roles, departments and posts (a student may handle the students' services and not the
// staff's); a second boot makes nothing again, and one after a start that died half way completes it
// without duplicates.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { PORTAL_MODELS } from '@campus/schema';
import { CAMPUS_PROCESSES } from '../src/demo/campus.ts';
import { PORTAL_MARKER, PORTAL_SLIDESHOWS, SERVICES } from '../src/demo/portal.ts';
import { copyCampusTemplate, forEachDatabase, startServer, type TestServer } from './harness.ts';

const B = '/api/blade-portal';
type Row = Record<string, any>;
const AUDIENCE = ['userIds', 'roleIds', 'deptIds', 'postIds'];

/** What the demo portal is made of, counted: a second boot must leave every number as it was. */
async function census(s: TestServer): Promise<Record<string, number>> {
  const db = s.server.database.db;
  const out: Record<string, number> = {};
  for (const m of PORTAL_MODELS) out[m.table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(m.table)}`.execute(db)).rows[0]!.n);
  out.pictures = Number((await sql<{ n: string }>`select count(*) as n from blade_attach where original_name like 'portal-%'`.execute(db)).rows[0]!.n);
  return out;
}

const table = (name: string) => PORTAL_MODELS.find((m) => m.name === name)!.table;
/**
 * A start that died half way: the marker gone, the last ten services and everything made after the
 * services (build order) gone, the portal not yet open. The next start must complete it to the same counts.
 */
async function halfUndo(s: TestServer): Promise<void> {
  const db = s.server.database.db;
  await sql`delete from blade_secret where name = ${PORTAL_MARKER}`.execute(db);
  const service = table('serviceManage');
  await sql`delete from ${sql.table(service)} where id in (select id from ${sql.table(service)} order by sort desc limit 10)`.execute(db);
  for (const name of ['specialServiceColumn', 'servicePackage', 'serviceRecommend', 'throughDept', 'throughTrain', 'shortcutEntrance', 'slideshowType', 'slideshow', 'newsSource', 'urlManage', 'floor', 'column', 'precinct', 'aphorism', 'portalTopMenu']) {
    await sql`delete from ${sql.table(table(name))}`.execute(db);
  }
  await sql`delete from ${sql.table(table('portalConfig'))} where config_key in ('openPortal', 'siteName', 'footerLinks')`.execute(db);
}

/** Every key anywhere in an answer. */
const keysOf = (v: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, into));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { into.add(k); keysOf(x, into); }
  return into;
};

await forEachDatabase('demo portal', (kind) => {
  let s: TestServer;
  const token: Record<string, string> = {};
  before(async () => {
    s = await startServer({ kind, config: { seedCampus: true } });
    for (const account of ['admin', 'student1', 'user', 'dean']) token[account] = (await s.login(account, account)).access_token;
  });
  after(async () => { await s?.close(); });
  /** An anonymous call: success, answered in the language asked, never an audience list. */
  const open = async (path: string, lang = 'zh-CN') => {
    const r = await s.api(path, { headers: { 'accept-language': lang } });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body).slice(0, 300)}`);
    const leaked = AUDIENCE.filter((k) => keysOf(r.body.data).has(k));
    assert.deepEqual(leaked, [], `${path} carries no audience list`);
    return r.body.data;
  };
  const get = (path: string, who: string) => s.api(path, { token: token[who], headers: { 'accept-language': 'zh-CN' } });

  test('after boot: the portal is open, named, with ≥ 30 services in ≥ 6 categories, most bound to deployed campus processes', async () => {
    assert.ok((await sql`select 1 from blade_secret where name = ${PORTAL_MARKER}`.execute(s.server.database.db)).rows.length, 'marked made');
    const config = Object.fromEntries(((await open(`${B}/config/noLogin/list?size=100`)).records as Row[]).map((r) => [r.configKey, r.configValue]));
    assert.equal(config.openPortal, '1');
    assert.equal(config.siteName, '智慧校园服务大厅');
    assert.equal(config.siteNameEn, 'Smart Campus Service Hall');
    for (const k of ['heroTitle', 'heroTitleEn', 'copyright', 'copyrightEn', 'contactPhone', 'logo']) assert.ok(config[k], k);
    assert.ok(JSON.parse(config.footerLinks).every((l: Row) => l.name && l.nameEn && l.url));

    const categories = (await open(`${B}/serviceCategory/noLogin/listNoPage`)) as Row[];
    assert.ok(categories.length >= 6, `${categories.length} categories`);
    assert.ok(categories.every((c) => c.nameEn && c.serviceCount > 0), JSON.stringify(categories.map((c) => [c.name, c.serviceCount])));
    const page = await open(`${B}/serviceManage/noLogin/listUnion?current=1&size=200`);
    assert.ok(page.total >= 30, `${page.total} services`);
    assert.equal(page.total, SERVICES.length);
    const cards = page.records as Row[];
    assert.ok(new Set(cards.map((c) => String(c.categoryId))).size >= 6);
    assert.ok(cards.every((c) => c.nameEn && c.categoryName && c.deptName), 'English name, category and department on every card');

    // the management view: bound processes, guides, windows, audiences
    const all = (await get(`${B}/serviceManage/list?size=200`, 'admin')).body.data.records as Row[];
    assert.equal(all.length, SERVICES.length);
    const bound = all.filter((x) => Number(x.itemWay) === 1);
    assert.ok(bound.length >= 20, `${bound.length} bound to a process`);
    assert.ok(bound.length > all.length / 2, 'most');
    const keys = new Set(bound.map((x) => String(x.itemHandle)));
    assert.ok(keys.size >= 6, `${keys.size} processes: ${[...keys]}`);
    assert.ok(bound.some((x) => x.itemHandle === 'campusStudentLeave') && bound.filter((x) => x.itemHandle === 'campusExpense').length > 1, 'several services start one process');
    for (const key of keys) {
      assert.ok(CAMPUS_PROCESSES.some((p) => p.key === key), `${key} is a campus process`);
      const model = (await get(`/api/blade-workflow/design/model/detail?modelKey=${key}`, 'admin')).body.data;
      assert.ok(model?.definitionId, `${key} is deployed`);
    }
    const external = all.filter((x) => Number(x.itemWay) === 2);
    assert.ok(external.length >= 5 && external.every((x) => /^https:\/\//.test(x.itemUrl) && Number(x.openWay) === 3));
    for (const x of all) {
      assert.ok(x.serviceCode && x.introduce && x.timeLimit && x.handleAddress && x.contactPhone && x.fee && x.basis, `${x.name} has its guide`);
      const materials = JSON.parse(x.materials) as Row[];
      const steps = JSON.parse(x.steps) as Row[];
      assert.ok(materials.length && materials.every((m) => m.name && m.nameEn), `${x.name} materials`);
      assert.ok(steps.length >= 2 && steps.every((m) => m.name && m.nameEn && m.description && m.descriptionEn), `${x.name} steps`);
    }
    // windows: daily hours, days of the month, a yearly range that is not today, given dates
    const modes = new Map(all.filter((x) => Number(x.validityMode) > 1).map((x) => [Number(x.validityMode), x]));
    assert.deepEqual([...modes.keys()].sort(), [2, 4, 5, 6]);
    assert.deepEqual([modes.get(2)!.validityStart, modes.get(2)!.validityEnd], ['08:00', '17:30']);
    const now = new Date();
    const today = `${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const { validityStart: from, validityEnd: to } = modes.get(5)!;
    const inside = from <= to ? today >= from && today <= to : today >= from || today <= to;
    assert.ok(!inside, `the yearly window ${from}–${to} excludes ${today}`);
    assert.match(modes.get(6)!.validityDates, /^\d{4}-\d{2}-\d{2}(,\d{4}-\d{2}-\d{2})+$/);
    // audiences: students only, staff only, one department, one post
    const roles = new Map(((await get('/api/blade-system/role/list', 'admin')).body.data as Row[]).flatMap(function f(r: Row): Row[] { return [r, ...(r.children ?? []).flatMap(f)]; }).map((r) => [r.roleAlias, String(r.id)]));
    const named = (name: string) => all.find((x) => x.name === name)!;
    assert.equal(named('学生请假').roleIds, roles.get('student'));
    assert.equal(named('费用报销').roleIds, roles.get('staff'));
    assert.ok(named('计算机学院实验室预约').deptIds && !named('计算机学院实验室预约').roleIds);
    assert.ok(named('院长办公会议题会签').postIds);
  });

  test('an anonymous visitor: top menu, slideshows with their pictures, floors, entrances, packages, departments, sayings', async () => {
    const menus = (await open(`${B}/topMenu/noLogin/list?status=1&current=1&size=10`)).records as Row[];
    assert.deepEqual(menus.slice(0, 2).map((m) => m.jumpAddress), ['/portal/index', '/portal/hall']);
    assert.ok(menus.length >= 6 && menus.every((m) => m.nameEn));
    assert.ok(menus.some((m) => m.children?.length >= 4), 'a sub-menu');
    assert.ok(menus.some((m) => Number(m.addressType) === 2 && /^https:/.test(m.jumpAddress)), 'an outside link');

    const types = (await open(`${B}/slideshow/noLogin/getSlideshowTypeAndList`)) as Row[];
    for (const code of Object.values(PORTAL_SLIDESHOWS)) {
      const t = types.find((x) => x.typeCode === code);
      assert.ok(t && t.list.length >= 3 && t.list.length <= 4, code);
      for (const slide of t.list as Row[]) {
        assert.ok(slide.title && slide.titleEn && slide.subtitleEn, slide.title);
        assert.match(slide.imageUrl, /^\/api\/blade-resource\/oss\/endpoint\/file\//, 'served by the platform itself');
        const img = await fetch(s.url + slide.imageUrl);
        assert.equal(img.status, 200);
        assert.match(img.headers.get('content-type') ?? '', /image\/svg\+xml/);
        assert.match(await img.text(), /^<svg /);
      }
    }
    const hero = (await open(`${B}/slideshow/noLogin/getSlideshowTypeAndList?typeCode=${PORTAL_SLIDESHOWS.hero}`)) as Row[];
    assert.deepEqual(hero.map((x) => x.typeCode), [PORTAL_SLIDESHOWS.hero]);

    // floors: service columns, precincts, news, links
    const floors = (await open(`${B}/floor/noLogin/list`)) as Row[];
    assert.deepEqual(floors.map((f) => Number(f.floorType)), [1, 2, 3, 4]);
    const detail = async (type: number) => open(`${B}/floor/noLogin/detail?id=${floors.find((f) => Number(f.floorType) === type)!.id}`);
    const services = await detail(1);
    assert.equal(services.columns.length, 3);
    assert.ok(services.columns.every((c: Row) => c.services.length === 8 && c.services.every((x: Row) => x.name && x.nameEn)));
    const precincts = (await detail(2)).precincts as Row[];
    assert.deepEqual(precincts.map((p) => p.name), ['迎新专区', '毕业专区', '教职工专区']);
    assert.ok(precincts.every((p) => p.nameEn && p.imageUrl && p.services.length >= 5));
    const precinct = await open(`${B}/precinct/noLogin/detail?id=${precincts[0].id}`);
    assert.equal(precinct.services.length, precincts[0].services.length);
    const news = await detail(3);
    const items = [...(news.news ?? []), ...(news.columns ?? []).flatMap((c: Row) => c.news ?? [])] as Row[];
    assert.ok(items.some((n) => /网上办事大厅上线/.test(n.title)), 'the campus notices are the news');
    assert.ok((await detail(4)).links.length >= 6);
    const cols = (await open(`${B}/column/noLogin/listNoPage?floorId=${floors[0].id}`)) as Row[];
    assert.equal(cols.length, 3);

    const shortcuts = (await open(`${B}/shortcutEntrance/noLogin/page?current=1&size=20`)).records as Row[];
    assert.ok(shortcuts.length >= 6 && shortcuts.every((x) => x.nameEn && x.url));
    const depts = (await open(`${B}/throughDept/noLogin/throughDeptListNoPage`)) as Row[];
    assert.ok(depts.length >= 5 && depts.every((d) => d.deptName && d.serviceCount > 0), JSON.stringify(depts.map((d) => [d.name, d.serviceCount])));
    const trains = (await open(`${B}/throughTrain/noLogin/page?current=1&size=50`)).records as Row[];
    assert.deepEqual([...new Set(trains.map((t) => t.trainType))], ['教学', '生活', '办公']);
    assert.ok(trains.every((t) => t.trainTypeEn && t.nameEn));
    const specials = (await open(`${B}/specialService/noLogin/list?current=1&size=10`)).records as Row[];
    assert.ok(specials.length >= 2 && specials.every((x) => x.nameEn && x.imageUrl));
    const bySpecial = await open(`${B}/serviceManage/noLogin/listUnion?specialServiceId=${specials[0].id}&size=50`);
    assert.ok(bySpecial.total >= 4);

    const packages = (await open(`${B}/servicePackage/noLogin/page?current=1&size=10`)).records as Row[];
    for (const name of ['新生入学一件事', '毕业离校一件事']) {
      const p = packages.find((x) => x.name === name);
      assert.ok(p && p.nameEn && p.services.length >= 4, name);
    }
    const recommends = (await open(`${B}/serviceRecommend/noLogin/list`)) as Row[] | { records: Row[] };
    const recs = Array.isArray(recommends) ? recommends : recommends.records;
    assert.ok(recs.length >= 5 && recs.every((r) => r.service?.name && r.reason));

    const counts = await open(`${B}/serviceManage/noLogin/getServiceCount`);
    assert.equal(counts.serviceCount, SERVICES.length);
    assert.ok(counts.categoryCount >= 6 && counts.deptCount >= 5);
    const saying = await open(`${B}/aphorism/getRandAphorism`);
    assert.ok(saying.content && saying.contentEn && saying.author);
    // a guide, read by an anonymous visitor
    const leave = ((await open(`${B}/serviceManage/noLogin/listUnion?name=${encodeURIComponent('学生请假')}&size=10`)).records as Row[]).find((x) => x.name === '学生请假')!;
    const guide = await open(`${B}/serviceManage/noLogin/detail?id=${leave.id}`);
    assert.equal(guide.itemHandle, 'campusStudentLeave');
    assert.ok(JSON.parse(guide.materials).length && JSON.parse(guide.steps).length >= 3 && guide.timeLimit && guide.handleAddress);
  });

  test('in English: every service\'s guide texts and every description; the personal data centre has its categories', async () => {
    const all = (await get(`${B}/serviceManage/list?size=200`, 'admin')).body.data.records as Row[];
    const EN = ['summaryEn', 'introduceEn', 'timeLimitEn', 'handleAddressEn', 'feeEn', 'basisEn', 'contactPersonEn'];
    for (const x of all) {
      const missing = EN.filter((k) => !x[k] || /[\u4e00-\u9fff]/.test(x[k]));
      assert.deepEqual(missing, [], `${x.name}: English of ${missing.join(', ')}`);
    }
    const guide = await open(`${B}/serviceManage/noLogin/detail?id=${all.find((x) => x.name === '费用报销')!.id}`, 'en');
    assert.deepEqual([guide.timeLimitEn, guide.feeEn, guide.contactPersonEn], ['5 working days', 'Free of charge', 'Ms Sun']);
    const described = async (entity: string) => ((await get(`${B}/${entity}/list?size=200`, 'admin')).body.data.records as Row[]).filter((r) => r.description);
    for (const entity of ['serviceCategory', 'specialService', 'servicePackage', 'throughDept', 'precinct']) {
      const rows = await described(entity);
      assert.ok(rows.length > 0, entity);
      assert.deepEqual(rows.filter((r) => !r.descriptionEn).map((r) => r.name), [], `${entity}: English descriptions`);
    }
    // the personal data centre: its categories with their fields, and an entry a student keeps
    const cats = (await get('/api/blade-data/personal/personalDataCategory', 'student1')).body.data as Row[];
    assert.deepEqual(cats.map((c) => [c.name, c.nameEn]), [['获奖情况', 'Awards'], ['证书资质', 'Certificates']]);
    assert.deepEqual(JSON.parse(cats[0].formContent).column.map((f: Row) => f.prop), ['name', 'level', 'date']);
    assert.deepEqual(JSON.parse(cats[1].formContent).column.map((f: Row) => f.prop), ['name', 'number', 'issuer', 'date']);
    const saved = await s.api('/api/blade-data/personal/savePersonalData', { method: 'POST', token: token.student1, json: { categoryId: cats[0].id, content: { name: '全国大学生数学建模竞赛一等奖', level: 'national', date: '2025-11-20' } } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const refused = await s.api('/api/blade-data/personal/savePersonalData', { method: 'POST', token: token.student1, json: { categoryId: cats[0].id, content: { level: 'national' } } });
    assert.equal(refused.status, 400, 'the category\'s form holds an entry to its fields');
  });

  test('the audiences name the campus\'s real roles, departments and posts', async () => {
    const canHandle = async (who: string) => {
      const r = await get(`${B}/serviceManage/noLogin/listUnion?size=200`, who);
      assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
      return new Map((r.body.data.records as Row[]).map((x) => [x.name, x.canHandle as boolean]));
    };
    const student = await canHandle('student1');
    // a window that is not open now refuses everyone: compare services that are always open
    assert.equal(student.get('学生请假'), true);
    assert.equal(student.get('计算机学院实验室预约'), true, 'student1 is in a class of the 计算机学院');
    assert.equal(student.get('费用报销'), false);
    assert.equal(student.get('院长办公会议题会签'), false);
    assert.equal(student.get('校园网账号开通'), true, 'open to everyone');
    const staff = await canHandle('user');
    assert.equal(staff.get('费用报销'), true);
    assert.equal(staff.get('学生请假'), false);
    assert.equal(staff.get('计算机学院实验室预约'), false, 'user is of 教务处');
    assert.equal(staff.get('假期离校登记'), false, 'students only, and not now');
    assert.equal((await canHandle('dean')).get('院长办公会议题会签'), true, 'the dean post');
  });

  test('a second boot makes nothing again; one after a start that died half way completes it without duplicates', async () => {
    if (kind === 'postgres') {
      const before = await census(s);
      const second = await startServer({ databaseUrl: s.databaseUrl, config: { seedCampus: true } });
      try {
        assert.deepEqual(await census(second), before);
        await halfUndo(second);
        assert.notDeepEqual(await census(second), before);
      } finally {
        await second.close();
      }
      const third = await startServer({ databaseUrl: s.databaseUrl, config: { seedCampus: true } });
      try {
        assert.deepEqual(await census(third), before);
        assert.ok((await sql`select 1 from blade_secret where name = ${PORTAL_MARKER}`.execute(third.server.database.db)).rows.length, 'marked made again');
      } finally {
        await third.close();
      }
      return;
    }
    // PGlite has one node: boot twice on one data folder, a copy of the campus npm test made once
    // (demo-campus.test.ts boots one that makes it from nothing)
    const dir = mkdtempSync(join(tmpdir(), 'portal-reboot-'));
    copyCampusTemplate(dir);
    try {
      const first = await startServer({ config: { seedCampus: true, dataDir: dir } });
      const made = await census(first);
      await first.close();
      assert.equal(made.blade_portal_service, SERVICES.length);
      const again = await startServer({ config: { seedCampus: true, dataDir: dir } });
      try {
        assert.deepEqual(await census(again), made);
        await halfUndo(again);
      } finally {
        await again.close();
      }
      const third = await startServer({ config: { seedCampus: true, dataDir: dir } });
      try {
        assert.deepEqual(await census(third), made, 'completed to the same counts');
      } finally {
        await third.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}, { both: true });
