// PGlite is one connection: a query of one request must never run inside another request's open
// transaction, and two transactions take turns (Kysely's runtime driver lends the connection to one
// caller at a time because the PGlite adapter says it has no second one).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, sql } from 'kysely';

let client: PGlite;
let db: Kysely<{ t: { n: number } }>;

before(async () => {
  client = await PGlite.create();
  db = new Kysely<{ t: { n: number } }>({ dialect: new PGliteDialect({ pglite: client }) });
  await sql`create table t (n int)`.execute(db);
});
after(async () => { await db.destroy(); });

const count = async () => Number((await sql<{ c: string }>`select count(*) as c from t`.execute(db)).rows[0].c);

test('a query outside a transaction does not see, or join, that transaction', async () => {
  let inserted!: () => void;
  const insertedYet = new Promise<void>((r) => { inserted = r; });
  let seenOutside = -1;
  const tx = db.transaction().execute(async (trx) => {
    await sql`insert into t values (1)`.execute(trx);
    inserted();
    // give the outside query every chance to run while this transaction is open
    await new Promise((r) => setTimeout(r, 50));
    throw new Error('roll back');
  });
  await insertedYet;
  const outside = count().then((c) => { seenOutside = c; });
  await assert.rejects(tx, /roll back/);
  await outside;
  assert.equal(seenOutside, 0, 'the outside query ran after the rollback, on its own');
  assert.equal(await count(), 0);
});

test('two transactions at once run one after the other, each whole', async () => {
  const run = (n: number) => db.transaction().execute(async (trx) => {
    await sql`insert into t values (${n})`.execute(trx);
    await new Promise((r) => setTimeout(r, 20));
    return Number((await sql<{ c: string }>`select count(*) as c from t where n = ${n}`.execute(trx)).rows[0].c);
  });
  assert.deepEqual(await Promise.all([run(7), run(8), run(7)]), [1, 1, 2]);
  assert.equal(await count(), 3);
});
