// Portal benchmark (issue 16, "Speed"): the anonymous /portal/index first screen and the public calls
// behind it, on a server holding the demo portal (server/src/demo/portal.ts, made at boot with the
// demo campus).
//   1. Builds the web app into a temporary folder (never web/dist; BENCH_WEB_DIST reuses a build) with
//      its .br/.gz files, starts the real server (bench/http/node.ts in a child process, PGlite in a
//      temporary folder, WEB_DIST that build) and opens /#/portal/index in headless Chromium
//      (/usr/bin/chromium, the flags of web/e2e/browser.ts) RUNS times (default 10) cold (a new
//      context: empty cache) and warm (reload): time from navigation to the hero slideshow drawn
//      (the first slide, [data-testid=portal-slide], present and its picture fetched) and to the
//      service list drawn (a service card of the first service floor, [data-testid=portal-floor].type1
//      [data-testid=service-card]); the API calls the page made by then and by the time the network
//      is quiet. Goal: warm under 1 s.
//   2. autocannon (CONNECTIONS 10, DURATION 5 s after 1 s unmeasured) on every public call the page
//      made (and the hall's service list), anonymous, against the server and, in the same run, a bare
//      Fastify answering each with the very bytes the server answered (bench/http/node.ts bare: the
//      ceiling): requests/s and p99 of both, and server / bare. Then the same on PostgreSQL
//      (TEST_PG_URL, a throwaway database) when it answers (BENCH_PORTAL_PG=0 leaves it out).
//   3. The cache: a public call just after a management change (which empties the tenant's portal
//      cache) against the same call answered from the cache, CACHE_ROUNDS (20) rounds.
// SKIP_BROWSER=1 leaves part 1 out (part 2 then takes the calls the index makes from INDEX_CALLS).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BASIC, freshPostgresDatabase, postgresAvailable, PG_ADMIN_URL } from '../../server/test/harness.ts';
import { md5 } from '../../server/src/modules/auth/password.ts';
import { startNode, type ServerNode } from '../http/control.ts';
import type { BareRoute } from '../http/node.ts';

const root = resolve(new URL('../..', import.meta.url).pathname);
const RUNS = Number(process.env.RUNS ?? 10);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const CACHE_ROUNDS = Number(process.env.CACHE_ROUNDS ?? 20);
const WARM_TARGET_MS = 1000;
const B = '/api/blade-portal';
const HERO = '[data-testid=portal-slide]';
const SERVICES = '[data-testid=portal-floor].type1 [data-testid=service-card]';
/** What /portal/index asks for (used when the browser part is skipped), and the hall's first page. */
const INDEX_CALLS = [
  `${B}/config/noLogin/list?current=1&size=200`, `${B}/topMenu/noLogin/list?status=1&current=1&size=10`, `${B}/slideshow/noLogin/getSlideshowTypeAndList`,
  `${B}/floor/noLogin/list`, `${B}/shortcutEntrance/noLogin/page?current=1&size=12`, `${B}/serviceManage/noLogin/getHotService?current=1&size=10`,
  `${B}/serviceManage/noLogin/getServiceCount`, `${B}/aphorism/getRandAphorism`,
];
const HALL_CALL = `${B}/serviceManage/noLogin/listUnion?current=1&size=12`;

interface CannonResult { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number }
const autocannon = createRequire(import.meta.url)('autocannon') as (o: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<CannonResult>;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const fmt = (n: number, w = 8) => (Number.isFinite(n) ? n.toFixed(n < 100 ? 1 : 0) : '-').padStart(w);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
};
const stats = (xs: number[]) => `p50 ${fmt(pct(xs, 0.5), 6)} ms  p95 ${fmt(pct(xs, 0.95), 6)} ms  max ${fmt(Math.max(...xs), 6)} ms`;
/** The path and query of a URL, the call's name in the tables. */
const short = (url: string) => url.replace(B + '/', '');

console.log(`# ${cpus().length} CPUs, load average ${load()} at start`);

