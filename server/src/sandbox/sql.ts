// User SQL on a tenant's datasource (PostgreSQL or MySQL/MariaDB): checked by the parser
// (parse.ts), connected through the egress policy to the address that was checked, run in a
// read-only transaction with a server-side time-out, the connection reset before it returns to
// the pool. Datasource accounts should be read-only roles (README "Security model"); these
// fences hold when they are not. The platform's own database is platform.ts.
import type { Pool as PgPool } from 'pg';
import type { Pool as MyPool } from 'mysql2/promise';
import { ApiError } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';
import type { Egress } from '../net/egress.ts';
import { checkMysqlQuery, checkPostgresQuery } from './parse.ts';

export const SQL_MSG = {
  oneSelect: ['只允许执行一条查询语句（SELECT/WITH）', 'Only one query statement (SELECT/WITH) is allowed'],
  failed: ['SQL执行失败：{detail}', 'SQL execution failed: {detail}'],
  timeout: ['SQL执行超时（{ms} 毫秒）', 'The SQL timed out ({ms} ms)'],
  badUrl: ['不支持的数据源地址：{url}', 'Unsupported datasource URL: {url}'],
  connect: ['数据源连接失败：{detail}', 'Could not connect to the datasource: {detail}'],
  unavailable: ['平台数据库不支持自定义SQL：服务器的数据库角色无法创建受限角色', 'SQL on the platform database is unavailable: the server\'s database role cannot create the restricted role'],
} as const satisfies Record<string, Message>;

/** The refusal for a failed statement: its own message for a time-out, SQL执行失败 otherwise. */
export function sqlError(e: unknown, timeoutMs: number): ApiError {
  if (e instanceof ApiError) return e;
  const err = e as { code?: string; errno?: number; message?: string };
  const message = String(err?.message ?? e);
  // 57014: PostgreSQL's statement_timeout / cancel; 3024 / 1969: MySQL's / MariaDB's max execution time
  if (err?.code === '57014' || err?.errno === 3024 || err?.errno === 1969 || /timeout|timed out/i.test(message)) return new ApiError(400, SQL_MSG.timeout, { ms: timeoutMs });
  return new ApiError(400, SQL_MSG.failed, { detail: message.slice(0, 300) });
}

export interface DatasourceConfig { id: string; url: string; username?: string | null; password?: string | null }
type Conn = { kind: 'postgres'; pool: PgPool } | { kind: 'mysql'; pool: MyPool };

/** jdbc:postgresql://h:p/db, jdbc:mysql://h:p/db (or the same without jdbc:) -> driver options. */
export function parseUrl(url: string): { kind: 'postgres' | 'mysql'; host: string; port: number; database: string } {
  const m = /^(?:jdbc:)?(postgresql|postgres|mysql|mariadb):\/\/([^/:?]+)(?::(\d+))?\/([^?;]+)/i.exec(url.trim());
  if (!m) throw new ApiError(400, SQL_MSG.badUrl, { url });
  const kind = /^postgres/i.test(m[1]) ? 'postgres' : 'mysql';
  return { kind, host: m[2], port: Number(m[3] ?? (kind === 'postgres' ? 5432 : 3306)), database: decodeURIComponent(m[4]) };
}

/** Named parameters #{name} or ${name} become driver placeholders with values from params. */
export function bindParams(sqlText: string, params: Record<string, unknown>, kind: 'postgres' | 'mysql'): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const text = sqlText.replace(/[#$]\{\s*(\w+)\s*\}/g, (_, name: string) => {
    const v = params[name];
    values.push(v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));
    return kind === 'postgres' ? `$${values.length}` : '?';
  });
  return { text, values };
}

export class SqlRunner {
  private pools = new Map<string, { key: string; conn: Conn }>();

  /** egress: the policy every datasource connection passes (the address it checked is the one connected to) */
  constructor(private readonly egress: Egress) {}

