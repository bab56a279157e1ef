// The egress policy (server/src/net/egress.ts): which addresses a tenant's outbound connections
// may reach, in every form an address can be written; that the connection goes to the address
// that was checked; redirects re-checked; and, on the real server, that a tenant's third-party
// service, CAS server, SMS gateway, S3 endpoint, mail servers and datasources cannot reach loopback without the
// operator's allowance (the loopback peer then sees no connection at all), and can with it.
// IMAP on a plain port upgrades with STARTTLS before the password is sent.
import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { ApiError } from '../../src/http/errors.ts';
import { t } from '../../src/http/messages.ts';
import { classifyAddress, Egress, EGRESS_MSG, egressFetch, embeddedIPv4, normaliseHost, parseAllowance, pinnedLookup, resolveEgress } from '../../src/net/egress.ts';
import { forEachDatabase, startServer, type TestServer } from '../harness.ts';

const refusedZh = (host: string) => t(EGRESS_MSG.refused, 'zh', { host });
const refusedEn = (host: string) => t(EGRESS_MSG.refused, 'en', { host });
/** the ApiError a promise rejects with (fails the test when it resolves or throws something else) */
async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected an ApiError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a refusal');
}

describe('egress policy: address classification', () => {
  test('every refused IPv4 range, at its edges; public neighbours pass', () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'], ['127.255.255.254', 'loopback'], ['127.1.2.3', 'loopback'],
      ['0.0.0.0', 'unspecified'], ['0.255.255.255', 'unspecified'],
      ['10.0.0.0', 'private'], ['10.255.255.255', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'], ['192.168.255.255', 'private'],
      ['100.64.0.1', 'cgnat'], ['100.127.255.255', 'cgnat'],
      ['169.254.0.1', 'link-local'], ['169.254.255.255', 'link-local'],
      ['169.254.169.254', 'metadata'], ['169.254.170.2', 'metadata'], ['100.100.100.200', 'metadata'], ['192.0.0.192', 'metadata'],
      ['224.0.0.1', 'multicast'], ['239.255.255.250', 'multicast'],
      ['240.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['198.18.0.1', 'reserved'], ['192.0.0.8', 'reserved'],
      ['192.0.2.1', 'documentation'], ['198.51.100.7', 'documentation'], ['203.0.113.9', 'documentation'],
    ];
    for (const [ip, why] of refused) assert.equal(classifyAddress(ip), why, ip);
    for (const ip of ['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '169.253.255.255', '169.255.0.0', '192.167.255.255', '192.169.0.0', '11.0.0.1', '126.255.255.255', '128.0.0.1', '223.255.255.255']) {
      assert.equal(classifyAddress(ip), null, ip);
    }
  });

  test('IPv6: loopback, unspecified, link-local, unique-local, multicast, metadata; IPv4 embedded in IPv6 classified as that IPv4', () => {
    const refused: [string, string][] = [
      ['::1', 'loopback'], ['0:0:0:0:0:0:0:1', 'loopback'], ['[::1]', 'loopback'], ['::', 'unspecified'],
      ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local'], ['febf:ffff::1', 'link-local'],
      ['fc00::1', 'unique-local'], ['fd12:3456:789a::1', 'unique-local'],
      ['fd00:ec2::254', 'metadata'], ['fd00:ec2:0:0:0:0:0:254', 'metadata'],
      ['ff02::1', 'multicast'], ['ff05::2', 'multicast'],
      ['2001:db8::1', 'documentation'], ['2001::1', 'reserved'], ['100::1', 'reserved'], ['64:ff9b:1::1', 'reserved'], ['fec0::1', 'reserved'],
      // IPv4-mapped, -translated, -compatible, NAT64, 6to4
      ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['0:0:0:0:0:ffff:7f00:0001', 'loopback'], ['::ffff:10.1.2.3', 'private'],
      ['::ffff:169.254.169.254', 'metadata'], ['::ffff:a9fe:a9fe', 'metadata'], ['::ffff:0:127.0.0.1', 'loopback'], ['::127.0.0.1', 'loopback'],
      ['::ffff:0.0.0.0', 'unspecified'], ['64:ff9b::127.0.0.1', 'loopback'], ['64:ff9b::a9fe:a9fe', 'metadata'], ['64:ff9b::c0a8:101', 'private'],
      ['2002:7f00:1::1', 'loopback'], ['2002:a00:1::', 'private'],
    ];
    for (const [ip, why] of refused) assert.equal(classifyAddress(ip), why, ip);
    for (const ip of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) assert.equal(classifyAddress(ip), null, ip);
    assert.equal(embeddedIPv4('::ffff:7f00:1'), '127.0.0.1');
    assert.equal(embeddedIPv4('2002:c0a8:0101::'), '192.168.1.1');
    assert.equal(embeddedIPv4('2606:4700::1'), null);
    assert.equal(classifyAddress('not an address'), 'invalid');
  });

  test('hosts normalise as WHATWG URL does: 0, hex, octal, short and decimal IPv4 forms become the dotted address', () => {
    const forms: [string, string][] = [
      ['0', '0.0.0.0'], ['0x7f.1', '127.0.0.1'], ['0x7f000001', '127.0.0.1'], ['2130706433', '127.0.0.1'], ['127.1', '127.0.0.1'],
      ['017700000001', '127.0.0.1'], ['0177.0.0.1', '127.0.0.1'], ['[::1]', '::1'], ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
      ['LOCALHOST', 'localhost'], ['Mail.Example.ORG.', 'mail.example.org'], ['169.254.169.254', '169.254.169.254'],
    ];
    for (const [raw, host] of forms) assert.equal(normaliseHost(raw).host, host, raw);
    for (const raw of ['0x7f.1', '2130706433', '0']) assert.notEqual(classifyAddress(normaliseHost(raw).host), null, raw);
    for (const bad of ['', ' ', 'a b', '/var/run/postgresql', 'user@host', 'host:25', 'host/path', 'x?y', '[::1', '1.2.3.4.5.6']) {
      const e = (() => { try { normaliseHost(bad); return null; } catch (err) { return err; } })();
      assert.ok(e instanceof ApiError && e.status === 400 && e.key === EGRESS_MSG.badHost, `${JSON.stringify(bad)} is no host`);
    }
  });
});

describe('egress policy: resolving, the allowance, pinning', () => {
  test('without an allowance every refused form is refused with the zh/en message; an allowance admits exactly what it names', async () => {
    for (const [host, shown] of [['127.0.0.1', '127.0.0.1'], ['localhost', 'localhost'], ['::1', '[::1]'], ['[::1]', '[::1]'], ['0.0.0.0', '0.0.0.0'], ['0', '0.0.0.0'], ['0x7f.1', '127.0.0.1'], ['2130706433', '127.0.0.1'], ['::ffff:127.0.0.1', '[::ffff:127.0.0.1]'], ['169.254.169.254', '169.254.169.254'], ['metadata.google.internal', 'metadata.google.internal'], ['10.0.0.8', '10.0.0.8']]) {
      const e = await apiError(resolveEgress(host, 80));
      assert.equal(e.status, 400);
      assert.equal(t(e.key, 'zh', e.params), refusedZh(shown), host);
      assert.equal(t(e.key, 'en', e.params), refusedEn(shown), host);
    }
    const loop = new Egress(['127.0.0.1/32']);
    assert.deepEqual(await loop.resolve('127.0.0.1', 25), { address: '127.0.0.1', family: 4 });
    assert.deepEqual(await loop.resolve('localhost'), { address: '127.0.0.1', family: 4 }); // this machine's localhost is 127.0.0.1 only
    assert.deepEqual(await loop.resolve('::ffff:127.0.0.1'), { address: '::ffff:127.0.0.1', family: 6 }); // the same address, mapped
    assert.equal((await apiError(loop.resolve('127.0.0.2'))).key, EGRESS_MSG.refused);
    assert.equal((await apiError(loop.resolve('::1'))).key, EGRESS_MSG.refused);
    assert.equal((await apiError(loop.resolve('10.0.0.1'))).key, EGRESS_MSG.refused);
    assert.deepEqual(await new Egress(['10.0.0.0/8', 'fd00::/8']).resolve('fd00::5'), { address: 'fd00::5', family: 6 });
    assert.deepEqual(await new Egress(['localhost']).resolve('LOCALHOST'), { address: '127.0.0.1', family: 4 }); // a host name allowance
    assert.equal((await apiError(new Egress(['localhost']).resolve('127.0.0.1'))).key, EGRESS_MSG.refused, 'a name allows the name, not its address');
    // a metadata name is refused by name even when its addresses are allowed
    assert.equal((await apiError(new Egress(['169.254.0.0/16']).resolve('metadata.google.internal'))).key, EGRESS_MSG.refused);
    assert.equal((await apiError(resolveEgress('no-such-host.invalid'))).key, EGRESS_MSG.unresolved);
    assert.equal((await apiError(resolveEgress('example.org', 0))).key, EGRESS_MSG.badPort);
    assert.equal((await apiError(resolveEgress('example.org', 70000))).key, EGRESS_MSG.badPort);
  });

  test('a name is refused when ANY of its addresses is refused; the first checked address is the one used', async () => {
    const answers: Record<string, { address: string; family: number }[]> = {
      'mixed.campus.test': [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }],
      'v6.campus.test': [{ address: '2606:4700::6810:84e5', family: 6 }, { address: 'fe80::1', family: 6 }],
      'public.campus.test': [{ address: '93.184.216.34', family: 4 }, { address: '2606:4700::6810:84e5', family: 6 }],
    };
    const dns = new Egress([], async (h) => answers[h] ?? []);
    assert.equal((await apiError(dns.resolve('mixed.campus.test'))).key, EGRESS_MSG.refused);
    assert.equal((await apiError(dns.resolve('v6.campus.test'))).key, EGRESS_MSG.refused);
    assert.deepEqual(await dns.resolve('public.campus.test'), { address: '93.184.216.34', family: 4 });
    assert.equal((await apiError(dns.resolve('empty.campus.test'))).key, EGRESS_MSG.unresolved);
    // the pinned lookup answers the checked address whatever name it is asked for, in both callback shapes
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 });
    const one = await new Promise((r) => lookup('evil.example', {}, (_e, a, f) => r([a, f])));
    assert.deepEqual(one, ['93.184.216.34', 4]);
    const all = await new Promise((r) => lookup('evil.example', { all: true }, (_e, a) => r(a)));
    assert.deepEqual(all, [{ address: '93.184.216.34', family: 4 }]);
  });

  test('EGRESS_ALLOW: CIDRs, IPs and host names; a bad entry stops the start naming the variable; the default allows nothing', () => {
    assert.deepEqual(loadConfig({}, { EGRESS_ALLOW: '127.0.0.1/32, ::1,mail.internal,*.corp.example' }).egressAllow, ['127.0.0.1/32', '::1', 'mail.internal', '*.corp.example']);
    assert.deepEqual(loadConfig({}, {}).egressAllow, []);
    assert.equal(loadConfig({}, {}).imapAllowPlaintext, false);
    assert.equal(loadConfig({}, { IMAP_ALLOW_PLAINTEXT: 'true' }).imapAllowPlaintext, true);
    for (const bad of ['10.0.0.0/33', 'http://x', 'not a host', '1.2.3.4/8/1', '*.']) {
      assert.throws(() => loadConfig({}, { EGRESS_ALLOW: `127.0.0.1,${bad}` }), (e: unknown) => e instanceof ConfigError && /EGRESS_ALLOW/.test(e.message) && e.message.includes(bad), bad);
      assert.throws(() => new Egress([bad]), /EGRESS_ALLOW/);
    }
    const a = parseAllowance(['*.corp.example']);
    assert.deepEqual(a.suffixes, ['.corp.example']);
  });
});

