// Memory at boot: packages only some requests need are loaded when first used (a dynamic import at
// the call site), not when the server starts — IMAP and SMTP mail, the captcha's font, zips, file
// signatures, XML answers, Excel and PostgreSQL's parser for user SQL (measured on PostgreSQL: 8 MB
// of heap and 10–20 MB of RSS of a server that may never use them).
// A server is booted in a child process whose module hooks note every package resolved; none of
// these may be among them once it answers /readyz.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const LAZY = ['imapflow', 'nodemailer', 'postal-mime', 'svg-captcha', 'jszip', 'file-type', 'fast-xml-parser', 'exceljs', 'libpg-query'];
const root = new URL('../..', import.meta.url).pathname;

test('a booted server has not loaded the packages only some requests need', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-imports-'));
  try {
    const log = join(dir, 'packages.log');
    // the hooks run on their own thread: what they resolve goes to a file
    writeFileSync(join(dir, 'hooks.mjs'), `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(r.url);
  if (m) appendFileSync(${JSON.stringify(log)}, m[1] + '\\n');
  return r;
}`);
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${join(dir, 'hooks.mjs')}`)});\n`);
    writeFileSync(join(dir, 'boot.mts'), `import { startServer } from ${JSON.stringify(join(root, 'server/test/harness.ts'))};
const s = await startServer({ kind: 'pglite' });
const r = await s.api('/readyz');
if (r.status !== 200) throw new Error('not ready: ' + r.status);
await s.close();
`);
    const run = spawnSync(process.execPath, ['--import', join(dir, 'register.mjs'), '--import', 'tsx', join(dir, 'boot.mts')], { cwd: root, encoding: 'utf8', env: process.env, timeout: 240_000 });
    assert.equal(run.status, 0, run.stderr.slice(-2000));
    const loaded = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    assert.ok(loaded.has('fastify') && loaded.has('kysely'), 'the hooks saw the server load');
    assert.deepEqual(LAZY.filter((p) => loaded.has(p)), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
