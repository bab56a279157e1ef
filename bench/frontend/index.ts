// Front-end benchmark (issue 7): what each route of the production build downloads, and how long
// the login page takes to become usable in headless Chromium.
//   1. builds the web app into a temporary folder (never web/dist) with vite's manifest, or reads
//      BENCH_WEB_DIST when it holds one; for every route of the page registry (pages/registry.ts
//      and pages/**/routes.ts) and the router's own routes, follows the static imports of the
//      entry, of the admin layout (routes inside it) and of the page's chunk: the JavaScript that
//      route loads before it can render. Raw and gzip bytes per route; target: login < 350 KB gzip.
//   2. heavy libraries (bpmn-js, quill, pro-components, chart libraries) must not be in any route's
//      static closure unless the route is the screen that uses them: prints where each one is.
//   3. time from navigation to the login button being enabled (and to the captcha image shown),
//      cold (new browser context: empty cache) and warm (reload), RUNS times each (default 10);
//      SKIP_BROWSER=1 leaves this part out.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(new URL('../..', import.meta.url).pathname);
const web = join(root, 'web');
const RUNS = Number(process.env.RUNS ?? 10);
const LOGIN_TARGET_GZIP = 350 * 1024;

interface ManifestChunk { file: string; src?: string; name?: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
type Manifest = Record<string, ManifestChunk>;

console.log(`# ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);

// ---- 1. the build -------------------------------------------------------------------------
let dist = process.env.BENCH_WEB_DIST ?? '';
let ownDist = false;
if (!dist || !existsSync(join(dist, '.vite/manifest.json'))) {
  dist = mkdtempSync(join(tmpdir(), 'bench-frontend-'));
  ownDist = true;
  const t = performance.now();
  // hidden source maps: they tell which packages a chunk holds without changing the .js files
  const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
  // as `npm run build` does: .br/.gz beside every text asset, which the server sends (preCompressed)
  const c = spawnSync(process.execPath, [join(root, 'scripts/compress-dist.mjs'), dist], { stdio: 'inherit' });
  if (c.status !== 0) throw new Error('compress-dist failed');
  console.log(`built the web app into ${dist} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

const sizeCache = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string): { raw: number; gzip: number } {
  let s = sizeCache.get(file);
  if (!s) {
    const b = readFileSync(join(dist, file));
    s = { raw: b.length, gzip: gzipSync(b).length }; // level 6, gzip's default
    sizeCache.set(file, s);
  }
  return s;
}

/** The manifest keys a set of chunks loads before running: themselves and their static imports, recursively. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

/** Packages (node_modules names) whose code a chunk holds, from its source map. */
const packageCache = new Map<string, Set<string>>();
function packagesOf(file: string): Set<string> {
  let p = packageCache.get(file);
  if (p) return p;
  p = new Set();
  const mapFile = join(dist, file + '.map');
  if (existsSync(mapFile)) {
    for (const s of (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
      if (m) p.add(m[1]);
    }
  }
  packageCache.set(file, p);
  return p;
}

// ---- routes -> source modules ---------------------------------------------------------------
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const layoutKey = 'src/shell/Layout.tsx';
// loaded with import() but before the first render (main.tsx waits for it): the labels of the
// default language, Chinese (English readers fetch labels.en instead, about the same size)
const beforeRender = Object.keys(manifest).filter((k) => /src\/i18n\/labels\.zh\.ts$/.test(k));

/** './system/user' seen from web/src/pages/registry.ts -> 'src/pages/system/user.tsx' (a manifest key). */
function moduleKey(fromFile: string, spec: string): string | undefined {
  const base = relative(web, resolve(dirname(fromFile), spec));
  return [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((k) => manifest[k]);
}

interface Route { path: string; keys: string[]; layout: boolean }

/** Reads the route tables as source: `{ path: '…', component: lazy(() => import('./x')) }`, or a named lazy const. */
function routesOf(file: string): Route[] {
  const src = readFileSync(file, 'utf8');
  const loaders = new Map<string, string>(); // name -> import specifier
  for (const m of src.matchAll(/const (\w+) = (?:lazy\()?\(\) => import\('([^']+)'\)/g)) loaders.set(m[1], m[2]);
  for (const m of src.matchAll(/const (\w+) = lazy\(\(\) => (\w+)\(\)/g)) if (loaders.has(m[2])) loaders.set(m[1], loaders.get(m[2])!);
  const out: Route[] = [];
  for (const m of src.matchAll(/\{\s*path: '([^']+)'([^{}]*?)component: (?:lazy\(\(\) => import\('([^']+)'\)\)|(\w+))([^{}]*)\}/g)) {
    const spec = m[3] ?? loaders.get(m[4]);
    const key = spec ? moduleKey(file, spec) : undefined;
    if (!key) continue;
    out.push({ path: m[1], keys: [key], layout: !/layout: false/.test(m[2] + m[5]) });
  }
  return out;
}

const pageFiles = [join(web, 'src/pages/registry.ts'), ...readdirSync(join(web, 'src/pages'), { recursive: true })
  .map(String).filter((f) => f.endsWith('routes.ts')).map((f) => join(web, 'src/pages', f))];
const routes: Route[] = [];
// the router's own routes (src/router.tsx): outside the layout
const routerSrc = readFileSync(join(web, 'src/router.tsx'), 'utf8');
const routerLazy = new Map([...routerSrc.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [m[1], moduleKey(join(web, 'src/router.tsx'), m[2])]));
// each `path: '…'` with the first lazy screen its element names (elements may span lines)
for (const part of routerSrc.split(/(?=path: ')/).slice(1)) {
  const path = /^path: '([^']+)'/.exec(part)![1];
  const used = [...part.matchAll(/<(\w+)[\s/>]/g)].map((m) => routerLazy.get(m[1])).find(Boolean);
  if (used && used !== layoutKey) routes.push({ path, keys: [used], layout: false });
}
const loginRoute = routes.find((r) => r.path === '/login');
for (const f of pageFiles) routes.push(...routesOf(f));
for (const r of routes) if (r.layout) r.keys.unshift(layoutKey);

interface RouteSize { path: string; files: number; raw: number; gzip: number; css: number; heavy: string[] }
const HEAVY = ['bpmn-js', 'diagram-js', 'quill', '@ant-design/pro-components', '@ant-design/pro-table', '@ant-design/pro-form', 'echarts', 'chart.js', '@antv/g2', 'recharts'];
const measure = (r: Route): RouteSize => {
  const keys = closure([entryKey, ...beforeRender, ...r.keys]);
  let raw = 0, gzip = 0, css = 0;
  const heavy = new Set<string>();
  for (const k of keys) {
    const s = sizeOf(manifest[k].file);
    raw += s.raw;
    gzip += s.gzip;
    for (const c of manifest[k].css ?? []) css += sizeOf(c).gzip;
    for (const p of packagesOf(manifest[k].file)) if (HEAVY.some((h) => p === h || p.startsWith(h + '/'))) heavy.add(p.replace(/^@ant-design\/pro-.*/, 'pro-components'));
  }
  return { path: r.path, files: keys.size, raw, gzip, css, heavy: [...heavy].sort() };
};

const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
const sizes = routes.map(measure);
const byPath = new Map<string, RouteSize>();
for (const s of sizes) if (!byPath.has(s.path)) byPath.set(s.path, s);
const unique = [...byPath.values()].sort((a, b) => b.gzip - a.gzip);

console.log(`\n# JavaScript each route loads before rendering: static imports of the entry, the Chinese labels, the admin layout (routes inside it) and the page's chunk; ${unique.length} routes, gzip -6`);
console.log(`  ${'route'.padEnd(44)} ${'files'.padStart(5)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)} ${'css gz'.padStart(7)}  heavy libraries in it`);
for (const s of unique) console.log(`  ${s.path.padEnd(44)} ${String(s.files).padStart(5)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.css)}  ${s.heavy.join(', ')}`);

const entryOnly = closure([entryKey, ...beforeRender]);
const sum = (keys: Set<string>) => [...keys].reduce((a, k) => a + sizeOf(manifest[k].file).gzip, 0);
console.log(`\n  entry + labels alone: ${entryOnly.size} files, ${kb(sum(entryOnly)).trim()} KB gzip; layout adds ${kb(sum(closure([entryKey, ...beforeRender, layoutKey])) - sum(entryOnly)).trim()} KB gzip`);
const login = loginRoute ? measure(loginRoute) : undefined;
if (login) {
  console.log(`  login route: ${login.files} files, ${kb(login.raw).trim()} KB raw, ${kb(login.gzip).trim()} KB gzip; gzip/target ${(login.gzip / LOGIN_TARGET_GZIP).toFixed(2)} (target < 350 KB)`);
}

// ---- 2. heavy libraries: which chunk holds them and who loads it -----------------------------
console.log('\n# heavy libraries: the chunks that hold them, and how they are reached');
for (const lib of HEAVY) {
  const holders = Object.entries(manifest).filter(([, c]) => c.file.endsWith('.js') && [...packagesOf(c.file)].some((p) => p === lib || p.startsWith(lib + '/')));
  if (!holders.length) continue;
  const holderKeys = new Set(holders.map(([k]) => k));
  // a holder is loaded on demand when only dynamic imports reach it; list the routes whose static closure holds it
  const staticRoutes = unique.filter((s) => s.heavy.includes(lib.startsWith('@ant-design/pro-') ? 'pro-components' : lib)).map((s) => s.path);
  // chunks that import a holder (or a chunk whose static imports reach one) with import()
  const dynamicFrom = Object.entries(manifest).filter(([, c]) => (c.dynamicImports ?? []).some((d) => holderKeys.has(d) || (manifest[d]?.src?.includes('node_modules') && [...closure([d])].some((x) => holderKeys.has(x))))).map(([k]) => k);
  const gz = holders.reduce((a, [, c]) => a + sizeOf(c.file).gzip, 0);
  console.log(`  ${lib.padEnd(28)} ${holders.length} chunk(s), ${kb(gz).trim()} KB gzip; in the static closure of ${staticRoutes.length} route(s)${staticRoutes.length ? ': ' + staticRoutes.slice(0, 8).join(' ') + (staticRoutes.length > 8 ? ' …' : '') : ''}`);
  if (dynamicFrom.length) console.log(`  ${''.padEnd(28)} loaded on demand by ${dynamicFrom.slice(0, 6).join(', ')}${dynamicFrom.length > 6 ? ' …' : ''}`);
}
const charts = ['echarts', 'chart.js', '@antv/g2', 'recharts'].filter((c) => Object.values(manifest).some((m) => [...packagesOf(m.file)].includes(c)));
if (!charts.length) console.log('  (no chart library in the bundle)');

// ---- 3. time to a usable login page --------------------------------------------------------
if (process.env.SKIP_BROWSER) {
  if (ownDist) rmSync(dist, { recursive: true, force: true });
  process.exit(0);
}
const { launch } = await import('../../web/e2e/browser.ts');
const harness = (await import('../../server/test/harness.ts')) as typeof import('../../server/test/harness.ts');
const server = await harness.startServer({ webDist: dist });
const browser = await launch();
try {
  // marks, on the page's own clock (ms since navigation start): the submit button enabled and not
  // loading, and the captcha image shown (the form can then be sent)
  // (a string, not a function: the TypeScript loader would wrap named functions in helpers the page lacks)
  const probe = `(() => {
    const check = () => {
      const b = document.querySelector('button[type=submit]');
      if (window.__usable === undefined && b && !b.disabled && !b.classList.contains('ant-btn-loading') && b.offsetParent !== null) window.__usable = performance.now();
      const img = document.querySelector('.captcha-img img');
      if (window.__captcha === undefined && img && img.complete) window.__captcha = performance.now();
      if (window.__usable === undefined || window.__captcha === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;
  const once = async (page: import('playwright-core').Page, reload: boolean) => {
    if (reload) await page.reload({ waitUntil: 'commit' });
    else await page.goto(`${server.url}/#/login`, { waitUntil: 'commit' });
    // (the page's CSP forbids eval: a function, without named inner functions)
    await page.waitForFunction(() => {
      const w = (globalThis as Record<string, unknown>);
      return w.__usable !== undefined && w.__captcha !== undefined;
    }, undefined, { timeout: 30000, polling: 50 });
    return (await page.evaluate(`(() => {
      const js = performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
      return { usable: window.__usable, captcha: window.__captcha, scripts: js.length, bytes: js.reduce((a, e) => a + (e.encodedBodySize || 0), 0), decoded: js.reduce((a, e) => a + (e.decodedBodySize || 0), 0) };
    })()`)) as { usable: number; captcha: number; scripts: number; bytes: number; decoded: number };
  };
  const cold: { usable: number; captcha: number; scripts: number; bytes: number; decoded: number }[] = [];
  const warm: typeof cold = [];
  // one unmeasured load: the server's first answers (file reads, the captcha's font) are not the page's
  {
    const context = await browser.newContext({ locale: 'zh-CN' });
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
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const p = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
    return `p50 ${p(0.5).toFixed(0).padStart(5)} ms  p95 ${p(0.95).toFixed(0).padStart(5)} ms  max ${s[s.length - 1].toFixed(0).padStart(5)} ms`;
  };
  console.log(`\n# time to a usable login page, headless Chromium on loopback (${RUNS} runs each; the server is the real one on PGlite)`);
  console.log(`  cold (empty cache)  login button enabled ${stats(cold.map((r) => r.usable))}   captcha shown ${stats(cold.map((r) => r.captcha))}`);
  console.log(`  warm (reload)       login button enabled ${stats(warm.map((r) => r.usable))}   captcha shown ${stats(warm.map((r) => r.captcha))}`);
  const compressed = existsSync(join(dist, manifest[entryKey].file + '.br'));
  console.log(`  a cold load fetched ${cold[0].scripts} scripts: ${(cold[0].bytes / 1024).toFixed(0)} KB as sent, ${(cold[0].decoded / 1024).toFixed(0)} KB decoded (${compressed ? 'the build has .br/.gz files, sent compressed' : 'the build has no .br/.gz files: sent uncompressed'})`);
} finally {
  await browser.close();
  await server.close();
  if (ownDist) rmSync(dist, { recursive: true, force: true });
}
console.log(`# load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at end`);
