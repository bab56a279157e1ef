// The real tables of micro-app models (001 §3.3): createTable makes or alters them in one
// transaction from the models' fields. A main model with table T lives in ma_<tenant>_T with the
// key T_id, T_data_status (1 normal … 5 revoked, §4) and T_data_from (app / report / flow); a child
// model C of main model P in ma_<tenant>_C_dynamic, keyed to its main row by P_id. Every table has
// tenant_id, the audit columns and is_deleted. Each tenant's tables are its own (the name carries the
// tenant), whatever names its designers choose; every identifier is checked before it reaches SQL.
// A change keeps every stored value or is refused with a message naming the field.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { miniModelItemModel, snake } from '@campus/schema';
import type { MiniFieldType } from '@campus/schema';
import type { Db } from '../../db/index.ts';
import type { Ctx, Repo } from '../../db/repo.ts';
import { modelRepo } from '../../http/model-resource.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ApiError } from '../../http/errors.ts';
import { writeAudit, type Who } from './audit.ts';
import { MSG } from './messages.ts';

export interface ModelRow { id: string; modelName: string; modelNameEn: string | null; modelTable: string; parentId: string | null; relation: string | null; tableStatus: number; tableVersion: number }
export interface ItemRow { id: string; fieldName: string; fieldLabel: string; fieldLabelEn: string | null; fieldType: string; length: number | null; scale: number | null; required: number; searchable: number; pattern: string | null; patternMessage: string | null; dictCode: string | null; defaultValue: string | null; sort: number }
export interface PhysicalColumn { name: string; type: string; nullable: boolean }

const TABLE = /^[a-z][a-z0-9_]{0,35}$/;
const FIELD = /^[a-z][a-zA-Z0-9]{0,39}$/;
// PostgreSQL's reserved key words: no column may be named so
const RESERVED = new Set(('all analyse analyze and any array as asc asymmetric both case cast check collate column constraint create '
  + 'current_catalog current_date current_role current_time current_timestamp current_user default deferrable desc distinct do else end '
  + 'except false fetch for foreign from grant group having in initially intersect into lateral leading limit localtime localtimestamp '
  + 'not null offset on only or order placing primary references returning select session_user some symmetric system_user table then '
  + 'to trailing true union unique user using variadic when where window with').split(' '));
/** Columns every table has besides its key columns. */
const COMMON = ['tenant_id', 'create_user', 'create_dept', 'create_time', 'update_user', 'update_time', 'status', 'is_deleted'];
const COMMON_DDL = `tenant_id varchar(12) not null, create_user bigint, create_dept bigint, create_time timestamptz not null default now(),
  update_user bigint, update_time timestamptz not null default now(), status int not null default 1, is_deleted int not null default 0`;
/** Types whose values are too long or too free for an index. */
const UNSEARCHABLE: ReadonlySet<string> = new Set<MiniFieldType>(['text', 'file', 'signature']);

/** The column a field makes: its DDL and the same type as PostgreSQL's format_type names it. */
export function columnTypeOf(item: Pick<ItemRow, 'fieldType' | 'length' | 'scale'>): { ddl: string; formatted: string } {
  const varchar = (n: number) => ({ ddl: `varchar(${n})`, formatted: `character varying(${n})` });
  switch (item.fieldType as MiniFieldType) {
    case 'string': case 'select': return varchar(item.length ?? 255);
    case 'user': case 'dept': return varchar(item.length ?? 2000);
    case 'text': case 'file': case 'signature': return { ddl: 'text', formatted: 'text' };
    case 'int': return { ddl: 'integer', formatted: 'integer' };
    case 'decimal': return { ddl: `numeric(24, ${item.scale ?? 2})`, formatted: `numeric(24,${item.scale ?? 2})` };
    case 'date': return { ddl: 'date', formatted: 'date' };
    case 'datetime': return { ddl: 'timestamptz', formatted: 'timestamp with time zone' };
    default: throw new ApiError(400, 'invalid', { field: 'fieldType' });
  }
}

