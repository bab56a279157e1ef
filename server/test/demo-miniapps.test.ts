// The demo micro-apps (issue 15 "A fresh install shows it working"; server/src/demo/miniapps.ts):
// with the demo campus on, 资产登记 (with its 维修记录), 学生信息采集 and 社团管理 (bound to the
// two-step 社团成立申请) are there after boot with their records, print templates and permission
// groups; an ordinary user sees only what their groups grant (their own records, no hidden field,
// no app they are not given); a second boot makes nothing again.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { CLUB_PROCESS_KEY, DEMO_APPS, MINIAPPS_MARKER } from '../src/demo/miniapps.ts';
import { copyCampusTemplate, forEachDatabase, startServer, type TestServer } from './harness.ts';

const B = '/api/appBizData/appBizData';
type Row = Record<string, any>;

/** What the demo apps are made of, counted: a second boot must leave every number as it was. */
async function census(s: TestServer): Promise<Record<string, number>> {
  const db = s.server.database.db;
  const n = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await q.execute(db)).rows[0]!.n);
  return {
    apps: await n(sql`select count(*) as n from blade_app_info where is_deleted = 0`),
    models: await n(sql`select count(*) as n from blade_mini_model where is_deleted = 0`),
    items: await n(sql`select count(*) as n from blade_mini_model_item where is_deleted = 0`),
    groups: await n(sql`select count(*) as n from blade_app_permission where is_deleted = 0`),
    scopes: await n(sql`select count(*) as n from blade_app_permission_scope where is_deleted = 0`),
    templates: await n(sql`select count(*) as n from blade_app_print_template where is_deleted = 0`),
    buttons: await n(sql`select count(*) as n from blade_app_operate where is_deleted = 0`),
    configs: await n(sql`select count(*) as n from blade_app_sys_config where is_deleted = 0`),
    categories: await n(sql`select count(*) as n from blade_app_category where is_deleted = 0`),
    assets: await n(sql`select count(*) as n from ${sql.table(`ma_000000_${DEMO_APPS.asset.table}`)}`),
    repairs: await n(sql`select count(*) as n from ${sql.table(`ma_000000_${DEMO_APPS.asset.child}_dynamic`)}`),
    students: await n(sql`select count(*) as n from ${sql.table(`ma_000000_${DEMO_APPS.student.table}`)}`),
    clubs: await n(sql`select count(*) as n from ${sql.table(`ma_000000_${DEMO_APPS.club.table}`)}`),
    members: await n(sql`select count(*) as n from ${sql.table(`ma_000000_${DEMO_APPS.club.child}_dynamic`)}`),
    processes: await n(sql`select count(*) as n from wf_model where is_deleted = 0`),
    dicts: await n(sql`select count(*) as n from blade_dict where is_deleted = 0`),
  };
}

