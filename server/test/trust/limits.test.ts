// Request limits (issue 12, item 6): X-Forwarded-For counts only when TRUST_PROXY names the proxy,
// so rotating it does not escape the sign-in limit; the public captcha, SMS-code sending and guest
// registration routes are limited per address (429, zh/en); with REDIS_URL the counters live in
// Redis and two nodes of one deployment share them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import { SEED } from '../../src/db/seed.ts';
import { md5 } from '../../src/modules/auth/password.ts';
import { BASIC, forEachDatabase, startServer, type TestServer } from '../harness.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMITS = { loginRateLimit: 3, captchaRateLimit: 3, smsRateLimit: 2, registerRateLimit: 2 };

async function redisAvailable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try { await r.connect(); return (await r.ping()) === 'PONG'; } catch { return false; } finally { r.disconnect(); }
}

const signIn = (s: TestServer, account: string, forwardedFor?: string) => {
  const q = new URLSearchParams({ tenantId: SEED.tenant, username: account, password: md5('wrong-password'), grant_type: 'password', scope: 'all' });
  const headers: Record<string, string> = { Authorization: BASIC, 'Tenant-Id': SEED.tenant };
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  return s.api(`/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers });
};
const register = (s: TestServer, account: string, lang = 'zh') => s.api('/api/blade-system/register-guest', {
  method: 'POST', headers: { 'Accept-Language': lang }, json: { tenantId: SEED.tenant, name: account, account, password: md5('guest') },
});

await forEachDatabase('trust: request limits', (kind) => {
  let plain: TestServer;
  let proxied: TestServer;
  before(async () => {
    [plain, proxied] = await Promise.all([
      startServer({ kind, config: LIMITS }),
      startServer({ kind, config: { ...LIMITS, trustProxy: ['127.0.0.1'] } }),
    ]);
  });
  after(async () => { await Promise.all([plain?.close(), proxied?.close()]); });

  test('without TRUST_PROXY, rotating X-Forwarded-For does not escape the sign-in limit', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(plain, 'admin', `203.0.113.${i + 1}`)).status);
    assert.deepEqual(statuses, [400, 400, 400, 429, 429]);
    const refused = await signIn(plain, 'admin', '198.51.100.7');
    assert.equal(refused.status, 429);
    assert.match(refused.body.error_description, /登录尝试过于频繁/);
    // and the address written to the login log is the socket's, not the header's
    const ips = (await plain.server.database.db.selectFrom('bladeLogLogin').select('remoteIp').execute()).map((r) => String(r.remoteIp));
    assert.ok(ips.length >= 3);
    assert.ok(ips.every((ip) => ip === '127.0.0.1' || ip === '::ffff:127.0.0.1'), ips.join(','));
  });

  test('with TRUST_PROXY=127.0.0.1 the proxy\'s X-Forwarded-For is the client address', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(proxied, 'admin', `203.0.113.${i + 1}`)).status);
    assert.deepEqual(statuses, [400, 400, 400, 400, 400], 'each forwarded client has its own count');
    // one forwarded client is still limited
    const same = [];
    for (let i = 0; i < 4; i++) same.push((await signIn(proxied, 'admin', '198.51.100.9')).status);
    assert.deepEqual(same, [400, 400, 400, 429]);
    const ips = (await proxied.server.database.db.selectFrom('bladeLogLogin').select('remoteIp').execute()).map((r) => String(r.remoteIp));
    assert.ok(ips.includes('203.0.113.4') && ips.includes('198.51.100.9'), ips.join(','));
  });

  test('the public captcha is limited per address, with a zh/en message', async () => {
    for (let i = 0; i < LIMITS.captchaRateLimit; i++) assert.equal((await plain.api('/api/blade-auth/oauth/captcha')).status, 200);
    const zh = await plain.api('/api/blade-auth/oauth/captcha');
    assert.equal(zh.status, 429);
    assert.match(zh.body.msg, /^请求过于频繁，请\d+秒后再试$/);
    assert.ok(Number(zh.headers.get('retry-after')) > 0);
    const en = await plain.api('/api/blade-auth/oauth/captcha', { headers: { 'Accept-Language': 'en' } });
    assert.equal(en.status, 429);
    assert.match(en.body.msg, /^Too many requests; try again in \d+ seconds$/);
    // a rotated X-Forwarded-For is the same client
    assert.equal((await plain.api('/api/blade-auth/oauth/captcha', { headers: { 'X-Forwarded-For': '192.0.2.77' } })).status, 429);
  });

  test('SMS-code sending is limited per address (SMS pumping), whatever the phone', async () => {
    const send = (phone: string, lang = 'zh') => plain.api(`/api/blade-resource/sms/endpoint/send-validate?tenantId=${SEED.tenant}&phone=${phone}`, { headers: { 'Accept-Language': lang } });
    for (let i = 0; i < LIMITS.smsRateLimit; i++) assert.notEqual((await send(`1380000010${i}`)).status, 429);
    const zh = await send('13800000199');
    assert.equal(zh.status, 429);
    assert.match(zh.body.msg, /请求过于频繁/);
    assert.match((await send('13800000198', 'en')).body.msg, /Too many requests/);
  });

  test('guest registration is limited per address; nothing is created past the limit', async () => {
    for (let i = 0; i < LIMITS.registerRateLimit; i++) assert.equal((await register(plain, `guestrl${i}`)).status, 200);
    const zh = await register(plain, 'guestrl9');
    assert.equal(zh.status, 429);
    assert.match(zh.body.msg, /请求过于频繁/);
    assert.match((await register(plain, 'guestrl8', 'en')).body.msg, /Too many requests/);
    const made = await plain.server.database.db.selectFrom('bladeUser').select('account').where('account', 'like', 'guestrl%').execute();
    assert.deepEqual(made.map((r) => r.account).sort(), ['guestrl0', 'guestrl1']);
  });

  test('with REDIS_URL the counters live in Redis; two nodes of one deployment share them', async (t) => {
    if (!(await redisAvailable())) return t.skip(`Redis at ${REDIS_URL} is not reachable`);
    const a = await startServer({ kind, config: { ...LIMITS, captchaRateLimit: 4, redisUrl: REDIS_URL } });
    let b: TestServer | undefined;
    const redis = new Redis(REDIS_URL);
    try {
      // a deployment of its own: other runs on the same Redis have not used its counter
      assert.equal((await a.api('/api/blade-auth/oauth/captcha')).status, 200);
      const keys = await redis.keys('campus:ratelimit:*');
      assert.ok(keys.length > 0, 'the counter is a Redis key');
      if (kind !== 'postgres') {
        // nodes share a deployment through its PostgreSQL database; on PGlite one node proves the store
        for (let i = 0; i < 3; i++) assert.equal((await a.api('/api/blade-auth/oauth/captcha')).status, 200);
        assert.equal((await a.api('/api/blade-auth/oauth/captcha')).status, 429);
        return;
      }
      b = await startServer({ databaseUrl: a.databaseUrl, config: { ...LIMITS, captchaRateLimit: 4, redisUrl: REDIS_URL } });
      const statuses = [];
      for (const node of [a, b, b, a, b]) statuses.push((await node.api('/api/blade-auth/oauth/captcha')).status);
      assert.deepEqual(statuses, [200, 200, 200, 429, 429], 'one counter for both nodes (1 + 3 allowed, then refused on either)');
    } finally {
      await b?.close();
      await a.close();
      redis.disconnect();
    }
  });
});