/** An HTTP peer on 127.0.0.1 with a handler per path; records each request and counts connections. */
async function httpPeer(handler: (req: IncomingMessage, res: import('node:http').ServerResponse, body: string) => void, host = '127.0.0.1') {
  const seen: { method: string; url: string; host: string; auth: string; body: string }[] = [];
  let connections = 0;
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', host: String(req.headers.host ?? ''), auth: String(req.headers.authorization ?? ''), body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => { connections++; });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as { port: number }).port;
  return { port, seen, get connections() { return connections; }, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe('egressFetch: pinned connections and redirects', () => {
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  before(async () => {
    peer = await httpPeer((req, res, body) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const to = (code: number, location: string) => { res.writeHead(code, { Location: location }); res.end(); };
      switch (u.pathname) {
        case '/ok': res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Echo': req.method ?? '' }); return res.end(`hello ${body}`);
        case '/hop': return to(302, '/ok');
        case '/see-other': return to(303, '/ok');
        case '/keep': return to(307, '/ok');
        case '/loop': return to(302, '/loop');
        case '/meta': return to(302, 'http://169.254.169.254/latest/meta-data/');
        case '/private': return to(301, 'http://10.0.0.1/admin');
        case '/v6': return to(302, `http://[::1]:${u.searchParams.get('port')}/ok`);
        case '/decimal': return to(302, `http://2130706433:${u.searchParams.get('port')}/ok`);
        case '/file': return to(302, 'file:///etc/passwd');
        case '/cross': return to(302, `http://localhost:${u.searchParams.get('port')}/ok`);
        case '/slow': return; // never answers
        case '/empty': res.writeHead(204); return res.end();
        default: res.writeHead(404); return res.end('nope');
      }
    });
  });
  after(async () => { await peer?.close(); });
  const allowed = new Egress(['127.0.0.1/32']);
  const base = () => `http://127.0.0.1:${peer.port}`;

  test('the strict policy refuses the peer before connecting; the allowance reaches it', async () => {
    const before = peer.connections;
    for (const url of [`${base()}/ok`, `http://localhost:${peer.port}/ok`, `http://[::1]:${peer.port}/ok`, `http://0.0.0.0:${peer.port}/ok`, `http://0x7f.1:${peer.port}/ok`, `http://2130706433:${peer.port}/ok`, `http://[::ffff:7f00:1]:${peer.port}/ok`]) {
      assert.equal((await apiError(egressFetch(url, { method: 'GET' }))).key, EGRESS_MSG.refused, url);
    }
    assert.equal(peer.connections, before, 'no connection reached the peer');
    const res = await allowed.fetch(`${base()}/ok`, { method: 'POST', body: 'world', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'hello world');
    assert.equal(res.headers.get('x-echo'), 'POST');
    assert.equal((await allowed.fetch(`${base()}/empty`)).status, 204);
    assert.equal((await allowed.fetch(`${base()}/nothing-here`)).status, 404);
  });

  test('the connection goes to the checked address: a name only the policy resolved reaches the peer, Host kept', async () => {
    let asked = 0;
    // "rebind.campus.test" exists in no DNS: reaching the peer proves the socket used the checked address, not a second lookup
    const pinned = new Egress(['127.0.0.1/32'], async () => { asked++; return [{ address: '127.0.0.1', family: 4 }]; });
    const res = await pinned.fetch(`http://rebind.campus.test:${peer.port}/ok`);
    assert.equal(await res.text(), 'hello ');
    assert.equal(asked, 1, 'resolved once');
    assert.equal(peer.seen.at(-1)!.host, `rebind.campus.test:${peer.port}`);
    // TLS: SNI carries the name, the socket goes to the checked address
    const hellos: Buffer[] = [];
    const tls: TcpServer = createTcpServer((sock) => { sock.once('data', (d) => { hellos.push(d); sock.destroy(); }); });
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
    try {
      await assert.rejects(pinned.fetch(`https://rebind.campus.test:${(tls.address() as { port: number }).port}/`));
      assert.equal(hellos.length, 1);
      assert.equal(hellos[0][0], 0x16, 'a TLS handshake');
      assert.ok(hellos[0].includes(Buffer.from('rebind.campus.test')), 'SNI names the host');
    } finally {
      tls.close();
    }
  });

  test('redirects are followed here and every hop is checked', async () => {
    const hop = await allowed.fetch(`${base()}/hop`);
    assert.equal(hop.status, 200);
    assert.equal(hop.url, `${base()}/ok`);
    const seeOther = await allowed.fetch(`${base()}/see-other`, { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(seeOther.headers.get('x-echo'), 'GET', '303 turns into GET');
    assert.equal(await seeOther.text(), 'hello ');
    const keep = await allowed.fetch(`${base()}/keep`, { method: 'POST', body: 'kept' });
    assert.equal(await keep.text(), 'hello kept', '307 keeps method and body');
    const before = peer.connections;
    for (const path of ['/meta', '/private', `/v6?port=${peer.port}`]) {
      const e = await apiError(allowed.fetch(`${base()}${path}`));
      assert.equal(e.key, EGRESS_MSG.refused, path);
    }
    assert.equal(peer.connections, before + 3, 'only the first hops connected');
    assert.equal((await apiError(allowed.fetch(`${base()}/meta`))).params.host, '169.254.169.254');
    // a decimal IPv4 in the Location is still 127.0.0.1: allowed, followed
    assert.equal((await allowed.fetch(`${base()}/decimal?port=${peer.port}`)).status, 200);
    assert.equal((await apiError(allowed.fetch(`${base()}/loop`))).key, EGRESS_MSG.redirects);
    assert.equal((await apiError(allowed.fetch(`${base()}/file`))).key, EGRESS_MSG.badUrl);
    assert.equal((await allowed.fetch(`${base()}/hop`, {}, { maxRedirects: 0 })).status, 302, 'maxRedirects 0 answers the redirect');
    // credentials do not follow a redirect to another origin
    const both = new Egress(['127.0.0.1/32', 'localhost']);
    await both.fetch(`${base()}/cross?port=${peer.port}`, { headers: { Authorization: 'Bearer secret' } });
    assert.equal(peer.seen.at(-2)!.auth, 'Bearer secret');
    assert.equal(peer.seen.at(-1)!.auth, '', 'dropped for another origin');
  });

  test('schemes other than http(s), credentials in the URL and bad URLs are refused; time-outs reject like fetch', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/', 'gopher://127.0.0.1:25/', 'http://user:pw@example.org/', 'not a url', 'data:text/plain,x']) {
      assert.equal((await apiError(egressFetch(url))).key, EGRESS_MSG.badUrl, url);
    }
    const started = Date.now();
    await assert.rejects(allowed.fetch(`${base()}/slow`, { signal: AbortSignal.timeout(200) }), (e: Error) => e.name === 'TimeoutError');
    assert.ok(Date.now() - started < 5000);
  });
});

/** A line server on 127.0.0.1 that speaks the start of IMAP: with `starttls`, it offers and grants STARTTLS. */
async function imapPeer(starttls: boolean) {
  const commands: string[] = [];
  let tlsHello: Buffer | null = null;
  const server: TcpServer = createTcpServer((sock: Socket) => {
    let upgrading = false;
    let buf = '';
    sock.on('error', () => undefined);
    sock.write(`* OK [CAPABILITY IMAP4rev1${starttls ? ' STARTTLS LOGINDISABLED' : ''}] peer ready\r\n`);
    sock.on('data', (d: Buffer) => {
      if (upgrading) { tlsHello ??= d; sock.destroy(); return; } // no certificate here: the handshake ends
      buf += d.toString('latin1');
      let at: number;
      while ((at = buf.indexOf('\r\n')) >= 0) {
        const line = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const [tag, cmd = ''] = line.split(' ');
        commands.push(cmd.toUpperCase());
        if (cmd.toUpperCase() === 'CAPABILITY') sock.write(`* CAPABILITY IMAP4rev1${starttls ? ' STARTTLS LOGINDISABLED' : ''}\r\n${tag} OK done\r\n`);
        else if (cmd.toUpperCase() === 'STARTTLS' && starttls) { upgrading = true; sock.write(`${tag} OK begin TLS\r\n`); }
        else if (cmd.toUpperCase() === 'LOGOUT') { sock.end(`* BYE\r\n${tag} OK bye\r\n`); }
        else sock.write(`${tag} NO not here\r\n`);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, commands, get tlsHello() { return tlsHello; }, close: () => new Promise<void>((r) => server.close(() => r())) };
}

await forEachDatabase('egress policy on the server', (kind) => {
  let strict: TestServer; // the harness default: no allowance
  let open: TestServer; // EGRESS_ALLOW=127.0.0.1/32
  let peer: Awaited<ReturnType<typeof httpPeer>>;
  let v6peer: Awaited<ReturnType<typeof httpPeer>>;
  let tenantAdmin: string; // tenant 100001's administrator on the strict server
  let openAdmin: string;
  before(async () => {
    peer = await httpPeer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/to-meta') { res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/iam/' }); return res.end(); }
      if (u.pathname === '/to-v6') { res.writeHead(302, { Location: `http://[::1]:${v6peer.port}/data` }); return res.end(); }
      if (u.pathname === '/to-private') { res.writeHead(307, { Location: 'http://192.168.1.1/' }); return res.end(); }
      if (u.pathname === '/to-self') { res.writeHead(302, { Location: '/data' }); return res.end(); }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: '200', data: { secret: 'internal answer' } }));
    });
    v6peer = await httpPeer((_req, res) => { res.writeHead(200); res.end('{"code":"200","data":"v6"}'); }, '::1');
    [strict, open] = await Promise.all([startServer({ kind }), startServer({ kind, config: { egressAllow: ['127.0.0.1/32'] } })]);
    tenantAdmin = (await strict.login('admin', 'admin', '100001')).access_token;
    openAdmin = (await open.login('admin', 'admin', '100001')).access_token;
  });
  after(async () => { await Promise.all([strict?.close(), open?.close(), peer?.close(), v6peer?.close()]); });

  const post = (s: TestServer, token: string, path: string, json?: unknown, headers: Record<string, string> = {}) => s.api(path, { method: 'POST', token, headers, ...(json === undefined ? {} : { json }) });
  /** a tenant's external service at url (its app without oauth2); answers the config id */
  const service = async (s: TestServer, token: string, url: string) => {
    const app = await post(s, token, '/api/serviceConfig/thirdServiceAuth/submit', { name: `app-${Math.random()}`, authType: 'none', appidKey: 'appid', appidValue: 'A1', parameterPosition: 2 });
    assert.equal(app.status, 200, JSON.stringify(app.body));
    const cfg = await post(s, token, '/api/serviceConfig/thirdServiceConfig/submit', { name: `svc-${Math.random()}`, serviceType: 'external', serviceAuthId: app.body.data.id, url, requestType: 'GET', backDataType: 'json', dataKey: 'data', successKey: 'code', successValue: '200' });
    assert.equal(cfg.status, 200, JSON.stringify(cfg.body));
    return String(cfg.body.data.id);
  };
  const call = (s: TestServer, token: string, id: string, lang = 'zh') => s.api(`/api/thirdService/callService/callApi?serviceConfigId=${id}`, { token, headers: { 'Accept-Language': lang } });

  test("a tenant's third-party service cannot reach loopback in any spelling: 400 with the message, the peer sees no connection", async () => {
    const p = peer.port;
    const cases: [string, string][] = [
      [`http://127.0.0.1:${p}/data`, '127.0.0.1'], [`http://localhost:${p}/data`, 'localhost'], [`http://[::1]:${v6peer.port}/data`, '[::1]'],
      [`http://0.0.0.0:${p}/data`, '0.0.0.0'], [`http://0x7f.1:${p}/data`, '127.0.0.1'], [`http://2130706433:${p}/data`, '127.0.0.1'],
      [`http://[::ffff:127.0.0.1]:${p}/data`, '[::ffff:7f00:1]'], [`http://169.254.169.254/latest/meta-data/`, '169.254.169.254'],
    ];
    const before = peer.connections + v6peer.connections;
    for (const [url, host] of cases) {
      const id = await service(strict, tenantAdmin, url);
      const zh = await call(strict, tenantAdmin, id);
      assert.equal(zh.status, 400, url);
      assert.equal(zh.body.msg, refusedZh(host), url);
      const en = await call(strict, tenantAdmin, id, 'en');
      assert.equal(en.body.msg, refusedEn(host), url);
      assert.ok(!JSON.stringify(zh.body).includes('internal answer'));
    }
    assert.equal(peer.connections + v6peer.connections, before, 'the loopback peers received nothing');
    // the refusal is in the tenant's call log
    const log = (await strict.api('/api/thirdService/thirdApiLog/list?current=1&size=50', { token: tenantAdmin })).body.data;
    assert.ok(log.records.some((r: { apiResponse?: string }) => String(r.apiResponse ?? '').startsWith(refusedEn('127.0.0.1'))), JSON.stringify(log.records[0]));
    // an oauth2 token address on loopback is refused the same way
    const app = await post(strict, tenantAdmin, '/api/serviceConfig/thirdServiceAuth/submit', {
      name: 'loopback-oauth', authType: 'oauth2', url: `http://127.0.0.1:${p}/token`, appidKey: 'client_id', appidValue: 'cid', requestType: 'POST', parameterPosition: 3,
      backDataType: 'json', successKey: 'code', successValue: '0', dataKey: 'data', cacheKey: 'access_token', validityKey: 'expires_in', validityUnit: 'second',
    });
    assert.equal(app.status, 200, JSON.stringify(app.body));
    const cfg = await post(strict, tenantAdmin, '/api/serviceConfig/thirdServiceConfig/submit', { name: 'via-oauth', serviceType: 'external', serviceAuthId: app.body.data.id, url: 'http://93.184.216.34/x', requestType: 'GET', backDataType: 'str' });
    const viaToken = await call(strict, tenantAdmin, String(cfg.body.data.id));
    assert.equal(viaToken.status, 400);
    assert.equal(viaToken.body.msg, refusedZh('127.0.0.1'));
    assert.equal(peer.connections + v6peer.connections, before, 'the token call never connected');
  });

  test('with EGRESS_ALLOW=127.0.0.1/32 the same call answers; a redirect to a refused address is refused', async () => {
    const ok = await call(open, openAdmin, await service(open, openAdmin, `http://127.0.0.1:${peer.port}/data`));
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.data, { secret: 'internal answer' });
    const self = await call(open, openAdmin, await service(open, openAdmin, `http://127.0.0.1:${peer.port}/to-self`));
    assert.equal(self.status, 200, 'a redirect inside the allowance is followed');
    const v6before = v6peer.connections;
    for (const [path, host] of [['/to-meta', '169.254.169.254'], ['/to-v6', '[::1]'], ['/to-private', '192.168.1.1']]) {
      const r = await call(open, openAdmin, await service(open, openAdmin, `http://127.0.0.1:${peer.port}${path}`));
      assert.equal(r.status, 400, path);
      assert.equal(r.body.msg, refusedZh(host), path);
    }
    assert.equal(v6peer.connections, v6before, '::1 is outside the allowance: never connected');
    // the allowance is the operator's: [::1] and localhost-by-IPv6 stay refused on this server
    const direct = await call(open, openAdmin, await service(open, openAdmin, `http://[::1]:${v6peer.port}/data`));
    assert.equal(direct.body.msg, refusedZh('[::1]'));
  });

  test('CAS, SMS gateway, S3 endpoint, SMTP and POP3/IMAP hosts on loopback are refused without the allowance', async () => {
    const admin = (await strict.login()).access_token;
    const before = peer.connections;
    const url = `http://127.0.0.1:${peer.port}`;
    // CAS: the CAS server is the tenant's setting
    await sql`update blade_system_config set config_info = ${JSON.stringify({ enable: true, casServerUrlPrefix: `${url}/cas`, casServerLoginUrl: `${url}/cas/login` })}
      where config_key = 'casConfig' and tenant_id = '000000'`.execute(strict.server.database.db);
    const cas = await strict.api('/api/blade-cas/cas/verify?ticket=ST-1&toUrl=%2F&tenantId=000000', { headers: { 'Tenant-Id': '000000' } });
    assert.equal(cas.status, 400);
    assert.equal(cas.body.msg, refusedZh('127.0.0.1'));
    // SMS gateway
    const sms = await post(strict, admin, '/api/blade-resource/sms/submit', { category: 1, smsCode: 'loop', templateId: 'T1', endpoint: `${url}/send`, accessKey: 'k', secretKey: 's', signName: 'x' });
    assert.equal(sms.status, 200, JSON.stringify(sms.body));
    await post(strict, admin, `/api/blade-resource/sms/enable?id=${sms.body.data.id}`);
    const sent = await post(strict, admin, '/api/blade-resource/sms/endpoint/send-message', { phones: '13800000001', params: '{}' });
    assert.equal(sent.status, 400);
    assert.equal(sent.body.msg, refusedZh('127.0.0.1'));
    // S3 endpoint: the upload is refused before the file goes anywhere
    const oss = await post(strict, admin, '/api/blade-resource/oss/submit', { category: 1, ossCode: 'loop-s3', endpoint: url, accessKey: 'a', secretKey: 'b', bucketName: 'campus', region: 'cn' });
    assert.equal(oss.status, 200, JSON.stringify(oss.body));
    await post(strict, admin, `/api/blade-resource/oss/enable?id=${oss.body.data.id}`);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('plain text file')]), 'a.txt');
    const up = await strict.api('/api/blade-resource/oss/endpoint/put-file', { method: 'POST', token: admin, body: form });
    assert.equal(up.status, 400);
    assert.equal(up.body.msg, refusedZh('127.0.0.1'));
    // SMTP platform test and POP3 / IMAP config test
    const plat = await post(strict, admin, '/api/blade-email/plat-from/submit', { platformName: 'loop', host: '127.0.0.1', port: peer.port, secure: 0, username: 'u', password: 'p', fromAddress: 'a@campus.test' });
    assert.equal(plat.status, 200, JSON.stringify(plat.body));
    const smtp = await post(strict, admin, `/api/blade-email/plat-from/test?id=${plat.body.data.id}`);
    assert.equal(smtp.status, 400);
    assert.equal(smtp.body.msg, refusedZh('127.0.0.1'));
    for (const [protocol, host, shown] of [['pop3', 'localhost', 'localhost'], ['imap', '0x7f.1', '127.0.0.1'], ['imap', '::1', '[::1]']]) {
      const cfg = await post(strict, admin, '/api/blade-email/config/submit', { configName: `loop-${protocol}-${host}`, emailAddress: 'box@campus.test', protocol, host, port: peer.port, secure: 0, username: 'box', password: 'pw' });
      assert.equal(cfg.status, 200, JSON.stringify(cfg.body));
      const r = await post(strict, admin, `/api/blade-email/config/test?id=${cfg.body.data.id}`, undefined, { 'Accept-Language': 'en' });
      assert.equal(r.status, 400);
      assert.equal(r.body.msg, refusedEn(shown));
    }
    assert.equal(peer.connections, before, 'none of them connected');
  });

  test("a tenant's datasource test on loopback (PostgreSQL, MySQL) is refused before connecting", async () => {
    const admin = (await strict.login()).access_token;
    const before = peer.connections;
    let answered = 0;
    for (const [url, host] of [[`jdbc:postgresql://127.0.0.1:${peer.port}/postgres`, '127.0.0.1'], [`jdbc:mysql://localhost:${peer.port}/mysql`, 'localhost'], [`postgres://0.0.0.0:${peer.port}/x`, '0.0.0.0']]) {
      for (const token of [admin, tenantAdmin]) {
        const r = await post(strict, token, '/api/blade-develop/datasource/dataSourceTest', { url, username: 'postgres', password: 'x' });
        if (r.status === 403) continue; // a tenant without the developer menu cannot even ask
        assert.equal(r.status, 400, url);
        assert.equal(r.body.msg, refusedZh(host), url);
        answered++;
      }
    }
    assert.ok(answered >= 3, 'the platform administrator at least was answered');
    assert.equal(peer.connections, before, 'no datasource connection reached the peer');
  });

  test('IMAP on a plain port upgrades with STARTTLS before signing in; a server without STARTTLS never sees the password', async () => {
    const admin = (await open.login()).access_token;
    const [tlsPeer, plainPeer] = await Promise.all([imapPeer(true), imapPeer(false)]);
    try {
      const mk = async (port: number) => {
        const cfg = await post(open, admin, '/api/blade-email/config/submit', { configName: `imap-${port}`, emailAddress: 'box@campus.test', protocol: 'imap', host: '127.0.0.1', port, secure: 0, username: 'box', password: 'pw' });
        assert.equal(cfg.status, 200, JSON.stringify(cfg.body));
        return String(cfg.body.data.id);
      };
      const upgraded = await post(open, admin, `/api/blade-email/config/test?id=${await mk(tlsPeer.port)}`);
      assert.equal(upgraded.status, 400, 'the peer has no certificate: the upgrade fails, the sign-in never happens');
      assert.ok(tlsPeer.commands.includes('STARTTLS'), tlsPeer.commands.join(','));
      assert.equal(tlsPeer.tlsHello?.[0], 0x16, 'a TLS handshake followed STARTTLS');
      assert.ok(!tlsPeer.commands.includes('LOGIN') && !tlsPeer.commands.includes('AUTHENTICATE'));
      const plain = await post(open, admin, `/api/blade-email/config/test?id=${await mk(plainPeer.port)}`);
      assert.equal(plain.status, 400);
      assert.match(plain.body.msg, /STARTTLS/);
      assert.ok(!plainPeer.commands.includes('LOGIN') && !plainPeer.commands.includes('AUTHENTICATE'), plainPeer.commands.join(','));
    } finally {
      await Promise.all([tlsPeer.close(), plainPeer.close()]);
    }
  });
});
