// Makes the databases every test server copies instead of migrating and seeding its own
// (harness.ts): a PGlite data folder, and a template database on the PostgreSQL test server when it
// answers. The templates hold the seed without the demo campus (a suite asking for the campus makes
// it on its copy). `create` prints {"pglite": dir, "pg": name} as JSON; `drop <dir> [name]` removes them.
// scripts/test.mjs runs both around the test run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { PG_ADMIN_URL, postgresAvailable } from './harness.ts';

async function build(dataDir: string, databaseUrl: string): Promise<void> {
  const app = await buildApp(loadConfig({ dataDir, databaseUrl, port: 0, host: '127.0.0.1', logLevel: 'silent', jwtSecret: '', seedCampus: false, webDist: join(dataDir, 'no-web'), uploadDir: join(dataDir, 'upload') }), { logger: false });
  await app.app.ready();
  await app.close();
}

async function admin<T>(fn: (c: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'create') {
  const dir = mkdtempSync(join(tmpdir(), 'campus-template-'));
  const jobs: Promise<void>[] = [build(dir, '')];
  let pg = '';
  if (await postgresAvailable()) {
    pg = `campus_template_${process.pid}`;
    const u = new URL(PG_ADMIN_URL);
    u.pathname = '/' + pg;
    await admin((c) => c.query(`create database ${pg}`));
    jobs.push(build(mkdtempSync(join(tmpdir(), 'campus-template-pg-')), u.toString()));
  }
  await Promise.all(jobs);
  console.log(JSON.stringify({ pglite: dir, pg }));
} else if (cmd === 'drop') {
  const [dir, pg] = args;
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (pg && /^campus_template_\d+$/.test(pg)) await admin((c) => c.query(`drop database if exists ${pg} with (force)`));
} else {
  console.error('usage: template.ts create | drop <dir> [database]');
  process.exit(2);
}
