// The settings of a micro-app (issue 15, contract "App settings"; 001 §3.2, §7.1): its system config
// (page size, pre-read, watermark), its standard buttons (labels, order, on/off, shown only with the
// right) and the option sources of its select fields (a dictionary, one SELECT through the user-SQL
// executor, another app's field read with the caller's rights). Its managers change them, anyone
// with access reads them, another tenant reaches none of them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SEED } from '../src/db/seed.ts';
import { forEachDatabase, seedTokens, startServer, type TestServer } from './harness.ts';

const C = '/api/appSysConfig/appSysConfig';
const O = '/api/appOperate/appOperate';
const D = '/api/appDataSource/appDataSource';
const B = '/api/appBizData/appBizData';

await forEachDatabase('micro-app settings', (kind) => {
  let s: TestServer;
  let admin: string, user: string, other: string;
  let appId: string, supplierApp: string, groupId: string;
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

  /** An app over a new model with these string fields, its table made. */
  const makeApp = async (name: string, table: string, fields: string[]) => {
    const modelId = (await must(post('/api/blade-model/model/submit', { modelName: name, modelTable: table }))).id;
    await must(post('/api/blade-model/model/submit-list', { modelId, items: fields.map((f, i) => ({ fieldName: f, fieldLabel: f, fieldType: 'string', searchable: 1, sort: i + 1 })) }));
    await must(get(`/api/blade-model/model/createTable?modelIds=${modelId}`));
    return (await must(post('/api/appInfo/appInfo/submit', { appName: name, modelId, appStatus: 1 }))).id as string;
  };

  before(async () => {
    s = await startServer({ kind });
    ({ admin, user, other } = await seedTokens(s));
    appId = await makeApp('社团报名', 'club_join', ['memberName', 'supplier']);
    supplierApp = await makeApp('供应商', 'supplier', ['supplierName', 'secretNote']);
    for (const name of ['文具店', '书店', '文具店']) await must(post(`${B}/saveBizData`, { appId: supplierApp, data: { supplierName: name, secretNote: 'x' } }));
  });
  after(async () => { await s?.close(); });

  test('system config: defaults until saved, checked values, managers change, app users read', async () => {
    await refused(get(`${C}/detail?appId=${appId}`, user), 403, /抱歉，您没有该应用的访问权限/);
    const d = await must(get(`${C}/detail?appId=${appId}`));
    assert.deepEqual(d, { id: null, appId, pageSize: 10, watermark: 0, preRead: { enable: 0, compelRead: 0, title: '', readTime: 5, relationFiles: [], body: '' } });

    await refused(post(`${C}/submit`, { appId, pageSize: 20 }), 400, /每页条数须为 10、30、50、100 或 200/);
    await refused(post(`${C}/submit`, { appId, pageSize: 20 }, admin, 'en'), 400, /Rows per page must be/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', readTime: 0 } }), 400, /阅读时长须在 1 到 9999 秒之间/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', readTime: 10000 } }), 400, /阅读时长/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1 } }), 400, /预读标题/);
    const file = (n: number, size = 1000) => ({ name: `须知${n}.pdf`, link: `/upload/x${n}.pdf`, size });
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', relationFiles: [file(1), file(2), file(3), file(4)] } }), 400, /最多 3 个/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', relationFiles: [file(1, 11 * 1024 * 1024)] } }), 400, /超过 10 MB/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', relationFiles: [{ name: 'a.exe', link: '/upload/a.exe' }] } }), 400, /不允许上传此类附件/);
    await refused(post(`${C}/submit`, { appId, preRead: { enable: 1, title: '须知', relationFiles: [{ name: 'a.pdf', link: 'javascript:alert(1)' }] } }), 400, /地址/);

    const saved = await must(post(`${C}/submit`, { appId, pageSize: 50, watermark: 1, preRead: { enable: true, compelRead: 1, title: '报名须知', readTime: 8, relationFiles: [file(1), file(2)], body: '<p>请如实填写</p>' } }));
    assert.equal(saved.pageSize, 50);
    // a part left out keeps its value
    await must(post(`${C}/submit`, { appId, pageSize: 30 }));
    const now = await must(get(`${C}/detail?appId=${appId}`));
    assert.deepEqual([now.pageSize, now.watermark, now.preRead.enable, now.preRead.compelRead, now.preRead.title, now.preRead.readTime, now.preRead.body], [30, 1, 1, 1, '报名须知', 8, '<p>请如实填写</p>']);
    assert.deepEqual(now.preRead.relationFiles.map((f: { name: string }) => f.name), ['须知1.pdf', '须知2.pdf']);

    // an ordinary user with access reads, never changes
    groupId = (await must(post('/api/appPermission/appPermission/submit', { appId, permissionName: '报名', roleIds: SEED.userRoleId, operates: 'add,view', dataScope: 'own' }))).id;
    assert.equal((await must(get(`${C}/detail?appId=${appId}`, user))).pageSize, 30);
    await refused(post(`${C}/submit`, { appId, pageSize: 100 }, user), 403, /仅创建者或管理员/);
    assert.equal((await must(get(`${C}/detail?appId=${appId}`))).pageSize, 30);
  });

  test('buttons: ten defaults, saved labels, order and on/off; shown to a user only when on and granted', async () => {
    const defaults = await must(get(`${O}/buttons?appId=${appId}`));
    assert.deepEqual(defaults.map((b: { operateCode: string }) => b.operateCode), ['add', 'edit', 'delete', 'view', 'print', 'template', 'import', 'export', 'copy', 'batchEdit']);
    assert.ok(defaults.every((b: { visible: boolean; enabled: number; id: null }) => b.visible && b.enabled === 1 && b.id === null));

    const add = await must(post(`${O}/submit`, { appId, operateCode: 'add', operateName: '我要报名', operateNameEn: 'Join', enabled: 1, sort: 20 }));
    await refused(post(`${O}/submit`, { appId, operateCode: 'add', operateName: '再来', sort: 1 }), 400, /按钮“add”已经配置过/);
    await refused(post(`${O}/submit`, { appId, operateCode: 'fly', operateName: '飞', sort: 1 }), 400, /按钮的值不在可选项中/);
    await refused(post(`${O}/submit`, { appId, operateCode: 'export', operateName: '导出' }, user), 403);
    await must(post(`${O}/batchSubmit`, { appId, operates: [{ operateCode: 'export', operateName: '导出名单', enabled: 0, sort: 3 }, { operateCode: 'add', operateName: '报名', operateNameEn: 'Join', enabled: 1, sort: 20 }] }));
    await refused(post(`${O}/batchSubmit`, { appId, operates: [{ operateCode: 'copy', operateName: 'a' }, { operateCode: 'copy', operateName: 'b' }] }), 400, /copy/);
    assert.equal((await must(get(`${O}/list?appId=${appId}`))).total, 2);
    assert.equal((await must(get(`${O}/detail?id=${add.id}`))).operateName, '报名', 'batchSubmit changed the saved row');

    const forUser = await must(get(`${O}/buttons?appId=${appId}`, user));
    const by = (list: { operateCode: string; visible: boolean; operateName: string; sort: number }[]) => Object.fromEntries(list.map((b) => [b.operateCode, b])) as Record<string, { visible: boolean; operateName: string; sort: number }>;
    const u = by(forUser);
    assert.equal(forUser[forUser.length - 1].operateCode, 'add', 'sorted by their order');
    assert.deepEqual([u.add.operateName, u.add.visible, u.view.visible, u.import.visible], ['报名', true, true, true]);
    assert.deepEqual([u.edit.visible, u.delete.visible, u.print.visible, u.batchEdit.visible], [false, false, false, false], 'not granted');
    assert.equal(u.export.visible, false, 'switched off, though view is granted');
    assert.equal((await must(get(`${O}/list?appId=${appId}`, user))).total, 2, 'app users read the rows');
    await refused(post(`${O}/remove?ids=${add.id}`, undefined, user), 403);
    await must(post(`${O}/remove?ids=${add.id}`));
    assert.equal(by(await must(get(`${O}/buttons?appId=${appId}`))).add.operateName, '新增', 'back to its default');
  });

  test('option sources: a dictionary, one SELECT of the tenant only, another app\'s field with the caller\'s rights', async () => {
    const dict = await must(post(`${D}/submit`, { appId, sourceName: '性别', sourceType: 'dict', dictCode: 'sex' }));
    assert.deepEqual(await must(get(`${D}/options?id=${dict.id}`)), [{ label: '男', value: '1' }, { label: '女', value: '2' }, { label: '未知', value: '3' }]);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'dict', dictCode: 'no_such' }), 400, /字典“no_such”不存在/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'dict' }), 400, /请选择字典/);

    // SQL: one SELECT through the executor, confined to the caller's tenant
    const depts = await must(post(`${D}/submit`, { appId, sourceName: '部门', sourceType: 'sql', sqlContent: 'select dept_name as label, id::text as value from blade_dept order by sort, id' }));
    const options = await must(get(`${D}/options?id=${depts.id}`));
    const labels = options.map((o: { label: string }) => o.label);
    assert.ok(labels.includes('信息化中心') && labels.includes('教务处'), JSON.stringify(labels));
    assert.equal(labels.includes('示范中学'), false, 'another tenant\'s department is not seen');
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'delete from blade_dept' }), 400, /只允许执行一条查询语句/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'select 1 as label, 1 as value; delete from blade_dept' }), 400, /只允许执行一条查询语句/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'delete from blade_dept' }, admin, 'en'), 400, /Only one query statement/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'select account as label, password as value from blade_user' }), 400);
    for (const table of ['ma_100001_club_join', 'ma_000000_supplier', 'blade_secret']) {
      await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: `select 1 as label, 1 as value from ${table}` }), 400, /不允许查询的表/);
    }
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'selec dept_name from blade_dept' }), 400, /SQL语法错误/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: 'select dept_name from blade_dept' }), 400, /label 和 value/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'sql' }), 400, /请输入 SQL 语句/);
    const preview = await must(post(`${D}/preview`, { appId, sourceName: 'x', sourceType: 'sql', sqlContent: "select 'A' as label, 'a' as value" }));
    assert.deepEqual(preview, [{ label: 'A', value: 'a' }]);

    // another app's field: distinct values, read with the caller's rights there
    const ref = await must(post(`${D}/submit`, { appId, sourceName: '供应商', sourceType: 'app', refAppId: supplierApp, refField: 'supplierName' }));
    assert.deepEqual(await must(get(`${D}/options?id=${ref.id}`)), [{ label: '书店', value: '书店' }, { label: '文具店', value: '文具店' }]);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'app', refAppId: supplierApp, refField: 'nope' }), 400, /没有字段“nope”/);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'app', refAppId: '1', refField: 'supplierName' }), 400, /微应用不存在/);

    // an app user: reads the sources (not their SQL) and the options; changes nothing
    const list = await must(get(`${D}/list?appId=${appId}`, user));
    assert.equal(list.total, 3);
    assert.ok(list.records.every((r: { sqlContent: string | null }) => r.sqlContent === null));
    assert.ok((await must(get(`${D}/list?appId=${appId}`))).records.some((r: { sqlContent: string | null }) => r.sqlContent?.includes('blade_dept')));
    assert.equal((await must(get(`${D}/options?id=${dict.id}`, user))).length, 3);
    assert.equal((await must(get(`${D}/options?id=${depts.id}`, user))).some((o: { label: string }) => o.label === '教务处'), true);
    await refused(post(`${D}/submit`, { appId, sourceName: 'x', sourceType: 'dict', dictCode: 'sex' }, user), 403);
    await refused(post(`${D}/submit`, { ...dict, sourceName: '改名' }, user), 403);
    await refused(post(`${D}/remove?ids=${dict.id}`, undefined, user), 403);
    // the other app is not theirs: its values are not read for them, until a group grants view there
    await refused(get(`${D}/options?id=${ref.id}`, user), 403, /抱歉，您没有该应用的访问权限/);
    const g = await must(post('/api/appPermission/appPermission/submit', { appId: supplierApp, permissionName: '查看', roleIds: SEED.userRoleId, operates: 'view', dataScope: 'all' }));
    assert.equal((await must(get(`${D}/options?id=${ref.id}`, user))).length, 2);
    await must(post('/api/blade-appPermissionScope/appPermissionScope/batchSubmit', { permissionId: g.id, scopes: [{ modelId: (await must(get(`/api/appInfo/appInfo/detail?id=${supplierApp}`))).modelId, fieldName: 'supplierName', hide: 1, disabled: 1, display: 0, search: 0 }] }));
    await refused(get(`${D}/options?id=${ref.id}`, user), 403, /无权查看/);

    await must(post(`${D}/submit`, { ...dict, sourceName: '性别（字典）' }));
    assert.equal((await must(get(`${D}/detail?id=${dict.id}`))).sourceName, '性别（字典）');
    assert.deepEqual(await must(post(`${D}/remove?ids=${dict.id}`)), { removed: 1 });
    await refused(get(`${D}/options?id=${dict.id}`), 400, /数据源不存在/);
    const audit = await must(get(`/api/appAuditLog/appAuditLog/page?appId=${appId}&module=appDesign&size=100`));
    assert.ok(audit.total >= 8, 'settings changes are audited');
  });

  test('another tenant reaches none of the app\'s settings', async () => {
    await refused(get(`${C}/detail?appId=${appId}`, other), 400, /微应用不存在/);
    await refused(post(`${C}/submit`, { appId, pageSize: 10 }, other), 400);
    await refused(get(`${O}/buttons?appId=${appId}`, other), 400);
    await refused(get(`${O}/list?appId=${appId}`, other), 400);
    await refused(post(`${O}/submit`, { appId, operateCode: 'view', operateName: '看' }, other), 400);
    const src = (await must(get(`${D}/list?appId=${appId}`))).records[0];
    await refused(get(`${D}/options?id=${src.id}`, other), 400, /数据源不存在/);
    assert.equal((await must(get(`${D}/detail?id=${src.id}`, other))), null);
    await refused(post(`${D}/submit`, { ...src, sourceName: 'x' }, other), 400);
    assert.deepEqual(await must(post(`${D}/remove?ids=${src.id}`, undefined, other)), { removed: 0 });
    // the other tenant's own SQL source sees its own departments only
    const mine = await makeOtherApp();
    const own = await must(post(`${D}/submit`, { appId: mine, sourceName: '部门', sourceType: 'sql', sqlContent: 'select dept_name as label, id::text as value from blade_dept' }, other));
    assert.deepEqual((await must(get(`${D}/options?id=${own.id}`, other))).map((o: { label: string }) => o.label), ['示范中学']);
  });

  const makeOtherApp = async () => {
    const modelId = (await must(post('/api/blade-model/model/submit', { modelName: '社团', modelTable: 'club_join' }, other))).id;
    return (await must(post('/api/appInfo/appInfo/submit', { appName: '社团', modelId }, other))).id as string;
  };
}, { both: true });

