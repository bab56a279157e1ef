// Third-party services (spec 002 §2, §3, §5, §7): service apps, configs, parameters, OAuth apps,
// the real call (loopback HTTP server, SQL, internal handlers), token caching, the call log.
import assert from 'node:assert/strict';
import { createDecipheriv, createHash, generateKeyPairSync, privateDecrypt, constants } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { parseXml } from '../src/modules/thirdparty/xml.ts';
import { BASIC, forEachDatabase, startServer, type TestServer } from './harness.ts';

/** RSA PKCS#1 v1.5 decryption as the remote (e.g. Java's RSA/ECB/PKCS1Padding) does it; Node refuses that padding for private decryption, so it is removed here. */
function pkcs1Decrypt(privateKey: string, base64: string): string {
  const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
  assert.equal(block[0], 0);
  assert.equal(block[1], 2);
  return block.subarray(block.indexOf(0, 2) + 1).toString('utf8');
}

/** A SOAP answer: namespace prefixes, a `>` inside attribute values, CDATA, predefined and numeric entities, repeated elements. */
const SOAP = `<?xml version="1.0" encoding="UTF-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">
  <soap:Body>
    <ns2:resp xmlns:ns2="urn:campus" note="a > b">
      <ns2:code>0</ns2:code>
      <data kind='x>y' title="&quot;甲&quot; &amp; 乙">
        <name>王&amp;五 &#x4E2D;&#65;</name>
        <remark><![CDATA[<b>优秀</b> & <i>5 > 3</i> &lt;]]></remark>
        <score>007</score>
        <item>1</item><item>2</item>
      </data>
    </ns2:resp>
  </soap:Body>
</soap:Envelope>`;

