// What SQL written by a tenant's user may be: decided by PostgreSQL's own parser (libpg_query,
// WASM) for the platform database and PostgreSQL datasources, and by node-sql-parser for
// MySQL/MariaDB datasources. Never a regex: a `;` behind a quote, a comment or a dollar quote
// is what the parser says it is.
//
// Admitted: exactly one SELECT (WITH, VALUES, TABLE, set operations, sub-queries, joins, window
// functions), no SELECT INTO, no FOR UPDATE/SHARE, no data-modifying CTE, functions from
// FUNCTIONS only (no sleep, advisory locks, dblink, large objects, files, settings, sequences,
// SQL-in-a-string such as query_to_xml, nor size-chosen generators such as repeat/lpad/
// generate_series that could exhaust memory before the time-out). On the platform database the
// relations are those of sandbox/tables.ts (the role's grants and row-level security hold
// anyway: this is the second fence, and the clear message).
import type { parseSync as ParseSync } from 'libpg-query';
import { ApiError } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';

export const PARSE_MSG = {
  oneSelect: ['只允许执行一条查询语句（SELECT/WITH）', 'Only one query statement (SELECT/WITH) is allowed'],
  syntax: ['SQL语法错误：{detail}', 'SQL syntax error: {detail}'],
  func: ['不允许在SQL中使用函数：{name}', 'The function {name} is not allowed in SQL'],
  relation: ['不允许查询的表：{name}', 'The table {name} may not be queried'],
  clause: ['不允许的SQL子句：{name}', 'The SQL clause {name} is not allowed'],
  mysqlComment: ['不允许在SQL中使用可执行注释（/*! … */）', 'Executable comments (/*! … */) are not allowed in SQL'],
} as const satisfies Record<string, Message>;

/** Built-in functions a query may call: pure, bounded by the data they read. */
export const FUNCTIONS = new Set(`
count sum avg min max string_agg array_agg bool_and bool_or every json_agg jsonb_agg json_object_agg jsonb_object_agg
stddev stddev_pop stddev_samp variance var_pop var_samp percentile_cont percentile_disc mode corr covar_pop covar_samp bit_and bit_or
row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
length char_length character_length octet_length bit_length lower upper initcap substr substring position strpos
btrim ltrim rtrim trim replace translate concat concat_ws left right split_part reverse starts_with md5 ascii chr
quote_ident quote_literal quote_nullable regexp_replace regexp_match regexp_matches regexp_split_to_array regexp_count
regexp_instr regexp_like regexp_substr string_to_array array_to_string overlay to_char to_number to_date to_timestamp
abs ceil ceiling floor round trunc mod power pow sqrt cbrt exp ln log log10 sign div pi degrees radians width_bucket
random gen_random_uuid num_nulls num_nonnulls
now date_part extract date_trunc age make_date make_time make_timestamp make_timestamptz make_interval justify_days
justify_hours justify_interval date_bin timezone isfinite clock_timestamp statement_timestamp transaction_timestamp
json_build_object jsonb_build_object json_build_array jsonb_build_array to_json to_jsonb row_to_json array_to_json
json_extract_path json_extract_path_text jsonb_extract_path jsonb_extract_path_text json_array_length jsonb_array_length
json_typeof jsonb_typeof json_array_elements jsonb_array_elements json_array_elements_text jsonb_array_elements_text
json_each jsonb_each json_each_text jsonb_each_text json_object_keys jsonb_object_keys jsonb_strip_nulls jsonb_set
jsonb_insert jsonb_pretty jsonb_path_exists jsonb_path_query_first jsonb_path_match
array_length array_upper array_lower cardinality unnest array_position array_positions array_remove array_append
array_prepend array_cat
`.trim().split(/\s+/));

/** Statements and clauses that are refused wherever they appear in the tree. */
const REFUSED_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt', 'intoClause', 'lockingClause']);

export interface CheckOptions {
  /** the platform database: relations must be in this set (lower-case, no schema or `public.`) */
  relations?: ReadonlySet<string>;
}

let loaded: Promise<void> | undefined;
let parseSync: typeof ParseSync;
/** libpg_query's WASM module, loaded once, with the first user SQL (not at boot: memory). */
export function parserReady(): Promise<void> {
  loaded ??= import('libpg-query').then(async (m) => {
    await m.loadModule();
    parseSync = m.parseSync;
  });
  return loaded;
}

type Node = Record<string, unknown>;

/**
 * Checks one PostgreSQL query and answers it without a trailing `;`. Throws ApiError 400 with
 * the reason otherwise. Parameters are already `$n` (see bind.ts).
 */
