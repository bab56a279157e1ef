// An install made with PGlite 0.4 (PostgreSQL 17 files) starts on PGlite 0.5 (PostgreSQL 18): the
// folder is moved over once at start (db/pglite-upgrade.ts) and every row, password and sequence is
// as it was; the old files are kept aside. A folder the program cannot read stops the start, unchanged.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CamelCasePlugin, Kysely, PGliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Db } from '../src/db/index.ts';
import { seed } from '../src/db/seed.ts';
import { hashPassword, md5 } from '../src/modules/auth/password.ts';
import { collectMigrations } from '../src/db/migrate.ts';
import { folderMajor, PGLITE_MAJOR } from '../src/db/pglite-upgrade.ts';
import { modules } from '../src/modules/index.ts';
import { startServer } from './harness.ts';

const dirs: string[] = [];
after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tempDir = () => { const d = mkdtempSync(join(tmpdir(), 'campus-upgrade-')); dirs.push(d); return d; };

test('a PostgreSQL 17 folder (PGlite 0.4), migrated only part way, comes up on PostgreSQL 18 with every row, NULL, empty string, password and sequence', async () => {
  const dir = tempDir();
  const folder = join(dir, 'pgdata');
  const migrations = collectMigrations(modules);
  const names = Object.keys(migrations).sort();
  const partWay = names[names.indexOf('0020_trigram_search')];
  assert.ok(partWay, 'migration 0020 exists');

  // the install as PGlite 0.4 left it: migrated up to 0020, with data of its own
  const { PGlite: Old } = await import('@electric-sql/pglite-v04');
  const { pg_trgm } = await import('@electric-sql/pglite-v04/contrib/pg_trgm');
  const old = await Old.create(folder, { extensions: { pg_trgm } });
  const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect({ pglite: old as never }), plugins: [new CamelCasePlugin()] });
  const done = await new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true }).migrateTo(partWay);
  assert.equal(done.error, undefined);
  await seed(db as unknown as Db, { hashPassword, md5 });
  await old.exec(`update blade_user set real_name = '升级前的管理员' where account = 'admin'`);
  await old.exec(`insert into blade_param (id, tenant_id, param_name, param_key, param_value, remark) values
    (1900000000000000001, '000000', '升级测试', 'upgrade.empty', '', null),
    (1900000000000000002, '000000', '升级测试二', 'upgrade.text', 'a,"b"' || chr(10) || 'c', '备注')`);
  const grants = Number((await old.query<{ n: string }>(`select count(*)::text as n from blade_role_menu`)).rows[0].n);
  const seq = (await old.query<{ v: string }>(`select last_value::text as v from blade_role_menu_id_seq`)).rows[0].v;
  await old.close();
  assert.equal(folderMajor(folder), 17);

  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => { lines.push(a.join(' ')); };
  let s;
  try { s = await startServer({ config: { dataDir: dir } }); } finally { console.log = log; }
  try {
    assert.equal(folderMajor(folder), PGLITE_MAJOR);
    const kept = readdirSync(dir).filter((f) => /^pgdata-pg17-/.test(f));
    assert.equal(kept.length, 1, `the old files are kept aside: ${readdirSync(dir).join(', ')}`);
    assert.equal(readFileSync(join(dir, kept[0], 'PG_VERSION'), 'utf8').trim(), '17');
    assert.ok(lines.some((l) => l.includes('moved to PostgreSQL 18')), lines.join('\n'));

    // the password and the row written before: the old admin signs in as before
    const token = (await s.login('admin', 'admin')).access_token as string;
    const user = await s.api('/api/blade-system/user/list?account=admin', { token });
    assert.equal(user.body.data.records[0].realName, '升级前的管理员');
    const params = await s.api('/api/blade-system/param/list?paramName=升级测试&size=10', { token });
    type Param = { paramKey: string; paramValue: string; remark: string | null };
    const byKey = Object.fromEntries((params.body.data.records as Param[]).map((p) => [p.paramKey, p]));
    assert.deepEqual([byKey['upgrade.empty']?.paramValue, byKey['upgrade.empty']?.remark], ['', null]);
    assert.deepEqual([byKey['upgrade.text']?.paramValue, byKey['upgrade.text']?.remark], ['a,"b"\nc', '备注']);

    // every migration after 0020 ran on the new files; the grants and their sequence went across
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(s.server.database.db);
    assert.deepEqual(applied.rows.map((r) => r.name), names);
    // the grants (more since 0020: later migrations grant their menus) and their sequence went
    // across (the upgrade compares every table's rows itself): a new grant takes a free id
    const after = await sql<{ n: string; max: string }>`select count(*)::text as n, max(id)::text as max from blade_role_menu`.execute(s.server.database.db);
    assert.ok(Number(after.rows[0].n) >= grants, `${after.rows[0].n} grants, ${grants} before the later migrations`);
    assert.ok(BigInt(after.rows[0].max) >= BigInt(seq));
    const fresh = await sql<{ id: string }>`insert into blade_role_menu (menu_id, role_id) values (1, 1) returning id::text as id`.execute(s.server.database.db);
    assert.ok(BigInt(fresh.rows[0].id) > BigInt(after.rows[0].max), 'a new grant takes the next id, no collision');
  } finally {
    await s.close();
  }
});

test('a folder of a newer PostgreSQL than this program reads stops the start and is left as it was', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'pgdata'));
  writeFileSync(join(dir, 'pgdata', 'PG_VERSION'), '19\n');
  await assert.rejects(openDatabase(loadConfig({ dataDir: dir, databaseUrl: '' }), { migrations: collectMigrations(modules) }), /holds PostgreSQL 19 files.*newer than this program/);
  assert.deepEqual(readdirSync(join(dir, 'pgdata')), ['PG_VERSION']);
  assert.deepEqual(readdirSync(dir), ['pgdata']);
});
