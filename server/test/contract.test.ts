// The HTTP contract every module inherits: envelope, paged lists with BladeX filters, the four
// entity calls, permissions, bad input, 404/405, uploads, API docs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { parsePageQuery } from '../src/http/page.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

test('filter keys follow the BladeX suffixes; a key with no suffix means LIKE; camelCase or snake_case', () => {
  const cols = { configKey: 'string', createTime: 'date', id: 'id', sort: 'number' } as const;
  const q = parsePageQuery({ config_key: 'a', sort_ge: '2', createTime_dategt: '2026-01-01', id_notequal: '5', _t: '123', current: '2', size: '30', descs: 'create_time' }, cols);
  assert.deepEqual(q.filters, [
    { field: 'configKey', op: 'like', value: 'a' },
    { field: 'sort', op: 'ge', value: '2' },
    { field: 'createTime', op: 'dategt', value: '2026-01-01' },
    { field: 'id', op: 'notequal', value: '5' },
  ]);
  assert.deepEqual(q.order, [{ field: 'createTime', dir: 'desc' }]);
  assert.equal(q.current, 2);
  assert.equal(q.size, 30);
  assert.equal(parsePageQuery({ size: '100000' }, cols).size, 200, 'page size capped at 200');
  assert.equal(parsePageQuery({ size: '99999' }, cols, { maxSize: 99999 }).size, 99999);
  assert.throws(() => parsePageQuery({ configKey_between: 'x' }, cols), /Unsupported filter: configKey_between/);
  assert.throws(() => parsePageQuery({ sort_ge: '1; drop table x' }, cols));
  assert.throws(() => parsePageQuery({ ascs: 'password' }, cols));
  assert.throws(() => parsePageQuery({ current: '-1' }, cols));
  assert.deepEqual(parsePageQuery({ unknownThing: 'x', password_equal: 'y' }, cols).filters, [], 'keys outside the whitelist are ignored');
});