/** The physical table of a model: ma_<tenant>_<table> (a child: ..._dynamic). */
export function physicalTable(tenantId: string, model: Pick<ModelRow, 'modelTable' | 'parentId'>): string {
  if (!TABLE.test(model.modelTable)) throw new ApiError(400, 'invalid', { field: 'modelTable' });
  return `ma_${tenantId.toLowerCase().replace(/[^a-z0-9]/g, '')}_${model.modelTable}${model.parentId ? '_dynamic' : ''}`;
}

/** The key columns of a model's table (T_id, T_data_status, T_data_from and, for a child, its main model's P_id). */
export function keyColumns(model: Pick<ModelRow, 'modelTable'>, parent?: Pick<ModelRow, 'modelTable'>): { id: string; dataStatus: string; dataFrom: string; parentKey?: string } {
  return { id: `${model.modelTable}_id`, dataStatus: `${model.modelTable}_data_status`, dataFrom: `${model.modelTable}_data_from`, ...(parent ? { parentKey: `${parent.modelTable}_id` } : {}) };
}

/** Why a field of this model may not be named so (null: it may): a key or common column, a reserved word. */
export function fieldNameProblem(fieldName: string, model: Pick<ModelRow, 'modelTable'>, parent?: Pick<ModelRow, 'modelTable'>): string | null {
  if (!FIELD.test(fieldName)) return 'pattern';
  const col = snake(fieldName);
  const keys = Object.values(keyColumns(model, parent));
  if (RESERVED.has(col) || COMMON.includes(col) || keys.includes(col) || col === `${model.modelTable}_temp_id`) return 'reserved';
  return null;
}

export const isSearchableType = (type: string): boolean => !UNSEARCHABLE.has(type);

/** An index name within PostgreSQL's 63 characters, the same for the same table and column. */
const indexName = (table: string, column: string) => `mai_${createHash('sha1').update(`${table}.${column}`).digest('hex').slice(0, 20)}`;

