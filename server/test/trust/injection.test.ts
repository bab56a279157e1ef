// Injection (issue 7, "Injection"): the HTML page carries a Content-Security-Policy that forbids
// inline and foreign scripts; stored markup comes back as JSON data, never as a page; user
// JavaScript runs in QuickJS without require/process/fs/network and is stopped past its time and
// memory caps; user SQL is one read-only statement with a time-out. (The browser side, that a
// stored <img onerror> does not run, is web/e2e/trust-xss.test.ts.)
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runScript } from '../../src/modules/workflow/engine/sandbox.ts';
import { Egress } from '../../src/net/egress.ts';
import { SqlRunner } from '../../src/sandbox/sql.ts';
import { freshPostgresDatabase, postgresAvailable, startServer, type TestServer } from '../harness.ts';
import { send } from './sweep.ts';

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">x</a>';

describe('trust: injection', () => {
  let s: TestServer;
  let web: string;
  before(async () => {
    web = mkdtempSync(join(tmpdir(), 'campus-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(web, 'assets', 'app.js'), 'document.getElementById("root").textContent = "ok";');
    s = await startServer({ webDist: web });
  });
  after(async () => {
    await s?.close();
    rmSync(web, { recursive: true, force: true });
  });

  test('the HTML page has a Content-Security-Policy without inline or foreign scripts', async () => {
    const r = await send(s.url + '/');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /text\/html/);
    const csp = Object.fromEntries((r.headers.get('content-security-policy') ?? '').split(';').map((d) => { const [k, ...v] = d.trim().split(/\s+/); return [k, v]; }));
    assert.deepEqual(csp['script-src'], ["'self'"]);
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['script-src-attr'], ["'none'"], 'inline event handlers (onerror=) are blocked');
    assert.ok(csp['default-src'] && csp['frame-ancestors'] && csp['base-uri'], JSON.stringify(csp));
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  });

  test('stored markup in labels and rich text comes back as JSON data, never as a page', async () => {
    const token = (await s.login()).access_token as string;
    const saved = await s.api('/api/blade-desk/notice/submit', { method: 'POST', token, json: { title: XSS, content: XSS, category: 1 } });
    assert.equal(saved.status, 200);
    const dept = await s.api('/api/blade-system/dept/submit', { method: 'POST', token, json: { parentId: '0', deptName: XSS.slice(0, 40), fullName: XSS.slice(0, 40), sort: 9, deptCategory: 1 } });
    for (const path of [`/api/blade-desk/notice/detail?id=${saved.body.data.id}`, '/api/blade-desk/notice/list', '/api/blade-system/dept/tree']) {
      const r = await send(s.url + path, { token });
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json/, path);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    }
    assert.ok(dept.status === 200 || dept.status === 400);
  });
});

describe('trust: user JavaScript in the QuickJS sandbox', () => {
  test('no require, process, fs, network or host globals', async () => {
    const probe = await runScript(`JSON.stringify({
      require: typeof require, process: typeof process, module: typeof module, fetch: typeof fetch, xhr: typeof XMLHttpRequest,
      ws: typeof WebSocket, buffer: typeof Buffer, std: typeof std, os: typeof os, setTimeout: typeof setTimeout,
      viaFunction: (function () { try { return typeof Function('return this')().process; } catch (e) { return 'error'; } })(),
      viaConstructor: (function () { try { return typeof ({}).constructor.constructor('return process')(); } catch (e) { return 'error'; } })(),
    })`, { x: 1 });
    const seen = JSON.parse(String(probe.result));
    for (const [k, v] of Object.entries(seen)) assert.ok(v === 'undefined' || v === 'error', `${k}: ${v}`);
    // there is no module loader: a dynamic import never yields a module
    const imported = await runScript(`var got = 'nothing'; import('fs').then(() => { got = 'fs'; }, () => { got = 'refused'; }); got`, {});
    assert.notEqual(imported.result, 'fs');
    await assert.rejects(runScript(`require('child_process').execSync('id')`, {}));
  });

  test('killed past its time cap, and the host stays responsive', async () => {
    const t0 = Date.now();
    await assert.rejects(runScript('while (true) {}', {}, { timeoutMs: 200 }), /interrupted/i);
    assert.ok(Date.now() - t0 < 3000, `stopped after ${Date.now() - t0} ms`);
    // unbounded recursion ends as QuickJS's own stack overflow, before V8's stack runs out under it
    await assert.rejects(runScript('function f() { return f() + 1 } f()', {}, { timeoutMs: 500 }), /^Error: stack overflow$/);
    assert.equal((await runScript('a * 2', { a: 21 })).result, 42, 'later scripts still run');
  });

  test('killed past its memory cap', async () => {
    const t0 = Date.now();
    // (not new Array(100000).fill(1): one native call that QuickJS's collector thrashes in near the cap,
    // ~8 s of CPU alone on this machine, over a minute under a full test run)
    await assert.rejects(runScript('var a = []; while (true) a.push([1, 2, 3, 4, 5, 6, 7, 8])', {}, { timeoutMs: 5000, memoryBytes: 4 * 1024 * 1024 }), /memory/i);
    await assert.rejects(runScript("var s = 'x'; while (true) s = s + s", {}, { timeoutMs: 5000, memoryBytes: 4 * 1024 * 1024 }), /memory|too long/i);
    assert.ok(Date.now() - t0 < 30_000, `stopped after ${Date.now() - t0} ms`); // ~0.1 s alone; generous for CPU-starved CI machines
    // and the next script runs normally
    assert.equal((await runScript('a + 1', { a: 41 })).result, 42);
  });
});