await forEachDatabase('contract', (kind) => {
  let s: TestServer;
  let admin: string;
  let user: string;
  before(async () => {
    s = await startServer({ kind });
    admin = (await s.login()).access_token;
    user = (await s.login('user', 'user')).access_token;
  });
  after(async () => { await s?.close(); });

  const submit = (json: unknown, token = admin) => s.api('/api/systemConfig/systemConfig/submit', { method: 'POST', token, json });

  test('submit inserts without id and updates with id; detail of a missing id is 200 with data null', async () => {
    const r = await submit({ configKey: 'demoA', configInfo: '{"a":1}', remark: '演示A' });
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['code', 'data', 'msg', 'success']);
    assert.equal(r.body.msg, '操作成功');
    const row = r.body.data;
    assert.match(row.id, /^\d+$/);
    assert.equal(row.tenantId, '000000');
    assert.match(row.createTime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(row.createUser, (await s.login()).user_id);
    const up = await submit({ id: row.id, configKey: 'demoA', configInfo: '{"a":2}', remark: '演示A2' });
    assert.equal(up.body.data.remark, '演示A2');
    const d = await s.api(`/api/systemConfig/systemConfig/detail?id=${row.id}`, { token: admin });
    assert.equal(JSON.parse(d.body.data.configInfo).a, 2);
    const missing = await s.api('/api/systemConfig/systemConfig/detail?id=123', { token: admin });
    assert.equal(missing.status, 200);
    assert.equal(missing.body.data, null);
    const en = await s.api('/api/systemConfig/systemConfig/detail?id=123', { token: admin, headers: { 'Accept-Language': 'en' } });
    assert.equal(en.body.msg, 'Operation succeeded');
  });

  test('paged lists filter by suffix, sort by ascs/descs and report total and pages', async () => {
    for (const k of ['alpha1', 'alpha2', 'beta1', 'beta2', 'beta3']) assert.equal((await submit({ configKey: k, configInfo: '{}', remark: k.startsWith('a') ? 'A组' : 'B组' })).status, 200);
    const list = (q: string) => s.api(`/api/systemConfig/systemConfig/list?${q}`, { token: admin }).then((r) => r.body.data);
    const like = await list('configKey=beta&size=2&current=1&ascs=config_key');
    assert.equal(like.total, 3);
    assert.equal(like.pages, 2);
    assert.equal(like.size, 2);
    assert.deepEqual(like.records.map((r: { configKey: string }) => r.configKey), ['beta1', 'beta2']);
    const page2 = await list('configKey=beta&size=2&current=2&ascs=configKey');
    assert.deepEqual(page2.records.map((r: { configKey: string }) => r.configKey), ['beta3']);
    assert.equal((await list('configKey_equal=alpha1')).total, 1);
    assert.equal((await list('configKey_likeright=alp')).total, 2);
    assert.equal((await list('configKey_likeleft=ha1')).total, 1);
    assert.equal((await list('remark_notlike=B组&configKey_like=a')).records.every((r: { remark: string }) => r.remark !== 'B组'), true);
    assert.deepEqual((await list('configKey_likeright=beta&descs=configKey')).records.map((r: { configKey: string }) => r.configKey), ['beta3', 'beta2', 'beta1']);
    assert.equal((await list('createTime_dategt=2000-01-01&configKey_likeright=beta')).total, 3);
    assert.equal((await list('createTime_datelt=2000-01-01')).total, 0);
    assert.equal((await list('remark_null=1&configKey_likeright=beta')).total, 0);
    assert.equal((await list('configKey_ignore=zzz&configKey_likeright=beta')).total, 3);
    assert.equal((await list('configKey=50%25')).total, 0, 'LIKE wildcards in values are literal');
  });

  test('bad list input answers 400 in the envelope, never a 500', async () => {
    for (const q of ['size=abc', 'current=0', 'ascs=password', 'descs=1;drop', 'configKey_bogus=1', 'createTime_datege=notadate', 'id_equal=abc']) {
      const r = await s.api(`/api/systemConfig/systemConfig/list?${q}`, { token: admin });
      assert.equal(r.status, 400, q);
      assert.equal(r.body.success, false);
      assert.equal(r.body.code, 400);
      assert.ok(r.body.msg && !/at \w+ \(/.test(r.body.msg), 'no stack trace');
    }
  });

  test('submit validates its body with clear bilingual messages and writes nothing on refusal', async () => {
    const before = (await s.api('/api/systemConfig/systemConfig/list?size=200', { token: admin })).body.data.total;
    const r = await submit({ configInfo: '{}' });
    assert.equal(r.status, 400);
    assert.equal(r.body.msg, 'configKey不能为空');
    const en = await s.api('/api/systemConfig/systemConfig/submit', { method: 'POST', token: admin, json: { configInfo: '{}' }, headers: { 'Accept-Language': 'en' } });
    assert.equal(en.body.msg, 'configKey is required');
    const notJson = await submit({ configKey: 'x1', configInfo: 'not json' });
    assert.equal(notJson.body.msg, '配置内容必须是合法的 JSON');
    const dup = await submit({ configKey: 'sysConfig', configInfo: '{}' });
    assert.equal(dup.status, 400);
    assert.match(dup.body.msg, /已存在/);
    const malformed = await s.api('/api/systemConfig/systemConfig/submit', { method: 'POST', token: admin, body: '{"configKey": ', headers: { 'Content-Type': 'application/json' } });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.msg, '请求体不是有效的 JSON');
    const huge = await s.api('/api/systemConfig/systemConfig/submit', { method: 'POST', token: admin, json: { configKey: 'big', configInfo: JSON.stringify({ x: 'a'.repeat(3 * 1024 * 1024) }) } });
    assert.equal(huge.status, 413);
    const wrongType = await submit({ configKey: 123, configInfo: [] });
    assert.equal(wrongType.status, 400);
    assert.equal((await s.api('/api/systemConfig/systemConfig/list?size=200', { token: admin })).body.data.total, before);
  });

  test('remove takes ids=1,2, soft-deletes, and needs at least one id', async () => {
    const a = (await submit({ configKey: 'rm1', configInfo: '{}' })).body.data.id;
    const b = (await submit({ configKey: 'rm2', configInfo: '{}' })).body.data.id;
    const r = await s.api(`/api/systemConfig/systemConfig/remove?ids=${a},${b}`, { method: 'POST', token: admin });
    assert.equal(r.status, 200);
    assert.equal((await s.api(`/api/systemConfig/systemConfig/detail?id=${a}`, { token: admin })).body.data, null);
    const none = await s.api('/api/systemConfig/systemConfig/remove', { method: 'POST', token: admin });
    assert.equal(none.status, 400);
    assert.equal(none.body.msg, '请选择至少一条数据');
    const bad = await s.api('/api/systemConfig/systemConfig/remove?ids=1,x', { method: 'POST', token: admin });
    assert.equal(bad.status, 400);
    // the key is free again after removal
    assert.equal((await submit({ configKey: 'rm1', configInfo: '{}' })).status, 200);
  });

  test('a tenant never sees or changes another tenant rows', async () => {
    const mine = (await submit({ configKey: 'secretOfA', configInfo: '{"k":1}' })).body.data;
    const other = (await s.login('admin', 'admin', '100001')).access_token;
    assert.equal((await s.api(`/api/systemConfig/systemConfig/detail?id=${mine.id}`, { token: other })).body.data, null);
    assert.equal((await s.api('/api/systemConfig/systemConfig/list?configKey=secretOfA', { token: other })).body.data.total, 0);
    const hijack = await s.api('/api/systemConfig/systemConfig/submit', { method: 'POST', token: other, json: { id: mine.id, configKey: 'secretOfA', configInfo: '{"k":2}' } });
    assert.equal(hijack.status, 400);
    await s.api(`/api/systemConfig/systemConfig/remove?ids=${mine.id}`, { method: 'POST', token: other });
    const still = await s.api(`/api/systemConfig/systemConfig/detail?id=${mine.id}`, { token: admin });
    assert.equal(JSON.parse(still.body.data.configInfo).k, 1);
  });

  test('anonymous calls get 401, a user without the button code 403', async () => {
    assert.equal((await s.api('/api/systemConfig/systemConfig/list')).status, 401);
    assert.equal((await s.api('/api/blade-system/menu/routes')).status, 401);
    assert.equal((await s.api('/api/blade-system/menu/routes', { token: 'garbage' })).status, 401);
    const forbidden = await s.api('/api/systemConfig/systemConfig/list', { token: user });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.msg, '缺少权限，请联系管理员授权');
    assert.equal((await submit({ configKey: 'byUser', configInfo: '{}' }, user)).status, 403);
    assert.equal((await s.api('/api/blade-log/error/list', { token: user })).status, 403);
    // public config keys are readable before sign-in, others are not
    assert.equal((await s.api('/api/systemConfig/systemConfig/detail?configKey=sysConfig')).status, 200);
    assert.equal((await s.api('/api/systemConfig/systemConfig/detail?configKey=AIConfig')).status, 401);
    assert.equal((await s.api('/api/systemConfig/systemConfig/detail?configKey=AIConfig', { token: user })).status, 403);
  });

  test('unknown /api paths are 404 and wrong methods 405, in the envelope', async () => {
    const nf = await s.api('/api/blade-nothing/here', { token: admin });
    assert.equal(nf.status, 404);
    assert.equal(nf.body.code, 404);
    const wm = await s.api('/api/systemConfig/systemConfig/list', { method: 'DELETE', token: admin });
    assert.equal(wm.status, 405);
    assert.equal(wm.body.code, 405);
  });

  test('sendLogs stores client errors that the error-log screen lists', async () => {
    const r = await s.api('/api/blade-log/error/sendLogs', { method: 'POST', token: user, json: [
      { type: 'error', url: '/#/wel/index', message: 'TypeError: x is undefined', stack: 'at App', time: '2026-11-21 09:00:00', info: 'render' },
      { type: 'error', url: '/#/info/index', message: 'ReferenceError: y', time: '2026-11-21 09:00:01' },
    ] });
    assert.equal(r.status, 200);
    assert.equal(r.body.data, 2);
    const list = await s.api('/api/blade-log/error/list?type_equal=client&createBy=user', { token: admin });
    assert.equal(list.body.data.total, 2);
    const row = list.body.data.records.find((x: { message: string }) => x.message.startsWith('TypeError'));
    assert.equal(row.requestUri, '/#/wel/index');
    const detail = await s.api(`/api/blade-log/error/detail?id=${row.id}`, { token: admin });
    assert.equal(detail.body.data.stackTrace, 'at App');
    assert.equal((await s.api('/api/blade-log/error/sendLogs', { method: 'POST', token: user, json: { not: 'an array' } })).status, 400);
  });

  test('put-file stores an allowed file and answers its link; other kinds are refused', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), '头像.png');
    const r = await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: user, body: form });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.originalName, '头像.png');
    const file = await fetch(s.url + r.body.data.link);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), png);
    const exe = new FormData();
    exe.append('file', new Blob([Buffer.from('MZ')]), 'tool.exe');
    const bad = await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: user, body: exe });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.msg, '请勿上传非法文件！');
    assert.equal((await fetch(s.url + '/api/blade-resource/oss/endpoint/file/20260101/..%2f..%2fetc%2fpasswd')).status, 404);
    assert.equal((await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: user, json: {} })).status, 415);
  });

  test('personal info: detail, update-info and update-password', async () => {
    const me = await s.login('user', 'user');
    const d = await s.api(`/api/blade-system/user/detail?id=${me.user_id}`, { token: me.access_token });
    assert.equal(d.body.data.account, 'user');
    assert.equal(d.body.data.deptName, '教务处');
    assert.equal(d.body.data.password, undefined);
    const up = await s.api('/api/blade-system/user/update-info', { method: 'POST', token: me.access_token, json: { realName: '李明明', phone: '13900001111', email: 'lmm@example.edu.cn' } });
    assert.equal(up.status, 200);
    assert.equal((await s.api('/api/blade-system/user/info', { token: me.access_token })).body.data.realName, '李明明');
    const badPhone = await s.api('/api/blade-system/user/update-info', { method: 'POST', token: me.access_token, json: { phone: '123' } });
    assert.equal(badPhone.status, 400);
    // another user's record is not the ordinary user's to read
    assert.equal((await s.api(`/api/blade-system/user/detail?id=${(await s.login()).user_id}`, { token: me.access_token })).status, 403);
    const { md5 } = await import('../src/modules/auth/password.ts');
    const wrongOld = await s.api(`/api/blade-system/user/update-password?oldPassword=${md5('x')}&newPassword=${md5('n')}&newPassword1=${md5('n')}`, { method: 'POST', token: me.access_token });
    assert.equal(wrongOld.body.msg, '原密码不正确');
    const mismatch = await s.api(`/api/blade-system/user/update-password?oldPassword=${md5('user')}&newPassword=${md5('n1')}&newPassword1=${md5('n2')}`, { method: 'POST', token: me.access_token });
    assert.equal(mismatch.body.msg, '两次输入的密码不一致');
    const okPw = await s.api(`/api/blade-system/user/update-password?oldPassword=${md5('user')}&newPassword=${md5('user2')}&newPassword1=${md5('user2')}`, { method: 'POST', token: me.access_token });
    assert.equal(okPw.status, 200);
    await s.login('user', 'user2');
    await s.api(`/api/blade-system/user/update-password?oldPassword=${md5('user2')}&newPassword=${md5('user')}&newPassword1=${md5('user')}`, { method: 'POST', token: me.access_token });
  });

  test('dept/select and role/select offer the user own departments and roles', async () => {
    const me = await s.login();
    const depts = await s.api(`/api/blade-system/dept/select?userId=${me.user_id}`, { token: me.access_token });
    assert.deepEqual(depts.body.data.map((d: { deptName: string }) => d.deptName).sort(), ['信息化中心', '教务处'].sort());
    const roles = await s.api(`/api/blade-system/role/select?userId=${me.user_id}`, { token: me.access_token });
    assert.deepEqual(roles.body.data.map((r: { roleAlias: string }) => r.roleAlias), ['administrator', 'user']);
    assert.equal((await s.api(`/api/blade-system/role/select?userId=123`, { token: me.access_token })).status, 403);
  });

  test('a list counts at most 10,000 rows: more answers 10,001, a narrower filter an exact total', async () => {
    const db = s.server.database.db;
    await sql`insert into blade_notice (id, tenant_id, title, category, release_time, is_deleted, status)
      select 900000000000 + g, '000000', '批量公告 ' || g, 1 + g % 3, now(), 0, 1 from generate_series(1, 10050) g`.execute(db);
    try {
      const all = (await s.api('/api/blade-desk/notice/list?size=10&title_like=批量公告', { token: admin })).body.data;
      assert.equal(all.total, 10_001);
      assert.equal(all.records.length, 10);
      const later = (await s.api('/api/blade-desk/notice/list?size=10&current=3&title_like=批量公告', { token: admin })).body.data;
      assert.equal(later.records.length, 10);
      assert.notEqual(later.records[0].id, all.records[0].id);
      const few = (await s.api('/api/blade-desk/notice/list?size=10&title_like=批量公告 1000', { token: admin })).body.data;
      assert.equal(few.total, 11, 'exact below the cap: 1000 and 10000–10009');
    } finally {
      await sql`delete from blade_notice where id > 900000000000`.execute(db);
    }
  });

  test('health, OpenAPI document and security headers', async () => {
    const h = await s.api('/healthz');
    assert.equal(h.body.status, 'ok');
    assert.equal(h.body.database, kind);
    const doc = await s.api('/api/docs/json');
    assert.equal(doc.status, 200);
    assert.ok(doc.body.paths['/api/blade-auth/oauth/token']);
    assert.ok(doc.body.paths['/api/systemConfig/systemConfig/list']);
    // the same headers on every answer: an API answer, one from the public portal's cache, a 404
    for (const r of [h, await s.api('/api/blade-portal/config/noLogin/list'), await s.api('/api/no/such/route')]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      for (const d of ["default-src 'self'", "frame-ancestors 'self'", "object-src 'none'", "style-src 'self' 'unsafe-inline'", "connect-src 'self' ws: wss:"]) assert.ok(csp.includes(d), `${d} in ${csp}`);
      assert.ok(!csp.includes('upgrade-insecure-requests'), 'plain-HTTP installs keep working');
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(r.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
      assert.match(r.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
      assert.equal(r.headers.get('cross-origin-embedder-policy'), null);
      assert.equal(r.headers.get('x-powered-by'), null);
    }
  });
});