interface Seen { method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers']; body: any }

/** A remote platform on 127.0.0.1: a token endpoint and a few APIs; records every request. */
async function remote(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  let tokens = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = raw;
      try { body = raw ? JSON.parse(raw) : undefined; } catch { /* text */ }
      seen.push({ method: req.method ?? '', path: u.pathname, query: Object.fromEntries(u.searchParams), headers: req.headers, body });
      const json = (code: number, v: unknown) => { res.writeHead(code, { 'Content-Type': 'application/json' }); res.end(JSON.stringify(v)); };
      switch (u.pathname) {
        case '/token':
          if (body?.client_id !== 'cid' || body?.client_secret !== 'csecret') return json(200, { code: 401, msg: 'bad client' });
          tokens++;
          return json(200, { code: 0, data: { access_token: `tok-${tokens}`, expires_in: 3600 } });
        case '/api/student':
          if (req.headers.authorization !== `Bearer tok-1`) return json(401, { code: 401 });
          return json(200, { code: '200', data: { name: '张三', no: 'echo' } });
        case '/api/fail': return json(200, { code: '500', msg: 'no such student' });
        case '/api/xml':
          res.writeHead(200, { 'Content-Type': 'application/xml' });
          return res.end('<?xml version="1.0"?><result><code>200</code><data><name>李四</name><grade>3</grade></data></result>');
        case '/api/soap':
          res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
          return res.end(SOAP);
        case '/api/dtd':
          res.writeHead(200, { 'Content-Type': 'application/xml' });
          return res.end('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><r><code>0</code><v>&b;</v></r>');
        case '/api/text': res.writeHead(200); return res.end('pong');
        case '/api/counter': return json(200, { ok: 'yes', data: { n: seen.filter((s) => s.path === '/api/counter').length } });
        default: return json(404, { code: 404 });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return { url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, seen, close: () => new Promise((r) => server.close(() => r())) };
}

await forEachDatabase('third-party services', (kind) => {
  let s: TestServer;
  let r: Awaited<ReturnType<typeof remote>>;
  let admin: string;
  let other: string;
  let user: string;
  before(async () => {
    // the remote is a loopback peer: the operator's allowance lets the tenant's services reach it
    [s, r] = await Promise.all([startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } }), remote()]);
    admin = (await s.login()).access_token;
    other = (await s.login('admin', 'admin', '100001')).access_token;
    user = (await s.login('user', 'user')).access_token;
  });
  after(async () => { await s?.close(); await r?.close(); });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, ...(json === undefined ? {} : { json }) });
  const call = (id: string, vars: Record<string, string> = {}, token = admin) => get(`/api/thirdService/callService/callApi?${new URLSearchParams({ serviceConfigId: id, ...vars })}`, token);
  const submit = async (path: string, json: unknown, token = admin) => {
    const res = await post(path, json, token);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };

  const AES_KEY = '0123456789abcdef';
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

  test('external call on a loopback server: parameters placed and encrypted, oauth2 token fetched once then cached, call log', async () => {
    const app = await submit('/api/serviceConfig/thirdServiceAuth/submit', {
      name: '教务系统', authType: 'oauth2', url: `${r.url}/token`, appidKey: 'client_id', appidValue: 'cid', secretKey: 'client_secret', secretValue: 'csecret',
      requestType: 'POST', parameterPosition: 3, backDataType: 'json', successKey: 'code', successValue: '0', dataKey: 'data',
      cacheKey: 'access_token', validityKey: 'expires_in', validityUnit: 'second',
    });
    const cfg = await submit('/api/serviceConfig/thirdServiceConfig/submit', {
      name: '学生信息', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/student`, requestType: 'POST', backDataType: 'json',
      dataKey: 'data', successKey: 'code', successValue: '200',
    });
    const P = '/api/serviceConfig/thirdServiceParams/submit';
    // inserted out of order: sort decides
    await submit(P, { thirdServiceId: cfg.id, name: 'sign', type: 3, paramValue: '{appKey},{studentNo},{timestamp}', joinSymbol: '&', containParamName: 1, encryptionMode: 'MD5', secretKey: 'salt', parameterPosition: 2, sort: 5 });
    await submit(P, { thirdServiceId: cfg.id, name: 'appKey', type: 1, paramValue: 'k1', encryptionMode: 'Base64', parameterPosition: 1, sort: 1 });
    await submit(P, { thirdServiceId: cfg.id, name: 'studentNo', type: 2, paramValue: 'no', encryptionMode: 'AES', secretKey: AES_KEY, parameterPosition: 3, sort: 2 });
    await submit(P, { thirdServiceId: cfg.id, name: 'timestamp', type: 3, paramValue: '{timestamp}', parameterPosition: 2, sort: 3 });
    await submit(P, { thirdServiceId: cfg.id, name: 'secretNo', type: 1, paramValue: 'hidden-42', encryptionMode: 'RSA', secretKey: publicKey, parameterPosition: 3, sort: 4 });
    await submit(P, { thirdServiceId: cfg.id, name: 'Authorization', type: 5, paramValue: 'Bearer {access_token}', parameterPosition: 2, sort: 6 });
    await submit(P, { thirdServiceId: cfg.id, name: 'q', type: 1, paramValue: 'a b&c', encryptionMode: 'UrlEncode', parameterPosition: 1, sort: 7 });

    const ascs = (await get(`/api/serviceConfig/thirdServiceParams/ascs?thirdServiceId=${cfg.id}`)).body.data;
    assert.deepEqual(ascs.map((p: { name: string }) => p.name), ['appKey', 'studentNo', 'timestamp', 'secretNo', 'sign', 'Authorization', 'q']);
    const page = (await get(`/api/serviceConfig/thirdServiceParams/list?thirdServiceId=${cfg.id}&size=3`)).body.data;
    assert.equal(page.total, 7);
    assert.deepEqual(page.records.map((p: { sort: number }) => p.sort), [1, 2, 3]);

    const first = await call(cfg.id, { no: '2024001' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.data, { name: '张三', no: 'echo' });
    const second = await call(cfg.id, { no: '2024002' });
    assert.equal(second.status, 200, JSON.stringify(second.body));

    // one token request for two calls, the credentials in its body as configured
    const tokenCalls = r.seen.filter((x) => x.path === '/token');
    assert.equal(tokenCalls.length, 1);
    assert.deepEqual(tokenCalls[0].body, { client_id: 'cid', client_secret: 'csecret' });

    const got = r.seen.filter((x) => x.path === '/api/student');
    assert.equal(got.length, 2);
    const g = got[0];
    assert.equal(g.method, 'POST');
    assert.equal(g.query.appKey, Buffer.from('k1').toString('base64'));
    assert.equal(g.query.q, encodeURIComponent('a b&c'), 'UrlEncode: the value is encoded once more inside the query');
    const d = createDecipheriv('aes-128-ecb', Buffer.from(AES_KEY), null);
    assert.equal(Buffer.concat([d.update(Buffer.from(g.body.studentNo, 'base64')), d.final()]).toString('utf8'), '2024001');
    assert.equal(pkcs1Decrypt(privateKey, g.body.secretNo), 'hidden-42');
    const ts = String(g.headers.timestamp);
    assert.match(ts, /^\d{13}$/);
    assert.equal(g.headers.sign, createHash('md5').update(`appKey=k1&studentNo=2024001&timestamp=${ts}salt`).digest('hex'));
    assert.equal(g.headers.authorization, 'Bearer tok-1');

    // the token is shown on the auth screen, and a fresh one can be asked for
    const listed = (await get('/api/serviceConfig/thirdServiceAuth/list?authType=oauth2')).body.data.records;
    assert.ok(listed.find((a: { id: string; tokenExpiresAt: string }) => a.id === app.id).tokenExpiresAt);
    assert.equal((await post(`/api/thirdService/serviceAuth/token?id=${app.id}`)).status, 200);
    assert.equal(r.seen.filter((x) => x.path === '/token').length, 2);
    assert.equal((await post(`/api/thirdService/serviceAuth/clear-token?ids=${app.id}`)).status, 200);
    assert.equal((await get(`/api/serviceConfig/thirdServiceAuth/detail?id=${app.id}`)).body.data.tokenExpiresAt, null);

    // the log: a token row and a row per call, with header, params and time
    const log = (await get('/api/thirdService/thirdApiLog/list?apiName=学生信息&status=1')).body.data;
    assert.equal(log.total, 2);
    const row = log.records[0];
    assert.equal(row.platformName, '教务系统');
    assert.equal(row.apiMethod, 'POST');
    assert.ok(row.apiUrl.startsWith(`${r.url}/api/student?appKey=`));
    assert.match(row.apiHeader, /"sign":"[0-9a-f]{32}"/);
    assert.match(row.apiParams, /studentNo/);
    assert.match(row.apiResponse, /张三/);
    assert.equal(typeof row.apiTime, 'number');
    const tokenLog = (await get('/api/thirdService/thirdApiLog/list?apiName=获取令牌')).body.data.records[0];
    assert.doesNotMatch(tokenLog.apiParams, /csecret/, 'the app secret is not logged');

    // a variable the call does not send is left out (its combined signature then refuses)
    const missing = await call(cfg.id);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.msg, '缺少参数：studentNo');
  });

  test('answers: success flag refused and logged as failure, xml and str answers, result cache by cacheKey/validity, API-parameter chain', async () => {
    const app = await submit('/api/serviceConfig/thirdServiceAuth/submit', { name: '开放平台', authType: 'none', appidKey: 'appid', appidValue: 'A1', parameterPosition: 2 });
    const failing = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '失败接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/fail`, requestType: 'GET', backDataType: 'json', dataKey: 'data', successKey: 'code', successValue: '200' });
    const res = await call(failing.id);
    assert.equal(res.status, 400);
    assert.equal(res.body.msg, '返回成功标识不符：code = 500');
    assert.equal((await s.api(`/api/thirdService/callService/callApi?serviceConfigId=${failing.id}`, { token: admin, headers: { 'Accept-Language': 'en' } })).body.msg, 'The success flag does not match: code = 500');
    assert.equal(r.seen.find((x) => x.path === '/api/fail')!.headers.appid, 'A1', 'a none-auth app sends its app id as configured');
    const failedLog = (await get('/api/thirdService/thirdApiLog/list?apiName=失败接口&status=0')).body.data;
    assert.equal(failedLog.total, 2);
    assert.match(failedLog.records[0].apiResponse, /no such student/);

    const xml = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: 'XML接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/xml`, requestType: 'GET', backDataType: 'xml', dataKey: 'data', successKey: 'code', successValue: '200' });
    assert.deepEqual((await call(xml.id)).body.data, { name: '李四', grade: '3' });
    const str = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '文本接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/text`, requestType: 'GET', backDataType: 'str' });
    assert.equal((await call(str.id)).body.data, 'pong');

    const counter = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '计数', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/counter`, requestType: 'GET', backDataType: 'json', dataKey: 'data', successKey: 'ok', successValue: 'yes', cacheKey: 'counter', validityKey: '1', validityUnit: 'minutes' });
    assert.deepEqual((await call(counter.id)).body.data, { n: 1 });
    assert.deepEqual((await call(counter.id)).body.data, { n: 1 }, 'served from the cache');
    assert.deepEqual((await call(counter.id, { x: '1' })).body.data, { n: 2 }, 'other variables, other cache entry');
    assert.equal(r.seen.filter((x) => x.path === '/api/counter').length, 2);

    // type 4: a value from the answer of the preceding API
    const chained = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '链式', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/text`, requestType: 'GET', backDataType: 'str', beforeApiId: xml.id });
    await submit('/api/serviceConfig/thirdServiceParams/submit', { thirdServiceId: chained.id, name: 'who', type: 4, paramValue: 'name', parameterPosition: 1, sort: 1 });
    assert.equal((await call(chained.id)).status, 200);
    assert.equal(r.seen.filter((x) => x.path === '/api/text').at(-1)!.query.who, '李四');
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { id: xml.id, name: 'XML接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/xml`, requestType: 'GET', backDataType: 'xml', dataKey: 'data', successKey: 'code', successValue: '200', beforeApiId: xml.id })).body.msg, '前置接口不能是自己');

    // disabled config refused
    await submit('/api/serviceConfig/thirdServiceConfig/submit', { id: str.id, name: '文本接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/text`, requestType: 'GET', backDataType: 'str', status: 0 });
    assert.equal((await call(str.id)).body.msg, '服务已停用：文本接口');
    const pickers = (await get('/api/serviceConfig/thirdServiceConfig/listNoPage?status=1')).body.data;
    assert.ok(pickers.some((p: { id: string }) => p.id === xml.id) && !pickers.some((p: { id: string }) => p.id === str.id));
    assert.ok((await get('/api/serviceConfig/thirdServiceAuth/listNoPage?status=1')).body.data.some((a: { id: string; name: string }) => a.id === app.id && a.name === '开放平台'));
  });

  test('xml answers are read by a real parser: namespaces, `>` in attributes, CDATA, entities; a DTD is refused', async () => {
    const app = await submit('/api/serviceConfig/thirdServiceAuth/submit', { name: 'SOAP平台', authType: 'none', appidKey: 'appid', appidValue: 'S1', parameterPosition: 2 });
    const data = { '@kind': 'x>y', '@title': '"甲" & 乙', name: '王&五 中A', remark: '<b>优秀</b> & <i>5 > 3</i> &lt;', score: '007', item: ['1', '2'] };
    // paths by local name (Body.resp.code) and as written (soap:Body.ns2:resp.code) both reach the elements
    const local = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: 'SOAP接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/soap`, requestType: 'GET', backDataType: 'xml', dataKey: 'Body.resp.data', successKey: 'Body.resp.code', successValue: '0' });
    const res = await call(local.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, data);
    const prefixed = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: 'SOAP接口2', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/soap`, requestType: 'GET', backDataType: 'xml', dataKey: 'soap:Body.ns2:resp', successKey: 'soap:Body.ns2:resp.@note', successValue: 'a > b' });
    const whole = await call(prefixed.id);
    assert.equal(whole.status, 200, JSON.stringify(whole.body));
    assert.deepEqual(whole.body.data, { '@xmlns:ns2': 'urn:campus', '@note': 'a > b', 'ns2:code': '0', data });

    // an entity-expansion document is not expanded: the call fails as an unreadable answer
    const dtd = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: 'DTD接口', serviceType: 'external', serviceAuthId: app.id, url: `${r.url}/api/dtd`, requestType: 'GET', backDataType: 'xml', dataKey: 'v', successKey: 'code', successValue: '0' });
    const refused = await call(dtd.id);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.msg, '返回内容无法按 xml 解析');

    // the reader on its own: the shape callers pick from, and what it refuses
    assert.deepEqual(parseXml('<r><a>&amp;lt;</a><b><![CDATA[&amp;]]></b><c/><d k="1"/><e k="v">t</e><f>x<g>1</g></f></r>'),
      { a: '&lt;', b: '&amp;', c: '', d: { '@k': '1' }, e: { '@k': 'v', '#text': 't' }, f: { g: '1', '#text': 'x' } });
    assert.deepEqual(parseXml('<only>text</only>'), { only: 'text' });
    for (const bad of ['<r><a></r>', 'hello', '<r>', '', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>', '<r><__proto__><x>1</x></__proto__></r>'])
      assert.throws(() => parseXml(bad), Error, bad);
    assert.equal(({} as Record<string, unknown>).x, undefined, 'no prototype pollution');
  });

  test('required fields and their messages (002 §5)', async () => {
    const C = '/api/serviceConfig/thirdServiceConfig/submit';
    const msg = async (path: string, body: unknown, lang = 'zh') => (await s.api(path, { method: 'POST', token: admin, json: body, headers: { 'Accept-Language': lang } })).body.msg;
    assert.equal(await msg(C, { serviceType: 'internal', className: 'serverTime' }), '请输入名称');
    assert.equal(await msg(C, { name: 'x' }), '请选择服务分类');
    assert.equal(await msg(C, { name: 'x' }, 'en'), 'Please select the service type');
    assert.equal(await msg(C, { name: 'x', serviceType: 'internal' }), '请输入类别名');
    assert.equal(await msg(C, { name: 'x', serviceType: 'internal', className: 'nope' }), '类别名不是已注册的内部服务：nope');
    assert.equal(await msg(C, { name: 'x', serviceType: 'sqlService' }), '请选择数据源');
    assert.equal(await msg(C, { name: 'x', serviceType: 'sqlService', dataSourceId: 'master' }), '请输入SQL语句');
    assert.equal(await msg(C, { name: 'x', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'update blade_user set real_name = 1' }), 'SQL 服务只允许一条 SELECT（或 WITH）查询语句');
    assert.equal(await msg(C, { name: 'x', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'select 1; delete from blade_user' }), 'SQL 服务只允许一条 SELECT（或 WITH）查询语句');
    assert.equal(await msg(C, { name: 'x', serviceType: 'external' }), '请选择服务认证分类');
    const app = await submit('/api/serviceConfig/thirdServiceAuth/submit', { name: 'x', authType: 'none' });
    const ext = { name: 'x', serviceType: 'external', serviceAuthId: app.id };
    assert.equal(await msg(C, ext), '请输入地址');
    assert.equal(await msg(C, { ...ext, url: `${r.url}/a` }), '请选择请求类型');
    assert.equal(await msg(C, { ...ext, url: `${r.url}/a`, requestType: 'GET' }), '请选择返回类型');
    assert.equal(await msg(C, { ...ext, url: `${r.url}/a`, requestType: 'GET', backDataType: 'json' }), '请输入获取数据字段名');
    assert.equal(await msg(C, { ...ext, url: `${r.url}/a`, requestType: 'GET', backDataType: 'xml', dataKey: 'd' }), '请输入返回成功标识名');
    assert.equal(await msg(C, { ...ext, url: `${r.url}/a`, requestType: 'GET', backDataType: 'json', dataKey: 'd', successKey: 'c' }), '请输入返回成功标识值');
    assert.equal((await post(C, { ...ext, url: `${r.url}/a`, requestType: 'GET', backDataType: 'str' })).status, 200, 'str: data and success keys optional');
    assert.equal(await msg(C, { ...ext, url: 'ftp://x', requestType: 'GET', backDataType: 'str' }), '地址必须以 http:// 或 https:// 开头');

    const A = '/api/serviceConfig/thirdServiceAuth/submit';
    assert.equal(await msg(A, { authType: 'none' }), '请输入名称');
    assert.equal(await msg(A, { name: 'x' }), '请选择认证方式');
    assert.equal(await msg(A, { name: 'x', authType: 'oauth2' }), '请输入认证地址');

    const P = '/api/serviceConfig/thirdServiceParams/submit';
    const cfg = await submit(C, { name: 'time', serviceType: 'internal', className: 'serverTime' });
    assert.equal(await msg(P, { thirdServiceId: cfg.id, type: 1 }), '请输入参数名称');
    assert.equal(await msg(P, { thirdServiceId: cfg.id, name: 'a' }), '请选择参数类型');
    assert.equal(await msg(P, { thirdServiceId: cfg.id, name: 'a', type: 1, sort: 0 }), '排序不能小于1');
    assert.equal(await msg(P, { thirdServiceId: cfg.id, name: 'a', type: 1, encryptionMode: 'AES', secretKey: 'short' }), 'AES 密钥长度必须是 16、24 或 32 个字符（CBC 写作 密钥:16位偏移量）');
    assert.equal(await msg(P, { thirdServiceId: cfg.id, name: 'a', type: 1, encryptionMode: 'RSA', secretKey: 'not a pem' }), 'RSA 密钥必须是 PEM 格式的公钥');
    assert.equal((await post(P, { thirdServiceId: cfg.id, name: 'a', type: 1, encryptionMode: 'SM4' })).status, 400);

    const O = '/api/thirdService/thirdOauthApp/submit';
    assert.equal(await msg(O, { appId: 'a', appSecret: 'b' }), '请输入 名称');
    assert.equal(await msg(O, { name: 'n', appSecret: 'b' }), '请输入 应用ID');
    assert.equal(await msg(O, { name: 'n', appId: 'a' }), '请输入 应用密钥');
    assert.equal(await msg(O, { name: 'n', appId: 'a', appSecret: 'b', tokenValidTime: 99 }), '令牌有效时间不能小于100');
    assert.equal(await msg(O, { name: 'n', appId: 'a', appSecret: 'b', tokenValidTime: 99 }, 'en'), 'The token validity must be at least 100');
  });

  test('internal services and the SQL service (read-only, single value, platform tenant only)', async () => {
    const handlers = (await get('/api/thirdService/callService/handlers')).body.data;
    assert.deepEqual(handlers.map((h: { name: string }) => h.name).sort(), ['currentUser', 'serverTime', 'tenantInfo']);
    const me = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '当前用户', serviceType: 'internal', className: 'currentUser', url: 'http://dropped' });
    assert.equal(me.url, null, 'fields of other service types are not kept');
    assert.equal((await call(me.id)).body.data.account, 'admin');
    assert.equal((await call(me.id, {}, user)).body.data.account, 'user', 'any signed-in user of the tenant may call');
    const time = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '时间', serviceType: 'internal', className: 'serverTime' });
    assert.ok(Math.abs((await call(time.id)).body.data.timestamp - Date.now()) < 60_000);

    const count = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '用户数', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'select count(*) as n from blade_user where tenant_id = #{tenantId} and account like #{prefix} -- bound, never spliced' });
    assert.equal(Number((await call(count.id, { prefix: 'adm%' })).body.data), 1);
    assert.equal((await call(count.id)).body.msg, '缺少参数：prefix');
    assert.equal(Number((await call(count.id, { prefix: "x' or '1'='1" })).body.data), 0);
    const many = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '列表', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'select account from blade_user' });
    assert.equal((await call(many.id)).body.msg, 'SQL 只能返回单个值，不能返回列表');

    // the parser refuses, when it is saved, what the executor would refuse anyway: a function outside the
    // allowlist (here one that writes), a data-modifying CTE, a sleep
    await sql.raw(`create function tp_bump() returns int language sql as $$ update blade_param set remark = 'bumped' returning 1 $$`).execute(s.server.database.db);
    const saveMsg = async (sqlContent: string) => (await post('/api/serviceConfig/thirdServiceConfig/submit', { name: 'x', serviceType: 'sqlService', dataSourceId: 'master', sqlContent })).body.msg;
    assert.equal(await saveMsg('select tp_bump()'), '不允许在SQL中使用函数：tp_bump');
    assert.equal(await saveMsg("with x as (update blade_param set remark = 'x' returning 1) select count(*) from x"), 'SQL 服务只允许一条 SELECT（或 WITH）查询语句');
    assert.equal(await saveMsg('select pg_sleep(8)'), '不允许在SQL中使用函数：pg_sleep');
    assert.equal(await saveMsg('select value from blade_secret'), '不允许查询的表：blade_secret');
    // a statement stored before these checks existed meets the same executor when it runs
    await sql`update blade_third_service_config set sql_content = 'select tp_bump()' where id = ${many.id}`.execute(s.server.database.db);
    const refused = await call(many.id);
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /tp_bump/);
    const bumped = await sql<{ n: string }>`select count(*) as n from blade_param where remark = 'bumped'`.execute(s.server.database.db);
    assert.equal(Number(bumped.rows[0].n), 0);
    assert.equal((await get('/api/thirdService/thirdApiLog/list?apiMethod=SQL&status=0')).body.data.total >= 2, true);

    // a runaway statement is cut at the time-out, on PGlite as on PostgreSQL
    const slow = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '慢', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'select count(*) from blade_region a, blade_region b, blade_region c' });
    const t0 = Date.now();
    const res = await call(slow.id);
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /The SQL timed out \(5000 ms\)/);
    assert.ok(Date.now() - t0 < 4 * 5000, `cut near the time-out (${Date.now() - t0} ms)`);

    // other tenants may neither define nor run SQL against the platform database
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { name: 'x', serviceType: 'sqlService', dataSourceId: 'master', sqlContent: 'select 1' }, other)).body.msg, 'SQL 服务读取平台数据库，仅平台租户可以配置和调用');
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { name: 'x', serviceType: 'sqlService', dataSourceId: '123', sqlContent: 'select 1' })).body.msg, '请选择本租户的数据源（或平台数据库）');
  });

  test('OAuth apps: CRUD, unique app id, getThirdPartyToken for a configured app', async () => {
    const TOKEN = '/api/third/comm/getThirdPartyToken';
    const o = await submit('/api/thirdService/thirdOauthApp/submit', { name: '一卡通', appId: 'card', appSecret: 's3cret', tokenValidTime: 900 });
    assert.equal((await post('/api/thirdService/thirdOauthApp/submit', { name: 'dup', appId: 'card', appSecret: 'x' })).body.msg, '应用ID已存在');
    assert.ok((await get('/api/thirdService/thirdOauthApp/noPageList')).body.data.some((a: { appId: string }) => a.appId === 'card'));
    assert.equal((await get('/api/thirdService/thirdOauthApp/list?name=一卡')).body.data.total, 1);

    const tok = await s.api(TOKEN, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' }, json: { appId: 'card', appSecret: 's3cret', uid: 'user' } });
    assert.equal(tok.status, 200, JSON.stringify(tok.body));
    assert.equal(tok.body.data.account, 'user');
    assert.equal(tok.body.data.expires_in, 900, "the app's tokenValidTime");
    const info = await get('/api/blade-system/user/info', tok.body.data.access_token);
    assert.equal(info.status, 200);
    assert.equal((await s.api(TOKEN, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' }, json: { appId: 'card', appSecret: 'wrong', uid: 'user' } })).body.msg, '应用ID或应用密钥错误');
    assert.equal((await s.api(TOKEN, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' }, json: { appId: 'card', appSecret: 's3cret', uid: 'ghost' } })).body.msg, '用户不存在：ghost');
    // another tenant's app id is unknown in this tenant
    assert.equal((await s.api(TOKEN, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '100001' }, json: { appId: 'card', appSecret: 's3cret', uid: 'admin' } })).body.msg, '应用ID或应用密钥错误');
    // disabled or expired apps get nothing
    await submit('/api/thirdService/thirdOauthApp/submit', { id: o.id, name: '一卡通', appId: 'card', appSecret: 's3cret', tokenValidTime: 3600, validEntDate: '2020-01-01 00:00:00' });
    assert.equal((await s.api(TOKEN, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' }, json: { appId: 'card', appSecret: 's3cret', uid: 'user' } })).body.msg, 'OAuth应用已停用或不在有效期内');
    assert.equal((await post(`/api/thirdService/thirdOauthApp/remove?ids=${o.id}`)).status, 200);
    assert.equal((await get(`/api/thirdService/thirdOauthApp/detail?id=${o.id}`)).body.data, null);
  });

  test('tenant isolation and permissions', async () => {
    const app = await submit('/api/serviceConfig/thirdServiceAuth/submit', { name: '隔离', authType: 'none' });
    const cfg = await submit('/api/serviceConfig/thirdServiceConfig/submit', { name: '隔离配置', serviceType: 'internal', className: 'serverTime' });
    const prm = await submit('/api/serviceConfig/thirdServiceParams/submit', { thirdServiceId: cfg.id, name: 'a', type: 1, paramValue: '1' });
    const oa = await submit('/api/thirdService/thirdOauthApp/submit', { name: '隔离应用', appId: 'iso', appSecret: 'x' });
    await call(cfg.id);
    for (const [base, id] of [['/api/serviceConfig/thirdServiceAuth', app.id], ['/api/serviceConfig/thirdServiceConfig', cfg.id], ['/api/serviceConfig/thirdServiceParams', prm.id], ['/api/thirdService/thirdOauthApp', oa.id]]) {
      assert.equal((await get(`${base}/detail?id=${id}`, other)).body.data, null, base);
      assert.ok(!(await get(`${base}/list?size=200`, other)).body.data.records.some((x: { id: string }) => x.id === id), base);
      assert.equal((await post(`${base}/remove?ids=${id}`, undefined, other)).status, 200);
      assert.notEqual((await get(`${base}/detail?id=${id}`)).body.data, null, `${base}: still there for its tenant`);
    }
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { id: cfg.id, name: 'stolen', serviceType: 'internal', className: 'serverTime' }, other)).status, 400);
    assert.equal((await post('/api/serviceConfig/thirdServiceParams/submit', { thirdServiceId: cfg.id, name: 'x', type: 1 }, other)).body.msg, '服务配置不存在');
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { name: 'x', serviceType: 'external', serviceAuthId: app.id, url: 'http://a', requestType: 'GET', backDataType: 'str' }, other)).body.msg, '服务认证不存在');
    assert.equal((await call(cfg.id, {}, other)).body.msg, '服务配置不存在');
    assert.deepEqual((await get(`/api/serviceConfig/thirdServiceParams/ascs?thirdServiceId=${cfg.id}`, other)).body.data, []);
    assert.ok(!(await get('/api/thirdService/thirdApiLog/list?size=200', other)).body.data.records.some((x: { apiName: string }) => x.apiName === '隔离配置'));
    // an ordinary user of the tenant may call, not administer
    assert.equal((await get('/api/serviceConfig/thirdServiceConfig/list', user)).status, 403);
    assert.equal((await get('/api/thirdService/thirdApiLog/list', user)).status, 403);
    assert.equal((await post('/api/serviceConfig/thirdServiceConfig/submit', { name: 'x', serviceType: 'internal', className: 'serverTime' }, user)).status, 403);
    // the log is read-only
    assert.equal((await post('/api/thirdService/thirdApiLog/remove?ids=1')).status, 404);
    assert.equal((await post('/api/thirdService/thirdApiLog/submit', {})).status, 404);
    // the menus of the area reach the administrator
    const routes = (await get('/api/blade-system/menu/routes')).body.data;
    const group = routes.find((m: { code: string }) => m.code === 'thirdparty');
    assert.deepEqual(group.children.map((c: { path: string }) => c.path), ['/thirdparty/app', '/thirdparty/config', '/thirdparty/auth', '/thirdparty/oauth', '/thirdparty/log']);
  });
});