// ---- the build --------------------------------------------------------------------------------
let dist = process.env.BENCH_WEB_DIST ?? '';
let ownDist = false;
if (process.env.SKIP_BROWSER !== '1' && !(dist && existsSync(join(dist, 'index.html')))) {
  dist = mkdtempSync(join(tmpdir(), 'bench-portal-web-'));
  ownDist = true;
  const t = performance.now();
  const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: join(root, 'web'), stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  // as `npm run build` does: .br/.gz beside every text asset, which the server sends (preCompressed)
  const c = spawnSync(process.execPath, [join(root, 'scripts/compress-dist.mjs'), dist], { stdio: 'inherit' });
  if (c.status !== 0) throw new Error('compress-dist failed');
  console.log(`built the web app into ${dist} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** The server with the demo portal (the campus, micro-apps and portal are made at its first boot). */
async function portalServer(env: Record<string, string>): Promise<{ node: ServerNode; bootMs: number }> {
  const t = performance.now();
  const node = await startNode('app', { LOGIN_RATE_LIMIT: '0', ...(dist ? { WEB_DIST: dist } : {}), ...env });
  const bootMs = performance.now() - t;
  const config = await fetch(`${node.url}${B}/config/noLogin/list?size=200`).then((r) => r.json()) as { data?: { records: { configKey: string; configValue: string }[] } };
  const open = config.data?.records.find((r) => r.configKey === 'openPortal')?.configValue;
  if (open !== '1') {
    await node.stop();
    throw new Error(`the server holds no open demo portal (openPortal ${open ?? 'missing'}): is the portal module there and SEED_CAMPUS not false?`);
  }
  return { node, bootMs };
}

// ---- 1. the first screen in Chromium ------------------------------------------------------------
interface Load { hero: number; services: number; callsDrawn: number; callsQuiet: number; pictures: number; urls: string[] }
/** A stored file (a picture), not a call. */
const FILE = '/api/blade-resource/oss/endpoint/file/';

async function browserPart(url: string): Promise<string[]> {
  const { launch } = await import('../../web/e2e/browser.ts');
  const browser = await launch();
  // marks on the page's own clock (ms since navigation start): the first slide present with its
  // picture fetched, and a service card of the first service floor present
  // (a string, not a function: the TypeScript loader would wrap named functions in helpers the page lacks)
  const probe = `(() => {
    const check = () => {
      if (window.__hero === undefined && !window.__heroWait) {
        const s = document.querySelector(${JSON.stringify(HERO)});
        if (s) {
          // the slide's picture: loaded once an image of the same address is (the same fetch, or the cache)
          const m = /url\\("?([^")]+)"?\\)/.exec(s.style.backgroundImage || '');
          if (!m) window.__hero = performance.now();
          else {
            window.__heroWait = true;
            const img = new Image();
            img.onload = img.onerror = () => { window.__hero = performance.now(); };
            img.src = m[1];
          }
        }
      }
      if (window.__services === undefined && document.querySelector(${JSON.stringify(SERVICES)})) window.__services = performance.now();
      if (window.__hero === undefined || window.__services === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
  const once = async (page: import('playwright-core').Page, reload: boolean): Promise<Load> => {
    const calls: string[] = [];
    let pictures = 0;
    const onRequest = (r: import('playwright-core').Request) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith(FILE)) pictures++;
      else if (path.startsWith('/api/')) calls.push(r.url());
    };
    page.on('request', onRequest);
    try {
      if (reload) await page.reload({ waitUntil: 'commit' });
      else await page.goto(`${url}/#/portal/index`, { waitUntil: 'commit' });
      await page.waitForFunction(() => {
        const w = globalThis as Record<string, unknown>;
        return w.__hero !== undefined && w.__services !== undefined;
      }, undefined, { timeout: 60_000, polling: 50 });
      const callsDrawn = calls.length;
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
      const marks = (await page.evaluate('({ hero: window.__hero, services: window.__services })')) as { hero: number; services: number };
      return { ...marks, callsDrawn, callsQuiet: calls.length, pictures, urls: [...calls] };
    } finally {
      page.off('request', onRequest);
    }
  };
  const cold: Load[] = [];
  const warm: Load[] = [];
  try {
    // one unmeasured load: the server's first answers (files read, caches filled) are not the page's
    {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript({ content: probe });
      await once(page, false);
      await context.close();
    }
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript({ content: probe });
      cold.push(await once(page, false));
      warm.push(await once(page, true));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`\n# 1. anonymous /#/portal/index in headless Chromium on loopback, 1366×800, ${RUNS} runs each (one unmeasured first)`);
  console.log(`#    hero: ${HERO} present and its picture fetched; services: ${SERVICES} present`);
  for (const [name, xs] of [['cold (new context)', cold], ['warm (reload)', warm]] as const) {
    console.log(`  ${name.padEnd(19)} hero drawn     ${stats(xs.map((x) => x.hero))}`);
    console.log(`  ${''.padEnd(19)} services drawn ${stats(xs.map((x) => x.services))}`);
  }
  const calls = (xs: Load[], k: 'callsDrawn' | 'callsQuiet' | 'pictures') => [...new Set(xs.map((x) => x[k]))].sort((a, b) => a - b).join('/');
  console.log(`  API calls: cold ${calls(cold, 'callsDrawn')} by the first screen drawn, ${calls(cold, 'callsQuiet')} once the network is quiet; warm ${calls(warm, 'callsDrawn')} / ${calls(warm, 'callsQuiet')}`);
  console.log(`  pictures (stored files) requested: cold ${calls(cold, 'pictures')}, warm ${calls(warm, 'pictures')} (a reload may take them from the browser's cache)`);
  const warmP50 = pct(warm.map((x) => Math.max(x.hero, x.services)), 0.5);
  console.log(`  warm first screen (both drawn) p50 ${fmt(warmP50, 0).trim()} ms: ${(warmP50 / WARM_TARGET_MS).toFixed(2)} of the 1 s goal`);
  const distinct = new Map<string, number>();
  for (const u of cold[0].urls) {
    const p = new URL(u);
    distinct.set(p.pathname + p.search, (distinct.get(p.pathname + p.search) ?? 0) + 1);
  }
  console.log(`  the calls of a cold load: ${[...distinct].map(([u, n]) => `${short(u)}${n > 1 ? ` ×${n}` : ''}`).join(', ')}`);
  return [...distinct.keys()];
}

// ---- 2. the public calls under load ---------------------------------------------------------
async function loadPart(kind: string, node: ServerNode, calls: string[]): Promise<void> {
  // only the portal's public calls (the page may ask for others, e.g. the session's language)
  // a floor's detail names a floor of the server the calls were seen on: the floor of the same place here
  const floors = ((await fetch(`${node.url}${B}/floor/noLogin/list`).then((r) => r.json())) as { data: { id: string }[] }).data.map((f) => f.id);
  let nth = 0;
  const here = (u: string) => (u.startsWith(`${B}/floor/noLogin/detail?`) ? `${B}/floor/noLogin/detail?id=${floors[nth++ % floors.length]}` : u);
  const list = [...new Set([...calls.filter((u) => u.startsWith(B) && !/noLogin\/listUnion\?.*name=/.test(u)).map(here), HALL_CALL])];
  const bareRoutes: BareRoute[] = [];
  for (const u of list) {
    const res = await fetch(node.url + u);
    const text = await res.text();
    if (res.status !== 200 || (JSON.parse(text) as { data?: unknown }).data == null) throw new Error(`${u} answered ${res.status}: ${text.slice(0, 200)}`);
    bareRoutes.push({ method: 'GET', url: u, body: text });
  }
  // the bare server routes by path: one answer per path (the first query of it)
  const byPath = new Map<string, BareRoute>();
  for (const r of bareRoutes) if (!byPath.has(r.url.split('?')[0])) byPath.set(r.url.split('?')[0], r);
  const bare = await startNode('bare', { BARE_ROUTES: JSON.stringify([...byPath.values()]) });
  console.log(`\n# 2. ${kind}: the public calls, anonymous, autocannon ${CONNECTIONS} connections, ${DURATION} s each after 1 s unmeasured; bare Fastify answering the same bytes`);
  console.log(`  ${'call'.padEnd(58)} ${'bytes'.padStart(6)}   ${'app req/s'.padStart(9)} ${'p99 ms'.padStart(7)}   ${'bare req/s'.padStart(10)} ${'p99 ms'.padStart(7)}   app/bare`);
  const ratios: number[] = [];
  try {
    for (const [i, u] of list.entries()) {
      if (byPath.get(u.split('?')[0])!.url !== u) continue; // the same path with another query: measured once
      const run = (base: string, duration: number) => autocannon({ url: base + u, connections: CONNECTIONS, duration });
      await run(node.url, 1);
      const a = await run(node.url, DURATION);
      await run(bare.url, 1);
      const b = await run(bare.url, DURATION);
      const bad = a.non2xx + a.errors + a.timeouts;
      ratios.push(a.requests.average / b.requests.average);
      console.log(`  ${short(u).slice(0, 58).padEnd(58)} ${String(bareRoutes[i].body.length).padStart(6)}   ${fmt(a.requests.average, 9)} ${fmt(a.latency.p99, 7)}   ${fmt(b.requests.average, 10)} ${fmt(b.latency.p99, 7)}   ${(a.requests.average / b.requests.average).toFixed(3)}${bad ? `  (${bad} failed or non-2xx of ${a.requests.total})` : ''}`);
    }
  } finally {
    await bare.stop();
  }
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`  geometric mean app/bare ${geo.toFixed(3)} over ${ratios.length} calls`);
}

