// Per-node caches (granted menus and codes, data and API scopes) stay right when several nodes
// serve one database: a node that empties a cache tells the others with PostgreSQL NOTIFY on that
// database, and every node LISTENs on a connection of its own. The answer of the request that
// caused the change waits for the notice to be sent, so the next request, on any node, sees the
// change. A lost listening connection empties every cache (a notice may have been missed). On
// PGlite there is one node, so emptying the local cache is all there is to do.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

const CHANNEL = 'campus_cache';

export class CacheSync {
  private readonly caches = new Map<string, () => void>();
  private readonly pending = new Set<Promise<unknown>>();
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
    const p = sql`select pg_notify(${CHANNEL}, ${`${this.node} ${name}`})`.execute(this.db).catch(this.log).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Waits for the notices sent so far (before an answer leaves). */
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
      client.end().catch(() => undefined);
      this.clearAll(); // notices may have been missed meanwhile
    };
    client.on('error', (e) => { this.log(e); lost(); });
    client.on('end', lost);
    client.on('notification', (n) => {
      const [from, name] = String(n.payload ?? '').split(' ');
      if (from === this.node) return;
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
