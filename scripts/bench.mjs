#!/usr/bin/env node
// `npm run bench`: every benchmark (bench/*/index.ts), one after another, each printing its
// figures. Not part of `npm test`. `npm run bench -- realtime` runs only the named ones.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'bench', d.name, 'index.ts')) && (!only.length || only.includes(d.name)))
  .map((d) => d.name)
  .sort();
let failed = 0;
for (const name of benches) {
  console.log(`\n## bench/${name}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join('bench', name, 'index.ts')], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) failed++;
}
if (!benches.length) console.log('no benchmarks found under bench/');
process.exit(failed ? 1 : 0);