await forEachDatabase('demo micro-apps', (kind) => {
  let s: TestServer;
  const token: Record<string, string> = {};
  const app: Record<'asset' | 'student' | 'club', Row> = {} as never;
  before(async () => {
    s = await startServer({ kind, config: { seedCampus: true } });
    for (const [account, password] of [['admin', 'admin'], ['student1', 'student1'], ['student2', 'student2'], ['counsellor', 'counsellor'], ['office', 'office'], ['user', 'user']]) {
      token[account] = (await s.login(account, password)).access_token;
    }
    const list = await get('/api/appInfo/appInfo/list?size=50', 'admin');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    for (const key of ['asset', 'student', 'club'] as const) {
      const a = (list.body.data.records as Row[]).find((r) => r.appName === DEMO_APPS[key].appName);
      assert.ok(a, `${DEMO_APPS[key].appName} is there`);
      app[key] = a;
    }
  });
  after(async () => { await s?.close(); });
  const get = (path: string, who: string) => s.api(path, { token: token[who], headers: { 'accept-language': 'zh-CN' } });
  const post = (path: string, json: unknown, who: string) => s.api(path, { method: 'POST', token: token[who], json, headers: { 'accept-language': 'zh-CN' } });
  const records = async (key: 'asset' | 'student' | 'club', who: string, size = 50): Promise<Row[]> => {
    const r = await get(`${B}/getBizData?appId=${app[key].id}&size=${size}`, who);
    assert.equal(r.status, 200, `${who} lists ${key}: ${JSON.stringify(r.body)}`);
    return r.body.data.records.records;
  };

  test('after boot: three published apps with their forms, tables, records, child rows, groups and print templates', async () => {
    const db = s.server.database.db;
    assert.ok((await sql`select 1 from blade_secret where name = ${MINIAPPS_MARKER}`.execute(db)).rows.length, 'marked made');
    for (const key of ['asset', 'student', 'club'] as const) {
      const d = (await get(`/api/appInfo/appInfo/detail?id=${app[key].id}`, 'admin')).body.data;
      assert.equal(d.appStatus, 1, key);
      const form = JSON.parse(d.formOption);
      assert.ok(form.column.length >= 7, `${key} has a designed form`);
      // every field has its English label
      const items = (await get(`/api/blade-modelitem/model_item/listByModel?modelId=${d.modelId}`, 'admin')).body.data as Row[];
      assert.ok(items.length >= 7 && items.every((it) => it.fieldLabelEn), key);
      const en = await s.api(`/api/blade-modelitem/model_item/buildModelItemColumns?modelId=${d.modelId}`, { token: token.admin, headers: { 'accept-language': 'en' } });
      assert.ok((en.body.data as Row[]).every((c) => /^[A-Z]/.test(c.label)), JSON.stringify(en.body.data.map((c: Row) => c.label)));
    }
    // 资产登记: ten assets, most with maintenance rows, a list and a form template
    const assets = await records('asset', 'admin');
    assert.equal(assets.length, 10);
    const one = (await post(`${B}/detail`, { appId: app.asset.id, id: assets.find((a) => a.assetCode === 'ZC230002')!.ASSET_REGISTER_ID }, 'admin')).body.data;
    assert.equal(one.asset_maintain_dynamic.length, 2);
    assert.equal(one.assetCategory, '3');
    const c = await census(s);
    assert.ok(c.repairs >= 8, `maintenance rows: ${c.repairs}`);
    const templates = (await get(`/api/appPrintTemplate/appPrintTemplate/list?appId=${app.asset.id}`, 'admin')).body.data.records as Row[];
    assert.deepEqual(templates.map((t) => t.templateType).sort(), ['form', 'list']);
    for (const t of templates) assert.equal(JSON.parse(t.templateJson).version, 1);
    const printed = await post(`${B}/queryBizPrintData`, { appId: app.asset.id, ids: assets.slice(0, 3).map((a) => a.ASSET_REGISTER_ID) }, 'admin');
    assert.equal(printed.body.data.length, 3);
    // 学生信息采集: each student's own record, and the pre-read notice
    assert.equal((await records('student', 'admin')).length, 2);
    const config = (await get(`/api/appSysConfig/appSysConfig/detail?appId=${app.student.id}`, 'student1')).body.data;
    assert.deepEqual([config.preRead.enable, config.preRead.title], [1, '信息采集须知']);
    // 社团管理: bound to the two-step process, deployed
    const club = (await get(`/api/appInfo/appInfo/detail?id=${app.club.id}`, 'admin')).body.data;
    assert.equal(club.processDefKey, CLUB_PROCESS_KEY);
    const model = (await get(`/api/blade-workflow/design/model/detail?modelKey=${CLUB_PROCESS_KEY}`, 'admin')).body.data;
    assert.ok(model.definitionId, 'the process is deployed');
    const clubs = await records('club', 'admin');
    assert.equal(clubs.length, 5);
    assert.ok(c.members >= 5);
  });

  test('the student\'s club application went into the process: status 3, the counsellor has the task', async () => {
    const mine = await records('club', 'student1');
    assert.deepEqual(mine.map((r) => r.clubName), ['人工智能研究社'], 'a student sees their own application only');
    assert.equal(mine[0].CLUB_INFO_DATA_STATUS, 3, 'in circulation');
    const detail = (await post(`${B}/detail`, { appId: app.club.id, id: mine[0].CLUB_INFO_ID }, 'student1')).body.data;
    assert.ok(detail.processInstanceId, 'linked to its instance');
    const todo = await get('/api/blade-workflow/process/todoList?size=200', 'counsellor');
    assert.ok((todo.body.data.records as Row[]).some((t) => String(t.processInstanceId) === String(detail.processInstanceId)), 'the counsellor has the task');
    assert.equal((await post(`${B}/saveBizData`, { appId: app.club.id, data: { CLUB_INFO_ID: mine[0].CLUB_INFO_ID, clubName: '改名' } }, 'student1')).status, 403, 'no edit right');
  });

  test('社团成立申请 starts only from 社团管理: 发起流程 does not offer it, a start there is refused, naming the app, and leaves no instance without its record', async () => {
    const startable = (await get('/api/blade-workflow/process/processList?size=200', 'admin')).body.data;
    assert.ok(startable.total > 0, 'the administrators\' list has the campus processes');
    assert.ok(!JSON.stringify(startable).includes(CLUB_PROCESS_KEY), 'not offered in 发起流程, even to administrators');
    assert.ok(!JSON.stringify((await get(`/api/blade-workflow/process/processList?size=200&name=${encodeURIComponent('社团')}`, 'admin')).body.data).includes(CLUB_PROCESS_KEY), 'nor found by its name');
    const instances = async () => Number((await sql<{ n: string }>`select count(*) as n from wf_instance`.execute(s.server.database.db)).rows[0]!.n);
    const n = await instances();
    const r = await post('/api/blade-workflow/process/startProcess', { processDefKey: CLUB_PROCESS_KEY, clubName: '绕过应用的社团', clubType: '1', president: '王五' }, 'admin');
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.msg, '流程“社团成立申请”由微应用“社团管理”发起：请在应用中心打开“社团管理”，新增数据后提交流程');
    assert.equal(await instances(), n);
    // the child models carry their English names: an English reader's form labels the members' sub-table so
    const en = await s.api(`${B}/queryAppForm?appId=${app.club.id}`, { token: token.admin, headers: { 'accept-language': 'en' } });
    assert.equal((en.body.data.formOption.column as Row[]).find((c) => c.type === 'dynamic')!.label, 'Members');
  });

  test('an ordinary user sees only what their groups grant', async () => {
    // students: their own information record, no asset register
    for (const [who, name] of [['student1', '张明'], ['student2', '李娜']]) {
      const rows = await records('student', who);
      assert.deepEqual(rows.map((r) => r.studentName), [name], who);
    }
    assert.equal((await get(`${B}/getBizData?appId=${app.asset.id}`, 'student1')).status, 403);
    // their screen's buttons: 填写信息, no import
    const buttons = (await get(`/api/appOperate/appOperate/buttons?appId=${app.student.id}`, 'student1')).body.data as Row[];
    const add = buttons.find((x) => x.operateCode === 'add')!;
    assert.deepEqual([add.operateName, add.operateNameEn, add.visible], ['填写信息', 'Fill in', true]);
    assert.equal(buttons.find((x) => x.operateCode === 'import')!.visible, false);
    assert.equal(buttons.find((x) => x.operateCode === 'edit')!.visible, false, 'not granted');
    const myApps = (await get('/api/appInfo/appInfo/myApp', 'student1')).body.data as Row[];
    assert.deepEqual(myApps.map((a) => a.appName).sort(), [DEMO_APPS.club.appName, DEMO_APPS.student.appName].sort());
    // a student adds only their own kind of record, checked by the form
    const bad = await post(`${B}/saveBizData`, { appId: app.student.id, data: { studentName: '王五', studentNo: 'X1', gender: '1', phone: '1' } }, 'student2');
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /学号须为 S 加 7 位数字/);
    // the counsellor: every student's record, may correct one
    const all = await records('student', 'counsellor');
    assert.equal(all.length, 2);
    const fix = await post(`${B}/saveBizData`, { appId: app.student.id, data: { STUDENT_INFO_ID: all[0].STUDENT_INFO_ID, dormitory: '东区 3 号楼 405' } }, 'counsellor');
    assert.equal(fix.status, 200, JSON.stringify(fix.body));
    assert.equal((await post(`${B}/removeBizData`, { appId: app.student.id, ids: all[0].STUDENT_INFO_ID }, 'counsellor')).status, 403);
    // staff: every asset, never its price; no changes
    const seen = await records('asset', 'user');
    assert.equal(seen.length, 10);
    assert.ok(seen.every((r) => !('price' in r) && r.assetName));
    assert.equal((await post(`${B}/saveBizData`, { appId: app.asset.id, data: { assetCode: 'ZC239999', assetName: '椅子' } }, 'user')).status, 403);
    // the office manages the asset register and sees every club
    assert.ok('price' in (await records('asset', 'office'))[0]);
    assert.equal((await records('club', 'office')).length, 5);
  });

  test('a second boot makes nothing again', async () => {
    if (kind === 'postgres') {
      const before = await census(s);
      const second = await startServer({ databaseUrl: s.databaseUrl, config: { seedCampus: true } });
      try {
        assert.deepEqual(await census(second), before);
      } finally {
        await second.close();
      }
      return;
    }
    // PGlite has one node: boot twice on one data folder, a copy of the campus npm test made once
    // (demo-campus.test.ts boots one that makes it from nothing)
    const dir = mkdtempSync(join(tmpdir(), 'miniapps-reboot-'));
    copyCampusTemplate(dir);
    try {
      const first = await startServer({ config: { seedCampus: true, dataDir: dir } });
      const made = await census(first);
      await first.close();
      assert.equal(made.apps, 3);
      const again = await startServer({ config: { seedCampus: true, dataDir: dir } });
      try {
        assert.deepEqual(await census(again), made);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}, { both: true });
