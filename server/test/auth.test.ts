// Sign-in as the spec and BladeX define it: every grant type, refresh with department/role switch,
// logout revocation, lockout, tenant header, guest registration and CAS single sign-on.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { SEED } from '../src/db/seed.ts';
import { md5 } from '../src/modules/auth/password.ts';
import { BASIC, forEachDatabase, startServer, type TestServer } from './harness.ts';

const tokenUrl = (p: Record<string, string>) => `/api/blade-auth/oauth/token?${new URLSearchParams({ scope: 'all', type: 'account', ...p })}`;

await forEachDatabase('auth', (kind) => {
  let s: TestServer;
  before(async () => { s = await startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } }); }); // the CAS peer is on loopback
  after(async () => { await s?.close(); });

  const post = (p: Record<string, string>, headers: Record<string, string> = {}) =>
    s.api(tokenUrl(p), { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': p.tenantId ?? '000000', ...headers } });

  test('the password grant answers the flat token object with snake_case fields', async () => {
    const r = await post({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' });
    assert.equal(r.status, 200);
    for (const k of ['tenant_id', 'user_id', 'dept_id', 'post_id', 'role_id', 'oauth_id', 'account', 'user_name', 'nick_name', 'real_name', 'role_name', 'avatar', 'access_token', 'refresh_token', 'token_type', 'expires_in', 'detail']) {
      assert.ok(k in r.body, `missing ${k}`);
    }
    assert.equal(r.body.token_type, 'bearer');
    assert.equal(r.body.expires_in, 3600);
    assert.equal(r.body.user_id, SEED.adminId);
    assert.match(r.body.role_name, /administrator/);
    assert.equal(r.body.code, undefined, 'not wrapped in the envelope');
    const claims = JSON.parse(Buffer.from(r.body.access_token.split('.')[1], 'base64url').toString());
    assert.equal(claims.tenant_id, '000000');
    assert.equal(claims.account, 'admin');
    assert.ok(claims.exp - claims.iat === 3600);
  });

  test('the token endpoint also takes form-encoded parameters', async () => {
    const body = new URLSearchParams({ tenantId: '000000', username: 'user', password: md5('user'), grant_type: 'password', scope: 'all', type: 'account' });
    const r = await s.api('/api/blade-auth/oauth/token', { method: 'POST', body, headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.account, 'user');
  });

  test('a wrong password is refused with error_description 用户名或密码错误 (English on request)', async () => {
    const r = await post({ tenantId: '000000', username: 'user', password: md5('nope'), grant_type: 'password' });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error_code: 400, error_description: '用户名或密码错误' });
    const en = await post({ tenantId: '000000', username: 'user', password: md5('nope'), grant_type: 'password' }, { 'Accept-Language': 'en-US' });
    assert.equal(en.body.error_description, 'Wrong user name or password');
    await sql`update blade_user set fail_count = 0, lock_until = null where account = 'user'`.execute(s.server.database.db);
  });

  test('the Basic client header is checked against the client table', async () => {
    const r = await s.api(tokenUrl({ username: 'admin', password: md5('admin'), grant_type: 'password' }), { method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:wrong').toString('base64') } });
    assert.equal(r.status, 401);
    assert.equal(r.body.error_description, '客户端认证失败');
    const none = await s.api(tokenUrl({ username: 'admin', password: md5('admin'), grant_type: 'password' }), { method: 'POST' });
    assert.equal(none.status, 401);
  });

  test('a grant type the client does not list is refused; an unknown one too', async () => {
    await sql`update blade_client set authorized_grant_types = 'password,refresh_token' where client_id = 'saber'`.execute(s.server.database.db);
    try {
      const r = await post({ username: 'admin', password: md5('admin'), grant_type: 'captcha' });
      assert.equal(r.status, 400);
      assert.match(r.body.error_description, /captcha/);
    } finally {
      await sql`update blade_client set authorized_grant_types = 'refresh_token,password,captcha,authorization_code,social,sms_code' where client_id = 'saber'`.execute(s.server.database.db);
    }
    const unknown = await post({ username: 'admin', password: md5('admin'), grant_type: 'implicit' });
    assert.equal(unknown.status, 400);
  });

  test('the captcha grant needs the right, unexpired, unused captcha', async () => {
    const c = await s.api('/api/blade-auth/oauth/captcha');
    assert.equal(c.status, 200);
    assert.match(c.body.image, /^data:image\/svg\+xml;base64,/);
    assert.ok(Buffer.from(c.body.image.split(',')[1], 'base64').toString().includes('<svg'));
    const code = await s.captchaCode(c.body.key);
    assert.equal(code.length, 4);
    const p = { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'captcha' };
    const wrong = await post(p, { 'Captcha-Key': c.body.key, 'Captcha-Code': code === 'abcd' ? 'abce' : 'abcd' });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error_description, '验证码不正确');
    // a captcha is good for one try: the key is gone now
    const reused = await post(p, { 'Captcha-Key': c.body.key, 'Captcha-Code': code });
    assert.equal(reused.body.error_description, '验证码已过期，请刷新后重试');
    const c2 = await s.api('/api/blade-auth/oauth/captcha');
    const good = await post(p, { 'Captcha-Key': c2.body.key, 'Captcha-Code': (await s.captchaCode(c2.body.key)).toUpperCase() });
    assert.equal(good.status, 200, JSON.stringify(good.body));
    const c3 = await s.api('/api/blade-auth/oauth/captcha');
    await sql`update blade_captcha set expires_at = now() - interval '1 second' where key = ${c3.body.key}`.execute(s.server.database.db);
    const expired = await post(p, { 'Captcha-Key': c3.body.key, 'Captcha-Code': await s.captchaCode(c3.body.key) });
    assert.equal(expired.body.error_description, '验证码已过期，请刷新后重试');
  });

  test('sms_code, social and authorization_code answer "not configured" until a provider exists', async () => {
    for (const grant of ['sms_code', 'social', 'authorization_code']) {
      const r = await post({ tenantId: '000000', grant_type: grant, phone: '13800000001', codeId: 'x', codeValue: '1' });
      assert.equal(r.status, 400);
      assert.match(r.body.error_description, /未配置/);
    }
  });

  test('refresh_token gives a new working pair; deptId/roleId switch to one of the user own', async () => {
    const t = await s.login();
    const r = await post({ grant_type: 'refresh_token', refresh_token: t.refresh_token, tenantId: '000000' });
    assert.equal(r.status, 200);
    assert.equal(r.body.user_id, t.user_id);
    const info = await s.api('/api/blade-auth/oauth/user-info', { token: r.body.access_token });
    assert.equal(info.status, 200);
    const sw = await post({ grant_type: 'refresh_token', refresh_token: t.refresh_token, deptId: SEED.deptTeachId, roleId: SEED.userRoleId });
    assert.equal(sw.status, 200);
    assert.equal(sw.body.dept_id, SEED.deptTeachId);
    assert.equal(sw.body.role_id, SEED.userRoleId);
    assert.equal(sw.body.role_name, 'user');
    // switched to the ordinary role: the admin-only screen is now refused
    const cfg = await s.api('/api/systemConfig/systemConfig/list', { token: sw.body.access_token });
    assert.equal(cfg.status, 403);
    const foreign = await post({ grant_type: 'refresh_token', refresh_token: t.refresh_token, roleId: SEED.otherAdminRoleId });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error_description, '所选角色不属于当前用户');
    // an access token is not a refresh token
    const wrongKind = await post({ grant_type: 'refresh_token', refresh_token: t.access_token });
    assert.equal(wrongKind.status, 401);
  });

  test('logout revokes the session: its access and refresh tokens get 401', async () => {
    const t = await s.login();
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: t.access_token })).status, 200);
    const out = await s.api('/api/blade-auth/oauth/logout', { token: t.access_token });
    assert.equal(out.status, 200);
    assert.equal(out.body.success, true);
    const after = await s.api('/api/blade-auth/oauth/user-info', { token: t.access_token });
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 401);
    const refresh = await post({ grant_type: 'refresh_token', refresh_token: t.refresh_token });
    assert.equal(refresh.status, 401);
    // another session of the same user is untouched
    const other = await s.login();
    assert.equal((await s.api('/api/blade-auth/oauth/user-info', { token: other.access_token })).status, 200);
  });

  test('POST logout stores the client logs it carries', async () => {
    const t = await s.login();
    const r = await s.api('/api/blade-auth/oauth/logout', { method: 'POST', token: t.access_token, json: [{ type: 'error', url: '/#/wel/index', message: 'logout-carried-error', stack: 'at x', time: '2026-11-21 10:00:00' }] });
    assert.equal(r.status, 200);
    const admin = await s.login();
    const list = await s.api('/api/blade-log/error/list?message=logout-carried', { token: admin.access_token });
    assert.equal(list.body.data.total, 1);
  });

  test('five wrong passwords lock the account, even against the right one, until unlocked', async () => {
    await sql`insert into blade_user (id, tenant_id, account, password, real_name, role_id, dept_id)
      select 99001, tenant_id, 'locktest', password, '锁定测试', role_id, dept_id from blade_user where account = 'user' and tenant_id = '000000'`.execute(s.server.database.db);
    for (let i = 1; i <= 4; i++) {
      const r = await post({ tenantId: '000000', username: 'locktest', password: md5('wrong' + i), grant_type: 'password' });
      assert.equal(r.body.error_description, '用户名或密码错误');
    }
    const fifth = await post({ tenantId: '000000', username: 'locktest', password: md5('wrong5'), grant_type: 'password' });
    assert.match(fifth.body.error_description, /账号已锁定/);
    const right = await post({ tenantId: '000000', username: 'locktest', password: md5('user'), grant_type: 'password' });
    assert.equal(right.status, 400);
    assert.match(right.body.error_description, /账号已锁定.*30分钟/);
    await sql`update blade_user set lock_until = null, fail_count = 0 where account = 'locktest'`.execute(s.server.database.db);
    const unlocked = await post({ tenantId: '000000', username: 'locktest', password: md5('user'), grant_type: 'password' });
    assert.equal(unlocked.status, 200);
  });

  test('the Tenant-Id header chooses the tenant; an unknown tenant is refused', async () => {
    const other = await post({ tenantId: '100001', username: 'admin', password: md5('admin'), grant_type: 'password' }, { 'Tenant-Id': '100001' });
    assert.equal(other.status, 200);
    assert.equal(other.body.tenant_id, '100001');
    assert.equal(other.body.user_id, SEED.otherAdminId);
    const none = await post({ tenantId: '999999', username: 'admin', password: md5('admin'), grant_type: 'password' }, { 'Tenant-Id': '999999' });
    assert.equal(none.status, 400);
    assert.equal(none.body.error_description, '租户不存在或已停用');
    // tenant 100001's admin sees its own config records only
    const mine = await s.api('/api/systemConfig/systemConfig/list?size=50', { token: other.body.access_token });
    assert.equal(mine.status, 200);
    assert.ok(mine.body.data.records.length > 0);
    assert.ok(mine.body.data.records.every((r: { tenantId: string }) => r.tenantId === '100001'));
  });

  test('user-info, clear-cache and the menu calls answer for the signed-in user', async () => {
    const t = await s.login();
    const info = await s.api('/api/blade-auth/oauth/user-info', { token: t.access_token });
    assert.equal(info.body.data.account, 'admin');
    assert.deepEqual(info.body.data.roles, ['administrator', 'user']);
    assert.equal(info.body.data.roleNames, '超级管理员,普通用户', 'the roles by name, for the home page');
    assert.ok(info.body.data.permissions.includes('systemConfig_add'));
    const routes = await s.api('/api/blade-system/menu/routes', { token: t.access_token });
    const sys = routes.body.data.find((m: { code: string }) => m.code === 'system');
    assert.equal(typeof sys.id, 'string');
    assert.equal(sys.parentId, '0');
    assert.equal(sys.children[0].path, '/system/config');
    assert.equal(sys.children[0].children, undefined, 'children left out when empty');
    const home = routes.body.data.find((m: { code: string }) => m.code === 'home');
    assert.equal(home.path, '/wel/index');
    const buttons = await s.api('/api/blade-system/menu/buttons', { token: t.access_token });
    const codes = buttons.body.data.flatMap((m: { children: { code: string }[] }) => m.children.map((c) => c.code));
    assert.ok(codes.includes('systemConfig_delete'));
    const user = await s.login('user', 'user');
    const userRoutes = await s.api('/api/blade-system/menu/routes', { token: user.access_token });
    assert.deepEqual(userRoutes.body.data.map((m: { code: string }) => m.code), ['home', 'personal', 'wf_process', 'tool']);
    assert.equal((await s.api('/api/blade-auth/oauth/clear-cache', { token: t.access_token })).body.success, true);
  });

  test('a tenant package narrows what the tenant users see', async () => {
    const db = s.server.database.db;
    await sql`insert into blade_tenant_package (id, package_name, menu_id) values (77001, '基础包', '1001')`.execute(db);
    await sql`update blade_tenant set package_id = 77001 where tenant_id = '100001'`.execute(db);
    s.server.services.menus.clearCache();
    try {
      const t = await s.login('admin', 'admin', '100001');
      const routes = await s.api('/api/blade-system/menu/routes', { token: t.access_token });
      assert.deepEqual(routes.body.data.map((m: { code: string }) => m.code), ['home']);
      const cfg = await s.api('/api/systemConfig/systemConfig/list', { token: t.access_token });
      assert.equal(cfg.status, 403);
    } finally {
      await sql`update blade_tenant set package_id = null where tenant_id = '100001'`.execute(db);
      s.server.services.menus.clearCache();
    }
  });

  test('guest registration creates a pending account that cannot sign in yet', async () => {
    const r = await s.api('/api/blade-system/register-guest', { method: 'POST', json: { tenantId: '000000', name: '访客', account: 'guest01', password: md5('guest') } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.msg, '注册申请已提交，请等待管理员审核');
    const again = await s.api('/api/blade-system/register-guest', { method: 'POST', json: { tenantId: '000000', name: '访客', account: 'guest01', password: md5('guest') } });
    assert.equal(again.status, 400);
    assert.equal(again.body.msg, '账号已存在');
    const login = await post({ tenantId: '000000', username: 'guest01', password: md5('guest'), grant_type: 'password' });
    assert.equal(login.body.error_description, '账号正在等待管理员审核');
    const bad = await s.api('/api/blade-system/register-guest', { method: 'POST', json: { tenantId: '000000', account: 'x' } });
    assert.equal(bad.status, 400);
  });

  test('the third-party token call needs a configured OAuth app (the thirdparty suite covers the rest)', async () => {
    const r = await s.api('/api/third/comm/getThirdPartyToken', { method: 'POST', json: { uid: 'abc' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.msg, '请输入 应用ID');
  });

  test('CAS: off by default; on, a ticket is validated at the CAS server /serviceValidate', async () => {
    const off = await s.api('/api/blade-cas/cas/verify?ticket=ST-1&toUrl=/wel/index');
    assert.equal(off.status, 400);
    assert.equal(off.body.msg, '单点登录未开启');
    // a real CAS 2.0 peer on loopback
    const seen: string[] = [];
    const cas: Server = createServer((req, res) => {
      const u = new URL(req.url ?? '', 'http://x');
      seen.push(u.searchParams.get('service') ?? '');
      res.setHeader('Content-Type', 'text/xml');
      if (u.pathname === '/cas/serviceValidate' && u.searchParams.get('ticket') === 'ST-good') {
        res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>user</cas:user></cas:authenticationSuccess></cas:serviceResponse>`);
      } else {
        res.end(`<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure></cas:serviceResponse>`);
      }
    });
    await new Promise<void>((r) => cas.listen(0, '127.0.0.1', r));
    const port = (cas.address() as { port: number }).port;
    const db = s.server.database.db;
    await sql`update blade_system_config set config_info = ${JSON.stringify({ enable: true, casServerUrlPrefix: `http://127.0.0.1:${port}/cas`, casServerLoginUrl: `http://127.0.0.1:${port}/cas/login`, casServerLogoutUrl: `http://127.0.0.1:${port}/cas/logout` })}
      where config_key = 'casConfig' and tenant_id = '000000'`.execute(db);
    try {
      const ok = await s.api('/api/blade-cas/cas/verify?ticket=ST-good&toUrl=%2Fwel%2Findex', { headers: { Origin: 'http://portal.example' } });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.data.account, 'user');
      assert.ok(ok.body.data.access_token);
      assert.equal(seen[0], 'http://portal.example/#/casLogin/index?toUrl=%2Fwel%2Findex');
      const bad = await s.api('/api/blade-cas/cas/verify?ticket=ST-bad&toUrl=%2F');
      assert.equal(bad.status, 400);
      assert.match(bad.body.msg, /INVALID_TICKET/);
      const flat = await s.api('/api/blade-cas/cas/oauth/token?ticket=ST-good&service=http%3A%2F%2Fx', { method: 'POST', headers: { Authorization: BASIC } });
      assert.equal(flat.status, 200);
      assert.equal(flat.body.account, 'user');
      const cfg = await s.api('/api/systemConfig/systemConfig/detail?configKey=casConfig');
      assert.equal(JSON.parse(cfg.body.data.configInfo).enable, true);
    } finally {
      cas.close();
      await sql`update blade_system_config set config_info = '{"enable":false}' where config_key = 'casConfig'`.execute(db);
    }
  });
});