export async function checkPostgresQuery(text: string, opts: CheckOptions = {}): Promise<string> {
  await parserReady();
  let tree: { stmts?: { stmt: Node }[] };
  try {
    tree = parseSync(text);
  } catch (e) {
    throw new ApiError(400, PARSE_MSG.syntax, { detail: String((e as Error).message).slice(0, 200) });
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1 || !stmts[0]!.stmt || Object.keys(stmts[0]!.stmt)[0] !== 'SelectStmt') throw new ApiError(400, PARSE_MSG.oneSelect);

  // names a WITH clause defines may be read like tables
  const ctes = new Set<string>();
  const stack: unknown[] = [stmts[0]!.stmt];
  const nodes: [string, Node][] = [];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) { for (const x of v) stack.push(x); continue; }
    if (!v || typeof v !== 'object') continue;
    for (const [k, child] of Object.entries(v as Node)) {
      if (REFUSED_NODES.has(k)) {
        if (k === 'lockingClause' && Array.isArray(child) && child.length === 0) continue;
        throw new ApiError(400, k.endsWith('Stmt') ? PARSE_MSG.oneSelect : PARSE_MSG.clause, { name: k === 'intoClause' ? 'SELECT INTO' : 'FOR UPDATE/SHARE' });
      }
      if (/^[A-Z]/.test(k) && k.endsWith('Stmt') && k !== 'SelectStmt') throw new ApiError(400, PARSE_MSG.oneSelect);
      if (k === 'CommonTableExpr') ctes.add(String((child as Node).ctename ?? '').toLowerCase());
      if (k === 'FuncCall' || k === 'RangeVar') nodes.push([k, child as Node]);
      if (child && typeof child === 'object') stack.push(child);
    }
  }
  for (const [kind, n] of nodes) {
    if (kind === 'FuncCall') {
      const parts = ((n.funcname as Node[]) ?? []).map((p) => String((p.String as Node | undefined)?.sval ?? '').toLowerCase());
      const name = parts[parts.length - 1] ?? '';
      const schemaOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
      if (!schemaOk || !FUNCTIONS.has(name)) throw new ApiError(400, PARSE_MSG.func, { name: parts.join('.') });
    } else if (opts.relations) {
      const schema = n.schemaname === undefined ? undefined : String(n.schemaname).toLowerCase();
      const rel = String(n.relname ?? '').toLowerCase();
      const known = schema === undefined ? opts.relations.has(rel) || ctes.has(rel) : schema === 'public' && opts.relations.has(rel);
      if (n.catalogname !== undefined || !known) throw new ApiError(400, PARSE_MSG.relation, { name: [n.catalogname, n.schemaname, n.relname].filter((x) => x !== undefined).join('.') });
    }
  }
  return text.trim().replace(/;\s*$/, '');
}

// ---- MySQL / MariaDB datasources -------------------------------------------------------------

type MyParser = { astify(sql: string, opt?: { database?: string }): unknown };
let myParser: MyParser | undefined;

/**
 * One SELECT for a MySQL/MariaDB datasource. Executable comments (`/*! … *\/`, `/*M! … *\/`) are
 * refused outright: MySQL runs what they hold while every parser skips them. INTO OUTFILE /
 * DUMPFILE / @var and locking reads are refused; functions come from the same allowlist (MySQL
 * spellings of the same ideas added: ifnull, if, date_format, …).
 */
export async function checkMysqlQuery(text: string): Promise<string> {
  if (/\/\*[M]?!/i.test(text)) throw new ApiError(400, PARSE_MSG.mysqlComment);
  if (!myParser) {
    const mod = (await import('node-sql-parser/build/mariadb.js')) as unknown as { default?: { Parser: new () => MyParser }; Parser?: new () => MyParser };
    const P = mod.Parser ?? mod.default!.Parser;
    myParser = new P();
  }
  let ast: unknown;
  try {
    ast = myParser.astify(text, { database: 'MariaDB' });
  } catch (e) {
    throw new ApiError(400, PARSE_MSG.syntax, { detail: String((e as Error).message).slice(0, 200) });
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1 || (list[0] as Node)?.type !== 'select') throw new ApiError(400, PARSE_MSG.oneSelect);
  const stack: unknown[] = [list[0]];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) { for (const x of v) stack.push(x); continue; }
    if (!v || typeof v !== 'object') continue;
    const n = v as Node;
    if (n.type && typeof n.type === 'string' && ['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'set', 'lock', 'unlock', 'call'].includes(n.type)) throw new ApiError(400, PARSE_MSG.oneSelect);
    if (n.into && typeof n.into === 'object' && ((n.into as Node).expr || (n.into as Node).type)) throw new ApiError(400, PARSE_MSG.clause, { name: 'INTO' });
    if (n.locking_read) throw new ApiError(400, PARSE_MSG.clause, { name: 'FOR UPDATE/SHARE' });
    if (n.type === 'function' || n.type === 'aggr_func') {
      const raw = n.name as unknown;
      const name = (typeof raw === 'string' ? raw : Array.isArray((raw as Node)?.name) ? ((raw as Node).name as Node[]).map((p) => String(p.value)).join('.') : String((raw as Node)?.name ?? '')).toLowerCase();
      if (!FUNCTIONS.has(name) && !MYSQL_FUNCTIONS.has(name)) throw new ApiError(400, PARSE_MSG.func, { name });
    }
    for (const child of Object.values(n)) if (child && typeof child === 'object') stack.push(child);
  }
  return text.trim().replace(/;\s*$/, '');
}

const MYSQL_FUNCTIONS = new Set(`ifnull if isnull nullif coalesce greatest least date_format str_to_date curdate curtime current_date current_time
current_timestamp datediff timestampdiff date_add date_sub adddate subdate year month day dayofweek dayofmonth week weekday hour minute second
unix_timestamp from_unixtime last_day group_concat char_length locate instr lcase ucase mid substring_index truncate cast convert
json_extract json_unquote json_object json_array json_length json_contains json_keys`.trim().split(/\s+/));
