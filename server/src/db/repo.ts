// The data layer's one place for tenant filtering, soft delete and audit columns. Every module's
// table access that concerns a tenant's rows goes through a Repo, never a handler remembering it.
import { sql, type SelectQueryBuilder } from 'kysely';
import { ApiError } from '../core/errors.ts';
import { filterWhere, parsePageQuery, toPage, type Columns, type Page } from './page.ts';
import { nextId } from './ids.ts';
import { dynamic, type AnyRow, type Db } from './index.ts';
import { LIST_COUNT_CAP } from '@campus/contracts';

export type Row = AnyRow;

/** A nullable text column of a Repo row (its values are typed unknown) as a typed write takes it. */
export const textOrNull = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));

/** Who acts: stamped into audit columns and used to scope rows to a tenant. */
export interface Ctx {
  tenantId: string;
  userId: string;
  deptId: string;
  /** the data-scope narrowing of the caller's roles for a resource code (absent: none) */
  dataScope?: (resourceCode: string) => Promise<Narrow | null>;
}

type Narrow = (qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>;

export interface TableDef {
  /** table name as written in SQL (snake_case) */
  table: string;
  /** fields a client may filter and sort by */
  columns: Columns;
  /** rows belong to a tenant (tenant_id column) */
  tenant?: boolean;
  /** is_deleted column; default true */
  softDelete?: boolean;
  /** create_user ... update_time columns; default true */
  audit?: boolean;
  /** never sent to clients */
  hidden?: string[];
  /** rows are their creator's own (personal groups): others of the tenant never see them */
  owner?: boolean;
  /** resource code whose data scopes narrow lists and details (002: data scope) */
  dataScope?: string;
  defaultOrder?: { field: string; dir: 'asc' | 'desc' }[];
  /** the key column (camelCase), 'id' by default; a micro-app table's is {table}Id */
  key?: string;
}

export const isId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,19}$/.test(v);

export function parseIds(ids: unknown): string[] {
  const list = String(ids ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!list.length) throw new ApiError(400, 'idsRequired');
  if (list.length > 1000 || !list.every(isId)) throw new ApiError(400, 'invalid', { field: 'ids' });
  return [...new Set(list)];
}

export class Repo {
  readonly def: Required<Omit<TableDef, 'defaultOrder'>> & Pick<TableDef, 'defaultOrder'>;
  constructor(readonly db: Db, def: TableDef) {
    // an option given as undefined (a model that does not say) keeps its default: spread as it is, it
    // would turn soft delete and the audit stamps off
    const given = Object.fromEntries(Object.entries(def).filter(([, v]) => v !== undefined)) as TableDef;
    this.def = { tenant: false, softDelete: true, audit: true, hidden: [], owner: false, dataScope: '', key: 'id', ...given };
  }

  /** Rows of this table the context may see: its tenant's, not deleted. */
  select(ctx: Ctx, db: Db = this.db): SelectQueryBuilder<any, any, Row> {
    let qb = dynamic(db).selectFrom(this.def.table).selectAll() as SelectQueryBuilder<any, any, Row>;
    if (this.def.tenant) qb = qb.where('tenantId', '=', ctx.tenantId);
    if (this.def.softDelete) qb = qb.where('isDeleted', '=', 0);
    if (this.def.owner) qb = qb.where('createUser', '=', ctx.userId);
    return qb;
  }

  /** select() narrowed further by the caller's data scopes, for reads */
  async scoped(ctx: Ctx): Promise<SelectQueryBuilder<any, any, Row>> {
    const qb = this.select(ctx);
    const narrow = this.def.dataScope && ctx.dataScope ? await ctx.dataScope(this.def.dataScope) : null;
    return narrow ? narrow(qb) : qb;
  }

  out = (row: Row | undefined): Row | null => {
    if (!row) return null;
    for (const h of this.def.hidden) delete row[h];
    return row;
  };

