// Per-node caches (granted menus and codes, data and API scopes) stay right when several nodes
// serve one database: a node that empties a cache tells the others with PostgreSQL NOTIFY on that
// database, and every node LISTENs on a connection of its own. The answer of the request that
// caused the change waits until the notice has come back to this node's own listening connection
// (PostgreSQL hands a notice to every listener at once), so the other nodes hold it too and the next
// request, on any node, sees the change. A lost listening connection empties every cache (a notice may have been missed). On
// PGlite there is one node, so emptying the local cache is all there is to do.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

const CHANNEL = 'campus_cache';
/** How long an answer waits for its notice to come back before it leaves anyway (a slow or lost listener). */
const ECHO_WAIT_MS = 1000;

export class CacheSync {
  private readonly caches = new Map<string, () => void>();
  private readonly pending = new Set<Promise<unknown>>();
  /** this node's notices not yet back on its listening connection, by their sequence number */
  private readonly echoes = new Map<number, () => void>();
  private sent = 0;
  private readonly node = randomUUID();
  private client: import('pg').Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** notices received from other nodes, by cache name (for /metrics) */
  readonly received = new Map<string, number>();

  private constructor(private readonly db: Db, private readonly databaseUrl: string, private readonly log: (e: unknown) => void) {}

  static async open(db: Db, databaseUrl: string, log: (e: unknown) => void): Promise<CacheSync> {
    const sync = new CacheSync(db, databaseUrl, log);
    if (databaseUrl) {
      await sync.listen();
      sync.timer = setInterval(() => { if (!sync.client) void sync.listen(); }, 2000);
      sync.timer.unref();
    }
    return sync;
  }

  /** A cache by name and how to empty it on this node. */
  register(name: string, clearLocal: () => void): void {
    this.caches.set(name, clearLocal);
  }

  /** Tells the other nodes to empty the named cache (this node has emptied its own). */
  publish(name: string): void {
    if (!this.databaseUrl || this.stopped) return;
    const seq = ++this.sent;
    // back on our own listening connection (when there is one): the other nodes have it too
    const echoed = this.client
      ? new Promise<void>((resolve) => {
        const timer = setTimeout(() => { this.echoes.delete(seq); resolve(); }, ECHO_WAIT_MS);
        this.echoes.set(seq, () => { clearTimeout(timer); this.echoes.delete(seq); resolve(); });
      })
      : Promise.resolve();
    const p = sql`select pg_notify(${CHANNEL}, ${`${this.node} ${name} ${seq}`})`.execute(this.db)
      .then(() => echoed, (e: unknown) => { this.echoes.get(seq)?.(); this.log(e); })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for the notices sent so far to reach the listeners (before an answer leaves). */
  async flush(): Promise<void> {
    if (this.pending.size) await Promise.all([...this.pending]);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      for (const done of [...this.echoes.values()]) done(); // nothing will come back on it
      client.end().catch(() => undefined);
      this.clearAll(); // notices may have been missed meanwhile
    };
    client.on('error', (e) => { this.log(e); lost(); });
    client.on('end', lost);
    client.on('notification', (n) => {
      const [from, name, seq] = String(n.payload ?? '').split(' ');
      if (from === this.node) {
        this.echoes.get(Number(seq))?.();
        return;
      }
      this.received.set(name, (this.received.get(name) ?? 0) + 1);
      this.caches.get(name)?.();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.client = client;
      this.clearAll();
    } catch (e) {
      this.log(e);
      client.end().catch(() => undefined);
    }
  }

  private clearAll(): void {
    for (const clear of this.caches.values()) clear();
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush().catch(() => undefined);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
