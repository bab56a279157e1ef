// Server-side prepared statements that each pooled PostgreSQL connection prepares on first use, and
// a BEGIN that travels with the next statement (DEFER_BEGIN).
// Planning a large statement can cost more than running it, so hot statements run as
// `execute <name>(…)`. Which connection a query lands on is the pool's business: a hook on every
// client puts `prepare <name> as <text>` in front of the first query of that client that executes
// <name>, in the same round trip (a simple query runs its statements in order, and a prepared
// statement outlives a failure of a later statement or a rollback).
import { createHash } from 'node:crypto';
import type { Db } from './index.ts';

const texts = new Map<string, string>();
/** more distinct statements than this run unprepared (a guard against an unbounded set of shapes) */
const MAX_STATEMENTS = 5000;

/**
 * The name under which a statement is prepared on demand; `text` is what follows the name in
 * PREPARE (`(bigint) as select …` or ` as select …`). The name carries a hash of the text, so a
 * changed statement never meets an older preparation. Undefined when the registry is full: then run
 * the statement itself.
 */
export function preparedStatement(base: string, text: string): string | undefined {
  const name = `${base}_${createHash('sha1').update(text).digest('hex').slice(0, 10)}`;
  if (!texts.has(name)) {
    if (texts.size >= MAX_STATEMENTS) return undefined;
    texts.set(name, text);
  }
  return name;
}

/** A DO block that prepares `name` unless the session has it: for a connection that may have it already. */
export function prepareIfMissing(name: string, text: string): string {
  return `do $wfdo$ begin if not exists (select 1 from pg_prepared_statements where name = '${name}') then execute $wfp$prepare ${name}${text}$wfp$; end if; end $wfdo$`;
}

const EXECUTES = /\bexecute ([a-z][a-z0-9_]*)\b/g;
type QueryFn = (text: unknown, values?: unknown, cb?: unknown) => unknown;
interface Result { rows?: unknown[] }

/**
 * A query text that begins a transaction lazily: the hook sends nothing, and puts BEGIN in front of
 * the connection's next query (one round trip fewer for an action whose first statement takes its
 * locks). A COMMIT or ROLLBACK while it is still pending ends nothing and sends nothing.
 */
export const DEFER_BEGIN = '/* begin with the next statement */';
const NOTHING: Result & { command: string; rowCount: number; fields: never[] } = { command: '', rowCount: 0, rows: [], fields: [] };

/** Installs the hook on a pool client (pg.Pool's 'connect' event). */
export function prepareOnDemand(client: { query: QueryFn }): void {
  const have = new Set<string>();
  // a query that failed after its PREPARE went out may or may not have prepared: ask the server next time
  const unsure = new Set<string>();
  let beginPending = false;
  const query = client.query.bind(client) as QueryFn;
  client.query = (text: unknown, values?: unknown, cb?: unknown) => {
    const simple = typeof text === 'string' && cb === undefined && !(Array.isArray(values) && values.length);
    if (text === DEFER_BEGIN && simple) {
      beginPending = true;
      return Promise.resolve({ ...NOTHING, command: 'BEGIN' });
    }
    let head: string[] = [];
    if (beginPending) {
      beginPending = false;
      if (simple && /^\s*(commit|rollback)\s*;?\s*$/i.test(text as string)) return Promise.resolve({ ...NOTHING });
      // parameters go by the extended protocol, one statement a message: BEGIN then goes on its own
      if (!simple) return (query('begin') as Promise<unknown>).then(() => query(text, values, cb));
      head = ['begin'];
    }
    if (!simple) return query(text, values, cb);
    const names = (text as string).includes('execute ')
      ? [...new Set([...(text as string).matchAll(EXECUTES)].map((m) => m[1]!))].filter((n) => texts.has(n) && !have.has(n))
      : [];
    head = head.concat(names.map((n) => (unsure.has(n) ? prepareIfMissing(n, texts.get(n)!) : `prepare ${n}${texts.get(n)}`)));
    if (!head.length) return query(text, values);
    return (query(`${head.join('; ')}; ${text as string}`, values) as Promise<Result | Result[]>).then((r) => {
      for (const n of names) { have.add(n); unsure.delete(n); }
      // the caller sees the results of its own statements only
      if (!Array.isArray(r)) return r;
      const own = r.slice(head.length);
      return own.length === 1 ? own[0] : own;
    }, (e: unknown) => {
      for (const n of names) unsure.add(n);
      throw e;
    });
  };
}

const hooked = new WeakSet<object>();
/** Marks a database whose every connection carries the hook. */
export function markPreparesOnDemand(db: Db): void { hooked.add(db); }
/** Whether `execute <name>(…)` of a registered statement may be sent as it is. */
export function preparesOnDemand(db: Db): boolean { return hooked.has(db); }
