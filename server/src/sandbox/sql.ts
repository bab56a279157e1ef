// User SQL (form sources, SQL services, dashboards): exactly one read-only statement, run in a
// read-only transaction with a statement time-out against a configured datasource (PostgreSQL
// or MySQL/MariaDB). The platform's own database is never a target: its rows span tenants.
import type { Pool as PgPool } from 'pg';
import type { Pool as MyPool } from 'mysql2/promise';
import { ApiError } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';

export const SQL_MSG = {
  oneSelect: ['只允许执行一条查询语句（SELECT/WITH）', 'Only one query statement (SELECT/WITH) is allowed'],
  failed: ['SQL执行失败：{detail}', 'The SQL failed: {detail}'],
  timeout: ['SQL执行超时（{ms} 毫秒）', 'The SQL timed out ({ms} ms)'],
  badUrl: ['不支持的数据源地址：{url}', 'Unsupported datasource URL: {url}'],
  connect: ['数据源连接失败：{detail}', 'Could not connect to the datasource: {detail}'],
} as const satisfies Record<string, Message>;

export interface DatasourceConfig { id: string; url: string; username?: string | null; password?: string | null }
type Conn = { kind: 'postgres'; pool: PgPool } | { kind: 'mysql'; pool: MyPool };

/** jdbc:postgresql://h:p/db, jdbc:mysql://h:p/db (or the same without jdbc:) -> driver options. */
export function parseUrl(url: string): { kind: 'postgres' | 'mysql'; host: string; port: number; database: string } {
  const m = /^(?:jdbc:)?(postgresql|postgres|mysql|mariadb):\/\/([^/:?]+)(?::(\d+))?\/([^?;]+)/i.exec(url.trim());
  if (!m) throw new ApiError(400, SQL_MSG.badUrl, { url });
  const kind = /^postgres/i.test(m[1]) ? 'postgres' : 'mysql';
  return { kind, host: m[2], port: Number(m[3] ?? (kind === 'postgres' ? 5432 : 3306)), database: decodeURIComponent(m[4]) };
}

/** Strips comments and string literals, then checks for one SELECT/WITH statement. */
export function assertSingleSelect(sqlText: string): string {
  const cleaned = sqlText
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .replace(/`[^`]*`/g, '``')
    .trim()
    .replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(cleaned) || cleaned.includes(';')) throw new ApiError(400, SQL_MSG.oneSelect);
  // data-changing or file/server functions have no place in a query run for a form or a chart
  if (/\b(insert|update|delete|merge|drop|alter|create|truncate|grant|revoke|copy|call|do|lock|into\s+outfile|load_file|pg_read_file|pg_read_binary_file|pg_ls_dir|lo_import|lo_export|dblink|pg_sleep|sleep|benchmark)\b/i.test(cleaned)) {
    throw new ApiError(400, SQL_MSG.oneSelect);
  }
  return sqlText.trim().replace(/;\s*$/, '');
}

/** Named parameters #{name} or ${name} become driver placeholders with values from params. */
export function bindParams(sqlText: string, params: Record<string, unknown>, kind: 'postgres' | 'mysql'): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const text = sqlText.replace(/[#$]\{\s*(\w+)\s*\}/g, (_, name: string) => {
    values.push(params[name] ?? null);
    return kind === 'postgres' ? `$${values.length}` : '?';
  });
  return { text, values };
}

export class SqlRunner {
  private pools = new Map<string, { key: string; conn: Conn }>();

  private async conn(ds: DatasourceConfig): Promise<Conn> {
    const key = `${ds.url}|${ds.username ?? ''}|${ds.password ?? ''}`;
    const hit = this.pools.get(ds.id);
    if (hit && hit.key === key) return hit.conn;
    if (hit) await this.endConn(hit.conn);
    const u = parseUrl(ds.url);
    let conn: Conn;
    if (u.kind === 'postgres') {
      const pg = (await import('pg')).default;
      const pool = new pg.Pool({ host: u.host, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, max: 4, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000 });
      pool.on('error', () => undefined);
      conn = { kind: 'postgres', pool };
    } else {
      const mysql = await import('mysql2/promise');
      conn = { kind: 'mysql', pool: mysql.createPool({ host: u.host, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectionLimit: 4, connectTimeout: 5000 }) };
    }
    this.pools.set(ds.id, { key, conn });
    return conn;
  }

  private async endConn(c: Conn) {
    await c.pool.end().catch(() => undefined);
  }

  /** Connects and runs `select 1`: the datasource test button. */
  async test(ds: DatasourceConfig): Promise<void> {
    const u = parseUrl(ds.url);
    try {
      if (u.kind === 'postgres') {
        const pg = (await import('pg')).default;
        const c = new pg.Client({ host: u.host, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectionTimeoutMillis: 5000 });
        await c.connect();
        try { await c.query('select 1'); } finally { await c.end(); }
      } else {
        const mysql = await import('mysql2/promise');
        const c = await mysql.createConnection({ host: u.host, port: u.port, database: u.database, user: ds.username ?? undefined, password: ds.password ?? undefined, connectTimeout: 5000 });
        try { await c.query('select 1'); } finally { await c.end(); }
      }
    } catch (e) {
      throw new ApiError(400, SQL_MSG.connect, { detail: (e as Error).message });
    }
  }

  /** Runs one read-only query with a time-out; answers at most maxRows rows. */
  async query(ds: DatasourceConfig, sqlText: string, params: Record<string, unknown> = {}, opts: { timeoutMs?: number; maxRows?: number } = {}): Promise<Record<string, unknown>[]> {
    const statement = assertSingleSelect(sqlText);
    const timeoutMs = opts.timeoutMs ?? 5000;
    const maxRows = opts.maxRows ?? 10_000;
    const c = await this.conn(ds).catch((e) => { throw e instanceof ApiError ? e : new ApiError(400, SQL_MSG.connect, { detail: (e as Error).message }); });
    const { text, values } = bindParams(statement, params, c.kind);
    try {
      if (c.kind === 'postgres') {
        const client = await c.pool.connect();
        try {
          await client.query('begin transaction read only');
          await client.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
          const r = await client.query(text, values);
          await client.query('rollback');
          return r.rows.slice(0, maxRows);
        } catch (e) {
          await client.query('rollback').catch(() => undefined);
          throw e;
        } finally {
          client.release();
        }
      }
      const conn = await c.pool.getConnection();
      try {
        await conn.query('set session transaction read only');
        await conn.query('start transaction read only');
        const [rows] = await conn.query({ sql: text, values, timeout: timeoutMs });
        await conn.query('rollback');
        return (rows as Record<string, unknown>[]).slice(0, maxRows);
      } catch (e) {
        await conn.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        conn.release();
      }
    } catch (e) {
      const err = e as { code?: string; message: string };
      if (err.code === '57014' || /timeout|timed out/i.test(err.message)) throw new ApiError(400, SQL_MSG.timeout, { ms: timeoutMs });
      if (e instanceof ApiError) throw e;
      throw new ApiError(400, SQL_MSG.failed, { detail: err.message.slice(0, 300) });
    }
  }

  async close(): Promise<void> {
    for (const { conn } of this.pools.values()) await this.endConn(conn);
    this.pools.clear();
  }
}
