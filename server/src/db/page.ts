// BladeX's Condition/Query helper: current/size/ascs/descs plus suffixed filters, turned into a
// Kysely query over whitelisted columns only. Every list endpoint goes through here.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Page } from '@campus/contracts';
import { ApiError } from '../core/errors.ts';
import { likeContains, likeEnds, likeStarts } from './like.ts';

export type ColumnType = 'string' | 'number' | 'id' | 'date';
/** camelCase field name -> type; the only fields a client may filter or sort by. */
export type Columns = Record<string, ColumnType>;

export const SUFFIXES = ['equal', 'notequal', 'like', 'likeleft', 'likeright', 'notlike', 'ge', 'le', 'gt', 'lt',
  'datege', 'dategt', 'dateequal', 'datelt', 'datele', 'null', 'notnull', 'ignore'] as const;
type Suffix = (typeof SUFFIXES)[number];

/** Keys of a list query that are paging or transport, never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', '_t', 'data', 'tenantId', 'total', 'pages']);

export interface PageQuery {
  current: number;
  size: number;
  filters: { field: string; op: Suffix; value: string }[];
  order: { field: string; dir: 'asc' | 'desc' }[];
}

export type { Page };

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const bad = (field: string) => new ApiError(400, 'invalid', { field });

/**
 * Parses a list query. Unknown keys are ignored (clients add cache-busters and context), but a
 * whitelisted field with an unknown suffix, a bad value for a typed column or an unknown sort
 * field is refused with 400, so a mistake is never silently a different query.
 */
export function parsePageQuery(q: Record<string, unknown>, columns: Columns, opts: { maxSize?: number } = {}): PageQuery {
  const num = (k: string, d: number) => {
    const v = q[k];
    if (v === undefined || v === '') return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw bad(k);
    return n;
  };
  const current = Math.min(num('current', 1), 1_000_000);
  const size = Math.min(num('size', 10), opts.maxSize ?? 200);
  const filters: PageQuery['filters'] = [];
  for (const [key, raw] of Object.entries(q)) {
    if (RESERVED.has(key) || raw === undefined) continue;
    const value = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
    let field = camel(key);
    let op: Suffix = 'like';
    const at = key.lastIndexOf('_');
    if (at > 0) {
      const base = camel(key.slice(0, at));
      const suffix = key.slice(at + 1).toLowerCase();
      if (columns[base]) {
        if (!(SUFFIXES as readonly string[]).includes(suffix)) throw new ApiError(400, 'unknownFilter', { field: key });
        field = base;
        op = suffix as Suffix;
      }
    }
    if (!columns[field]) continue;
    if (op === 'ignore') continue;
    if (value === '' && op !== 'null' && op !== 'notnull') continue; // an empty search box filters nothing
    check(field, columns[field], op, value);
    filters.push({ field, op, value });
  }
  const order: PageQuery['order'] = [];
  for (const [k, dir] of [['ascs', 'asc'], ['descs', 'desc']] as const) {
    const v = q[k];
    if (v === undefined || v === '') continue;
    for (const f of String(v).split(',').map((s) => camel(s.trim())).filter(Boolean)) {
      if (!columns[f]) throw new ApiError(400, 'unknownSort', { field: f });
      order.push({ field: f, dir });
    }
  }
  return { current, size, filters, order };
}

function check(field: string, type: ColumnType, op: Suffix, value: string) {
  if (op === 'null' || op === 'notnull') return;
  if (value.length > 1000) throw bad(field);
  if (op.startsWith('date')) {
    if (!toDate(value)) throw bad(field);
    return;
  }
  const textual = op === 'like' || op === 'notlike' || op === 'likeleft' || op === 'likeright';
  if (textual) return;
  if ((type === 'number' || type === 'id') && !/^-?\d{1,19}$/.test(value)) throw bad(field);
  if (type === 'date' && !toDate(value)) throw bad(field);
}

/** The WHERE part of a parsed query, for `qb.where((eb) => filterWhere(eb, q, columns))`. */
export function filterWhere(eb: ExpressionBuilder<any, any>, pq: PageQuery, columns: Columns, prefix = ''): Expression<SqlBool> {
  const parts = pq.filters.map(({ field, op, value }) => {
    const col = eb.ref(prefix + field);
    const text = columns[field] === 'string' ? sql`${col}` : sql`cast(${col} as text)`;
    switch (op) {
      case 'equal': return eb(col, '=', value);
      case 'notequal': return eb(col, '<>', value);
      case 'like': return sql<SqlBool>`${text} ilike ${likeContains(value)}`;
      case 'notlike': return sql<SqlBool>`${text} not ilike ${likeContains(value)}`;
      case 'likeleft': return sql<SqlBool>`${text} ilike ${likeEnds(value)}`;
      case 'likeright': return sql<SqlBool>`${text} ilike ${likeStarts(value)}`;
      case 'ge': return eb(col, '>=', value);
      case 'le': return eb(col, '<=', value);
      case 'gt': return eb(col, '>', value);
      case 'lt': return eb(col, '<', value);
      case 'datege': return sql<SqlBool>`${col} >= ${toTime(value)}::timestamptz`;
      case 'dategt': return sql<SqlBool>`${col} > ${toTime(value)}::timestamptz`;
      case 'datele': return sql<SqlBool>`${col} <= ${toTime(value)}::timestamptz`;
      case 'datelt': return sql<SqlBool>`${col} < ${toTime(value)}::timestamptz`;
      case 'dateequal': return sql<SqlBool>`cast(${col} as date) = cast(${toTime(value)}::timestamptz as date)`;
      case 'null': return eb(col, 'is', null);
      case 'notnull': return eb(col, 'is not', null);
      default: return sql<SqlBool>`true`;
    }
  });
  return eb.and(parts);
}

const DATE = /^\d{4}[-/]\d{1,2}[-/]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date or date-time (server's local time unless zoned); null when it is not one (V8's Date.parse takes far too much). */
function toDate(v: string): Date | null {
  const s = v.trim();
  if (!DATE.test(s)) return null;
  const iso = s.replace(/\//g, '-').replace(' ', 'T');
  const d = new Date(/T/.test(iso) ? iso : iso + 'T00:00:00');
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date or date-time in the server's local time, as an ISO instant. */
function toTime(v: string): string {
  return toDate(v)!.toISOString();
}

export function toPage<T>(records: T[], total: number, pq: PageQuery): Page<T> {
  return { records, total, size: pq.size, current: pq.current, pages: Math.ceil(total / pq.size) };
}
