// E-mail (spec 002 §7): platforms, configs, templates, strategies, address book, outbox and inbox.
// Mail is delivered for real to a loopback SMTP server (smtp-server with sign-in) and fetched for
// real from a loopback POP3 server; what they received is asserted.
import assert from 'node:assert/strict';
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { after, before, test } from 'node:test';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/config.ts';
import { pop3Fetch, type MailboxOptions } from '../src/modules/email/pop3.ts';
import { emailStrategyJob } from '../src/modules/email/routes.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

interface Received { from: string; rcpt: string[]; mail: Email; user: string }

/** SMTP on 127.0.0.1:<random> accepting user mailer / secret only. */
async function smtpLoopback() {
  const inbox: Received[] = [];
  const srv = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, authMethods: ['PLAIN', 'LOGIN'], logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'secret') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', rcpt: session.envelope.rcptTo.map((r) => r.address),
            mail, user: String(session.user),
          });
          cb();
        }, cb);
      });
    },
  });
  await new Promise<void>((res) => srv.listen(0, '127.0.0.1', res));
  const port = (srv.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((res) => srv.close(() => res())) };
}

/**
 * A line-based TCP server on 127.0.0.1:<random> (the loopback POP3 and IMAP peers): each
 * connection gets the greeting, then `session()`'s handler for every CRLF-terminated line.
 */
