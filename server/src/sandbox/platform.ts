// User SQL on the platform database. The parser (parse.ts) admits one SELECT over the tables of
// tables.ts; then the database itself confines it: a transaction that is READ ONLY, runs as the
// role USER_SQL_ROLE (grants: those tables only; row-level security: the caller's tenant only,
// from a transaction-local setting) with a statement time-out, and the answer is capped.
//
// PGlite (the embedded default) runs PostgreSQL single-threaded inside this process and never
// fires statement_timeout (its timer needs the event loop, which the running query holds). So
// the executor turns on auto_explain's per-node timing for the statement: every executor node
// then reads the clock, which in PGlite is a call out to JavaScript (performance.now). While a
// user statement runs, that call checks the deadline and, once past it, raises PostgreSQL's own
// cancel flags (QueryCancelPending, InterruptPending) in the WASM memory; the next
// CHECK_FOR_INTERRUPTS ends the statement with 57014, exactly as statement_timeout would. Other
// tenants' requests wait at most the time-out on PGlite (one connection); on a PostgreSQL
// server they run beside it.
import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import { ApiError } from '../http/errors.ts';
import { checkPostgresQuery } from './parse.ts';
import { QUERYABLE_NAMES, TENANT_SETTING, USER_SQL_ROLE } from './tables.ts';
import { SQL_MSG, sqlError } from './sql.ts';

type Row = Record<string, unknown>;

// PGlite 0.5 exports the WASM memory as HEAPU8 only; a view over its buffer is made per write
// because the buffer is replaced when the memory grows
interface PgliteModule { HEAPU8: Uint8Array; _InterruptPending: number; _QueryCancelPending: number }

/** Raises PGlite's cancel flags once `ms` have passed while the armed statement runs; answers the disarm. */
function armDeadline(mod: PgliteModule, ms: number): () => void {
  const clock = performance.now;
  const deadline = clock.call(performance) + ms;
  const flag = (v: number) => {
    const heap = new Int32Array(mod.HEAPU8.buffer);
    heap[mod._InterruptPending >> 2] = v;
    heap[mod._QueryCancelPending >> 2] = v;
  };
  performance.now = function armed() {
    const t = clock.call(performance);
    if (t > deadline) flag(1);
    return t;
  };
  return () => {
    performance.now = clock;
    flag(0); // a flag raised after the statement's last check must not cancel the next one
  };
}

export class PlatformSql {
  /** false when the role could not be set up (the server's role may not create roles) */
  enabled = false;

  constructor(private readonly database: Database) {}

  /**
   * Runs a checked statement with `$n` parameters for tenantId; answers at most maxRows rows,
   * keys as the statement names them.
   */
  async query(tenantId: string, text: string, values: unknown[], opts: { timeoutMs: number; maxRows: number }): Promise<Row[]> {
    const statement = await checkPostgresQuery(text, { relations: QUERYABLE_NAMES });
    if (!this.enabled) throw new ApiError(400, SQL_MSG.unavailable);
    const { db, pglite } = this.database;
    const ms = Math.max(1, Math.floor(opts.timeoutMs));
    // the cap is a bound parameter, so the statement always travels in the extended protocol (one
    // statement per message) even when it has no parameters of its own
    const wrapped = CompiledQuery.raw(`select * from (${statement}\n) as user_sql limit $${values.length + 1}`, [...values, Math.max(1, Math.floor(opts.maxRows))]);
    try {
      return await db.withoutPlugins().transaction().execute(async (tx) => {
        await sql`select set_config('transaction_read_only', 'on', true), set_config('statement_timeout', ${String(ms)}, true),
          set_config(${TENANT_SETTING}, ${tenantId}, true), set_config('search_path', 'public', true)`.execute(tx);
        if (pglite) {
          // log_min_duration this high instruments the statement without ever writing a log line
          await sql`select set_config('auto_explain.log_min_duration', '2147483647', true), set_config('auto_explain.log_analyze', 'on', true),
            set_config('auto_explain.log_timing', 'on', true)`.execute(tx);
        }
        await sql.raw(`set local role ${USER_SQL_ROLE}`).execute(tx);
        const disarm = pglite ? armDeadline((pglite as unknown as { mod: PgliteModule }).mod, ms) : undefined;
        try {
          const r = await tx.executeQuery<Row>(wrapped);
          return r.rows;
        } finally {
          disarm?.();
        }
      });
    } catch (e) {
      throw sqlError(e, ms);
    }
  }
}