  async page(ctx: Ctx, query: Record<string, unknown>, narrow?: (qb: SelectQueryBuilder<any, any, Row>) => SelectQueryBuilder<any, any, Row>, opts: { maxSize?: number } = {}): Promise<Page<Row>> {
    const pq = parsePageQuery(query, this.def.columns, opts);
    let qb = await this.scoped(ctx);
    if (narrow) qb = narrow(qb);
    if (pq.filters.length) qb = qb.where((eb) => filterWhere(eb, pq, this.def.columns));
    // counted to LIST_COUNT_CAP + 1 at most: a page's cost stays flat however large the table grows
    // (more than the cap reports cap + 1, shown as "10,000+"); the rows themselves come off an index range
    const counted = qb.clearSelect().select(sql`1`.as('one')).limit(LIST_COUNT_CAP + 1);
    const { total } = (await dynamic(this.db).selectFrom(counted.as('c')).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()) as { total: string };
    const key = this.def.key;
    const order = pq.order.length ? pq.order : (this.def.defaultOrder ?? [{ field: key, dir: 'desc' as const }]);
    for (const o of order) qb = qb.orderBy(o.field, o.dir);
    if (!order.some((o) => o.field === key)) qb = qb.orderBy(key, 'desc'); // stable paging
    const rows = await qb.limit(pq.size).offset((pq.current - 1) * pq.size).execute();
    return toPage(rows.map((r) => this.out(r) as Row), Number(total), pq);
  }

  async detail(ctx: Ctx, id: unknown): Promise<Row | null> {
    if (!isId(id)) return null;
    return this.out(await (await this.scoped(ctx)).where(this.def.key, '=', id).executeTakeFirst());
  }

  /** Insert (no id) or update (id) one row; answers the stored row. */
  async save(ctx: Ctx, entity: Row, db: Db = this.db): Promise<Row> {
    const values: Row = { ...entity };
    for (const k of ['createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'isDeleted']) delete values[k];
    if (this.def.tenant) delete values.tenantId; // the caller's tenant, never the body's
    const key = this.def.key;
    const id = values[key];
    delete values[key];
    if (id !== undefined && id !== null && id !== '') {
      if (!isId(id)) throw new ApiError(400, 'invalid', { field: key });
      const existing = await this.select(ctx, db).where(key, '=', id).executeTakeFirst();
      if (!existing) throw new ApiError(400, 'noData');
      if (this.def.audit) Object.assign(values, { updateUser: ctx.userId || null, updateTime: sql`now()` });
      let qb = dynamic(db).updateTable(this.def.table).set(values).where(key, '=', id);
      if (this.def.tenant) qb = qb.where('tenantId', '=', ctx.tenantId);
      if (this.def.owner) qb = qb.where('createUser', '=', ctx.userId);
      const row = await qb.returningAll().executeTakeFirstOrThrow();
      return this.out(row as Row) as Row;
    }
    const row: Row = { [key]: nextId(), ...values };
    if (this.def.tenant) row.tenantId = ctx.tenantId;
    if (this.def.audit) Object.assign(row, { createUser: ctx.userId || null, createDept: firstId(ctx.deptId), updateUser: ctx.userId || null });
    const inserted = await dynamic(db).insertInto(this.def.table).values(row).returningAll().executeTakeFirstOrThrow();
    return this.out(inserted as Row) as Row;
  }

  /** Soft-deletes (or deletes) the context's rows among ids; answers how many went. */
  async remove(ctx: Ctx, ids: string[], db: Db = this.db): Promise<number> {
    if (this.def.softDelete) {
      let qb = dynamic(db).updateTable(this.def.table).set({ isDeleted: 1, ...(this.def.audit ? { updateUser: ctx.userId || null, updateTime: sql`now()` } : {}) })
        .where(this.def.key, 'in', ids).where('isDeleted', '=', 0);
      if (this.def.tenant) qb = qb.where('tenantId', '=', ctx.tenantId);
      if (this.def.owner) qb = qb.where('createUser', '=', ctx.userId);
      const r = await qb.executeTakeFirst();
      return Number(r.numUpdatedRows ?? 0);
    }
    let qb = dynamic(db).deleteFrom(this.def.table).where(this.def.key, 'in', ids);
    if (this.def.tenant) qb = qb.where('tenantId', '=', ctx.tenantId);
    const r = await qb.executeTakeFirst();
    return Number(r.numDeletedRows ?? 0);
  }
}

const firstId = (ids: string) => ids.split(',').find(isId) ?? null;