/** An index's columns as pg_indexes defines them ("CREATE INDEX … USING btree (a, b) INCLUDE (c)" → "(a, b) include (c)"). */
const indexSpec = (def: string) => (/ USING btree (.*)$/i.exec(def)?.[1] ?? def).replace(/\bINCLUDE\b/, 'include').replace(/"/g, '');

/** The database or a transaction on it (a Transaction is a Kysely). */
type Tx = Db;

export class MiniTables {
  constructor(private readonly db: Db) {}

  /** The fields' rows through the common data layer (tenant, soft delete, audit). */
  itemRepo(db: Tx = this.db): Repo {
    return modelRepo(db, miniModelItemModel);
  }

  /** The columns of a table as the database has them (empty: no such table). */
  async columns(db: Tx, table: string): Promise<PhysicalColumn[]> {
    const rows = await sql<{ name: string; type: string; notnull: boolean }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = ${table} and n.nspname = current_schema() and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(db);
    return rows.rows.map((r) => ({ name: r.name, type: r.type, nullable: !r.notnull }));
  }

  /** The tenant's live models with these ids (others are not there). */
  async models(db: Tx, tenantId: string, ids: string[]): Promise<ModelRow[]> {
    if (!ids.length) return [];
    return (await scoped(db, tenantId).selectFrom('bladeMiniModel').select(['id', 'modelName', 'modelNameEn', 'modelTable', 'parentId', 'relation', 'tableStatus', 'tableVersion'])
      .where('id', 'in', ids).where('isDeleted', '=', 0).execute()) as ModelRow[];
  }

  async items(db: Tx, tenantId: string, modelId: string): Promise<ItemRow[]> {
    return (await scoped(db, tenantId).selectFrom('bladeMiniModelItem')
      .select(['id', 'fieldName', 'fieldLabel', 'fieldLabelEn', 'fieldType', 'length', 'scale', 'required', 'searchable', 'pattern', 'patternMessage', 'dictCode', 'defaultValue', 'sort'])
      .where('modelId', '=', modelId).where('isDeleted', '=', 0).orderBy('sort').orderBy('id').execute()) as ItemRow[];
  }

  /**
   * Makes or alters the tables of these models (main models before their children) in one
   * transaction; answers what was done per model. Nothing changes when any model's change is refused.
   */
  async createTables(ctx: Ctx, modelIds: string[], who: Who): Promise<{ modelId: string; table: string; created: boolean; changes: string[] }[]> {
    return this.db.transaction().execute(async (tx) => {
      const models = await this.models(tx, ctx.tenantId, modelIds);
      if (models.length !== new Set(modelIds).size) throw new ApiError(400, MSG.noModel);
      // one designer at a time per model: the rows are locked until the tables are made
      await scoped(tx, ctx.tenantId).selectFrom('bladeMiniModel').select('id').where('id', 'in', models.map((m) => m.id)).forUpdate().execute();
      models.sort((a, b) => Number(!!a.parentId) - Number(!!b.parentId));
      const out = [];
      for (const m of models) {
        const made = await this.makeTable(tx, ctx, m);
        out.push({ modelId: m.id, ...made });
        if (made.changes.length) await writeAudit(tx, who, { module: 'appDesign', bizId: m.id, operate: made.created ? 'add' : 'update', after: { table: made.table, changes: made.changes } });
      }
      return out;
    }).catch((e: { code?: string; message?: string }) => {
      if (e instanceof ApiError) throw e;
      // what the database refused (a value that does not fit the new type, a name clash): the designer's to fix
      if (typeof e?.code === 'string' && /^(22|23|42)/.test(e.code)) throw new ApiError(400, MSG.tableChangeFailed, { reason: String(e.message).slice(0, 200) });
      throw e;
    });
  }

  private async makeTable(tx: Tx, ctx: Ctx, m: ModelRow): Promise<{ table: string; created: boolean; changes: string[] }> {
    let parent: ModelRow | undefined;
    if (m.parentId) {
      [parent] = await this.models(tx, ctx.tenantId, [m.parentId]);
      if (!parent || parent.parentId) throw new ApiError(400, MSG.parentMissing);
      if (!(await this.columns(tx, physicalTable(ctx.tenantId, parent))).length) throw new ApiError(400, MSG.parentFirst, { parent: parent.modelName });
    }
    const table = physicalTable(ctx.tenantId, m);
    const keys = keyColumns(m, parent);
    const items = await this.items(tx, ctx.tenantId, m.id);
    if (!items.length) throw new ApiError(400, MSG.noFields, { model: m.modelName });
    for (const it of items) {
      if (fieldNameProblem(it.fieldName, m, parent)) throw new ApiError(400, MSG.reservedField, { field: it.fieldName });
      if (it.searchable && !isSearchableType(it.fieldType)) throw new ApiError(400, MSG.notSearchable, { type: it.fieldType });
    }
    const existing = await this.columns(tx, table);
    const changes: string[] = [];
    const run = async (stmt: string) => { changes.push(stmt); await sql.raw(stmt).execute(tx); };
    const created = existing.length === 0;
    if (created) {
      const parentKey = parent ? `${keys.parentKey} bigint not null references ${physicalTable(ctx.tenantId, parent)} (${keys.parentKey}), ` : '';
      const fields = items.map((it) => `${snake(it.fieldName)} ${columnTypeOf(it).ddl}, `).join('');
      await run(`create table ${table} (${keys.id} bigint primary key, ${parentKey}${keys.dataStatus} int not null default 1, `
        + `${keys.dataFrom} varchar(16) not null default 'app', ${fields}${COMMON_DDL})`);
    } else {
      const have = new Map(existing.map((c) => [c.name, c]));
      const system = new Set([...COMMON, ...Object.values(keys)]);
      const holdsData = async (col: string) => !!(await sql`select 1 from ${sql.table(table)} where ${sql.ref(col)} is not null limit 1`.execute(tx)).rows.length;
      for (const it of items) {
        const col = snake(it.fieldName);
        const want = columnTypeOf(it);
        const now = have.get(col);
        if (!now) { await run(`alter table ${table} add column ${col} ${want.ddl}`); continue; }
        if (now.type === want.formatted) continue;
        if (!(await holdsData(col))) { await run(`alter table ${table} alter column ${col} type ${want.ddl} using null`); continue; }
        if (!keepsValues(now.type, want.formatted)) throw new ApiError(400, MSG.typeChanged, { field: it.fieldName, from: now.type, to: want.formatted });
        // PostgreSQL converts every stored value or refuses (a value too large: the 22 error above)
        await run(`alter table ${table} alter column ${col} type ${want.ddl}`);
      }
      const wanted = new Set(items.map((it) => snake(it.fieldName)));
      for (const c of existing) {
        if (system.has(c.name) || wanted.has(c.name)) continue;
        if (await holdsData(c.name)) throw new ApiError(400, MSG.fieldHasData, { field: c.name });
        await run(`alter table ${table} drop column ${c.name}`);
      }
    }
    // the table's indexes (tenant first: every list is one tenant's); an index of ours (mai_) defined
    // otherwise than wanted (made by an earlier version) is made again, one no longer wanted dropped
    const indexes = new Map((await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = ${table} and schemaname = current_schema()`.execute(tx)).rows.map((r) => [r.name, r.def]));
    const want = new Map<string, string>();
    // what a list's count checks besides the index's own columns: with these in the index it is an
    // index-only scan (no heap block read per matching record): live rows, the department and own ranges
    const covered = '(is_deleted, create_dept, create_user)';
    want.set(indexName(table, 'tenant_id'), `(tenant_id, create_time) include ${covered}`);
    if (keys.parentKey) want.set(indexName(table, keys.parentKey), `(${keys.parentKey})`);
    // a main table's records are also read by their creator or department (permission groups' own / department range)
    else for (const col of ['create_user', 'create_dept']) want.set(indexName(table, col), `(tenant_id, ${col}, create_time) include (is_deleted)`);
    for (const it of items.filter((x) => x.searchable)) {
      const col = snake(it.fieldName);
      want.set(indexName(table, col), `(tenant_id, ${col}) include ${covered}`);
    }
    for (const [name, def] of indexes) {
      if (!name.startsWith('mai_')) continue;
      const spec = want.get(name);
      if (spec === undefined) await run(`drop index ${name}`);
      else if (indexSpec(def) !== spec) { await run(`drop index ${name}`); indexes.delete(name); }
    }
    for (const [name, spec] of want) if (!indexes.has(name)) await run(`create index ${name} on ${table} ${spec}`);
    await scoped(tx, ctx.tenantId).updateTable('bladeMiniModel')
      .set({ tableStatus: 1, tableVersion: m.tableVersion + (changes.length ? 1 : 0), updateUser: ctx.userId || null, updateTime: sql<string>`now()` })
      .where('id', '=', m.id).execute();
    return { table, created, changes };
  }

  /** Drops a model's table when it holds no live or removed row (refused otherwise). */
  async dropIfEmpty(tx: Tx, tenantId: string, m: ModelRow): Promise<void> {
    const table = physicalTable(tenantId, m);
    if (!(await this.columns(tx, table)).length) return;
    if ((await sql`select 1 from ${sql.table(table)} limit 1`.execute(tx)).rows.length) throw new ApiError(400, MSG.tableHasData, { model: m.modelName });
    await sql.raw(`drop table ${table}`).execute(tx);
  }
}

/** A type change PostgreSQL makes without losing a stored value (or refuses when one does not fit). */
function keepsValues(from: string, to: string): boolean {
  const len = (t: string) => Number(/^character varying\((\d+)\)$/.exec(t)?.[1] ?? NaN);
  if (from.startsWith('character varying') && to === 'text') return true;
  if (from.startsWith('character varying') && to.startsWith('character varying')) return len(to) >= len(from);
  if (from === 'integer' && to.startsWith('numeric')) return true;
  if (from.startsWith('numeric') && to.startsWith('numeric')) return true;
  if (from === 'date' && to === 'timestamp with time zone') return true;
  return false;
}
