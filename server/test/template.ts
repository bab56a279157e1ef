// Makes the databases every test server copies instead of migrating and seeding its own
// (harness.ts): a PGlite data folder, and a template database on the PostgreSQL test server when it
// answers. The templates hold the seed without the demo campus; a second pair made from them holds
// the demo campus too (its micro-apps and portal, with the portal's uploaded pictures in the folder's
// upload/), for the suites asking for the campus: making it costs a boot of ~10 s, and ~20 servers ask.
// `create` prints {"pglite", "pg", "pgliteCampus", "pgCampus", "pgCampusFiles"} as JSON;
// `drop <dir or database> …` removes them. scripts/test.mjs runs both around the test run.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { PG_ADMIN_URL, postgresAvailable } from './harness.ts';

async function build(dataDir: string, databaseUrl: string, seedCampus = false): Promise<void> {
  const app = await buildApp(loadConfig({ dataDir, databaseUrl, port: 0, host: '127.0.0.1', logLevel: 'silent', jwtSecret: '', seedCampus, webDist: join(dataDir, 'no-web'), uploadDir: join(dataDir, 'upload') }), { logger: false });
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
    const files = mkdtempSync(join(tmpdir(), 'campus-template-pg-'));
    jobs.push(build(files, u.toString()).finally(() => rmSync(files, { recursive: true, force: true })));
  }
  await Promise.all(jobs);
  // the campus, on copies of the bare templates
  const pgliteCampus = mkdtempSync(join(tmpdir(), 'campus-template-campus-'));
  cpSync(join(dir, 'pgdata'), join(pgliteCampus, 'pgdata'), { recursive: true });
  const campusJobs: Promise<void>[] = [build(pgliteCampus, '', true)];
  let pgCampus = '';
  let pgCampusFiles = '';
  if (pg) {
    pgCampus = `${pg}_campus`;
    pgCampusFiles = mkdtempSync(join(tmpdir(), 'campus-template-pg-campus-'));
    const u = new URL(PG_ADMIN_URL);
    u.pathname = '/' + pgCampus;
    await admin((c) => c.query(`create database ${pgCampus} template ${pg}`));
    campusJobs.push(build(pgCampusFiles, u.toString(), true));
  }
  await Promise.all(campusJobs);
  console.log(JSON.stringify({ pglite: dir, pg, pgliteCampus, pgCampus, pgCampusFiles }));
} else if (cmd === 'drop') {
  for (const a of args) {
    if (/^campus_template_\d+(_campus)?$/.test(a)) await admin((c) => c.query(`drop database if exists ${a} with (force)`));
    else if (a.startsWith(tmpdir()) && a.includes('campus-template-')) rmSync(a, { recursive: true, force: true });
  }
} else {
  console.error('usage: template.ts create | drop <dir or database> …');
  process.exit(2);
}
