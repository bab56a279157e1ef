// Boots the real server in-process on a fresh database: PGlite in a temp folder, or a new
// database on the PostgreSQL server at 127.0.0.1:5432 (dropped afterwards). Tests speak HTTP to it.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import { sql } from 'kysely';
import { buildApp, type App } from '../src/app.ts';
import { nextId } from '../src/db/ids.ts';
import { SEED } from '../src/db/seed.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { md5 } from '../src/modules/auth/password.ts';

export const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type DbKind = 'pglite' | 'postgres';

export interface TestServer {
  url: string;
  server: App;
  kind: DbKind;
  /** the PostgreSQL database this server uses ('' on PGlite), for a second node on the same data */
  databaseUrl: string;
  /** the captcha answer for a key (read from the database, as the person reading the image would) */
  captchaCode(key: string): Promise<string>;
  /** signs in with the password grant; answers the token answer */
  login(account?: string, password?: string, tenantId?: string): Promise<Record<string, any>>;
  /** fetch with the envelope parsed; token adds Blade-Auth */
  api(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * Migrated, seeded databases made once per `npm test` run (server/test/template.ts, called by
 * scripts/test.mjs): a server copies one instead of migrating and seeding from nothing (seconds per
 * suite on PGlite). Without them (a test file run on its own) every server starts from an empty database.
 */
const PGLITE_TEMPLATE = process.env.TEST_PGLITE_TEMPLATE ?? '';
const PG_TEMPLATE = process.env.TEST_PG_TEMPLATE ?? '';
/** The same with the demo campus made (and, for PostgreSQL, the folder holding its uploaded files). */
const PGLITE_CAMPUS = process.env.TEST_PGLITE_CAMPUS ?? '';
const PG_CAMPUS = process.env.TEST_PG_CAMPUS ?? '';
const PG_CAMPUS_FILES = process.env.TEST_PG_CAMPUS_FILES ?? '';

/** The PGlite template copied into a data folder (when npm test made one), so a server booting on it neither migrates nor seeds. */
export function copyPgliteTemplate(dataDir: string): void {
  if (PGLITE_TEMPLATE && existsSync(join(PGLITE_TEMPLATE, 'pgdata'))) cpSync(join(PGLITE_TEMPLATE, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
}

/**
 * A data folder for a server booted on it with dataDir: the template with the demo campus when npm test
 * made one (its database and uploaded files), else the bare one (the server then makes the campus).
 */
export function copyCampusTemplate(dataDir: string): void {
  if (!PGLITE_CAMPUS || !existsSync(join(PGLITE_CAMPUS, 'pgdata'))) return copyPgliteTemplate(dataDir);
  cpSync(join(PGLITE_CAMPUS, 'pgdata'), join(dataDir, 'pgdata'), { recursive: true });
  if (existsSync(join(PGLITE_CAMPUS, 'upload'))) cpSync(join(PGLITE_CAMPUS, 'upload'), join(dataDir, 'upload'), { recursive: true });
}

/** A fresh PostgreSQL database holding the seed: a copy of npm test's template, else empty (the server seeds it). */
export const seededPostgresDatabase = (prefix: string) => freshPostgresDatabase(prefix, PG_TEMPLATE);

let pgChecked: boolean | undefined;
/** PostgreSQL runs in the suite when reachable (and TEST_PG is not "off"). */
export async function postgresAvailable(): Promise<boolean> {
  if (process.env.TEST_PG === 'off') return false;
  // npm test made a PostgreSQL template: the server answered at the start of the run. Asking again
  // in every file could time out on a loaded machine and quietly move a suite to PGlite.
  if (PG_TEMPLATE) return true;
  if (pgChecked !== undefined) return pgChecked;
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 10_000 });
  try {
    await c.connect();
    await c.end();
    pgChecked = true;
  } catch {
    pgChecked = false;
  }
  return pgChecked;
}

/** A new database on the PostgreSQL test server (empty, or a copy of `template`), and how to drop it. */
export async function freshPostgresDatabase(prefix: string, template = ''): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const name = prefix + randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = '/' + name;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Where a suite runs. The suites whose subject is the database layer itself (`both`: tenant scope,
 * the data layer, run-time models, leases, tenant SQL, the access sweeps, the workflow engine) run on
 * PGlite and on PostgreSQL. Every other API suite tests what the server does with a request, the
 * same SQL on either database: it runs once, on PostgreSQL when reachable (a third of PGlite's CPU;
 * the browser journeys run the whole app on PGlite), else on PGlite. TEST_DATABASES=all runs every suite
 * on both; `only` runs a suite on one of them (a long suite split into one file per database, so each
 * file has its own time-out and the two run side by side).
 */
export async function databasesFor(opts: { only?: DbKind; both?: boolean } = {}): Promise<DbKind[]> {
  const pg = await postgresAvailable();
  const kinds: DbKind[] = pg ? ['pglite', 'postgres'] : ['pglite'];
  if (opts.only) return kinds.filter((k) => k === opts.only);
  return pg && !opts.both && process.env.TEST_DATABASES !== 'all' ? ['postgres'] : kinds;
}

/** Access tokens of the seed's administrator, the second tenant's (100001) administrator and the ordinary user, signed in at once. */
export async function seedTokens(s: TestServer): Promise<{ admin: string; other: string; user: string }> {
  const [admin, other, user] = await Promise.all([s.login(), s.login('admin', 'admin', '100001'), s.login('user', 'user')].map((p) => p.then((r) => r.access_token as string)));
  return { admin, other, user };
}

export async function forEachDatabase(name: string, fn: (kind: DbKind) => void, opts: { only?: DbKind; both?: boolean } = {}): Promise<void> {
  for (const kind of await databasesFor(opts)) describe(`${name} [${kind}]`, () => fn(kind));
}

/**
 * databaseUrl: run on an existing PostgreSQL database (another node of the same deployment)
 * instead of a fresh one; it is left in place on close, for its creator to drop.
 */
export async function startServer(opts: { kind?: DbKind; config?: Partial<Config>; webDist?: string; databaseUrl?: string } = {}): Promise<TestServer> {
  const kind = opts.databaseUrl ? 'postgres' : (opts.kind ?? 'pglite');
  const dir = mkdtempSync(join(tmpdir(), 'campus-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl = opts.databaseUrl ?? '';
  // the templates hold the demo data: a server asked for a bare platform starts from nothing
  const seeded = opts.config?.seedDemo !== false && !opts.config?.dataDir;
  // a server asking for the demo campus copies the template that has it, with its uploaded files
  const campus = seeded && opts.config?.seedCampus === true && !!(kind === 'postgres' ? PG_CAMPUS : PGLITE_CAMPUS);
  if (kind === 'postgres' && !databaseUrl) ({ url: databaseUrl, drop: dropDb } = await freshPostgresDatabase('t_', campus ? PG_CAMPUS : seeded ? PG_TEMPLATE : ''));
  if (kind === 'pglite' && campus) cpSync(join(PGLITE_CAMPUS, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
  else if (kind === 'pglite' && seeded) copyPgliteTemplate(dir);
  const campusFiles = campus ? join(kind === 'postgres' ? PG_CAMPUS_FILES : PGLITE_CAMPUS, 'upload') : '';
  if (campusFiles && existsSync(campusFiles)) cpSync(campusFiles, join(dir, 'upload'), { recursive: true });
  const config = loadConfig({
    dataDir: dir, databaseUrl, port: 0, host: '127.0.0.1', logLevel: 'silent', jwtSecret: '',
    webDist: opts.webDist ?? join(dir, 'no-web'), uploadDir: join(dir, 'upload'),
    // no egress allowance and no clear-text IMAP/POP3 unless a suite asks (a loopback peer needs egressAllow)
    egressAllow: [], imapAllowPlaintext: false, pop3AllowPlaintext: false,
    // the demo campus only for a suite that asks (config.seedCampus): the others keep the bare seed they count on
    seedCampus: false, ...opts.config,
  });
  const server = await buildApp(config, { logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = server.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

  const api: TestServer['api'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Blade-Auth', `bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url + path, { ...init, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  return {
    url, server, kind, api, databaseUrl,
    async captchaCode(key) {
      const r = await sql<{ code: string }>`select code from blade_captcha where key = ${key}`.execute(server.database.db);
      return r.rows[0]?.code ?? '';
    },
    async login(account = 'admin', password = 'admin', tenantId = '000000') {
      const q = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
      const r = await api(`/api/blade-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
      if (r.status !== 200) throw new Error(`login ${account}@${tenantId} failed: ${JSON.stringify(r.body)}`);
      return r.body as Record<string, any>;
    },
    async close() {
      await server.close();
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user who signs in with password "user": a copy of the seeded user with other departments and roles. */
export async function addUser(s: TestServer, account: string, opts: { deptId?: string; roleId?: string; tenantId?: string; deleted?: boolean } = {}): Promise<string> {
  const id = nextId();
  await sql`insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, is_deleted)
    select ${id}, ${opts.tenantId ?? SEED.tenant}, ${account}, password, ${account}, ${account}, ${opts.roleId ?? ''}, ${opts.deptId ?? ''}, ${opts.deleted ? 1 : 0}
    from blade_user where id = ${SEED.userId}`.execute(s.server.database.db);
  return id;
}
