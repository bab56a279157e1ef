// Who may do what in a micro-app (issue 15, 001 §3.2, §6): permission groups grant people, roles,
// departments or posts operations, a record range and field rights; the one evaluator applies them
// to every read and write. The weak spots of the best-known builders are the cases: a hidden field
// is in no answer and is never cleared or overwritten when that role saves the record or its child
// rows; a read-only field keeps its value; a field not searchable for the role cannot be filtered on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SEED } from '../src/db/seed.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from './harness.ts';

const B = '/api/appBizData/appBizData';
const P = '/api/appPermission/appPermission';
const S = '/api/blade-appPermissionScope/appPermissionScope';

await forEachDatabase('micro-app permissions', (kind) => {
  let s: TestServer;
  let admin: string, user: string, stranger: string, other: string;
  let appId: string, mainId: string, childId: string, groupId: string;
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, json });
  const get = (path: string, token = admin) => s.api(path, { token });
  const must = async (r: Promise<{ status: number; body: any }>) => {
    const x = await r;
    assert.equal(x.status, 200, JSON.stringify(x.body));
    return x.body.data;
  };
  before(async () => {
    s = await startServer({ kind });
    await addUser(s, 'stranger1', { deptId: SEED.deptInfoId });
    [admin, user, stranger, other] = await Promise.all([
      s.login().then((r) => r.access_token), s.login('user', 'user').then((r) => r.access_token), s.login('stranger1', 'user').then((r) => r.access_token),
      s.login('admin', 'admin', '100001').then((r) => r.access_token),
    ]);
    mainId = (await must(post('/api/blade-model/model/submit', { modelName: '教师档案', modelTable: 'teacher' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: mainId, items: [
      { fieldName: 'teacherName', fieldLabel: '姓名', fieldType: 'string', required: 1, searchable: 1, sort: 1 },
      { fieldName: 'salary', fieldLabel: '工资', fieldType: 'decimal', searchable: 1, sort: 2 },
      { fieldName: 'grade', fieldLabel: '职级', fieldType: 'string', sort: 3 },
      { fieldName: 'phone', fieldLabel: '电话', fieldType: 'string', searchable: 1, sort: 4 },
    ] }));
    childId = (await must(post('/api/blade-model/model/submit', { modelName: '奖惩记录', modelTable: 'teacher_award', parentId: mainId, relation: 'more' }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId: childId, items: [{ fieldName: 'title', fieldLabel: '名称', fieldType: 'string' }, { fieldName: 'bonus', fieldLabel: '奖金', fieldType: 'decimal' }] }));
    await must(get(`/api/blade-model/model/createTable?modelIds=${mainId},${childId}`));
    appId = (await must(post('/api/appInfo/appInfo/submit', { appName: '教师档案', modelId: mainId, appStatus: 1 }))).id;
  });
  after(async () => { await s?.close(); });
  const save = (data: Record<string, unknown>, token = admin) => post(`${B}/saveBizData`, { appId, data }, token);
  const detail = async (id: string, token = admin) => (await post(`${B}/detail`, { appId, id }, token)).body.data;

  test('without a group an ordinary user has no access; a group for their role grants operations, their own records and field rights', async () => {
    const none = await get(`${B}/getBizData?appId=${appId}`, user);
    assert.equal(none.status, 403);
    assert.match(none.body.msg, /抱歉，您没有该应用的访问权限/);
    assert.equal((await get(`/api/appInfo/appInfo/myApp`, user)).body.data.some((a: { id: string }) => a.id === appId), false);

    assert.equal((await post(`${P}/submit`, { appId, permissionName: 'x', operates: 'view,fly' })).status, 400, 'no such operation');
    assert.equal((await post(`${P}/submit`, { appId, permissionName: 'x', operates: 'view', userIds: '123' })).status, 400, 'not a person of the tenant');
    assert.equal((await post(`${P}/submit`, { appId, permissionName: 'x', operates: 'view' }, user)).status, 403, 'only its managers');
    groupId = (await must(post(`${P}/submit`, { appId, permissionName: '教师本人', roleIds: SEED.userRoleId, operates: 'add,view', dataScope: 'own' }))).id;
    const bad = await post(`${S}/batchSubmit`, { permissionId: groupId, scopes: [{ modelId: mainId, fieldName: 'nope', hide: 1 }] });
    assert.equal(bad.status, 400);
    await must(post(`${S}/batchSubmit`, { permissionId: groupId, scopes: [
      { modelId: mainId, fieldName: 'salary', hide: 1, disabled: 1, display: 0, search: 0 },
      { modelId: mainId, fieldName: 'grade', hide: 0, disabled: 1, display: 1, search: 1 },
      { modelId: mainId, fieldName: 'phone', hide: 0, disabled: 0, display: 1, search: 0 },
      { modelId: childId, fieldName: 'bonus', hide: 1, disabled: 1, display: 0, search: 0 },
    ] }));

    const info = await must(get(`${B}/queryAppPermissionInfo?appId=${appId}`, user));
    assert.deepEqual(info.operates.sort(), ['add', 'view']);
    // a hidden field is not even named; a read-only one is marked
    assert.equal('salary' in info.fieldPermissions, false);
    assert.equal(info.fieldPermissions.grade.disabled, true);
    assert.equal('bonus' in info.fieldPermissions.teacher_award_dynamic, false);
    const mine = await must(get(`${P}/changePermission?appId=${appId}&userId=${SEED.userId}`, user));
    assert.deepEqual([mine.access, mine.manager, mine.dataScope], [true, false, 'own']);
    assert.equal((await get(`${P}/changePermission?appId=${appId}&userId=${SEED.adminId}`, user)).status, 403, 'only managers ask about others');
    assert.equal((await must(get(`${P}/changePermission?appId=${appId}&userId=${SEED.userId}`))).access, true);
    assert.equal((await get(`/api/appInfo/appInfo/myApp`, user)).body.data.some((a: { id: string }) => a.id === appId), true);
    assert.equal((await get(`${B}/getBizData?appId=${appId}`, stranger)).status, 403, 'someone the group does not name');
    assert.equal((await get(`/api/appInfo/appInfo/myApp`, stranger)).body.data.some((a: { id: string }) => a.id === appId), false);
  });

  test('the chooser (getMyApp) pages the apps the caller may open, searched by name', async () => {
    const extra = [];
    for (const n of ['教师档案乙', '教师档案丙']) extra.push((await must(post('/api/appInfo/appInfo/submit', { appName: n, appStatus: 1 }))).id);
    await must(post('/api/appInfo/appInfo/submit', { appName: '教师档案草稿', appStatus: 0 }));
    const first = await must(get('/api/appInfo/appInfo/getMyApp?current=1&size=2&appName=教师档案'));
    assert.deepEqual([first.total, first.size, first.current, first.pages, first.records.length], [3, 2, 1, 2, 2], 'published apps only, paged');
    const second = await must(get('/api/appInfo/appInfo/getMyApp?current=2&size=2&appName=教师档案'));
    assert.equal(second.records.length, 1);
    assert.equal(new Set([...first.records, ...second.records].map((a: { id: string }) => a.id)).size, 3);
    assert.ok(first.records.every((a: { iconUrl: string; appId: string }) => a.iconUrl && a.appId));
    const mine = await must(get('/api/appInfo/appInfo/getMyApp?appName=教师档案', user));
    assert.deepEqual(mine.records.map((a: { id: string }) => a.id), [appId], 'an ordinary user: only the app a group grants them');
    assert.equal((await get('/api/appInfo/appInfo/getMyApp?size=55')).status, 400, 'at most 54 a page');
    assert.equal((await must(get('/api/appInfo/appInfo/getMyApp?appName=教师档案', stranger))).total, 0);
    await must(post(`/api/appInfo/appInfo/remove?ids=${extra.join(',')}`));
  });

  test('a hidden field is in no answer and never written; a read-only field keeps its value; the record range holds', async () => {
    // the user adds a record, sending values for the fields they may not write: dropped
    const added = await save({ teacherName: '王老师', salary: 99999, grade: 'A', phone: '123', teacher_award_dynamic: [{ title: '优秀教师', bonus: 5000 }] }, user);
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const id = added.body.data.TEACHER_ID;
    assert.equal('salary' in added.body.data, false);
    let full = await detail(id);
    assert.deepEqual([full.salary, full.grade, full.teacher_award_dynamic[0].bonus], [null, null, null]);

    // the administrator fills them in; the user sees neither salary nor bonus anywhere
    full.salary = 8000;
    full.grade = '一级';
    full.teacher_award_dynamic[0].bonus = 300;
    assert.equal((await save(full)).status, 200);
    const theirs = await detail(id, user);
    assert.equal('salary' in theirs, false);
    assert.equal('bonus' in theirs.teacher_award_dynamic[0], false);
    assert.equal(theirs.grade, '一级');
    const page = await must(get(`${B}/getBizData?appId=${appId}`, user));
    assert.ok(page.records.records.every((r: Record<string, unknown>) => !('salary' in r)));
    const rows = await must(get(`${B}/getBizChileData?appId=${appId}&tableName=teacher_award&foreignKey=${id}`, user));
    assert.equal('bonus' in rows.records.records[0], false);

    // editing needs edit; granted, the user's save neither clears nor overwrites salary, grade or bonus
    assert.equal((await save({ TEACHER_ID: id, teacherName: '王老师' }, user)).status, 403);
    await must(post(`${P}/submit`, { id: groupId, appId, permissionName: '教师本人', roleIds: SEED.userRoleId, operates: 'add,edit,view', dataScope: 'own' }));
    const edit = await save({ ...theirs, teacherName: '王明', salary: 0, grade: '三级', teacher_award_dynamic: [{ ...theirs.teacher_award_dynamic[0], title: '优秀班主任', bonus: 0 }] }, user);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
    full = await detail(id);
    assert.deepEqual([full.teacherName, full.salary, full.grade, full.teacher_award_dynamic[0].title, full.teacher_award_dynamic[0].bonus], ['王明', 8000, '一级', '优秀班主任', 300]);

    // searching: a field the group may not search is refused, as is a hidden one
    assert.equal((await get(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ teacherName: '王' }))}`, user)).status, 200);
    for (const field of ['salary', 'phone']) {
      const r = await get(`${B}/getBizData?appId=${appId}&queryObj=${encodeURIComponent(JSON.stringify({ [field]: '1' }))}`, user);
      assert.equal(r.status, 400, field);
    }
    assert.equal((await get(`${B}/getBizData?appId=${appId}&sort=salary`, user)).status, 400, 'nor sorted by a hidden field');

    // their own records only: the administrator's is not found, not listed, not changed
    const adminRecord = (await save({ teacherName: '李校长', salary: 20000 })).body.data.TEACHER_ID;
    assert.equal(await detail(adminRecord, user), null);
    assert.ok((await must(get(`${B}/getBizData?appId=${appId}`, user))).records.records.every((r: { TEACHER_ID: string }) => r.TEACHER_ID !== adminRecord));
    assert.equal((await save({ TEACHER_ID: adminRecord, teacherName: '改' }, user)).status, 400);
    assert.equal((await post(`${B}/removeBizData`, { appId, ids: adminRecord }, user)).status, 403, 'delete not granted');
    assert.equal((await get(`${B}/getBizChileData?appId=${appId}&tableName=teacher_award&foreignKey=${adminRecord}`, user)).status, 400);

    // the workshop's figures (queryAppDataForPortrait): the same range, filters and field rights
    const figures = (body: unknown, token = admin, type = 'application/json') =>
      s.api('/api/blade-model/model-table/queryAppDataForPortrait', { method: 'POST', token, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': type } });
    const all = await must(figures({ appId, dimensions: ['grade'], measures: [{ agg: 'count' }, { agg: 'sum', field: 'salary' }] }));
    assert.deepEqual(all.measures, ['count', 'sum:salary']);
    assert.deepEqual(all.rows, [{ grade: '一级', count: 1, 'sum:salary': 8000 }, { grade: null, count: 1, 'sum:salary': 20000 }].sort((a, b) => b.count - a.count || (a.grade === null ? 1 : -1)));
    // as text, the way the spec's client sends it; grouped by the day records were made
    const byDay = await must(figures(JSON.stringify({ appId, dimensions: ['createTime:month'] }), admin, 'text/plain'));
    assert.deepEqual(byDay.rows, [{ 'createTime:month': new Date().toISOString().slice(0, 7), count: 2 }]);
    // the user: their own record only; salary is hidden from them (neither summed nor grouped), phone not searchable
    assert.deepEqual((await must(figures({ appId, dimensions: ['teacherName'] }, user))).rows, [{ teacherName: '王明', count: 1 }]);
    for (const body of [{ appId, measures: [{ agg: 'sum', field: 'salary' }] }, { appId, dimensions: ['salary'] }, { appId, queryObj: { phone: '1' } }]) {
      const r = await figures(body, user);
      assert.equal(r.status, 400, JSON.stringify(body));
    }
    assert.match((await figures({ appId, measures: [{ agg: 'sum', field: 'grade' }] })).body.msg, /不是数值字段/);
    assert.equal((await figures('{not json', admin, 'text/plain')).status, 400);
    assert.equal((await figures({ appId, dimensions: ['grade; drop table x'] })).status, 400);
    assert.equal((await figures({ appId }, stranger)).status, 403, 'no access to the app');
  });

  test('printing: templates for those who may print (the enabled ones), print data without hidden fields; pinned apps follow access', async () => {
    const T = '/api/appPrintTemplate/appPrintTemplate';
    const layout = JSON.stringify({ title: '教师档案', fields: ['teacherName', 'grade'] });
    const form = (await must(post(`${T}/submit`, { appId, templateName: '档案卡', templateType: 'form', templateJson: layout, isCenter: 'Y' }))).id;
    await must(post(`${T}/submit`, { appId, templateName: '旧模板', templateType: 'list', templateJson: layout, status: 0 }));
    assert.equal((await post(`${T}/submit`, { appId, templateName: 'x', templateType: 'form', templateJson: '{broken' })).status, 400);
    assert.equal((await post(`${T}/submit`, { appId, templateName: 'x', templateType: 'form', templateJson: layout }, user)).status, 403);
    const lookup = `${T}/list?current=1&size=10&appBizId_equal=${appId}&status_equal=1&templateType_equal=form`;
    assert.equal((await get(lookup, user)).status, 403, 'printing not granted yet');
    await must(post(`${P}/submit`, { id: groupId, appId, permissionName: '教师本人', roleIds: SEED.userRoleId, operates: 'add,edit,view,print', dataScope: 'own' }));
    const found = await must(get(lookup, user));
    assert.deepEqual(found.records.map((t: { id: string }) => t.id), [form]);
    assert.equal((await must(get(`${T}/list?appId=${appId}`, user))).total, 1, 'the disabled one is its managers\' only');
    assert.equal((await must(get(`${T}/list?appId=${appId}`))).total, 2);

    const all = await must(post(`${B}/queryBizPrintPage`, { appId, current: 1, size: 99999 }, user));
    assert.ok(all.records.records.length >= 1);
    assert.ok(all.records.records.every((r: Record<string, unknown>) => !('salary' in r) && r.teacherName));
    const chosen = await must(post(`${B}/queryBizPrintData`, { appId, ids: all.records.records.map((r: { TEACHER_ID: string }) => r.TEACHER_ID) }, user));
    assert.equal('bonus' in chosen[0].teacher_award_dynamic[0], false);
    assert.equal((await post(`${B}/queryBizPrintPage`, { appId }, stranger)).status, 403);

    const M = '/api/blade-portal/myApp';
    await must(post(`${M}/submit`, { appId, sort: 1 }, user));
    assert.equal((await post(`${M}/submit`, { appId, sort: 2 }, user)).status, 400, 'pinned once');
    assert.equal((await post(`${M}/submit`, { appId }, stranger)).status, 403, 'not an app they may open');
    assert.deepEqual((await must(get(`${M}/getMyAppList`, user))).map((a: { appName: string }) => a.appName), ['教师档案']);
    assert.equal((await must(get(`${M}/list`, admin))).total, 0, 'pins are their owner\'s');
    await must(post(`${P}/remove?ids=${groupId}`));
    assert.deepEqual(await must(get(`${M}/getMyAppList`, user)), [], 'access gone, the pin no longer shows');
    groupId = (await must(post(`${P}/submit`, { appId, permissionName: '教师本人', roleIds: SEED.userRoleId, operates: 'add,edit,view,print', dataScope: 'own' }))).id;
  });

  test('another tenant cannot reach the app\'s groups or rights', async () => {
    assert.equal((await get(`${P}/list?appId=${appId}`, other)).status, 400);
    assert.equal((await get(`${S}/list?permissionId=${groupId}`, other)).status, 400);
    assert.equal((await post(`${S}/batchSubmit`, { permissionId: groupId, scopes: [] }, other)).status, 400);
    assert.equal((await get(`${P}/changePermission?appId=${appId}&userId=${SEED.userId}`, other)).status, 400);
    assert.equal((await get(`${S}/list?permissionId=${groupId}`, user)).status, 403);
    await must(post(`${S}/batchSubmit`, { permissionId: groupId, scopes: [{ modelId: mainId, fieldName: 'salary', hide: 1, disabled: 1, display: 0, search: 0 }] }));
    const scopes = await must(get(`${S}/list?permissionId=${groupId}&size=50`));
    assert.equal(scopes.total, 1, 'the group\'s rights are as set');
    assert.equal((await get(`/api/appAuditLog/appAuditLog/page?appId=${appId}&module=permission&size=100`)).body.data.total > 3, true, 'permission changes are audited');
  });
}, { both: true });