describe('trust: user SQL', () => {
  let ds: { id: string; url: string; username: string; password: string } | null = null;
  let drop: (() => Promise<void>) | undefined;
  const runner = new SqlRunner(new Egress(['127.0.0.1/32'])); // the datasource is the loopback test server
  before(async () => {
    if (!(await postgresAvailable())) return;
    const db = await freshPostgresDatabase('usersql_');
    drop = db.drop;
    const u = new URL(db.url);
    ds = { id: '1', url: `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`, username: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await c.query('create table grades (id int primary key, score int); insert into grades values (1, 90), (2, 75); create sequence seq');
    await c.end();
  });
  after(async () => { await runner.close(); await drop?.(); });

  test('one read-only statement: more than one, writes and server functions are refused', async (t) => {
    if (!ds) return t.skip('PostgreSQL at 127.0.0.1:5432 is not reachable');
    assert.deepEqual(await runner.query(ds, 'select score from grades where id = #{id}', { id: 1 }), [{ score: 90 }]);
    for (const bad of [
      'select 1; delete from grades', 'delete from grades', 'with x as (delete from grades returning *) select * from x',
      'select 1;select 2', 'update grades set score = 0', "select '--', 1; commit; delete from grades", "select $$'$$; commit; insert into grades values (3, 1)",
    ]) await assert.rejects(runner.query(ds, bad), /Only one query statement/, bad);
    // functions outside the allowlist, however they are spelled
    for (const [bad, name] of [
      ["select pg_read_file('/etc/passwd')", 'pg_read_file'], ['select pg_sleep(10)', 'pg_sleep'], ["select nextval('seq')", 'nextval'],
      ["select set_config('default_transaction_read_only', 'off', false)", 'set_config'], ["select setval('seq', 99)", 'setval'],
      ['select pg_advisory_lock(1)', 'pg_advisory_lock'], ['select pg_terminate_backend(1)', 'pg_terminate_backend'],
      ["select dblink_exec('x', 'delete from grades')", 'dblink_exec'], ["select query_to_xml('delete from grades', true, true, '')", 'query_to_xml'],
      ['select pg_catalog.pg_sleep(1)', 'pg_catalog.pg_sleep'], ['select "pg_sleep"(1)', 'pg_sleep'], ['select * from lo_import(\'/etc/passwd\')', 'lo_import'],
    ]) await assert.rejects(runner.query(ds, bad), new RegExp(`The function ${name.replace('.', '\\.')} is not allowed`), bad);
    await assert.rejects(runner.query(ds, 'select * from grades for update'), /clause FOR UPDATE/);
    await assert.rejects(runner.query(ds, 'select * into copy from grades'), /clause SELECT INTO/);
    assert.deepEqual(await runner.query(ds, 'select count(*)::int as n from grades'), [{ n: 2 }], 'nothing changed');
  });

  test('a long query is stopped at its time-out', async (t) => {
    if (!ds) return t.skip('PostgreSQL at 127.0.0.1:5432 is not reachable');
    const t0 = Date.now();
    await assert.rejects(runner.query(ds, 'select count(*) from grades a, grades b, grades c, grades d, grades e, grades f, grades g, grades h, grades i, grades j, grades k, grades l, grades m, grades n, grades o, grades p, grades q, grades r, grades s, grades t, grades u, grades v, grades w, grades x, grades y, grades z, grades aa, grades ab, grades ac, grades ad', {}, { timeoutMs: 300 }), /timed out/);
    assert.ok(Date.now() - t0 < 5000, `stopped after ${Date.now() - t0} ms`);
  });
});