  private async conn(ds: DatasourceConfig): Promise<Conn> {
    const key = `${ds.url}|${ds.username ?? ''}|${ds.password ?? ''}`;
    const hit = this.pools.get(ds.id);
    if (hit && hit.key === key) return hit.conn;
    if (hit) await this.endConn(hit.conn);
    const u = parseUrl(ds.url);
    const target = await this.egress.target(u.host, u.port);
    let conn: Conn;
    if (u.kind === 'postgres') {
      const pg = (await import('pg')).default;
      const pool = new pg.Pool({ host: target.address, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, max: 4, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
      pool.on('error', () => undefined);
      conn = { kind: 'postgres', pool };
    } else {
      const mysql = await import('mysql2/promise');
      // one statement per call: the driver's multi-statement mode stays off whatever a URL says
      conn = { kind: 'mysql', pool: mysql.createPool({ host: target.address, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectionLimit: 4, connectTimeout: 5000, multipleStatements: false }) };
    }
    this.pools.set(ds.id, { key, conn });
    return conn;
  }

  private async endConn(c: Conn) {
    await c.pool.end().catch(() => undefined);
  }

  /** Connects (through the egress policy) and runs `select 1`: the datasource test button. */
  async test(ds: DatasourceConfig): Promise<void> {
    const u = parseUrl(ds.url);
    const target = await this.egress.target(u.host, u.port);
    try {
      if (u.kind === 'postgres') {
        const pg = (await import('pg')).default;
        const c = new pg.Client({ host: target.address, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectionTimeoutMillis: 5000 });
        await c.connect();
        try { await c.query('select 1'); } finally { await c.end(); }
      } else {
        const mysql = await import('mysql2/promise');
        const c = await mysql.createConnection({ host: target.address, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectTimeout: 5000 });
        try { await c.query('select 1'); } finally { await c.end(); }
      }
    } catch (e) {
      throw new ApiError(400, SQL_MSG.connect, { detail: (e as Error).message });
    }
  }

  /**
   * Runs one read-only query with a server-side time-out; answers at most maxRows rows.
   * platformWritten: a catalogue query this server wrote (no parser check; still read-only and timed).
   */
  async query(ds: DatasourceConfig, sqlText: string, params: Record<string, unknown> = {}, opts: { timeoutMs?: number; maxRows?: number; platformWritten?: boolean } = {}): Promise<Record<string, unknown>[]> {
    const timeoutMs = Math.max(1, Math.floor(opts.timeoutMs ?? 5000));
    const maxRows = opts.maxRows ?? 10_000;
    const kind = parseUrl(ds.url).kind;
    const { text: bound, values } = bindParams(sqlText.trim().replace(/;\s*$/, ''), params, kind);
    const text = opts.platformWritten ? bound : kind === 'postgres' ? await checkPostgresQuery(bound) : await checkMysqlQuery(bound);
    const c = await this.conn(ds).catch((e) => { throw e instanceof ApiError ? e : new ApiError(400, SQL_MSG.connect, { detail: (e as Error).message }); });
    try {
      if (c.kind === 'postgres') {
        const client = await c.pool.connect();
        let reusable = true;
        try {
          await client.query('begin transaction read only');
          await client.query(`set local statement_timeout = ${timeoutMs}`);
          // the extended protocol, even without parameters: one statement per message, whatever the text holds
          const r = await client.query<Record<string, unknown>>({ text, values, queryMode: 'extended' } as import('pg').QueryConfig);
          await client.query('rollback');
          return r.rows.slice(0, maxRows);
        } catch (e) {
          await client.query('rollback').catch(() => { reusable = false; });
          throw e;
        } finally {
          // settings, advisory locks, prepared statements and temp tables do not outlive the call
          if (reusable) await client.query('discard all').catch(() => { reusable = false; });
          client.release(!reusable);
        }
      }
      const conn = await c.pool.getConnection();
      let reusable = true;
      try {
        const [[v]] = (await conn.query('select version() as v')) as unknown as [[{ v: string }]];
        // the server stops the statement (the driver's own time-out would leave it running)
        if (/mariadb/i.test(v.v)) await conn.query(`set session max_statement_time = ${timeoutMs / 1000}`);
        else await conn.query(`set session max_execution_time = ${timeoutMs}`);
        await conn.query('start transaction read only');
        const [rows] = await conn.query({ sql: text, values, timeout: timeoutMs + 2000 });
        await conn.query('rollback');
        return (rows as Record<string, unknown>[]).slice(0, maxRows);
      } catch (e) {
        await conn.query('rollback').catch(() => { reusable = false; });
        throw e;
      } finally {
        if (reusable) await conn.reset().catch(() => { reusable = false; });
        if (reusable) conn.release(); else conn.destroy();
      }
    } catch (e) {
      throw sqlError(e, timeoutMs);
    }
  }

  async close(): Promise<void> {
    for (const { conn } of this.pools.values()) await this.endConn(conn);
    this.pools.clear();
  }
}