test('the app\'s settings have one reader on the web (getAppSysConfig), typed by the schema\'s AppSysConfig as the server answers them', () => {
  const root = new URL('../../', import.meta.url).pathname;
  const dir = join(root, 'web/src/pages/miniApp');
  const files = readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f));
  const text = new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  // the settings screen and the data screen ask through the same function, nothing else names the address
  const readers = [...text].filter(([, t]) => /appSysConfig\/appSysConfig\/detail|appSysConfigModel\.api|SYS_CONFIG}\/detail/.test(t)).map(([f]) => f);
  assert.deepEqual(readers, ['data/api.ts']);
  const defined = [...text].flatMap(([f, t]) => [...t.matchAll(/export (?:const|function) (\w*[sS]ysConfig\w*)/g)].map((m) => `${f}:${m[1]}`));
  assert.deepEqual(defined.filter((d) => !d.includes('saveAppSysConfig')), ['data/api.ts:getAppSysConfig']);
  for (const f of ['data/DataScreen.tsx', 'sysconfig/AppSysConfig.tsx']) assert.match(text.get(f)!, /getAppSysConfig\(/, f);
  // one type, from the shared model definitions (no second shape of the same answer on the web)
  assert.match(text.get('data/api.ts')!, /http\.get<AppSysConfig>/);
  assert.equal([...text.values()].some((t) => /interface (SysConfig|AppSysConfigValue|PreRead)\b/.test(t)), false);
  assert.match(readFileSync(join(root, 'server/src/modules/miniapp/config-routes.ts'), 'utf8'), /\): AppSysConfig =>/);
});
