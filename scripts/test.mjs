#!/usr/bin/env node
// `npm test`: every test of the project, with one summary that counts them all at the end:
// unit and API tests (server/test, each API suite once on PGlite and once on the PostgreSQL
// server at 127.0.0.1:5432 when reachable) and browser tests (web/e2e, headless Chromium against
// the built web app, which this script builds first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const begun = Date.now();
const root = new URL('..', import.meta.url).pathname;
const find = (dir) => {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts') && !f.includes('node_modules'))
    .map((f) => join(dir, f))
    .sort();
};
const only = process.argv.slice(2);
const files = only.length ? only : [...find('packages'), ...find('server/src'), ...find('server/test'), ...find('web/e2e')];
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

if (files.some((f) => f.startsWith('web/e2e')) && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('# building the web app for the browser tests');
  if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
}
// one migrated, seeded database (PGlite folder, PostgreSQL template) that every test server copies,
// and one holding the demo campus too for the servers that ask for it (server/test/template.ts)
const made = spawnSync(process.execPath, ['--import', 'tsx', 'server/test/template.ts', 'create'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
let template = { pglite: '', pg: '', pgliteCampus: '', pgCampus: '', pgCampusFiles: '' };
try { template = JSON.parse(made.stdout.trim().split('\n').pop() ?? ''); } catch { console.log('# no database template: every server migrates its own'); }
const env = {
  ...process.env, TEST_PGLITE_TEMPLATE: template.pglite, TEST_PG_TEMPLATE: template.pg,
  TEST_PGLITE_CAMPUS: template.pgliteCampus ?? '', TEST_PG_CAMPUS: template.pgCampus ?? '', TEST_PG_CAMPUS_FILES: template.pgCampusFiles ?? '',
};
// Every file runs in its own `node --test` process, TEST_CONCURRENCY (default 4) at a time, of them
// at most TEST_BROWSER_CONCURRENCY (default 2) browser files (the server and Chromium's drawing).
// Each file boots its own servers on its own copies of the template. On two cores 4 at a time keeps
// both busy; 7 (load ~20) took no less time in all and stretched single steps past their time-outs
// (a dialog waited 30 s, a file its 10 minutes). One pool rather than a fixed share per kind: when
// the browser files are done, API files take their places. Within each kind the larger files start
// first (a long file started last makes the tail). A file's report is printed when it ends, with its
// time; the failures are printed again last, and the times of the slowest files.
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || 4);
const browserConcurrency = Math.max(1, Math.min(concurrency, Number(process.env.TEST_BROWSER_CONCURRENCY) || 2));
const bytes = (f) => (existsSync(f) && statSync(f).isFile() ? statSync(f).size : 0);
// a file's size with the local modules it imports (a thin file running a shared sweep is as large as
// the sweep); a glob or a name node --test resolves counts 0
const sizeOf = (f) => {
  const abs = join(root, f);
  if (!bytes(abs)) return 0;
  const imports = [...readFileSync(abs, 'utf8').matchAll(/^import .* from '(\.[^']+\.ts)';$/gm)].map((m) => join(dirname(abs), m[1]));
  return bytes(abs) + imports.reduce((n, x) => n + bytes(x), 0);
};
const bySize = (list) => list.map((f) => [f, sizeOf(f)]).sort((a, b) => b[1] - a[1]).map(([f]) => f);
const isBrowser = (f) => f.startsWith('web/e2e');
const queue = { browser: bySize(files.filter(isBrowser)), api: bySize(files.filter((f) => !isBrowser(f))) };
const tapDir = mkdtempSync(join(tmpdir(), 'campus-tap-'));
const results = [];
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const times = [];
console.log(`# running ${files.length} test files (${queue.browser.length} in the browser), ${concurrency} at a time, at most ${browserConcurrency} in the browser`);
const runFile = (file, i) => new Promise((resolve) => {
  const tap = join(tapDir, `${i}.tap`);
  const spec = join(tapDir, `${i}.spec`);
  // the time-out also bounds a whole file: demo-campus.test.ts (the campus made on PGlite, PostgreSQL
  // and two nodes) takes minutes while other files share the two cores
  const args = ['--import', 'tsx', '--test', '--test-timeout=600000',
    '--test-reporter=spec', `--test-reporter-destination=${spec}`, '--test-reporter=tap', `--test-reporter-destination=${tap}`, file];
  const started = Date.now();
  // GNU time, where the machine has it, adds the CPU the file's process and the children it reaped
  // used (Chromium's renderers mostly escape it, and PostgreSQL is not a child): on two cores the sum
  // of CPU, not any one file's wall time, sets how long the run takes
  const cpuFile = join(tapDir, `${i}.cpu`);
  const child = timeBin
    ? spawn(timeBin, ['-f', '%U %S', '-o', cpuFile, process.execPath, ...args], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env })
    : spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
  child.on('close', (code) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    const cpu = existsSync(cpuFile) ? Math.round(readFileSync(cpuFile, 'utf8').trim().split('\n').pop().split(' ').reduce((n, x) => n + (Number(x) || 0), 0)) : undefined;
    times.push([file, seconds, cpu]);
    const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    console.log(`# ${file} (${seconds} s${cpu === undefined ? '' : `, CPU ${cpu} s`})`);
    if (existsSync(spec)) process.stdout.write(readFileSync(spec, 'utf8'));
    results.push({ code: code ?? 1, text });
    resolve();
  });
});
await new Promise((done) => {
  let running = 0, browsers = 0, n = 0;
  const next = () => {
    while (running < concurrency) {
      const browser = browsers < browserConcurrency && queue.browser.length > 0;
      const file = browser ? queue.browser.shift() : queue.api.shift();
      if (!file) break;
      running++;
      if (browser) browsers++;
      runFile(file, n++).then(() => {
        running--;
        if (browser) browsers--;
        next();
      });
    }
    if (running === 0) done();
  };
  next();
});
const totals = {};
let status = 0;
for (const { code, text } of results) {
  if (code !== 0) status = code;
  // the run's own summary is the last "# name value" lines of its TAP
  for (const m of text.matchAll(/^# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) ([\d.]+)$/gm)) totals[m[1]] = (totals[m[1]] ?? 0) + Number(m[2]);
}
// the failures again, last, with their diagnostics: a CI log often keeps only its tail
const failures = results.flatMap(({ text }) => [...text.matchAll(/^( *)not ok \d+ - (.*)\n((?:\1  .*\n)*)/gm)]
  .filter((m) => !/^\s*# SKIP/.test(m[2])).map((m) => `${m[2]}\n${m[3].split('\n').slice(0, 40).join('\n')}`));
if (failures.length) console.log(`# failing tests (${failures.length})\n${failures.join('\n')}`);
rmSync(tapDir, { recursive: true, force: true });
const templates = [template.pglite, template.pg, template.pgliteCampus, template.pgCampus, template.pgCampusFiles].filter(Boolean);
if (templates.length) spawnSync(process.execPath, ['--import', 'tsx', 'server/test/template.ts', 'drop', ...templates], { cwd: root, stdio: 'inherit', env: process.env });
console.log(`# slowest files: ${times.sort((a, b) => b[1] - a[1]).slice(0, 12).map(([f, t]) => `${f} ${t} s`).join(', ')}`);
if (timeBin) {
  const cpuTotal = times.reduce((n, [, , c]) => n + (c ?? 0), 0);
  console.log(`# CPU ${cpuTotal} s in all; most: ${times.sort((a, b) => (b[2] ?? 0) - (a[2] ?? 0)).slice(0, 15).map(([f, , c]) => `${f} ${c} s`).join(', ')}`);
}
console.log('# all tests');
for (const [k, v] of Object.entries(totals)) if (k !== 'duration_ms') console.log(`# ${k} ${v}`);
console.log(`# duration_ms ${Date.now() - begun}`);
process.exit(status);
