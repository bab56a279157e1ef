#!/usr/bin/env node
// `npm test`: every test of the project in one node:test run, so one summary counts them all:
// unit and API tests (server/test, each API suite once on PGlite and once on the PostgreSQL
// server at 127.0.0.1:5432 when reachable) and browser tests (web/e2e, headless Chromium against
// the built web app, which this script builds first).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
const files = only.length ? only : [...find('server/src'), ...find('server/test'), ...find('web/e2e')];
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
console.log(`# running ${files.length} test files`);
const status = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-timeout=300000', ...files], { cwd: root, stdio: 'inherit', env }).status ?? 1;
if (template.pglite) spawnSync(process.execPath, ['--import', 'tsx', 'server/test/template.ts', 'drop', template.pglite, template.pg], { cwd: root, stdio: 'inherit', env: process.env });
process.exit(status);
