// Issue 12, items 3 and 4, case by case (the sweeps in access.test.ts and fuzz.test.ts cover every
// route): a download answers only whom its entity's detail answers; hostile bodies (JSON nested
// past the limit, workflow variables 5 000 levels deep, malformed multipart) are a 400 in the
// caller's language, and nothing changes: no row, no file left behind.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { nextId } from '../../src/db/ids.ts';
import { SEED } from '../../src/db/seed.ts';
import { fileGuard } from '../../src/http/files.ts';
import { jsonTextDepth, MAX_JSON_DEPTH, valueDepth } from '../../src/http/json-depth.ts';
import { addUser, forEachDatabase, startServer, type TestServer } from '../harness.ts';
import { changed, deploySimple, fingerprint, send } from './sweep.ts';

const A = SEED.tenant;
const B = SEED.otherTenant;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex');
const ZH = { 'Accept-Language': 'zh-CN' };
const EN = { 'Accept-Language': 'en' };

test('json depth: counted in one pass, strings skipped, no recursion', () => {
  assert.equal(jsonTextDepth('{"a":[1,{"b":2}]}'), 3);
  assert.equal(jsonTextDepth('{"a":"[[[[{{{{\\"[[["}'), 1, 'brackets inside strings (and escaped quotes) do not count');
  assert.equal(jsonTextDepth('['.repeat(1_000_000)), 1_000_000, 'a million levels: no stack overflow');
  assert.equal(jsonTextDepth('['.repeat(1_000_000), 64), 65, 'stops counting past the limit');
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = { a: deep };
  assert.equal(valueDepth(deep, MAX_JSON_DEPTH), MAX_JSON_DEPTH + 1);
  assert.equal(valueDepth({ a: [1, { b: [] }] }), 4);
});

test('a file route naming a detail that does not exist (or being public) stops the boot', async () => {
  const configs: { public?: boolean; file: { detail: string } }[] = [{ file: { detail: '/api/x/detail' } }, { public: true, file: { detail: '/api/x/list' } }];
  for (const cfg of configs) {
    const app = Fastify();
    app.decorate('permissionsOf', async () => new Set<string>());
    await app.register(fileGuard, {});
    app.get('/api/x/list', async () => ({}));
    app.get('/api/x/download', { config: cfg }, async () => 'file');
    await assert.rejects(async () => { await app.ready(); }, /file routes name unknown detail routes/);
    await app.close().catch(() => undefined);
  }
});