// ---- 3. the cache: a call after a management change against one from the cache --------------
async function cachePart(node: ServerNode): Promise<void> {
  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', scope: 'all', type: 'account' });
  const signIn = await fetch(`${node.url}/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' } }).then((r) => r.json()) as { access_token?: string };
  if (!signIn.access_token) throw new Error('sign-in failed');
  const admin = { 'Blade-Auth': `bearer ${signIn.access_token}`, 'content-type': 'application/json' };
  const rows = await fetch(`${node.url}${B}/config/list?configKey=menuPattern`, { headers: admin }).then((r) => r.json()) as { data: { records: Record<string, unknown>[] } };
  const row = rows.data.records[0];
  if (!row) throw new Error('no menuPattern setting to touch');
  const path = `${B}/floor/noLogin/detail?id=${((await fetch(`${node.url}${B}/floor/noLogin/list`).then((r) => r.json())) as { data: { id: string }[] }).data[0].id}`;
  const timed = async () => {
    const t = performance.now();
    const r = await fetch(node.url + path);
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    return performance.now() - t;
  };
  const miss: number[] = [];
  const hit: number[] = [];
  let seen = '';
  for (let i = 0; i < CACHE_ROUNDS + 2; i++) {
    // the same value written again: a management change all the same (the cache is emptied)
    const s = await fetch(`${node.url}${B}/config/submit`, { method: 'POST', headers: admin, body: JSON.stringify({ id: row.id, configKey: row.configKey, configName: row.configName, configValue: row.configValue, sort: row.sort }) });
    if (s.status !== 200) throw new Error(`config/submit answered ${s.status}`);
    const m = await timed();
    const h = await timed();
    if (i >= 2) { miss.push(m); hit.push(h); }
    seen = `${m.toFixed(1)} / ${h.toFixed(1)}`;
  }
  console.log(`\n# 3. the cache: ${short(path)} right after a management change (config/submit, the cache emptied) and again (from the cache), ${CACHE_ROUNDS} rounds`);
  console.log(`  after a change ${stats(miss)}`);
  console.log(`  from the cache ${stats(hit)}   (last round ${seen} ms)`);
}

// ---- run ------------------------------------------------------------------------------------
let failed = false;
try {
  const { node, bootMs } = await portalServer({});
  console.log(`# PGlite server up with the demo campus, micro-apps and portal in ${(bootMs / 1000).toFixed(1)} s`);
  try {
    const calls = process.env.SKIP_BROWSER === '1' ? INDEX_CALLS : await browserPart(node.url);
    await loadPart('PGlite', node, calls);
    await cachePart(node);
    if (process.env.BENCH_PORTAL_PG !== '0' && (await postgresAvailable())) {
      const db = await freshPostgresDatabase('bench_portal_');
      // the uploaded pictures in a folder of its own (node.ts gives a data folder to PGlite only)
      const files = mkdtempSync(join(tmpdir(), 'bench-portal-pg-'));
      try {
        const pg = await portalServer({ DATABASE_URL: db.url, DATA_DIR: files, UPLOAD_DIR: join(files, 'upload') });
        console.log(`\n# PostgreSQL server up with the demo content in ${(pg.bootMs / 1000).toFixed(1)} s`);
        try {
          await loadPart('PostgreSQL', pg.node, calls);
        } finally {
          await pg.node.stop();
        }
      } finally {
        await db.drop();
        rmSync(files, { recursive: true, force: true });
      }
    } else if (process.env.BENCH_PORTAL_PG !== '0') console.log(`\n# PostgreSQL: skipped, ${PG_ADMIN_URL} is not reachable`);
  } finally {
    await node.stop();
  }
} catch (e) {
  console.log(`  stopped: ${(e as Error).message}`);
  failed = true;
} finally {
  if (ownDist) rmSync(dist, { recursive: true, force: true });
}
console.log(`# load average ${load()} at end`);
process.exit(failed ? 1 : 0);
