// Id-generator worker ids (db/worker.ts, db/ids.ts): each node leases a distinct one in the shared
// database, a released one is handed out again, a stale one (its node died) is reclaimed, a node
// whose lease was taken over moves to another id, and NODE_ID takes its own id whoever holds it.
// Several leases on one database stand for several nodes; two real server processes are in
// trust/multinode.test.ts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { nextId, UNLEASED, workerId, workerOf } from '../src/db/ids.ts';
import { leaseWorkerId, type WorkerLease } from '../src/db/worker.ts';
import { forEachDatabase, startServer, type TestServer } from './harness.ts';

await forEachDatabase('id-generator worker leases', (kind) => {
  let s: TestServer;
  const open: WorkerLease[] = [];
  before(async () => { s = await startServer({ kind }); });
  after(async () => {
    for (const l of open) await l.close();
    await s?.close();
  });
  const db = () => s.server.database.db;
  const leases = async () => (await sql<{ workerId: number; pid: number; configured: number }>`select worker_id, pid, configured from blade_node_lease order by worker_id`.execute(db())).rows;
  const lease = async (nodeId?: number) => { const l = await leaseWorkerId(db(), { nodeId, heartbeatMs: 3_600_000 }); open.push(l); return l; };

  test('the server leases worker id 0, shows it on /healthz and makes its ids with it', async () => {
    assert.deepEqual(await leases(), [{ workerId: 0, pid: process.pid, configured: 0 }]);
    assert.equal(workerId(), 0);
    assert.equal(workerOf(nextId()), 0);
    assert.equal((await s.api('/healthz')).body.worker, 0);
  });

  test('nodes leasing at the same moment get distinct ids; a released one is handed out again', async () => {
    const many = await Promise.all([1, 2, 3, 4, 5].map(() => lease()));
    assert.deepEqual(many.map((l) => l.id).sort((a, b) => a - b), [1, 2, 3, 4, 5]);
    assert.ok([1, 2, 3, 4, 5].includes(workerId()), 'this process makes ids with its newest lease');
    const third = many.find((l) => l.id === 3)!;
    await third.close();
    assert.deepEqual((await leases()).map((r) => r.workerId), [0, 1, 2, 4, 5]);
    const again = await lease();
    assert.equal(again.id, 3, 'the restarted node gets the released id back');
    for (const l of many) await l.close();
    await again.close();
    assert.deepEqual((await leases()).map((r) => r.workerId), [0]);
    assert.equal(workerId(), 0, 'back to the server lease once the others are given up');
  });

  test('a dead node\'s stale lease is reclaimed; the node that lost it moves to another id before making more', async () => {
    const sleeper = await lease();
    assert.equal(sleeper.id, 1);
    await sleeper.beat();
    assert.equal((await leases()).length, 2, 'a heartbeat keeps the lease');
    await sql`update blade_node_lease set heartbeat = now() - interval '10 minutes' where worker_id = 1`.execute(db());
    const fresh = await lease();
    assert.equal(fresh.id, 1, 'the stale lease goes to the next node');
    const warnings: string[] = [];
    sleeper.warn = (m) => warnings.push(m);
    await sleeper.beat(); // the paused node wakes up
    assert.equal(sleeper.id, 2);
    assert.match(warnings.join('\n'), /worker id 1 was taken over .* now uses 2/);
    assert.deepEqual((await leases()).map((r) => r.workerId), [0, 1, 2]);
    assert.equal(workerOf(nextId()), 2);
    await sleeper.close();
    await fresh.close();
    assert.equal(workerId(), 0);
  });

  test('NODE_ID takes that id even from a leased node, which then leases another; never the unleased id', async () => {
    const leased = await lease();
    assert.equal(leased.id, 1);
    const pinned = await lease(1);
    assert.equal(pinned.configured, true);
    assert.equal(pinned.id, 1);
    await leased.beat();
    assert.equal(leased.id, 2);
    assert.deepEqual(await leases(), [{ workerId: 0, pid: process.pid, configured: 0 }, { workerId: 1, pid: process.pid, configured: 1 }, { workerId: 2, pid: process.pid, configured: 0 }]);
    // every id below UNLEASED is held: the next node is refused, never given UNLEASED or a duplicate
    await sql`insert into blade_node_lease (worker_id, token, host, pid) select g, 'filler', 'elsewhere', 1 from generate_series(3, ${UNLEASED - 1}::int) g`.execute(db());
    await assert.rejects(leaseWorkerId(db()), /no id-generator worker id is free/);
    await sql`delete from blade_node_lease where token = 'filler'`.execute(db());
    await pinned.close();
    await leased.close();
    assert.deepEqual((await leases()).map((r) => r.workerId), [0]);
  });
}, { both: true });
