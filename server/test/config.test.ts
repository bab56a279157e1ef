// Settings read from the environment are checked at boot: a bad value stops the start with a
// message naming the variable (issue 12, item 6), instead of silently running with the default.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

const refused = (env: Record<string, string>): string => {
  try {
    loadConfig({}, env);
  } catch (e) {
    assert.ok(e instanceof ConfigError, String(e));
    return e.message;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
};

test('defaults when nothing is set (empty values count as unset)', () => {
  const c = loadConfig({}, { PORT: '', DATABASE_URL: '' });
  assert.equal(c.port, 8080);
  assert.equal(c.databaseUrl, '');
  assert.equal(c.trustProxy, false, 'X-Forwarded-For is trusted from nobody by default');
  assert.equal(c.seedDemo, true);
  assert.equal(c.logLevel, 'info');
  assert.equal(c.loginRateLimit, 20);
  assert.equal(c.apiLogRetentionDays, 30, '接口日志 kept 30 days by default');
  assert.ok(c.captchaRateLimit > 0 && c.smsRateLimit > 0 && c.registerRateLimit > 0);
});

test('good values are read', () => {
  const c = loadConfig({}, {
    PORT: '9090', LOGIN_MAX_FAILURES: '0', BODY_LIMIT: '4096', LOG_LEVEL: 'warn', SEED_DEMO: 'false',
    DATABASE_URL: 'postgres://campus:secret@db.internal:5432/campus', REDIS_URL: 'rediss://:pw@cache:6380/0',
    TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1', CAPTCHA_RATE_LIMIT: '7', SMS_RATE_WINDOW_SECONDS: '120', REGISTER_RATE_LIMIT: '0',
  });
  assert.equal(c.port, 9090);
  assert.equal(c.loginMaxFailures, 0);
  assert.equal(c.bodyLimit, 4096);
  assert.equal(c.logLevel, 'warn');
  assert.equal(c.seedDemo, false);
  assert.equal(c.databaseUrl, 'postgres://campus:secret@db.internal:5432/campus');
  assert.deepEqual(c.trustProxy, ['10.0.0.5', '10.1.0.0/16', '::1']);
  assert.equal(c.captchaRateLimit, 7);
  assert.equal(c.smsRateWindowSeconds, 120);
  assert.equal(c.registerRateLimit, 0);
  assert.equal(loadConfig({}, { API_LOG_RETENTION_DAYS: '7' }).apiLogRetentionDays, 7);
  assert.equal(loadConfig({}, { TRUST_PROXY: '2' }).trustProxy, 2, 'a hop count');
  assert.equal(loadConfig({}, { TRUST_PROXY: 'false' }).trustProxy, false);
  assert.deepEqual(loadConfig({}, { TRUST_PROXY: 'loopback' }).trustProxy, ['loopback']);
  assert.equal(loadConfig({}, { DATABASE_URL: 'postgres://u@/campus?host=/var/run/postgresql' }).databaseUrl, 'postgres://u@/campus?host=/var/run/postgresql', 'a socket URL');
  // what the code passes wins over the environment (the tests' servers)
  assert.equal(loadConfig({ port: 0 }, { PORT: '9090' }).port, 0);
});

test('a bad value stops the start, naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /PORT="abc": must be a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT/],
    [{ LOGIN_MAX_FAILURES: '-1' }, /LOGIN_MAX_FAILURES="-1"/],
    [{ BODY_LIMIT: '12x' }, /BODY_LIMIT="12x"/],
    [{ TRUST_PROXY: 'garbage' }, /TRUST_PROXY="garbage": must name the reverse proxy.*not an address: garbage/],
    [{ TRUST_PROXY: '10.0.0.0/99' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY/],
    [{ DATABASE_URL: 'mysql://root@127.0.0.1/campus' }, /DATABASE_URL: must be a PostgreSQL URL/],
    [{ DATABASE_URL: 'postgres://db:99999/x' }, /DATABASE_URL/],
    [{ REDIS_URL: '127.0.0.1:6379' }, /REDIS_URL: must be a Redis URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL="loud": must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO="maybe": must be true or false/],
    [{ LOGIN_RATE_WINDOW_SECONDS: '0' }, /LOGIN_RATE_WINDOW_SECONDS/],
    [{ CAPTCHA_RATE_LIMIT: 'lots' }, /CAPTCHA_RATE_LIMIT/],
    [{ SMS_RATE_LIMIT: '1.5' }, /SMS_RATE_LIMIT/],
    [{ REGISTER_RATE_WINDOW_SECONDS: '-5' }, /REGISTER_RATE_WINDOW_SECONDS/],
    [{ PG_POOL_MAX: '0' }, /PG_POOL_MAX/],
    [{ DB_POOLER: 'statement' }, /DB_POOLER/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 16 characters/],
    [{ API_LOG_RETENTION_DAYS: '0' }, /API_LOG_RETENTION_DAYS="0": must be a whole number from 1 to 36500/],
    [{ API_LOG_RETENTION_DAYS: 'month' }, /API_LOG_RETENTION_DAYS/],
  ];
  for (const [env, want] of cases) assert.match(refused(env), want);
  // every bad variable at once; secrets are not echoed
  const all = refused({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@x/y', JWT_SECRET: 'hunter2' });
  for (const k of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'JWT_SECRET']) assert.ok(all.includes(k), k);
  assert.ok(!all.includes('hunter2'), 'no secret in the message');
});

test('the server process exits non-zero naming PORT when PORT=abc', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT, env: { ...process.env, PORT: 'abc', DATA_DIR: '/nonexistent/never-created', LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 60_000,
  });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /PORT="abc": must be a whole number/);
  assert.ok(!/\n\s+at /.test(r.stderr), `no stack trace: ${r.stderr}`);
});
