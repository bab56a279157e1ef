// The one user-SQL executor: every statement written by a tenant's user (workflow submit checks,
// SQL services, form sources, datasource queries; later chart cards, micro-app conditions and AI
// output) runs through UserSql.query, on the platform database (platform.ts: restricted role,
// row-level security for the caller's tenant) or on one of the tenant's datasources (sql.ts).
// Both go through the parser (parse.ts); `#{name}` parameters are bound, never spliced.
import type { Database } from '../db/index.ts';
import type { Egress } from '../net/egress.ts';
import { checkPostgresQuery } from './parse.ts';
import { PlatformSql } from './platform.ts';
import { bindParams, SqlRunner, type DatasourceConfig } from './sql.ts';
import { ensureUserSqlRole, QUERYABLE_NAMES } from './tables.ts';

export { SQL_MSG, parseUrl, type DatasourceConfig } from './sql.ts';
export { PARSE_MSG } from './parse.ts';

export interface UserSqlCall {
  /** the caller's tenant: on the platform database the only rows the statement sees */
  tenantId: string;
  /** a datasource of the tenant; absent: the platform database */
  datasource?: DatasourceConfig;
  sql: string;
  params?: Record<string, unknown>;
  timeoutMs?: number;
  maxRows?: number;
}

/** Defaults: a user statement answers within 5 s and 10,000 rows. */
export const USER_SQL_TIMEOUT_MS = 5000;
export const USER_SQL_MAX_ROWS = 10_000;

export class UserSql {
  readonly datasources: SqlRunner;
  readonly platform: PlatformSql;

  private constructor(database: Database, egress: Egress) {
    this.datasources = new SqlRunner(egress);
    this.platform = new PlatformSql(database);
  }

  /** Sets up (or checks) the restricted role, its grants and row policies on the platform database. */
  static async open(database: Database, egress: Egress): Promise<UserSql> {
    const u = new UserSql(database, egress);
    u.platform.enabled = await ensureUserSqlRole(database.db);
    return u;
  }

  async query(call: UserSqlCall): Promise<Record<string, unknown>[]> {
    const opts = { timeoutMs: call.timeoutMs ?? USER_SQL_TIMEOUT_MS, maxRows: call.maxRows ?? USER_SQL_MAX_ROWS };
    if (call.datasource) return this.datasources.query(call.datasource, call.sql, call.params ?? {}, opts);
    const { text, values } = bindParams(call.sql.trim().replace(/;\s*$/, ''), call.params ?? {}, 'postgres');
    return this.platform.query(call.tenantId, text, values, opts);
  }

  /** The check a designer's statement meets when it is saved (platform database: its tables only). */
  async check(sqlText: string, target: 'platform' | 'postgres' | 'mysql' = 'platform'): Promise<void> {
    const { text } = bindParams(sqlText.trim().replace(/;\s*$/, ''), {}, target === 'mysql' ? 'mysql' : 'postgres');
    if (target === 'mysql') await (await import('./parse.ts')).checkMysqlQuery(text);
    else await checkPostgresQuery(text, target === 'platform' ? { relations: QUERYABLE_NAMES } : {});
  }

  async close(): Promise<void> {
    await this.datasources.close();
  }
}