test('a typed front-end path is sent to the hash route of the web app; assets go out pre-compressed and cached for good', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const web = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title>');
  // a hashed asset compressed the way the web build does it (scripts/compress-dist.mjs)
  const { mkdirSync } = await import('node:fs');
  const { spawnSync } = await import('node:child_process');
  mkdirSync(join(web, 'assets'));
  const script = `export const labels = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `标签 ${i}`))};\n`;
  writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), script);
  assert.equal(spawnSync(process.execPath, [new URL('../../scripts/compress-dist.mjs', import.meta.url).pathname, web]).status, 0);
  const s = await startServer({ webDist: web });
  try {
    const r = await fetch(`${s.url}/login?loginSource=portal`, { redirect: 'manual' });
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), '/#/login?loginSource=portal');
    assert.equal((await fetch(`${s.url}/`)).status, 200);
    assert.equal((await fetch(`${s.url}/missing.js`)).status, 404);
    // hashed assets: compressed bytes written at build time, cached for good; the page itself is revalidated
    const { request } = await import('node:http');
    const raw = (encoding: string) => new Promise<{ headers: Record<string, unknown>; length: number }>((res, rej) => {
      request(`${s.url}/assets/app-1a2b3c.js`, { headers: { 'accept-encoding': encoding } }, (r) => {
        let n = 0;
        r.on('data', (c: Buffer) => (n += c.length)).on('end', () => res({ headers: r.headers, length: n }));
      }).on('error', rej).end();
    });
    const br = await raw('br, gzip');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.length < Buffer.byteLength(script) / 3, `${br.length} bytes of ${Buffer.byteLength(script)}`);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(String(br.headers.vary), /Accept-Encoding/i);
    assert.equal((await raw('gzip')).headers['content-encoding'], 'gzip');
    const plain = await raw('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.length, Buffer.byteLength(script));
    assert.equal((await fetch(`${s.url}/`)).headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(`${s.url}/api/nothing`)).status, 404);
  } finally {
    await s.close();
  }
});
