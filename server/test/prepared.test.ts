// db/prepared.ts against the real PostgreSQL server: each pooled connection prepares a registered
// statement the first time it executes it, in the same round trip, and recovers when that query fails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFER_BEGIN, preparedStatement, prepareOnDemand } from '../src/db/prepared.ts';
import { PG_ADMIN_URL, postgresAvailable } from './harness.ts';

const available = await postgresAvailable();

describe('prepared statements on demand (PostgreSQL)', { skip: !available && 'PostgreSQL is not reachable' }, () => {
  let pool: pg.Pool;
  const prepared = async (c: pg.PoolClient) => (await c.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);
  before(() => {
    pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 2 });
    pool.on('connect', (c) => prepareOnDemand(c as never));
  });
  after(() => pool.end());

  test('the first execute on a connection prepares, later ones only execute; the caller sees its own results', async () => {
    const name = preparedStatement('t_double', '(int) as select $1 * 2 as v')!;
    const c = await pool.connect();
    try {
      assert.deepEqual(await prepared(c), []);
      const r1 = await c.query(`execute ${name}(21)`);
      assert.deepEqual(r1.rows, [{ v: 42 }]); // one statement asked, one result (the PREPARE's is dropped)
      assert.deepEqual(await prepared(c), [name]);
      const r2 = (await c.query(`select 1 as a; execute ${name}(5)`)) as unknown as pg.QueryResult[];
      assert.equal(r2.length, 2);
      assert.deepEqual(r2[1]!.rows, [{ v: 10 }]);
    } finally { c.release(); }
  });

  test('a query that fails after its PREPARE leaves the statement usable; a failed PREPARE is retried safely', async () => {
    const name = preparedStatement('t_inc', '(int) as select $1 + 1 as v')!;
    const c = await pool.connect();
    try {
      await assert.rejects(c.query(`execute ${name}(1); select 1/0`), /division by zero/);
      // the connection now may or may not have it (it has: PREPARE ran first): the next use asks the server
      assert.deepEqual((await c.query(`execute ${name}(1)`)).rows, [{ v: 2 }]);
      assert.deepEqual((await c.query(`execute ${name}(2)`)).rows, [{ v: 3 }]);
      // a statement whose own PREPARE fails (no such table) fails the query; nothing is remembered wrongly
      const bad = preparedStatement('t_bad', ' as select * from no_such_table_here')!;
      await assert.rejects(c.query(`execute ${bad}`), /no_such_table_here/);
      await assert.rejects(c.query(`execute ${bad}`), /no_such_table_here/);
      assert.ok(!(await prepared(c)).includes(bad));
    } finally { c.release(); }
  });

  test('a deferred BEGIN goes out with the next statement (simple or with parameters); COMMIT/ROLLBACK while pending send nothing', async () => {
    const c = await pool.connect();
    try {
      await c.query('create temp table defer_probe (x int)');
      // simple: BEGIN travels with the insert, the rollback undoes it
      await c.query(DEFER_BEGIN);
      const r = await c.query('insert into defer_probe values (1) returning x');
      assert.deepEqual(r.rows, [{ x: 1 }]); // the caller's own result, not BEGIN's
      await c.query('rollback');
      assert.deepEqual((await c.query('select count(*)::int as n from defer_probe')).rows, [{ n: 0 }]);
      // with parameters: BEGIN goes first on its own
      await c.query(DEFER_BEGIN);
      await c.query('insert into defer_probe values ($1)', [2]);
      await c.query('rollback');
      assert.deepEqual((await c.query('select count(*)::int as n from defer_probe')).rows, [{ n: 0 }]);
      // nothing ran before COMMIT: it ends the pending BEGIN, so the next statement is its own
      // transaction (a leaked BEGIN would let the rollback below undo it)
      await c.query(DEFER_BEGIN);
      await c.query('commit');
      await c.query('insert into defer_probe values (3)');
      await c.query('rollback');
      assert.deepEqual((await c.query('select count(*)::int as n from defer_probe')).rows, [{ n: 1 }]);
    } finally { c.release(); }
  });

  test('queries with parameters and unregistered names pass through untouched', async () => {
    const c = await pool.connect();
    try {
      assert.deepEqual((await c.query('select $1::int as v', [7])).rows, [{ v: 7 }]);
      await assert.rejects(c.query('execute not_registered_anywhere(1)'), /does not exist/);
    } finally { c.release(); }
  });
});
