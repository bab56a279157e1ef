// db/tenant-scope.ts: a statement run through scoped(db, tenant) sees and touches only that
// tenant's rows, whatever its shape; what it cannot scope it refuses.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sql, type Generated, type Kysely } from 'kysely';
import type { Config } from '../src/config.ts';
import { openDatabase, type Database, type Tables } from '../src/db/index.ts';

// the tables this test makes for itself (a scoped insert fills tenant_id: optional here)
type TestTables = {
  tsOwner: { id: number; tenantId: Generated<string>; name: string | null };
  tsItem: { id: number; tenantId: Generated<string>; ownerId: number | null; name: string | null; qty: Generated<number> };
  tsPlain: { id: number; name: string | null };
  tsFav: { tenantId: Generated<string>; userId: number; fav: string; hits: Generated<number> };
};
import { loadTenantTables, scoped, TENANT, TenantScopeError, tenantSql } from '../src/db/tenant-scope.ts';
import { forEachDatabase, freshPostgresDatabase } from './harness.ts';

await forEachDatabase('tenant scope', (kind) => {
  let database: Database;
  let db: Kysely<Tables & TestTables>;
  let cleanup: () => Promise<void>;
  const A = '100001', B = '100002';

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tenant-scope-'));
    let drop = async () => undefined as void;
    let databaseUrl = '';
    if (kind === 'postgres') ({ url: databaseUrl, drop } = await freshPostgresDatabase('ts_'));
    database = await openDatabase({ dataDir: dir, databaseUrl } as Config);
    db = database.db.withTables<TestTables>();
    cleanup = async () => { await database.close(); await drop(); rmSync(dir, { recursive: true, force: true }); };
    await sql`create table ts_owner (id int primary key, tenant_id varchar(12) not null, name text)`.execute(db);
    await sql`create table ts_item (id int primary key, tenant_id varchar(12) not null, owner_id int, name text, qty int default 0)`.execute(db);
    await sql`create table ts_plain (id int primary key, name text)`.execute(db);
    await sql`create table ts_fav (tenant_id varchar(12) not null, user_id int, fav text, hits int default 0, primary key (user_id, fav))`.execute(db);
    await sql`insert into ts_owner values (1, ${A}, 'a-owner'), (2, ${B}, 'b-owner')`.execute(db);
    await sql`insert into ts_item values (1, ${A}, 1, 'a1', 1), (2, ${A}, 1, 'a2', 2), (3, ${B}, 2, 'b1', 3), (4, ${B}, 1, 'b-cross', 4)`.execute(db);
    await sql`insert into ts_plain values (1, 'p1'), (2, 'p2')`.execute(db);
    await loadTenantTables(database.db);
  });
  after(() => cleanup());

  const names = (rows: { name?: unknown }[]) => rows.map((r) => String(r.name)).sort();
  const count = async (table: string, tenant: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenant}`.execute(db)).rows[0]!.n);

  test('a select sees only the tenant\'s rows; with a join and aliases both sides are filtered, a LEFT JOIN stays a left join', async () => {
    assert.deepEqual(names(await scoped(db, A).selectFrom('tsItem').select('name').execute()), ['a1', 'a2']);
    const joined = await scoped(db, B).selectFrom('tsItem as i').innerJoin('tsOwner as o', 'o.id', 'i.ownerId').select(['i.name', 'o.name as owner']).execute();
    // b-cross points at tenant A's owner: the join does not reach it
    assert.deepEqual(joined, [{ name: 'b1', owner: 'b-owner' }]);
    const left = await scoped(db, B).selectFrom('tsItem as i').leftJoin('tsOwner as o', 'o.id', 'i.ownerId').select(['i.name', 'o.name as owner']).orderBy('i.id').execute();
    assert.deepEqual(left, [{ name: 'b1', owner: 'b-owner' }, { name: 'b-cross', owner: null }]);
  });

  test('a subquery in WHERE, a CTE and a UNION are filtered too; an OR in the caller\'s WHERE stays inside its parentheses', async () => {
    const sub = await scoped(db, B).selectFrom('tsOwner').select('name')
      .where('id', 'in', db.selectFrom('tsItem').select('ownerId')).execute();
    assert.deepEqual(names(sub), ['b-owner']); // tenant B's items point at owners 1 and 2, only B's owner 2 is B's
    const cte = await scoped(db, A).with('mine', (qb) => qb.selectFrom('tsItem').select(['id', 'name'])).selectFrom('mine').select('name').execute();
    assert.deepEqual(names(cte), ['a1', 'a2']);
    const union = await scoped(db, A).selectFrom('tsItem').select('name').union(db.selectFrom('tsOwner').select('name')).execute();
    // (an unscoped builder inside a scoped statement: the outer statement's scope applies to it)
    assert.deepEqual(names(union), ['a-owner', 'a1', 'a2']);
    const ors = await scoped(db, A).selectFrom('tsItem').select('name').where(sql<boolean>`name = 'b1' or name = 'a1'`).execute();
    assert.deepEqual(names(ors), ['a1']);
  });

  test('an update and a delete touch only the tenant\'s rows', async () => {
    const u = await scoped(db, A).updateTable('tsItem').set({ qty: 10 }).where('name', 'in', ['a1', 'b1']).executeTakeFirst();
    assert.equal(Number(u.numUpdatedRows), 1);
    const touched = await db.selectFrom('tsItem').select(['name', 'qty']).where('qty', '=', 10).execute();
    assert.deepEqual(touched, [{ name: 'a1', qty: 10 }]);
    // update … from another tenant table: both filtered
    await scoped(db, B).updateTable('tsItem as i').from('tsOwner as o').set({ qty: 20 }).whereRef('o.id', '=', 'i.ownerId').execute();
    assert.deepEqual(names(await db.selectFrom('tsItem').select('name').where('qty', '=', 20).execute()), ['b1']);
    const d = await scoped(db, B).deleteFrom('tsItem').where('name', '=', 'a2').executeTakeFirst();
    assert.equal(Number(d.numDeletedRows), 0);
    assert.equal(await count('ts_item', A), 2);
  });

  test('an insert gets the tenant; a row naming another tenant is refused; insert … select copies only the tenant\'s rows', async () => {
    await scoped(db, A).insertInto('tsItem').values({ id: 10, name: 'a-new', ownerId: 1 }).execute();
    await scoped(db, A).insertInto('tsItem').values([{ id: 11, name: 'a-same', tenantId: A }, { id: 12, name: 'a-same2', tenantId: TENANT }]).execute();
    assert.deepEqual(names(await db.selectFrom('tsItem').select('name').where('tenantId', '=', A).where('id', '>=', 10).execute()), ['a-new', 'a-same', 'a-same2']);
    await assert.rejects(scoped(db, A).insertInto('tsItem').values({ id: 13, name: 'x', tenantId: B }).execute(), TenantScopeError);
    await assert.rejects(scoped(db, A).insertInto('tsItem').values({ id: 13, name: 'x', tenantId: sql`'${sql.raw(B)}'` }).execute(), TenantScopeError);
    await scoped(db, B).insertInto('tsItem').columns(['id', 'name', 'ownerId'])
      .expression((eb) => eb.selectFrom('tsItem').select([sql<number>`id + 100`.as('id'), sql<string>`name || '-copy'`.as('name'), 'ownerId'])).execute();
    assert.deepEqual(names(await db.selectFrom('tsItem').select('name').where('id', '>', 100).execute()), ['b-cross-copy', 'b1-copy']);
    assert.equal(Number((await db.selectFrom('tsItem').select(sql<string>`count(*)`.as('n')).where('id', '>', 100).where('tenantId', '=', B).executeTakeFirstOrThrow()).n), 2);
    // on conflict do update: another tenant's row under the same key stays as it was
    await db.insertInto('tsFav').values({ tenantId: B, userId: 7, fav: 'k', hits: 5 }).execute();
    await scoped(db, A).insertInto('tsFav').values({ userId: 7, fav: 'k', hits: 1 })
      .onConflict((oc) => oc.columns(['userId', 'fav']).doUpdateSet({ hits: sql`ts_fav.hits + 1` })).execute();
    assert.deepEqual(await db.selectFrom('tsFav').select(['tenantId', 'hits']).execute(), [{ tenantId: B, hits: 5 }]);
    await assert.rejects(scoped(db, A).updateTable('tsItem').set({ tenantId: B }).execute(), TenantScopeError);
  });

  test('a table without tenant_id is untouched', async () => {
    assert.deepEqual(names(await scoped(db, A).selectFrom('tsPlain').select('name').execute()), ['p1', 'p2']);
    const joined = await scoped(db, A).selectFrom('tsPlain as p').innerJoin('tsItem as i', 'i.id', 'p.id').select('p.name').execute();
    assert.deepEqual(names(joined), ['p1', 'p2']); // items 1 and 2 are A's
    assert.deepEqual(names(await scoped(db, B).selectFrom('tsPlain as p').innerJoin('tsItem as i', 'i.id', 'p.id').select('p.name').execute()), []);
    await scoped(db, A).updateTable('tsPlain').set({ name: 'p1!' }).where('id', '=', 1).execute();
    assert.deepEqual(names(await db.selectFrom('tsPlain').select('name').execute()), ['p1!', 'p2']);
  });

  test('raw SQL: a tenant table named without ${TENANT} is refused; with it, the tenant is bound', async () => {
    await assert.rejects(sql`select name from ts_item`.execute(scoped(db, A)), TenantScopeError);
    await assert.rejects(scoped(db, A).selectFrom('tsPlain').select('name').where(sql<boolean>`exists (select 1 from ts_item where ts_item.id = ts_plain.id)`).execute(), TenantScopeError);
    await assert.rejects(scoped(db, A).selectFrom(sql`ts_item`.as('x')).selectAll().execute(), TenantScopeError);
    await assert.rejects(sql`select * from ${sql.table('ts_owner')}`.execute(scoped(db, A)), TenantScopeError);
    assert.throws(() => tenantSql`select name from ts_item join ts_owner on true where ts_item.tenant_id = ${TENANT}`, TenantScopeError);
    const r = await tenantSql<{ name: string }>`select name from ts_item where tenant_id = ${TENANT} and id < 100`.execute(scoped(db, B));
    assert.deepEqual(names(r.rows), ['b-cross', 'b1']);
    // raw SQL over tables without tenant_id, and functions in FROM, pass
    assert.equal((await sql`select name from ts_plain`.execute(scoped(db, A))).rows.length, 2);
    // outside a scoped db the placeholder fails instead of matching nothing (or everything)
    await assert.rejects(tenantSql`select 1 from ts_item where tenant_id = ${TENANT}`.execute(db));
  });

  test('what cannot be scoped is refused: RIGHT/FULL joins with a tenant table, insert … select *', async () => {
    await assert.rejects(scoped(db, A).selectFrom('tsPlain as p').rightJoin('tsItem as i', 'i.id', 'p.id').selectAll().execute(), TenantScopeError);
    await assert.rejects(scoped(db, A).selectFrom('tsItem as i').fullJoin('tsPlain as p', 'i.id', 'p.id').selectAll().execute(), TenantScopeError);
    await assert.rejects(scoped(db, A).insertInto('tsOwner').expression((eb) => eb.selectFrom('tsPlain').selectAll()).execute(), TenantScopeError);
  });

  test('an empty tenant id reads nothing and writes nothing', async () => {
    assert.deepEqual(await scoped(db, '').selectFrom('tsItem').select('name').execute(), []);
    await assert.rejects(scoped(db, '').insertInto('tsItem').values({ id: 50, name: 'none' }).execute(), TenantScopeError);
    assert.throws(() => scoped(db, undefined as unknown as string), TenantScopeError);
  });

  test('a transaction made scoped is scoped', async () => {
    await db.transaction().execute(async (tx) => {
      assert.deepEqual(names(await scoped(tx, B).selectFrom('tsOwner').select('name').execute()), ['b-owner']);
    });
  });
}, { both: true });
