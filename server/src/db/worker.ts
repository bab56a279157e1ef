// The id generator's worker id of this node (db/ids.ts), leased in the shared database so two nodes
// never make ids with the same one (a random pick collides 1 in 1,024 per pair of nodes).
// At boot a node takes the lowest id in 0..1022 nobody holds (blade_node_lease, migration 0025):
// one statement inserts the lease or takes over a stale one, so nodes booting together get
// different ids (the loser of a race on a row finds it fresh and tries again). A heartbeat keeps the
// lease; stopping deletes it, so a restarted node gets it back; a node that died without stopping
// leaves a lease that is handed out again once its heartbeat is older than STALE_SECONDS.
// NODE_ID, when set, is the operator's choice: that lease is taken whoever holds it (a leased node
// that loses it notices at its next heartbeat and leases another id before making more).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './index.ts';
import { dropWorkerId, holdWorkerId, UNLEASED } from './ids.ts';

export const HEARTBEAT_MS = 10_000;
/** a lease whose heartbeat is older than this belongs to a node that is gone */
export const STALE_SECONDS = 60;

export interface WorkerLease {
  /** the worker id this node makes ids with */
  readonly id: number;
  /** true when it came from NODE_ID */
  readonly configured: boolean;
  /** where problems are reported (the server's logger once it exists) */
  warn: (msg: string) => void;
  /** one heartbeat now (the timer does this every HEARTBEAT_MS) */
  beat(): Promise<void>;
  /** deletes the lease; ids are no longer made with it */
  close(): Promise<void>;
}

interface Options { nodeId?: number; heartbeatMs?: number; staleSeconds?: number }

/** NODE_ID from the environment (checked by config.ts), if set. */
export function configuredNodeId(source: NodeJS.ProcessEnv = process.env): number | undefined {
  return source.NODE_ID ? Number(source.NODE_ID) : undefined;
}

export async function leaseWorkerId(db: Db, opts: Options = {}): Promise<WorkerLease> {
  const token = randomUUID();
  const host = hostname().slice(0, 255);
  const pid = process.pid;
  const stale = opts.staleSeconds ?? STALE_SECONDS;
  const configured = opts.nodeId !== undefined;

  const claim = async (): Promise<number> => {
    if (configured) {
      const id = opts.nodeId!;
      await sql`insert into blade_node_lease (worker_id, token, host, pid, configured, claimed_at, heartbeat)
        values (${id}, ${token}, ${host}, ${pid}, 1, now(), now())
        on conflict (worker_id) do update set token = excluded.token, host = excluded.host, pid = excluded.pid,
          configured = 1, claimed_at = now(), heartbeat = now()`.execute(db);
      return id;
    }
    for (let attempt = 0; attempt < 50; attempt++) {
      const r = await sql<{ workerId: number }>`insert into blade_node_lease (worker_id, token, host, pid, configured, claimed_at, heartbeat)
        select g, ${token}, ${host}, ${pid}, 0, now(), now() from generate_series(0, ${UNLEASED - 1}::int) g
        where not exists (select 1 from blade_node_lease l where l.worker_id = g and l.heartbeat >= now() - make_interval(secs => ${stale}::float8))
        order by g limit 1
        on conflict (worker_id) do update set token = excluded.token, host = excluded.host, pid = excluded.pid,
          configured = 0, claimed_at = now(), heartbeat = now()
        where blade_node_lease.heartbeat < now() - make_interval(secs => ${stale}::float8)
        returning worker_id`.execute(db);
      if (r.rows[0]) return Number(r.rows[0].workerId);
      const free = await sql<{ n: number }>`select count(*)::int as n from blade_node_lease where heartbeat >= now() - make_interval(secs => ${stale}::float8)`.execute(db);
      if (Number(free.rows[0]?.n) >= UNLEASED) break;
      // another node took the same id at the same moment: the next free one
    }
    throw new Error(`no id-generator worker id is free: ${UNLEASED} nodes hold a lease in blade_node_lease (set NODE_ID, or wait ${stale} s for dead nodes' leases to go stale)`);
  };

  let id = await claim();
  holdWorkerId(id);
  let closed = false;
  let running: Promise<void> | null = null;

  const beatOnce = async () => {
    const r = await sql`update blade_node_lease set heartbeat = now() where worker_id = ${id} and token = ${token}`.execute(db);
    if (Number(r.numAffectedRows ?? 0n) > 0 || closed) return;
    const holder = (await sql<{ host: string; pid: number }>`select host, pid from blade_node_lease where worker_id = ${id}`.execute(db)).rows[0];
    const who = holder ? `${holder.host} pid ${holder.pid}` : 'nobody (the lease was deleted)';
    if (configured) {
      lease.warn(`NODE_ID ${id} is also used by ${who}: two nodes make ids with one worker id; give each node its own NODE_ID`);
      await claim();
      return;
    }
    // our lease went stale (a long pause) and another node took it: lease another before more ids
    const next = await claim();
    holdWorkerId(next);
    dropWorkerId(id);
    lease.warn(`id-generator worker id ${id} was taken over by ${who} after a missed heartbeat; this node now uses ${next}`);
    id = next;
  };
  const beat = () => {
    running ??= beatOnce().catch((e) => lease.warn(`worker id ${id} heartbeat: ${(e as Error).message}`)).finally(() => { running = null; });
    return running;
  };
  const timer = setInterval(() => void beat(), opts.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  const lease: WorkerLease = {
    get id() { return id; },
    configured,
    warn: (msg) => console.warn(msg),
    beat,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await running;
      dropWorkerId(id);
      await sql`delete from blade_node_lease where worker_id = ${id} and token = ${token}`.execute(db).catch(() => undefined);
    },
  };
  return lease;
}
