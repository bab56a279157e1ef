#!/usr/bin/env node
// `npm test`: every test of the project, with one summary that counts them all at the end:
// unit and API tests (server/test, each API suite once on PGlite and once on the PostgreSQL
// server at 127.0.0.1:5432 when reachable) and browser tests (web/e2e, headless Chromium against
// the built web app, which this script builds first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
// one migrated, seeded database (PGlite folder, PostgreSQL template) that every test server copies
const made = spawnSync(process.execPath, ['--import', 'tsx', 'server/test/template.ts', 'create'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
let template = { pglite: '', pg: '' };
try { template = JSON.parse(made.stdout.trim().split('\n').pop() ?? ''); } catch { console.log('# no database template: every server migrates its own'); }
const env = { ...process.env, TEST_PGLITE_TEMPLATE: template.pglite, TEST_PG_TEMPLATE: template.pg };
// Unit and API files (CPU: servers on PGlite) run TEST_CONCURRENCY at a time; browser files (the
// server, Chromium's drawing) TEST_BROWSER_CONCURRENCY at a time beside them. Each file boots its own
// servers on its own copies of the template. On two cores 2 + 2 keeps both busy: 4 + 3 (load ~20)
// took no less time in all and stretched single steps past their time-outs (a dialog waited 30 s,
// a file its 10 minutes). Within a group the larger files start first (a long file started last
// makes the tail). Each group also writes TAP to a file, summed into one summary at the end.
const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY) || 2);
const browserConcurrency = Math.max(1, Number(process.env.TEST_BROWSER_CONCURRENCY) || 2);
const sizeOf = (f) => (existsSync(join(root, f)) ? statSync(join(root, f)).size : 0); // a glob or a name node --test resolves
const bySize = (list) => list.map((f) => [f, sizeOf(f)]).sort((a, b) => b[1] - a[1]).map(([f]) => f);
const groups = [
  { name: 'unit and API', files: bySize(files.filter((f) => !f.startsWith('web/e2e'))), concurrency },
  { name: 'browser', files: bySize(files.filter((f) => f.startsWith('web/e2e'))), concurrency: browserConcurrency },
].filter((g) => g.files.length);
const tapDir = mkdtempSync(join(tmpdir(), 'campus-tap-'));
const runGroup = (g, i) => new Promise((resolve) => {
  console.log(`# running ${g.files.length} ${g.name} test files, ${g.concurrency} at a time`);
  const tap = join(tapDir, `${i}.tap`);
  // the time-out also bounds a whole file: demo-campus.test.ts (the campus made on PGlite, PostgreSQL
  // and two nodes at once) takes minutes while other files share the two cores
  const args = ['--import', 'tsx', '--test', '--test-timeout=600000', `--test-concurrency=${g.concurrency}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...g.files];
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  child.on('close', (code) => {
    console.log(`# ${g.name} files done in ${Math.round((Date.now() - started) / 1000)} s`);
    resolve({ code: code ?? 1, text: existsSync(tap) ? readFileSync(tap, 'utf8') : '' });
  });
});
const results = await Promise.all(groups.map(runGroup));
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
if (template.pglite) spawnSync(process.execPath, ['--import', 'tsx', 'server/test/template.ts', 'drop', template.pglite, template.pg], { cwd: root, stdio: 'inherit', env: process.env });
console.log('# all tests');
for (const [k, v] of Object.entries(totals)) if (k !== 'duration_ms') console.log(`# ${k} ${v}`);
console.log(`# duration_ms ${Date.now() - begun}`);
process.exit(status);
