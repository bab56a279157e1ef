// Micro-apps, their categories, menus and custom buttons (issue 15, 001 §3.1, §3.2, §6, §7.1):
// administrators create apps over a main model and a designed form; the creator or an administrator
// changes them; every user of the tenant reads the categories and an app's name and icon; menus and
// buttons belong to their app; another tenant reaches none of it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';

const C = '/api/appCategory/appCategory';
const A = '/api/appInfo/appInfo';
const MENU = '/api/appMenu/appMenu';
const OP = '/api/appDiyOperate/appDiyOperate';

await forEachDatabase('micro-apps', (kind) => {
  let s: TestServer;
  let admin: string, other: string, user: string;
  before(async () => {
    s = await startServer({ kind });
    ({ admin, other, user } = await seedTokens(s));
  });
  after(async () => { await s?.close(); });
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, json });
  const get = (path: string, token = admin) => s.api(path, { token });
  const created = async (path: string, json: unknown, token = admin) => {
    const r = await post(path, json, token);
    assert.equal(r.status, 200, `${path} ${JSON.stringify(r.body)}`);
    return String(r.body.data.id);
  };

  test('categories form a tree every user of the tenant reads; only administrators change them; one in use is not removed', async () => {
    const office = await created(`${C}/submit`, { categoryName: '行政办公', sort: 1 });
    const assets = await created(`${C}/submit`, { categoryName: '资产管理', parentId: office, sort: 2 });
    const tree = await get(`${C}/tree?tenantId=100001`, user);
    assert.equal(tree.status, 200);
    const root = tree.body.data.find((n: { id: string }) => n.id === office);
    assert.deepEqual(root.children.map((n: { title: string }) => n.title), ['资产管理'], 'the caller\'s tenant, whatever tenantId says');
    assert.equal((await get(`${C}/tree`, other)).body.data.some((n: { id: string }) => n.id === office), false);
    assert.equal((await post(`${C}/submit`, { categoryName: '学生事务' }, user)).status, 403);
    assert.equal((await post(`${C}/submit`, { id: office, categoryName: '环', parentId: assets })).status, 400, 'no loops');
    assert.equal((await post(`${C}/remove?ids=${office}`)).status, 400, 'it has a sub-category');
    await created(`${A}/submit`, { appName: '资产登记', categoryId: assets });
    const inUse = await post(`${C}/remove?ids=${assets}`);
    assert.equal(inUse.status, 400);
    assert.match(inUse.body.msg, /还有微应用/);
  });

  test('an app over a main model and a designed form: created by administrators, its fields as columns, its icon resolved; others read only its name and icon', async () => {
    const model = await created('/api/blade-model/model/submit', { modelName: '学生信息', modelTable: 'student' });
    const child = await created('/api/blade-model/model/submit', { modelName: '家庭成员', modelTable: 'student_family', parentId: model, relation: 'more' });
    await post('/api/blade-model/model/submit-list', { modelId: model, items: [{ fieldName: 'studentNo', fieldLabel: '学号', fieldType: 'string', required: 1, searchable: 1 }] });
    await post('/api/blade-model/model/submit-list', { modelId: child, items: [{ fieldName: 'memberName', fieldLabel: '姓名', fieldType: 'string' }] });

    assert.equal((await post(`${A}/submit`, { appName: '学生信息采集' }, user)).status, 403, 'only administrators create apps');
    const childApp = await post(`${A}/submit`, { appName: 'x', modelId: child });
    assert.equal(childApp.status, 400, 'a child model is no app\'s data');
    const theirModel = await created('/api/blade-model/model/submit', { modelName: 'theirs', modelTable: 'theirs' }, other);
    assert.equal((await post(`${A}/submit`, { appName: 'x', modelId: theirModel })).status, 400, 'nor another tenant\'s');
    const badForm = await post(`${A}/submit`, { appName: 'x', formOption: JSON.stringify({ column: [{ prop: 'a' }, { prop: 'a' }] }) });
    assert.equal(badForm.status, 400);
    assert.match(badForm.body.msg, /表单设计有误/);

    const icon = JSON.stringify([{ value: '/img/student.png' }]);
    const id = await created(`${A}/submit`, { appName: '学生信息采集', appDesc: '新生入学信息', appIcon: icon, modelId: model, formOption: JSON.stringify({ column: [{ prop: 'studentNo', label: '学号', type: 'input' }] }) });
    const detail = await get(`${A}/detail?id=${id}`);
    assert.equal(detail.body.data.iconUrl, '/img/student.png');
    assert.equal(detail.body.data.createUser, SEED.adminId);
    const fields = await get(`${A}/queryAppModelFields?id=${id}`);
    assert.deepEqual(fields.body.data.column.map((c: { prop: string }) => c.prop), ['studentNo', 'student_family_dynamic']);

    // the shell's view: any user of the tenant, no design
    const info = await get(`${A}/getAppInfoById?appId=${id}`, user);
    assert.deepEqual([info.body.data.appName, info.body.data.iconUrl, info.body.data.hasTable, info.body.data.formOption], ['学生信息采集', '/img/student.png', true, undefined]);
    const noIcon = await created(`${A}/submit`, { appName: '社团管理', appIcon: '[]' });
    const both = await get(`${A}/getAppInfoByIds?ids=${noIcon},${id}`, user);
    assert.deepEqual(both.body.data.map((a: { iconUrl: string }) => a.iconUrl), ['/img/bg/appbackend.png', '/img/student.png'], 'in the order asked; the fallback icon');
    assert.equal((await get(`${A}/getAppInfoById?appId=${id}`, other)).body.data, null);

    // management: the creator or an administrator; an ordinary user manages nothing
    assert.equal((await get(`${A}/detail?id=${id}`, user)).status, 403);
    assert.equal((await post(`${A}/update`, { id, appName: '改名' }, user)).status, 403);
    assert.equal((await get(`${A}/list`, user)).body.data.total, 0);
    assert.equal((await post(`${A}/update`, { id, appName: '学生信息采集（新）', modelId: model })).status, 200);
    assert.equal((await get(`${A}/list?appName=新`)).body.data.records[0].appName, '学生信息采集（新）');
    // an app another administrator created is still an administrator's to manage; the creator who is no longer one keeps it
    await sql`update blade_app_info set create_user = ${SEED.userId} where id = ${id}`.execute(s.server.database.db);
    assert.equal((await get(`${A}/detail?id=${id}`, user)).status, 200, 'its creator');
    assert.equal((await get(`${A}/list`, user)).body.data.total, 1);
    assert.equal((await post(`${A}/remove?ids=${id}`, undefined, other)).status, 400, 'another tenant\'s remove finds nothing');
  });

  test('an app\'s menus and buttons: its own, nested within it, addresses checked; removed with the app', async () => {
    const appId = await created(`${A}/submit`, { appName: '会议室预约' });
    const otherApp = await created(`${A}/submit`, { appName: '别的应用' });
    const top = await created(`${MENU}/submit`, { appId, menuName: '数据管理', menuRouter: '/miniApp/home/dataManage', sort: 1 });
    await created(`${MENU}/submit`, { appId, parentId: top, menuName: '统计', menuRouter: '/miniApp/home/stat', sort: 2 });
    assert.equal((await post(`${MENU}/submit`, { appId: otherApp, parentId: top, menuName: 'x', menuRouter: '/x' })).status, 400, 'a parent of another app');
    assert.equal((await post(`${MENU}/submit`, { appId, menuName: 'x', menuRouter: 'javascript:alert(1)' })).status, 400);
    const list = await get(`${MENU}/list?appId=${appId}`);
    assert.deepEqual(list.body.data.records.map((m: { menuName: string }) => m.menuName), ['数据管理', '统计']);
    assert.equal((await get(`${MENU}/list`)).status, 400, 'a list names its app');
    assert.equal((await get(`${MENU}/list?appId=${appId}`, user)).status, 403);
    assert.equal((await get(`${MENU}/list?appId=${appId}`, other)).status, 400);

    const op = await created(`${OP}/submit`, { appId, btnName: '打开门户', btnUrl: 'https://portal.example.edu/booking', btnIcon: 'LinkOutlined' });
    for (const btnUrl of ['javascript:alert(1)', 'data:text/html,x', 'portal']) {
      const r = await post(`${OP}/submit`, { appId, btnName: 'x', btnUrl });
      assert.equal(r.status, 400, btnUrl);
    }
    assert.equal((await post(`${OP}/submit`, { id: op, appId: otherApp, btnName: 'moved', btnUrl: '/x' })).status, 400, 'a button stays with its app');
    assert.equal((await get(`${OP}/detail?id=${op}`, other)).body.data, null);

    assert.equal((await post(`${MENU}/remove?ids=${top}`)).status, 200);
    assert.equal((await get(`${MENU}/list?appId=${appId}`)).body.data.total, 0, 'the sub-menu went with its menu');
    assert.equal((await post(`${A}/remove?ids=${appId}`)).status, 200);
    assert.equal((await get(`${OP}/detail?id=${op}`)).body.data, null, 'the button went with its app');
  });
});