async function lineServer(greeting: string, session: () => (line: string, sock: Socket) => void) {
  const server: Server = createServer((sock) => {
    const onLine = session();
    let buf = '';
    sock.write(greeting);
    sock.on('data', (d) => {
      buf += d.toString('latin1');
      let at: number;
      while ((at = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, at);
        buf = buf.slice(at + 2);
        onLine(line, sock);
      }
    });
    sock.on('error', () => undefined);
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((res) => server.close(() => res())) };
}

/** A self-signed certificate for "localhost" (valid to 2126), only for the loopback POP3 peer's STLS; the client trusts it by `ca`. */
const PEER_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgGoaDdgllK3tddvzW
jgBMRYcQvU4LC4DVDYhCJZpj/SmhRANCAATh63fKY1iozziw/fz6d2yZNK/BmCW3
iHeB8gp7N29w9hNFHa0Mbxo+6qj9qUywmmF6e3nOYYqTpJlxCcjnvWfc
-----END PRIVATE KEY-----`;
const PEER_CERT = `-----BEGIN CERTIFICATE-----
MIIBlDCCATugAwIBAgIUHYvkKOjgpMCdBBkcex9zqKpsFAUwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTEwMTM0NVoYDzIxMjYxMTAx
MTAxMzQ1WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATh63fKY1iozziw/fz6d2yZNK/BmCW3iHeB8gp7N29w9hNFHa0Mbxo+
6qj9qUywmmF6e3nOYYqTpJlxCcjnvWfco2kwZzAdBgNVHQ4EFgQU10/87xuEG0BQ
K9Rt45cgfkrWuOgwHwYDVR0jBBgwFoAU10/87xuEG0BQK9Rt45cgfkrWuOgwFAYD
VR0RBA0wC4IJbG9jYWxob3N0MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwID
RwAwRAIgbRtkdtmY9eEAsckZyGAPX6VMXqQ0i9YmVTeTMIpIIHkCIBGsp8yTU1WY
0uyuJZqHvhQtf4665/y2jHPYOLqg12hP
-----END CERTIFICATE-----`;

/**
 * POP3 on 127.0.0.1:<random>: user box / pw holds the given messages (uid -> raw). It answers CAPA
 * (listing STLS when `stls`; `capa: false` answers -ERR like an RFC 1939-only server), upgrades with
 * STLS, and records every command with whether it arrived over TLS. `chunk`: RETR answers are
 * written in pieces of that many bytes, one per event-loop turn, so the client reads many small chunks.
 */
async function pop3Loopback(messages: { uid: string; raw: string }[], opts: { stls?: boolean | 'stall'; capa?: boolean; chunk?: number } = {}) {
  const log: { cmd: string; arg: string; tls: boolean }[] = [];
  const server: Server = createServer((plain) => {
    let sock: Socket = plain;
    let tls = false;
    let buf = '';
    let user = '';
    let authed = false;
    plain.setNoDelay(true);
    plain.on('error', () => undefined);
    const write = (text: string) => {
      if (!opts.chunk) return void sock.write(text);
      const b = Buffer.from(text, 'latin1');
      void (async () => {
        for (let i = 0; i < b.length; i += opts.chunk!) {
          sock.write(b.subarray(i, i + opts.chunk!));
          await new Promise((r) => setImmediate(r));
        }
      })();
    };
    const onLine = (line: string) => {
      const sp = line.indexOf(' ');
      const cmd = (sp < 0 ? line : line.slice(0, sp)).toUpperCase();
      const arg = sp < 0 ? '' : line.slice(sp + 1);
      log.push({ cmd, arg, tls });
      if (cmd === 'CAPA') sock.write(opts.capa === false ? '-ERR unknown command\r\n' : `+OK capabilities\r\nUSER\r\nUIDL\r\n${opts.stls && !tls ? 'STLS\r\n' : ''}.\r\n`);
      else if (cmd === 'STLS' && opts.stls && !tls) {
        plain.off('data', onData);
        plain.write('+OK begin TLS\r\n');
        if (opts.stls === 'stall') return; // says yes, then never answers the handshake
        const secure = new TLSSocket(plain, { isServer: true, key: PEER_KEY, cert: PEER_CERT });
        secure.on('data', onData);
        secure.on('error', () => undefined);
        sock = secure;
        tls = true;
      } else if (cmd === 'USER') { user = arg; sock.write('+OK\r\n'); }
      else if (cmd === 'PASS') {
        authed = user === 'box' && arg === 'pw';
        sock.write(authed ? '+OK signed in\r\n' : '-ERR [AUTH] invalid credentials\r\n');
      } else if (!authed && cmd !== 'QUIT') sock.write('-ERR sign in first\r\n');
      else if (cmd === 'STAT') sock.write(`+OK ${messages.length} ${messages.reduce((n, m) => n + m.raw.length, 0)}\r\n`);
      else if (cmd === 'UIDL') sock.write(`+OK\r\n${messages.map((m, i) => `${i + 1} ${m.uid}\r\n`).join('')}.\r\n`);
      else if (cmd === 'RETR') {
        const m = messages[Number(arg) - 1];
        if (!m) sock.write('-ERR no such message\r\n');
        else write(`+OK\r\n${m.raw.split('\r\n').map((l) => (l.startsWith('.') ? '.' + l : l)).join('\r\n')}\r\n.\r\n`);
      } else if (cmd === 'QUIT') { sock.end('+OK bye\r\n'); }
      else sock.write('-ERR unknown\r\n');
    };
    const onData = (d: Buffer) => {
      buf += d.toString('latin1');
      let at: number;
      while ((at = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, at);
        buf = buf.slice(at + 2);
        onLine(line);
      }
    };
    plain.on('data', onData);
    plain.write('+OK loopback POP3 ready\r\n');
  });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  return { port: (server.address() as AddressInfo).port, log, close: () => new Promise<void>((res) => server.close(() => res())) };
}

/**
 * IMAP on 127.0.0.1:<random>, enough of RFC 3501 for a client that signs in, examines INBOX,
 * searches and fetches by UID: user box / pw, UIDVALIDITY 77, the given messages (uid -> raw).
 * `commands` records what the client sent, so the test sees the INBOX was never opened read-write.
 */
async function imapLoopback(messages: { uid: number; raw: string }[]) {
  const commands: string[] = [];
  const server = await lineServer('* OK [CAPABILITY IMAP4rev1] loopback IMAP ready\r\n', () => {
    let authed = false;
    return (line, sock) => {
      const [tag, rawCmd = '', ...rest] = line.split(' ');
      let cmd = rawCmd.toUpperCase();
      let args = rest;
      if (cmd === 'UID') { cmd = `UID ${String(args[0]).toUpperCase()}`; args = args.slice(1); }
      commands.push(cmd);
      const ok = (text = 'done') => sock.write(`${tag} OK ${text}\r\n`);
      if (cmd === 'CAPABILITY') { sock.write('* CAPABILITY IMAP4rev1\r\n'); ok(); }
      else if (cmd === 'LOGIN') {
        const [user, pass] = args.map((a) => a.replace(/^"|"$/g, ''));
        authed = user === 'box' && pass === 'pw';
        sock.write(authed ? `${tag} OK [CAPABILITY IMAP4rev1] signed in\r\n` : `${tag} NO [AUTHENTICATIONFAILED] invalid credentials\r\n`);
      } else if (cmd === 'LOGOUT') { sock.write('* BYE\r\n'); ok(); sock.end(); }
      else if (!authed) sock.write(`${tag} NO sign in first\r\n`);
      else if (cmd === 'EXAMINE' || cmd === 'SELECT') {
        sock.write(`* FLAGS (\\Seen)\r\n* ${messages.length} EXISTS\r\n* 0 RECENT\r\n* OK [UIDVALIDITY 77] ok\r\n* OK [UIDNEXT 100] ok\r\n`);
        ok(cmd === 'EXAMINE' ? '[READ-ONLY] examined' : '[READ-WRITE] selected');
      } else if (cmd === 'UID SEARCH') { sock.write(`* SEARCH ${messages.map((m) => m.uid).join(' ')}\r\n`); ok(); }
      else if (cmd === 'UID FETCH') {
        const wanted = new Set(String(args[0]).split(',').map(Number));
        messages.forEach((m, i) => {
          if (wanted.has(m.uid)) sock.write(`* ${i + 1} FETCH (UID ${m.uid} BODY[] {${Buffer.byteLength(m.raw)}}\r\n${m.raw})\r\n`);
        });
        ok();
      } else ok();
    };
  });
  return { ...server, commands };
}

const raw = (subject: string, body: string, from = 'alice@example.org') => [
  `From: Alice <${from}>`, 'To: box@campus.test', `Subject: ${subject}`, 'Date: Tue, 03 Mar 2026 10:00:00 +0800', 'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8', '', body, '.leading dot line', 'end'].join('\r\n');

await forEachDatabase('e-mail', (kind) => {
  let s: TestServer;
  let admin: string;
  let other: string;
  let smtp: Awaited<ReturnType<typeof smtpLoopback>>;
  let pop: Awaited<ReturnType<typeof pop3Loopback>>;
  let imap: Awaited<ReturnType<typeof imapLoopback>>;
  before(async () => {
    [s, smtp, pop, imap] = await Promise.all([
      // the mail peers are on loopback (allowed explicitly); the IMAP and POP3 peers offer no STARTTLS/STLS, so clear text is allowed too
      startServer({ kind, config: { egressAllow: ['127.0.0.1/32'], imapAllowPlaintext: true, pop3AllowPlaintext: true } }), smtpLoopback(),
      pop3Loopback([{ uid: 'u-1', raw: raw('第一封 first', 'hello inbox') }, { uid: 'u-2', raw: raw('Second', 'second body', 'bob@example.org') }]),
      imapLoopback([{ uid: 5, raw: raw('IMAP 来信', 'over imap') }, { uid: 11, raw: raw('IMAP second', 'two', 'carol@example.org') }]),
    ]);
    admin = (await s.login()).access_token;
    other = (await s.login('admin', 'admin', '100001')).access_token;
  });
  after(async () => { await Promise.all([s?.close(), smtp?.close(), pop?.close(), imap?.close()]); });
  const get = (path: string, token = admin) => s.api(path, { token });
  const post = (path: string, json?: unknown, token = admin) => s.api(path, { method: 'POST', token, ...(json === undefined ? {} : { json }) });
  const en = (path: string, json: unknown) => s.api(path, { method: 'POST', token: admin, json, headers: { 'Accept-Language': 'en' } });
  const platform = (extra: Record<string, unknown> = {}) => ({ platformName: '校内SMTP', host: '127.0.0.1', port: smtp.port, secure: 0, username: 'mailer', password: 'secret', fromAddress: 'noreply@campus.test', fromName: '教务处', ...extra });
  let platformId = '';

  test('platforms: validation, password write-only, test connection, copy and enable (one per tenant), tenant-bound', async () => {
    assert.equal((await post('/api/blade-email/plat-from/submit', platform({ platformName: '' }))).body.msg, '请输入平台名称');
    assert.equal((await post('/api/blade-email/plat-from/submit', platform({ port: 70000 }))).body.msg, '端口必须是 1-65535 之间的整数');
    assert.equal((await en('/api/blade-email/plat-from/submit', platform({ port: 'abc' }))).body.msg, 'Please enter the port');
    assert.match((await post('/api/blade-email/plat-from/submit', platform({ fromAddress: 'not-an-address' }))).body.msg, /邮箱地址格式不正确/);
    assert.match((await en('/api/blade-email/plat-from/submit', platform({ fromAddress: 'x@' }))).body.msg, /Invalid e-mail address/);
    const created = await post('/api/blade-email/plat-from/submit', platform());
    assert.equal(created.status, 200, JSON.stringify(created.body));
    platformId = created.body.data.id;
    assert.equal(created.body.data.password, undefined, 'password never answered');
    const detail = (await get(`/api/blade-email/plat-from/detail?id=${platformId}`)).body.data;
    assert.equal(detail.password, undefined);
    assert.equal(detail.fromAddress, 'noreply@campus.test');
    assert.ok((await get('/api/blade-email/plat-from/list')).body.data.records.every((r: Record<string, unknown>) => !('password' in r)));
    // an empty password on edit keeps the stored one: the connection test still signs in
    assert.equal((await post('/api/blade-email/plat-from/submit', { ...platform({ password: '' }), id: platformId, remark: 'edited' })).status, 200);
    assert.equal((await post(`/api/blade-email/plat-from/test?id=${platformId}`)).status, 200);
    // copy: same settings, not enabled; a wrong password on the copy fails its test with the reason
    const copy = (await post(`/api/blade-email/plat-from/copy?id=${platformId}`)).body.data;
    assert.equal(copy.platformName, '校内SMTP-副本');
    assert.equal(copy.isEnabled, 0);
    assert.equal(copy.host, '127.0.0.1');
    assert.equal((await post(`/api/blade-email/plat-from/test?id=${copy.id}`)).status, 200, 'the copy carries the password');
    await post('/api/blade-email/plat-from/submit', { ...platform({ password: 'wrong' }), id: copy.id });
    const bad = await post(`/api/blade-email/plat-from/test?id=${copy.id}`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /^连接失败：.*(Invalid|auth)/i);
    // enable: one per tenant
    assert.equal((await post(`/api/blade-email/plat-from/enable?id=${copy.id}`)).status, 200);
    assert.equal((await post(`/api/blade-email/plat-from/enable?id=${platformId}`)).status, 200);
    const rows = (await get('/api/blade-email/plat-from/list?size=50')).body.data.records;
    assert.deepEqual(rows.filter((r: { isEnabled: number }) => r.isEnabled === 1).map((r: { id: string }) => r.id), [platformId]);
    assert.equal((await post(`/api/blade-email/plat-from/enable?id=99999`)).body.msg, '邮件平台不存在');
    // another tenant sees none of it and can change none of it
    assert.equal((await get(`/api/blade-email/plat-from/detail?id=${platformId}`, other)).body.data, null);
    assert.equal((await get('/api/blade-email/plat-from/list', other)).body.data.total, 0);
    assert.equal((await post(`/api/blade-email/plat-from/enable?id=${platformId}`, undefined, other)).status, 400);
    assert.equal((await post(`/api/blade-email/plat-from/copy?id=${platformId}`, undefined, other)).status, 400);
    assert.equal((await post(`/api/blade-email/plat-from/test?id=${platformId}`, undefined, other)).status, 400);
    assert.equal((await post('/api/blade-email/plat-from/submit', { ...platform(), id: platformId }, other)).status, 400);
    await post(`/api/blade-email/plat-from/remove?ids=${platformId}`, undefined, other);
    assert.ok((await get(`/api/blade-email/plat-from/detail?id=${platformId}`)).body.data, 'still there after the other tenant tried to remove it');
    // remove
    assert.equal((await post(`/api/blade-email/plat-from/remove?ids=${copy.id}`)).status, 200);
    assert.equal((await get(`/api/blade-email/plat-from/detail?id=${copy.id}`)).body.data, null);
  });

  let templateId = '';
  test('templates: required fields, unique code, copy with a fresh code, tenant-bound', async () => {
    assert.equal((await post('/api/blade-email/template/submit', { templateName: '欢迎', templateCode: 'welcome', subject: '', content: 'x' })).body.msg, '请输入邮件主题');
    assert.equal((await post('/api/blade-email/template/submit', { templateName: '欢迎', templateCode: '1bad', subject: 's', content: 'x' })).body.msg, '模板编号只能包含字母、数字、下划线和短横线，且以字母开头');
    const t = await post('/api/blade-email/template/submit', { templateName: '欢迎', templateCode: 'welcome', subject: '欢迎 ${name} 入学', content: '<p>${name} 同学，你好！报到日期：${date}</p>', paramsExample: '{"name":"张三","date":"9月1日"}' });
    assert.equal(t.status, 200, JSON.stringify(t.body));
    templateId = t.body.data.id;
    assert.equal((await post('/api/blade-email/template/submit', { templateName: '重复', templateCode: 'welcome', subject: 's', content: 'x' })).body.msg, '模板编号已存在');
    const c1 = (await post(`/api/blade-email/template/copy?id=${templateId}`)).body.data;
    const c2 = (await post(`/api/blade-email/template/copy?id=${templateId}`)).body.data;
    assert.equal(c1.templateCode, 'welcome_copy');
    assert.equal(c2.templateCode, 'welcome_copy2');
    assert.equal(c1.templateName, '欢迎-副本');
    assert.equal(c1.content, '<p>${name} 同学，你好！报到日期：${date}</p>');
    assert.equal((await get('/api/blade-email/template/list?templateCode_like=welcome')).body.data.total, 3);
    assert.equal((await post(`/api/blade-email/template/remove?ids=${c2.id}`)).status, 200);
    assert.equal((await post(`/api/blade-email/template/copy?id=${templateId}`, undefined, other)).body.msg, '邮件模板不存在');
    assert.equal((await get(`/api/blade-email/template/detail?id=${templateId}`, other)).body.data, null);
    // the other tenant may use the same code
    assert.equal((await post('/api/blade-email/template/submit', { templateName: 'w', templateCode: 'welcome', subject: 's', content: 'x' }, other)).status, 200);
  });

  test('address book: CRUD, e-mail checked, select for the pickers', async () => {
    assert.match((await post('/api/blade-email/plat-address/submit', { name: '张三', email: 'zhang' })).body.msg, /邮箱地址格式不正确/);
    assert.equal((await post('/api/blade-email/plat-address/submit', { name: '', email: 'a@b.cn' })).body.msg, '请输入联系人姓名');
    const a = (await post('/api/blade-email/plat-address/submit', { name: '张三', email: 'zhang@campus.test', groupName: '教师' })).body.data;
    await post('/api/blade-email/plat-address/submit', { name: '李四', email: 'li@campus.test' });
    const sel = (await get('/api/blade-email/plat-address/select?keyword=zhang')).body.data;
    assert.deepEqual(sel.map((x: { label: string }) => x.label), ['张三 <zhang@campus.test>']);
    assert.equal((await get('/api/blade-email/plat-address/select')).body.data.length, 2);
    assert.equal((await get('/api/blade-email/plat-address/list?name_like=李')).body.data.total, 1);
    assert.equal((await get(`/api/blade-email/plat-address/detail?id=${a.id}`)).body.data.groupName, '教师');
    assert.equal((await get('/api/blade-email/plat-address/select', other)).body.data.length, 0);
    assert.equal((await post(`/api/blade-email/plat-address/remove?ids=${a.id}`)).status, 200);
    assert.equal((await get('/api/blade-email/plat-address/select')).body.data.length, 1);
  });

  test('outbox: a draft, then submitAndSend delivers over SMTP (template filled, cc, attachment); sendMsg to other recipients', async () => {
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: '', subject: 's', content: 'c' })).body.msg, '请输入收件人');
    assert.match((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn, nope', subject: 's', content: 'c' })).body.msg, /邮箱地址格式不正确：nope/);
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn', content: 'c' })).body.msg, '请输入邮件主题');
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn', subject: 's', content: 'c', params: '[1]' })).body.msg, '模板参数必须是 JSON 对象');
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn', subject: 's', content: 'c', params: '{x' })).body.msg, '模板参数必须是 JSON 对象');
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn', subject: 's', content: 'c', attachments: 'not json' })).body.msg, '附件格式不正确');
    assert.equal((await post('/api/blade-email/outbox/submit', { toUser: 'a@b.cn', subject: 's', content: 'c', attachments: [{ link: 'javascript:alert(1)' }] })).body.msg, '附件格式不正确');
    const draft = await post('/api/blade-email/outbox/submit', { toUser: ['stu1@campus.test'], subject: '草稿', content: '<b>draft</b>' });
    assert.equal(draft.status, 200, JSON.stringify(draft.body));
    assert.equal(draft.body.data.sendStatus, 0);
    assert.equal(draft.body.data.toUser, 'stu1@campus.test');
    assert.equal(smtp.inbox.length, 0, 'a draft is not sent');

    // an attachment uploaded through put-file
    const form = new FormData();
    form.append('file', new Blob(['课程表内容\n']), '课程表.txt');
    const up = await s.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: admin, body: form });
    assert.equal(up.status, 200, JSON.stringify(up.body));

    // missing template parameters are refused before anything is sent
    const missing = await post('/api/blade-email/outbox/submitAndSend', { toUser: 'stu1@campus.test', templateId, params: { name: '张三' } });
    assert.equal(missing.body.msg, '模板参数缺失：date');

    const sent = await post('/api/blade-email/outbox/submitAndSend', {
      toUser: 'stu1@campus.test,stu2@campus.test', ccUser: 'teacher@campus.test', templateId, params: { name: '张<三>', date: '9月1日' },
      attachments: [{ link: up.body.data.link, name: up.body.data.originalName }],
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.data.sendStatus, 1);
    assert.ok(sent.body.data.sendTime);
    assert.equal(sent.body.data.subject, '欢迎 张<三> 入学');
    assert.equal(sent.body.data.attachments[0].name, '课程表.txt');
    const got = smtp.inbox.at(-1)!;
    assert.equal(got.user, 'mailer');
    assert.equal(got.from, 'noreply@campus.test');
    assert.deepEqual(got.rcpt.sort(), ['stu1@campus.test', 'stu2@campus.test', 'teacher@campus.test']);
    assert.equal(got.mail.subject, '欢迎 张<三> 入学');
    assert.equal(got.mail.from && 'address' in got.mail.from ? got.mail.from.name : '', '教务处');
    assert.deepEqual(got.mail.to?.map((a) => ('address' in a ? a.address : '')), ['stu1@campus.test', 'stu2@campus.test']);
    assert.deepEqual(got.mail.cc?.map((a) => ('address' in a ? a.address : '')), ['teacher@campus.test']);
    assert.match(got.mail.html ?? '', /<p>张&lt;三&gt; 同学，你好！报到日期：9月1日<\/p>/, 'placeholders filled, HTML-escaped');
    assert.equal(got.mail.attachments[0].filename, '课程表.txt');
    assert.equal(new TextDecoder().decode(got.mail.attachments[0].content as ArrayBuffer), '课程表内容\n');

    // sendMsg: the draft, to another recipient
    const again = await post(`/api/blade-email/outbox/sendMsg?id=${draft.body.data.id}&toUser=${encodeURIComponent('parent@campus.test')}`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.data.sendStatus, 1);
    assert.deepEqual(smtp.inbox.at(-1)!.rcpt, ['parent@campus.test']);
    assert.equal(smtp.inbox.at(-1)!.mail.subject, '草稿');
    assert.match(smtp.inbox.at(-1)!.mail.text ?? '', /draft/);
    // a sent mail cannot be edited; it can be listed and filtered by status
    assert.equal((await post('/api/blade-email/outbox/submit', { id: draft.body.data.id, toUser: 'x@y.cn', subject: 'x', content: 'x' })).body.msg, '已发送的邮件不能修改');
    assert.equal((await get('/api/blade-email/outbox/list?sendStatus_equal=1')).body.data.total, 2);
    assert.equal((await get(`/api/blade-email/outbox/detail?id=${sent.body.data.id}`)).body.data.ccUser, 'teacher@campus.test');
    // other tenant: nothing to see, nothing to send (it has no platform either)
    assert.equal((await get(`/api/blade-email/outbox/detail?id=${draft.body.data.id}`, other)).body.data, null);
    assert.equal((await post(`/api/blade-email/outbox/sendMsg?id=${draft.body.data.id}`, undefined, other)).body.msg, '邮件不存在');
    assert.equal((await post('/api/blade-email/outbox/submitAndSend', { toUser: 'a@b.cn', subject: 's', content: 'c' }, other)).body.msg, '未启用邮件平台，请先在邮件平台中启用一个');
    assert.equal((await post('/api/blade-email/outbox/submitAndSend', { toUser: 'a@b.cn', subject: 's', content: 'c', platformId }, other)).body.msg, '邮件平台不存在');
    assert.equal((await post(`/api/blade-email/outbox/remove?ids=${draft.body.data.id}`)).status, 200);
  });

  test('outbox: a failing SMTP sign-in marks the row failed with the reason; fixed and sent again', async () => {
    const wrong = (await post('/api/blade-email/plat-from/submit', platform({ platformName: '错误密码', password: 'wrong' }))).body.data;
    const before = smtp.inbox.length;
    const r = await post('/api/blade-email/outbox/submitAndSend', { toUser: 'stu9@campus.test', subject: '不会送达', content: 'x', platformId: wrong.id });
    assert.equal(r.status, 400);
    assert.match(r.body.msg, /^邮件发送失败：.*Invalid username or password/);
    assert.equal(smtp.inbox.length, before);
    const row = (await get('/api/blade-email/outbox/list?subject_like=不会送达')).body.data.records[0];
    assert.equal(row.sendStatus, 2);
    assert.match(row.errorMessage, /Invalid username or password/);
    assert.ok(row.sendTime);
    // a failed mail may be edited (back to a draft) and sent again through the good platform
    assert.equal((await post('/api/blade-email/outbox/submit', { id: row.id, toUser: 'stu9@campus.test', subject: '这次送达', content: 'y', platformId })).body.data.sendStatus, 0);
    const ok = await post(`/api/blade-email/outbox/sendMsg?id=${row.id}`);
    assert.equal(ok.body.data.sendStatus, 1);
    assert.equal(ok.body.data.errorMessage, null);
    assert.equal(smtp.inbox.at(-1)!.mail.subject, '这次送达');
    // English refusal
    const enr = await s.api('/api/blade-email/outbox/submitAndSend', { method: 'POST', token: admin, json: { toUser: 'a@b.cn', subject: 's', content: 'c', platformId: wrong.id }, headers: { 'Accept-Language': 'en' } });
    assert.match(enr.body.msg, /^The e-mail could not be sent: /);
  });

  test('strategies: cron checked, send now, the emailStrategy job handler sends the due ones', async () => {
    const base = { strategyName: '每日提醒', templateId, toUser: 'daily@campus.test', params: '{"name":"全体","date":"今天"}', cronExpression: '0 0 8 * * ?' };
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, cronExpression: 'every day' })).body.msg, 'cron执行表达式不正确');
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, templateId: undefined })).body.msg, '请选择邮件模板');
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, params: '{"name":"x"}' })).body.msg, '模板参数缺失：date');
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, toUser: 'bad' })).body.msg, '邮箱地址格式不正确：bad');
    // an address list (the model's format emails): a string or an array, each checked, kept as a de-duplicated comma list
    assert.equal((await en('/api/blade-email/strategy/submit', { ...base, toUser: ['ok@campus.test', 'nope'] })).body.msg, 'Invalid e-mail address: nope');
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, toUser: [] })).body.msg, '请输入收件人');
    assert.equal((await post('/api/blade-email/strategy/submit', { ...base, toUser: ' ; , ' })).body.msg, '请输入收件人');
    assert.equal((await en('/api/blade-email/strategy/submit', { ...base, toUser: undefined })).body.msg, 'Please enter the recipients');
    const listed = await post('/api/blade-email/strategy/submit', { ...base, strategyName: '地址列表', toUser: ' a@campus.test；b@campus.test a@campus.test', ccUser: ['c@campus.test', ' '] });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    assert.deepEqual([listed.body.data.toUser, listed.body.data.ccUser], ['a@campus.test,b@campus.test', 'c@campus.test']);
    const cleared = await post('/api/blade-email/strategy/submit', { ...base, id: listed.body.data.id, strategyName: '地址列表', ccUser: '' });
    assert.equal(cleared.body.data.ccUser, null, 'an emptied list is none');
    assert.equal((await post(`/api/blade-email/strategy/remove?ids=${listed.body.data.id}`)).status, 200);
    const st = await post('/api/blade-email/strategy/submit', base);
    assert.equal(st.status, 200, JSON.stringify(st.body));
    const now = await post(`/api/blade-email/strategy/send?id=${st.body.data.id}`);
    assert.equal(now.status, 200, JSON.stringify(now.body));
    assert.equal(now.body.data.strategyId, st.body.data.id);
    assert.equal(smtp.inbox.at(-1)!.mail.subject, '欢迎 全体 入学');
    assert.deepEqual(smtp.inbox.at(-1)!.rcpt, ['daily@campus.test']);
    assert.equal((await get(`/api/blade-email/strategy/detail?id=${st.body.data.id}`)).body.data.lastSendStatus, 1);
    // the job handler: a strategy on an every-second cron is due a second later; the 8 o'clock one is not
    const fast = (await post('/api/blade-email/strategy/submit', { ...base, strategyName: '每秒', toUser: 'fast@campus.test', cronExpression: '* * * * * ?' })).body.data;
    await new Promise((r) => setTimeout(r, 1100));
    const job = emailStrategyJob(s.server.database.db, '/nonexistent', { egress: s.server.services.egress }); // strategies carry no attachments; the server's egress policy (loopback allowed)
    assert.equal(job.name, 'emailStrategy');
    const before = smtp.inbox.length;
    assert.equal(await job.run({ tenantId: '000000', args: [] }), '1 of 2 strategies sent');
    assert.equal(smtp.inbox.length, before + 1);
    assert.deepEqual(smtp.inbox.at(-1)!.rcpt, ['fast@campus.test']);
    assert.match(await job.run({ tenantId: '000000', args: [st.body.data.id] }), /sent to daily@campus.test/);
    await assert.rejects(job.run({ tenantId: '100001', args: [st.body.data.id] }), /No such send strategy/);
    assert.equal((await post(`/api/blade-email/strategy/send?id=${st.body.data.id}`, undefined, other)).body.msg, '发送策略不存在');
    assert.equal((await get(`/api/blade-email/strategy/detail?id=${fast.id}`, other)).body.data, null);
    assert.equal((await post(`/api/blade-email/strategy/remove?ids=${fast.id}`)).status, 200);
    assert.equal((await get('/api/blade-email/strategy/list')).body.data.total, 1);
  });

  test('configs: enable one, test connection, handleSync fetches new mail over POP3 once; refusals when not configured', async () => {
    const cfg = { configName: '招生邮箱', emailAddress: 'box@campus.test', protocol: 'pop3', host: '127.0.0.1', port: pop.port, secure: 0, username: 'box', password: 'pw' };
    assert.equal((await post('/api/blade-email/config/submit', { ...cfg, configName: '' })).body.msg, '请输入配置名称');
    assert.equal((await post('/api/blade-email/config/submit', { ...cfg, port: 0 })).body.msg, '端口必须是 1-65535 之间的整数');
    assert.equal((await post('/api/blade-email/config/submit', { ...cfg, host: 'bad host!' })).body.msg, '服务器地址格式不正确');
    const c = (await post('/api/blade-email/config/submit', cfg)).body.data;
    assert.equal(c.password, undefined);
    const c2 = (await post('/api/blade-email/config/submit', { ...cfg, configName: '无密码', password: '' })).body.data;
    const imapCfg = (await post('/api/blade-email/config/submit', { ...cfg, configName: 'IMAP', protocol: 'imap', port: imap.port })).body.data;
    assert.equal((await post(`/api/blade-email/config/enable?id=${c.id}`)).status, 200);
    assert.equal((await post(`/api/blade-email/config/enable?id=${c2.id}`)).status, 200);
    const enabled = (await get('/api/blade-email/config/list?isEnabled_equal=1')).body.data.records;
    assert.deepEqual(enabled.map((r: { id: string }) => r.id), [c2.id]);
    assert.equal((await post(`/api/blade-email/config/test?id=${c.id}`)).body.data.count, 2);
    // sync for real
    const r1 = await post(`/api/blade-email/config/handleSync?id=${c.id}`);
    assert.equal(r1.status, 200, JSON.stringify(r1.body));
    assert.equal(r1.body.data.fetched, 2);
    const mails = (await get('/api/blade-email/inbox/list')).body.data.records;
    assert.deepEqual(mails.map((m: { subject: string }) => m.subject).sort(), ['Second', '第一封 first']);
    const first = mails.find((m: { subject: string }) => m.subject === '第一封 first');
    assert.equal(first.fromAddress, 'alice@example.org');
    assert.equal(first.fromName, 'Alice');
    assert.equal(first.isRead, 0);
    assert.match(first.content, /hello inbox\n\.leading dot line/);
    assert.equal((await post(`/api/blade-email/config/handleSync?id=${c.id}`)).body.data.fetched, 0, 'each message once');
    assert.match((await get(`/api/blade-email/config/detail?id=${c.id}`)).body.data.lastSyncMessage, /0 new/);
    // refusals
    assert.equal((await post(`/api/blade-email/config/handleSync?id=${c2.id}`)).body.msg, '收件同步未配置：请填写收件服务器、端口、账号和密码');
    // IMAP: count, fetch each message once (UIDVALIDITY:UID), INBOX examined read-only
    assert.equal((await post(`/api/blade-email/config/test?id=${imapCfg.id}`)).body.data.count, 2);
    const i1 = await post(`/api/blade-email/config/handleSync?id=${imapCfg.id}`);
    assert.equal(i1.status, 200, JSON.stringify(i1.body));
    assert.equal(i1.body.data.fetched, 2);
    assert.equal((await post(`/api/blade-email/config/handleSync?id=${imapCfg.id}`)).body.data.fetched, 0, 'each IMAP message once');
    const viaImap = (await get(`/api/blade-email/inbox/list?configId=${imapCfg.id}`)).body.data.records;
    assert.deepEqual(viaImap.map((m: { subject: string }) => m.subject).sort(), ['IMAP second', 'IMAP 来信']);
    assert.ok(imap.commands.includes('UID FETCH') && !imap.commands.includes('SELECT') && !imap.commands.some((c) => c.includes('STORE')), imap.commands.join(','));
    await post('/api/blade-email/config/submit', { ...cfg, configName: 'IMAP', protocol: 'imap', port: imap.port, id: imapCfg.id, password: 'bad' });
    assert.match((await en(`/api/blade-email/config/handleSync?id=${imapCfg.id}`, {})).body.msg, /^Mail sync failed: /);
    await post('/api/blade-email/config/submit', { ...cfg, id: c2.id, password: 'nope' });
    assert.match((await post(`/api/blade-email/config/handleSync?id=${c2.id}`)).body.msg, /^收件同步失败：.*invalid credentials/);
    assert.equal((await post(`/api/blade-email/config/handleSync?id=${c.id}`, undefined, other)).body.msg, '邮箱配置不存在');
    assert.equal((await post(`/api/blade-email/config/enable?id=${c.id}`, undefined, other)).status, 400);
    assert.equal((await get(`/api/blade-email/config/detail?id=${c.id}`, other)).body.data, null);
    assert.equal((await post(`/api/blade-email/config/remove?ids=${imapCfg.id}`)).status, 200);
  });

  test('POP3 on a plain port without STLS: test and sync answer 400 and the server never sees the password (POP3_ALLOW_PLAINTEXT off)', async () => {
    assert.equal(loadConfig({}, {}).pop3AllowPlaintext, false);
    assert.equal(loadConfig({}, { POP3_ALLOW_PLAINTEXT: 'true' }).pop3AllowPlaintext, true);
    const [strict, peer, old] = await Promise.all([
      startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } }),
      pop3Loopback([{ uid: 'p-1', raw: raw('never fetched', 'x') }]),
      pop3Loopback([{ uid: 'p-2', raw: raw('never fetched', 'x') }], { capa: false }),
    ]);
    try {
      const token = (await strict.login()).access_token;
      for (const p of [peer, old]) {
        const cfg = { configName: `明文${p.port}`, emailAddress: 'box@campus.test', protocol: 'pop3', host: '127.0.0.1', port: p.port, secure: 0, username: 'box', password: 'pw' };
        const c = await strict.api('/api/blade-email/config/submit', { method: 'POST', token, json: cfg });
        assert.equal(c.status, 200, JSON.stringify(c.body));
        const tested = await strict.api(`/api/blade-email/config/test?id=${c.body.data.id}`, { method: 'POST', token });
        assert.equal(tested.status, 400);
        assert.match(tested.body.msg, /STLS.*POP3_ALLOW_PLAINTEXT/);
        const synced = await strict.api(`/api/blade-email/config/handleSync?id=${c.body.data.id}`, { method: 'POST', token });
        assert.equal(synced.status, 400);
        assert.match(synced.body.msg, /^收件同步失败：.*STLS/);
        assert.deepEqual(p.log.map((l) => l.cmd), ['CAPA', 'CAPA'], 'asked for capabilities, then hung up');
        assert.ok(!p.log.some((l) => l.cmd === 'USER' || l.cmd === 'PASS' || l.arg.includes('pw')));
      }
    } finally {
      await Promise.all([strict.close(), peer.close(), old.close()]);
    }
  });

  test('inbox: manual entry, opening marks read, remove; tenant-bound', async () => {
    assert.equal((await post('/api/blade-email/inbox/submit', { fromAddress: 'x@y.cn', subject: '' })).body.msg, '请输入邮件主题');
    assert.equal((await post('/api/blade-email/inbox/submit', { fromAddress: 'x@y.cn', subject: 's', toUser: 'a@b.cn, bad' })).body.msg, '邮箱地址格式不正确：bad');
    const badTime = await en('/api/blade-email/inbox/submit', { fromAddress: 'x@y.cn', subject: 's', receiveTime: 'yesterday' });
    assert.deepEqual([badTime.status, badTime.body.msg], [400, 'Received is invalid']);
    const m = await post('/api/blade-email/inbox/submit', { fromAddress: 'office@campus.test', fromName: '办公室', subject: '会议通知', content: '<p>周五开会</p>', receiveTime: '2026-03-01 09:00:00' });
    assert.equal(m.status, 200, JSON.stringify(m.body));
    assert.equal((await get(`/api/blade-email/inbox/detail?id=${m.body.data.id}`, other)).body.data, null);
    const opened = (await get(`/api/blade-email/inbox/detail?id=${m.body.data.id}`)).body.data;
    assert.equal(opened.isRead, 1);
    assert.equal((await get('/api/blade-email/inbox/list?subject_like=会议')).body.data.records[0].isRead, 1);
    assert.equal((await get('/api/blade-email/inbox/list', other)).body.data.total, 0);
    await post(`/api/blade-email/inbox/remove?ids=${m.body.data.id}`, undefined, other);
    assert.ok((await get(`/api/blade-email/inbox/detail?id=${m.body.data.id}`)).body.data);
    assert.equal((await post(`/api/blade-email/inbox/remove?ids=${m.body.data.id}`)).status, 200);
    assert.equal((await get(`/api/blade-email/inbox/detail?id=${m.body.data.id}`)).body.data, null);
  });

  test('menus and buttons of the e-mail area are granted to administrators', async () => {
    const routes = (await get('/api/blade-system/menu/routes')).body.data;
    const email = routes.find((r: { code: string }) => r.code === 'email');
    assert.deepEqual(email.children.map((c: { path: string }) => c.path).sort(), ['/email/address', '/email/config', '/email/inbox', '/email/outbox', '/email/platform', '/email/strategy', '/email/template']);
    const buttons = (await get('/api/blade-system/menu/buttons')).body.data;
    const codes = JSON.stringify(buttons);
    for (const c of ['emailOutbox_send', 'emailPlatform_copy', 'emailPlatform_enable', 'emailTemplate_copy', 'emailConfig_sync']) assert.ok(codes.includes(c), c);
  });
});

// The POP3 client on its own, against the loopback peer (no database).
const box = (port: number, extra: Partial<MailboxOptions> = {}): MailboxOptions =>
  ({ host: '127.0.0.1', port, secure: false, username: 'box', password: 'pw', ca: PEER_CERT, ...extra });

test('POP3 STLS: a plain connection upgrades to TLS (to the same address, checked as the configured name) before USER/PASS', async () => {
  const peer = await pop3Loopback([{ uid: 's-1', raw: raw('over STLS', 'secret body') }], { stls: true });
  try {
    const got = await pop3Fetch(box(peer.port, { servername: 'localhost' }), () => false);
    assert.equal(got.length, 1);
    assert.match(got[0]!.raw.toString('utf8'), /Subject: over STLS[\s\S]*secret body\r\n\.leading dot line\r\nend\r\n$/);
    assert.deepEqual(peer.log.map((l) => `${l.cmd}${l.tls ? '/tls' : ''}`), ['CAPA', 'STLS', 'USER/tls', 'PASS/tls', 'UIDL/tls', 'RETR/tls', 'QUIT/tls']);
    // the certificate is checked against the configured name: another name fails, and no password was sent
    peer.log.length = 0;
    await assert.rejects(pop3Fetch(box(peer.port, { servername: 'mail.example.org' }), () => false), /altnames|Hostname|certificate/i);
    assert.deepEqual(peer.log.map((l) => l.cmd), ['CAPA', 'STLS']);
    // an untrusted certificate (the system's CAs only) fails the same way
    peer.log.length = 0;
    await assert.rejects(pop3Fetch(box(peer.port, { servername: 'localhost', ca: undefined }), () => false), /self[- ]signed|certificate/i);
    assert.ok(!peer.log.some((l) => l.cmd === 'PASS'));
  } finally {
    await peer.close();
  }
  // a server that accepts STLS and then never answers the handshake: a time-out, no password
  const stalled = await pop3Loopback([], { stls: 'stall' });
  try {
    const t0 = Date.now();
    await assert.rejects(pop3Fetch(box(stalled.port, { servername: 'localhost', timeoutMs: 500 }), () => false), /timed out/);
    assert.ok(Date.now() - t0 < 5000);
    assert.deepEqual(stalled.log.map((l) => l.cmd), ['CAPA', 'STLS']);
  } finally {
    await stalled.close();
  }
});

test('POP3: a 5 MB message arriving in 1 KB pieces is read in linear time, byte for byte', async () => {
  const line = 'x'.repeat(70) + '\r\n.dot-stuffed line\r\n';
  const body = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
  const message = raw('big', body);
  const peer = await pop3Loopback([{ uid: 'big', raw: message }], { chunk: 1024 });
  try {
    // the time the same pieces take to reach a client that only counts them: the transfer itself
    const wire = Buffer.from(message.replace(/\r\n\./g, '\r\n..'), 'latin1').length;
    const baseline = await new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      let n = 0;
      const c = createConnection({ host: '127.0.0.1', port: peer.port }, () => c.write('USER box\r\nPASS pw\r\nRETR 1\r\n'));
      c.on('data', (d) => { n += d.length; if (n >= wire) { resolve(performance.now() - t0); c.destroy(); } });
      c.on('error', reject);
    });
    const t0 = performance.now();
    const [got] = await pop3Fetch(box(peer.port, { allowPlaintext: true, timeoutMs: 120_000 }), () => false);
    const took = performance.now() - t0;
    assert.equal(got!.raw.length, Buffer.byteLength(message) + 2);
    assert.ok(got!.raw.equals(Buffer.from(message + '\r\n', 'latin1')), 'dot-unstuffed, byte for byte');
    // re-concatenating the buffer per chunk is quadratic: ~13 GB copied and scanned for 5,000 pieces (seconds); linear is about the transfer
    assert.ok(took < baseline * 4 + 1500, `read in ${Math.round(took)} ms; the transfer alone took ${Math.round(baseline)} ms`);
  } finally {
    await peer.close();
  }
});