await forEachDatabase('trust: files and hostile bodies', (kind) => {
  let s: TestServer;
  let adminA: string, adminB: string, user: string;
  const uploadDir = join(tmpdir(), `campus-files-${process.pid}-${kind}`);
  const files = () => readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  const msgOf = (text: string) => { try { return String(JSON.parse(text).msg); } catch { return text.slice(0, 100); } };

  before(async () => {
    mkdirSync(uploadDir, { recursive: true });
    s = await startServer({ kind, config: { uploadDir } });
    await addUser(s, 'files_user', { roleId: SEED.userRoleId, deptId: SEED.deptTeachId });
    [adminA, adminB, user] = await Promise.all([
      s.login().then((r) => r.access_token as string),
      s.login('admin', 'admin', B).then((r) => r.access_token as string),
      s.login('files_user', 'user').then((r) => r.access_token as string),
    ]);
  });
  after(async () => { await s?.close(); });

  /** a role of tenant A holding the menus/buttons with these codes, optionally a data scope on a resource */
  const roleWith = async (codes: string[], scope?: { resource: string; column: string; type: number }) => {
    const db = s.server.database.db;
    const roleId = nextId();
    await sql`insert into blade_role (id, tenant_id, role_name, role_alias) values (${roleId}, ${A}, ${'r' + roleId}, ${'r' + roleId})`.execute(db);
    await sql`insert into blade_role_menu (menu_id, role_id) select id, ${roleId} from blade_menu where code = any(${codes}::text[]) and is_deleted = 0`.execute(db);
    if (scope) {
      const scopeId = nextId();
      await sql`insert into blade_scope_data (id, resource_code, scope_name, scope_column, scope_type) values (${scopeId}, ${scope.resource}, 'files test', ${scope.column}, ${scope.type})`.execute(db);
      await sql`insert into blade_role_scope (scope_category, scope_id, role_id) values (1, ${scopeId}, ${roleId})`.execute(db);
    }
    s.server.services.menus.clearCache();
    s.server.services.scopes.clearCache();
    return roleId;
  };
  const upload = async (token: string) => {
    const fd = new FormData();
    fd.append('file', new Blob([PNG], { type: 'image/png' }), '成绩单.png');
    const r = await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token, body: fd });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return String(r.body.data.attachId);
  };

  test('attach/download answers exactly whom attach/detail answers', async () => {
    const id = await upload(adminA);
    const dl = (token: string, headers = ZH) => send(`${s.url}/api/blade-resource/attach/download?id=${id}`, { token, headers });
    const own = await dl(adminA);
    assert.equal(own.status, 200);
    assert.deepEqual(own.bytes, PNG, 'the owner gets the file');
    assert.match(own.headers.get('content-disposition') ?? '', /filename\*=UTF-8''%E6%88%90/);
    // an ordinary user: detail and list refuse, and so does the download, in either language
    for (const path of [`/api/blade-resource/attach/detail?id=${id}`, '/api/blade-resource/attach/list']) assert.equal((await s.api(path, { token: user })).status, 403, path);
    const zh = await dl(user);
    assert.equal(zh.status, 403);
    assert.equal(msgOf(zh.text), '缺少权限，请联系管理员授权');
    assert.ok(!zh.bytes?.includes(PNG.subarray(0, 8)), 'no byte of the file');
    assert.equal(msgOf((await dl(user, EN)).text), 'Permission denied; ask an administrator for access');
    // another tenant's administrator: the detail shows nothing, the download finds nothing
    assert.equal((await s.api(`/api/blade-resource/attach/detail?id=${id}`, { token: adminB })).body.data, null);
    assert.equal((await dl(adminB)).status, 404);
    // the guard follows the detail's codes: a role holding the attachment menu reads it
    const roleId = await roleWith(['attach']);
    await addUser(s, 'files_viewer', { roleId, deptId: SEED.deptTeachId });
    const viewer = (await s.login('files_viewer', 'user')).access_token as string;
    assert.equal((await s.api(`/api/blade-resource/attach/detail?id=${id}`, { token: viewer })).status, 200);
    const got = await dl(viewer);
    assert.equal(got.status, 200);
    assert.deepEqual(got.bytes, PNG);
  });

  test('export-user holds the rows the user list shows under the data scope, no more', async () => {
    // the role sees the users of its own department only (data scope "dept" on resource user)
    const roleId = await roleWith(['user', 'user_view', 'user_export'], { resource: 'user', column: 'dept_id', type: 3 });
    await addUser(s, 'files_exporter', { roleId, deptId: SEED.deptTeachId });
    await addUser(s, 'files_elsewhere', { roleId: SEED.userRoleId, deptId: SEED.deptInfoId });
    const token = (await s.login('files_exporter', 'user')).access_token as string;
    const list = await s.api('/api/blade-system/user/list?current=1&size=1000', { token });
    assert.equal(list.status, 200);
    const listed = (list.body.data.records as { account: string }[]).map((r) => r.account).sort();
    const exported = async (tk: string) => {
      const a = await send(`${s.url}/api/blade-system/user/export-user`, { token: tk });
      assert.equal(a.status, 200, a.text.slice(0, 200));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(a.bytes as unknown as ArrayBuffer);
      const out: string[] = [];
      book.worksheets[0].eachRow((row, n) => { if (n > 1) out.push(String(row.getCell(1).value)); });
      return out.sort();
    };
    const mine = await exported(token);
    assert.deepEqual(mine, listed, 'the export is the list');
    assert.ok(mine.includes('files_exporter') && !mine.includes('files_elsewhere'), `narrowed: ${mine.join(',')}`);
    assert.ok((await exported(adminA)).includes('files_elsewhere'), 'the administrator (not narrowed) exports every user');
    // an ordinary user: the list refuses, so does the export; tenant B's administrator exports B's users only
    assert.equal((await send(`${s.url}/api/blade-system/user/export-user`, { token: user })).status, 403);
    assert.ok(!(await exported(adminB)).includes('files_exporter'));
  });

  test('JSON bodies nested past the limit are a 400 in the caller\'s language, before any route code', async () => {
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const post = (body: string, headers: Record<string, string> = ZH) => send(`${s.url}/api/blade-desk/notice/submit`, { method: 'POST', token: adminA, headers: { ...headers, 'Content-Type': 'application/json' }, body });
    const before = await fingerprint(s.server.database.db);
    for (const body of [deep(MAX_JSON_DEPTH + 1), '['.repeat(5000) + ']'.repeat(5000), '['.repeat(200_000), JSON.stringify({ title: 'x', content: 'y', category: 1, extra: JSON.parse(deep(80)) })]) {
      const zh = await post(body);
      assert.equal(zh.status, 400, zh.text.slice(0, 200));
      assert.equal(msgOf(zh.text), `请求数据嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`);
      assert.equal(msgOf((await post(body, EN)).text), `The data is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
    }
    assert.deepEqual(changed(before, await fingerprint(s.server.database.db)), []);
    // at the limit the body reaches the route (its own validation answers), and brackets in strings never count
    const at = await post(JSON.stringify({ title: 'depth ok', content: '['.repeat(10_000), category: 1, extra: JSON.parse(deep(MAX_JSON_DEPTH - 1)) }));
    assert.notEqual(msgOf(at.text), `请求数据嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`);
    assert.ok(at.status < 500);
  });

  test('completeTask with variables nested 5 000 levels: 400, the task and every row unchanged; then it completes', async () => {
    await deploySimple(s, adminA, 'Depth flow');
    const started = await s.api('/api/blade-workflow/process/startProcessByKey', { method: 'POST', token: adminA, json: { processDefKey: 'trustFlow', title: 'depth' } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const task = started.body.data.tasks[0];
    const db = s.server.database.db;
    const complete = (variables: unknown, headers = ZH) => send(`${s.url}/api/blade-workflow/process/completeTask`, {
      method: 'POST', token: adminA, headers: { ...headers, 'Content-Type': 'application/json' },
      body: typeof variables === 'string' && variables.startsWith('RAW:') ? variables.slice(4) : JSON.stringify({ taskId: task.taskId, processInstanceId: task.processInstanceId, pass: true, comment: 'ok', variables }),
    });
    const deepText = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const before = await fingerprint(db);
    const cases: [string, unknown][] = [
      ['variables as text, 5 000 levels', deepText(5000)],
      ['variables as text, 65 levels', deepText(65)],
      ['variables as text, arrays 100 000 levels', '{"a":' + '['.repeat(100_000)],
      ['variables as an object, 5 000 levels', `RAW:{"taskId":"${task.taskId}","pass":true,"comment":"ok","variables":${deepText(5000)}}`],
    ];
    for (const [name, v] of cases) {
      const a = await complete(v);
      assert.equal(a.status, 400, `${name}: ${a.status} ${a.text.slice(0, 200)}`);
      assert.equal(msgOf(a.text), `请求数据嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`, name);
      assert.equal(msgOf((await complete(v, EN)).text), `The data is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`, name);
    }
    assert.deepEqual(changed(before, await fingerprint(db)), [], 'no row changed');
    const state = await sql<{ state: string }>`select state from wf_task where id = ${task.taskId}`.execute(db);
    assert.equal(state.rows[0].state, 'active');
    // the same task with ordinary (nested, but shallow) variables completes
    const ok = await complete({ level: { one: { two: [1, 2, { three: true }] } } });
    assert.equal(ok.status, 200, ok.text.slice(0, 200));
  });

  test('malformed multipart on put-file, deploy-upload and import-user: 400 in zh and en, no row, no file', async () => {
    const db = s.server.database.db;
    const Bd = 'filesBoundary';
    const mp = `multipart/form-data; boundary=${Bd}`;
    const head = (name: string, file: string) => `--${Bd}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const routes: [string, string, string][] = [
      ['/api/blade-resource/oss/endpoint/put-file', 'file', 'notes.txt'],
      ['/api/blade-flow/manager/deploy-upload', 'files', 'a.bpmn20.xml'],
      ['/api/blade-system/user/import-user', 'file', 'users.xlsx'],
    ];
    const BAD = '上传的表单数据格式不正确（缺少分隔符、内容不完整或格式错误）';
    const BAD_EN = 'The multipart form data is malformed (no boundary, a truncated part or a bad part header)';
    const filesBefore = files();
    const before = await fingerprint(db);
    for (const [path, field, name] of routes) {
      // text the upload check accepts, long enough that put-file is streaming it to disk when the body ends
      const big = 'hello world '.repeat(2000);
      const cases: [string, string | Buffer, string, string | RegExp][] = [
        ['no boundary', `${head(field, name)}abc\r\n--${Bd}--\r\n`, 'multipart/form-data', BAD],
        ['truncated part', `${head(field, name)}${big}`, mp, BAD],
        // the body ends inside the part's header: busboy sees no part at all, so the route finds no file
        ['truncated header', head(field, name).slice(0, 50), mp, /^(上传的表单数据格式不正确|请选择)/],
        ['boundary over 256 characters', `${head(field, name).replaceAll(Bd, 'b'.repeat(300))}abc\r\n--${'b'.repeat(300)}--\r\n`, `multipart/form-data; boundary=${'b'.repeat(300)}`, BAD],
        ['file under another name', `${head('upload', name)}${big}\r\n--${Bd}--\r\n`, mp, `请把文件放在表单字段 ${field} 中上传`],
        ['no file part at all', `--${Bd}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nnot a file\r\n--${Bd}--\r\n`, mp, /请选择/],
        ['part without headers', `--${Bd}\r\n\r\nabc\r\n--${Bd}--\r\n`, mp, /请选择/],
        ['file name not UTF-8', Buffer.concat([Buffer.from(`--${Bd}\r\nContent-Disposition: form-data; name="${field}"; filename="`), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(`.exe"\r\n\r\nMZ\r\n--${Bd}--\r\n`)]), mp, /./],
      ];
      for (const [what, body, type, msg] of cases) {
        for (const headers of [ZH, EN]) {
          const a = await send(s.url + path, { method: 'POST', token: adminA, headers: { ...headers, 'Content-Type': type }, body });
          assert.equal(a.status, 400, `${path} ${what}: ${a.status} ${a.text.slice(0, 200)}`);
          const m = msgOf(a.text);
          if (headers === ZH) assert.match(m, typeof msg === 'string' ? new RegExp('^' + msg.replace(/[()（）]/g, '.') + '$') : msg, `${path} ${what}`);
          else if (msg === BAD) assert.equal(m, BAD_EN, `${path} ${what}`);
          else assert.match(m, /^[\x20-\x7e]+$/, `${path} ${what}: English message ${m}`);
        }
      }
    }
    assert.deepEqual(changed(before, await fingerprint(db)), [], 'no row changed');
    assert.equal(files(), filesBefore, 'no file left in the upload folder');
    // and a good upload still works right after
    await upload(adminA);
    assert.equal(files(), filesBefore + 1);
  });
});
